"""The end of a game: the review history, each person's statistics, high scores and their names.

Everything is recorded at once, under the names the players had in the game, and the
names are asked for after: closing the tab at the prompt loses nothing. The questions are
returned as an :class:`~game.session.outcome.Outcome` for the game manager to ask.

>>> from dataclasses import replace
>>> from game.core.card import Card
>>> from game.core.state import new_game
>>> from game.records.device import open_records
>>> from game.records.kv import MemoryStore
>>> keeper = GameKeeper(open_records(MemoryStore()))
>>> keeper.switch_to("g1", None)
True
>>> over = replace(new_game(["Ann"], seed="end"), turn=13, cards=(Card().with_box("chance", 20, 0),))
>>> ending = Ending(keeper)
>>> asked = ending.finish(over).ask_name
>>> asked[1:], ending.confirm_name(asked[0], "Annie").high_scores == asked[0]
(('Ann', 20), True)
"""

from __future__ import annotations

from collections.abc import Callable

from game.core import save
from game.core.names import clean_name
from game.core.state import GameState
from game.session.keeper import GameKeeper
from game.session.outcome import Outcome


class Ending:
    """Records a finished game once, then asks for each new high score's name in turn."""

    def __init__(self, keeper: GameKeeper | None) -> None:
        self.keeper = keeper
        self.finished_id: str | None = None  # the history id of the game that just ended
        self.last_entry: str | None = None  # the high score entered last (highlighted in the table)
        self.on_finish: Callable[[], None] | None = None  # the page asks for persistent storage then
        self._names: list[tuple[str, str, int]] = []  # (entry id, name, score) awaiting a name

    def finish(self, state: GameState, beat: int | None = None) -> Outcome:
        """Record each person's result once; enter high scores at once, then ask for names.
        ``beat`` is a challenge's score to beat, kept with the game for its review."""
        keeper = self.keeper
        if keeper is None:
            return Outcome()
        records = keeper.records
        # Every decision is kept for the review (the last 50 games), under the game's own id:
        # a tab that was behind finds the finished game there (games.load_saved).
        self.finished_id = keeper.id
        today = records.store.now().date().isoformat()  # the records' clock: injected in tests
        kept = records.history.add(save.dumps(state), game_id=keeper.id or "", finished=today,
                                   preset=state.ruleset, players=[p.name for p in state.players],
                                   scores=list(state.grand_totals()), assisted=state.assisted, beat=beat)
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
                records.stats.record(totals.grand_total, preset=state.ruleset, yahtzees=state.yahtzees_rolled(seat),
                                     upper_bonus=totals.upper_bonus > 0, assisted=state.assisted)
                results.append((totals.grand_total, seat))
        for score, seat in sorted(results, reverse=True):
            name = state.players[seat].name
            entry = records.scores.add(name, score, preset=state.ruleset, players=len(state.players),
                                       assisted=state.assisted)
            if entry is not None:
                self._names.append((entry, name, score))
        return self.next_name()

    def next_name(self) -> Outcome:
        """Ask for the next name, or show the table once every name is in."""
        if self._names:
            return Outcome(ask_name=self._names[0])
        return Outcome(high_scores=self.last_entry)

    def confirm_name(self, entry_id: str, name: str) -> Outcome:
        """The player entered (or kept) ``name`` for the high score ``entry_id``."""
        self._names = [queued for queued in self._names if queued[0] != entry_id]
        # A blank answer keeps the name the score was entered under (the player's, in the
        # game): the records' own fallback for a blank name is a placeholder in no language.
        if self.keeper is not None and clean_name(name, ""):
            self.keeper.records.scores.rename(entry_id, name)
            self.keeper.records.name.remember(name)
        self.last_entry = entry_id
        return self.next_name()
