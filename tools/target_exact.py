#!/usr/bin/env python3
"""The exact chance to reach a target under the best play for it, by brute force (NumPy).

    python tools/target_exact.py --positions 300 [--open 1 2 3]

For a card with few boxes open, every card the rest of the game can reach is solved for
every number of points still needed at once: ``reach(card)[n]`` is the best chance that
the points still to come total at least ``n``, each decision of every later turn taken
for that aim. It shares no code with the game's strategy modules: the dice are re-rolled
by enumerating every outcome, and every score comes from :mod:`game.core.rules`.

Run as a script, it measures :func:`game.strategy.to_win.rank_to_win` (this turn for the
target, later turns for the average) against it: positions from games played by the
optimal policy with 1-3 boxes open, the target drawn among the final scores the position
can still reach, every option of the first decision compared. docs/strategy.md
("Playing to win") has a run's figures.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Mapping
from itertools import combinations_with_replacement, product
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: make `game` importable
    sys.path.insert(0, str(ROOT))

from game.core import rules  # noqa: E402

ROLLS = list(combinations_with_replacement(range(1, 7), 5))
ROLL_AT = {r: i for i, r in enumerate(ROLLS)}
KEEPS = [k for n in range(6) for k in combinations_with_replacement(range(1, 7), n)]
KEEP_AT = {k: i for i, k in enumerate(KEEPS)}


def _reroll_matrix() -> np.ndarray:
    """RR[k, r]: the chance that keeping ``KEEPS[k]`` and re-rolling the rest shows roll r."""
    rr = np.zeros((len(KEEPS), len(ROLLS)))
    for k, keep in enumerate(KEEPS):
        n = 5 - len(keep)
        for faces in product(range(1, 7), repeat=n):
            rr[k, ROLL_AT[tuple(sorted(keep + faces))]] += 6.0 ** -n
    return rr


RR = _reroll_matrix()
#: SUBS[r]: every keep inside roll r (the roll itself included).
SUBS = [sorted({KEEP_AT[tuple(sorted(c))] for n in range(6) for c in combinations_with_replacement(r, n)
                if all(c.count(f) <= r.count(f) for f in c)}) for r in ROLLS]


class Solver:
    """``reach(card)`` for one preset, needs 0..``top``, cards solved once."""

    def __init__(self, preset: str, top: int) -> None:
        self.preset, self.top = preset, top
        self._reach: dict[tuple[frozenset[str], int, int], np.ndarray] = {}

    def reach(self, filled: Mapping[str, int]) -> np.ndarray:
        if len(filled) == len(rules.BOXES):
            return np.eye(1, self.top + 1)[0]  # nothing to come: only a need of 0 is met
        key = (frozenset(filled), min(63, rules.upper_subtotal(filled)),
               int(filled.get("yahtzee") == rules.YAHTZEE_SCORE))
        if key not in self._reach:
            keep2 = self.turn(filled)[2]
            self._reach[key] = RR[KEEP_AT[()]] @ np.array([keep2[s].max(axis=0) for s in SUBS])
        return self._reach[key]

    def after(self, filled: Mapping[str, int], box: str, points: int, bonus: int) -> np.ndarray:
        """Over needs n: the chance after writing ``points`` in ``box`` (with ``bonus`` points of
        Yahtzee bonus), the rest played for the need then left."""
        card = {**filled, box: points}
        gained = points + bonus
        if rules.upper_subtotal(filled) < rules.UPPER_BONUS_THRESHOLD <= rules.upper_subtotal(card):
            gained += rules.UPPER_BONUS
        later = self.reach(card)
        out = np.ones(self.top + 1)
        if gained <= self.top:
            out[gained:] = later[:self.top + 1 - gained]
        return out

    def turn(self, filled: Mapping[str, int]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(the 252 rolls' chances with no re-roll left, the keeps' with one re-roll left, with two)."""
        memo: dict[tuple[str, int, int], np.ndarray] = {}
        roll0 = np.empty((len(ROLLS), self.top + 1))
        for r, dice in enumerate(ROLLS):
            bonus = rules.yahtzee_bonus(filled, dice)
            options = [memo.setdefault((b, p, bonus), self.after(filled, b, p, bonus))
                       for b, p in rules.legal_scores(self.preset, filled, dice).items()]
            roll0[r] = np.max(options, axis=0)
        keep1 = RR @ roll0
        best1 = np.array([keep1[s].max(axis=0) for s in SUBS])
        return roll0, keep1, RR @ best1

    def options(self, filled: Mapping[str, int], dice: rules.Dice, rolls_left: int) -> dict[object, np.ndarray]:
        """Every option of a decision, over needs: boxes by name, holds by their sorted faces."""
        out: dict[object, np.ndarray] = {
            b: self.after(filled, b, p, rules.yahtzee_bonus(filled, dice))
            for b, p in rules.legal_scores(self.preset, filled, dice).items()}
        if rolls_left:
            keeps = self.turn(filled)[rolls_left]
            for k in SUBS[ROLL_AT[tuple(sorted(dice))]][:-1]:
                out[KEEPS[k]] = keeps[k]
        return out


def main(argv: list[str] | None = None) -> int:
    from game.strategy import spread as SP
    from game.strategy import tables as T
    from game.strategy.to_win import Goal, rank_to_win

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--preset", default="official")
    parser.add_argument("--positions", type=int, default=100, help="per number of open boxes")
    parser.add_argument("--open", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args(argv)
    table, spread, rng = T.load_preset(args.preset), SP.load_preset(args.preset), random.Random(args.seed)
    print("open | positions | options | chance error max, mean | best choice differs | chance lost by it max, mean")
    for n_open in args.open:
        errors, lost, differs, count = [], [], 0, 0
        for _ in range(args.positions):
            filled = _card(args.preset, table, rng, len(rules.BOXES) - n_open)
            dice = rules.check_dice(rng.randint(1, 6) for _ in range(5))
            rolls_left = rng.choice((0, 1, 2))
            on_card = rules.grand_total(filled)
            solver = Solver(args.preset, 420)
            exact = solver.options(filled, dice, rolls_left)
            finals = [on_card + n for n in range(420) if solver.reach(filled)[n] > 0]
            target = rng.choice(finals[1:] or finals)
            need = target - on_card
            ranked = rank_to_win(table, spread, filled, dice, rolls_left, Goal.reach(target))
            for r in ranked:
                key = r.option.box if r.option.box is not None else tuple(sorted(r.option.held_faces))
                errors.append(abs(r.chance - exact[key][need]) * 100)
            top = ranked[0].option
            mine = exact[top.box if top.box is not None else tuple(sorted(top.held_faces))][need]
            best = max(v[need] for v in exact.values())
            differs += mine < best - 1e-12
            lost.append((best - mine) * 100)
            count += len(ranked)
        print(f"{n_open} | {args.positions} | {count} | {max(errors):.3f}, {np.mean(errors):.3f} | "
              f"{differs} | {max(lost):.3f}, {np.mean(lost):.3f}")
    return 0


def _card(preset: str, table: object, rng: random.Random, boxes: int) -> dict[str, int]:
    """A card with ``boxes`` filled, from a game played by the optimal policy."""
    from game.strategy.players import decide, play_turn

    filled: dict[str, int] = {}
    while len(filled) < boxes:
        play_turn(preset, filled, rng, lambda dice, rolls_left: decide(
            "optimal", preset, filled, dice, rolls_left, rng, table))  # type: ignore[arg-type]
    return filled


if __name__ == "__main__":
    sys.exit(main())
