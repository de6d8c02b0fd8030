"""Keeps the game on the board in storage, for one tab: its id, its revision, what to set aside.

The game manager (:class:`game.session.manager.App`) saves through a keeper after every action. The
keeper knows the revision this tab last read or wrote; :meth:`GameKeeper.newer` tells
whether another tab has saved since, so the tab follows before it acts and never writes
a game built on an older state (``docs/storage.md``, "Tabs").

>>> from game.core.state import new_game
>>> from game.records.device import open_records
>>> from game.records.kv import MemoryStore
>>> store = MemoryStore()
>>> tab_a, tab_b = GameKeeper(open_records(store)), GameKeeper(open_records(store))
>>> state = new_game(["Ann"], seed="doc")
>>> tab_a.switch_to("g1", None) and tab_a.save(state)
True
>>> tab_b.adopt(tab_b.records.slot.read())
>>> tab_a.save(state.roll())
True
>>> tab_b.newer().rev, tab_a.newer()
(2, None)
"""

from __future__ import annotations

from game.core import save
from game.core.dice import new_seed
from game.core.state import GameState
from game.records.device import Records
from game.records.game_slot import Challenge, SavedGame


class GameKeeper:
    """The game slot as one tab sees it: what it last read or wrote, and its writer token."""

    def __init__(self, records: Records) -> None:
        self.records = records
        self.id: str | None = None
        self.rev = 0  # the revision this tab last read or wrote successfully
        self.challenge: Challenge | None = None
        self.token = new_seed()  # written with every save: two tabs saving the same revision differ
        self._seen: tuple[str, int, str] | None = None  # (id, rev, by) of the record last read or written

    def newer(self) -> SavedGame | None:
        """The stored game if any tab but this one wrote it since this tab's last read or write.

        Any difference counts, not only a higher revision: two tabs that both wrote revision
        N+1, or a slot reset after an unreadable record, must not pass for "up to date".
        """
        stored = self.records.slot.read()
        if stored is None or (stored.id, stored.rev, stored.by) == self._seen:
            return None
        return stored

    def adopt(self, saved: SavedGame | None) -> None:
        """This tab now shows ``saved`` (read at boot, or followed from another tab)."""
        if saved is not None:
            self.id, self.rev, self.challenge = saved.id, saved.rev, saved.challenge
            self._seen = (saved.id, saved.rev, saved.by)

    def switch_to(self, game_id: str, challenge: Challenge | None) -> bool:
        """Make room for the game ``game_id`` on the board (the caller saves it): the stored
        one is set aside first if it was played. False, changing nothing, if it could not be."""
        if not self.set_aside_stored():
            return False
        stored = self.records.slot.read()
        self.rev = max(self.rev, stored.rev if stored is not None else 0)
        self.id, self.challenge = game_id, challenge
        return True

    def save(self, state: GameState) -> bool:
        """Keep ``state`` as the next revision of the game on the board; False if it was not kept."""
        return self._write(save.dumps(state))

    def end(self) -> bool:
        """The game ended and is in the history: the slot keeps only its id."""
        return self._write(None)

    def set_aside_stored(self) -> bool:
        """Move the stored game to the set-aside list if it was played; False only if that failed."""
        stored = self.records.slot.read()
        if stored is None or not stored.played:
            return True  # nothing worth keeping on the board
        if self.records.friends.holds(stored):
            return True  # a link game between turns: Games with friends has all of it
        return self.records.set_aside.add(stored)

    def _write(self, text: str | None) -> bool:
        if self.id is None:
            self.id = new_seed()
        game = SavedGame(self.id, self.rev + 1, text, self.challenge, self.records.store.stamp(), self.token)
        if not self.records.slot.write(game):
            return False  # the revision stays the stored one's: no tab may think it is ahead
        self.adopt(game)
        return True
