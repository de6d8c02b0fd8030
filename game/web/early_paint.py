"""The board kept for the next visit's first paint, before Python has started (issue 31).

After the board is drawn, the regions' HTML goes into ``yahtzee:paint`` with what it must
match to be shown again: this deployment's markup (``<meta name="dice-build">``, set by
the build), the language, and the saved game it shows (a checksum of ``yahtzee:game``'s
text). assets/paint.js shows it at once on the next visit, inert and marked as waking up,
and only when all three still hold and no link is being opened: another tab's newer
game, cleared storage, a new deployment or another language fall back to the loading
view. A finished game is never kept (the next visit starts a new one). docs/performance.md,
"The saved board at once".

The saved game's text is taken right after the change (a microtask: the game manager
draws, then saves, in one task); the board's HTML, the costlier read, once the page is idle
or hidden, when it is written (the click's own frame is not slowed). They belong together:
only the renderer writes the regions, and every change of them takes the game's text
again. A full store or any failure only means no early paint.

>>> checksum("yahtzee"), checksum("")
(818879117, 2166136261)
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from game.core import language
from game.records.game_slot import GAME_KEY
from game.screens.regions import REGIONS
from game.web.dom import found

try:
    from pyodide.ffi import create_proxy
except ImportError:  # CPython (the tests): no callbacks to wrap
    def create_proxy(function: Any, **_: Any) -> Any:
        return function

PAINT_KEY = "yahtzee:paint"
PAINT_VERSION = 1
#: The longest the record waits for an idle moment (ms): a page busy for that long writes it then.
IDLE_TIMEOUT = 2000


def checksum(text: str) -> int:
    """FNV-1a (32 bits) over the text's code points, as assets/paint.js computes it."""
    value = 2166136261
    for char in text:
        value = ((value ^ ord(char)) * 16777619) & 0xFFFFFFFF
    return value


class EarlyPaint:
    """Keeps the last board drawn for the next visit (a port of the renderer's: :meth:`drawn`)."""

    def __init__(self, document: Any, window: Any, over: Callable[[], bool]) -> None:
        self.document, self.window, self.over = document, window, over
        meta = document.querySelector('meta[name="dice-build"]')
        self.build = str(meta.getAttribute("content")) if found(meta) else ""
        self.pending = False  # a write is scheduled
        self.taking = False  # a snapshot is queued for the end of this task
        self.taken: tuple[str | None, bool] | None = None  # the game's text, over
        # The callbacks are made once: a proxy made and dropped at every click costs on a phone.
        # The write runs only while one is pending: whichever comes first of the idle moment
        # and the page being hidden writes the record, and the other finds nothing to do.
        self._take_later = create_proxy(self._take)
        self._flush = create_proxy(lambda *_: self._keep() if self.pending else None)
        idle: Any = getattr(window, "requestIdleCallback", None)
        self._idle = idle if found(idle) else None
        if self._idle is not None:  # its options as a JS object, made once too (a dict is proxied at each call)
            self._idle_options = window.Object.new()
            self._idle_options.timeout = IDLE_TIMEOUT
        # A page closed or reloaded before it was idle still keeps its last board.
        window.addEventListener("pagehide", self._flush)

    def drawn(self) -> None:
        """The board changed: take the game saved in the same task, keep it with the board
        once the page is idle (one write for a burst of changes)."""
        if not self.build or self.taking:
            return
        self.taking = True
        self.window.queueMicrotask(self._take_later)

    def _take(self, *_: Any) -> None:
        self.taking = False
        try:
            game = self.window.localStorage.getItem(GAME_KEY)  # throws where storage is locked down
        except Exception:
            return
        self.taken = (str(game) if found(game) else None, self.over())
        if self.pending:
            return
        self.pending = True
        if self._idle is not None:
            self._idle(self._flush, self._idle_options)
        else:
            self.window.setTimeout(self._flush, 200)

    def _keep(self, *_: Any) -> None:
        self.pending = False
        if self.taken is None:
            return
        game, over = self.taken
        try:
            storage = self.window.localStorage
            if over or game is None:
                storage.removeItem(PAINT_KEY)
                return
            regions: dict[str, str] = {}
            for region in REGIONS:
                element = self.document.getElementById(region)
                regions[region] = "" if element.hidden else str(element.innerHTML)
            record = {"v": PAINT_VERSION, "build": self.build, "lang": language.current(),
                      "game": checksum(game), "regions": regions}
            storage.setItem(PAINT_KEY, json.dumps(record, separators=(",", ":")))
        except Exception:  # a full store, storage switched off: no early paint next time, nothing else
            pass
