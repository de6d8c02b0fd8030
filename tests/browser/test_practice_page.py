"""Your mistakes to practise in the page: a game played to its end, its costliest decisions
in Today's ten's dialog, answered again (the same mistake, Try again, the best), shown, skipped;
then the review's button brings the solved ones back. And the practice on a phone and a
desktop in German, looked at (artifacts/screenshots/).

Every page has its clock pinned (tests/browser/clock.py)."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page

from game.records.practice_positions import as_position
from game.records.practice_record import PRACTICE_KEY, practice_from_text
from game.strategy.tables import Table, load_preset
from tests.browser import board, clock
from tests.browser.pages import check_page, open_site

pytestmark = pytest.mark.browser

#: The positions one game gives (game.records.practice_positions.PER_GAME): a game that
#: scores the first open box at once every turn loses a point or more far more often.
PER_GAME = 5


@pytest.fixture(scope="module")
def table() -> Table:
    return load_preset("official")


def kept(page: Page) -> list:
    """The positions stored, newest first."""
    raw = page.evaluate("(key) => localStorage.getItem(key)", PRACTICE_KEY)
    return list(practice_from_text(raw).positions) if raw else []


def wait_for_position(page: Page, number: int, count: int) -> None:
    page.wait_for_function("(t) => document.querySelector('#ten-body .ten-progress')?.textContent.startsWith(t)",
                           arg=f"Position {number} of {count}", timeout=60_000)


def answer(page: Page, code: str, keys: bool = False) -> None:
    """Answer with a choice's code (box:<box>, hold:<faces>), by clicks or by the keys 1-5 and R."""
    kind, _, what = code.partition(":")
    if kind == "box":
        page.click(f'#ten-dialog .ten-pad button[data-box="{what}"]')
        return
    dice = [int(d.get_attribute("data-face") or 0) for d in page.locator("#ten-dialog .ten-dice [data-die]").all()]
    for face in what:
        die = next(i for i, d in enumerate(dice) if d == int(face))
        dice[die] = 0
        if keys:
            page.keyboard.press(str(die + 1))
        else:
            page.click(f'#ten-dialog [data-die="{die}"]')
    if keys:
        page.keyboard.press("r")
    else:
        page.click("#ten-roll")


def best_code(spot, table: Table) -> str:
    best = as_position(spot, table).best
    return f"box:{best.box}" if best.kind == "score" else "hold:" + "".join(map(str, best.held_faces))


def verdict(page: Page) -> str:
    return page.locator("#ten-body .ten-verdict").inner_text()


def test_a_finished_games_mistakes_are_practised_until_solved(browser, site_url, table: Table) -> None:
    site = open_site(browser, site_url)
    page = site.page
    try:
        board.new_game(page, ["Ann"])
        assert site.run_python(board.FINISH_GAME_PY)  # every turn the first box the rules allow
        board.close_end_dialogs(page)
        page.click("#ten-open")  # Today's ten, at the game's end
        button = page.locator("#ten-practise")
        button.wait_for(state="visible", timeout=60_000)
        assert button.inner_text() == f"Practise: {PER_GAME} positions from your games"
        spots = kept(page)
        assert len(spots) == PER_GAME and all(s.loss >= 1 for s in spots)
        history = json.loads(page.evaluate("localStorage.getItem('yahtzee:history')"))["games"]
        looked = json.loads(page.evaluate("(k) => localStorage.getItem(k)", PRACTICE_KEY))["since"]
        assert looked == history[0]["at"] and {s.game for s in spots} == {history[0]["id"]}  # the game looked at
        button.click()
        # 1: the same mistake again, then Try again (by the keyboard), then the best: solved.
        wait_for_position(page, 1, PER_GAME)
        assert "In your game of March 14, 2026 you chose:" in page.locator("#ten-body").inner_text()
        answer(page, spots[0].chosen)
        assert "Points lost:" in verdict(page) and "Best:" not in page.locator("#ten-body").inner_text()
        assert page.evaluate("document.activeElement.dataset.practice") == "again"
        assert page.locator("#ten-said").inner_text() == verdict(page).strip()
        page.keyboard.press("Enter")  # Try again
        page.locator("#ten-body .ten-ask").wait_for()
        answer(page, best_code(spots[0], table), keys=True)
        assert "The best choice." in verdict(page)
        assert "leaves your practice list" in page.locator("#ten-body").inner_text()
        assert page.evaluate("document.activeElement.id") == "ten-next"
        assert len(kept(page)) == PER_GAME - 1 and button.inner_text().startswith(f"Practise: {PER_GAME - 1} ")
        page.keyboard.press("Enter")
        # 2: wrong, then Show the best: it stays.
        wait_for_position(page, 2, PER_GAME)
        answer(page, spots[1].chosen)
        page.click('[data-practice="reveal"]')  # answered in a task of its own: waited for
        page.locator("#ten-body .ten-best").wait_for()
        assert "Best:" in page.locator("#ten-body").inner_text()
        assert page.evaluate("document.activeElement.id") == "ten-next"
        page.click("#ten-next")
        # 3: skipped; 4 and 5: the best at once.
        wait_for_position(page, 3, PER_GAME)
        page.click('[data-practice="skip"]')
        for number in (4, 5):
            wait_for_position(page, number, PER_GAME)
            answer(page, best_code(spots[number - 1], table))
            assert "The best choice." in verdict(page)
            page.click("#ten-next")
        done = page.locator("#ten-body .practice-done").inner_text()
        assert done == "3 positions solved. 2 positions are left to practise."
        assert kept(page) == [spots[1], spots[2]] and button.inner_text().startswith("Practise: 2 ")
        # The review of the game: its five, three of them no longer in the list, added again.
        page.evaluate("document.querySelector('#ten-dialog').close()")
        board.open_menu(page)
        page.click("#show-review")
        headline = page.locator("#review-body .review-headline")
        headline.wait_for(timeout=60_000)
        assert "Rating:" in headline.inner_text() and "Points given up:" in headline.inner_text()
        page.click(f'#review-body [data-practice^="add:"]:text("Practise these {PER_GAME} positions")')
        wait_for_position(page, 1, PER_GAME)
        assert page.locator("#ten-said").inner_text() == "3 positions added to your practice list."
        assert not page.locator("#review-dialog").evaluate("d => d.open")
        assert {s.key() for s in kept(page)} == {s.key() for s in spots}
        # Asked again: they are all there now, and it says so.
        page.evaluate("document.querySelector('#ten-dialog').close()")
        board.open_menu(page)
        page.click("#show-review")
        page.locator("#review-body .review-practise").wait_for(timeout=60_000)
        assert "These 5 positions are already in your practice list." in page.locator("#review-body").inner_text()
        check_page(site)
    finally:
        page.context.close()


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)], ids=["phone", "desktop"])
def test_the_practice_fits_in_german(browser, site_url, size: tuple[int, int]) -> None:
    width, height = size
    context = clock.new_context(browser, locale="de-DE", viewport={"width": width, "height": height})
    site = open_site(browser, site_url, context=context)
    page = site.page
    try:
        board.new_game(page, ["Anna"])
        assert site.run_python(board.FINISH_GAME_PY)
        board.close_end_dialogs(page)
        page.click("#ten-open")
        button = page.locator("#ten-practise")
        button.wait_for(state="visible", timeout=60_000)
        assert button.inner_text() == f"Üben: {PER_GAME} Stellungen aus deinen Partien"
        button.click()
        page.wait_for_function("() => document.querySelector('#ten-body .ten-progress')?.textContent"
                               ".startsWith('Stellung 1 von')", timeout=60_000)
        answer(page, kept(page)[0].chosen)
        page.locator('[data-practice="again"]').wait_for()
        # Nothing wider than its box, but what is read out only (a visually hidden live region).
        overflow = page.evaluate("() => [...document.querySelectorAll('#ten-dialog, #ten-dialog *')]"
                                 ".filter((e) => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX"
                                 " !== 'auto' && !e.closest('.visually-hidden')).map((e) => e.id || e.className)")
        assert overflow == [], overflow
        box = page.locator("#ten-dialog").bounding_box()
        assert box is not None and box["width"] <= width
        for target in ('[data-practice="again"]', '[data-practice="reveal"]', "#ten-practise"):
            assert page.locator(target).is_visible(), target
        board.screenshot(page, f"practice-de-{width}x{height}")
        page.click('[data-practice="reveal"]')
        page.locator("#ten-body .ten-best").wait_for()
        board.screenshot(page, f"practice-de-{width}x{height}-best")
        check_page(site)
    finally:
        page.context.close()
