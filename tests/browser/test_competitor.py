"""Playing to win in Chromium (issue 33): the Competitor computer plays a whole game against
Optimal, chosen in the New game dialog; each of its decisions is the best chance to win as
CPython ranks it; and the review of its game lists where winning and the average parted,
as CPython finds them from the same game and the shipped tables."""

from __future__ import annotations

import pytest

from game.core import save
from game.strategy import spread as SP
from game.strategy import tables as T
from game.strategy.review import review
from game.strategy.review_to_win import parting
from tests.browser import board
from tests.browser.pages import check_page, open_site

pytestmark = pytest.mark.browser


def test_the_competitor_plays_to_win_and_its_review_shows_where_that_parted(browser, site_url) -> None:
    site = open_site(browser, site_url)
    page = site.page
    try:
        board.new_game(page, ["Ace", "Opt"], ["to_win", "optimal"])
        page.locator("#skip").first.click()
        page.locator("#status .result").first.wait_for(timeout=180_000)
        state = save.loads(site.run_python("from game.main import app\nfrom game.core import save\n"
                                           "result = save.dumps(app.state)"))
        assert [p.kind for p in state.players] == ["to_win", "optimal"] and state.over
        table = T.load_table("official", (T.ASSET_DIR / "official.bin").read_bytes())
        spread = SP.load_preset("official")
        expected = parting(state, 0, table, spread, review(state, 0, table))
        # The Competitor took the best chance to win wherever it parted from the average.
        assert all(p.chosen == pytest.approx(p.to_win.chance) for p in expected)

        board.close_end_dialogs(page)
        page.click("#review-game")
        page.select_option("#review-seat", "0")
        shown = board.partings_shown(page)
        assert shown == [(p.decision.number, pytest.approx(p.to_win.chance, abs=1e-4)) for p in expected]
        if not expected:
            assert "was also the best chance to win" in page.locator("#review-body .review-to-win").inner_text()
        board.screenshot(page, "review-to-win")
        page.click("#review-dialog [data-close]")
        check_page(site)
    finally:
        page.context.close()
