"""The active language (game.core.language): lookups, plural rules, a damaged catalog, negotiation."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from game.core import language
from game.core.labels import box_label
from game.core.language import CatalogError, _, activate, load, negotiate, ngettext, pgettext


def compiled(locale: str, messages: dict[object, object]) -> bytes:
    """A .mo of ``messages`` ({msgid or (msgid, plural) or (context, msgid) with a str: translation})."""
    catalog = Catalog(locale=locale, fuzzy=False)
    for key, string in messages.items():
        if isinstance(key, tuple) and key[0] == "box":
            catalog.add(key[1], string, context="box")
        else:
            catalog.add(key, string)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    return buffer.getvalue()


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    language._later = None  # as before any page loaded the later archive
    activate(None)


def test_an_active_catalog_translates_with_the_languages_plural_rule() -> None:
    mo = compiled("pl", {("%(count)d roll left.", "%(count)d rolls left."):
                         ("%(count)d rzut", "%(count)d rzuty", "%(count)d rzutów"),
                         "Hints on.": "Podpowiedzi włączone.", ("box", "Chance"): "Szansa"})
    activate(load(mo), "pl")
    assert language.current() == "pl" and _("Hints on.") == "Podpowiedzi włączone."
    forms = [ngettext("%(count)d roll left.", "%(count)d rolls left.", n) % {"count": n} for n in (1, 2, 5, 22, 25)]
    assert forms == ["1 rzut", "2 rzuty", "5 rzutów", "22 rzuty", "25 rzutów"]
    assert pgettext("box", "Chance") == box_label("chance") == "Szansa"
    assert _("Hints off.") == "Hints off."  # a message the catalog lacks: the source text


def test_english_is_the_source_and_the_fallback() -> None:
    activate(None)
    assert language.current() == "en" and box_label("four_of_a_kind", short=True) == "4 kind"
    assert ngettext("%(count)d roll left.", "%(count)d rolls left.", 1) % {"count": 1} == "1 roll left."


@pytest.mark.parametrize("data", [b"", b"not a catalog", compiled("de", {"a": "b"})[:40]])
def test_a_damaged_catalog_raises_a_catalog_error(data: bytes) -> None:
    with pytest.raises(CatalogError):
        load(data)


@pytest.mark.parametrize(("tags", "code"), [
    (["de-DE", "en"], "de"), (["en-GB"], "en"), (["nb-NO"], "nb"), (["no"], "nb"), (["nn-NO"], "nb"),
    (["pt-PT"], "pt_BR"), (["pt-BR"], "pt_BR"), (["fr-CA"], "fr"), (["zh-CN", "sv-SE"], "sv"), (["zh"], "en"),
    ([], "en"), (["PL"], "pl"), (["es_MX"], "es"), (["da", "de"], "da"),
])
def test_the_browsers_languages_are_matched_best_first(tags: list[str], code: str) -> None:
    assert negotiate(tags) == code


def test_every_language_is_listed_by_its_own_name() -> None:
    assert language.LANGUAGES["de"] == "Deutsch" and language.LANGUAGES["pl"] == "Polski"
    assert set(language.LANGUAGES) >= {"en", "de", "fr", "es", "it", "nl", "pt_BR", "sv", "da", "nb", "pl"}


def test_the_later_archives_catalogs_join_the_language_spoken_and_every_one_after() -> None:
    """The page's catalog lacks the later modules' words; game.web.later hands their part of
    each language's catalog to add_later once the archive is in (tools/page_words.py)."""
    first = {"pl": compiled("pl", {"Hints on.": "Podpowiedzi włączone."}),
             "de": compiled("de", {"Hints on.": "Tipps an."})}
    later = {"pl": compiled("pl", {"Today's ten": "Dzisiejsza dziesiątka"}),
             "de": compiled("de", {"Today's ten": "Die Zehn"})}
    activate(load(first["pl"]), "pl")
    assert (_("Hints on."), _("Today's ten")) == ("Podpowiedzi włączone.", "Today's ten")
    language.add_later(later.get)
    assert (_("Hints on."), _("Today's ten")) == ("Podpowiedzi włączone.", "Dzisiejsza dziesiątka")
    activate(load(first["de"]), "de")  # Settings switches: the new language's part joins it
    assert (_("Hints on."), _("Today's ten"), language.current()) == ("Tipps an.", "Die Zehn", "de")
    activate(None)
    assert _("Today's ten") == "Today's ten" and language.current() == "en"
    language.add_later(lambda code: b"not a catalog")  # a damaged part: the rest still speaks Polish
    activate(load(first["pl"]), "pl")
    assert (_("Hints on."), _("Today's ten")) == ("Podpowiedzi włączone.", "Today's ten")
