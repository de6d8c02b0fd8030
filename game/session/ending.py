"""The end of a game: the review history, each person's statistics, high scores and their names.

Everything is recorded at once, under the names the players had in the game, and the
names are asked for after: closing the tab at the prompt loses nothing.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import TYPE_CHECKING

from game.core import save
from game.core.state import GameState

if TYPE_CHECKING:
    from game.session.manager import App


class Ending:
    """Records a finished game once, then asks for each new high score's name in turn."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.finished_id: str | None = None  # the history id of the game that just ended
        self.last_entry: str | None = None  # the high score entered last (highlighted in the table)
        self.on_finish: Callable[[], None] | None = None  # the page asks for persistent storage then
        self._names: list[tuple[str, str, int]] = []  # (entry id, name, score) awaiting a name

    def finish(self, state: GameState) -> None:
        """Record each person's result once; enter high scores at once, then ask for names."""
        records, keeper = self.app.records, self.app.keeper
        if records is None or keeper is None:
            return
        # Every decision is kept for the review (the last 50 games), under the game's own id:
        # a tab that was behind finds the finished game there (GameSwitcher.load_saved).
        self.finished_id = keeper.id
        kept = records.history.add(save.dumps(state), game_id=keeper.id or "", finished=_today(),
                                   preset=state.preset, players=[p.name for p in state.players],
                                   scores=list(state.grand_totals()), assisted=state.assisted)
        # Only a game the history holds may leave the slot; else the finished state stays there.
        if kept:
            keeper.end()
        else:
            keeper.save(state)
        if self.on_finish is not None:
            self.on_finish()
        results = []
        for seat, player in enumerate(state.players):
            if player.is_human:
                totals = state.cards[seat].totals
                records.stats.record(totals.grand_total, preset=state.preset, yahtzees=state.yahtzees_rolled(seat),
                                     upper_bonus=totals.upper_bonus > 0, assisted=state.assisted)
                results.append((totals.grand_total, seat))
        for score, seat in sorted(results, reverse=True):
            name = state.players[seat].name
            entry = records.scores.add(name, score, preset=state.preset, players=len(state.players),
                                       assisted=state.assisted)
            if entry is not None:
                self._names.append((entry, name, score))
        self.next_name()

    def next_name(self) -> None:
        """Ask for the next name, or show the table once every name is in."""
        if self._names:
            self.app.renderer.ask_name(*self._names[0])
        elif self.last_entry is not None:
            self.app.renderer.show_high_scores(self.last_entry)

    def confirm_name(self, entry_id: str, name: str) -> None:
        """The player entered (or kept) ``name`` for the high score ``entry_id``."""
        self._names = [queued for queued in self._names if queued[0] != entry_id]
        if (records := self.app.records) is not None:
            records.scores.rename(entry_id, name)
            records.name.remember(name)
            self.app.show_notices()
        self.last_entry = entry_id
        self.next_name()


def _today() -> str:
    return datetime.date.today().isoformat()
