"""``yahtzee:game``: the game on the board, with its id and revision.

``docs/storage.md`` has the rules: why a revision, when a game is set aside, the limits.
Every save of the game on the board carries a **revision**, one more than the revision
it was built on. Two tabs share one localStorage; a tab whose revision is lower than the
stored one is behind, and must follow the stored game before it acts, or it would write
a game built on an older state over a newer one (``game.session.keeper``).

>>> game = SavedGame("g1", 3, '{"schema": 1}', Challenge(231, "Zoë"), at=5)
>>> saved_game_from_record(saved_game_to_record(game)) == game
True
>>> game.ended
False
>>> from game.records.kv import MemoryStore
>>> from game.records.safe_store import SafeStore
>>> slot = GameSlot(SafeStore(MemoryStore()))
>>> slot.write(SavedGame("g", 1, "[1]"))
True
>>> import json
>>> slot.load(json.loads)
[1]
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from game.core import rules
from game.core.names import clean_name
from game.records.fields import (
    MAX_ID_LENGTH,
    MAX_STAMP,
    Migrations,
    decode_record,
    encode_record,
    read_id,
    read_int,
    read_str,
)
from game.records.safe_store import SafeStore

T = TypeVar("T")

GAME_KEY = "yahtzee:game"
#: The schema of ``yahtzee:game`` (2 added the id, the revision and the challenge).
GAME_VERSION = 2


@dataclass(frozen=True)
class Challenge:
    """A friend's score to beat on the same dice (from a challenge link)."""

    beat: int
    name: str


@dataclass(frozen=True)
class SavedGame:
    """A game as kept: ``text`` is ``game.core.save.dumps`` of it, or None once it has ended
    (the finished game is then in the review history under the same ``id``).

    ``rev`` counts the saves of the game slot; ``at`` is when it was saved, in
    milliseconds since 1970 UTC (it orders the Games list).
    """

    id: str
    rev: int
    text: str | None
    challenge: Challenge | None = None
    at: int = 0
    by: str = ""  # the token of the tab that wrote it (game.session.keeper): equal revisions still differ

    @property
    def ended(self) -> bool:
        return self.text is None

    @property
    def played(self) -> bool:
        """In progress with at least one move: a game worth keeping (see :func:`has_moves`)."""
        return self.text is not None and has_moves(self.text)


def saved_game_to_record(game: SavedGame) -> dict[str, Any]:
    """The JSON record of ``game`` (with its schema version, as stored under ``yahtzee:game``)."""
    record: dict[str, Any] = {"version": GAME_VERSION, "id": game.id, "rev": game.rev, "game": game.text,
                              "at": game.at, "by": game.by}
    if game.challenge is not None:
        record["challenge"] = {"beat": game.challenge.beat, "from": game.challenge.name}
    return record


def saved_game_from_record(data: Mapping[str, Any]) -> SavedGame:
    """Check every field of a record (already at :data:`GAME_VERSION`); ``ValueError`` says what is wrong."""
    ident = read_id(data, "a game id")
    text = data.get("game")
    if text is not None and (not isinstance(text, str) or not text):
        raise ValueError("game is neither a saved game nor null")
    challenge = data.get("challenge")
    if challenge is not None:
        if not isinstance(challenge, Mapping):
            raise ValueError("challenge is not a JSON object")
        challenge = Challenge(read_int(challenge, "beat", 0, rules.MAX_SCORE),
                              clean_name(read_str(challenge, "from"), default="a friend"))
    by = data.get("by", "")
    if not isinstance(by, str) or len(by) > MAX_ID_LENGTH:
        raise ValueError("by is not a tab token")
    return SavedGame(ident, read_int(data, "rev", 0, MAX_STAMP), text, challenge, read_int(data, "at", 0, MAX_STAMP),
                     by)


def migrate_game_v1(data: Mapping[str, Any]) -> dict[str, Any]:
    """Schema 1 held only the game's text: it gets an id and revision 1."""
    return {"version": 2, "id": "v1-game", "rev": 1, "game": data.get("game"), "at": 0}


GAME_MIGRATIONS: Migrations = {1: migrate_game_v1}


def has_moves(text: str) -> bool:
    """False only for a game nobody has touched yet: that one is not worth keeping.

    Text that cannot be read counts as played: it is kept, never silently dropped.

    >>> has_moves('{"moves": []}'), has_moves('{"moves": [{"roll": 1}]}'), has_moves("not json")
    (False, True, True)
    """
    try:
        moves: object = json.loads(text).get("moves")
    except (ValueError, AttributeError):
        return True
    return moves != []


class GameSlot:
    """The game on the board as every tab last saved it."""

    def __init__(self, store: SafeStore) -> None:
        self._store = store
        self._last: tuple[str, SavedGame] | None = None  # the record's text and its value

    def read(self) -> SavedGame | None:
        """The game on the board as last saved by any tab, or None (none yet, or unreadable)."""
        return self._store.load(GAME_KEY, "game", self._parse, blank=None)

    def write(self, game: SavedGame) -> bool:
        """Keep ``game`` as the one on the board; False if it could not be kept."""
        raw = encode_record(saved_game_to_record(game))
        if not self._store.write(GAME_KEY, raw, "game"):
            return False
        self._last = (raw, game)
        return True

    def load(self, restore: Callable[[str], T]) -> T | None:
        """``restore(text)`` of the game on the board, or None. A ``ValueError`` from it means corrupt data."""
        def parse(raw: str) -> T | None:
            game = self._parse(raw)
            return None if game.text is None else restore(game.text)

        return self._store.load(GAME_KEY, "game", parse, blank=None)

    def _parse(self, raw: str) -> SavedGame:
        # Every action reads the record first (is another tab ahead?): while its text is the
        # one last read or written here, the parsed value is reused instead of parsed again.
        if self._last is None or self._last[0] != raw:
            self._last = (raw, saved_game_from_record(decode_record(raw, GAME_VERSION, GAME_MIGRATIONS)))
        return self._last[1]
