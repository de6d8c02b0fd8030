"""A game in progress is never lost: to a link, to a second tab, to an error (issue 12)."""

from __future__ import annotations

import pytest

from tests.browser import board
from tests.browser.pages import check_page, open_site

pytestmark = pytest.mark.browser


def test_a_new_game_started_from_a_link_page_survives_a_reload(fresh_site):
    """The first scenario of the issue: open a seed link, start a two-player game, play a
    turn, reload: the two-player game comes back, not the link's solo game."""
    page = fresh_site.page
    page.goto(fresh_site.origin + "/?seed=friend-link")
    fresh_site.wait_ready()
    board.new_game(page, ["Ann", "Bob"])
    board.play_turn_by_clicks(page)
    assert "seed" not in page.evaluate("location.search")  # the address is the game being played
    before = board.snapshot(page)
    page.reload()
    fresh_site.wait_ready()
    assert board.snapshot(page) == before
    assert page.locator('#scorecard thead th[data-seat="1"]').inner_text() == "Bob"


def open_link_during_a_game(site, query: str) -> tuple:
    """Two players one turn in, then the page opened on ``query``; returns the game's snapshot."""
    board.new_game(site.page, ["Ann", "Bob"])
    board.play_turn_by_clicks(site.page)
    mine = board.snapshot(site.page)
    site.page.goto(site.origin + "/" + query)
    site.wait_ready()
    return mine


def test_a_link_opened_during_a_game_asks_and_keeps_the_other_game(fresh_site):
    page = fresh_site.page
    mine = open_link_during_a_game(fresh_site, "?seed=from-a-friend&beat=200&from=Zoë")
    choice = page.locator("#link-choice")
    assert choice.is_visible()
    assert board.snapshot(page) == mine  # the game in progress is on the board meanwhile
    page.click("#link-play")
    assert not choice.is_visible()
    assert page.locator('#scorecard thead th[data-seat="1"]').count() == 0  # the link's solo game
    assert "Zoë" in page.locator("#challenge").inner_text()
    board.play_turn_by_clicks(page)
    # The two-player game waits in Games; resuming it sets the link's game aside in turn.
    page.click("#show-games")
    page.locator("#games-list [data-resume]").first.click()
    assert board.snapshot(page) == mine
    page.reload()
    fresh_site.wait_ready()
    assert board.snapshot(page) == mine
    assert not page.locator("#link-choice").is_visible()  # the link was used up: no question again
    page.click("#show-games")
    listed = page.locator("#games-list").inner_text()
    assert "Player 1 · round 2 of 13 · Official" in listed and "Zoë's 200 to beat" in listed


def test_keeping_my_game_sets_the_links_game_aside(fresh_site):
    page = fresh_site.page
    mine = open_link_during_a_game(fresh_site, "?seed=from-a-friend")
    page.click("#link-keep")
    assert board.snapshot(page) == mine
    assert page.evaluate("location.search") == ""
    page.click("#show-games")
    assert page.locator("#games-list [data-resume]").count() == 1


def test_a_link_to_a_game_and_a_ten_asks_first_then_opens_the_ten(fresh_site):
    # Opened over the link's question, the ten used to close it unanswered.
    page = fresh_site.page
    mine = open_link_during_a_game(fresh_site, "?seed=from-a-friend&ten=2026-01-05")
    assert page.locator("#link-choice").is_visible()
    assert not page.locator("#ten-dialog").evaluate("d => d.open")
    page.click("#link-keep")
    board.wait_for_decision(page, 1)
    assert page.get_attribute("#ten-body", "data-day") == "2026-01-05" and not page.locator("#link-choice").is_visible()
    page.evaluate("document.querySelector('#ten-dialog').close()")
    assert board.snapshot(page) == mine  # the game kept (read once the ten is closed: it has a Roll too)
    page.click("#show-games")
    assert page.locator("#games-list [data-resume]").count() == 1  # the link's game, set aside
    page.click("#games-dialog [data-close]")


def test_a_tab_that_is_behind_follows_the_other_tab_and_loses_nothing(browser, site_url):
    """The second scenario: a box scored in tab A survives tab B acting on its older view."""
    first = open_site(browser, site_url)
    try:
        second = open_site(browser, site_url, context=first.page.context)
        a, b = first.page, second.page
        board.new_game(a, ["Ann"])
        b.reload()
        second.wait_ready()
        box, points = board.play_turn_by_clicks(a)
        # Tab B hears of it (the storage event) and follows, saying so. (Following before
        # an action when the event has not arrived yet: tests/test_tabs.py.)
        b.wait_for_function("document.getElementById('notices').textContent.includes('another tab')")
        assert board.filled(b, 0) == {box: points}
        box_b, points_b = board.play_turn_by_clicks(b)
        a.reload()
        first.wait_ready()
        assert board.filled(a, 0) == {box: points, box_b: points_b}
        check_page(first)
        check_page(second)
    finally:
        first.page.context.close()


def test_an_exception_in_a_handler_shows_the_notice_and_is_recorded(fresh_site):
    page = fresh_site.page
    fresh_site.run_python("from game.main import app\n"
                          "def broken(*a):\n    raise RuntimeError('a bug in roll')\n"
                          "app.roll = broken\nresult = 1")
    assert not page.locator("#error-notice").is_visible()
    board.roll_button(page).click()
    page.locator("#error-notice").first.wait_for(state="visible")
    assert "Something went wrong — your game is saved" in page.locator("#error-notice").inner_text()
    recorded = fresh_site.recorded_errors()
    assert len(recorded) == 1 and "a bug in roll" in recorded[0] and recorded[0].startswith("python:")
    page.evaluate("window.diceErrors.length = 0")  # seen: the fixture checks for any other


def test_uncaught_javascript_errors_are_recorded(fresh_site):
    page = fresh_site.page
    # Thrown in a microtask: a timer's callback would run inside the pinned clock's own timer
    # loop (tests/browser/clock.py), which catches what it throws and logs it instead.
    page.evaluate("() => { queueMicrotask(() => { throw new Error('js boom'); });"
                  " Promise.reject(new Error('lost promise')); }")
    page.wait_for_function("window.diceErrors.length >= 2")
    recorded = fresh_site.recorded_errors()
    assert any(e.startswith("error:") and "js boom" in e for e in recorded)
    assert any(e.startswith("unhandledrejection:") and "lost promise" in e for e in recorded)
    assert page.locator("#error-notice").is_visible()
    page.evaluate("window.diceErrors.length = 0")
    fresh_site.errors.clear()  # Playwright saw the same two as page errors
