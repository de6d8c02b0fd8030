"""``yahtzee:scores``: the high-score table, the 15 best scores of this device.

A higher score ranks first and, on equal scores, the one made earlier stays ahead. The
prototype's flat list (schema 0, under ``yahtzee-highscores``) is migrated on reading and
left where it was. Every write re-reads the table and merges by id, so two tabs keep
each other's scores.

>>> a = ScoreEntry("a", "Ann", 250, "2024-05-01", "official", 1, False, at=1)
>>> b = ScoreEntry("b", "Bob", 250, "2024-05-02", "official", 1, False, at=2)
>>> [e.name for e in rank([b, a])]
['Ann', 'Bob']
>>> qualifies(rank([a, b]), 0)
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

from game.core import rules
from game.core.names import clean_name
from game.core.players import MAX_PLAYERS
from game.core.rulesets import check_ruleset
from game.records.fields import (
    MAX_STAMP,
    Migrations,
    check_iso_date,
    decode_record,
    encode_record,
    is_score,
    parse_json,
    read_bool,
    read_id,
    read_int,
    read_preset,
    read_str,
    upgrade,
)
from game.records.safe_store import SafeStore

SCORES_KEY = "yahtzee:scores"
#: Where the prototype (schema 0) kept its flat list of scores; read, never written.
LEGACY_SCORES_KEY = "yahtzee-highscores"
SCORES_VERSION = 1
TABLE_SIZE = 15


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


def entry_to_record(entry: ScoreEntry) -> dict[str, Any]:
    return {"id": entry.id, "name": entry.name, "score": entry.score, "date": entry.date, "preset": entry.preset,
            "players": entry.players, "assisted": entry.assisted, "at": entry.at}


def entry_from_record(data: object) -> ScoreEntry:
    """Check every field; raise ``ValueError`` saying what is wrong.

    >>> entry_from_record({"id": "x", "name": "Al", "score": -5})
    Traceback (most recent call last):
    ...
    ValueError: score -5 is out of range (0 to 1575)
    """
    if not isinstance(data, Mapping):
        raise ValueError("a high-score entry is not a JSON object")
    ident = read_id(data, "an entry id")
    name = clean_name(read_str(data, "name"))
    score = read_int(data, "score", 0, rules.MAX_SCORE)
    day = read_str(data, "date")
    check_iso_date(day)
    preset = read_preset(data)
    players = read_int(data, "players", 1, MAX_PLAYERS)
    assisted = read_bool(data, "assisted")
    at = read_int(data, "at", 0, MAX_STAMP)
    return ScoreEntry(ident, name, score, day, preset, players, assisted, at)


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


def scores_to_record(table: Iterable[ScoreEntry]) -> dict[str, Any]:
    return {"version": SCORES_VERSION, "entries": [entry_to_record(e) for e in table]}


def scores_from_record(data: Mapping[str, Any]) -> tuple[ScoreEntry, ...]:
    """The table stored in a record already at :data:`SCORES_VERSION` (see ``docs/storage.md``)."""
    entries = data.get("entries")
    if not isinstance(entries, list):
        raise ValueError("entries is not a list")
    return rank(entry_from_record(e) for e in entries)


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
        when = read_int(item, "when", 0, MAX_STAMP)
        day = datetime.fromtimestamp(when / 1000, tz=UTC).date().isoformat()
        entry = ScoreEntry(f"v0-{index}", read_str(item, "name"), read_int(item, "score", 0, rules.MAX_SCORE),
                           day, rules.DEFAULT_PRESET, 1, False, when)
        entries.append(entry_to_record(entry))
    return {"version": 1, "entries": entries}


SCORES_MIGRATIONS: Migrations = {0: migrate_v0}


class HighScores:
    """The table as every tab left it, with this tab's entries not yet written (the store was full)."""

    def __init__(self, store: SafeStore) -> None:
        self._store = store
        self._pending: list[ScoreEntry] = []  # made but not yet written

    def table(self) -> tuple[ScoreEntry, ...]:
        """The table, best first: the stored one merged with any score not written yet."""
        return rank([*self._stored(), *self._pending])

    def qualifies(self, score: int) -> bool:
        """Whether a final ``score`` would enter the table (anything but a final score does not)."""
        return is_score(score) and qualifies(self.table(), score)

    def add(self, name: str, score: int, *, preset: str, players: int, assisted: bool = False) -> str | None:
        """Enter a final score; the new entry's id, or None if it does not make the table.

        Raises ``ValueError`` only for arguments no game produces (a score of 2000, 7 players).
        """
        if not is_score(score) or type(players) is not int or not 1 <= players <= MAX_PLAYERS:
            raise ValueError(f"not a final score: {score!r} with {players!r} players")
        check_ruleset(preset)
        if not self.qualifies(score):
            return None
        now = self._store.now()
        entry = ScoreEntry(self._store.new_id(), clean_name(name), score, now.date().isoformat(), preset,
                           players, bool(assisted), at=int(now.timestamp() * 1000))
        self._pending.append(entry)
        table = rank([*self._stored(), *self._pending])  # re-read: another tab may have written
        if self._store.write_record(SCORES_KEY, scores_to_record(table), "scores"):
            self._pending.clear()
        else:  # kept for this session and written with the next score; lines cut off go
            self._pending = [e for e in self._pending if e in table]
        return entry.id if entry in table else None

    def rename(self, entry_id: str, name: str) -> bool:
        """Put ``name`` on the entry ``entry_id`` (the name prompt after a game); False if gone.

        The score is entered first under the player's name and renamed after, so closing
        the tab during the prompt loses nothing.
        """
        cleaned = clean_name(name)
        self._pending = [replace(e, name=cleaned) if e.id == entry_id else e for e in self._pending]
        stored = self._stored()
        if not any(e.id == entry_id for e in (*stored, *self._pending)):
            return False
        table = rank([replace(e, name=cleaned) if e.id == entry_id else e for e in stored])
        table = rank([*table, *self._pending])
        if self._store.write_record(SCORES_KEY, scores_to_record(table), "scores"):
            self._pending.clear()
        return True

    def _stored(self) -> tuple[ScoreEntry, ...]:
        store = self._store
        if store.get(SCORES_KEY) is None and store.get(LEGACY_SCORES_KEY) is not None:
            legacy = store.load(LEGACY_SCORES_KEY, "old scores", _parse_legacy,
                                blank=None)
            if legacy is not None:
                # The old key stays as it was; it is read only while no new record exists.
                store.write_record(SCORES_KEY, scores_to_record(legacy), "scores")
                return legacy
        empty = encode_record(scores_to_record(()))  # not a removal: that would bring the old list back
        return store.load(SCORES_KEY, "scores", _parse, blank=empty) or ()


def _parse(raw: str) -> tuple[ScoreEntry, ...]:
    return scores_from_record(decode_record(raw, SCORES_VERSION, SCORES_MIGRATIONS))


def _parse_legacy(raw: str) -> tuple[ScoreEntry, ...]:
    data = parse_json(raw)
    if not isinstance(data, list):
        raise ValueError("it is not a list of scores")
    return scores_from_record(upgrade({"version": 0, "entries": data}, SCORES_VERSION, SCORES_MIGRATIONS))
