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

import gettext
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


def _translations(loaded: Any) -> gettext.GNUTranslations | None:
    """The catalog of ``loaded`` ({code, catalog, words}, from language.js) read, None for
    English; :class:`CatalogError` if it cannot be read."""
    if str(loaded.code) == language.SOURCE or not found(loaded.catalog):
        return None
    return language.load(bytes(loaded.catalog.to_py()))


class PageLanguage:
    """The language the page speaks, and the switch Settings makes.

    Every switch gets a number: files that arrive for an earlier one (a slow network, two
    choices in a row) are dropped, so the page, Python and the setting never disagree.
    """

    def __init__(self, window: Any) -> None:
        state = getattr(window, "diceLanguage", None)
        self.state: Any = state if found(state) else None  # None: language.js did not run (English)
        self.redraw: Callable[[], None] = lambda: None  # set once the page is built (game/main.py)
        self.switches = 0

    def start(self) -> None:
        """Speak the chosen language if its catalog is in; else once it comes (then redraw)."""
        if self.state is None or not found(self.state.loaded):
            return
        if found(self.state.result):
            self._use_first(self.state.result)
        elif str(self.state.code) != language.SOURCE and not found(self.state.error):
            self.state.loaded.then(create_once_callable(self._arrived), create_once_callable(self._not_arrived))

    def _use_first(self, loaded: Any) -> bool:
        try:
            language.activate(_translations(loaded), str(loaded.code))
        except CatalogError:
            self._english()
            return False
        return True

    def _arrived(self, loaded: Any) -> None:
        if self.switches == 0 and self._use_first(loaded):  # not if Settings chose another meanwhile
            self.redraw()

    def _not_arrived(self, _error: Any) -> None:
        if self.switches == 0:
            self._english()

    def _english(self) -> None:
        """The catalog could not be read: the page's own words back to English too (one
        language on the page, never half of each), and the notice."""
        language.activate(None)
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
        cannot be had (offline before they were ever fetched, or damaged): then nothing
        changes, the language spoken stays."""
        if self.state is None:
            return
        self.switches += 1
        spawn(self._switch(code or self.browser_choice(), self.switches, failed))

    async def _switch(self, code: str, number: int, failed: Callable[[str], None]) -> None:
        try:
            loaded = await self.state.load(code)
            translations = _translations(loaded)
        except Exception:  # a JavaScript error from the fetch (offline, the server gone), or CatalogError
            if number == self.switches:
                failed(code)
            return
        if number != self.switches:  # a later choice was made while these files came
            return
        language.activate(translations, code)
        self.state.apply(code, loaded.words)  # the page's own words, in the same task as the redraw
        self.state.code = code
        self.redraw()
