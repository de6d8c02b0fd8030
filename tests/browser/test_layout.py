"""The whole turn on one screen, at every size the board is built for (docs/board.md).

After the first roll of a turn, with the page not scrolled, all five dice, Roll and the
current player's 13 boxes are in view, whole and uncovered; dice and Roll are at least
44×44 CSS px and every box at least 32×32; the page never scrolls sideways. Every player
count the issue lists at each size, on one phone page (emulated with touch) that the tests
resize and switch language in, and one desktop page: the page follows both as it runs.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from game import rules
from game.core import save
from game.core.dice import ScriptedDice
from game.core.language import LANGUAGES, SOURCE
from game.core.state import new_game
from game.records.history import HISTORY_KEY, FinishedGame, history_to_record
from tests.browser import clock
from tests.browser.board import screenshot
from tests.browser.layout import NAMES, PHONES, SEEN_JS, VIEWPORTS, View, probe, start_and_roll
from tests.browser.pages import SitePage, check_page, open_site


@pytest.fixture(scope="module")
def phone(browser: Browser, site_url: str) -> Iterator[SitePage]:
    """One phone (touch, its screen resized per test) for the module: a boot costs seconds
    of CPU, and neither the size nor the language needs a page of its own (the page
    follows both as it runs, as it does when a phone turns or its player picks a language)."""
    context = clock.new_context(browser, viewport={"width": 360, "height": 640}, is_mobile=True, has_touch=True)
    try:
        yield open_site(browser, site_url, context=context)
    finally:
        context.close()


@pytest.fixture
def on_phone(phone: SitePage) -> Iterator[SitePage]:
    """The module's phone, in English at 360×640 unless the test says otherwise, checked after."""
    before = phone.problems()
    yield phone
    close_dialogs(phone.page)
    speak(phone.page, SOURCE)
    check_page(phone, before)


def close_dialogs(page: Page) -> None:
    """Whatever a test left open, closed (Escape closes each dialog, as for a player)."""
    while page.locator("dialog[open]").count():
        page.keyboard.press("Escape")


def speak(page: Page, code: str) -> None:
    """The page in ``code`` through Settings, as a player switches (it takes effect at once)."""
    tag = code.replace("_", "-")
    if page.get_attribute("html", "lang") == tag:
        return
    page.evaluate("document.getElementById('show-settings').click()")  # folded in the menu or not
    page.select_option("#settings-language", "" if code == SOURCE else code)  # "": as the browser (English)
    page.wait_for_function(f"document.documentElement.lang === {tag!r}")
    close_dialogs(page)


def sized(site: SitePage, size: tuple[int, int]) -> Page:
    site.page.set_viewport_size({"width": size[0], "height": size[1]})
    return site.page


@pytest.fixture(scope="module")
def desktop(browser: Browser, site_url: str) -> Iterator[SitePage]:
    context = clock.new_context(browser, viewport={"width": 1280, "height": 800})
    try:
        yield open_site(browser, site_url, context=context)
    finally:
        context.close()


@pytest.mark.parametrize("size", list(VIEWPORTS), ids=[f"{w}x{h}" for w, h in VIEWPORTS])
def test_the_whole_turn_is_in_view_with_touch_sizes(phone: SitePage, desktop: SitePage, size: tuple[int, int]) -> None:
    site = phone if size in PHONES else desktop
    before = site.problems()
    page = sized(site, size)
    failures = []
    for players in VIEWPORTS[size]:
        start_and_roll(site.run_python, players)
        failures += turn_failures(probe(page), f"{size[0]}×{size[1]}, {players} player(s)")
    assert not failures, "\n".join(failures)
    check_page(site, before)


@pytest.mark.parametrize("code", [code for code in LANGUAGES if code != SOURCE])
def test_the_whole_turn_is_in_view_in_every_language(on_phone: SitePage, code: str) -> None:
    """At the smallest phone, 1 to 4 players, in each language (German and Polish words are long)."""
    page = sized(on_phone, (360, 640))
    speak(page, code)
    failures = []
    for players in (1, 2, 3, 4):
        start_and_roll(on_phone.run_python, players)
        failures += turn_failures(probe(page), f"{code}, 360×640, {players} player(s)")
    screenshot(page, f"language-{code}-360x640-4-players")
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize("code", ["sv", "da", "nb", "de", "pl"])
def test_the_whole_turn_of_yatzy_is_in_view(on_phone: SitePage, code: str) -> None:
    """Yatzy's 15 boxes at the smallest phone, 1 to 4 players: where it is the default game
    (sv, da, nb) and in the longest words (de, pl)."""
    page = sized(on_phone, (360, 640))
    speak(page, code)
    failures = []
    for players in (1, 2, 3, 4):
        start_and_roll(on_phone.run_python, players, ruleset="yatzy")
        failures += turn_failures(probe(page), f"Yatzy, {code}, 360×640, {players} player(s)", boxes=15)
    screenshot(page, f"yatzy-{code}-360x640-4-players")
    assert not failures, "\n".join(failures)


def turn_failures(view: View, where: str, boxes: int = 13) -> list[str]:
    """What keeps the turn from being played without scrolling, at these sizes (``boxes``: the game's)."""
    failures = []
    raw = view.raw
    assert raw["scrollY"] == 0, where
    assert len(raw["boxes"]) == boxes, f"{where}: {raw['boxNames']}"
    if not view.all_in_view:
        failures.append(f"{where}: not in view: {', '.join(view.missing())}")
    if raw["scrollWidth"] > raw["width"]:
        failures.append(f"{where}: the page is {raw['scrollWidth']} px wide, the screen {raw['width']}")
    small = [f"die {i + 1} {w:.0f}×{h:.0f}" for i, (w, h) in enumerate(raw["diceSizes"]) if min(w, h) < 44]
    small += [f"Roll {w:.0f}×{h:.0f}" for w, h in [raw["rollSize"]] if min(w, h) < 44]
    small += [f"{name} {w:.0f}×{h:.0f}" for name, (w, h) in zip(raw["boxNames"], raw["boxSizes"], strict=True)
              if min(w, h) < 32]
    if small:
        failures.append(f"{where}: too small: {', '.join(small)}")
    assert raw["touchAction"] == "manipulation", where
    assert raw["userSelect"] == "none", where
    return failures


@pytest.mark.parametrize("size", [(360, 640), (844, 390)], ids=["360x640", "844x390"])
def test_every_card_is_one_tap_away_and_the_menu_folds(on_phone: SitePage, size: tuple[int, int]) -> None:
    page = sized(on_phone, size)
    start_and_roll(on_phone.run_python, 4)
    current = int(page.get_attribute("#scorecard thead th.current", "data-seat"))
    other = (current + 1) % 4
    # The current player is marked for assistive technology too, not by colour alone.
    name = page.locator(f'#scorecard thead th[data-seat="{current}"] button')
    assert name.get_attribute("aria-current") == "true"
    page.locator(f'#scorecard thead th[data-seat="{other}"] button').tap()
    dialog = page.locator("#card-dialog")
    assert dialog.is_visible()
    assert page.locator("#card-title").inner_text() == f"{NAMES[other]}’s card"
    assert page.locator("#card-body tr").count() == 19  # 13 boxes and 6 totals, full labels
    text = page.locator("#card-body").inner_text()
    assert "Sm. straight" in text and "Grand total" in text
    page.locator("#card-dialog [data-close]").tap()
    assert not dialog.is_visible()
    # The menu is folded behind one button, and opens over the board.
    assert not page.locator("#new-game").is_visible()
    page.locator("#menu-toggle").tap()
    assert page.locator("#new-game").is_visible() and page.locator("#show-stats").is_visible()
    page.locator("#show-scores").tap()
    assert page.locator("#scores-dialog").is_visible()
    assert page.get_attribute("#menu-toggle", "aria-expanded") == "false"  # folded again
    page.locator("#scores-dialog [data-close]").tap()


def test_a_held_die_is_marked_without_colour(on_phone: SitePage) -> None:
    page = sized(on_phone, (390, 844))
    start_and_roll(on_phone.run_python, 1)
    page.locator('#dice [data-die="1"]').tap()
    held, free = page.locator('#dice [data-die="1"]'), page.locator('#dice [data-die="2"]')
    assert held.get_attribute("aria-pressed") == "true"
    assert held.locator(".held-tag").inner_text().lower() == "held" and held.locator(".held-tag").is_visible()
    assert not free.locator(".held-tag").is_visible()
    # Set apart by position too: the held die sits lower than its neighbours.
    assert held.bounding_box()["y"] > free.bounding_box()["y"] + 4


def finished_solo_history() -> str:
    """The history's record of one finished solo game (sixes at every roll), for the review."""
    state = new_game(["Ann"], seed="review-width")
    for box in rules.BOXES:
        state = state.roll(ScriptedDice((6, 6, 6, 6, 6)))
        legal = state.legal_scores()
        state = state.score(box if box in legal else next(iter(legal)))
    kept = FinishedGame("review-width", "2026-11-26", "official", ("Ann",), state.grand_totals(), False, 1)
    return json.dumps(history_to_record([(kept, save.dumps(state))]))


@pytest.mark.parametrize("code", ["de", "pl"])
def test_the_review_fits_a_phone_in_the_longest_languages(on_phone: SitePage, code: str) -> None:
    """The review dialog at 360 px never scrolls sideways: its game picker names a game by
    date, rules and score, which in German was 428 px wide in a 349 px dialog."""
    page = sized(on_phone, (360, 640))
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [HISTORY_KEY, finished_solo_history()])
    page.reload()  # the history as a returning player's page reads it
    page.locator("body[data-state=ready]").wait_for(state="attached", timeout=120_000)
    speak(page, code)
    page.click("#menu-toggle")
    page.click("#show-review")
    page.locator("#review-body li").first.wait_for(timeout=60_000)  # the review drawn, its table fetched
    assert page.locator("#review-game-select option").count() == 1
    wide, room = page.evaluate("(d => [d.scrollWidth, d.clientWidth])(document.getElementById('review-dialog'))")
    screenshot(page, f"review-{code}-360x640")
    assert wide <= room, f"{code}: the review dialog is {wide} px wide inside, {room} px shown"


#: What a decision of Today's ten needs in view: its progress line, the dice, Roll the others
#: (at a hold) and every open box of its card; the same probe as the board's (layout.py).
TEN_PROBE_JS = "() => {" + SEEN_JS + """
  const body = document.getElementById('ten-body');
  const named = [['progress line', body.querySelector('.ten-progress')],
                 ['Roll the others', body.querySelector('#ten-roll')],
                 ...[...body.querySelectorAll('.ten-dice [data-die]')].map((d, i) => [`die ${i + 1}`, d]),
                 ...[...body.querySelectorAll('.ten-pad button[data-box]')].map((b) => [b.dataset.box, b])];
  const dialog = document.getElementById('ten-dialog');
  return {missing: named.filter(([, el]) => !el || !seen(el)).map(([name]) => name),
          scrolled: dialog.scrollTop, wide: dialog.scrollWidth > dialog.clientWidth};
}"""


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_a_decision_of_todays_ten_is_in_view_in_every_language(on_phone: SitePage, code: str) -> None:
    """At 360×640, a hold of Today's ten (2026-01-05's first decision, practice: its line
    naming the day is the longest the dialog shows above the dice) without scrolling."""
    page = sized(on_phone, (360, 640))
    speak(page, code)
    page.evaluate("document.getElementById('ten-past').click()")  # the archive, then a day by its date
    page.locator("#ten-day").fill("2026-01-05")
    page.locator('#ten-body[data-day="2026-01-05"] #ten-roll').wait_for(timeout=60_000)
    view = page.evaluate(TEN_PROBE_JS)
    screenshot(page, f"ten-decision-{code}-360x640")
    assert view == {"missing": [], "scrolled": 0, "wide": False}, f"{code}: {view}"


@pytest.mark.parametrize("code", ["sv", "da", "nb", "de", "pl"])
def test_a_decision_of_yatzys_ten_is_in_view(on_phone: SitePage, code: str) -> None:
    """Yatzy's ten at 360×640: its first decision of 2026-01-05 (a hold, practice) with all 15
    boxes of the card, where Yatzy is the default game (sv, da, nb) and in the longest words."""
    page = sized(on_phone, (360, 640))
    speak(page, code)
    try:
        on_phone.run_python("from game.main import commands\ncommands.open_ten('2026-01-05', 'yatzy')")
        page.locator('#ten-body[data-day="2026-01-05"][data-ruleset="yatzy"] #ten-roll').wait_for(timeout=60_000)
        view = page.evaluate(TEN_PROBE_JS)
        assert page.locator("#ten-body .ten-pad tr[data-row]").count() == 15  # the whole card: 15 rows
        screenshot(page, f"ten-yatzy-decision-{code}-360x640")
        assert view == {"missing": [], "scrolled": 0, "wide": False}, f"{code}: {view}"
    finally:  # the module's phone opens Yahtzee's ten again, as the other tests expect
        on_phone.run_python("from game.main import commands\ncommands.ten.ruleset = 'official'")
