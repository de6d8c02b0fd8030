"""Today's ten in the page: opened from the New game dialog or a link, ten decisions
answered with the dice and the card as in a game, graded at once, and a result to share."""

from __future__ import annotations

import datetime
import json
import re

import pytest
from playwright.sync_api import Page

from tests.browser.pages import check_page, open_site

pytestmark = pytest.mark.browser

SQUARES = {"exact": "🟩", "small": "🟨", "larger": "🟧", "more": "🟥"}
#: The colours of the squares under a selector, from their classes (ten-exact, ...).
COLOURS_JS = "(sel) => [...document.querySelectorAll(sel + ' .ten-sq')].map(s => s.classList[1].slice(4))"


def body(page: Page) -> str:
    return page.locator("#ten-body").inner_text()


def answer(page: Page, number: int) -> str:
    """Answer decision ``number``: the first open box where no roll is left, else roll all
    five again (a hold of no dice, always a legal choice). Returns the verdict's colour."""
    page.wait_for_function(f"document.querySelector('#ten-body .ten-progress')?.textContent"
                           f".startsWith('Decision {number} of 10')", timeout=60_000)
    assert page.locator("#ten-dialog [data-card]").count() == 0  # the name opens no card of the game below
    if page.locator("#ten-roll").count():
        page.click("#ten-roll")
    else:
        page.click("#ten-dialog .ten-pad button[data-box]")
        if number == 10:  # a second click on the card while the grading shows changes nothing
            page.click("#ten-dialog .ten-pad button[data-box]")
    assert page.evaluate("document.activeElement.id") == "ten-next"
    assert page.locator("#ten-said").inner_text() == page.locator("#ten-body .ten-verdict").inner_text().strip()
    [colour] = page.evaluate(COLOURS_JS, "#ten-body .ten-verdict")
    words = page.locator("#ten-body .ten-verdict").inner_text()
    assert ("best choice" in words) == (colour == "exact"), words
    page.click("#ten-next")
    return colour


def answer_all(page: Page, first: int = 1) -> list[str]:
    """Answer the ten from decision ``first`` on; each verdict's colour."""
    return [answer(page, number) for number in range(first, 11)]


def stored(page: Page) -> dict:
    return json.loads(page.evaluate("localStorage.getItem('yahtzee:ten')") or "{}")


def test_todays_ten_from_the_new_game_dialog(browser, site_url) -> None:
    context = browser.new_context()
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    site = open_site(browser, site_url, context=context)
    page = site.page
    try:
        page.click("#new-game")
        page.click("#setup-ten")
        assert page.locator("#ten-dialog").evaluate("d => d.open")
        # A die of the position held and released in the dialog: the board's dice never move.
        page.wait_for_selector("#ten-body .ten-progress", timeout=60_000)
        board_dice = page.locator("#dice").inner_html()
        if page.locator("#ten-roll").count():
            page.click('#ten-dialog [data-die="0"]')
            assert page.locator('#ten-dialog [data-die="0"]').get_attribute("aria-pressed") == "true"
            page.click('#ten-dialog [data-die="0"]')
        assert page.locator("#dice").inner_html() == board_dice
        verdicts = answer_all(page)
        assert set(verdicts) <= set(SQUARES), verdicts
        assert page.evaluate(COLOURS_JS, "#ten-body .ten-grid") == verdicts
        grid = "".join(SQUARES[colour] for colour in verdicts)
        assert "Points lost in all:" in body(page) and "would lose" in body(page)
        assert "Days in a row: 1 · best: 1" in body(page)
        today = datetime.date.today().isoformat()
        [day] = stored(page)["days"]
        assert day["date"] == today and day["finished"] and len(day["choices"]) == 10
        assert day["colours"] == verdicts and stored(page).get("attempt") is None
        # Shared: the date, the points lost, the squares and the day's link; no position.
        page.evaluate("delete Navigator.prototype.share")  # the clipboard path, where no share sheet exists
        page.click("#ten-share")
        page.wait_for_selector("#toast:not([hidden])")
        shared = page.evaluate("navigator.clipboard.readText()")
        assert shared.startswith("Today's ten, ") and grid in shared and shared.endswith(f"?ten={today}")
        assert "Decision" not in shared and "Turn" not in shared
        # Opened again, the day shows its result; another go is practice, and says so.
        page.evaluate("document.querySelector('#ten-dialog').close()")
        page.click("#new-game")
        page.click("#setup-ten")
        page.wait_for_selector("#ten-body .ten-grid", timeout=60_000)
        assert page.evaluate(COLOURS_JS, "#ten-body .ten-grid") == verdicts and "not scored" not in body(page)
        page.click("#ten-again")
        page.wait_for_selector("#ten-body .ten-practice", timeout=60_000)
        answer(page, 1)
        assert stored(page)["attempt"]["practice"] and stored(page)["days"] == [day]  # practice: no result
        check_page(site)
    finally:
        page.context.close()


def test_a_link_opens_that_days_ten_at_once_and_a_bad_one_says_why(browser, site_url) -> None:
    site = open_site(browser, site_url + "?ten=2026-01-15")
    page = site.page
    try:
        page.wait_for_selector("#ten-body .ten-progress", timeout=60_000)
        assert page.locator("#ten-dialog").evaluate("d => d.open")
        assert "not scored" in body(page)  # an earlier day is practice
        assert page.input_value("#ten-day") == "2026-01-15"
        first = page.locator("#ten-body .ten-pad").inner_html()
        page.fill("#ten-day", "2026-01-14")  # another day, from the dialog's date field
        page.wait_for_function("(before) => { const pad = document.querySelector('#ten-body .ten-pad');"
                               " return pad && pad.innerHTML !== before; }", arg=first, timeout=60_000)
        assert "not scored" in body(page) and page.input_value("#ten-day") == "2026-01-14"
        check_page(site)
    finally:
        page.context.close()
    tomorrow = (datetime.date.today() + datetime.timedelta(days=2)).isoformat()
    for query, words in ((f"?ten={tomorrow}", "a day still to come"), ("?ten=15.01.2026", "does not name a day")):
        site = open_site(browser, site_url + query)
        try:
            assert words in site.page.locator("#notices").inner_text()
            assert not site.page.locator("#ten-dialog").evaluate("d => d.open")
            assert re.search(r"yahtzee:ten", str(site.page.evaluate("Object.keys(localStorage)"))) is None
            check_page(site)
        finally:
            site.page.context.close()


def test_a_reload_goes_on_with_the_attempt_where_it_stopped(browser, site_url) -> None:
    site = open_site(browser, site_url)
    page = site.page
    try:
        page.click("#new-game")
        page.click("#setup-ten")
        first = [answer(page, number) for number in (1, 2, 3)]
        page.reload()
        site.wait_ready()
        page.click("#new-game")
        page.click("#setup-ten")
        rest = answer_all(page, first=4)  # waits for "Decision 4 of 10"
        assert page.evaluate(COLOURS_JS, "#ten-body .ten-grid") == first + rest
        check_page(site)
    finally:
        page.context.close()
