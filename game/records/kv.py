"""The key-value store under :class:`game.records.safe_store.SafeStore`: localStorage's interface, its errors, a fake.

The browser passes a thin wrapper around ``localStorage`` (``game/web/local_storage.py``)
that turns a browser exception into :func:`storage_error`'s result; the tests and the
no-storage fallback use :class:`MemoryStore`. ``game.records.device`` re-exports every name
here, so ``from game.records.device import MemoryStore, open_records`` is one import.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol


class StorageError(Exception):
    """A failure of the key-value store itself."""


class QuotaExceeded(StorageError):
    """The store is full (the browser's ``QuotaExceededError``); nothing was written."""


class StorageUnavailable(StorageError):
    """The store refuses all access (storage disabled, private mode, a ``SecurityError``)."""


#: DOMException names browsers use for a full localStorage (the second is old Firefox).
QUOTA_ERROR_NAMES = frozenset({"QuotaExceededError", "NS_ERROR_DOM_QUOTA_REACHED"})


def storage_error(name: str, message: str = "") -> StorageError:
    """The error a localStorage wrapper should raise for a browser exception named ``name``.

    >>> type(storage_error("QuotaExceededError")).__name__
    'QuotaExceeded'
    >>> type(storage_error("SecurityError")).__name__
    'StorageUnavailable'
    """
    kind = QuotaExceeded if name in QUOTA_ERROR_NAMES else StorageUnavailable
    return kind(f"{name}: {message}" if message else name)


def is_quota_error(error: BaseException) -> bool:
    """A full store: our :class:`QuotaExceeded`, or any error whose ``name`` says so."""
    return isinstance(error, QuotaExceeded) or getattr(error, "name", None) in QUOTA_ERROR_NAMES


class KeyValueStore(Protocol):
    """The part of the browser's ``localStorage`` the game uses."""

    def get_item(self, key: str) -> str | None: ...
    def set_item(self, key: str, value: str) -> None: ...
    def remove_item(self, key: str) -> None: ...
    def keys(self) -> list[str]: ...


class MemoryStore:
    """A dict with localStorage's methods and failure modes, for tests and as the fallback.

    ``quota`` counts bytes as browsers do, two per UTF-16 unit of every key and value;
    ``broken`` makes every call raise, like storage disabled by the browser.

    >>> store = MemoryStore(quota=8)
    >>> store.set_item("k", "v")
    >>> store.set_item("k", "too long")
    Traceback (most recent call last):
    ...
    game.records.kv.QuotaExceeded: QuotaExceededError: 18 bytes needed, quota 8
    >>> store.get_item("k")
    'v'
    """

    def __init__(self, items: Mapping[str, str] | None = None, *, quota: int | None = None,
                 broken: bool = False) -> None:
        self.items: dict[str, str] = dict(items or {})
        self.quota = quota
        self.broken = broken

    def get_item(self, key: str) -> str | None:
        self._check()
        return self.items.get(key)

    def set_item(self, key: str, value: str) -> None:
        self._check()
        if self.quota is not None:
            old = _size(key, self.items[key]) if key in self.items else 0
            needed = self.used() - old + _size(key, value)
            if needed > self.quota:
                raise QuotaExceeded(f"QuotaExceededError: {needed} bytes needed, quota {self.quota}")
        self.items[key] = value

    def remove_item(self, key: str) -> None:
        self._check()
        self.items.pop(key, None)

    def keys(self) -> list[str]:
        self._check()
        return list(self.items)

    def used(self) -> int:
        return sum(_size(k, v) for k, v in self.items.items())

    def _check(self) -> None:
        if self.broken:
            raise StorageUnavailable("SecurityError: access to localStorage is denied")


def _size(key: str, value: str) -> int:
    return len((key + value).encode("utf-16-le", "surrogatepass"))
