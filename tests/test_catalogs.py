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
    return {catalogs.message_key(m) for m in catalog if m.id}


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
    template.add("Keys: <kbd>R</kbd> roll")
    polish = Catalog(locale="pl")
    polish.add("Keys: <kbd>R</kbd> roll", "Klawisze: <kbd>R</kbd rzuć")
    polish.add("Hints on.", "Podpowiedzi włączone.", flags=["fuzzy"])
    polish.add("%(name)s holds %(dice)s.", "%(name)s trzyma %(kości)s.")
    polish.add(("%(count)d roll left.", "%(count)d rolls left."), ("%(count)d rzut", "%(count)d rzuty"))
    found = catalogs.problems(polish, template)
    assert found == ["missing: 'Rolled.'", "'%(count)d roll left.': 2 plural forms, the language has 3",
                     "'%(name)s holds %(dice)s.': placeholders ['kości', 'name'] instead of ['dice', 'name']",
                     "'Hints on.': fuzzy",
                     "'Keys: <kbd>R</kbd> roll': tags ['<kbd>'] instead of ['<kbd>', '</kbd>']"]


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
    app.score("chance")  # before a roll: refused, and said why
    while app.state is not None and not app.state.over:
        app.roll()
        app.toggle_hold(0)
        app.roll()
        legal = app.state.legal_scores()
        app.score(next(b for b in rules.BOXES if b in legal))
    app.roll()  # the game is over: refused, and said why
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
    # A translated sentence given English that no catalog gave (here in a name's place).
    inside = words.caught_up("too many players")
    assert not_from_catalogs([inside, words.caught_up("Ann")], names={"Ann"}) == [
        (inside, {"too", "many", "players"})]


GETTEXT_CALLS = {"_", "ngettext", "pgettext", "npgettext"}


def test_every_lookup_is_where_the_extractor_finds_it() -> None:
    """Babel's extractor does not look inside f-strings (Python 3.11 reads one as a single
    token): a message looked up there would never reach a catalog."""
    import ast

    hidden = []
    for path in sorted(Path("game").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.JoinedStr):
                hidden += [f"{path}:{call.lineno}" for call in ast.walk(node) if isinstance(call, ast.Call)
                           and isinstance(call.func, ast.Name) and call.func.id in GETTEXT_CALLS]
    assert not hidden, hidden


#: The board's regions whose every word comes from the catalogs now (docs/languages.md
#: lists what is left: the coach panel, the comparison with perfect play, level names).
TRANSLATED_REGIONS = ("dice", "controls", "scorecard", "status", "rolloff", "challenge")


def visible_text(html: str) -> list[str]:
    """The words of ``html`` a player meets: text between tags, and the accessible names and titles."""
    import html as html_module

    attributes = re.findall(r'(?:aria-label|title)="([^"]*)"', html)
    text = re.sub(r"<[^>]+>", " ", html)
    return [html_module.unescape(t) for t in [*attributes, text]]


def test_the_board_in_the_pseudo_locale_shows_no_word_that_is_not_from_a_catalog(tmp_path: Path) -> None:
    from game.core.dice import ScriptedDice
    from game.core.state import new_game
    from game.screens.regions import BoardView, board_regions

    pseudo_active(tmp_path)
    start = new_game(["Ann", "Ben"], seed="pseudo-board")
    first = start.roll(ScriptedDice([3, 3, 3, 3, 3])).set_held([True, True, False, False, False])
    views = [BoardView(start), BoardView(first, rolled=True, can_undo=True, hints=True, beat=200),
             BoardView(first, catching_up=True)]
    finished = start
    while not finished.over:
        finished = finished.roll()
        finished = finished.score(next(b for b in rules.BOXES if b in finished.legal_scores()))
    views += [BoardView(finished, beat=150), BoardView(new_game(["Ann"], seed="solo"), beat=250)]
    found = []
    for view in views:
        regions = board_regions(view)
        for region in TRANSLATED_REGIONS:
            found += [(region, text, words) for text, words in not_from_catalogs(
                [f"⟦{t}⟧" for t in visible_text(regions[region]) if t.strip()], names=set())]
    # Only numbers, dice and marks are left: any plain word is English that no catalog gave.
    assert not found, found[:5]


def dialog_bodies() -> list[str]:
    """The high scores, the games set aside and the statistics, filled, with their histogram."""
    from game.core import save
    from game.core.state import new_game
    from game.records.device import open_records
    from game.records.game_slot import Challenge, SavedGame
    from game.records.high_scores import ScoreEntry
    from game.records.statistics import Stats
    from game.screens.games_list import set_aside_html
    from game.screens.score_table import high_scores_html
    from game.screens.setup_form import preset_options_html
    from game.screens.stats_panel import preset_options_html as stats_presets
    from game.screens.stats_panel import stats_html

    records = open_records(MemoryStore())
    records.stats.record(250, preset="official", yahtzees=1, upper_bonus=True, assisted=False)
    stats = records.stats.read("official")
    text = save.dumps(new_game(["Ann"], seed="aside").roll())
    aside = [SavedGame("g1", 1, text, None, 1), SavedGame("g2", 1, text, Challenge(231, "Ben"), 1),
             SavedGame("g3", 1, "not json", None, 1)]
    scores = [ScoreEntry("e1", "Ann", 250, "2026-11-26", "official", 1, True)]
    return [high_scores_html(scores), high_scores_html([]), set_aside_html(aside), set_aside_html([]),
            preset_options_html("official"), stats_presets(), stats_html(stats),
            stats_html(Stats("official"))]


def test_the_coach_the_new_game_form_and_the_end_screen_in_the_pseudo_locale(tmp_path: Path) -> None:
    from dataclasses import replace

    from game.core.card import Card
    from game.core.players import PLAYER_KINDS
    from game.core.state import new_game
    from game.screens.coach_panel import coach_html
    from game.screens.setup_form import player_rows_html
    from game.screens.versus import versus_html
    from game.strategy.advice import advise
    from game.strategy.distribution import _EXAMPLE, parse_distribution
    from game.strategy.tables import load_preset

    pseudo_active(tmp_path)
    advice = advise(new_game(["Ann"], seed="coach").roll(), load_preset("official"))
    assert advice is not None
    coach = coach_html(True, advice, show_values=True)  # with the coach's reason
    perfect = parse_distribution(_EXAMPLE, "official")
    two = replace(new_game(["Ann", "Ben"], seed="v"), turn=26, cards=(Card().with_box("chance", 30, 0),) * 2)
    one = replace(new_game(["Ann"], seed="v"), turn=13, cards=(Card().with_box("chance", 30, 0),))
    pages = [coach, coach_html(True, None, False), coach_html(True, None, False, loading=True),
             player_rows_html(PLAYER_KINDS), versus_html(two, perfect), versus_html(one, perfect),
             *dialog_bodies()]
    found = [(text, words) for page in pages for text, words in not_from_catalogs(
        [f"⟦{t}⟧" for t in visible_text(page) if t.strip()], names={"Ann", "Ben"})]
    assert not found, found[:5]
