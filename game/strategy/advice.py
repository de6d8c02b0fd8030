"""Hints for the player whose turn it is: the coach's options and how sure it is.

>>> confidence_word(4.0), confidence_word(1.5), confidence_word(0.3), confidence_word(0.05)
('clear', 'solid', 'close', 'toss-up')
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from game.core.games import YAHTZEE, Game
from game.core.state import GameState

if TYPE_CHECKING:  # the coach loads when hints are first asked for, not at start-up
    from game.strategy.options import Option
    from game.strategy.reasons import Reason
    from game.strategy.spread import Spread
    from game.strategy.tables import Table
    from game.strategy.to_win import Goal, Ranked

#: Gaps (expected points between the best option and the runner-up) for each word.
#: Ours, chosen so "toss-up" means the choice hardly matters (under 0.1 points) and
#: "clear" means a mistake would cost more than a typical whole game's loss of a strong player.
CONFIDENCE = ((3.0, "clear"), (1.0, "solid"), (0.1, "close"))


def confidence_word(gap: float) -> str:
    for threshold, word in CONFIDENCE:
        if gap >= threshold:
            return word
    return "toss-up"


#: Below this, two chances of a goal are told as the same (the panel shows tenths of a percent).
SAME_CHANCE = 0.0005


@dataclass(frozen=True)
class Aim:
    """The options ranked by the chance of a goal, beside the average: to beat a score
    (``beat``: a friend's, or with ``own`` the player's best), or to win a game of several
    (``beat`` is None)."""

    beat: int | None
    ranked: tuple[Ranked, ...]
    own: bool = False  # ``beat`` is the player's own best score, not a friend's

    @property
    def best(self) -> Ranked:
        return self.ranked[0]

    def chance_of(self, option: Option) -> float:
        """The chance of the goal if ``option`` (one of the coach's) is taken."""
        return next(r.chance for r in self.ranked if r.option == option)

    def differs(self, average: Option) -> bool:
        """Whether the best choice for the goal is another than ``average``, and better by enough to tell."""
        return self.best.option != average and self.best.chance - self.chance_of(average) >= SAME_CHANCE


@dataclass(frozen=True)
class Advice:
    """The coach's view of one situation: every option, best first, and why the best;
    with a goal (a score to beat, other players to beat), the options ranked for it too."""

    options: tuple[Option, ...]
    reason: Reason
    aim: Aim | None = None
    game: Game = YAHTZEE  # whose boxes the options fill (their names: the screens')

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
    from game.strategy.ranking import rank_options
    from game.strategy.reasons import explain

    card = state.cards[seat]
    options = rank_options(table, card.filled, state.dice, state.rolls_left, card.yahtzee_bonuses)
    return Advice(tuple(options), explain(card.filled, options, state.rolls_left, game=state.game), game=state.game)


def aim_for(advice: Advice, state: GameState, table: Table, spread: Spread, beat: int | None,
            win: Goal | None = None, own: bool = False) -> Advice:
    """``advice`` with its options ranked for beating ``beat`` or, without one, for ``win``
    (:meth:`game.strategy.to_win.Goal.win` of the other players' forecasts)."""
    from game.strategy.to_win import Goal, rank_to_win

    seat = state.current_seat
    goal = Goal.reach(beat + 1) if beat is not None else win
    if seat is None or state.dice is None or goal is None:
        return advice
    card = state.cards[seat]
    ranked = rank_to_win(table, spread, card.filled, state.dice, state.rolls_left, goal, card.yahtzee_bonuses)
    return replace(advice, aim=Aim(beat, tuple(ranked), own))
