"""Settings' list of languages: each by its own name, as its speakers write it.

>>> from game.core.language import activate
>>> activate(None)
>>> html = language_options_html("", "de")
>>> '<option value="" selected>As the browser: Deutsch</option>' in html
True
>>> '<option value="pl" lang="pl">Polski</option>' in html
True
"""

from __future__ import annotations

from game.core.language import LANGUAGES, _
from game.screens.markup import escape


def language_options_html(chosen: str, browser: str) -> str:
    """The ``<option>``s: first the browser's choice (``""``, named by the language it
    gives, ``browser``), then every language by its own name, ``chosen`` selected."""
    def selected(code: str) -> str:
        return " selected" if code == chosen else ""

    # Translators: Settings' first language choice: follow the browser's languages, which give this one.
    follow = _("As the browser: %(language)s") % {"language": LANGUAGES.get(browser, LANGUAGES["en"])}
    options = [f'<option value=""{selected("")}>{escape(follow)}</option>']
    options += [f'<option value="{code}" lang="{code.replace("_", "-")}"{selected(code)}>{escape(name)}</option>'
                for code, name in sorted(LANGUAGES.items(), key=lambda item: item[1].casefold())]
    return "".join(options)


def language_unavailable(code: str) -> str:
    """Said when a language chosen in Settings cannot be loaded (offline, never fetched before)."""
    return _("%(language)s could not be loaded: you seem to be offline. The game goes on in this language.") % {
        "language": LANGUAGES.get(code, code)}
