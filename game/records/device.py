"""One storage adapter for everything the game keeps in the browser's localStorage.

The key-value store is injected: the browser passes a thin wrapper around
``localStorage`` (written in ``game/ui/``), the tests pass a :class:`MemoryStore`.
:class:`Storage` never raises a storage failure at its caller and never drops stored
data; each failure becomes a :class:`Notice` for the screen. ``docs/storage.md`` lists
the keys, the schema and what happens on each failure.

>>> storage = Storage(MemoryStore())
>>> entry_id = storage.add_score("Ann", 254, preset="official", players=1)
>>> [(e.name, e.score) for e in storage.high_scores()]
[('Ann', 254)]
>>> storage.take_notices()
[]
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, TypeVar

from game.core import rules
from game.records.game_slot import (
    GAME_VERSION,
    SET_ASIDE_VERSION,
    SavedGame,
    migrate_game_v1,
    newest_first,
    saved_game_from_record,
    saved_game_record,
    set_aside_from_record,
    set_aside_record,
)
from game.records.high_scores import (
    MAX_PLAYERS,
    SCORES_VERSION,
    ScoreEntry,
    check_iso_date,
    clean_name,
    migrate_v0,
    rank,
    read_bool,
    read_int,
    read_preset,
    read_str,
    scores_from_record,
    scores_record,
)
from game.records.high_scores import qualifies as table_qualifies
from game.records.kv import (  # noqa: F401 (re-exported: the store layer used to live here)
    QUOTA_ERROR_NAMES,
    KeyValueStore,
    MemoryStore,
    QuotaExceeded,
    StorageError,
    StorageUnavailable,
    is_quota_error,
    storage_error,
)
from game.records.statistics import STATS_VERSION, GameResult, Stats

T = TypeVar("T")

GAME_KEY = "yahtzee:game"
SET_ASIDE_KEY = "yahtzee:games"
SCORES_KEY = "yahtzee:scores"
NAME_KEY = "yahtzee:name"
BACKUP_PREFIX = "yahtzee:backup:"
#: Where the prototype (schema 0) kept its flat list of scores.
LEGACY_SCORES_KEY = "yahtzee-highscores"
HISTORY_KEY = "yahtzee:history"
NAME_VERSION = 1
HISTORY_VERSION = 1
#: How many finished games are kept for review; the oldest goes first.
HISTORY_SIZE = 50
#: How each record is brought up to date, step by step: {from version: step}.
SCORES_MIGRATIONS: dict[int, Callable[[Mapping[str, Any]], dict[str, Any]]] = {0: migrate_v0}
GAME_MIGRATIONS: dict[int, Callable[[Mapping[str, Any]], dict[str, Any]]] = {1: migrate_game_v1}


def stats_key(preset: str, assisted: bool) -> str:
    """``yahtzee:stats:official`` or ``yahtzee:stats:official:assisted``."""
    return f"yahtzee:stats:{preset}" + (":assisted" if assisted else "")


# --- records -----------------------------------------------------------------------------


def decode_record(raw: str, version: int,
                  migrations: Mapping[int, Callable[[Mapping[str, Any]], dict[str, Any]]] | None = None,
                  ) -> dict[str, Any]:
    """Parse a stored record and migrate it to ``version``; ``ValueError`` says what is wrong.

    >>> decode_record('{"version": 9}', 1)
    Traceback (most recent call last):
    ...
    ValueError: it was saved by a newer version of the game (schema 9)
    """
    data = _json(raw)
    if not isinstance(data, dict):
        raise ValueError("it is not a JSON object")
    return upgrade(data, version, migrations or {})


def upgrade(data: dict[str, Any], version: int,
            migrations: Mapping[int, Callable[[Mapping[str, Any]], dict[str, Any]]]) -> dict[str, Any]:
    found = data.get("version")
    if type(found) is not int or found < 0:
        raise ValueError("it has no schema version")
    if found > version:
        raise ValueError(f"it was saved by a newer version of the game (schema {found})")
    while found < version:
        if found not in migrations:
            raise ValueError(f"schema {found} is not one this game can read")
        data = migrations[found](data)
        found = data["version"]
    return data


def _json(raw: str) -> Any:
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):  # RecursionError: absurdly deep nesting
        raise ValueError("it is not valid JSON") from None


def _dumps(record: Mapping[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


# --- the adapter -------------------------------------------------------------------------


@dataclass(frozen=True)
class Notice:
    """A short message for the player. ``code`` is one of ``unavailable``, ``full``, ``corrupt``."""

    code: str
    text: str


_UNAVAILABLE = Notice("unavailable", "This browser does not let the game keep data, so high scores, "
                      "statistics and the game in progress will be lost when the page closes.")
_FAILED = Notice("unavailable", "The browser's storage stopped working. Play goes on, but from now on "
                 "nothing will be kept after the page closes.")


class Storage:
    """Everything the game keeps: the game in progress, high scores, the last name, statistics,
    and the last 50 finished games for review.

    ``clock`` gives the local time of a new high score; ``new_id`` its id. Both are
    injectable so tests are exact. Read-merge-write keeps two open tabs from erasing
    each other's scores and games: every write re-reads the record first.
    """

    def __init__(self, store: KeyValueStore | None, *, clock: Callable[[], datetime] = datetime.now,
                 new_id: Callable[[], str] | None = None) -> None:
        self._clock = clock
        self._new_id = new_id or _random_id
        self._notices: list[Notice] = []
        self._seen: dict[str, str] = {}  # the last text read or written per key: the fallback's seed
        self._stuck: set[str] = set()  # unreadable keys that could not be backed up: never overwrite
        self._full: set[str] = set()  # keys whose last write hit the quota (told once)
        self._pending_scores: list[ScoreEntry] = []  # made but not yet written
        self._pending_games: dict[tuple[str, bool], list[GameResult]] = {}
        self._pending_history: list[tuple[FinishedGame, str]] = []
        self._current: tuple[str, SavedGame] | None = None  # the game record's text and its value
        self._store: KeyValueStore = MemoryStore()
        self.persistent = False
        try:
            if store is not None:
                store.keys()
                store.get_item(NAME_KEY)
                self._store, self.persistent = store, True
        except Exception:  # any failure at all means the same to the player: nothing is kept
            pass
        if not self.persistent:
            self._notify(_UNAVAILABLE)

    # --- notices

    @property
    def notices(self) -> tuple[Notice, ...]:
        return tuple(self._notices)

    def take_notices(self) -> list[Notice]:
        """The notices not yet shown, oldest first; the list empties."""
        taken, self._notices = self._notices, []
        return taken

    def _notify(self, notice: Notice) -> None:
        if notice not in self._notices:
            self._notices.append(notice)

    # --- the games in progress (game.records.game_slot: revisions, the set-aside list)

    def current_game(self) -> SavedGame | None:
        """The game on the board as last saved by any tab, or None (none yet, or unreadable)."""
        return self._load(GAME_KEY, "the saved game", self._parse_current, blank=None)

    def _parse_current(self, raw: str) -> SavedGame:
        # Every action reads the record first (is another tab ahead?): while its text is the
        # one last read or written here, the parsed value is reused instead of parsed again.
        if self._current is None or self._current[0] != raw:
            self._current = (raw, saved_game_from_record(decode_record(raw, GAME_VERSION, GAME_MIGRATIONS)))
        return self._current[1]

    def stamp(self) -> int:
        """Now, in milliseconds since 1970 UTC (from the injected clock): a record's ``at``."""
        return int(self._clock().timestamp() * 1000)

    def save_current(self, game: SavedGame) -> bool:
        """Keep ``game`` as the one on the board; False if it could not be kept."""
        raw = _dumps(saved_game_record(game))
        if not self._write(GAME_KEY, raw, "the game in progress"):
            return False
        self._current = (raw, game)
        return True

    def load_game(self, restore: Callable[[str], T]) -> T | None:
        """``restore(text)`` of the game on the board, or None. A ``ValueError`` from it means corrupt data.

        >>> storage = Storage(MemoryStore())
        >>> storage.save_current(SavedGame("g", 1, "[1]"))
        True
        >>> storage.load_game(json.loads)
        [1]
        """
        def parse(raw: str) -> T | None:
            game = self._parse_current(raw)
            return None if game.text is None else restore(game.text)

        return self._load(GAME_KEY, "the saved game", parse, blank=None)

    def set_aside_games(self) -> tuple[SavedGame, ...]:
        """The games set aside (by a link or New game), played last first."""
        empty = _dumps(set_aside_record(()))
        return self._load(SET_ASIDE_KEY, "the games set aside", _parse_set_aside, blank=empty) or ()

    def set_aside(self, game: SavedGame) -> bool:
        """Add ``game`` to the set-aside list (merged with what another tab put there)."""
        if game.ended:
            raise ValueError("an ended game is in the review history, not set aside")
        kept = newest_first([*self.set_aside_games(), game])
        return self._write(SET_ASIDE_KEY, _dumps(set_aside_record(kept)), "the game set aside")

    def take_set_aside(self, game_id: str) -> SavedGame | None:
        """Remove the set-aside game ``game_id`` from the list and return it (None if it is gone)."""
        games = self.set_aside_games()
        found = next((g for g in games if g.id == game_id), None)
        if found is not None:
            rest = [g for g in games if g.id != game_id]
            if not self._write(SET_ASIDE_KEY, _dumps(set_aside_record(rest)), "the games set aside"):
                return None  # could not take it off the list: it stays there, nothing lost
        return found

    # --- high scores

    def high_scores(self) -> tuple[ScoreEntry, ...]:
        """The table, best first: the stored one merged with any score not written yet."""
        return rank([*self._stored_scores(), *self._pending_scores])

    def qualifies(self, score: int) -> bool:
        return _is_score(score) and table_qualifies(self.high_scores(), score)

    def add_score(self, name: str, score: int, *, preset: str, players: int, assisted: bool = False,
                  ) -> str | None:
        """Enter a final score; the new entry's id, or None if it does not make the table.

        Raises ``ValueError`` only for arguments no game produces (a score of 2000).
        """
        if not _is_score(score) or type(players) is not int or players < 1:
            raise ValueError(f"not a final score: {score!r} with {players!r} players")
        rules.check_preset(preset)
        if not self.qualifies(score):
            return None
        now = self._clock()
        entry = ScoreEntry(self._new_id(), clean_name(name), score, now.date().isoformat(), preset,
                           players, bool(assisted), at=int(now.timestamp() * 1000))
        self._pending_scores.append(entry)
        table = rank([*self._stored_scores(), *self._pending_scores])  # re-read: another tab may have written
        if self._write(SCORES_KEY, _dumps(scores_record(table)), "your high score"):
            self._pending_scores.clear()
        else:  # kept for this session and written with the next score; lines cut off go
            self._pending_scores = [e for e in self._pending_scores if e in table]
        return entry.id if entry in table else None

    def rename_score(self, entry_id: str, name: str) -> bool:
        """Put ``name`` on the entry ``entry_id`` (the name prompt after a game); False if gone.

        The score is entered first under the player's name and renamed after, so closing
        the tab during the prompt loses nothing.
        """
        cleaned = clean_name(name)
        self._pending_scores = [replace(e, name=cleaned) if e.id == entry_id else e for e in self._pending_scores]
        stored = self._stored_scores()
        if not any(e.id == entry_id for e in (*stored, *self._pending_scores)):
            return False
        table = rank([replace(e, name=cleaned) if e.id == entry_id else e for e in stored])
        table = rank([*table, *self._pending_scores])
        if self._write(SCORES_KEY, _dumps(scores_record(table)), "your high score"):
            self._pending_scores.clear()
        return True

    def _stored_scores(self) -> tuple[ScoreEntry, ...]:
        if self._get(SCORES_KEY) is None and self._get(LEGACY_SCORES_KEY) is not None:
            legacy = self._load(LEGACY_SCORES_KEY, "the high scores of an earlier version", _parse_legacy,
                                blank=None)
            if legacy is not None:
                # The old key stays as it was; it is read only while no new record exists.
                self._write(SCORES_KEY, _dumps(scores_record(legacy)), "your high scores")
                return legacy
        empty = _dumps(scores_record(()))  # not a removal: that would bring the old list back
        return self._load(SCORES_KEY, "your high scores", _parse_scores, blank=empty) or ()

    # --- the last player name

    def last_name(self) -> str | None:
        def parse(raw: str) -> str:
            return clean_name(read_str(decode_record(raw, NAME_VERSION), "name"))

        return self._load(NAME_KEY, "the remembered player name", parse, blank=None)

    def remember_name(self, name: str) -> str:
        """Keep ``name`` for the next name prompt; returns it cleaned."""
        cleaned = clean_name(name)
        self._write(NAME_KEY, _dumps({"version": NAME_VERSION, "name": cleaned}), "the player name")
        return cleaned

    # --- statistics

    def stats(self, preset: str, *, assisted: bool = False) -> Stats:
        rules.check_preset(preset)
        assisted = bool(assisted)  # the flag is part of a key: 1 and True must be one record

        def parse(raw: str) -> Stats:
            return Stats.from_record(decode_record(raw, STATS_VERSION), preset, assisted)

        found = self._load(stats_key(preset, assisted), _stats_name(preset, assisted), parse, blank=None)
        current = found or Stats(preset, assisted)
        for game in self._pending_games.get((preset, assisted), ()):
            current = current.with_game(game)
        return current

    def record_game(self, score: int, *, preset: str, yahtzees: int, upper_bonus: bool,
                    assisted: bool = False) -> Stats:
        """Count one finished scorecard; returns the updated statistics.

        The stored counters are re-read just before the write, so a game counted in
        another tab meanwhile is kept. Raises ``ValueError`` only for impossible arguments.
        """
        rules.check_preset(preset)
        assisted = bool(assisted)
        pending = self._pending_games.setdefault((preset, assisted), [])
        pending.append(GameResult(score, yahtzees, upper_bonus))
        updated = self.stats(preset, assisted=assisted)
        if self._write(stats_key(preset, assisted), _dumps(updated.to_record()), "the statistics"):
            pending.clear()
        return updated

    def reset_stats(self, *, confirmed: bool, preset: str | None = None) -> bool:
        """Erase the statistics of ``preset`` (all presets if None), assisted ones included.

        Does nothing unless ``confirmed is True``: the screen asks the player first.
        """
        if confirmed is not True:
            return False
        for name in rules.PRESETS if preset is None else (rules.check_preset(preset),):
            for assisted in (False, True):
                self._pending_games.pop((name, assisted), None)
                self._stuck.discard(stats_key(name, assisted))  # the player chose to discard them
                self._remove(stats_key(name, assisted))
        return True

    # --- finished games, kept for review

    def add_finished_game(self, text: str, *, game_id: str, finished: str, preset: str, players: list[str],
                          scores: list[int], assisted: bool) -> bool:
        """Keep a finished game (``text`` from ``game.core.save.dumps``: every move is in it) for review.

        ``finished`` is the local date ``YYYY-MM-DD``; ``players`` the names in seat order and
        ``scores`` their final totals. Only the newest 50 games are kept. Adding a ``game_id``
        already kept changes nothing. False if it could not be written (the store is full).
        Raises ``ValueError`` only for arguments no game produces.
        """
        if not isinstance(text, str) or not text:
            raise TypeError("add_finished_game keeps the text of game.core.save.dumps")
        now = self.stamp()
        entry = _finished_from_json({"id": game_id, "finished": finished, "preset": preset, "players": _listed(players),
                                     "scores": _listed(scores), "assisted": assisted, "at": now})
        self._pending_history.append((entry, text))
        kept = self._history()  # re-read: another tab may have kept a game meanwhile
        if self._write(HISTORY_KEY, _dumps(history_record(kept)), "the finished game for review"):
            self._pending_history.clear()
            return True
        # Kept for this session and written with the next finished game.
        self._pending_history = [(e, t) for e, t in self._pending_history if any(k is e for k, _ in kept)]
        return False

    def finished_games(self) -> tuple[FinishedGame, ...]:
        """The games kept for review, newest first (without their moves: see :meth:`finished_game`)."""
        return tuple(entry for entry, _ in self._history())

    def finished_game(self, game_id: str) -> str | None:
        """The ``game.core.save.dumps`` text of the kept game ``game_id``, or None if it is not kept."""
        return next((text for entry, text in self._history() if entry.id == game_id), None)

    def history(self) -> list[tuple[FinishedGame, str]]:
        """Every kept game with its text, newest first."""
        return self._history()

    def write_record(self, key: str, record: Mapping[str, Any], what: str) -> bool:
        """Write a whole record (a restored backup, game.records.backup); False if it could not be kept."""
        return self._write(key, _dumps(record), what)

    def _history(self) -> list[tuple[FinishedGame, str]]:
        stored = self._load(HISTORY_KEY, "the finished games kept for review", parse_history, blank=None) or []
        return newest_history([*stored, *self._pending_history])

    # --- reading and writing safely

    def _load(self, key: str, what: str, parse: Callable[[str], T], *, blank: str | None) -> T | None:
        """``parse`` of the text under ``key``; unreadable text is backed up and ``blank`` put in."""
        raw = self._get(key)
        if raw is None:
            return None
        try:
            return parse(raw)
        except (ValueError, RecursionError) as error:
            self._set_aside(key, raw, what, str(error), blank)
            return None

    def _set_aside(self, key: str, raw: str, what: str, reason: str, blank: str | None) -> None:
        told = key in self._stuck
        backup = self._backup(key, raw)
        if backup is None:
            self._stuck.add(key)
            if not told:
                self._notify(Notice("corrupt", f"Could not read {what} ({reason}). There is no room to keep "
                                    "a copy, so the old data was left as it is and changes will not be saved."))
            return
        self._stuck.discard(key)
        if blank is None:
            self._remove(key)
        else:
            self._set(key, blank)
        self._notify(Notice("corrupt", f"Could not read {what} ({reason}), so it starts afresh. "
                            f"The old data was kept in the browser as {backup}."))

    def _unstick(self, key: str) -> bool:
        """Back up the unreadable text under ``key`` at last; True once it may be overwritten."""
        raw = self._get(key)
        if raw is not None and self._backup(key, raw) is None:
            return False
        self._stuck.discard(key)
        return True

    def _backup(self, key: str, raw: str) -> str | None:
        taken = set(self._keys())
        number = 1
        while f"{BACKUP_PREFIX}{key}:{number}" in taken:
            number += 1
        backup = f"{BACKUP_PREFIX}{key}:{number}"
        return backup if self._set(backup, raw) else None

    def _write(self, key: str, value: str, what: str) -> bool:
        if key in self._stuck and not self._unstick(key):
            return False
        if self._set(key, value):
            self._full.discard(key)
            return True
        if key not in self._full:
            self._full.add(key)
            self._notify(Notice("full", f"The browser's storage is full, so {what} could not be saved. "
                                "Play goes on, and nothing saved before was lost."))
        return False

    # The four calls below are the only ones that touch the store. Any failure other than
    # a full store switches to memory, seeded with what was read so far, and says so.

    def _get(self, key: str) -> str | None:
        try:
            value = self._store.get_item(key)
        except Exception:
            self._fail_over()
            value = self._store.get_item(key)
        if value is None:
            self._seen.pop(key, None)
        else:
            self._seen[key] = value
        return value

    def _set(self, key: str, value: str) -> bool:
        try:
            self._store.set_item(key, value)
        except Exception as error:
            if is_quota_error(error):
                return False
            self._fail_over()
            self._store.set_item(key, value)
        self._seen[key] = value
        return True

    def _remove(self, key: str) -> None:
        try:
            self._store.remove_item(key)
        except Exception:
            self._fail_over()
            self._store.remove_item(key)
        self._seen.pop(key, None)

    def _keys(self) -> list[str]:
        try:
            return list(self._store.keys())
        except Exception:
            self._fail_over()
            return self._store.keys()

    def _fail_over(self) -> None:
        self._store, self.persistent = MemoryStore(self._seen), False
        self._notify(_FAILED)


def _is_score(score: object) -> bool:
    return type(score) is int and 0 <= score <= rules.MAX_SCORE


def _parse_scores(raw: str) -> tuple[ScoreEntry, ...]:
    return scores_from_record(decode_record(raw, SCORES_VERSION, SCORES_MIGRATIONS))


def _parse_set_aside(raw: str) -> tuple[SavedGame, ...]:
    return set_aside_from_record(decode_record(raw, SET_ASIDE_VERSION))


def _parse_legacy(raw: str) -> tuple[ScoreEntry, ...]:
    data = _json(raw)
    if not isinstance(data, list):
        raise ValueError("it is not a list of scores")
    return scores_from_record(upgrade({"version": 0, "entries": data}, SCORES_VERSION, SCORES_MIGRATIONS))


@dataclass(frozen=True)
class FinishedGame:
    """A finished game kept for review: who played, the scores, and when.

    ``finished`` is the local date shown to the player; ``at`` (milliseconds since 1970
    UTC, when it was kept) orders the list, newest first, ``id`` breaking ties.
    """

    id: str
    finished: str
    preset: str
    players: tuple[str, ...]
    scores: tuple[int, ...]
    assisted: bool
    at: int

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "finished": self.finished, "preset": self.preset, "players": list(self.players),
                "scores": list(self.scores), "assisted": self.assisted, "at": self.at}


def _finished_from_json(obj: Any) -> FinishedGame:
    """Check every field of a kept game (all but its text); ``ValueError`` says what is wrong."""
    if not isinstance(obj, Mapping):
        raise ValueError("a finished game is not a JSON object")
    ident = read_str(obj, "id")
    if not 0 < len(ident) <= 64:
        raise ValueError("a game id must have 1 to 64 characters")
    finished = read_str(obj, "finished")
    check_iso_date(finished)
    players, scores = obj.get("players"), obj.get("scores")
    if not isinstance(players, list) or not 0 < len(players) <= MAX_PLAYERS:
        raise ValueError(f"players is not a list of 1 to {MAX_PLAYERS} names")
    if not all(isinstance(name, str) for name in players):
        raise ValueError("a player name is not text")
    if not isinstance(scores, list) or len(scores) != len(players):
        raise ValueError("scores is not a list with one score per player")
    if not all(_is_score(score) for score in scores):
        raise ValueError(f"a score is not a whole number from 0 to {rules.MAX_SCORE}")
    return FinishedGame(ident, finished, read_preset(obj), tuple(map(clean_name, players)), tuple(scores),
                        read_bool(obj, "assisted"), read_int(obj, "at", 0, 2**53))


def _listed(values: Any) -> Any:
    return list(values) if isinstance(values, tuple) else values


def newest_history(kept: list[tuple[FinishedGame, str]]) -> list[tuple[FinishedGame, str]]:
    """Newest first, one game per id (the first met wins: stored before pending), at most 50."""
    unique: dict[str, tuple[FinishedGame, str]] = {}
    for entry, text in kept:
        unique.setdefault(entry.id, (entry, text))
    return sorted(unique.values(), key=lambda kept: (-kept[0].at, kept[0].id))[:HISTORY_SIZE]


def history_record(kept: list[tuple[FinishedGame, str]]) -> dict[str, Any]:
    return {"version": HISTORY_VERSION, "games": [{**entry.to_json(), "game": text} for entry, text in kept]}


def parse_history(raw: str) -> list[tuple[FinishedGame, str]]:
    games = decode_record(raw, HISTORY_VERSION).get("games")
    if not isinstance(games, list):
        raise ValueError("games is not a list")
    kept = [(_finished_from_json(game), read_str(game, "game")) for game in games]
    if any(not text for _, text in kept):
        raise ValueError("a finished game has no moves")
    return newest_history(kept)


def _stats_name(preset: str, assisted: bool) -> str:
    return f"the statistics for {rules.PRESET_LABELS[preset]}" + (" (assisted games)" if assisted else "")


def _random_id() -> str:
    import secrets  # here, not at the top: start-up time in the browser (docs/performance.md)

    return secrets.token_hex(8)
