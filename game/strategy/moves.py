"""What a computer does next (hold dice and roll, or score a box), and the level that needs
no strategy table: ``greedy`` (game.strategy.players has the others). Kept apart from them
so that a greedy computer plays before the strategy (the later archive) is ever fetched.

>>> greedy("official", {}, (2, 5, 5, 1, 5), 2)
HoldDice(held=(False, True, True, False, True))
>>> greedy("yatzy", {}, (1, 2, 3, 4, 5), 2)
ScoreBox(box='small_straight')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from game.core import rules
from game.core.rulesets import rules_of

#: The boxes greedy scores at once when the dice make them.
_MADE = ("full_house", "small_straight", "large_straight", "yahtzee", "yatzy")


@dataclass(frozen=True)
class HoldDice:
    """Hold the dice marked True (one flag per die, in table order) and re-roll the others."""

    held: tuple[bool, ...]


@dataclass(frozen=True)
class ScoreBox:
    """Fill ``box`` with the dice on the table, ending the turn."""

    box: str


#: What a computer does next: re-roll some dice, or score.
ComputerMove = HoldDice | ScoreBox


def greedy(ruleset: str, filled: Mapping[str, int], dice: rules.Dice, rolls_left: int) -> ComputerMove:
    """The most points now, but a made pattern (Full House, a straight, five alike) at once."""
    game, preset = rules_of(ruleset)
    legal = game.legal_scores(preset, filled, dice)
    best = max(legal.values())
    if rolls_left == 0 or any(legal.get(box, 0) > 0 for box in _MADE):
        return ScoreBox(next(box for box in game.names if legal.get(box) == best))
    face = max(range(1, 7), key=lambda f: (dice.count(f), f))
    return HoldDice(tuple(d == face for d in dice))
