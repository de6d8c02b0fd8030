"""The language the game speaks: GNU gettext catalogs, looked up through one active translation.

Every word a player meets is looked up here, as Django and Sphinx do it: whole sentences
with named placeholders (``%(name)s``, as Django writes them), plural forms by each language's own rule
(:func:`ngettext`), a context where one English word has two meanings (:func:`pgettext`).
The web layer activates the visitor's catalog, the ``.mo`` that the build compiles from
``locale/<code>/LC_MESSAGES/game.po`` with Babel (docs/languages.md). Until one is active,
and for any message a catalog lacks, the English source text is used.

>>> activate(None)
>>> _("Hints on."), ngettext("%(count)d roll left.", "%(count)d rolls left.", 2) % {"count": 2}
('Hints on.', '2 rolls left.')
>>> negotiate(["de-AT", "en-US"]), negotiate(["no"]), negotiate(["pt"]), negotiate(["ja", "fr-CA"])
('de', 'nb', 'pt_BR', 'fr')
>>> negotiate(["ja"]), negotiate([])
('en', 'en')
"""

from __future__ import annotations

import gettext
import io
import struct
from collections.abc import Callable, Iterable, Mapping

#: The language of the source text, and the fallback.
SOURCE = "en"
#: Every language the game speaks: its catalog's code and its name in that language, as
#: Settings lists it (CLDR's own names).
LANGUAGES: Mapping[str, str] = {
    "en": "English", "da": "Dansk", "de": "Deutsch", "es": "Español", "fr": "Français", "it": "Italiano",
    "nl": "Nederlands", "nb": "Norsk bokmål", "pl": "Polski", "pt_BR": "Português (Brasil)", "sv": "Svenska",
}
#: Tags a browser may send for a language we speak under another code: Norwegian without
#: a written standard is read as Bokmål (as CLDR's parent locale does), Nynorsk too (the
#: nearer of the two), and Portuguese as Brazil's, the only Portuguese we have.
ALIASES: Mapping[str, str] = {"no": "nb", "nn": "nb", "pt": "pt_BR"}


class CatalogError(ValueError):
    """A catalog that cannot be read (damaged, truncated, not a .mo file)."""


_active: gettext.NullTranslations = gettext.NullTranslations()
_code = SOURCE
_given: gettext.NullTranslations | None = None
#: Each language's catalog of the words only the later archive's modules use (the page's
#: catalog lacks them: tools/page_words.py), once that archive is in (game.web.later).
_later: Callable[[str], bytes | None] | None = None


def activate(translations: gettext.NullTranslations | None, code: str = SOURCE) -> None:
    """Speak ``code`` from now on, through ``translations`` (None: English, the source)."""
    global _active, _code, _given
    _given = translations
    _active, _code = (translations, code) if translations is not None else (gettext.NullTranslations(), SOURCE)
    if _later is not None and translations is not None and (more := _later(code)):
        try:
            _active = load(more)
            _active.add_fallback(translations)
        except CatalogError:
            _active = translations  # a damaged part: its words stay English, the rest speaks the language


def add_later(catalogs: Callable[[str], bytes | None]) -> None:
    """The later archive's catalogs (a language's code to its ``.mo``, or None): the
    language spoken now and each one activated after speak their words too."""
    global _later
    _later = catalogs
    activate(_given, _code)


def current() -> str:
    """The code of the language spoken now."""
    return _code


def load(data: bytes) -> gettext.GNUTranslations:
    """A compiled catalog (``.mo``) from its bytes; :class:`CatalogError` if it cannot be read."""
    try:
        return gettext.GNUTranslations(io.BytesIO(data))
    except (OSError, ValueError, LookupError, struct.error) as err:  # gettext's parser raises all of these
        raise CatalogError(f"the catalog cannot be read ({err})") from err


def _(message: str) -> str:
    """``message`` in the language spoken now."""
    return _active.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the number ``n``, by the language's plural rule."""
    return _active.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` where the English word alone is ambiguous (``context`` tells which it is)."""
    return _active.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return _active.npgettext(context, singular, plural, n)


def header(name: str) -> str | None:
    """A field of the active catalog's header (lower case, e.g. ``x-decimal-symbol``), if it has one."""
    info = _active.info() if isinstance(_active, gettext.GNUTranslations) else {}
    return info.get(name)


def list_separator() -> str:
    """What parts the items of a list of names or dice ("Ann, Ben") in the language spoken now."""
    # Translators: what separates the items of a list of names or dice ("Ann, Ben").
    return _(", ")


def negotiate(preferred: Iterable[str], available: Iterable[str] = LANGUAGES) -> str:
    """The best of ``available`` for a browser's languages (``navigator.languages``, best first):
    the first tag whose language and region we have, or else whose language we have; English
    when none is.
    """
    codes = {code.lower(): code for code in available}
    for tag in preferred:
        parts = tag.replace("_", "-").lower().split("-")
        language = ALIASES.get(parts[0], parts[0]).lower()
        exact = "_".join([parts[0], *parts[1:2]]) if len(parts) > 1 else parts[0]
        for candidate in (exact, language):
            if candidate in codes:
                return codes[candidate]
        # A region we lack: any catalog of that language (fr-CA is spoken as fr).
        if (match := next((code for key, code in codes.items() if key.split("_")[0] == language), None)):
            return match
    return SOURCE if SOURCE.lower() in codes or not codes else next(iter(codes.values()))
