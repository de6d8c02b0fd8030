"""Today's ten in the page's Python: Pyodide (3.14, WebAssembly, under Node) gives the pinned digests,
Yahtzee's and Yatzy's.

CPython 3.11 (the tests) and the page's Pyodide must generate the same ten for every date:
the puzzle of a day is the same for everyone. This runs Pyodide from ``node_modules`` (the
runtime the site ships) on the 30 pinned dates of tests/test_daily_puzzle.py; the browser
check of the page itself comes with the page's puzzle.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.test_daily_puzzle import PINNED
from tests.test_daily_yatzy import PINNED_YATZY

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "tests" / "daily_pyodide.mjs"


def test_pyodide_generates_the_same_ten_on_the_pinned_dates() -> None:
    """Both games' pinned days, in one Pyodide (its start-up is most of the time)."""
    if shutil.which("node") is None or not (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").exists():
        pytest.skip("needs Node and node_modules/pyodide (npm ci)")
    pinned = {"official": PINNED, "yatzy": PINNED_YATZY}
    asked = [f"{ruleset}={','.join(dates)}" for ruleset, dates in pinned.items()]
    run = subprocess.run(["node", str(SCRIPT), str(ROOT), *asked], capture_output=True, text=True, timeout=300,
                         check=True)
    found = json.loads(run.stdout)
    assert found["python"].startswith("3.") and found["python"] != "3.11"  # really another Python
    assert {ruleset: r["digests"] for ruleset, r in found["runs"].items()} == pinned
