"""The coach during play: the Hints and values switches, the strategy tables, the advice.

Hints read the preset's strategy table, fetched on first use (and cached by the service
worker); until it is here, the coach panel says it is loading and the board redraws once
it arrives.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING

from game.core.state import GameState
from game.session.ports import LoadTable, Spawn
from game.strategy.advice import Advice, advise

if TYPE_CHECKING:
    from game.strategy.tables import Table


class Coach:
    """The switches and the tables; ``on_loaded`` redraws the board when a table arrives."""

    def __init__(self, load_table: LoadTable | None, spawn: Spawn, announce: Callable[[str], None],
                 on_loaded: Callable[[], None]) -> None:
        self.load_table, self.spawn, self.announce, self.on_loaded = load_table, spawn, announce, on_loaded
        self.hints = False  # the coach's best move is shown during a person's turn
        self.show_values = False  # ... and, on demand, the value of every choice
        self.tables: dict[str, Table] = {}
        self._loading: asyncio.Future[None] | None = None

    def wanted(self, state: GameState) -> bool:
        """Hints are on and a person is to move."""
        player = state.current_player
        return self.hints and player is not None and player.is_human

    def advice(self, state: GameState) -> Advice | None:
        """The options for the dice on the table, best first; None before a roll, or while the
        table is on its way (its loading starts here)."""
        if not self.wanted(state):
            return None
        table = self.tables.get(state.preset)
        if table is None:
            self._load_in_background(state.preset)
            return None
        return advise(state, table)

    def loading(self, state: GameState) -> bool:
        """Hints wait for the table (the panel says so)."""
        return self.wanted(state) and state.dice is not None and state.preset not in self.tables

    async def table_for(self, preset: str) -> Table | None:
        """The strategy table of ``preset`` (fetched once), or None if it cannot be had."""
        if preset not in self.tables and self.load_table is not None:
            try:
                self.tables[preset] = await self.load_table(preset)
            except Exception as err:  # network or data: the game goes on either way
                self.announce(f"The strategy could not be loaded ({err}): hints wait for it, computers play simply.")
        return self.tables.get(preset)

    def _load_in_background(self, preset: str) -> None:
        if self.load_table is None or (self._loading is not None and not self._loading.done()):
            return

        async def load() -> None:
            if await self.table_for(preset) is not None:
                self.on_loaded()

        self._loading = self.spawn(load())
