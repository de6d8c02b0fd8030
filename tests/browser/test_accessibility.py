"""Accessibility audit: axe-core finds no violation on the board, in any dialog or on the
end screen, in the light and in the dark colour scheme (docs/accessibility.md).

One page per colour scheme (a context with ``color_scheme`` set, so
``prefers-color-scheme`` matches it), shared by the tests in file order: pytest runs every
test of one scheme before the other's. Each test brings the page to its state (from
whatever the one before left) and audits it: the board and the end screen as whole pages,
each dialog as its own subtree (the board behind it is audited on its own).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from tests.browser import board, clock
from tests.browser.a11y import assert_accessible
from tests.browser.pages import SitePage, check_page, open_site

pytestmark = pytest.mark.browser

SCHEMES = ("light", "dark")

#: Plays the solo game on the board to its end in the page's Python, each turn one roll
#: and the highest-scoring box: seconds faster than clicks, the same screens.
FINISH_GAME = """
from game.main import app
if app.coach.hints:
    app.toggle_hints()
for _ in range(13):
    if app.state.over:
        break
    app.roll()
    options = app.state.box_options()
    app.score(max((b for b, v in options.items() if not isinstance(v, str)), key=lambda b: options[b]))
result = app.state.over
"""


@pytest.fixture(scope="module", params=SCHEMES)
def site_page(request: pytest.FixtureRequest, browser: Browser, site_url: str) -> Iterator[SitePage]:
    """One booted page per colour scheme, in a context of its own (fresh storage); the
    conftest's ``site`` fixture checks each test against it."""
    context = clock.new_context(browser, color_scheme=request.param)
    try:
        site = open_site(browser, site_url, context=context)
        check_page(site)
        yield site
    finally:
        context.close()


@pytest.fixture
def scheme(site_page: SitePage) -> str:
    dark = site_page.page.evaluate("() => matchMedia('(prefers-color-scheme: dark)').matches")
    return "dark" if dark else "light"


def audit_dialog(page: Page, opener: str, dialog: str, what: str, ready: str | None = None) -> None:
    """Open ``dialog`` with the button ``opener``, wait for ``ready`` (the dialog itself by
    default), audit the dialog alone, and close it."""
    board.close_end_dialogs(page)
    page.click(opener)
    page.locator(ready or dialog).first.wait_for(state="visible", timeout=30_000)
    try:
        assert_accessible(page, what, [dialog])
    finally:
        page.click(f"{dialog} [data-close]")


def start_two_players(site: SitePage) -> None:
    board.new_game(site.page, ["Ann", "Bob"])
    assert board.dice(site.page) == (0, 0, 0, 0, 0)


def finish_solo_game(site: SitePage) -> None:
    """A new solo game, played to its end: the high-score name prompt opens."""
    board.new_game(site.page, ["Solo"])
    assert site.run_python(FINISH_GAME) is True
    site.page.locator("#status .result").first.wait_for()


# The board ----------------------------------------------------------------------------

def test_board_before_the_first_roll(site: SitePage, scheme: str) -> None:
    start_two_players(site)
    assert site.page.locator("#scorecard button[data-box][disabled]").count() == 13
    assert_accessible(site.page, f"the board before the first roll [{scheme}]")


def test_board_after_a_roll(site: SitePage, scheme: str) -> None:
    start_two_players(site)
    board.roll_button(site.page).click()
    assert 0 not in board.dice(site.page) and len(board.previews(site.page)) >= 1
    assert_accessible(site.page, f"the board after a roll [{scheme}]")


def test_board_with_a_held_die(site: SitePage, scheme: str) -> None:
    start_two_players(site)
    board.roll_button(site.page).click()
    site.page.click('#dice [data-die="1"]')
    assert board.held(site.page) == (False, True, False, False, False)
    assert_accessible(site.page, f"the board with a held die [{scheme}]")


def test_board_with_hints_and_every_value(site: SitePage, scheme: str) -> None:
    page = site.page
    start_two_players(site)
    board.roll_button(page).click()
    if page.get_attribute("#hints", "aria-pressed") != "true":
        page.click("#hints")
    try:
        page.locator("#coach .coach-line[data-confidence]").first.wait_for(timeout=30_000)
        assert_accessible(page, f"the board with Hints on (the coach's line) [{scheme}]")
        page.click("#coach-values")
        page.locator("#coach table.coach-values").first.wait_for()
        assert_accessible(page, f"the board with Hints on and every choice's value [{scheme}]")
    finally:
        if page.get_attribute("#hints", "aria-pressed") == "true":
            page.click("#hints")


def test_board_on_a_phone(site: SitePage, scheme: str) -> None:
    """390×844: the short labels of the pad, and the menu folded behind its button."""
    page = site.page
    start_two_players(site)  # New game is in the menu, which a phone folds away
    board.roll_button(page).click()
    page.click('#dice [data-die="0"]')
    size = page.viewport_size
    page.set_viewport_size({"width": 390, "height": 844})
    try:
        assert_accessible(page, f"the board on a phone, a die held [{scheme}]")
        toggle = page.locator("#menu-toggle")
        if toggle.count() and toggle.is_visible():
            toggle.click()
            assert_accessible(page, f"the board on a phone, the menu open [{scheme}]")
            toggle.click()
    finally:
        if size:
            page.set_viewport_size(size)


# The dialogs --------------------------------------------------------------------------

def test_board_at_a_friends_turn(site: SitePage, scheme: str) -> None:
    """The link to send a friend (and, in the Games dialog later, the game in its list)."""
    page = site.page
    board.new_game(page, ["Ann", "Ben"], ["human", "link"])
    if board.roll_button(page).is_enabled():
        board.play_turn_by_clicks(page)
    page.locator("[data-turn-link]").first.wait_for()
    assert_accessible(page, f"the board at a friend's turn [{scheme}]")


def test_new_game_dialog(site: SitePage, scheme: str) -> None:
    page = site.page
    board.close_end_dialogs(page)
    page.click("#new-game")
    page.select_option("#player-count", "3")
    page.select_option('[data-kind="1"]', "optimal")
    try:
        assert_accessible(page, f"the New game dialog [{scheme}]", ["#setup"])
    finally:
        page.click("#setup-cancel")
    assert not page.locator("#setup").is_visible()


def test_link_choice_dialog(site: SitePage, scheme: str) -> None:
    """A friend's challenge opened during a game asks which to play (and sets one aside,
    so the Games dialog has a game to list)."""
    page = site.page
    start_two_players(site)
    board.roll_button(page).click()
    page.goto(site.origin + "/?seed=a11y-friend&beat=200&from=Zo%C3%AB")
    site.wait_ready()
    assert page.locator("#link-choice").is_visible()
    try:
        assert_accessible(page, f"the link's question [{scheme}]", ["#link-choice"])
    finally:
        page.click("#link-keep")


def test_games_dialog(site: SitePage, scheme: str) -> None:
    page = site.page
    board.close_end_dialogs(page)
    page.click("#show-games")
    # Waited for, not counted at once: under load the lists may be drawn a moment later.
    page.locator("#games-list [data-resume]").first.wait_for(state="attached")
    page.locator("#friends-list [data-friends-game]").first.wait_for(state="attached")
    try:
        assert_accessible(page, f"the Games dialog [{scheme}]", ["#games-dialog"])
    finally:
        page.click("#games-dialog [data-close]")


def test_player_card_dialog(site: SitePage, scheme: str) -> None:
    """A name in the pad opens that player's whole card."""
    page = site.page
    start_two_players(site)
    board.play_turn_by_clicks(page)
    page.click('#scorecard [data-card="0"]')
    page.locator("#card-dialog").first.wait_for(state="visible")
    try:
        assert_accessible(page, f"a player's card [{scheme}]", ["#card-dialog"])
    finally:
        page.click("#card-dialog [data-close]")


def test_settings_dialog(site: SitePage, scheme: str) -> None:
    audit_dialog(site.page, "#show-settings", "#settings-dialog", f"the Settings dialog [{scheme}]")
    assert not site.page.locator("#settings-dialog").is_visible()


# The end of a game --------------------------------------------------------------------

def test_high_score_name_dialog(site: SitePage, scheme: str) -> None:
    finish_solo_game(site)
    site.page.locator("#name-dialog").first.wait_for(state="visible")
    assert_accessible(site.page, f"the high-score name prompt [{scheme}]", ["#name-dialog"])


def test_high_score_table(site: SitePage, scheme: str) -> None:
    page = site.page
    if page.locator("#name-dialog").is_visible():  # the game just finished: name it, see the table
        page.click("#name-form button[type=submit]")
    else:
        page.click("#show-scores")
    page.locator("#scores-dialog").first.wait_for(state="visible")
    assert page.locator("#scores-table tbody tr").count() >= 1
    try:
        assert_accessible(page, f"the high-score table [{scheme}]", ["#scores-dialog"])
    finally:
        page.click("#scores-dialog [data-close]")


def test_end_screen(site: SitePage, scheme: str) -> None:
    page = site.page
    if not page.locator("#status .result").count():
        finish_solo_game(site)
    board.close_end_dialogs(page)
    assert page.locator("#status .result").inner_text().startswith("Game over: Solo scored")
    assert page.locator("#roll").is_disabled()
    assert_accessible(page, f"the end screen of a solo game [{scheme}]")


def test_stats_dialog(site: SitePage, scheme: str) -> None:
    audit_dialog(site.page, "#show-stats", "#stats-dialog", f"the Statistics dialog [{scheme}]")


def test_review_dialog(site: SitePage, scheme: str) -> None:
    # The newest finished game: the solo game above.
    audit_dialog(site.page, "#show-review", "#review-dialog", f"the Review dialog [{scheme}]",
                 ready="#review-body [data-total-loss]")


def test_todays_ten_at_a_decision_at_a_verdict_and_its_archive(site: SitePage, scheme: str) -> None:
    page = site.page
    board.close_end_dialogs(page)
    page.click("#new-game")
    page.click("#setup-ten")
    try:
        page.locator("#ten-body .ten-progress").first.wait_for(timeout=60_000)
        assert_accessible(page, f"Today's ten at a decision [{scheme}]", ["#ten-dialog"])
        page.click("#ten-roll" if page.locator("#ten-roll").count() else "#ten-dialog .ten-pad button[data-box]")
        page.locator("#ten-body .ten-verdict").first.wait_for()
        assert page.locator("#ten-next.primary").count() == 1
        assert_accessible(page, f"Today's ten at a verdict [{scheme}]", ["#ten-dialog"])
        # The button that moves the ten on stands out: the accent behind it, not the sheet's.
        colours = page.evaluate("""() => ['#ten-next', '#ten-dialog [data-close]'].map(
            s => getComputedStyle(document.querySelector(s)).backgroundColor)""")
        assert colours[0] != colours[1], colours
        page.click("#ten-past")  # the archive: the player's days and the past days
        page.locator("#ten-body .ten-archive").wait_for()
        assert_accessible(page, f"Today's ten's archive [{scheme}]", ["#ten-dialog"])
    finally:
        page.evaluate("document.querySelector('#ten-dialog').close()")

