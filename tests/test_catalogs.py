"""The translation catalogs (locale/): current with the source, complete in every language,
and every sentence the session says taken from them (issue 30).

The pseudo-locale (tools/catalogs.py: every message accented, lengthened and bracketed)
shows what did not come from a catalog: a game played in it must say nothing else.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

from game import rules
from game.core import language
from game.core.labels import BOX_NAMES, box_label
from game.core.players import Player
from game.records.device import MemoryStore, open_records
from game.session import words
from game.session.fakes import RecordingRenderer
from game.session.manager import App
from tests.support import load_tool

catalogs = load_tool("catalogs")
LANGUAGES = catalogs.languages()


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    language.activate(None)


def keys(catalog: Catalog) -> set[tuple[str, str | None]]:
    return {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in catalog if m.id}


def test_the_template_holds_every_message_of_the_source(tmp_path: Path) -> None:
    fresh = tmp_path / "game.pot"
    catalogs.extract(fresh)
    missing = keys(catalogs.read(fresh)) ^ keys(catalogs.read(catalogs.TEMPLATE))
    assert not missing, f"run `python3 tools/catalogs.py extract` then `update`: {sorted(missing, key=str)}"


def test_every_language_of_the_game_has_a_catalog() -> None:
    assert set(LANGUAGES) == set(language.LANGUAGES) - {language.SOURCE}


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_catalog_is_complete(code: str) -> None:
    template = catalogs.read(catalogs.TEMPLATE)
    found = catalogs.problems(catalogs.read(catalogs.LOCALE / code / "LC_MESSAGES" / "game.po"), template)
    assert not found, "\n".join(found)


def test_the_check_finds_what_would_show_english_or_break_a_sentence() -> None:
    template = Catalog(locale="en")
    template.add("Hints on.")
    template.add("%(name)s holds %(dice)s.")
    template.add(("%(count)d roll left.", "%(count)d rolls left."))
    template.add("Rolled.")
    polish = Catalog(locale="pl")
    polish.add("Hints on.", "Podpowiedzi włączone.", flags=["fuzzy"])
    polish.add("%(name)s holds %(dice)s.", "%(name)s trzyma %(kości)s.")
    polish.add(("%(count)d roll left.", "%(count)d rolls left."), ("%(count)d rzut", "%(count)d rzuty"))
    found = catalogs.problems(polish, template)
    assert found == ["missing: 'Rolled.'", "'%(count)d roll left.': 2 plural forms, the language has 3",
                     "'%(name)s holds %(dice)s.': placeholders ['kości', 'name'] instead of ['dice', 'name']",
                     "'Hints on.': fuzzy"]


@pytest.mark.parametrize("code", LANGUAGES)
def test_each_catalog_compiles_and_speaks_its_language(code: str, tmp_path: Path) -> None:
    catalog = catalogs.read(catalogs.LOCALE / code / "LC_MESSAGES" / "game.po")
    buffer = io.BytesIO()
    catalogs.write_mo(buffer, catalog)
    language.activate(language.load(buffer.getvalue()), code)
    assert words.hints_switched(True) != "Hints on."
    assert all(box_label(box) for box in BOX_NAMES)
    shorts = {box: box_label(box, short=True) for box in BOX_NAMES}
    assert all(len(short) <= 9 for short in shorts.values()), shorts  # the phone card's column


def pseudo_active(tmp_path: Path) -> None:
    (mo,) = [p for p in catalogs.compile_all(tmp_path) if p.stem == catalogs.PSEUDO]
    language.activate(language.load(mo.read_bytes()), catalogs.PSEUDO)


def test_the_pseudo_locale_keeps_placeholders_and_marks_every_message(tmp_path: Path) -> None:
    pseudo_active(tmp_path)
    said = words.describe_start(App(RecordingRenderer()).games.start([Player("Ann")]).board.state)
    assert said.startswith("⟦") and said.endswith("⟧") and "Ann" in said
    assert box_label("chance").startswith("⟦Çĥåñçé")


def test_a_whole_game_in_the_pseudo_locale_says_nothing_that_is_not_from_a_catalog(tmp_path: Path) -> None:
    pseudo_active(tmp_path)
    screen = RecordingRenderer()
    app = App(screen, open_records(MemoryStore()))
    app.start([Player("Ann"), Player("Ben")], seed="pseudo")
    app.toggle_hints()
    app.toggle_hints()
    app.undo()  # nothing to undo yet: said why
    while app.state is not None and not app.state.over:
        app.roll()
        app.toggle_hold(0)
        app.roll()
        legal = app.state.legal_scores()
        app.score(next(b for b in rules.BOXES if b in legal))
    assert app.state is not None and app.state.over and len(screen.spoken) > 100
    english = not_from_catalogs(screen.spoken, names={"Ann", "Ben"})
    assert not english, english[:5]


def not_from_catalogs(texts: list[str], names: set[str]) -> list[tuple[str, set[str]]]:
    """The texts that hold a word no catalog gave: in the pseudo-locale every letter of a
    message is accented, so a plain word that is not a player's name came from elsewhere."""
    found = []
    for text in texts:
        plain = set(re.findall(r"[A-Za-z]{2,}", text)) - names
        if plain or not text.startswith("⟦"):
            found.append((text, plain))
    return found


def test_the_pseudo_check_finds_english_inside_a_translated_sentence(tmp_path: Path) -> None:
    pseudo_active(tmp_path)
    inside = words.refused("the game is over")  # a reason not (yet) from a catalog
    assert not_from_catalogs([inside, words.caught_up("Ann")], names={"Ann"}) == [
        (inside, {"the", "game", "is", "over"})]
