#!/usr/bin/env python3
"""Playing to win (issue 33), measured by simulation in CPython.

    python bench/bench_to_win.py --heads-up 20000 --solo 10000 [--workers 2]

- **Heads-up:** a player who takes every decision for the best chance to win
  (:func:`game.strategy.to_win.rank_to_win` with :meth:`~game.strategy.to_win.Goal.win`
  of the other's forecast, worked out again at the start of each of its turns) against
  the optimal player for the average, seats alternating game by game. Prints its share of
  wins (a tie counts half) with a 95% interval (normal approximation, 1.96 standard errors).
- **Solo:** for T = 200, 250 and 300, the share of games reaching T when every decision is
  for reaching T (:meth:`~game.strategy.to_win.Goal.reach`), against the exact chance when
  playing for the average (the optimal policy's distribution, assets/strategy/distribution.json).

Dice come from ``random.Random`` seeded per block of games, so a run is reproducible
whatever the number of workers.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Callable, Mapping
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: make `game` importable
    sys.path.insert(0, str(ROOT))

from game.core import rules  # noqa: E402
from game.strategy import spread as SP  # noqa: E402
from game.strategy import tables as T  # noqa: E402
from game.strategy.distribution import load_preset as load_distribution  # noqa: E402
from game.strategy.players import ComputerMove, decide, play_turn  # noqa: E402
from game.strategy.to_win import Goal  # noqa: E402
from game.strategy.win_chances import Forecast, forecast  # noqa: E402

PRESET = "official"
BLOCK = 250  # games per seeded block
SEED = ""  # --seed: another series of dice ("" is the one docs/strategy.md reports)
NULL = False  # --null: both players for the average (the harness must then give 50%)
TABLE = T.load_preset(PRESET)
SPREAD = SP.load_preset(PRESET)

#: A player's decision: (card, Yahtzee bonuses, dice, rolls left) -> the move.
Chooser = Callable[[Mapping[str, int], int, rules.Dice, int], ComputerMove]
UNUSED = random.Random(0)  # decide() draws only for Casual


class Card:
    def __init__(self) -> None:
        self.filled: dict[str, int] = {}
        self.bonuses = 0

    @property
    def total(self) -> int:
        return rules.grand_total(self.filled, self.bonuses)

    def play_turn(self, choose: Chooser, rng: random.Random) -> None:
        self.bonuses += play_turn(PRESET, self.filled, rng,
                                  lambda dice, rolls_left: choose(self.filled, self.bonuses, dice, rolls_left))


def for_average(filled: Mapping[str, int], bonuses: int, dice: rules.Dice, rolls_left: int) -> ComputerMove:
    return decide("optimal", PRESET, filled, dice, rolls_left, UNUSED, TABLE)


def for_goal(goal: Callable[[], Goal]) -> Chooser:
    def choose(filled: Mapping[str, int], bonuses: int, dice: rules.Dice, rolls_left: int) -> ComputerMove:
        return decide("to_win", PRESET, filled, dice, rolls_left, UNUSED, TABLE, SPREAD, goal(), bonuses)
    return choose


def heads_up_block(block: int) -> tuple[float, int]:
    """Wins (ties half) of the player to win over BLOCK games, and the games."""
    rng, wins = random.Random(f"heads-up {block}{SEED}"), 0.0
    for game in range(BLOCK):
        me, other = Card(), Card()
        goals: dict[int, Goal] = {}

        def goal(me: Card = me, other: Card = other, goals: dict[int, Goal] = goals) -> Goal:
            turn = len(me.filled)  # worked out once per turn, from the other's card at its start
            if turn not in goals:
                goals.clear()
                goals[turn] = Goal.win([_forecast(other)])
            return goals[turn]

        seats = [(me, for_average if NULL else for_goal(goal)), (other, for_average)]
        if game % 2:
            seats.reverse()
        for _ in rules.BOXES:
            for card, choose in seats:
                card.play_turn(choose, rng)
        wins += 1.0 if me.total > other.total else 0.5 if me.total == other.total else 0.0
    return wins, BLOCK


def _forecast(card: Card) -> Forecast:
    return forecast(TABLE, SPREAD, card.filled, card.total)


def solo_block(args: tuple[int, int]) -> tuple[int, int]:
    """Games reaching ``target`` out of BLOCK, every decision for reaching it."""
    target, block = args
    rng, reached = random.Random(f"solo {target} {block}{SEED}"), 0
    choose = for_goal(lambda: Goal.reach(target))
    for _ in range(BLOCK):
        card = Card()
        for _box in rules.BOXES:
            card.play_turn(choose, rng)
        reached += card.total >= target
    return reached, BLOCK


def _set_null(value: bool, seed: str) -> None:
    global NULL, SEED
    NULL, SEED = value, seed


def interval(successes: float, n: int) -> str:
    p = successes / n
    half = 1.96 * math.sqrt(p * (1 - p) / n)
    return f"{100 * p:.2f}% ± {100 * half:.2f} (95%: {100 * (p - half):.2f}–{100 * (p + half):.2f}%, n = {n})"


def exact_average(target: int) -> float:
    """P(final >= target) for the optimal player for the average (distribution.json, in millionths)."""
    return 1.0 - load_distribution(PRESET).ppm_at_most(target - 1) / 1e6


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--heads-up", type=int, default=20000, help=f"games (a multiple of {BLOCK})")
    parser.add_argument("--solo", type=int, default=10000, help=f"games per target (a multiple of {BLOCK})")
    parser.add_argument("--targets", type=int, nargs="+", default=[200, 250, 300])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--null", action="store_true",
                        help="heads-up with both players for the average: a check of the harness (50%%)")
    parser.add_argument("--seed", default="", help="another series of dice (a suffix to every block's seed)")
    args = parser.parse_args(argv)
    global NULL, SEED
    NULL, SEED = args.null, args.seed
    with Pool(args.workers, initializer=_set_null, initargs=(args.null, args.seed)) as pool:
        if args.heads_up:
            t0 = time.perf_counter()
            parts = pool.map(heads_up_block, range(args.heads_up // BLOCK))
            wins, n = sum(w for w, _ in parts), sum(g for _, g in parts)
            who = "Optimal against Optimal (the harness's check)" if args.null else "to win against Optimal"
            print(f"heads-up, {who}: {interval(wins, n)} ({time.perf_counter() - t0:.0f} s)",
                  flush=True)
        for target in args.targets if args.solo else ():
            t0 = time.perf_counter()
            parts = pool.map(solo_block, [(target, b) for b in range(args.solo // BLOCK)])
            reached, n = sum(r for r, _ in parts), sum(g for _, g in parts)
            print(f"solo, T = {target}: to reach T {interval(reached, n)}; for the average (exact) "
                  f"{100 * exact_average(target):.2f}% ({time.perf_counter() - t0:.0f} s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
