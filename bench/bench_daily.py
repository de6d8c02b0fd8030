#!/usr/bin/env python3
"""Time to generate one day's ten (game.daily.puzzle.todays_ten), in CPython and in Pyodide.

    python bench/bench_daily.py [--dates 30] [--start 2026-01-01] [--no-pyodide] [--ruleset yatzy]

CPython: the table's load in a fresh process, then each date's generation with the
coach's cache emptied first (as on a page that has just loaded the table): median, 90th
percentile and worst over ``--dates`` consecutive dates. Then the same dates in Pyodide
(the page's Python, WebAssembly) under Node, when Node and node_modules/pyodide are here
(tests/daily_pyodide.mjs). The page's target is 300 ms on the 2-core machine.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def summary(name: str, seconds: list[float]) -> str:
    ms = sorted(s * 1000 for s in seconds)
    p90 = ms[min(len(ms) - 1, round(0.9 * (len(ms) - 1)))]
    return f"{name:9s} median {statistics.median(ms):6.1f} ms   p90 {p90:6.1f} ms   max {ms[-1]:6.1f} ms"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dates", type=int, default=30)
    parser.add_argument("--start", default="2026-01-01")
    parser.add_argument("--no-pyodide", action="store_true")
    parser.add_argument("--ruleset", default="official", help="the game whose ten: official (Yahtzee's), yatzy")
    args = parser.parse_args(argv)
    start = datetime.date.fromisoformat(args.start)
    dates = [(start + datetime.timedelta(days=k)).isoformat() for k in range(args.dates)]

    t0 = time.perf_counter()
    from game.daily.puzzle import todays_ten  # the coach's roll tables are built on import
    from game.strategy.game_tables import load_ruleset
    imported = time.perf_counter() - t0
    t0 = time.perf_counter()
    table = load_ruleset(args.ruleset)
    loaded = time.perf_counter() - t0
    seconds, games = [], []
    for date in dates:
        table.cache.clear()
        t0 = time.perf_counter()
        ten = todays_ten(date, table)
        seconds.append(time.perf_counter() - t0)
        games.append(ten.games)
    print(f"{len(dates)} dates from {dates[0]}, {os.cpu_count()} CPUs; games played per date: "
          f"median {statistics.median(games):g}, max {max(games)}")
    print(f"CPython {sys.version.split()[0]}: import {imported * 1000:.0f} ms, table load {loaded * 1000:.0f} ms")
    print(summary("CPython", seconds))

    script = ROOT / "tests" / "daily_pyodide.mjs"
    if args.no_pyodide or shutil.which("node") is None or not (ROOT / "node_modules" / "pyodide").exists():
        print("Pyodide: skipped (needs Node and node_modules/pyodide)")
        return 0
    run = subprocess.run(["node", str(script), str(ROOT), f"{args.ruleset}={','.join(dates)}"], capture_output=True,
                         text=True, check=True)
    found = json.loads(run.stdout)
    found |= found["runs"][args.ruleset]
    print(f"Pyodide {found['python']} (Node): table load {found['load'] * 1000:.0f} ms")
    print(summary("Pyodide", list(found["seconds"].values())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
