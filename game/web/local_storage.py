"""``window.localStorage`` behind the :class:`game.records.kv.KeyValueStore` protocol.

Errors are left to propagate: :class:`game.records.safe_store.SafeStore` reads a ``JsException``'s
``name`` ("QuotaExceededError") to tell a full store from a broken one.
"""

from __future__ import annotations

from typing import Any

from game.web.dom import found


class LocalStore:
    def __init__(self, local_storage: Any) -> None:
        self.local = local_storage

    def get_item(self, key: str) -> str | None:
        value = self.local.getItem(key)
        return str(value) if found(value) else None

    def set_item(self, key: str, value: str) -> None:
        self.local.setItem(key, value)

    def remove_item(self, key: str) -> None:
        self.local.removeItem(key)

    def keys(self) -> list[str]:
        return [str(self.local.key(i)) for i in range(int(self.local.length))]


def open_local_store(window: Any) -> LocalStore | None:
    """The page's localStorage, or None where even reaching it throws (storage disabled)."""
    try:
        local = window.localStorage
    except Exception:
        return None
    return LocalStore(local) if found(local) else None
