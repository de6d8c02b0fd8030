"""A challenge's review in Chromium (issue 33): a finished solo game kept with the friend's score
to beat lists where the best chance to beat it parted from the average, as CPython finds
them from the same game and the shipped tables."""

from __future__ import annotations

import json

import pytest

from game.core import save
from game.records.history import HISTORY_KEY, FinishedGame, history_to_record
from game.strategy import spread as SP
from game.strategy import tables as T
from game.strategy.review import review
from game.strategy.review_to_win import parting
from tests.browser import board
from tests.browser.pages import check_page, open_site
from tests.test_challenge_review import _solo_game

pytestmark = pytest.mark.browser

BEAT = 260


def test_a_challenges_review_shows_where_beating_the_score_parted_from_the_average(browser, site_url) -> None:
    state, _moments = _solo_game("beat-1")
    kept = FinishedGame("beat-1", "2026-11-26", "official", ("Ann",), tuple(state.grand_totals()), False, 1, BEAT)
    record = json.dumps(history_to_record([(kept, save.dumps(state))]))
    site = open_site(browser, site_url, init_script=f"localStorage.setItem({HISTORY_KEY!r}, {json.dumps(record)});")
    page = site.page
    try:
        table = T.load_table("official", (T.ASSET_DIR / "official.bin").read_bytes())
        expected = parting(state, 0, table, SP.load_preset("official"), review(state, 0, table), beat=BEAT)
        assert expected, "this game has decisions where they part"
        page.click("#show-review")
        shown = board.partings_shown(page)
        assert shown == [(p.decision.number, pytest.approx(p.to_win.chance, abs=1e-4)) for p in expected]
        assert f"to beat {BEAT}, " in page.locator("#review-body .review-to-win li[data-decision]").first.inner_text()
        board.screenshot(page, "review-challenge")
        page.click("#review-dialog [data-close]")
        check_page(site)
    finally:
        page.context.close()
