"""Reading stored records: JSON fields checked one by one, and schema versions brought up to date.

Every record is a JSON object with a ``"version"``; each key's module names its current
version and its :data:`Migrations` (``docs/storage.md``, "Migrations"). A field that is
missing, of the wrong type or out of range raises ``ValueError`` saying which, and the
store turns that into a notice (``game.records.safe_store``).

>>> record = decode_record('{"version": 1, "score": 250, "preset": "official"}', 1)
>>> read_int(record, "score", 0, 1575), read_preset(record)
(250, 'official')
>>> read_int({"score": True}, "score", 0, 1575)
Traceback (most recent call last):
...
ValueError: score is not a whole number
>>> encode_record({"version": 1, "name": "Zoë"})
'{"version":1,"name":"Zoë"}'
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from datetime import date
from typing import Any, TypeAlias

from game.core import rules
from game.core.rulesets import RULESETS

#: The longest id a record may carry (a game's, a score entry's, a tab token).
MAX_ID_LENGTH = 64
#: The largest whole number JavaScript keeps exact: the bound of every ``at`` (ms since 1970 UTC).
MAX_STAMP = 2**53
#: How a record is brought up to date, step by step: {from version: the step to the next}.
Migrations: TypeAlias = Mapping[int, Callable[[Mapping[str, Any]], dict[str, Any]]]


def decode_record(raw: str, version: int, migrations: Migrations | None = None) -> dict[str, Any]:
    """Parse a stored record and migrate it to ``version``; ``ValueError`` says what is wrong.

    >>> decode_record('{"version": 9}', 1)
    Traceback (most recent call last):
    ...
    ValueError: it was saved by a newer version of the game (schema 9)
    """
    data = parse_json(raw)
    if not isinstance(data, dict):
        raise ValueError("it is not a JSON object")
    return upgrade(data, version, migrations or {})


def upgrade(data: dict[str, Any], version: int, migrations: Migrations) -> dict[str, Any]:
    """``data`` (a parsed record) migrated to ``version``; ``ValueError`` if it cannot be."""
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


def parse_json(raw: str) -> object:
    """``json.loads``, its every failure a ``ValueError`` saying the text is not JSON."""
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):  # RecursionError: absurdly deep nesting
        raise ValueError("it is not valid JSON") from None


def encode_record(record: Mapping[str, Any]) -> str:
    """The stored text of a record: compact JSON, any Unicode kept as it is."""
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


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
    if preset not in RULESETS:  # a Yahtzee preset, or another game's key ("yatzy")
        raise ValueError(f"unknown preset {preset!r}")
    return preset


def read_id(obj: Mapping[str, Any], what: str) -> str:
    """The ``"id"`` field: 1 to :data:`MAX_ID_LENGTH` characters (``what`` names it in the error)."""
    ident = read_str(obj, "id")
    if not 0 < len(ident) <= MAX_ID_LENGTH:
        raise ValueError(f"{what} must have 1 to {MAX_ID_LENGTH} characters")
    return ident


def check_iso_date(text: str) -> None:
    """Accept ``YYYY-MM-DD`` only (``fromisoformat`` alone also takes ``20240501``)."""
    try:
        ok = len(text) == 10 and date.fromisoformat(text).isoformat() == text
    except ValueError:
        ok = False
    if not ok:
        raise ValueError(f"date {text!r} is not a YYYY-MM-DD date")


def is_score(value: object) -> bool:
    """A final score: a whole number (not ``True``, not ``250.0``) from 0 to ``rules.MAX_SCORE``."""
    return type(value) is int and 0 <= value <= rules.MAX_SCORE
