"""The one failure-tolerant store every record goes through.

:class:`SafeStore` never raises a storage failure at its caller and never drops stored
data; each failure becomes a :class:`Notice` for the screen (``docs/storage.md``, "When
something goes wrong"): no store at all or one that starts throwing (play goes on in
memory), a full quota (the write is not done, told once per key), unreadable text (copied
to ``yahtzee:backup:<key>:<n>`` first, then started afresh; left untouched when there is
no room for the copy). A notice holds facts, not words: which record, the reason, the
backup key; :mod:`game.screens.storage_words` says them in the player's language.

>>> from game.records.kv import MemoryStore
>>> store = SafeStore(MemoryStore({"k": "not a number"}))
>>> store.load("k", "name", int, blank=None) is None
True
>>> (notice,) = store.take_notices()
>>> notice.code, notice.record, notice.backup, notice.reason  # doctest: +ELLIPSIS
('corrupt', 'name', 'yahtzee:backup:k:1', "invalid literal for int() ...")
>>> store.write("k", "7", "name"), store.load("k", "name", int, blank=None)
(True, 7)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, Literal, TypeVar, get_args

from game.records.fields import encode_record
from game.records.kv import KeyValueStore, MemoryStore, is_quota_error

T = TypeVar("T")

BACKUP_PREFIX = "yahtzee:backup:"
#: Read once at start-up: any key will do, one read proves the store answers.
_PROBE_KEY = "yahtzee:name"


#: Which record a notice is about, one code per thing the player keeps (worded in
#: game.screens.storage_words); "old scores" is the high-score list of an earlier version,
#: "ten" the results of Today's ten,
#: "practice" the positions of your games to practise.
Record = Literal["scores", "old scores", "name", "finished", "game", "set aside", "settings", "stats",
                 "assisted stats", "friends", "ten", "practice"]
RECORDS: tuple[Record, ...] = get_args(Record)


@dataclass(frozen=True)
class Notice:
    """Something the player should know: storage that keeps nothing, a full store, unreadable data.

    ``code`` says which; the rest are its facts: the ``record`` concerned (full, corrupt),
    the ``reason`` it could not be read (the parser's own words), the ``backup`` key its
    text was copied to (None: no room for a copy), the ``preset`` of a statistics record,
    and whether the storage ``stopped`` during play rather than being absent from the start.
    """

    code: Literal["unavailable", "full", "corrupt"]
    record: Record | None = None
    reason: str = ""
    backup: str | None = None
    preset: str | None = None
    stopped: bool = False


_UNAVAILABLE = Notice("unavailable")
_FAILED = Notice("unavailable", stopped=True)


class SafeStore:
    """A key-value store that survives a full quota, corrupt data and no storage at all.

    ``clock`` gives the local time (a new high score's date, every record's ``at``);
    ``new_id`` a new record's id. Both are injectable so tests are exact.
    """

    def __init__(self, kv: KeyValueStore | None, *, clock: Callable[[], datetime] = datetime.now,
                 new_id: Callable[[], str] | None = None) -> None:
        self.now = clock
        self.new_id = new_id or _random_id
        self._notices: list[Notice] = []
        self._seen: dict[str, str] = {}  # the last text read or written per key: the fallback's seed
        self._stuck: set[str] = set()  # unreadable keys that could not be backed up: never overwrite
        self._full: set[str] = set()  # keys whose last write hit the quota (told once)
        self._kv: KeyValueStore = MemoryStore()
        self.persistent = False
        try:
            if kv is not None:
                kv.keys()
                kv.get_item(_PROBE_KEY)
                self._kv, self.persistent = kv, True
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

    def stamp(self) -> int:
        """Now, in milliseconds since 1970 UTC (from the injected clock): a record's ``at``."""
        return int(self.now().timestamp() * 1000)

    # --- reading and writing safely

    def load(self, key: str, record: Record, parse: Callable[[str], T], *, blank: str | None,
             preset: str | None = None) -> T | None:
        """``parse`` of the text under ``key``, or None if there is none or it is unreadable.

        ``parse`` raising ``ValueError`` (or ``RecursionError``) means unreadable: the text is
        backed up and ``blank`` put in its place (the key removed if ``blank`` is None),
        and a notice names the ``record`` (and the ``preset`` of statistics).
        """
        raw = self.get(key)
        if raw is None:
            return None
        try:
            return parse(raw)
        except (ValueError, RecursionError) as error:
            self._set_aside(key, raw, Notice("corrupt", record, str(error), preset=preset), blank)
            return None

    def write(self, key: str, text: str, record: Record, preset: str | None = None) -> bool:
        """Keep ``text`` under ``key``; False (and a notice naming ``record``) if it could not be kept."""
        if key in self._stuck and not self._unstick(key):
            return False
        if self._set(key, text):
            self._full.discard(key)
            return True
        if key not in self._full:
            self._full.add(key)
            self._notify(Notice("full", record, preset=preset))
        return False

    def write_record(self, key: str, data: Mapping[str, Any], record: Record, preset: str | None = None) -> bool:
        """:meth:`write` of a record as compact JSON."""
        return self.write(key, encode_record(data), record, preset)

    def remove(self, key: str) -> None:
        """Remove ``key`` on purpose (the player asked): unreadable text there goes too, without a copy."""
        self._stuck.discard(key)
        self._remove(key)

    def _set_aside(self, key: str, raw: str, notice: Notice, blank: str | None) -> None:
        told = key in self._stuck
        backup = self._backup(key, raw)
        if backup is None:
            self._stuck.add(key)
            if not told:
                self._notify(notice)  # no backup key: the old data was left as it is
            return
        self._stuck.discard(key)
        if blank is None:
            self._remove(key)
        else:
            self._set(key, blank)
        self._notify(replace(notice, backup=backup))

    def _unstick(self, key: str) -> bool:
        """Back up the unreadable text under ``key`` at last; True once it may be overwritten."""
        raw = self.get(key)
        if raw is not None and self._backup(key, raw) is None:
            return False
        self._stuck.discard(key)
        return True

    def _backup(self, key: str, raw: str) -> str | None:
        taken = set(self.keys())
        number = 1
        while f"{BACKUP_PREFIX}{key}:{number}" in taken:
            number += 1
        backup = f"{BACKUP_PREFIX}{key}:{number}"
        return backup if self._set(backup, raw) else None

    # The four calls below are the only ones that touch the store. Any failure other than
    # a full store switches to memory, seeded with what was read so far, and says so.

    def get(self, key: str) -> str | None:
        """The raw text under ``key``, or None."""
        try:
            value = self._kv.get_item(key)
        except Exception:
            self._fail_over()
            value = self._kv.get_item(key)
        if value is None:
            self._seen.pop(key, None)
        else:
            self._seen[key] = value
        return value

    def _set(self, key: str, value: str) -> bool:
        try:
            self._kv.set_item(key, value)
        except Exception as error:
            if is_quota_error(error):
                return False
            self._fail_over()
            self._kv.set_item(key, value)
        self._seen[key] = value
        return True

    def _remove(self, key: str) -> None:
        try:
            self._kv.remove_item(key)
        except Exception:
            self._fail_over()
            self._kv.remove_item(key)
        self._seen.pop(key, None)

    def keys(self) -> list[str]:
        """Every key in the store."""
        try:
            return list(self._kv.keys())
        except Exception:
            self._fail_over()
            return self._kv.keys()

    def _fail_over(self) -> None:
        self._kv, self.persistent = MemoryStore(self._seen), False
        self._notify(_FAILED)


def _random_id() -> str:
    import secrets  # here, not at the top: start-up time in the browser (docs/performance.md)

    return secrets.token_hex(8)
