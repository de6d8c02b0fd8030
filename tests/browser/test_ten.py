"""Today's ten in the page: opened from the New game dialog or a link, ten decisions
answered with the dice and the card as in a game, graded at once, and a result to share.

Every page here has its clock pinned (tests/browser/clock.py) on a day chosen for what its
ten hold: decision 1 and decision 10 are each a hold on one of :data:`DAYS` and a box on
the other (the tests check it), and every decision is pressed a second time while its
grading shows."""

from __future__ import annotations

import datetime
import json
import re

import pytest
from playwright.sync_api import Page

from game.core.games import YATZY
from game.daily.puzzle import todays_ten
from game.records.ten_record import ScoredDay, TenRecord, ten_to_record
from game.strategy.game_tables import load_ruleset
from tests.browser import board, clock
from tests.browser.pages import check_page, open_site

pytestmark = pytest.mark.browser

SQUARES = {"exact": "🟩", "small": "🟨", "larger": "🟧", "more": "🟥"}
#: The colours of the squares under a selector, from their classes (ten-exact, ...).
COLOURS_JS = "(sel) => [...document.querySelectorAll(sel + ' .ten-sq')].map(s => s.classList[1].slice(4))"


#: Two days whose ten differ where it matters (checked as the ten are answered): on the
#: first, decision 1 is a box and decision 10 a hold; on the second, the other way round.
DAYS = {"2026-01-01": ("box", "hold"), "2026-01-05": ("hold", "box")}
#: What the dialog shows, to see that a press changed nothing.
SHOWN_JS = "() => document.querySelector('#ten-body').innerHTML"


def body(page: Page) -> str:
    return page.locator("#ten-body").inner_text()


def press_again(page: Page, kind: str) -> None:
    """While a grading shows, press the card and the dice again (a double tap, a second
    thought): nothing changes, and the focus stays on Next for the keyboard."""
    shown = page.evaluate(SHOWN_JS)
    for target in ("#ten-dialog .ten-pad button[data-box]", '#ten-dialog .ten-dice [data-die="0"]'):
        page.locator(target).first.click()
        assert page.evaluate(SHOWN_JS) == shown, f"a press on {target} at a {kind} changed the dialog"
        assert page.evaluate("document.activeElement.id") == "ten-next", f"{target} at a {kind}"


def answer(page: Page, number: int) -> tuple[str, str]:
    """Answer decision ``number``: the first open box where no roll is left, else roll all
    five again (a hold of no dice, always a legal choice); then press again (press_again).
    Returns the decision's kind ("hold" or "box") and the verdict's colour."""
    board.wait_for_decision(page, number)
    assert page.locator("#ten-dialog [data-card]").count() == 0  # the name opens no card of the game below
    kind = "hold" if page.locator("#ten-roll").count() else "box"
    page.click("#ten-roll" if kind == "hold" else "#ten-dialog .ten-pad button[data-box]")
    assert page.evaluate("document.activeElement.id") == "ten-next"
    press_again(page, kind)
    assert page.locator("#ten-said").inner_text() == page.locator("#ten-body .ten-verdict").inner_text().strip()
    [colour] = page.evaluate(COLOURS_JS, "#ten-body .ten-verdict")
    words = page.locator("#ten-body .ten-verdict").inner_text()
    assert ("best choice" in words) == (colour == "exact"), words
    page.click("#ten-next")
    return kind, colour


def answer_all(page: Page, first: int = 1, last: int = 10) -> tuple[list[str], list[str]]:
    """Answer decisions ``first`` to ``last``: their kinds, and their verdicts' colours."""
    answered = [answer(page, number) for number in range(first, last + 1)]
    return [kind for kind, _ in answered], [colour for _, colour in answered]


def days_shown(page: Page) -> dict[str, str]:
    """The player's days as the dialog shows them (played, in a row, best run)."""
    return dict(page.evaluate("() => [...document.querySelectorAll('#ten-body [data-stat]')]"
                              ".map((d) => [d.dataset.stat, d.textContent])"))


def stored(page: Page) -> dict:
    return json.loads(page.evaluate("localStorage.getItem('yahtzee:ten')") or "{}")


def open_ten(page: Page) -> None:
    page.click("#new-game")
    page.click("#setup-ten")
    assert page.locator("#ten-dialog").evaluate("d => d.open")


def test_todays_ten_from_the_new_game_dialog(browser, site_url) -> None:
    day = "2026-01-01"
    context = clock.new_context(browser, at=clock.local(day))
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    site = open_site(browser, site_url, context=context)
    page = site.page
    try:
        open_ten(page)
        # A die of the position held and released in the dialog: the board's dice never move.
        page.locator("#ten-body .ten-progress").first.wait_for(timeout=60_000)
        assert page.get_attribute("#ten-body", "data-day") == day
        board_dice = page.locator("#dice").inner_html()
        if page.locator("#ten-roll").count():
            page.click('#ten-dialog [data-die="0"]')
            assert page.locator('#ten-dialog [data-die="0"]').get_attribute("aria-pressed") == "true"
            page.click('#ten-dialog [data-die="0"]')
        assert page.locator("#dice").inner_html() == board_dice
        kinds, verdicts = answer_all(page)
        assert (kinds[0], kinds[-1]) == DAYS[day], kinds
        assert set(verdicts) <= set(SQUARES), verdicts
        assert page.evaluate(COLOURS_JS, "#ten-body .ten-grid") == verdicts
        grid = "".join(SQUARES[colour] for colour in verdicts)
        assert "Points lost in all:" in body(page) and "would lose" in body(page)
        assert days_shown(page) == {"played": "1", "current": "1", "best": "1"}
        [kept] = stored(page)["days"]
        assert kept["date"] == day and kept["finished"] and len(kept["choices"]) == 10
        assert kept["colours"] == verdicts and stored(page).get("attempt") is None
        # Shared: the date, the points lost, the squares and the day's link; no position.
        page.evaluate("delete Navigator.prototype.share")  # the clipboard path, where no share sheet exists
        board.toast_after(page, "#ten-share", "Copied")
        shared = page.evaluate("navigator.clipboard.readText()")
        assert shared.startswith("Yahtzee · Today's ten, January 1, 2026: ") and grid in shared
        assert page.locator("#ten-title").inner_text() == "Today's ten · Yahtzee"
        assert shared.endswith(f"?ten={day}")
        assert "Decision" not in shared and "Turn" not in shared
        # The notice is in the dialog (the page behind it is inert), and goes by itself.
        assert page.evaluate("document.querySelector('#toast').closest('dialog')?.id") == "ten-dialog"
        page.context.clock.fast_forward(7_000)
        page.locator("#toast").wait_for(state="hidden")
        # No clipboard either: the result in a field to copy by hand, in the dialog, every line.
        page.evaluate("() => { navigator.clipboard.writeText = () => Promise.reject(new Error('refused')); }")
        assert board.toast_after(page, "#ten-share", "Copy this result to share it:")
        field = page.locator("#share-fallback")
        assert field.is_visible() and field.input_value() == shared
        assert page.evaluate("document.activeElement.id") == "share-fallback"
        assert page.evaluate("document.querySelector('#share-fallback').closest('dialog')?.id") == "ten-dialog"
        # Opened again, the day shows its result; another go is practice, and says so.
        page.evaluate("document.querySelector('#ten-dialog').close()")
        open_ten(page)
        page.locator("#ten-body .ten-grid").first.wait_for(timeout=60_000)
        assert page.evaluate(COLOURS_JS, "#ten-body .ten-grid") == verdicts and "not scored" not in body(page)
        page.click("#ten-again")
        page.locator("#ten-body .ten-practice").first.wait_for(timeout=60_000)
        answer(page, 1)
        assert stored(page)["attempt"]["practice"] and stored(page)["days"] == [kept]  # practice: no result
        check_page(site)
    finally:
        page.context.close()


def test_a_day_that_ends_while_the_dialog_is_open(browser, site_url) -> None:
    """Begun before midnight, finished after: the result is the day it began on (scored, in
    the streak, shared with its own date), and the next opening deals the new day's ten."""
    day, after = "2026-01-05", "2026-01-06"
    context = clock.new_context(browser, at=clock.local(day, 23, 59, 0))
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    site = open_site(browser, site_url, context=context)
    page = site.page
    try:
        open_ten(page)
        first_kinds, first = answer_all(page, last=4)
        context.clock.set_system_time(clock.local(after, 0, 0, 30))  # midnight passes, the dialog open
        assert page.evaluate("new Date().getDate()") == 6
        kinds, rest = answer_all(page, first=5)
        assert (first_kinds[0], kinds[-1]) == DAYS[day], first_kinds + kinds
        assert "not scored" not in body(page) and days_shown(page) == {"played": "1", "current": "1", "best": "1"}
        assert page.evaluate(COLOURS_JS, "#ten-body .ten-grid") == first + rest
        [kept] = stored(page)["days"]
        assert kept["date"] == day and kept["finished"] and kept["colours"] == first + rest
        page.evaluate("delete Navigator.prototype.share")
        board.toast_after(page, "#ten-share", "Copied")
        shared = page.evaluate("navigator.clipboard.readText()")
        assert shared.startswith("Yahtzee · Today's ten, January 5, 2026: ") and shared.endswith(f"?ten={day}")
        # Opened again: the new day's ten, scored; the archive's date field reaches the new day.
        page.evaluate("document.querySelector('#ten-dialog').close()")
        open_ten(page)
        board.wait_for_decision(page, 1)
        assert page.get_attribute("#ten-body", "data-day") == after
        page.click("#ten-past")
        assert page.get_attribute("#ten-day", "max") == after
        page.click("#ten-today")
        board.wait_for_decision(page, 1)
        assert "not scored" not in body(page)
        assert stored(page)["attempt"] == {"date": after, "practice": False, "choices": []}
        check_page(site)
    finally:
        page.context.close()


def test_the_keys_hold_and_roll_as_on_the_board(browser, site_url) -> None:
    """1-5 hold a die of the position and R rolls the others, as the dice's key labels say;
    at a box decision and while a grading shows, they change nothing."""
    day = "2026-01-05"  # decision 1 a hold, decision 10 a box (DAYS)
    site = open_site(browser, site_url, context=clock.new_context(browser, at=clock.local(day)))
    page = site.page
    try:
        open_ten(page)
        page.locator("#ten-body .ten-progress").first.wait_for(timeout=60_000)
        assert page.get_attribute("#ten-body .ten-dice", "aria-label") == "Dice: press 1 to 5 to hold"
        pressed = "(i) => document.querySelector(`#ten-dialog [data-die='${i}']`).getAttribute('aria-pressed')"
        page.keyboard.press("1")
        page.keyboard.press("3")
        page.keyboard.press("3")
        assert [page.evaluate(pressed, i) for i in range(5)] == ["true", "false", "false", "false", "false"]
        assert page.locator("#dice [aria-pressed=true]").count() == 0  # the board's dice never move
        page.keyboard.press("r")
        page.locator("#ten-body .ten-verdict").first.wait_for()
        assert page.evaluate("document.activeElement.id") == "ten-next"
        shown = page.evaluate(SHOWN_JS)
        for key in ("2", "r"):
            page.keyboard.press(key)
            assert page.evaluate(SHOWN_JS) == shown, key
        page.click("#ten-next")
        answer_all(page, first=2, last=9)
        board.wait_for_decision(page, 10)
        shown = page.evaluate(SHOWN_JS)
        for key in ("1", "r", "R"):  # a box decision: no die to hold, no roll left
            page.keyboard.press(key)
            assert page.evaluate(SHOWN_JS) == shown, key
        check_page(site)
    finally:
        page.context.close()


def test_a_link_opens_that_days_ten_at_once_and_a_bad_one_says_why(browser, site_url) -> None:
    site = open_site(browser, site_url + "?ten=2026-01-15")
    page = site.page
    try:
        page.locator("#ten-body .ten-progress").first.wait_for(timeout=60_000)
        assert page.locator("#ten-dialog").evaluate("d => d.open")
        assert "Practice, January 15, 2026: this go is not scored." in body(page)  # an earlier day
        assert page.get_attribute("#ten-body", "data-day") == "2026-01-15"
        page.click("#ten-past")  # another day, from the archive's date field
        page.fill("#ten-day", "2026-01-14")
        page.locator('#ten-body[data-day="2026-01-14"] .ten-progress').wait_for(timeout=60_000)
        assert "Practice, January 14, 2026: this go is not scored." in body(page)
        check_page(site)
    finally:
        page.context.close()
    tomorrow = (clock.TODAY + datetime.timedelta(days=2)).isoformat()
    for query, words in ((f"?ten={tomorrow}", "a day still to come"), ("?ten=15.01.2026", "does not name a day")):
        site = open_site(browser, site_url + query)
        try:
            assert words in site.page.locator("#notices").inner_text()
            assert not site.page.locator("#ten-dialog").evaluate("d => d.open")
            assert re.search(r"yahtzee:ten", str(site.page.evaluate("Object.keys(localStorage)"))) is None
            check_page(site)
        finally:
            site.page.context.close()


def test_a_reload_goes_on_with_the_attempt_where_it_stopped(browser, site_url) -> None:
    day = "2026-01-05"
    site = open_site(browser, site_url, context=clock.new_context(browser, at=clock.local(day)))
    page = site.page
    try:
        open_ten(page)
        first_kinds, first = answer_all(page, last=3)
        page.reload()
        site.wait_ready()
        open_ten(page)
        kinds, rest = answer_all(page, first=4)  # waits for "Decision 4 of 10"
        assert (first_kinds[0], kinds[-1]) == DAYS[day], first_kinds + kinds
        assert page.evaluate(COLOURS_JS, "#ten-body .ten-grid") == first + rest
        check_page(site)
    finally:
        page.context.close()


def test_the_archive_shows_the_players_days_and_opens_any_day(browser, site_url) -> None:
    """Past days: the player's days (played, in a row, best run, by best choices), today and
    the 30 days before it, each saying how it went and opening it (a past day as practice);
    Statistics shows the same days."""
    played = ScoredDay("2026-01-04", ("hold:",) * 10, True, 3.4, ("exact",) * 8 + ("small", "larger"))
    begun = ScoredDay("2026-01-03", ("hold:",) * 3)
    record = json.dumps(ten_to_record(TenRecord((played, begun), best=4)))
    plant = f"localStorage.setItem('yahtzee:ten', {json.dumps(record)});"
    context = clock.new_context(browser, at=clock.local("2026-01-05"), viewport={"width": 360, "height": 640})
    site = open_site(browser, site_url, context=context, init_script=plant)
    page = site.page
    try:
        page.evaluate("document.getElementById('ten-past').click()")  # as the dialog's Past days button
        page.locator("#ten-body .ten-archive").wait_for()
        assert days_shown(page) == {"played": "1", "current": "1", "best": "4"}  # yesterday's run still stands
        rows = page.locator("#ten-body .ten-dist li").all_inner_texts()
        assert [row.split()[0] for row in rows] == ["10", "9", "8", "7", "6", "5"]
        assert "1 day" in rows[2] and all("0 days" in row for i, row in enumerate(rows) if i != 2), rows
        days = page.locator("#ten-body .ten-archive li").all_inner_texts()
        assert len(days) == 31 and days[0].startswith("Today, January 5, 2026") and "Not played" in days[0]
        assert days[1].startswith("January 4, 2026")
        assert "Points lost: 3.4" in days[1] and page.locator("#ten-body .ten-archive li").nth(1).locator(
            ".ten-sq").count() == 10
        assert "Begun: 7 decisions left" in days[2] and "Not played" in days[3]
        assert page.evaluate("document.activeElement.dataset.tenDay") == "2026-01-05"  # the keyboard starts on today
        board.screenshot(page, "ten-archive-360x640")
        page.click('[data-ten-day="2026-01-02"]')  # a day never begun: practice, named
        page.locator('#ten-body[data-day="2026-01-02"] .ten-progress').wait_for(timeout=60_000)
        assert "Practice, January 2, 2026: this go is not scored." in body(page)
        page.click("#ten-past")
        page.click("#ten-today")  # back to today's, scored
        page.locator('#ten-body[data-day="2026-01-05"] .ten-progress').wait_for(timeout=60_000)
        assert "not scored" not in body(page)
        page.evaluate("document.querySelector('#ten-dialog').close()")
        page.evaluate("document.getElementById('show-stats').click()")
        assert page.locator("#stats-dialog").is_visible()
        shown = dict(page.evaluate("() => [...document.querySelectorAll('#ten-stats [data-stat]')]"
                                   ".map((d) => [d.dataset.stat, d.textContent])"))
        assert shown == {"played": "1", "current": "1", "best": "4"}
        check_page(site)
    finally:
        page.context.close()


def test_yatzys_ten_is_a_day_of_its_own_kept_apart_and_shared_by_name(browser, site_url) -> None:
    """New game's choice of Yatzy opens Yatzy's ten: the page deals CPython's puzzle of the
    day, on Yatzy's card; the result is kept under Yatzy's key (Yahtzee's ten untouched), and
    shared with the game's name and a link that opens Yatzy's ten again."""
    day = "2026-12-01"  # the ten's day 6: the shared line carries its number
    context = clock.new_context(browser, at=clock.local(day))
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    site = open_site(browser, site_url, context=context)
    page = site.page
    try:
        page.click("#new-game")
        page.check('input[name="game"][value="yatzy"]')
        page.click("#setup-ten")
        board.wait_for_decision(page, 1)
        assert page.locator("#ten-title").inner_text() == "Today's ten · Yatzy"
        rows = page.eval_on_selector_all("#ten-body tr[data-row]", "rows => rows.map(r => r.dataset.row)")
        assert rows == list(YATZY.names)
        ten = todays_ten(day, load_ruleset("yatzy"))
        assert site.run_python("from game.main import commands\nresult = commands.ten.play.puzzle.digest") == ten.digest
        kinds, verdicts = answer_all(page)
        assert kinds == [p.kind for p in ten.positions]
        kept = json.loads(page.evaluate("localStorage.getItem('yahtzee:ten:yatzy')"))
        assert [(d["date"], d["colours"]) for d in kept["days"]] == [(day, verdicts)]
        assert stored(page) == {}  # Yahtzee's ten: nothing
        page.evaluate("delete Navigator.prototype.share")
        board.toast_after(page, "#ten-share", "Copied")
        shared = page.evaluate("navigator.clipboard.readText()")
        assert shared.startswith("Dice Pad #6 · Yatzy · Today's ten, December 1, 2026: ")
        link = shared.rsplit("\n", 1)[1]
        assert link.endswith(f"?ten={day}&preset=yatzy")
        page.goto(link)  # the link opens Yatzy's ten of the day: its result, as it was finished
        page.locator("#ten-body .ten-grid").first.wait_for(timeout=60_000)
        assert page.locator("#ten-title").inner_text() == "Today's ten · Yatzy"
        assert page.evaluate(COLOURS_JS, "#ten-body .ten-grid") == verdicts
        check_page(site)
    finally:
        context.close()
