#!/usr/bin/env python3
"""Strategy figures: coach latency in CPython, table sizes and decode times, generation times.

    python bench/bench_strategy.py [--games 300] [--skip-gen]

Latency is measured on what the browser does: after every roll of an optimally played
game, ``game.strategy.coach.advise(preset, filled, dice, rolls_left, table)`` ranks every
option (a plain function of the situation; the turn values of a state are cached, so the
first decision of a turn costs most). "cold" clears that cache before every call at
rolls_left 2, the worst case. The same ``advise`` call is what to time in Pyodide.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core import rules  # noqa: E402
from game.strategy import coach, players, tables  # noqa: E402


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def situations(games: int, seed: int, preset: str = "official") -> list[tuple[dict, tuple, int]]:
    """Every decision point of ``games`` optimally played games: (filled, dice, rolls_left)."""
    rng, table, out = random.Random(seed), tables.load_preset(preset), []
    for _ in range(games):
        filled: dict[str, int] = {}
        for _turn in rules.BOXES:
            dice, rolls_left = tuple(rng.randint(1, 6) for _ in range(5)), 2
            while True:
                out.append((dict(filled), dice, rolls_left))
                move = players.decide("optimal", preset, filled, dice, rolls_left, rng, table)
                if isinstance(move, players.ScoreBox):
                    filled[move.box] = rules.legal_scores(preset, filled, dice)[move.box]
                    break
                dice = tuple(d if h else rng.randint(1, 6) for d, h in zip(dice, move.held, strict=True))
                rolls_left -= 1
    return out


def latency(preset: str, cases: list[tuple[dict, tuple, int]], cold: bool) -> list[float]:
    """Milliseconds per ``advise`` call over ``cases`` (in order, as a game makes them)."""
    table = tables.load_preset(preset)
    table.cache.clear()
    out = []
    for filled, dice, rolls_left in cases:
        if cold:
            table.cache.clear()
        t0 = time.perf_counter()
        coach.advise(preset, filled, dice, rolls_left, table)
        out.append((time.perf_counter() - t0) * 1e3)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300, help="games whose decisions are timed")
    parser.add_argument("--skip-gen", action="store_true", help="do not time table generation (needs NumPy)")
    args = parser.parse_args(argv)

    print("table bytes and decode time (CPython, pure Python load_table):")
    for preset in rules.PRESETS:
        data = tables.table_path(preset).read_bytes()
        runs = []
        for _ in range(5):
            t0 = time.perf_counter()
            tables.load_table(preset, data)
            runs.append((time.perf_counter() - t0) * 1e3)
        print(f"  {preset:17s} {len(data):8,d} bytes  decode {min(runs):6.1f} ms (best of 5)")

    cases = situations(args.games, seed=1)
    print(f"coach latency, CPython, {len(cases)} decisions of {args.games} optimal games:")
    for preset in rules.PRESETS:
        warm = latency(preset, cases, cold=False)
        cold = latency(preset, [c for c in cases if c[2] == 2], cold=True)
        print(f"  {preset:17s} in play p50 {percentile(warm, 50):5.2f} ms  p95 {percentile(warm, 95):5.2f} ms"
              f"  max {max(warm):5.2f} ms | cold, 2 rolls left: p50 {percentile(cold, 50):5.2f} ms"
              f"  p95 {percentile(cold, 95):5.2f} ms")

    if not args.skip_gen:
        from tools import strategy_solver  # NumPy: build time only

        print("table generation (tools/strategy_solver.solve, 2 worker processes):")
        for preset in rules.PRESETS:
            t0 = time.perf_counter()
            strategy_solver.solve(preset, workers=2)
            print(f"  {preset:17s} {time.perf_counter() - t0:5.1f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
