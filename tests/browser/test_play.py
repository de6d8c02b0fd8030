"""Whole games in Chromium: by clicks, by keyboard, solo and three players."""

from __future__ import annotations

import pytest

from game import rules
from tests.browser import board

pytestmark = pytest.mark.browser


def test_solo_game_by_clicks_checks_every_box_against_the_rules(site):
    page = site.page
    # Holding two dice on alternate turns exercises re-rolls and holds too.
    board.play_solo_game(page, "Solo", holds=(0, 1))
    assert board.roll_button(page).is_disabled()
    assert page.locator("#name-dialog").is_visible()  # a first game always makes the table
    assert page.locator("#name-input").input_value() == "Solo"


def test_held_dice_keep_their_faces_and_a_fourth_roll_is_impossible(site):
    page = site.page
    board.new_game(page, ["Holder"])
    board.roll_button(page).click()
    first = board.dice(page)
    page.click('#dice [data-die="1"]')
    page.click('#dice [data-die="3"]')
    assert board.held(page) == (False, True, False, True, False)
    assert page.locator('#dice [data-die="1"]').get_attribute("aria-pressed") == "true"
    board.roll_button(page).click()
    second = board.dice(page)
    assert (second[1], second[3]) == (first[1], first[3])
    board.roll_button(page).click()
    third = board.dice(page)
    assert (third[1], third[3]) == (first[1], first[3])
    assert board.roll_button(page).is_disabled()
    assert board.roll_button(page).inner_text().startswith("Roll")
    page.keyboard.press("r")  # the keyboard cannot force a fourth roll either
    assert board.dice(page) == third
    assert page.locator("#announce").inner_text().startswith("Not allowed: no rolls left")


def test_three_player_game_to_its_winner(site):
    page = site.page
    names = ["Ann", "Bo", "Cy"]
    board.new_game(page, names)
    assert page.locator("#rolloff").inner_text().startswith("Who starts:")
    assert page.locator("#rolloff").inner_text().strip().endswith(" starts.")
    for _ in range(13 * 3):
        board.play_turn_by_clicks(page)
    grand = [board.check_totals(page, seat).grand_total for seat in range(3)]
    best = max(grand)
    winners = [names[seat] for seat, total in enumerate(grand) if total == best]
    result = page.locator("#status .result").inner_text()
    assert all(name in result for name in winners)
    assert ("share the win" in result) == (len(winners) > 1)


def test_a_new_game_shows_its_own_names_where_the_board_html_is_unchanged(site):
    # The name slots are empty spans filled as text: a new game with other names and the same
    # seats draws the same HTML, and the names must be refilled all the same.
    page = site.page
    for names in (["Ann", "Bo"], ["Cy", "Dee"]):
        board.new_game(page, names)
        assert page.locator("#scorecard thead th[data-seat]").all_inner_texts() == names
        assert page.locator("#status .whose").inner_text() in names


def test_full_game_by_keyboard_only(fresh_site):
    page = fresh_site.page
    page.keyboard.press("Tab")  # leave the address bar's focus, as a keyboard player would
    for turn in range(13):
        page.keyboard.press("r")
        if turn % 3 == 0:
            page.keyboard.press("1")
            page.keyboard.press("5")
            assert board.held(page)[0] and board.held(page)[4]
            before_space = board.dice(page)
            page.keyboard.press(" ")  # Space rolls as R does
            after_space = board.dice(page)
            assert (after_space[0], after_space[4]) == (before_space[0], before_space[4])
            assert page.locator("#roll").inner_text().startswith("Roll (1 left)")
        page.keyboard.press("ArrowDown")
        page.keyboard.press("ArrowDown")
        page.keyboard.press("ArrowUp")
        focused = page.evaluate("[document.activeElement.dataset.box,"
                                " document.activeElement.matches(':focus-visible')]")
        assert focused[0] in rules.BOXES and focused[1], focused
        before = len(board.filled(page, 0))
        page.keyboard.press("Enter")
        assert len(board.filled(page, 0)) == before + 1
    assert len(board.filled(page, 0)) == 13
    board.check_totals(page, 0)
    assert "Game over" in page.locator("#status").inner_text()


def test_the_live_region_announces_rolls_and_scores(site):
    page = site.page
    board.new_game(page, ["Reader"])
    board.roll_button(page).click()
    faces = ", ".join(map(str, board.dice(page)))
    assert page.locator("#announce").inner_text() == f"Rolled {faces}. 2 rolls left."
    box, points = board.play_turn_by_clicks(page)
    assert page.locator("#announce").inner_text() == f"Reader scored {points} in {rules.BOX_LABELS[box]}."


@pytest.mark.parametrize(("width", "height"), [(375, 812), (1280, 800), (320, 640)])
def test_screenshots_and_no_horizontal_scroll(site, width, height):
    page = site.page
    page.set_viewport_size({"width": width, "height": height})
    board.new_game(page, ["Ann", "Bo"])
    board.roll_button(page).click()
    page.click('#dice [data-die="2"]')
    path = board.screenshot(page, f"board-{width}x{height}")
    assert path.stat().st_size > 10_000
    # The page itself never scrolls sideways; only the scorecard may, inside its frame.
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    # Every menu item is in full view once the menu is open: none off the side of a phone's screen.
    board.open_menu(page)
    edges = page.evaluate("[...document.querySelectorAll('.menu button')]"
                          ".map((b) => { const r = b.getBoundingClientRect(); return [r.left, r.right, r.bottom]; })")
    assert len(edges) == 7 and all(0 <= left and right <= width and bottom <= height
                                   for left, right, bottom in edges), edges
    if page.locator("#menu-toggle").is_visible():
        page.click("#menu-toggle")  # fold it again
    page.set_viewport_size({"width": 1280, "height": 800})


def test_the_result_offers_a_new_game(site):
    page = site.page
    board.new_game(page, ["Again"])
    for _ in range(13):
        board.play_turn_by_clicks(page)
    board.close_end_dialogs(page)
    page.click("#status #again")
    assert page.locator("#setup").is_visible()
    page.click("#setup-cancel")


def test_focus_stays_where_the_player_was_after_each_redraw(fresh_site):
    """Redrawing a region replaces its buttons; focus must come back to the same control
    (it used to fall to <body> after every action: a keyboard player lost their place)."""
    page = fresh_site.page
    page.focus("#roll")
    page.keyboard.press("r")
    assert page.evaluate("document.activeElement.id") == "roll"
    page.focus('#dice [data-die="1"]')
    page.keyboard.press("Space")  # Space on a focused die: the page's own key, a roll
    assert page.evaluate("document.activeElement.dataset.die") == "1"
    page.focus("#scorecard button[data-box][data-preview]")
    page.keyboard.press("Enter")  # scores the box; focus moves on to an open box or Roll
    assert page.evaluate("document.activeElement === document.body") is False
