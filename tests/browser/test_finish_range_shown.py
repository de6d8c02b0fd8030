"""The finish range in Chromium (issue 44): with hints on, the coach panel's numbers and the
scorecard's bar are what CPython works out (game.strategy.finish_range) for the same card
and dice; the box scored shows its new range (the first pass's: a finer one may follow) in
the very drawing that shows its points;
several players each get theirs without hints; the row fits a phone in German."""

from __future__ import annotations

import time

import pytest

from game.strategy.finish_range import finish_range, first_range_steps, run
from game.strategy.game_spread import load_ruleset_spread
from game.strategy.game_tables import load_ruleset
from tests.browser import board
from tests.browser.pages import SitePage

pytestmark = pytest.mark.browser

TABLE, SPREAD = load_ruleset("official"), load_ruleset_spread("official")

#: Page Python: the dice on the table, the re-rolls left, and whether every range asked for
#: (the boxes ahead included) is worked out.
STATE_PY = ("from game.main import app\n"
            "s, f = app.state, app.coach.finish\n"
            "result = [list(s.dice or ()), s.rolls_left, f is not None and not f._wanted]")

#: Watches the scorecard's next drawing that shows box ``box`` filled: its points, and seat
#: 0's finish range in that same drawing.
WATCH_JS = """box => { window.__drawn = new Promise(done => {
  const card = document.querySelector('#scorecard');
  new MutationObserver((_, watcher) => {
    const cell = card.querySelector(`tr[data-row="${box}"] td[data-seat="0"][data-points]`);
    if (!cell) return;
    watcher.disconnect();
    const range = card.querySelector('tr.total-range td[data-seat="0"]');
    done([cell.dataset.points, range ? range.dataset.range : null]);
  }).observe(card, {childList: true, subtree: true});
}); }"""


def _range_cell(page, seat: int) -> str:
    return page.get_attribute(f'#scorecard tr.total-range td[data-seat="{seat}"]', "data-range") or ""


def _settled(site: SitePage, timeout: float = 60.0) -> list:
    """The page's state once no range waits to be worked out (polled: a state, not a time)."""
    deadline = time.monotonic() + timeout
    while not (state := site.run_python(STATE_PY))[2]:
        assert time.monotonic() < deadline, "finish ranges still being worked out"
        site.page.wait_for_timeout(100)
    return state


def test_with_hints_the_range_is_the_strategys_and_the_box_scored_shows_its_own(site: SitePage) -> None:
    page = site.page
    board.new_game(page, ["Ann"])
    assert page.locator("#scorecard tr.total-range").count() == 0  # solo, hints off: no row
    page.click("#hints")
    board.roll_button(page).click()
    page.locator("#coach .coach-range").wait_for(timeout=30_000)  # the tables, then the range
    dice, rolls_left, _ = _settled(site)
    live = finish_range(TABLE, SPREAD, {}, 0, tuple(dice), rolls_left)
    expected = f"{live[0]},{live[1]}"
    page.wait_for_function("v => document.querySelector('#coach .coach-range')?.dataset.range === v", arg=expected)
    assert _range_cell(page, 0) == expected  # the bar's numbers: the same pair
    assert page.locator("#coach .coach-range").inner_text().startswith(f"Finish range: {live[0]}–{live[1]}")
    assert page.locator('#scorecard tr.total-range td[data-seat="0"] svg .range-span').count() == 1

    options = board.previews(page)
    box = max(options, key=lambda b: options[b])
    page.evaluate(WATCH_JS, box)
    page.click(f'#scorecard button[data-box="{box}"]')
    points, shown = page.evaluate("window.__drawn")
    card, grand = {box: int(points)}, board.total(page, 0, "grand")
    first, _ = run(first_range_steps(TABLE, SPREAD, card, grand))
    assert shown == f"{first[0]},{first[1]}"  # in the drawing that shows the points: the same frame
    after = finish_range(TABLE, SPREAD, card, grand)  # the first pass's, or once known the finer one's
    page.wait_for_function(f"() => document.querySelector('#scorecard tr.total-range td[data-seat=\"0\"]')"
                           f"?.dataset.range === '{after[0]},{after[1]}'")
    page.click("#hints")


def test_several_players_each_see_their_range_without_hints(site: SitePage) -> None:
    page = site.page
    board.new_game(page, ["Ann", "Ben", "Cy"])
    page.wait_for_function("() => { const tds = [...document.querySelectorAll('#scorecard tr.total-range td')];"
                           " return tds.length === 3 && tds.every(td => td.dataset.range); }", timeout=30_000)
    assert [_range_cell(page, s) for s in range(3)] == ["194,318"] * 3  # the empty card, each
    assert page.locator("#coach .coach-range").count() == 0  # the panel is the coach's
    board.screenshot(page, "finish-range-three-players")


def test_the_row_fits_a_phone_in_german(browser, site_url, closing) -> None:
    """German at 360×640, four players, hints on, dark: the row and its bars inside the screen."""
    from tests.browser import clock
    from tests.browser.pages import check_page, open_site

    context = clock.new_context(browser, locale="de-DE", viewport={"width": 360, "height": 640},
                                color_scheme="dark")
    site = open_site(browser, site_url, context=context)
    closing.append(site)
    check_page(site)
    page = site.page
    board.new_game(page, ["Ann", "Ben", "Cy", "Dora"])
    page.click("#hints")
    page.click("#roll")  # "Würfeln"
    page.locator("#coach .coach-range").wait_for(timeout=30_000)
    assert page.locator("#coach .coach-range").inner_text().startswith("Endspanne: ")
    _settled(site)
    row = page.locator("#scorecard tr.total-range")
    row.scroll_into_view_if_needed()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    current = board.current_seat(page)
    for seat in range(4):
        cell = f'#scorecard tr.total-range td[data-seat="{seat}"]'
        box, bar = page.locator(cell).bounding_box(), page.locator(f"{cell} svg").bounding_box()
        assert box is not None and bar is not None and bar["width"] > 4, seat  # every player's bar shows
        assert box["x"] <= bar["x"] and bar["x"] + bar["width"] <= box["x"] + box["width"] + 0.5, seat
        numbers = page.locator(f"{cell} .range-nums")
        width = numbers.evaluate("e => [e.scrollWidth, e.clientWidth]")
        if seat == current:  # the player to move's numbers, whole (the others' are read aloud only)
            assert width[0] <= width[1], width
    board.screenshot(page, "finish-range-de-360-dark")
    page.click("#hints")
