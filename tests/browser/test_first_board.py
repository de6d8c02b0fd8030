"""The board at once on a first visit (issue 43): the empty board Python will draw first is
in the page's first paint, in the visitor's language and game, inert and marked as loading,
and Python then draws the very same HTML where it stood (tools/first_board.py). A visit
with a game in progress never shows it: its kept board, or the loading view."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Browser

from tests.browser import clock
from tests.browser.pages import SitePage, check_page, open_site

pytestmark = pytest.mark.browser

REGIONS = ("dice", "controls", "scorecard", "status", "coach", "rolloff", "challenge")
#: The page the moment it is first shown: at DOMContentLoaded, or once a language's words are
#: in (the page stays hidden until then, assets/language.js), whichever is later.
AT_SHOWN = """
window.__atShown = null;
const take = () => {
  if (window.__atShown !== null || document.readyState === 'loading' || document.documentElement.dataset.words) return;
  const box = (sel) => {
    const r = document.querySelector(sel).getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; };
  window.__atShown = {
    state: document.body.dataset.state, board: document.documentElement.dataset.board,
    lang: document.documentElement.lang, inert: document.querySelector('main.board').inert,
    regions: Object.fromEntries(REGION_IDS.map((id) => [id, [document.getElementById(id).innerHTML,
                                                      document.getElementById(id).hidden]])),
    visible: getComputedStyle(document.getElementById('scorecard')).visibility,
    loading: getComputedStyle(document.getElementById('loading')).display,
    boxes: ['#roll', '#scorecard', '#dice'].map(box)};
};
document.addEventListener('DOMContentLoaded', take);
new MutationObserver(take).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-words']});
""".replace("REGION_IDS", json.dumps(REGIONS))
REGIONS_JS = f"() => Object.fromEntries({list(REGIONS)}.map((id) => [id, [document.getElementById(id).innerHTML, " \
             "document.getElementById(id).hidden]]))"
BOXES_JS = """() => ['#roll', '#scorecard', '#dice'].map((sel) => {
  const r = document.querySelector(sel).getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; })"""


@pytest.mark.parametrize(("locale", "lang", "game_box"), [
    ("en-US", "en", "Yahtzee"),     # index.html's own board
    ("pl-PL", "pl", "Generał"),     # from the Polish words
    ("sv-SE", "sv", "Två par"),     # Swedish, and Yatzy
    ("fi-FI", "en", "Two pairs"),   # English words, Yatzy (Finland plays Yatzy): English's other board
])
def test_a_first_visit_shows_the_board_python_draws_from_the_first_paint(
        browser: Browser, site_url: str, closing: list[SitePage], locale: str, lang: str, game_box: str) -> None:
    context = clock.new_context(browser, locale=locale, viewport={"width": 360, "height": 640})
    site = open_site(browser, site_url, context=context, init_script=AT_SHOWN)
    closing.append(site)
    check_page(site)
    shown = site.page.evaluate("window.__atShown")
    assert shown is not None, "the page was never shown"
    assert shown["state"] == "loading" and shown["board"] == "first" and shown["inert"] is True, shown
    assert shown["lang"] == lang and shown["visible"] == "visible" and shown["loading"] != "none", shown
    drawn = site.page.evaluate(REGIONS_JS)
    assert {region: tuple(value) for region, value in shown["regions"].items()} == {
        region: tuple(value) for region, value in drawn.items()}  # what Python drew, to the character
    assert game_box in shown["regions"]["scorecard"][0]
    assert site.page.evaluate(BOXES_JS) == shown["boxes"]  # nothing moved when Python took over
    assert site.page.evaluate("document.querySelector('main.board').inert") is False
    assert site.page.evaluate("getComputedStyle(document.getElementById('loading')).display") == "none"


def test_a_game_in_progress_never_shows_a_new_game_s_board(
        browser: Browser, site_url: str, closing: list[SitePage]) -> None:
    """No board kept for it (another deployment's, say): the loading view, then the game."""
    site = open_site(browser, site_url)
    closing.append(site)
    site.run_python("from game.main import app\nfrom game.core.players import Player\n"
                    "app.start([Player('Ann')], seed='first-board')\napp.roll()\napp.score('chance')\nresult = True")
    drawn = site.page.evaluate(REGIONS_JS)
    site.page.add_init_script("localStorage.removeItem('yahtzee:paint');" + AT_SHOWN)
    site.page.reload()
    site.wait_ready()
    shown = site.page.evaluate("window.__atShown")
    assert shown["board"] == "kept" and shown["state"] == "loading" and shown["visible"] == "hidden", shown
    assert site.page.evaluate(REGIONS_JS)["scorecard"] == drawn["scorecard"]  # the game, as it was
    assert site.page.evaluate("getComputedStyle(document.getElementById('scorecard')).visibility") == "visible"


def test_a_game_with_friends_in_the_address_is_not_shown_as_a_new_game(
        browser: Browser, site_url: str, closing: list[SitePage]) -> None:
    site = open_site(browser, site_url + "#play=1.damaged", init_script=AT_SHOWN)
    closing.append(site)
    shown = site.page.evaluate("window.__atShown")
    assert shown["board"] == "kept" and shown["visible"] == "hidden", shown
