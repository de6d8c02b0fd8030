"""The games in progress a device keeps: the one on the board, and the ones set aside.

Values and their JSON records only; :class:`game.records.device.Storage` reads and writes them
under ``yahtzee:game`` (the game on the board) and ``yahtzee:games`` (set aside: a game
a link or New game replaced, resumable from the Games menu). ``docs/storage.md`` has
the rules: why a revision, when a game is set aside, the limits.

Every save of the game on the board carries a **revision**, one more than the revision
it was built on. Two tabs share one localStorage; a tab whose revision is lower than the
stored one is behind, and must follow the stored game before it acts, or it would write
a game built on an older state over a newer one.

>>> game = SavedGame("g1", 3, '{"schema": 1}', Challenge(231, "Zoë"), at=5)
>>> saved_game_from_record(saved_game_record(game)) == game
True
>>> game.ended
False
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from game.core import rules
from game.core.names import clean_name
from game.records.high_scores import read_int, read_str

#: The schema of ``yahtzee:game`` (2 added the id, the revision and the challenge).
GAME_VERSION = 2
#: The schema of ``yahtzee:games``.
SET_ASIDE_VERSION = 1
#: How many set-aside games nobody has played yet (a link kept for later) are kept; a longer
#: list drops the oldest of those. A game with moves is never dropped: only a full store stops it.
UNPLAYED_SIZE = 20
MAX_ID_LENGTH = 64


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


def saved_game_record(game: SavedGame) -> dict[str, Any]:
    """The JSON record of ``game`` (with its schema version, as stored under ``yahtzee:game``)."""
    record: dict[str, Any] = {"version": GAME_VERSION, "id": game.id, "rev": game.rev, "game": game.text,
                              "at": game.at, "by": game.by}
    if game.challenge is not None:
        record["challenge"] = {"beat": game.challenge.beat, "from": game.challenge.name}
    return record


def saved_game_from_record(record: Mapping[str, Any]) -> SavedGame:
    """Check every field of a record (already at :data:`GAME_VERSION`); ``ValueError`` says what is wrong."""
    ident = read_str(record, "id")
    if not 0 < len(ident) <= MAX_ID_LENGTH:
        raise ValueError(f"a game id must have 1 to {MAX_ID_LENGTH} characters")
    text = record.get("game")
    if text is not None and (not isinstance(text, str) or not text):
        raise ValueError("game is neither a saved game nor null")
    challenge = record.get("challenge")
    if challenge is not None:
        if not isinstance(challenge, Mapping):
            raise ValueError("challenge is not a JSON object")
        challenge = Challenge(read_int(challenge, "beat", 0, rules.MAX_SCORE),
                              clean_name(read_str(challenge, "from"), default="a friend"))
    by = record.get("by", "")
    if not isinstance(by, str) or len(by) > MAX_ID_LENGTH:
        raise ValueError("by is not a tab token")
    return SavedGame(ident, read_int(record, "rev", 0, 2**53), text, challenge, read_int(record, "at", 0, 2**53), by)


def migrate_game_v1(record: Mapping[str, Any]) -> dict[str, Any]:
    """Schema 1 held only the game's text: it gets an id and revision 1."""
    return {"version": 2, "id": "v1-game", "rev": 1, "game": record.get("game"), "at": 0}


def set_aside_record(games: Iterable[SavedGame]) -> dict[str, Any]:
    return {"version": SET_ASIDE_VERSION,
            "games": [{k: v for k, v in saved_game_record(g).items() if k != "version"} for g in games]}


def set_aside_from_record(record: Mapping[str, Any]) -> tuple[SavedGame, ...]:
    games = record.get("games")
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
