"""Hints for the player whose turn it is: the coach's options and how sure it is.

>>> confidence_word(4.0), confidence_word(1.5), confidence_word(0.3), confidence_word(0.05)
('clear', 'solid', 'close', 'toss-up')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.core.state import GameState

if TYPE_CHECKING:  # the coach loads when hints are first asked for, not at start-up
    from game.strategy.options import Option
    from game.strategy.reasons import Reason
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
