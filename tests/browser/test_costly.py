"""The coach's word before a costly move, in Chromium: set in Settings, asked in words the pure
coach gives for the same position, answered each way by click, by Escape and by keyboard;
the game is assisted; points given up shown in the coach panel."""

from __future__ import annotations

import json

import pytest

from game.core.games import YAHTZEE
from game.screens.costly_words import costly_words
from game.strategy.move_cost import score_cost
from game.strategy.tables import load_preset
from tests.browser import board

pytestmark = pytest.mark.browser

TABLE = load_preset("official")


def _set_warnings(page, level: int) -> None:
    """Settings → "Warn before a costly move": the radio ``level`` (0 never, 1: 0.5, 2: 2, 3: 5 points)."""
    board.open_menu(page)
    page.click("#show-settings")
    page.check(f"#settings-warn-{level}")
    page.click("#settings-dialog [data-close]")
    page.locator("#settings-dialog").wait_for(state="hidden")


def _costly_box(page) -> tuple[str, str]:
    """A box the dice on the table could fill that loses more than 2 points, and the question's words."""
    filled, dice = board.filled(page, 0), board.dice(page)
    for box in YAHTZEE.names:
        if box in filled:
            continue
        try:
            cost = score_cost(TABLE, filled, dice, 2, 0, box)
        except ValueError:
            continue
        if cost.loss > 2.0:
            return box, costly_words(cost, box, (False,) * 5, YAHTZEE)
    raise AssertionError(f"no box loses over 2 points with {dice}")


def _ask(page, box: str) -> None:
    page.click(f'#scorecard button[data-box="{box}"]')
    page.locator("#costly-dialog[open]").wait_for()


def test_a_costly_box_is_asked_about_and_each_answer_works(fresh_site):
    page = fresh_site.page
    _set_warnings(page, 2)
    assert json.loads(page.evaluate("localStorage.getItem('yahtzee:settings')"))["warn"] == 2
    board.new_game(page, ["Ann"])
    board.roll_button(page).click()  # the table's loading starts with the first roll
    page.click("#hints")  # ... and once hints show, it is here (a move before then goes unasked)
    page.locator("#coach .coach-line[data-confidence]").wait_for()
    page.click("#hints")
    box, words = _costly_box(page)

    _ask(page, box)  # the question, in the pure coach's words for this position
    assert page.locator("#costly-text").inner_text() == words
    assert page.evaluate("document.activeElement.dataset.costly") == "again"  # the safe answer has focus
    page.click('#costly-dialog [data-costly="again"]')
    page.locator("#costly-dialog").wait_for(state="hidden")
    assert box not in board.filled(page, 0)
    assert page.locator("#announce").inner_text() == "Choose again: nothing was moved."

    _ask(page, box)
    page.keyboard.press("Escape")  # as Try again
    page.locator("#costly-dialog").wait_for(state="hidden")
    assert box not in board.filled(page, 0)

    _ask(page, box)
    page.keyboard.press("Enter")  # on the focused Try again
    page.locator("#costly-dialog").wait_for(state="hidden")
    assert box not in board.filled(page, 0)

    _ask(page, box)
    page.click('#costly-dialog [data-costly="best"]')  # the coach's best, for this decision only
    page.locator("#coach .coach-line[data-confidence]").wait_for()
    assert page.get_attribute("#hints", "aria-pressed") == "false"
    best = score_cost(TABLE, board.filled(page, 0), board.dice(page), 2, 0, box).best
    if best.kind == "score":
        assert page.locator(f'#scorecard button.hint[data-box="{best.box}"]').count() == 1

    _ask(page, box)
    page.click('#costly-dialog [data-costly="keep"]')
    page.locator("#costly-dialog").wait_for(state="hidden")
    page.locator(f'#scorecard tr[data-row="{box}"] td[data-seat="0"][data-points]').wait_for()
    assert box in board.filled(page, 0)
    assert page.locator("#coach .coach-line").count() == 0  # the one decision's coach is gone
    saved = json.loads(page.evaluate("localStorage.getItem('yahtzee:game')"))
    game = json.loads(saved["game"]) if isinstance(saved["game"], str) else saved["game"]
    assert game["assisted"] is True  # played with warnings: coached, as hints are
    _set_warnings(page, 0)


def test_points_given_up_show_in_the_coach_panel(fresh_site):
    page = fresh_site.page
    board.new_game(page, ["Ann"])
    page.click("#hints")
    board.roll_button(page).click()
    page.locator("#coach .coach-line[data-confidence]").wait_for()
    box, _words = _costly_box(page)
    loss = score_cost(TABLE, board.filled(page, 0), board.dice(page), 2, 0, box).loss
    page.click(f'#scorecard button[data-box="{box}"]')  # warnings off: no question
    assert page.locator("#costly-dialog[open]").count() == 0
    # valued after the click's drawing (game.session.given_up), then drawn again: wait for it
    page.wait_for_function("v => Math.abs(Number(document.querySelector('#coach .coach-given-up')"
                           "?.dataset.givenUp) - v) < 0.005", arg=loss)
    tally = page.locator("#coach .coach-given-up")
    assert float(tally.get_attribute("data-given-up")) == pytest.approx(loss, abs=0.005)
    page.click("#hints")


def test_the_question_fits_a_phone_in_german(browser, site_url, closing):
    """German at 360×640 (long words): the question's text and its three buttons inside the screen."""
    from tests.browser import clock
    from tests.browser.pages import check_page, open_site

    context = clock.new_context(browser, locale="de-DE", viewport={"width": 360, "height": 640})
    site = open_site(browser, site_url, context=context)
    closing.append(site)
    check_page(site)
    page = site.page
    _set_warnings(page, 1)
    page.click("#roll")  # "Würfeln"
    page.click("#hints")  # the table is here once hints show
    page.locator("#coach .coach-line[data-confidence]").wait_for()
    page.click("#hints")
    box, _words = _costly_box(page)
    _ask(page, box)
    text = page.locator("#costly-text").inner_text()
    assert "kostet" in text and "Punkte" in text  # German, from the catalog
    for element in ["#costly-text", *(f'#costly-dialog [data-costly="{a}"]' for a in ("best", "keep", "again"))]:
        found = page.locator(element).bounding_box()
        assert found is not None and found["x"] >= 0 and found["x"] + found["width"] <= 360, element
        assert found["y"] >= 0 and found["y"] + found["height"] <= 640, element
    board.screenshot(page, "costly-de-360")
    page.keyboard.press("Escape")
