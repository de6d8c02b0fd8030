"""Yatzy in Chromium (issue 42): a Swedish browser starts on it, New game offers both games
and remembers the choice, every preview of a turn is Yatzy's, the coach advises from
Yatzy's own table, and a computer plays it (the phone card's layout: tests/browser/test_layout.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser

from game.core.games import YATZY
from game.strategy.game_tables import load_ruleset
from game.strategy.ranking import rank_options
from tests.browser import board, clock
from tests.browser.pages import SitePage, check_page, open_site


@pytest.fixture
def swedish(browser: Browser, site_url: str) -> Iterator[SitePage]:
    """A phone in Swedish, its page of its own (its settings change)."""
    context = clock.new_context(browser, locale="sv-SE", viewport={"width": 360, "height": 640})
    site = open_site(browser, site_url, context=context)
    try:
        check_page(site)
        yield site
        check_page(site)
    finally:
        context.close()


def rows(page) -> list[str]:
    return page.eval_on_selector_all("#scorecard tr[data-row]", "rows => rows.map(r => r.dataset.row)")


def test_a_swedish_browser_starts_on_yatzy_and_new_game_remembers_the_choice(swedish: SitePage) -> None:
    page = swedish.page
    assert rows(page) == list(YATZY.names)
    assert page.locator('#scorecard tr[data-row="small_straight"] th .long').inner_text() == "Liten stege"
    board.open_menu(page)
    page.click("#new-game")
    assert page.is_checked('input[name="game"][value="yatzy"]')
    assert page.locator("#preset-fieldset").is_hidden()  # no Joker in Yatzy
    page.check('input[name="game"][value="yahtzee"]')
    assert page.locator("#preset-fieldset").is_visible()
    page.click("#setup-start")
    page.locator("#setup").first.wait_for(state="hidden")
    assert rows(page)[-2:] == ["yahtzee", "chance"]
    board.open_menu(page)  # the daily challenge plays the game chosen: Yatzy here
    page.click("#new-game")
    page.check('input[name="game"][value="yatzy"]')
    page.click("#setup-daily")
    page.locator("#setup").first.wait_for(state="hidden")
    assert rows(page) == list(YATZY.names)
    assert swedish.run_python("from game.main import app\nresult = app.state.seed") == f"daily-{clock.NOW.date()}"
    board.open_menu(page)
    page.click("#new-game")
    page.check('input[name="game"][value="yahtzee"]')
    page.click("#setup-start")
    page.locator("#setup").first.wait_for(state="hidden")
    page.reload()
    page.locator("body[data-state=ready]").first.wait_for(timeout=120_000)
    board.open_menu(page)
    page.click("#new-game")
    assert page.is_checked('input[name="game"][value="yahtzee"]')  # the choice is kept
    page.click("#setup-cancel")


def test_a_turn_of_yatzy_by_clicks_previews_and_scores_by_its_rules(swedish: SitePage) -> None:
    page = swedish.page
    board.new_game(page, ["Ann", "Ben", "Cy", "Di"], game="yatzy")
    for _ in range(4):  # a turn of each: every open box's preview is Yatzy's score of the dice
        seat = board.current_seat(page)
        page.click("#roll")
        dice = board.dice(page)
        expected = {box: YATZY.score(box, dice) for box in YATZY.names if box not in board.filled(page, seat)}
        assert board.previews(page) == expected
        box = max(expected, key=lambda b: (expected[b], -YATZY.names.index(b)))
        page.click(f'#scorecard button[data-box="{box}"]')
        assert board.filled(page, seat)[box] == expected[box]
    board.screenshot(page, "yatzy-sv-360-4-players")


def test_the_coach_advises_a_yatzy_roll_from_yatzys_table(swedish: SitePage) -> None:
    page = swedish.page
    board.new_game(page, ["Ann"], game="yatzy")
    page.click("#hints")
    page.click("#roll")
    page.locator("#coach .coach-line[data-confidence]").first.wait_for(timeout=60_000)
    if page.locator("#coach-values").get_attribute("aria-expanded") == "false":
        page.click("#coach-values")
    values = page.eval_on_selector_all("#coach .coach-values td[data-value]",
                                       "cells => cells.map(c => +c.dataset.value)")
    options = rank_options(load_ruleset("yatzy"), {}, board.dice(page), 2)
    assert values == pytest.approx([o.value for o in options], abs=1e-3)
    assert any("yatzy.bin" in r.url for r in swedish.responses)
    page.click("#hints")


def test_a_computer_plays_a_turn_of_yatzy(swedish: SitePage) -> None:
    page = swedish.page
    board.new_game(page, ["Ann", "Bot"], kinds=["human", "optimal"], game="yatzy")
    for _ in range(2):
        if board.current_seat(page) == 0:
            page.click("#roll")
            page.click('#scorecard button[data-box="chance"]')
    page.wait_for_function("() => document.querySelectorAll('#scorecard td.filled[data-seat=\"1\"]').length >= 1",
                           timeout=60_000)
    assert len(board.filled(page, 1)) >= 1 and set(board.filled(page, 1)) <= set(YATZY.names)


def test_a_whole_game_of_yatzy_is_scored_recorded_and_kept_apart(swedish: SitePage) -> None:
    """Fifteen turns by clicks: the totals by Yatzy's rules, the high score named Yatzy, and
    Statistics for Yatzy apart from Yahtzee's official rules."""
    page = swedish.page
    board.new_game(page, ["Ann"], game="yatzy")
    for _ in range(15):
        page.click("#roll")
        page.locator("#scorecard button[data-preview]").first.click()
    card = board.filled(page, 0)
    expected = YATZY.totals(card)
    assert len(card) == 15 and board.total(page, 0, "grand") == expected.grand_total
    assert board.total(page, 0, "upper_bonus") == expected.upper_bonus
    page.click("#name-form button[type=submit]")
    row = page.locator("#scores-table tr.just-made")
    assert "Yatzy" in row.inner_text() and str(expected.grand_total) in row.inner_text()
    board.close_end_dialogs(page)
    board.open_menu(page)
    page.click("#show-stats")
    page.select_option("#stats-preset", "yatzy")
    page.locator('#stats-body [data-stat="Games played"]').first.wait_for()
    assert page.locator('#stats-body [data-stat="Games played"]').inner_text() == "1"
    page.select_option("#stats-preset", "official")
    assert page.locator('#stats-body [data-stat="Games played"]').count() == 0  # none with Yahtzee's rules
    page.keyboard.press("Escape")
