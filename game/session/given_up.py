"""Points given up against perfect play, per player, as the game goes: the sum of each
decision's loss (:func:`game.strategy.review.losses`, the review's own valuation).

A game going on adds a decision or two per click, each one ranking of the dice, as a hint
costs: they are valued in the background, after the drawing that answers the click, and
the board is drawn again with the new total (the click shows the total before them: a
moment later it counts them). A game whose decisions were not followed (hints off until
the end, a game resumed) has many to value; those too are worked out in the background, a
few per task, and the total shows once they are all known. At the end of the game the last
decisions are valued at once, so that the end screen has the whole sum.

>>> from game.core.dice import ScriptedDice
>>> from game.core.state import new_game
>>> from game.strategy.tables import load_preset
>>> from game.session.fakes import Jobs
>>> jobs = Jobs()
>>> given = GivenUp(jobs, lambda: None)
>>> state = new_game(["Ann"], seed="doc").roll(ScriptedDice([5, 5, 5, 5, 5])).score("chance")
>>> table = load_preset("official")
>>> given.totals(state, table)  # the click's decision: valued after it
(0.0,)
>>> jobs.run()
>>> [round(x, 1) for x in given.totals(state, table)]
[75.9]
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Callable
from typing import TYPE_CHECKING

from game.core.card import Move
from game.core.state import GameState
from game.session.ports import Spawn
from game.strategy.review import decision_count, losses

if TYPE_CHECKING:
    from game.strategy.tables import Table

#: Decisions valued during one click (a roll and a box, or a few more): more go to the background.
AT_ONCE = 3
#: Decisions valued per background task, between which the page answers the player.
PER_TASK = 2


class GivenUp:
    """The losses worked out so far, per game and seat; ``spawn`` runs the background work,
    ``on_done`` redraws the board when it is done."""

    def __init__(self, spawn: Spawn, on_done: Callable[[], None]) -> None:
        self.spawn, self.on_done = spawn, on_done
        # (the game's seed and rule set, seat) → (that seat's moves when valued, the losses found)
        self._known: dict[tuple[str, str, int], tuple[tuple[Move, ...], tuple[float, ...]]] = {}
        self._working: asyncio.Future[None] | None = None
        self._latest: tuple[GameState, Table] | None = None  # the game the work is for

    def totals(self, state: GameState, table: Table) -> tuple[float, ...] | None:
        """Each seat's points given up so far: in a game going on, without the decisions not
        valued yet (this click's: they are valued in the background, after the drawing, and
        ``on_done`` follows); None while more than :data:`AT_ONCE` wait. Once the game is
        over, up to AT_ONCE are valued at once, for the end screen."""
        pending = [(seat, self._prefix(state, seat)) for seat in range(len(state.players))]
        waiting = sum(decision_count(state, seat) - len(known) for seat, known in pending)
        if waiting:
            self._latest = (state, table)  # the work in the background takes the newest
        if waiting > AT_ONCE or (waiting and not state.over):
            if self._working is None or self._working.done():
                self._working = self.spawn(self._work_out())
            if waiting > AT_ONCE:
                return None
            return tuple(math.fsum(known) for _, known in pending)  # this click's decisions: after it
        return tuple(math.fsum(self._value(state, seat, table, known)) for seat, known in pending)

    def _prefix(self, state: GameState, seat: int) -> tuple[float, ...]:
        """The losses already known for ``seat``'s first decisions in ``state``: they stand
        while the moves valued then begin the moves now (a decision is a roll and the move
        after it); none otherwise (another game, a box taken back)."""
        valued, known = self._known.get((state.seed, state.ruleset, seat), ((), ()))
        return known if _moves(state, seat)[:len(valued)] == valued else ()

    def _value(self, state: GameState, seat: int, table: Table, known: tuple[float, ...],
               limit: int | None = None) -> tuple[float, ...]:
        found = losses(state, seat, table, known, limit)
        if len(self._known) > 16:  # a few games' worth: memory stays bounded
            self._known.clear()
        self._known[(state.seed, state.ruleset, seat)] = (_moves(state, seat), found)
        return found

    async def _work_out(self) -> None:
        """Value the decisions of the newest game asked about (a click meanwhile brings one
        newer), a few per task, then redraw."""
        while self._latest is not None:
            state, table = self._latest
            todo = [(seat, known) for seat in range(len(state.players))
                    if len(known := self._prefix(state, seat)) < decision_count(state, seat)]
            if not todo:
                break
            self._value(state, todo[0][0], table, todo[0][1], PER_TASK)
            await asyncio.sleep(0)  # the player's clicks come first
        self._latest = self._working = None  # done: the redraw may start more
        self.on_done()



def _moves(state: GameState, seat: int) -> tuple[Move, ...]:
    return tuple(m for m in state.moves if m.seat == seat)
