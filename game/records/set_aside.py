"""``yahtzee:games``: the games in progress set aside (by a link or New game), resumable from Games.

A game with moves is never dropped from the list: only a full store can refuse it (and
then it stays on the board). Games nobody has played yet (a link kept for later) are
kept :data:`UNPLAYED_SIZE` at most. Every change re-reads the list and merges by id, the
highest revision winning, so two tabs never erase each other's games.

>>> from game.records.kv import MemoryStore
>>> from game.records.safe_store import SafeStore
>>> games = SetAsideGames(SafeStore(MemoryStore()))
>>> games.add(SavedGame("a", 1, "x", at=1)), games.add(SavedGame("a", 2, "y", at=2))
(True, True)
>>> [(g.id, g.rev) for g in games.games()]
[('a', 2)]
>>> games.take("a").text, games.games()
('y', ())
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from game.records.fields import decode_record, encode_record
from game.records.game_slot import SavedGame, saved_game_from_record, saved_game_to_record
from game.records.safe_store import SafeStore

SET_ASIDE_KEY = "yahtzee:games"
#: The schema of ``yahtzee:games``.
SET_ASIDE_VERSION = 1
#: How many set-aside games nobody has played yet (a link kept for later) are kept; a longer
#: list drops the oldest of those. A game with moves is never dropped: only a full store stops it.
UNPLAYED_SIZE = 20


def set_aside_to_record(games: Iterable[SavedGame]) -> dict[str, Any]:
    """The record: each game as under ``yahtzee:game``, without its own version."""
    return {"version": SET_ASIDE_VERSION,
            "games": [{k: v for k, v in saved_game_to_record(g).items() if k != "version"} for g in games]}


def set_aside_from_record(data: Mapping[str, Any]) -> tuple[SavedGame, ...]:
    """The games of a record (already at :data:`SET_ASIDE_VERSION`), played last first."""
    games = data.get("games")
    if not isinstance(games, list):
        raise ValueError("games is not a list")
    parsed = []
    for item in games:
        if not isinstance(item, Mapping):
            raise ValueError("a set-aside game is not a JSON object")
        game = saved_game_from_record(item)
        if game.ended:
            raise ValueError("a set-aside game has no moves")
        parsed.append(game)
    return newest_first(parsed)


def newest_first(games: Iterable[SavedGame]) -> tuple[SavedGame, ...]:
    """One game per id (its highest revision), played last first; of the games nobody has
    played, the newest :data:`UNPLAYED_SIZE`.

    >>> old, new = SavedGame("a", 1, "x", at=1), SavedGame("a", 2, "y", at=2)
    >>> [g.rev for g in newest_first([old, SavedGame("b", 1, "z", at=9), new])]
    [1, 2]
    """
    best: dict[str, SavedGame] = {}
    for game in games:
        if game.id not in best or game.rev > best[game.id].rev:
            best[game.id] = game
    ordered = sorted(best.values(), key=lambda g: (-g.at, g.id))
    unplayed = [g for g in ordered if not g.played][UNPLAYED_SIZE:]
    return tuple(g for g in ordered if g not in unplayed)


class SetAsideGames:
    """The set-aside list, merged with what other tabs put there at every change."""

    def __init__(self, store: SafeStore) -> None:
        self._store = store

    def games(self) -> tuple[SavedGame, ...]:
        """The games set aside, played last first."""
        empty = encode_record(set_aside_to_record(()))
        return self._store.load(SET_ASIDE_KEY, "set aside", _parse, blank=empty) or ()

    def add(self, game: SavedGame) -> bool:
        """Add ``game`` to the list (merged with what another tab put there); False if it could not be kept."""
        if game.ended:
            raise ValueError("an ended game is in the review history, not set aside")
        kept = newest_first([*self.games(), game])
        return self._store.write_record(SET_ASIDE_KEY, set_aside_to_record(kept), "set aside")

    def take(self, game_id: str) -> SavedGame | None:
        """Remove the game ``game_id`` from the list and return it (None if it is gone, or could not be removed)."""
        games = self.games()
        found = next((g for g in games if g.id == game_id), None)
        if found is not None:
            rest = [g for g in games if g.id != game_id]
            if not self._store.write_record(SET_ASIDE_KEY, set_aside_to_record(rest), "set aside"):
                return None  # could not take it off the list: it stays there, nothing lost
        return found


def _parse(raw: str) -> tuple[SavedGame, ...]:
    return set_aside_from_record(decode_record(raw, SET_ASIDE_VERSION))
