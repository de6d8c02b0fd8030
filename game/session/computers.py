"""Computer turns, played one visible step at a time so people can follow them.

Whichever tab reaches a computer's turn plays it; before each step the tab checks that it
shows the latest saved game (another tab may have played this very turn) and decides
again from there. A decision's randomness comes from the game alone (:func:`decision_rng`),
so any tab or device that plays it makes the same one (a game passed by link: issue 15).
"""

from __future__ import annotations

import asyncio
import random
from typing import TYPE_CHECKING

from game.core.players import is_level
from game.session import words
from game.session.ports import Decide, Sleep, Spawn

if TYPE_CHECKING:
    from game.core.players import ComputerLevel
    from game.core.state import GameState
    from game.session.manager import App
    from game.strategy.tables import Table

#: Seconds before a computer of a game with friends asks again for its strategy table.
TABLE_RETRY = 10.0
#: Seconds between the visible steps of a computer's turn: slow enough to follow.
COMPUTER_PACE = 0.7


def decision_rng(state: GameState) -> random.Random:
    """The randomness of the computer's decision in ``state``: the same on every device.

    >>> from game.core.state import new_game
    >>> state = new_game(["Ann"], seed="d").roll()
    >>> decision_rng(state).random() == decision_rng(state).random()
    True
    """
    return random.Random(f"{state.seed}/{state.turn}/{state.rolls_used}")


class ComputerTurns:
    """Plays the computers' turns in the background; ``skip`` hurries the current one."""

    def __init__(self, app: App, decide: Decide | None, sleep: Sleep, spawn: Spawn) -> None:
        self.app, self.decide, self.sleep, self.spawn = app, decide, sleep, spawn
        self.fast = False  # "Skip ahead": computers play the rest of their turn at once
        self._task: asyncio.Future[None] | None = None

    def schedule(self) -> None:
        """Start playing in the background if a computer is to move."""
        state = self.app.state
        player = None if state is None else state.current_player
        if player is None or not player.is_computer or self.decide is None:
            self.fast = False
            return
        if self._task is None or self._task.done():
            self._task = self.spawn(self.play())

    def skip(self) -> None:
        self.fast = True

    async def play(self) -> None:
        """Play computer turns until a person is to move."""
        app = self.app
        while (state := app.state) is not None and (player := state.current_player) is not None \
                and player.is_computer and self.decide is not None:
            if not app.games.sync():  # another tab played on (perhaps this very turn): go on from there
                continue
            table = await app.coach.table_for(state.preset) if player.kind != "greedy" else None
            if app.state is not state:  # a new game was started while the table loaded
                continue
            if table is None and player.kind != "greedy" and app.friends.game is not None:
                # In a game with friends every device must play a computer alike: it waits for
                # its table rather than play simply (and so differently).
                app.renderer.announce(words.computer_waits(player.name))
                await self.sleep(TABLE_RETRY)
                continue
            # Without its table (offline before it was ever fetched) a computer plays greedily.
            level = player.kind if table is not None and is_level(player.kind) else "greedy"
            if state.rolls_used == 0:
                if (rolled := app.act(lambda s: s.roll(), rolled=True, computer=True)) is not None:
                    app.renderer.announce(f"{player.name}: " + words.describe_roll(rolled))
            else:
                await self._choose(state, level, table)
            if not self.fast:
                await self.sleep(COMPUTER_PACE)
        self.fast = False

    async def _choose(self, state: GameState, level: ComputerLevel, table: Table | None) -> None:
        """One decision: score a box, or hold dice and (after a pause) roll the rest."""
        from game.strategy.players import ScoreBox  # loaded with the strategy, on the first computer turn

        app, seat = self.app, state.current_seat
        assert seat is not None and state.dice is not None and self.decide is not None
        move = self.decide(level, state.preset, state.cards[seat].filled, state.dice, state.rolls_left,
                           decision_rng(state), table)
        if isinstance(move, ScoreBox):
            if (scored := app.act(lambda s: s.score(move.box), computer=True)) is not None:
                app.renderer.announce(words.describe_score(state, scored, move.box))
            return
        if (holding := app.act(lambda s: s.set_held(move.held), computer=True)) is None:
            return  # another tab played on: decide again from its state
        name = state.players[seat].name
        app.renderer.announce(words.describe_hold(name, state.dice, move.held))
        if not self.fast:
            await self.sleep(COMPUTER_PACE / 2)
        if app.state is holding and (rolled := app.act(lambda s: s.roll(), rolled=True, computer=True)) is not None:
            app.renderer.announce(f"{name}: " + words.describe_roll(rolled))

