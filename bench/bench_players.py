#!/usr/bin/env python3
"""Mean and standard deviation of each computer level's final score over solo games.

    python bench/bench_players.py [--games 2000] [--preset official] [--seed 2024]

Each level plays the same number of games with dice from ``random.Random(seed)``; the
figures go into docs/strategy.md.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core import rules  # noqa: E402
from game.strategy import players, tables  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--preset", default="official", choices=rules.PRESETS)
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args(argv)
    table = tables.load_preset(args.preset)
    print(f"{args.games} solo games per level, preset {args.preset}, seed {args.seed} "
          f"(optimal expectation {table.start:.4f})")
    print(f"{'level':8s} {'mean':>8s} {'sd':>7s} {'se':>6s} {'min':>5s} {'max':>5s} {'time':>7s}")
    for level in players.LEVELS:
        rng = random.Random(f"{args.seed}-{level}")
        t0 = time.perf_counter()
        scores = [players.play_solitaire(level, args.preset, rng, table) for _ in range(args.games)]
        mean, sd = statistics.fmean(scores), statistics.stdev(scores)
        print(f"{level:8s} {mean:8.2f} {sd:7.2f} {sd / len(scores) ** 0.5:6.2f} {min(scores):5d} "
              f"{max(scores):5d} {time.perf_counter() - t0:6.1f}s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
