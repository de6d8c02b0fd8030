"""Shared test helpers."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent


def load_tool(name: str) -> ModuleType:
    """tools/<name>.py as a module (tools/ holds scripts, not a package), loaded once."""
    key = f"_site_tools_{name}"
    if key in sys.modules:
        return sys.modules[key]
    spec = importlib.util.spec_from_file_location(key, ROOT / "tools" / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[key] = module
    spec.loader.exec_module(module)
    return module


def build_site(out: Path) -> None:
    """Build the publish directory into ``out`` with tools/build.py (``npm ci`` first);
    ``RuntimeError`` with the build's output if it fails."""
    proc = subprocess.run([sys.executable, str(ROOT / "tools" / "build.py"), "--out", str(out)],
                          capture_output=True, text=True, check=False)
    if proc.returncode:
        raise RuntimeError(f"tools/build.py failed (run `npm ci` first):\n{proc.stdout}{proc.stderr}")


def mark_folder(items: Iterable[pytest.Item], folder: Path, marker: str) -> None:
    """Give every test under ``folder`` the marker ``marker`` (so `-m "not <marker>"` skips the folder)."""
    for item in items:
        if folder in item.path.parents:
            item.add_marker(getattr(pytest.mark, marker))


def small_asset() -> dict[str, Any]:
    """A made-up score distribution in the format of assets/strategy/distribution.json, one
    preset: P(100) = 0.2, P(101) = 0.3, P(130) = 0.5."""
    cumulative = [200_000, 500_000] + [500_000] * 28 + [1_000_000]
    return {"format": 1, "presets": {"official": {
        "table_sha256": "ab" * 32, "mean": 0.2 * 100 + 0.3 * 101 + 0.5 * 130, "sd": 14.9,
        "percentiles": {"5": 100, "25": 101, "50": 101, "75": 130, "95": 130},
        "upper_bonus": 0.5, "yahtzee_50": 0.25, "first": 100, "cumulative_ppm": cumulative}}}
