#!/usr/bin/env python3
"""The data behind the daily puzzle's margin and colours (docs/daily.md).

    python bench/daily_data.py [--days 365] [--start 2025-01-01] [--games 300] [--ruleset yatzy]

Part 1 plays ``--games`` solo games the way a day's puzzle does (levels drawn as in
``game.daily.moments``, dice from a fixed SplitMix64) and reports, for every moment with
two options or more, how often the runner-up loses at least each candidate margin, and
how often Beginner's choice is wrong there. Part 2 generates the puzzles of ``--days``
dates and reports the mix, what the Casual and Beginner computers lose on them (each
mistake's loss, and the par), and the colours their mistakes would get. ``--ruleset``: the
game whose ten (official: Yahtzee's; yatzy).
"""

from __future__ import annotations

import argparse
import datetime
import statistics
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.rulesets import GAME_RULESETS  # noqa: E402
from game.daily import grading, puzzle  # noqa: E402
from game.daily.levels import casual_weights, greedy_option  # noqa: E402
from game.daily.moments import GAME_LEVELS, play_game  # noqa: E402
from game.daily.prng import SplitMix64  # noqa: E402
from game.strategy.game_tables import load_ruleset  # noqa: E402
from game.strategy.tables import Table  # noqa: E402

MARGINS = (0.1, 0.25, 0.5, 1.0, 2.0, 3.0)


def quantiles(pairs: list[tuple[float, float]], probs: tuple[float, ...]) -> list[float]:
    """Weighted quantiles of (value, weight) pairs."""
    pairs = sorted(pairs)
    total = sum(w for _, w in pairs)
    out, acc, i = [], 0.0, 0
    for p in probs:
        while acc + pairs[i][1] < p * total:
            acc += pairs[i][1]
            i += 1
        out.append(pairs[i][0])
    return out


def share(pairs: list[tuple[float, float]], low: float, high: float) -> float:
    return sum(w for v, w in pairs if low <= v < high) / sum(w for _, w in pairs)


def moments_part(games: int, table: Table) -> None:
    rng = SplitMix64(2024)
    rows: list[tuple[float, bool]] = []
    for _ in range(games):
        level = GAME_LEVELS[rng.below(len(GAME_LEVELS))]
        for m in play_game(rng, table, level):
            if len(m.options) > 1:
                g = greedy_option(m.options, m.card, m.dice, m.rolls_left, table.preset)
                rows.append((m.margin, g is None or g != m.options[0]))
    print(f"{len(rows)} moments with two options or more, in {games} games")
    print("margin >=  share of moments  Beginner wrong among them")
    for margin in MARGINS:
        sel = [wrong for gap, wrong in rows if gap >= margin]
        print(f"{margin:9.2f}  {len(sel) / len(rows):16.2f}  {sum(sel) / len(sel):25.2f}")


def puzzles_part(days: int, start: datetime.date, table: Table) -> None:
    casual: list[tuple[float, float]] = []  # each mistake's loss, weighted by Casual's chance of it
    beginner: list[tuple[float, float]] = []
    pars_casual, pars_beginner, games, wrong = [], [], Counter[int](), Counter[int]()
    best_kinds = Counter[tuple[str, str]]()
    for k in range(days):
        ten = puzzle.todays_ten(start + datetime.timedelta(days=k), table)
        games[ten.games] += 1
        wrong[sum(p.greedy_wrong for p in ten.positions)] += 1
        par = grading.par(ten)
        pars_casual.append(par.casual)
        pars_beginner.append(par.beginner)
        for p in ten.positions:
            best_kinds[(p.kind, p.best.kind)] += 1
            weights = casual_weights(p.options)
            total = sum(weights)
            casual += [(o.loss, w / total) for o, w in zip(p.options, weights, strict=True) if o.loss > 0]
            if p.greedy_wrong:
                beginner.append((p.greedy.loss, 1.0))
    print(f"\n{days} puzzles from {start}: games played per day {sorted(games.items())}")
    print(f"Beginner wrong per day: {sorted(wrong.items())}; slot kind / best option kind: {dict(best_kinds)}")
    probs = (0.1, 0.25, 0.5, 0.75, 0.9, 0.99)
    print("quantiles            " + "  ".join(f"{p:>5}" for p in probs))
    for name, pairs in (("Casual mistakes", casual), ("Beginner mistakes", beginner)):
        print(f"{name:20s} " + "  ".join(f"{q:5.2f}" for q in quantiles(pairs, probs)))
    print(f"Casual makes a mistake on {sum(w for _, w in casual) / (10 * days):.2f} of the positions; "
          f"Beginner on {len(beginner) / (10 * days):.2f}")
    bands = ((puzzle.MARGIN, grading.SMALL), (grading.SMALL, grading.LARGE), (grading.LARGE, float("inf")))
    print(f"colours of the mistakes (🟨 < {grading.SMALL}, 🟧 < {grading.LARGE}, 🟥):")
    for name, pairs in (("Casual", casual), ("Beginner", beginner)):
        print(f"  {name:9s} " + "  ".join(f"{share(pairs, lo, hi):.2f}" for lo, hi in bands))
    for name, pars in (("Casual", pars_casual), ("Beginner", pars_beginner)):
        qs = statistics.quantiles(pars, n=10)
        print(f"par, {name:8s}: median {statistics.median(pars):5.1f}, 10-90 % {qs[0]:5.1f}-{qs[-1]:5.1f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--days", type=int, default=365)
    parser.add_argument("--start", default="2025-01-01")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--ruleset", default="official", choices=GAME_RULESETS)
    args = parser.parse_args(argv)
    table = load_ruleset(args.ruleset)
    moments_part(args.games, table)
    puzzles_part(args.days, datetime.date.fromisoformat(args.start), table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
