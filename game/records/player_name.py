"""``yahtzee:name``: the last player name typed, offered at the next name prompt.

The name is cleaned (``game.core.names.clean_name``) on the way in and on the way out;
the last write wins.

>>> from game.records.kv import MemoryStore
>>> from game.records.safe_store import SafeStore
>>> name = PlayerName(SafeStore(MemoryStore()))
>>> name.read() is None
True
>>> name.remember("  Ann \\n Lee "), name.read()
('Ann Lee', 'Ann Lee')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.core.names import clean_name
from game.records.fields import decode_record, read_str
from game.records.safe_store import SafeStore

NAME_KEY = "yahtzee:name"
NAME_VERSION = 1


def name_to_record(name: str) -> dict[str, Any]:
    return {"version": NAME_VERSION, "name": name}


def name_from_record(data: Mapping[str, Any]) -> str:
    """The cleaned name of a record already at :data:`NAME_VERSION`."""
    return clean_name(read_str(data, "name"))


class PlayerName:
    def __init__(self, store: SafeStore) -> None:
        self._store = store

    def read(self) -> str | None:
        """The name last remembered on this device, or None."""
        return self._store.load(NAME_KEY, "name", _parse, blank=None)

    def remember(self, name: str) -> str:
        """Keep ``name`` for the next name prompt; returns it cleaned."""
        cleaned = clean_name(name)
        self._store.write_record(NAME_KEY, name_to_record(cleaned), "name")
        return cleaned


def _parse(raw: str) -> str:
    return name_from_record(decode_record(raw, NAME_VERSION))
