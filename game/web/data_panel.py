"""Keeping the data: persistent storage, and Back up / Restore (in the Statistics dialog).

Browsers may evict a site's localStorage under storage pressure (Safari after weeks
without a visit). ``navigator.storage.persist()`` asks them not to; it is asked after a
finished game (something worth keeping exists) and when the game runs installed, never
at the first visit. A backup file moves everything to another device (game.records.backup).
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_once_callable, to_js

from game.records.device import Records
from game.screens.storage_words import backup_error_words, backup_saved, persistence_words, restored_words
from game.session.manager import App
from game.web import later
from game.web.dom import found
from game.web.guard import spawn


class DataPanel:
    """The "Your data on this device" part of the Statistics dialog."""

    def __init__(self, document: Any, window: Any, app: App, records: Records, refresh: Callable[[], None]) -> None:
        self.document, self.window, self.app, self.records, self.refresh = document, window, app, records, refresh
        self.file = document.getElementById("backup-file")
        self.result = document.getElementById("backup-result")
        self._asked = False  # persistence is asked at most once a page: a refusal is final for now

    def _storage_manager(self) -> Any:
        manager = getattr(self.window.navigator, "storage", None)
        return manager if found(manager) and found(getattr(manager, "persisted", None)) else None

    def show_status(self) -> None:
        spawn(self._show_status())

    async def _show_status(self) -> None:
        manager = self._storage_manager()
        persisted = None if manager is None else bool(await manager.persisted())
        self.document.getElementById("persist-status").textContent = persistence_words(persisted)

    def request_persistence(self) -> None:
        """Ask the browser to keep the data (once a page)."""
        if not self._asked:
            self._asked = True
            spawn(self._persist())

    async def _persist(self) -> None:
        manager = self._storage_manager()
        if manager is not None and found(getattr(manager, "persist", None)) and not await manager.persisted():
            await manager.persist()

    def choose_file(self) -> None:
        """Open the file picker (in the click's own turn: browsers allow it only then)."""
        self.file.click()

    def restore(self) -> None:
        """A file was chosen: check it whole, then merge it."""
        spawn(self._restore())

    def save(self) -> None:
        """Download every record as ``dice-pad-backup-<date>.json``."""
        spawn(self._save())

    async def _save(self) -> None:
        await later.available()  # the positions to practise are read by a later module (game.records.backup)
        from game.records.backup import backup_text  # on first use: start-up time (docs/performance.md)

        today = datetime.date.today().isoformat()
        window = self.window
        blob = window.Blob.new(to_js([backup_text(self.records, today)]),
                               to_js({"type": "application/json"}, dict_converter=window.Object.fromEntries))
        url = window.URL.createObjectURL(blob)
        link = self.document.createElement("a")
        link.href, link.download = url, f"dice-pad-backup-{today}.json"
        self.document.body.appendChild(link)
        link.click()
        link.remove()
        # Revoked later, not at once: Firefox may still be reading the blob for the download.
        window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)), 10_000)
        self._say(backup_saved(str(link.download)))

    async def _restore(self) -> None:
        await later.available()  # as for a backup (_save)
        from game.records.backup import MAX_BYTES, BackupError, read_backup, restore_backup

        files = self.file.files
        if not found(files) or int(files.length) == 0:
            return
        chosen = files.item(0)
        self.file.value = ""  # the same file can be chosen again
        if int(chosen.size) > MAX_BYTES:
            self._say(backup_error_words(BackupError("too big")))
            return
        text = str(await chosen.text())
        try:
            restored = restore_backup(self.records, read_backup(text))
        except BackupError as error:
            self._say(backup_error_words(error))
            return
        self._say(restored_words(restored))
        self.app.sync()  # a restored game on the board: this tab follows it
        self.app.show_notices()
        self.refresh()

    def _say(self, text: str) -> None:
        self.result.textContent = text
        self.app.renderer.announce(text)
