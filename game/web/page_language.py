"""The page's language on the Python side: the catalog assets/language.js fetched, activated
before the first board, and a change of language from Settings, applied everywhere at once.

assets/language.js chooses the language before the first paint (the one kept in Settings,
or the browser's best match), puts the page's own words in and fetches the catalog, as
``window.diceLanguage``. Python reads the catalog from there when it starts: as a rule the
7 KB have long arrived while Python started; if not, the board is drawn in English and
redrawn in the language when they arrive. A catalog that cannot be read leaves the game in
English with the page's notice (#language-notice), never a broken page (docs/languages.md).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.core import language
from game.core.language import CatalogError
from game.web.dom import found
from game.web.guard import spawn

try:
    from pyodide.ffi import create_once_callable
except ImportError:  # CPython (the tests): no callbacks to wrap
    def create_once_callable(function: Any, **_: Any) -> Any:
        return function


def _activate(loaded: Any) -> bool:
    """Speak the language of ``loaded`` ({code, catalog, words}, from language.js); False if
    its catalog cannot be read (English then)."""
    code = str(loaded.code)
    if code == language.SOURCE or not found(loaded.catalog):
        language.activate(None)
        return code == language.SOURCE
    try:
        language.activate(language.load(bytes(loaded.catalog.to_py())), code)
    except CatalogError:
        language.activate(None)
        return False
    return True


class PageLanguage:
    """The language the page speaks, and the switch Settings makes."""

    def __init__(self, window: Any) -> None:
        state = getattr(window, "diceLanguage", None)
        self.state: Any = state if found(state) else None  # None: language.js did not run (English)
        self.redraw: Callable[[], None] = lambda: None  # set once the page is built (game/main.py)

    def start(self) -> None:
        """Speak the chosen language if its catalog is in; else once it comes (then redraw)."""
        if self.state is None or not found(self.state.loaded):
            return
        result = self.state.result
        if found(result):
            if not _activate(result):
                self._english()
            return
        if str(self.state.code) != language.SOURCE and not found(self.state.error):
            self.state.loaded.then(create_once_callable(self._arrived))

    def _arrived(self, loaded: Any) -> None:
        if _activate(loaded):
            self.redraw()
        else:
            self._english()

    def _english(self) -> None:
        """The catalog could not be read: the page's own words back to English too (one
        language on the page, never half of each), and the notice."""
        self.state.apply(language.SOURCE, None)
        self.state.code = language.SOURCE
        self.state.failed()

    def browser_choice(self) -> str:
        """The language the browser's own languages choose (Settings' "as the browser" entry)."""
        if self.state is None:
            return language.SOURCE
        return str(self.state.negotiate(self.state.browser))

    def switch(self, code: str, failed: Callable[[str], None]) -> None:
        """Speak ``code`` ("" for the browser's choice) from now on: fetch its files, then put
        its words in the page and redraw every region at once; ``failed(code)`` if they
        cannot be had (offline before they were ever fetched), and nothing changes."""
        if self.state is None:
            return
        wanted = code or self.browser_choice()
        spawn(self._switch(wanted, failed))

    async def _switch(self, code: str, failed: Callable[[str], None]) -> None:
        try:
            loaded = await self.state.load(code)
        except Exception:  # a JavaScript error from the fetch: offline, or the server gone
            failed(code)
            return
        if not _activate(loaded):
            failed(code)
            return
        self.state.apply(code, loaded.words)  # the page's own words, in the same task as the redraw
        self.state.code = code
        self.redraw()
