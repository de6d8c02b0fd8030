"""Hints for the player whose turn it is: the coach's options and how sure it is.

>>> confidence_word(4.0), confidence_word(1.5), confidence_word(0.3), confidence_word(0.05)
('clear', 'solid', 'close', 'toss-up')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.core.rules import BOX_LABELS
from game.core.state import GameState

if TYPE_CHECKING:  # the coach loads when hints are first asked for, not at start-up
    from game.strategy.coach import Option
    from game.strategy.reasons import Reason
    from game.strategy.review import Decision
    from game.strategy.tables import Table

#: Gaps (expected points between the best option and the runner-up) for each word.
#: Ours, chosen so "toss-up" means the choice hardly matters (under 0.1 points) and
#: "clear" means a mistake would cost more than a typical whole game's loss of a strong player.
CONFIDENCE = ((3.0, "clear"), (1.0, "solid"), (0.1, "close"))


def confidence_word(gap: float) -> str:
    for threshold, word in CONFIDENCE:
        if gap >= threshold:
            return word
    return "toss-up"


@dataclass(frozen=True)
class Advice:
    """The coach's view of one situation: every option, best first, and why the best."""

    options: tuple[Option, ...]
    reason: Reason

    @property
    def best(self) -> Option:
        return self.options[0]

    @property
    def gap(self) -> float:
        """How much the runner-up loses against the best (infinite with only one option)."""
        return self.options[1].loss if len(self.options) > 1 else float("inf")

    @property
    def confidence(self) -> str:
        return confidence_word(self.gap)  # a lone option's gap is infinite: "clear"


def advise(state: GameState, table: Table) -> Advice | None:
    """Advice for the current player's dice, or None before a roll or after the game."""
    seat = state.current_seat
    if seat is None or state.dice is None:
        return None
    from game.strategy.coach import rank_options
    from game.strategy.reasons import explain

    card = state.cards[seat]
    options = rank_options(table, card.filled, state.dice, state.rolls_left, card.yahtzee_bonuses)
    return Advice(tuple(options), explain(card.filled, options, state.rolls_left))


def describe(option: Option | Decision) -> str:
    """Words for one option, or for what a player did (a review's decision has the same fields).

    >>> from game.strategy.coach import Option
    >>> describe(Option("score", 250.0, 0.0, box="chance", points=22))
    'Score 22 in Chance'
    >>> describe(Option("hold", 250.0, 0.0, hold=(True,) * 3 + (False,) * 2, held_faces=(6, 6, 6)))
    'Hold 6-6-6, roll 2'
    """
    if option.box is not None:  # a score names its box, a hold has none
        return f"Score {option.points} in {BOX_LABELS[option.box]}"
    if not option.held_faces:
        return "Roll all five"
    rest = 5 - len(option.held_faces)
    return f"Hold {'-'.join(map(str, option.held_faces))}, roll {rest}"
