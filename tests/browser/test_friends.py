"""Friends by link (issue 15): each Playwright context is a phone of its own, and the only
thing that travels between them is the link the page shows (docs/friends.md)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from game.core.turn_link import decode, from_fragment
from tests.browser import board, clock
from tests.browser.board import SETTLED_JS, STORAGE_JS
from tests.browser.pages import SitePage, check_page, open_site, wait_for_offline_ready

pytestmark = pytest.mark.browser

def settle(page: Page) -> None:
    page.wait_for_function(SETTLED_JS, polling=100, timeout=60_000)


def turn_link(page: Page) -> str:
    """The link the page offers to send: ``#play=…``, checked against the element's own href."""
    href = page.get_attribute("[data-turn-link]", "href")
    assert href is not None and href.startswith("#play=")
    assert page.evaluate("document.querySelector('[data-turn-link]').href").endswith(href)
    return href


def open_link(page: Page, site_url: str, href: str) -> None:
    """A friend taps the link: the same page with a new fragment (no reload) or a fresh load."""
    page.goto(site_url + href)
    page.wait_for_function("() => document.body.dataset.state === 'ready' && !location.hash")
    settle(page)


def first_link(page: Page, holds: tuple[int, ...] = ()) -> tuple[str, int]:
    """Ann starts [Ann, Ben by link] and plays her turn if the roll-off gave her the first:
    the link her page offers for Ben, and the turns she played (0 or 1)."""
    board.new_game(page, ["Ann", "Ben"], ["human", "link"])
    settle(page)
    played = 0
    if not page.locator("[data-turn-link]").count():
        board.play_turn_by_clicks(page, holds=holds)
        played = 1
        settle(page)
    return turn_link(page), played


@pytest.fixture
def phones(browser: Browser, site_url: str) -> Iterator[list[SitePage]]:
    sites = [open_site(browser, site_url) for _ in range(3)]
    yield sites
    for site in sites:
        site.page.context.close()


def play_by_links(phones: dict[int, SitePage], first: SitePage, site_url: str,
                  played: dict[int, int] | None = None) -> tuple[SitePage, int]:
    """Play to the end: a person here plays by clicks; a friend's turn goes by its link to the
    phone of that seat. The phone that scored the last box, and the longest link sent.
    ``played``: the turns each seat played before."""
    board_phone, longest, played = first, 0, played or dict.fromkeys(phones, 0)
    while True:
        page = board_phone.page
        settle(page)
        if page.locator("#status .result").count():
            assert set(played.values()) == {13}, played  # every person played every turn on their phone
            return board_phone, longest
        if page.locator("[data-turn-link]").count():
            href = turn_link(page)
            longest = max(longest, len(site_url + href))
            seat = board.current_seat(page)
            assert seat is not None
            board_phone = phones[seat]
            open_link(board_phone.page, site_url, href)
            continue
        seat = board.current_seat(page)
        assert seat is not None and phones[seat] is board_phone
        board.play_turn_by_clicks(page, holds=(0,))
        played[seat] += 1


def standings(page: Page) -> list[str]:
    return page.locator("#status .final li").all_inner_texts()


def test_three_phones_and_a_computer_play_a_whole_game_by_passing_links(phones, site_url):
    ann, ben, cy = phones
    board.new_game(ann.page, ["Ann", "Bot", "Ben", "Cy"], ["human", "optimal", "link", "link"])
    last, longest = play_by_links({0: ann, 2: ben, 3: cy}, ann, site_url)
    board.close_end_dialogs(last.page)
    final = turn_link(last.page)  # after the last box: the link that brings the final card
    for phone in phones:
        if phone is not last:
            open_link(phone.page, site_url, final)
            board.close_end_dialogs(phone.page)
    texts = [standings(p.page) for p in phones]
    assert texts[0] == texts[1] == texts[2] and len(texts[0]) == 4
    totals = [int(t.rsplit(": ", 1)[1]) for t in texts[0]]
    assert totals == sorted(totals, reverse=True)  # by rank
    for phone, seat in ((ann, 0), (ben, 2), (cy, 3)):
        kept = json.loads(phone.page.evaluate("localStorage.getItem('yahtzee:friends')"))["games"]
        assert len(kept) == 1 and kept[0]["mine"] == [seat] and len(decode(from_fragment(final)).turns) == 52
        check_page(phone)
    assert ben.page.evaluate("window.caughtUp") and cy.page.evaluate("window.caughtUp")
    assert longest <= 2000


def test_two_phones_play_a_whole_game_one_of_them_offline(browser, site_url, site_dir):
    ann = open_site(browser, site_url)
    ben = open_site(browser, site_url)
    try:
        wait_for_offline_ready(ben, site_dir)
        ben.page.context.set_offline(True)
        href, ann_played = first_link(ann.page, holds=(0,))
        played = {0: ann_played, 1: 0}
        open_link(ben.page, site_url, href)
        ben.page.reload()  # offline: the service worker serves the page, and Ben's turn is resumed
        ben.page.wait_for_function("() => document.body.dataset.state === 'ready'")
        settle(ben.page)
        assert board.current_seat(ben.page) == 1 and board.roll_button(ben.page).is_enabled()
        last, longest = play_by_links({0: ann, 1: ben}, ben, site_url, played)
        assert longest <= 1000, longest
        board.close_end_dialogs(last.page)
        other = ben if last is ann else ann
        open_link(other.page, site_url, turn_link(last.page))
        assert standings(ann.page) == standings(ben.page) and len(standings(ann.page)) == 2
        for phone in (ann, ben):
            check_page(phone)
    finally:
        ann.page.context.close()
        ben.page.context.close()


def test_the_turn_link_is_shared_or_copied(browser, site_url):
    context = clock.new_context(browser)
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    site = open_site(browser, site_url, context=context)
    try:
        page = site.page
        page.evaluate("delete Navigator.prototype.share")  # no share sheet: the clipboard
        href, _ = first_link(page)
        board.toast_after(page, "[data-turn-link]", "Link copied")
        assert page.evaluate("navigator.clipboard.readText()") == site_url + href
        assert page.url == site_url  # the link was copied, not followed
        check_page(site)
    finally:
        context.close()


def test_damaged_old_and_future_links_change_nothing_stored(phones, site_url):
    ann, ben, _ = phones
    first, _ = first_link(ann.page)
    open_link(ben.page, site_url, first)
    board.play_turn_by_clicks(ben.page)
    settle(ben.page)
    page = ben.page
    cases = [
        (first[:-3] + ("A" if first[-3] != "A" else "B") + first[-2:], "damaged"),
        (first[: len(first) // 2], "damaged"),
        ("#play=9" + first[len("#play=1"):], "newer version"),
        (first, "later state"),
    ]
    for href, words in cases:
        before = page.evaluate(STORAGE_JS)
        page.evaluate("document.querySelector('#notices').textContent = ''")
        page.goto(site_url + href)
        page.wait_for_function("(w) => document.querySelector('#notices').textContent.includes(w)", arg=words)
        assert json.loads(page.evaluate(STORAGE_JS)) == json.loads(before), href
        assert board.filled(page, 1), "Ben's box is still on the board"
    check_page(ben)


def test_share_result_of_a_daily_challenge_opens_the_final_card_elsewhere(phones, site_url):
    ann, ben, _ = phones
    page = ann.page
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.evaluate("delete Navigator.prototype.share")
    board.open_menu(page)
    page.click("#new-game")
    page.click("#setup-daily")
    page.locator("#setup").first.wait_for(state="hidden")
    for _ in range(13):
        board.play_turn_by_clicks(page)
    board.close_end_dialogs(page)
    score = board.total(page, 0, "grand")
    board.toast_after(page, "#share-result", "Copied")
    text = page.evaluate("navigator.clipboard.readText()")
    lines = text.splitlines()
    assert lines[0].startswith("Dice Pad daily challenge · Official") and re.search(r"\d{4}$", lines[0])
    assert lines[1].endswith(f" {score}") and lines[2].startswith(site_url + "#play=")
    open_link(ben.page, site_url, lines[2][len(site_url):])
    assert board.total(ben.page, 0, "grand") == score
    assert f"scored {score}" in ben.page.locator("#status .result").inner_text()
    assert ben.page.evaluate("localStorage.getItem('yahtzee:friends')") is None  # only shown, not kept
    check_page(ann)
    check_page(ben)


def test_games_with_friends_are_listed_and_resumed_offline_and_a_link_never_discards_a_game(phones, site_url):
    ann, ben, _ = phones
    board.new_game(ben.page, ["Ben"])  # Ben's own game, played a little: it must survive the link
    board.play_turn_by_clicks(ben.page)
    open_link(ben.page, site_url, first_link(ann.page)[0])
    page = ben.page
    board.play_turn_by_clicks(page)
    settle(page)
    page.context.set_offline(True)
    board.open_menu(page)
    page.click("#show-games")
    (own,) = page.locator("#games-list [data-resume]").all()  # Ben's own game waits, set aside
    friends = page.locator("#friends-list li")
    assert friends.count() == 1
    line = friends.inner_text()
    assert "Ann, Ben" in line and "Ann's turn" in line and "Ben scored" in line
    own.click()  # the solo game back on the board; the game with Ann goes to the list only
    page.locator("#games-dialog").first.wait_for(state="hidden")
    assert page.locator("#scorecard thead th[data-seat]").count() == 1
    board.open_menu(page)
    page.click("#show-games")
    page.click("#friends-list [data-friends-game]")
    page.locator("#games-dialog").first.wait_for(state="hidden")
    settle(page)
    assert page.locator("[data-turn-link]").count() == 1 and board.filled(page, 1)
    board.open_menu(page)
    page.click("#show-games")
    assert page.locator("#games-list [data-resume]").count() == 1  # the solo game, set aside again
    check_page(ben)
