"""Seeded links, challenges between two browsers, sharing and the daily challenge."""

from __future__ import annotations

import pytest

from game.core.links import challenge_query
from tests.browser import board, clock
from tests.browser.pages import check_page, open_site

pytestmark = pytest.mark.browser

HOLDS = ((0, 2), (1,), (), (3, 4))


def play_with_holds(page) -> list[tuple[int, ...]]:
    """Four turns, each: roll, hold the given dice, roll again, score the first open box."""
    seen = []
    for holds in HOLDS:
        board.roll_button(page).click()
        seen.append(board.dice(page))
        for i in holds:
            page.click(f'#dice [data-die="{i}"]')
        board.roll_button(page).click()
        seen.append(board.dice(page))
        page.click("#scorecard button[data-preview]")
    return seen


def test_a_challenge_link_gives_a_second_browser_the_same_dice_and_the_score_to_beat(browser, site_url):
    first = open_site(browser, site_url + "?seed=friendly-duel")
    second = open_site(browser, site_url + challenge_query("friendly-duel", "official", 234, "<b>Ann</b>"))
    try:
        assert play_with_holds(first.page) == play_with_holds(second.page)
        banner = second.page.locator("#challenge")
        # Then, once the tables are here, the chance to beat it (tests/browser/test_win_chances_shown.py).
        assert banner.inner_text().startswith("Score to beat: 234, set by <b>Ann</b>.")
        assert second.page.locator("#challenge b").count() == 0  # the name is text, not markup
        assert not first.page.locator("#challenge").is_visible()
        for site in (first, second):
            check_page(site)
    finally:
        first.page.context.close()
        second.page.context.close()


def test_bad_query_values_are_ignored_with_a_notice(browser, site_url):
    site = open_site(browser, site_url + "?seed=" + "y" * 80 + "&preset=%3Cscript%3E&beat=lots")
    try:
        notices = site.page.locator("#notices").inner_text()
        assert "seed in the link" in notices and "rules this game does not know" in notices
        assert "<script>" not in site.page.content().split("<body", 1)[1].split("</body>")[0].replace(
            "<script type=\"py\"", "")
        assert not site.page.locator("#challenge").is_visible()
        board.play_turn_by_clicks(site.page)
        check_page(site)
    finally:
        site.page.context.close()


def test_challenge_a_friend_copies_a_link_that_replays_the_game(browser, site_url):
    context = clock.new_context(browser)
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    site = open_site(browser, site_url + "?seed=copy-me", context=context)
    try:
        page = site.page
        page.evaluate("delete Navigator.prototype.share")  # the clipboard path, where no share sheet exists
        for _ in range(13):
            board.play_turn_by_clicks(page)
        board.close_end_dialogs(page)
        score = board.total(page, 0, "grand")
        board.toast_after(page, "#challenge-friend", "Link copied")
        copied = page.evaluate("navigator.clipboard.readText()")
        assert copied.startswith(site_url) and "seed=copy-me" in copied and f"beat={score}" in copied
        check_page(site)
    finally:
        context.close()


def test_the_daily_challenge_is_the_same_game_for_everyone_today(browser, site_url):
    first = open_site(browser, site_url)
    second = open_site(browser, site_url + "?seed=daily-" + clock.TODAY.isoformat())
    try:
        first.page.click("#new-game")
        first.page.click("#setup-daily")
        first.page.locator("#setup").first.wait_for(state="hidden")
        assert play_with_holds(first.page) == play_with_holds(second.page)
    finally:
        first.page.context.close()
        second.page.context.close()
