"""Driving the board the way a player does, through the page's documented contract.

The contract (docs/ui-contract.md): each die is a ``button`` with ``aria-pressed`` and
``data-face``; the Roll button's name begins with "Roll"; each open box of the current
player is a ``button[data-box][data-preview]``; a filled box carries ``data-points``;
totals carry ``data-total``.
"""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page

from game import rules

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "artifacts" / "screenshots"


def dice(page: Page) -> tuple[int, ...]:
    return tuple(int(f) for f in page.eval_on_selector_all("#dice [data-die]", "els => els.map(e => e.dataset.face)"))


def held(page: Page) -> tuple[bool, ...]:
    return tuple(v == "true" for v in page.eval_on_selector_all(
        "#dice [data-die]", "els => els.map(e => e.getAttribute('aria-pressed'))"))


def previews(page: Page) -> dict[str, int]:
    pairs = page.eval_on_selector_all(
        "#scorecard button[data-box][data-preview]", "els => els.map(e => [e.dataset.box, e.dataset.preview])")
    return {box: int(points) for box, points in pairs}


def filled(page: Page, seat: int) -> dict[str, int]:
    pairs = page.eval_on_selector_all(
        f'#scorecard tr[data-row] td[data-seat="{seat}"][data-points]',
        "els => els.map(e => [e.parentElement.dataset.row, e.dataset.points])")
    return {box: int(points) for box, points in pairs}


def total(page: Page, seat: int, key: str) -> int:
    text = page.get_attribute(f'#scorecard td[data-seat="{seat}"][data-total="{key}"]', "data-value")
    return int(text)


def current_seat(page: Page) -> int | None:
    seat = page.get_attribute("#scorecard thead th.current", "data-seat")
    return None if seat is None else int(seat)


def roll_button(page: Page):
    """The one button whose accessible name begins with "Roll" (the contract)."""
    return page.get_by_role("button", name=re.compile(r"^Roll\b"))


def close_end_dialogs(page: Page) -> None:
    """Confirm the high-score name prompt and close the table, as a player would."""
    while page.locator("#name-dialog").is_visible():
        page.click("#name-form button[type=submit]")
    if page.locator("#scores-dialog").is_visible():
        page.click("#scores-dialog [data-close]")


def open_menu(page: Page) -> None:
    """On a narrow screen the menu folds behind the Menu button: unfold it."""
    if page.locator("#menu-toggle").is_visible() and page.get_attribute("#menu-toggle", "aria-expanded") != "true":
        page.click("#menu-toggle")


def new_game(page: Page, names: list[str], kinds: list[str] | None = None, preset: str = "official",
             game: str = "yahtzee") -> None:
    """Start a game of ``game`` (its key; ``preset``: Yahtzee's Joker) through the New game dialog."""
    close_end_dialogs(page)
    open_menu(page)
    page.click("#new-game")
    page.select_option("#player-count", str(len(names)))
    for i, name in enumerate(names):
        page.fill(f'[data-name="{i}"]', name)
        page.select_option(f'[data-kind="{i}"]', (kinds or ["human"] * len(names))[i])
    page.check(f'input[name="game"][value="{game}"]')
    if game == "yahtzee":  # Yatzy has no Joker: its presets are hidden
        page.check(f'input[name="preset"][value="{preset}"]')
    page.uncheck("#setup-real-dice")
    page.click("#setup-start")
    page.locator("#setup").first.wait_for(state="hidden")


def play_turn_by_clicks(page: Page, preset: str = "official", holds: tuple[int, ...] = ()) -> tuple[str, int]:
    """Roll (and re-roll once holding ``holds``), check every preview against game.core.rules, score the best."""
    seat = current_seat(page)
    roll_button(page).click()
    if holds:
        for i in holds:
            page.click(f'#dice [data-die="{i}"]')
        roll_button(page).click()
    expected = rules.legal_scores(preset, filled(page, seat), dice(page))
    shown = previews(page)
    assert shown == expected, (dice(page), shown, expected)
    box = max(expected, key=lambda b: (expected[b], -rules.BOXES.index(b)))
    page.click(f'#scorecard button[data-box="{box}"]')
    assert filled(page, seat)[box] == expected[box]
    return box, expected[box]


def play_solo_game(page: Page, name: str, holds: tuple[int, ...]) -> rules.Totals:
    """A new solo game for ``name``, played by clicks to its end, holding ``holds`` on
    alternate turns; checks the totals and the result line, and returns the totals."""
    new_game(page, [name])
    for turn in range(13):
        play_turn_by_clicks(page, holds=holds if turn % 2 else ())
    totals = check_totals(page, 0)
    result = page.locator("#status .result").inner_text()
    assert result.startswith(f"Game over: {name} scored")
    assert str(totals.grand_total) in result
    return totals


def mid_turn(page: Page) -> tuple:
    """Two players three turns in, then a turn at its second roll with dice 1, 3 and 5 held;
    returns :func:`snapshot` of it (what a reload must bring back exactly)."""
    new_game(page, ["Ann", "Bob"])
    for _ in range(3):
        play_turn_by_clicks(page, holds=(2,))
    roll_button(page).click()
    page.click('#dice [data-die="0"]')
    page.click('#dice [data-die="4"]')
    roll_button(page).click()
    page.click('#dice [data-die="2"]')
    state = snapshot(page)
    assert state[1] == (True, False, True, False, True) and state[2] == "Roll (1 left)"
    return state


def snapshot(page: Page) -> tuple:
    """Dice, holds, the Roll button's text, whose turn, and both cards."""
    return (dice(page), held(page), roll_button(page).inner_text(), current_seat(page), filled(page, 0),
            filled(page, 1))


def check_totals(page: Page, seat: int) -> rules.Totals:
    card = filled(page, seat)
    bonuses = int(page.get_attribute(f'#scorecard td[data-seat="{seat}"][data-total="yahtzee_bonus"]',
                                     "data-count"))
    expected = rules.totals(card, bonuses)
    for key, value in (("upper", expected.upper_subtotal), ("upper_bonus", expected.upper_bonus),
                       ("upper_total", expected.upper_total), ("lower", expected.lower_total),
                       ("grand", expected.grand_total)):
        assert total(page, seat, key) == value, key
    return expected


def screenshot(page: Page, name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


# Games with friends (tests/browser/test_friends.py, tests/engines/test_friends_links.py).
#: Settled: no catching up, no computer playing; a person here may roll, a link waits to be
#: sent, or the game is over. Skip (catching up) and Skip ahead (a computer) are pressed on
#: the way, and ``window.caughtUp`` counts how often the page showed turns played elsewhere.
SETTLED_JS = """() => {
  const skip = document.querySelector('#skip');
  if (skip) {
    if (document.querySelector('#status').textContent.includes('Catching up')) {
      window.caughtUp = (window.caughtUp || 0) + 1;
    }
    skip.click();
    return false;
  }
  const roll = document.querySelector('#roll');
  return Boolean(document.querySelector('[data-turn-link]') || (roll && !roll.disabled)
                 || document.querySelector('#status .result'));
}"""
#: Page Python (SitePage.run_python) that plays the game on the board to its end: each turn one
#: roll (unless rolled already), then the first box the rules allow.
FINISH_GAME_PY = ("from game.main import app\nfrom game.core import rules\n"
                  "while not app.state.over:\n"
                  "    if app.state.rolls_used == 0:\n"
                  "        app.roll()\n"
                  "    legal = app.state.legal_scores()\n"
                  "    app.score(next(b for b in rules.BOXES if b in legal))\n"
                  "result = True")

#: All of localStorage, to compare before and after a link that must change nothing: every
#: record, not the early paint's cache (yahtzee:paint, rewritten whenever the board is drawn).
STORAGE_JS = ("() => JSON.stringify(Object.fromEntries(Object.entries(localStorage)"
              ".filter(([key]) => key !== 'yahtzee:paint')))")


def partings_shown(page: Page) -> list[tuple[int, float]]:
    """The review's "Playing to win" items, once shown: (decision number, chance of the goal)."""
    section = page.locator("#review-body .review-to-win")
    section.wait_for(timeout=60_000)
    items = section.locator("li[data-decision]")
    return [(int(items.nth(i).get_attribute("data-decision") or ""),
             float(items.nth(i).get_attribute("data-win-chance") or "")) for i in range(items.count())]


def toast_after(page: Page, press: str, start: str) -> str:
    """Click ``press`` and wait for the notice (``#toast``) it gives to start with ``start``;
    returns the notice. The notice hides itself after a few seconds but keeps its text, so
    the wait is for its words, not for its being on screen (a slow machine may pass them)."""
    page.evaluate("document.querySelector('#toast').textContent = ''")
    page.click(press)
    page.wait_for_function("(start) => document.querySelector('#toast').textContent.startsWith(start)", arg=start)
    return str(page.locator("#toast").text_content())


def wait_for_decision(page: Page, number: int) -> None:
    """Wait until Today's ten shows its decision ``number`` (its first opening deals the day,
    after fetching the table: hence the long bound)."""
    page.wait_for_function("(n) => document.querySelector('#ten-body .ten-progress')?.textContent"
                           ".startsWith(`Decision ${n} of 10`)", arg=number, timeout=60_000)
