"""Saved games, high scores and hostile storage, in Chromium."""

from __future__ import annotations

import pytest

from tests.browser import board, clock
from tests.browser.pages import check_page, open_site

pytestmark = pytest.mark.browser

XSS_NAME = "<img src=x onerror=alert(1)>"

# Every way of reaching localStorage throws, as in a locked-down private window.
BREAK_STORAGE = """
Object.defineProperty(window, 'localStorage', {
  configurable: true, get() { throw new DOMException('The operation is insecure.', 'SecurityError'); }
});
"""

PLANT_CORRUPT_SCORES = """
if (!sessionStorage.getItem('planted')) {
  sessionStorage.setItem('planted', '1');
  localStorage.setItem('yahtzee:scores', '{"version": 1, "scores": [oops');
}
"""


def finish_game(page, name: str) -> None:
    board.new_game(page, [name])
    for _ in range(13):
        board.play_turn_by_clicks(page)


def test_reload_mid_turn_restores_dice_holds_and_rolls(fresh_site):
    page = fresh_site.page
    before = board.mid_turn(page)
    page.reload()
    fresh_site.wait_ready()
    after = board.snapshot(page)
    assert after == before
    assert [page.locator(f'#scorecard thead th[data-seat="{i}"]').inner_text() for i in (0, 1)] == ["Ann", "Bob"]


def test_throwing_local_storage_leaves_the_game_playable_with_a_notice(browser, site_url):
    site = open_site(browser, site_url, init_script=BREAK_STORAGE)
    try:
        page = site.page
        assert "will be lost when the page closes" in page.locator("#notices").inner_text()
        board.play_turn_by_clicks(page, holds=(0,))
        assert len(board.filled(page, 0)) == 1
        check_page(site)
    finally:
        site.page.context.close()


def test_corrupt_scores_give_a_notice_and_a_backup_key(browser, site_url):
    site = open_site(browser, site_url, init_script=PLANT_CORRUPT_SCORES)
    try:
        page = site.page
        page.click("#show-scores")
        assert "Could not read your high scores" in page.locator("#notices").inner_text()
        backup = page.evaluate("localStorage.getItem('yahtzee:backup:yahtzee:scores:1')")
        assert backup == '{"version": 1, "scores": [oops'
        assert "No scores yet" in page.locator("#scores-table").inner_text()
        check_page(site)
    finally:
        site.page.context.close()


def test_a_hostile_name_is_shown_literally_and_no_dialog_opens(fresh_site):
    page = fresh_site.page
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    finish_game(page, XSS_NAME)
    assert page.locator('#scorecard thead th[data-seat="0"]').inner_text() == XSS_NAME
    assert page.locator("#name-input").input_value() == XSS_NAME
    page.click("#name-form button[type=submit]")
    row = page.locator("#scores-table tr.just-made")
    assert XSS_NAME in row.inner_text()
    assert page.locator("img").count() == 0
    assert dialogs == []


def test_two_tabs_each_finishing_a_game_keep_both_scores(browser, site_url):
    context = clock.new_context(browser)
    try:
        first = open_site(browser, site_url, context=context)
        second = open_site(browser, site_url, context=context)
        # A background tab gets no animation frames, so bring each to the front to play it.
        first.page.bring_to_front()
        finish_game(first.page, "Alpha")
        first.page.click("#name-form button[type=submit]")
        assert first.page.locator("#scores-dialog").is_visible()  # left open on the first tab
        second.page.bring_to_front()
        finish_game(second.page, "Beta")
        second.page.click("#name-form button[type=submit]")
        # The storage event redraws the first tab's open table with the second tab's score.
        first.page.bring_to_front()
        first.page.wait_for_function("document.querySelector('#scores-table').innerText.includes('Beta')")
        for site in (first, second):
            site.page.bring_to_front()
            board.close_end_dialogs(site.page)
            site.page.click("#show-scores")
            table = site.page.locator("#scores-table").inner_text()
            assert "Alpha" in table and "Beta" in table
            check_page(site)
    finally:
        context.close()
