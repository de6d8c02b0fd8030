"""The saved board at once (issue 31): a returning visit paints the last board before Python
starts, inert, then Python takes over without a jump; never a wrong board."""

from __future__ import annotations

import json

from playwright.sync_api import Page

from tests.browser.board import screenshot
from tests.browser.pages import SitePage

REGIONS_JS = """() => Object.fromEntries(["dice", "controls", "scorecard", "status"].map(
  (id) => [id, document.getElementById(id).innerHTML]))"""
BOXES_JS = """() => ["#roll", "#scorecard", "#dice"].map((sel) => {
  const r = document.querySelector(sel).getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; })"""


def kept(page: Page) -> dict:
    """The record the game keeps for the next first paint, once it is written (when idle)."""
    page.wait_for_function("localStorage.getItem('yahtzee:paint') !== null", timeout=10_000)
    return json.loads(page.evaluate("localStorage.getItem('yahtzee:paint')"))


def reload_before_python(page: Page, url: str | None = None) -> str:
    """Load the page again and return its state when the document is parsed, long before
    Python is ready (seconds away)."""
    if url is None:
        page.reload(wait_until="domcontentloaded")
    else:
        page.goto(url, wait_until="domcontentloaded")
    return str(page.evaluate("document.body.dataset.state"))


def play_a_little(site: SitePage) -> None:
    site.run_python("from game.main import app\nfrom game.core.players import Player\n"
                    "app.start([Player('Ann'), Player('Ben')], seed='paint')\napp.roll()\napp.score('chance')\n"
                    "app.roll()\nresult = True")


def test_a_returning_visit_paints_the_saved_board_before_python_and_wakes_without_a_jump(
        fresh_site: SitePage) -> None:
    page = fresh_site.page
    play_a_little(fresh_site)
    record = kept(page)
    assert record["build"] and record["lang"] == "en" and set(record["regions"]) >= {"dice", "scorecard"}
    drawn = page.evaluate(REGIONS_JS)
    assert reload_before_python(page) == "waking"
    assert page.evaluate("document.querySelector('main.board').inert") is True
    painted = page.evaluate(REGIONS_JS)
    assert painted["scorecard"] == drawn["scorecard"] and painted["status"] == drawn["status"]
    assert page.evaluate("document.querySelectorAll('#dice .rolling').length") == 0  # drawn as it stood
    before = page.evaluate(BOXES_JS)
    screenshot(page, "early-paint-waking")
    fresh_site.wait_ready()
    assert page.evaluate("document.querySelector('main.board').inert") is False
    assert page.evaluate(BOXES_JS) == before  # Python's board is where the painted one was
    assert page.evaluate(REGIONS_JS)["scorecard"] == drawn["scorecard"]


def test_never_a_wrong_board(fresh_site: SitePage) -> None:
    page = fresh_site.page
    play_a_little(fresh_site)
    record = kept(page)
    url = page.url

    def loading_after(change: str, address: str | None = None) -> str:
        page.evaluate(change)
        state = reload_before_python(page, address)
        fresh_site.wait_ready()
        return state

    keep = f"localStorage.setItem('yahtzee:paint', {json.dumps(json.dumps(record))})"
    # A link being opened: the link's game, not the saved one.
    assert loading_after(keep, url + "?seed=another") == "loading"
    page.goto(url)
    fresh_site.wait_ready()
    # Another tab's newer game (the saved game's text is not the one painted).
    game = page.evaluate("localStorage.getItem('yahtzee:game')")
    assert loading_after(f"{keep}; localStorage.setItem('yahtzee:game', {json.dumps(game + ' ')})") == "loading"
    # Another deployment's markup, another language, cleared storage.
    for changed in ({**record, "build": "0123456789abcdef"}, {**record, "lang": "de"}):
        assert loading_after(f"localStorage.setItem('yahtzee:paint', {json.dumps(json.dumps(changed))})") == \
            "loading"
    assert loading_after("localStorage.clear()") == "loading"
    # And the record as the game wrote it paints again.
    play_a_little(fresh_site)
    kept(page)
    assert reload_before_python(page) == "waking"
    fresh_site.wait_ready()


def test_a_finished_game_is_not_kept(fresh_site: SitePage) -> None:
    page = fresh_site.page
    play_a_little(fresh_site)
    kept(page)
    fresh_site.run_python("from game.main import app\nfrom game.core import rules\n"
                          "while not app.state.over:\n"
                          "    if app.state.rolls_used == 0:\n"
                          "        app.roll()\n"
                          "    legal = app.state.legal_scores()\n"
                          "    app.score(next(b for b in rules.BOXES if b in legal))\n"
                          "result = True", timeout=60)
    page.wait_for_function("localStorage.getItem('yahtzee:paint') === null", timeout=10_000)
    page.evaluate("document.querySelectorAll('dialog[open]').forEach((d) => d.close())")
    assert reload_before_python(page) == "loading"
    fresh_site.wait_ready()
