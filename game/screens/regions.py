"""The board's regions and what each shows, from one value: :class:`BoardView`.

The session decides everything the board depends on (the state, the coach's advice, the
switches) before drawing; drawing is then a pure function of that value and changes
nothing. The web layer writes each region into the element whose id is its name
(``docs/ui-contract.md``).

>>> from game.core.state import new_game
>>> regions = board_regions(BoardView(new_game(["Ann"], seed="r")))
>>> tuple(regions) == REGIONS, regions["rolloff"], regions["coach"]
(True, '', '')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, TypeVar, get_args

from game.core.state import GameState
from game.screens.board import controls_html, dice_html
from game.screens.coach_panel import coach_html
from game.screens.scorecard import scorecard_html
from game.screens.status import challenge_html, rolloff_html, status_html

if TYPE_CHECKING:
    from game.strategy.advice import Advice
    from game.strategy.distribution import ScoreDistribution

T = TypeVar("T")
#: The regions of the board, each an element with that id.
Region = Literal["dice", "controls", "scorecard", "coach", "status", "rolloff", "challenge"]
REGIONS: tuple[Region, ...] = get_args(Region)


@dataclass(frozen=True)
class BoardView:
    """Everything the board shows at one moment.

    ``rolled``: the dice were just thrown (they tumble); ``hints``: the Hints switch;
    ``advice``: the coach's options, when hints are on and the table is here;
    ``loading``: hints are on but the table is still on its way; ``beat``: a friend's
    score to beat on these dice; ``turn_link``: the ``#play=…`` link that carries a link
    game on (another device's turn, or the end); ``catching_up``: the board shows turns
    played elsewhere since this device last saw the game; ``perfect``: the final score's
    distribution under perfect play, once the game is over and it has arrived (the end
    screen compares each person's score with it); ``chances``: each player's chance to win
    (several players) or the chance to beat ``beat`` (a challenge); ``next_seat``: while
    catching up, who plays once the turns are shown; ``given_up``: each player's points
    given up against perfect play so far, once known (the coach panel shows the player's to
    move, the end screen everyone's); ``ranges``: each player's finish range (None until
    known), shown with the coach or the win chances (the coach panel gives the player's to move).
    """

    state: GameState
    rolled: bool = False
    can_undo: bool = False
    hints: bool = False
    advice: Advice | None = None
    show_values: bool = False
    loading: bool = False
    beat: int | None = None
    turn_link: str | None = None
    catching_up: bool = False
    chances: tuple[float, ...] | None = None
    perfect: ScoreDistribution | None = None
    next_seat: int | None = None
    given_up: tuple[float, ...] | None = None
    ranges: tuple[tuple[int, int] | None, ...] | None = None
    once: bool = False  # the coach asked for this decision only (after a warning), hints off

    @property
    def coaching(self) -> bool:
        """Whether the coach panel shows: hints on (or asked for once) during a person's turn."""
        player = self.state.current_player
        return (self.hints or self.once) and player is not None and player.is_human


def _current(view: BoardView, each: Sequence[T] | None) -> T | None:
    """The player to move's item of ``each`` (None for none, or none known)."""
    seat = view.state.current_seat
    return each[seat] if each is not None and seat is not None else None


def board_regions(view: BoardView) -> dict[Region, str]:
    """The HTML of every region, in :data:`REGIONS` order (an empty string hides a region)."""
    state, best = view.state, view.advice.best if view.advice is not None else None
    return {
        "dice": dice_html(state, view.rolled, hint=best.hold if best and best.kind == "hold" else None),
        "controls": controls_html(state, view.can_undo, view.hints, view.catching_up),
        "scorecard": scorecard_html(state, hint=best.box if best and best.kind == "score" else None,
                                    chances=view.chances if view.beat is None else None, ranges=view.ranges),
        "coach": coach_html(view.coaching, view.advice, view.show_values, view.loading,
                            _current(view, view.given_up), _current(view, view.ranges)),
        "status": status_html(state, view.turn_link, view.catching_up, view.perfect, view.next_seat, view.given_up),
        "rolloff": rolloff_html(state) if state.turn < len(state.players) else "",
        "challenge": challenge_html(state, view.beat,
                                    view.chances[0] if view.chances and view.beat is not None else None),
    }
