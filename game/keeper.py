"""Keeps the game on the board in storage, for one tab: its id, its revision, what to set aside.

The game manager (:class:`game.app.App`) saves through a keeper after every action. The
keeper knows the revision this tab last read or wrote; :meth:`GameKeeper.newer` tells
whether another tab has saved since, so the tab follows before it acts and never writes
a game built on an older state (``docs/storage.md``, "Tabs").

>>> from game.game import new_game
>>> from game.storage import MemoryStore, Storage
>>> store = MemoryStore()
>>> tab_a, tab_b = GameKeeper(Storage(store)), GameKeeper(Storage(store))
>>> state = new_game(["Ann"], seed="doc")
>>> tab_a.begin(None)
>>> tab_a.save(state)
>>> tab_b.adopt(tab_b.storage.current_game())
>>> tab_a.save(state.roll())
>>> tab_b.newer().rev, tab_a.newer()
(2, None)
"""

from __future__ import annotations

import json

from game import save
from game.dice import new_seed
from game.game import GameState
from game.saved_games import Challenge, SavedGame
from game.storage import Storage


class GameKeeper:
    """The game slot as one tab sees it."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.id: str | None = None
        self.rev = 0  # the revision this tab last read or wrote
        self.challenge: Challenge | None = None

    def newer(self) -> SavedGame | None:
        """The stored game if another tab saved it after this tab's last read or write."""
        stored = self.storage.current_game()
        return stored if stored is not None and stored.rev > self.rev else None

    def adopt(self, saved: SavedGame | None) -> None:
        """This tab now shows ``saved`` (read at boot, or followed from another tab)."""
        if saved is not None:
            self.id, self.rev, self.challenge = saved.id, max(self.rev, saved.rev), saved.challenge

    def begin(self, challenge: Challenge | None) -> None:
        """A new game goes on the board (the caller saves it). The one stored there is set
        aside first if it was played."""
        self.set_aside_stored()
        stored = self.storage.current_game()
        self.rev = max(self.rev, stored.rev if stored is not None else 0)
        self.id, self.challenge = new_seed(), challenge

    def switch_to(self, saved: SavedGame) -> None:
        """The set-aside game ``saved`` goes on the board (the caller set the stored one aside)."""
        stored = self.storage.current_game()
        self.rev = max(self.rev, stored.rev if stored is not None else 0)
        self.id, self.challenge = saved.id, saved.challenge

    def save(self, state: GameState) -> None:
        """Keep ``state`` as the next revision of the game on the board."""
        self._write(save.dumps(state))

    def end(self) -> None:
        """The game ended: the slot keeps only its id (the game itself goes to the history)."""
        self._write(None)

    def set_aside_stored(self) -> bool:
        """Move the stored game to the set-aside list if it has moves; True if it did."""
        stored = self.storage.current_game()
        if stored is None or stored.text is None or not has_moves(stored.text):
            return False
        return self.storage.set_aside(stored)

    def _write(self, text: str | None) -> None:
        if self.id is None:
            self.id = new_seed()
        self.rev += 1
        self.storage.save_current(SavedGame(self.id, self.rev, text, self.challenge, self.storage.stamp()))


def has_moves(text: str) -> bool:
    """False only for a game nobody has touched yet: that one is not worth keeping.

    Text that cannot be read counts as played: it is kept, never silently dropped.

    >>> has_moves('{"moves": []}'), has_moves('{"moves": [{"roll": 1}]}'), has_moves("not json")
    (False, True, True)
    """
    try:
        moves = json.loads(text).get("moves")
    except (ValueError, AttributeError):
        return True
    return moves != []
