"""Playing the board by clicks in any engine, through the page's contract
(docs/ui-contract.md), as tests/browser/board.py does in Chromium through Playwright.

The board is read in one round trip (:func:`board`): a call through a driver costs a few
milliseconds, and a game reads the board some fifty times.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

from game import rules
from tests.engines.drivers import NEXT_FRAME_JS

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "artifacts" / "screenshots"
PRESET = rules.DEFAULT_PRESET  # the game a fresh page starts with

BOARD_JS = """() => {
  const all = (sel) => [...document.querySelectorAll(sel)];
  const dice = all('#dice [data-die]');
  const filled = {}, totals = {};
  for (const td of all('#scorecard tr[data-row] td[data-seat][data-points]')) {
    (filled[td.dataset.seat] ||= {})[td.parentElement.dataset.row] = Number(td.dataset.points);
  }
  for (const td of all('#scorecard td[data-seat][data-total]')) {
    (totals[td.dataset.seat] ||= {})[td.dataset.total] = [Number(td.dataset.value), Number(td.dataset.count || 0)];
  }
  const current = document.querySelector('#scorecard thead th.current');
  const result = document.querySelector('#status .result');
  return {
    dice: dice.map((e) => Number(e.dataset.face)),
    held: dice.map((e) => e.getAttribute('aria-pressed') === 'true'),
    roll: document.querySelector('#roll').innerText.trim(),
    seat: current ? Number(current.dataset.seat) : null,
    previews: Object.fromEntries(all('#scorecard button[data-box][data-preview]')
      .map((e) => [e.dataset.box, Number(e.dataset.preview)])),
    filled, totals,
    result: result ? result.innerText : null,
    nameDialog: document.querySelector('#name-dialog').open,
    scoresDialog: document.querySelector('#scores-dialog').open,
  };
}"""


class Page(Protocol):
    """What :class:`tests.engines.conftest.EnginePage` offers these helpers."""

    def evaluate(self, source: str, *args: Any) -> Any: ...

    def click(self, selector: str) -> None: ...


def board(page: Page) -> dict[str, Any]:
    return page.evaluate(BOARD_JS)


def filled(state: dict[str, Any], seat: int) -> dict[str, int]:
    return state["filled"].get(str(seat), {})


def die(i: int) -> str:
    return f'#dice [data-die="{i}"]'


def snapshot(page: Page) -> tuple:
    """Dice, holds, the Roll button's text, whose turn, and the cards: what a reload must
    bring back exactly."""
    state = board(page)
    return (tuple(state["dice"]), tuple(state["held"]), state["roll"], state["seat"], state["filled"])


def play_turn(page: Page, holds: tuple[int, ...] = ()) -> tuple[str, int]:
    """Roll (and re-roll once holding ``holds``), check every preview against game.core.rules in
    CPython, score the best box by a click and check it was scored."""
    seat = board(page)["seat"]
    page.click("#roll")
    if holds:
        for i in holds:
            page.click(die(i))
        page.click("#roll")
    state = board(page)
    expected = rules.legal_scores(PRESET, filled(state, seat), tuple(state["dice"]))
    assert state["previews"] == expected, (state["dice"], state["previews"], expected)
    box = max(expected, key=lambda b: (expected[b], -rules.BOXES.index(b)))
    page.click(f'#scorecard button[data-box="{box}"]')
    assert filled(board(page), seat).get(box) == expected[box], box
    return box, expected[box]


def check_totals(page: Page, seat: int) -> rules.Totals:
    """Every total on the card against game.core.rules.totals of its filled boxes."""
    state = board(page)
    shown = state["totals"][str(seat)]
    expected = rules.totals(filled(state, seat), shown["yahtzee_bonus"][1])
    for key, value in (("upper", expected.upper_subtotal), ("upper_bonus", expected.upper_bonus),
                       ("upper_total", expected.upper_total), ("lower", expected.lower_total),
                       ("grand", expected.grand_total)):
        assert shown[key][0] == value, (key, shown[key], value)
    return expected


def close_end_dialogs(page: Page) -> None:
    """Confirm the high-score name prompt and close the table, as a player would."""
    for _ in range(3):
        if not board(page)["nameDialog"]:
            break
        page.click("#name-form button[type=submit]")
    if board(page)["scoresDialog"]:
        page.click("#scores-dialog [data-close]")
    state = board(page)
    assert not state["nameDialog"] and not state["scoresDialog"]


def screenshot(page: Page, driver: Any, name: str) -> Path:
    """The whole page as ``driver`` sees it now, in artifacts/screenshots/ (not committed)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.evaluate(NEXT_FRAME_JS)  # WebKitGTK's snapshot is of the last frame painted
    driver.screenshot(path)
    return path
