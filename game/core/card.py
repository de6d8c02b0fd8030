"""A player's scorecard and the moves that fill it, as immutable values.

Boxes are kept in the sheet's order (its game's), whatever order they were filled in.

>>> card = Card().with_box("chance", 22, bonus=0).with_box("yahtzee", 50, bonus=0)
>>> card.filled, card.totals.grand_total
({'yahtzee': 50, 'chance': 22}, 72)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core import rules
from game.core.games import YAHTZEE, Game


@dataclass(frozen=True)
class Card:
    """One player's scorecard in ``game``: the boxes filled so far and the Yahtzee bonus check marks."""

    scores: tuple[tuple[str, int], ...] = ()
    yahtzee_bonuses: int = 0
    game: Game = field(default=YAHTZEE, repr=False)

    @property
    def filled(self) -> dict[str, int]:
        return dict(self.scores)

    @property
    def totals(self) -> rules.Totals:
        return self.game.totals(self.filled, self.yahtzee_bonuses)

    def with_box(self, box: str, points: int, bonus: int) -> Card:
        filled = self.filled
        filled[box] = points
        return Card(self.game.ordered(filled), self.yahtzee_bonuses + (1 if bonus else 0), self.game)


@dataclass(frozen=True)
class Roll:
    """A roll: which dice were held and what the five dice showed after it."""

    seat: int
    held: tuple[bool, ...]
    dice: rules.Dice


@dataclass(frozen=True)
class Score:
    """A box filled: the dice it was filled with, its points and any Yahtzee bonus."""

    seat: int
    box: str
    dice: rules.Dice
    points: int
    bonus: int


Move = Roll | Score
