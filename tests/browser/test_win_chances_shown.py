"""Win chances in Chromium (issue 17): a three-player game shows each player's chance to win
under the grand totals, updated after every box and equal to what CPython computes from the
same cards and the shipped tables; a challenge shows the chance to beat the friend's score."""

from __future__ import annotations

import pytest

from game.core.links import challenge_query
from game.strategy import spread as SP
from game.strategy import tables as T
from game.strategy.game_spread import load_ruleset_spread
from game.strategy.game_tables import load_ruleset
from game.strategy.win_chances import beat_chance, forecast, win_chances
from tests.browser import board
from tests.browser.pages import SitePage, check_page, open_site

pytestmark = pytest.mark.browser

#: One box scored by the player to move: a roll, then the highest-scoring open box.
PLAY_BOX = """
from game.main import app
app.act(lambda s: s.roll(), rolled=True, computer=True)
options = app.state.box_options()
box = max((b for b, v in options.items() if not isinstance(v, str)), key=lambda b: options[b])
app.act(lambda s: s.score(box), computer=True)
result = [[dict(card.filled), card.totals.grand_total] for card in app.state.cards]
"""


def _expected(cards: list[tuple[dict[str, int], int]], beat: int | None = None,
              ruleset: str = "official") -> tuple[float, ...]:
    """The chances CPython works out for these cards (filled boxes, grand total) from the shipped tables."""
    table, spread = load_ruleset(ruleset), load_ruleset_spread(ruleset)
    forecasts = [forecast(table, spread, filled, total) for filled, total in cards]
    return win_chances(forecasts) if beat is None else (beat_chance(forecasts[0], beat),)


def _shown(site: SitePage, count: int) -> tuple[float, ...]:
    cells = site.page.locator("#scorecard [data-win-chance]")
    cells.nth(count - 1).wait_for(timeout=30_000)
    return tuple(float(v) for v in cells.evaluate_all("els => els.map(e => e.dataset.winChance)"))


def test_three_players_see_their_chances_updated_after_every_box(site: SitePage) -> None:
    page = site.page
    board.new_game(page, ["Ann", "Ben", "Cy"])
    first = _shown(site, 3)
    assert first == pytest.approx((1 / 3,) * 3, abs=1e-4)  # the same empty card: even chances
    labels = page.locator("#scorecard tr.total-win-chance td").all_inner_texts()
    assert labels == ["33%", "33%", "33%"]
    seen = [first]
    for _ in range(4):  # a box each for three players, then the first again
        cards = site.run_python(PLAY_BOX)
        page.wait_for_function(
            "prev => { const v = [...document.querySelectorAll('#scorecard [data-win-chance]')]"
            ".map(e => Number(e.dataset.winChance)); return v.length === 3 && v.join() !== prev }",
            arg=",".join(map(str, seen[-1])), timeout=10_000)
        shown = _shown(site, 3)
        assert shown == pytest.approx(_expected(cards), abs=1e-4)
        assert sum(shown) == pytest.approx(1.0, abs=3e-4)
        seen.append(shown)
    board.screenshot(page, "win-chances-three-players")
    page.set_viewport_size({"width": 390, "height": 844})  # a phone in the dark: the row must still fit
    page.emulate_media(color_scheme="dark")
    try:
        page.locator("#scorecard tr.total-win-chance").scroll_into_view_if_needed()
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        board.screenshot(page, "win-chances-three-players-phone-dark")
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})
        page.emulate_media(color_scheme="light")


def test_two_players_of_yatzy_see_chances_from_yatzys_tables(site: SitePage) -> None:
    """Yatzy's win chances: the page fetches Yatzy's spread table, and every player's chance
    after each box is what CPython works out from Yatzy's shipped tables."""
    page = site.page
    board.new_game(page, ["Ann", "Ben"], game="yatzy")
    assert _shown(site, 2) == pytest.approx((0.5, 0.5), abs=1e-4)
    shown: tuple[float, ...] = (0.5, 0.5)
    for _ in range(3):
        cards = site.run_python(PLAY_BOX)
        page.wait_for_function(
            "prev => { const v = [...document.querySelectorAll('#scorecard [data-win-chance]')]"
            ".map(e => Number(e.dataset.winChance)); return v.length === 2 && v.join() !== prev }",
            arg=",".join(map(str, shown)), timeout=30_000)
        shown = _shown(site, 2)
        assert shown == pytest.approx(_expected(cards, ruleset="yatzy"), abs=1e-4)
    assert any(r.endswith("/yatzy.spread.bin") for r in site.requests)


def test_a_solo_game_shows_no_chances_and_fetches_no_spread(browser, site_url) -> None:
    site = open_site(browser, site_url)  # a page of its own: the shared one has fetched the spread
    try:
        board.new_game(site.page, ["Solo"])
        site.run_python(PLAY_BOX)
        assert site.page.locator("[data-win-chance]").count() == 0
        assert not [r for r in site.requests if r.endswith(".spread.bin")]
        check_page(site)
    finally:
        site.page.context.close()


def test_a_challenge_shows_the_chance_to_beat_the_score(browser, site_url) -> None:
    site = open_site(browser, site_url + challenge_query("wc-test", "official", 260, "Zoë"))
    try:
        _challenge(site)
        check_page(site)
    finally:
        site.page.context.close()


def _challenge(site: SitePage) -> None:
    page = site.page
    chance = page.locator("#challenge [data-win-chance]")
    chance.wait_for(timeout=30_000)
    assert float(chance.get_attribute("data-win-chance") or "") == pytest.approx(_expected([({}, 0)], 260)[0], abs=1e-4)
    before = chance.get_attribute("data-win-chance")
    cards = site.run_python(PLAY_BOX)
    page.wait_for_function("before => document.querySelector('#challenge [data-win-chance]')?.dataset.winChance "
                           "!== before", arg=before, timeout=10_000)
    assert float(chance.get_attribute("data-win-chance") or "") == pytest.approx(_expected(cards, 260)[0], abs=1e-4)
    assert chance.inner_text().startswith("Your chance to beat it: ")


def test_the_coach_ranks_for_winning_beside_the_average(browser, site_url) -> None:
    """Hints on in a game of two: once the spread table is here, the panel sets the best
    choice for winning against the best for the average, and the values table gives every
    option's chance to win, as CPython ranks them (game.strategy.to_win)."""
    from game.strategy.to_win import Goal, rank_to_win

    site = open_site(browser, site_url)
    page = site.page
    try:
        board.new_game(page, ["Ann", "Ben"])
        page.click("#hints")
        page.click("#roll")
        aim = page.locator("#coach .coach-aim[data-aim='win']")
        aim.wait_for(timeout=30_000)
        if page.locator("#coach-values").get_attribute("aria-expanded") == "false":
            page.click("#coach-values")
        page.locator("#coach .coach-values td[data-chance]").first.wait_for()
        table = T.load_table("official", (T.ASSET_DIR / "official.bin").read_bytes())
        spread = SP.load_preset("official")
        ranked = rank_to_win(table, spread, {}, board.dice(page), 2, Goal.win([forecast(table, spread, {}, 0)]))
        assert float(aim.get_attribute("data-aim-chance") or "") == pytest.approx(ranked[0].chance, abs=1e-4)
        shown = sorted(float(v) for v in page.locator("#coach .coach-values td[data-chance]").evaluate_all(
            "els => els.map(e => e.dataset.chance)"))
        assert shown == pytest.approx(sorted(r.chance for r in ranked), abs=1e-4)
        assert page.locator("#coach .coach-values th").last.inner_text() == "Chance to win"
        differs = aim.get_attribute("data-differs") == "true"
        assert aim.inner_text().startswith("To win: " if differs else "For the best chance to win, the same: ")
        board.screenshot(page, "coach-to-win")
        page.click("#hints")
        check_page(site)
    finally:
        page.context.close()
