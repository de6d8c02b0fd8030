"""The high-score table as values: entries, ranking, player names, and the JSON record.

Nothing here touches storage; :mod:`game.records.device` reads and writes the record.
The table keeps the 15 best scores; a higher score ranks first and, on equal scores,
the one made earlier stays ahead.

>>> a = ScoreEntry("a", "Ann", 250, "2024-05-01", "official", 1, False, at=1)
>>> b = ScoreEntry("b", "Bob", 250, "2024-05-02", "official", 1, False, at=2)
>>> [e.name for e in rank([b, a])]
['Ann', 'Bob']
>>> qualifies(rank([a, b]), 0)
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any

from game.core import rules
from game.core.names import DEFAULT_NAME, NAME_LENGTH, clean_name  # noqa: F401 (re-exported)

TABLE_SIZE = 15
#: A sanity bound for stored data, not the game's seat limit: it only rejects nonsense.
MAX_PLAYERS = 99
SCORES_VERSION = 1


@dataclass(frozen=True)
class ScoreEntry:
    """One line of the table.

    ``date`` is the calendar date shown to the player (ISO ``YYYY-MM-DD``); ``at`` is
    when the score was made, in milliseconds since 1970 UTC, and only orders ties.
    ``id`` is unique, so the screen can highlight the entry just made.
    """

    id: str
    name: str
    score: int
    date: str
    preset: str
    players: int
    assisted: bool
    at: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id, "name": self.name, "score": self.score, "date": self.date,
            "preset": self.preset, "players": self.players, "assisted": self.assisted, "at": self.at,
        }

    @classmethod
    def from_json(cls, obj: object) -> ScoreEntry:
        """Check every field; raise ``ValueError`` saying what is wrong.

        >>> ScoreEntry.from_json({"id": "x", "name": "Al", "score": -5})
        Traceback (most recent call last):
        ...
        ValueError: score -5 is out of range (0 to 1575)
        """
        if not isinstance(obj, Mapping):
            raise ValueError("a high-score entry is not a JSON object")
        ident = read_str(obj, "id")
        if not 0 < len(ident) <= 64:
            raise ValueError("an entry id must have 1 to 64 characters")
        name = clean_name(read_str(obj, "name"))
        score = read_int(obj, "score", 0, rules.MAX_SCORE)
        day = read_str(obj, "date")
        check_iso_date(day)
        preset = read_preset(obj)
        players = read_int(obj, "players", 1, MAX_PLAYERS)
        assisted = read_bool(obj, "assisted")
        at = read_int(obj, "at", 0, 2**53)  # 2**53: the largest whole number JavaScript keeps exact
        return cls(ident, name, score, day, preset, players, assisted, at)


def rank(entries: Iterable[ScoreEntry]) -> tuple[ScoreEntry, ...]:
    """The table: best first, ties in the order they were made, one line per id, at most 15.

    Two tabs that merge the same entries get the same table, whatever the merge order:
    the sort key is total (``id`` breaks the rare tie of equal scores at the same instant).
    """
    unique: dict[str, ScoreEntry] = {}
    for entry in entries:
        unique.setdefault(entry.id, entry)
    ordered = sorted(unique.values(), key=lambda e: (-e.score, e.at, e.id))
    return tuple(ordered[:TABLE_SIZE])


def qualifies(table: tuple[ScoreEntry, ...], score: int) -> bool:
    """Whether ``score`` would enter ``table``; equalling the last line is not enough.

    >>> qualifies((), 0)
    True
    """
    return len(table) < TABLE_SIZE or score > table[-1].score


def scores_record(table: Iterable[ScoreEntry]) -> dict[str, Any]:
    return {"version": SCORES_VERSION, "entries": [e.to_json() for e in table]}


def scores_from_record(data: Mapping[str, Any]) -> tuple[ScoreEntry, ...]:
    """The table stored in a version-1 record (see ``docs/storage.md``)."""
    entries = data.get("entries")
    if not isinstance(entries, list):
        raise ValueError("entries is not a list")
    return rank(ScoreEntry.from_json(e) for e in entries)


def migrate_v0(data: Mapping[str, Any]) -> dict[str, Any]:
    """Version 0 (the prototype's flat list) to version 1.

    Version 0 stored ``[{"name", "score", "when"}]`` under ``yahtzee-highscores``, with
    ``when`` in JavaScript milliseconds and only the official rules. Ids are derived from
    the position, so two tabs migrating the same list make the same ids and merge cleanly.

    >>> migrate_v0({"version": 0, "entries": [{"name": "Ann", "score": 200, "when": 0}]})["entries"][0]
    {'id': 'v0-0', 'name': 'Ann', 'score': 200, 'date': '1970-01-01', 'preset': 'official', \
'players': 1, 'assisted': False, 'at': 0}
    """
    old = data.get("entries")
    if not isinstance(old, list):
        raise ValueError("the old score list is not a list")
    entries = []
    for index, item in enumerate(old):
        if not isinstance(item, Mapping):
            raise ValueError("an old score is not a JSON object")
        when = read_int(item, "when", 0, 2**53)
        day = datetime.fromtimestamp(when / 1000, tz=UTC).date().isoformat()
        entry = ScoreEntry(
            f"v0-{index}", read_str(item, "name"), read_int(item, "score", 0, rules.MAX_SCORE),
            day, rules.DEFAULT_PRESET, 1, False, when,
        )
        entries.append(entry.to_json())
    return {"version": 1, "entries": entries}


# --- reading JSON fields (shared with game.records.statistics) ----------------------------------------


def read_int(obj: Mapping[str, Any], key: str, low: int, high: int) -> int:
    value = obj.get(key)
    # bool is an int subclass; true is not a count.
    if type(value) is not int:
        raise ValueError(f"{key} is not a whole number")
    if not low <= value <= high:
        raise ValueError(f"{key} {value} is out of range ({low} to {high})")
    return value


def read_str(obj: Mapping[str, Any], key: str) -> str:
    value = obj.get(key)
    if not isinstance(value, str):
        raise ValueError(f"{key} is not text")
    return value


def read_bool(obj: Mapping[str, Any], key: str) -> bool:
    value = obj.get(key)
    if not isinstance(value, bool):
        raise ValueError(f"{key} is not true or false")
    return value


def read_preset(obj: Mapping[str, Any]) -> str:
    preset = read_str(obj, "preset")
    if preset not in rules.PRESETS:
        raise ValueError(f"unknown preset {preset!r}")
    return preset


def check_iso_date(text: str) -> None:
    """Accept ``YYYY-MM-DD`` only (``fromisoformat`` alone also takes ``20240501``)."""
    try:
        ok = len(text) == 10 and date.fromisoformat(text).isoformat() == text
    except ValueError:
        ok = False
    if not ok:
        raise ValueError(f"date {text!r} is not a YYYY-MM-DD date")
