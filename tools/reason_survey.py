#!/usr/bin/env python3
"""Which contrasts the coach's reasons must word: best option against runner-up, in play.

    python3 tools/reason_survey.py [--games 200] [--preset official]

Plays optimal solitaire games (the coach's best option at every decision, dice from a
seeded generator) and sorts every decision by what its best and second-best options are:
a hold or a score, a box scored for points or scratched, the same target or not. Prints
each kind's share of decisions and the median gap between the two, so that the sentences
of game/strategy/reasons.py cover the contrasts players meet most (docs/strategy.md,
"Reasons in words").
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core import rules  # noqa: E402
from game.strategy.coach import rank_options  # noqa: E402
from game.strategy.options import Option  # noqa: E402
from game.strategy.reasons import best_target, explain  # noqa: E402
from game.strategy.tables import load_preset  # noqa: E402


def contrast(best: Option, runner: Option | None, filled: dict[str, int], rolls_left: int) -> str:
    """The kind of a decision, as the reasons word it."""
    if runner is None:
        return "only one choice"
    if best.kind == "hold":
        target = best_target(best.held_faces, rolls_left, filled)
        aim = "hold with a target" if target else "hold, no target left to aim at"
        if runner.kind == "score":
            return f"{aim} / runner-up scores now"
        other = best_target(runner.held_faces, rolls_left, filled)
        same = target is not None and other is not None and other[0] == target[0]
        return f"{aim} / runner-up holds {'for the same target' if same else 'for another target'}"
    assert best.box is not None
    what = "scratch" if best.points == 0 else "upper box" if best.box in rules.UPPER_BOXES else "lower box"
    return f"score ({what}) / runner-up {'rolls on' if runner.kind == 'hold' else 'scores in another box'}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--preset", default="official", choices=rules.PRESETS)
    args = parser.parse_args(argv)
    table = load_preset(args.preset)
    rng = random.Random(f"survey-{args.preset}")
    gaps: dict[str, list[float]] = defaultdict(list)
    for _ in range(args.games):
        filled: dict[str, int] = {}
        bonuses = 0
        for _turn in range(13):
            dice = tuple(rng.randint(1, 6) for _ in range(5))
            for rolls_left in (2, 1, 0):
                options = rank_options(table, filled, dice, rolls_left, bonuses)
                best = options[0]
                kind = contrast(best, options[1] if len(options) > 1 else None, filled, rolls_left)
                gaps[kind].append(options[1].loss if len(options) > 1 else 0.0)
                explain(filled, options, rolls_left)  # every decision gets its words
                if best.kind == "score":
                    assert best.box is not None
                    bonuses += 1 if rules.yahtzee_bonus(filled, dice) else 0
                    filled[best.box] = best.points
                    break
                kept = list(best.held_faces)
                dice = tuple(kept + [rng.randint(1, 6) for _ in range(5 - len(kept))])
    total = sum(len(v) for v in gaps.values())
    print(f"{args.games} optimal games, {rules.PRESET_LABELS[args.preset]}: {total} decisions")
    print(f"{'share':>6}  {'median gap':>10}  best / runner-up")
    for kind, values in sorted(gaps.items(), key=lambda kv: -len(kv[1])):
        print(f"{100 * len(values) / total:5.1f}%  {statistics.median(values):10.2f}  {kind}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
