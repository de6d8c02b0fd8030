"""Computer opponents in Chromium: lazy strategy tables, visible turns, skipping ahead."""

from __future__ import annotations

import time
from urllib.parse import urlsplit

import pytest

from tests.browser import board

pytestmark = pytest.mark.browser


def table_requests(site) -> list[str]:
    return [urlsplit(u).path for u in site.requests if urlsplit(u).path.startswith("/assets/strategy/")]


def test_no_strategy_table_is_fetched_until_a_computer_needs_one(site):
    assert table_requests(site) == []
    board.new_game(site.page, ["Me"])
    board.play_turn_by_clicks(site.page)
    assert table_requests(site) == []


CLICK_SKIP_IF_SHOWN = "() => { const s = document.querySelector('#skip'); if (s) s.click(); return !!s; }"


def watch_computer_turn(page) -> set[str]:
    """The announcements of one computer turn, until a second one shows or the turn ends."""
    page.locator("#skip").first.wait_for()  # the computer is playing: Roll is disabled, Skip is offered
    assert board.roll_button(page).is_disabled()
    page.wait_for_function("document.querySelector('#announce').innerText.startsWith('Bot')")
    seen = set()
    start = time.monotonic()
    # Until a second step shows (at the computer's pace, about 0.7 s; the 10 s bound is for a
    # loaded machine, where the first step waits for the strategy table), or the turn ends.
    # The announcement is read after the seat: a first roll scored at once (a Large straight)
    # ends the turn with its second step, which must still be counted.
    while time.monotonic() - start < 10:
        ended = board.current_seat(page) != 1
        seen.add(page.locator("#announce").inner_text())
        if len(seen) >= 2 or ended:
            break
        page.wait_for_timeout(50)
    return seen


def test_a_computer_turn_plays_out_visibly_and_can_be_skipped(site):
    page = site.page
    board.new_game(page, ["Me", "Bot"], ["human", "optimal"])
    # A turn can end between the second step and the click (a short turn on a loaded machine):
    # Skip is then gone, and the next computer turn is tried, the click and the check being one
    # step in the page so that it cannot fall between them.
    for _ in range(4):
        if board.current_seat(page) == 0:
            board.play_turn_by_clicks(page)
        seen = watch_computer_turn(page)
        assert len(seen) >= 2, seen  # several steps, each on screen long enough to read
        if page.evaluate(CLICK_SKIP_IF_SHOWN):
            break
    else:
        pytest.fail("every computer turn ended before Skip could be clicked")
    page.wait_for_function("document.querySelector('#scorecard thead th.current')?.dataset.seat === '0'",
                           timeout=10_000)
    assert len(board.filled(page, 1)) >= 1
    # The table, then the spread table for the win chances of a game of two (test_win_chances_shown.py).
    assert table_requests(site)[:1] == ["/assets/strategy/official.bin"]
    assert set(table_requests(site)) <= {"/assets/strategy/official.bin", "/assets/strategy/official.spread.bin"}
    assert len(table_requests(site)) == len(set(table_requests(site)))  # each fetched once
    assert not board.roll_button(page).is_disabled()


def test_two_computers_play_a_whole_game_when_skipped(site):
    page = site.page
    board.new_game(page, ["Ada", "Bob"], ["optimal", "greedy"])
    page.locator("#skip").first.click()
    page.locator("#status .result").first.wait_for(timeout=60_000)
    for seat in (0, 1):
        assert len(board.filled(page, seat)) == 13
        board.check_totals(page, seat)
    assert "wins" in page.locator("#status .result").inner_text() or "share" in page.locator(
        "#status .result").inner_text()
    assert not page.locator("#name-dialog").is_visible()  # computers enter no high scores
