"""Random play in the browser, checked against the engine replayed in CPython.

:class:`RandomPlay` starts games of people only (computers play with randomness of their
own) through the New game dialog, then clicks, presses keys and reloads at random, and
does the same to a :class:`Model` with the engine's own methods. After every action the
page must show what the model holds (dice, holds, rolls left, whose turn, every card,
previews, totals, Undo, the saved game) and have recorded no error; if not, it raises
:class:`Mismatch` with the run's seed, the games' dice seeds and the action log.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from playwright.sync_api import Page

from game import rules
from game.core import save
from game.core.state import new_game
from tests.browser import board
from tests.browser.engine_model import Model, saved_state

# Names the dialog must clean the way the engine does: blank, markup, non-Latin.
NAMES = ("Ann", "Bob", "Zoë", "", "  Cy  Lee ", "<b>Dee</b>", "李")
TOTALS = {"upper": "upper_subtotal", "upper_bonus": "upper_bonus", "upper_total": "upper_total",
          "yahtzee_bonus": "yahtzee_bonus", "lower": "lower_total", "grand": "grand_total"}
ARROWS = ("ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight")
# Weights of the actions: scoring and rolling often enough that solo games end.
WEIGHTS = {"die": 4, "roll": 6, "box_click": 7, "arrows_enter": 2, "undo": 1, "hints": 0.4}

FOCUS_JS = """() => { const a = document.activeElement;
  return !a || a === document.body ? 'body' : a.hasAttribute('data-die') ? 'die:' + a.getAttribute('data-die')
    : a.hasAttribute('data-box') ? 'box:' + a.getAttribute('data-box') : a.id ? '#' + a.id : 'other'; }"""
# What the board helpers do not read, in one round trip.
EXTRA_JS = """() => { const roll = document.querySelector('#roll'); return {
  roll: roll ? [roll.textContent, roll.disabled] : null,
  seat: document.querySelector('#scorecard thead th.current')?.dataset.seat ?? null,
  undo: document.querySelector('#undo') !== null,
  closed: [...document.querySelectorAll('#scorecard button[data-closed]')].map(e => e.dataset.box),
  totals: [...document.querySelectorAll('#scorecard td[data-total]')].map(
    e => [`${e.dataset.seat}:${e.dataset.total}`, +e.dataset.value, e.dataset.count ?? null]),
  errors: window.diceErrors || [], saved: localStorage.getItem('yahtzee:game') }; }"""


class Site(Protocol):
    """What a run needs of tests/browser/pages.py's SitePage."""

    page: Page
    def wait_ready(self, timeout: float = ...) -> float: ...
    def problems(self) -> list[str]: ...
    def run_python(self, code: str, timeout: float = ...) -> Any: ...


class Mismatch(AssertionError):
    """The page disagreed with the engine (``kind`` "mismatch") or recorded an error ("error")."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


@dataclass
class Tally:
    actions: int = 0
    reloads: int = 0
    games: int = 0
    refused: int = 0
    presets: set[str] = field(default_factory=set)
    sizes: set[int] = field(default_factory=set)


class RandomPlay:
    """One random run on one page; ``setups`` (players, preset) fix the first games, and
    ``game_seeds`` (or, with ``pin_seeds``, seeds made from the run's) their dice."""

    def __init__(self, site: Site, seed: int, *, setups: Sequence[tuple[int, str]] = (),
                 game_seeds: Sequence[str] = (), pin_seeds: bool = False, reload_rate: float = 0.04, replay: str = ""
                 ) -> None:
        self.site, self.page, self.seed, self.rng = site, site.page, seed, random.Random(seed)
        self.setups, self.pins, self.pin_seeds = list(setups), list(game_seeds), pin_seeds
        self.reload_rate, self.replay = reload_rate, replay
        self.log: list[str] = []
        self.game_seeds: list[str] = []
        self.tally = Tally()
        self.hints_on = False  # the App's switch: kept across new games, off after a reload
        self.model = Model(new_game(["-"]))  # replaced by start_game

    def run(self, actions: int, until: float | None = None) -> Tally:
        """Play ``actions`` actions, or fewer if ``time.monotonic()`` passes ``until``."""
        self.start_game()
        for number in range(1, actions + 1):
            if until is not None and time.monotonic() > until:
                break
            if self.rng.random() < self.reload_rate:
                self.page.reload()
                self.site.wait_ready()
                self.model.undo_point, self.hints_on = None, False  # a new App: neither survives
                self.tally.reloads += 1
                entry = "reload"
            else:
                entry = getattr(self, self.rng.choices(list(WEIGHTS), weights=list(WEIGHTS.values()))[0])()
            self.tally.actions += 1
            self.tally.refused += "refused" in entry
            self.log.append(f"{number}. {entry}")
            self.check()
            if self.model.state.over:
                board.close_end_dialogs(self.page)
                self.start_game()
        return self.tally

    def start_game(self) -> None:
        index = self.tally.games
        count, preset = (self.setups[index] if index < len(self.setups)
                         else (self.rng.randint(1, 4), self.rng.choice(rules.PRESETS)))
        names = [self.rng.choice(NAMES) for _ in range(count)]
        board.new_game(self.page, names, ["human"] * count, preset)
        pin = self.pins[index] if index < len(self.pins) else f"{self.seed}-{index}" if self.pin_seeds else None
        if pin is not None:  # the same start as the dialog's (SetupDialog._start), on a known seed
            self.site.run_python(f"from game.main import app\napp.start(list(app.state.players), "
                                 f"app.state.preset, {pin!r})\nresult = None")
        # The seed is the page's: the model is the engine's own new game on it (the save must agree).
        saved = saved_state(self.page.evaluate("localStorage.getItem('yahtzee:game')"))
        self.model = Model(new_game(names, preset, saved.seed if saved else None), hinted=self.hints_on)
        self.game_seeds.append(self.model.state.seed)
        self.tally.games += 1
        self.tally.presets.add(preset)
        self.tally.sizes.add(count)
        self.log.append(f"game {index + 1}: {count} player(s) {names!r}, {preset}, seed {self.model.state.seed!r}")
        self.check()

    # --- actions: each does one thing on the page and the same to the model ---------------

    def _force_click(self, selector: str) -> None:
        """Click even a disabled control (to no effect), once it is on screen: a forced click
        fails on a control a re-render left without a box for an instant (seen under load)."""
        self.page.locator(selector).first.wait_for(state="visible", timeout=5_000)
        self.page.click(selector, force=True)

    def _key_or_click(self, keys: Sequence[str], selector: str | None = None) -> str:
        if selector is None or self.rng.random() < 0.5:
            key = self.rng.choice(keys)
            self.page.keyboard.press(key)
            return f"key {key}"
        self._force_click(selector)
        return f"click {selector}"

    def die(self) -> str:
        die = self.rng.randrange(5)
        how = self._key_or_click([str(die + 1)], f'#dice [data-die="{die}"]')
        return f"{how}: {self.model.toggle(die)}"

    def roll(self) -> str:
        return f"{self._key_or_click(('r', 'R', 'Space'), '#roll')}: {self.model.roll()}"

    def box_click(self) -> str:
        state, pick = self.model.state, self.rng.random()
        seat = state.current_seat
        filled = list(state.cards[seat].filled)
        others = [s for s in range(len(state.players)) if s != seat]
        if pick < 0.1 and filled:  # a filled box is a cell, not a button: nothing happens
            box = self.rng.choice(filled)
            self._force_click(f'#scorecard tr[data-row="{box}"] td[data-seat="{seat}"]')
            return f"click filled {box}: {self.model.score(box)}"
        if pick < 0.2 and others:
            other, box = self.rng.choice(others), self.rng.choice(rules.BOXES)
            self._force_click(f'#scorecard tr[data-row="{box}"] td[data-seat="{other}"]')
            return f"click seat {other}'s {box}: nothing"
        legal = list(state.legal_scores())
        open_boxes = [b for b in rules.BOXES if b not in filled]
        box = self.rng.choice(legal if legal and pick < 0.8 else open_boxes)
        self._force_click(f'#scorecard button[data-box="{box}"]')  # disabled or closed too
        return f"click box {box}: {self.model.score(box)}"

    def arrows_enter(self) -> str:
        presses = [self.rng.choice(ARROWS) for _ in range(self.rng.randint(1, 3))]
        focus = start = self.page.evaluate(FOCUS_JS)
        legal = self.model.state.legal_scores()
        boxes = [f"box:{b}" for b in rules.BOXES if b in legal]  # the scorecard's order
        for key in presses:  # as game.web.dom.move_box_focus
            self.page.keyboard.press(key)
            step = 1 if key in ("ArrowDown", "ArrowRight") else -1
            if boxes:
                focus = boxes[(boxes.index(focus) + step) % len(boxes) if focus in boxes else (0 if step > 0 else -1)]
        entry = f"focus {start}, keys {' '.join(presses)}"
        if (shown := self.page.evaluate(FOCUS_JS)) != focus:
            self.fail("mismatch", [f"after {entry}: focus on {shown}, expected {focus}"])
        kind, _, target = focus.partition(":")
        if kind not in ("body", "die", "box", "#roll", "#undo", "#hints"):
            return f"{entry}, no Enter (focus outside the board)"
        self.page.keyboard.press("Enter")  # a focused button's own click
        clicks: dict[str, Callable[[], str]] = {
            "die": lambda: self.model.toggle(int(target)), "box": lambda: self.model.score(target),
            "#roll": self.model.roll, "#undo": self.model.undo, "#hints": self.toggle_hints}
        outcome = clicks.get(kind, lambda: "nothing")()
        return f"{entry}, Enter on {focus}: {outcome}"

    def undo(self) -> str:
        # The page must show Undo exactly when the model has an undo point (check() says so).
        undo = self._key_or_click(("u", "U"), "#undo" if self.model.undo_point else None)
        return f"{undo}: {self.model.undo()}"

    def hints(self) -> str:
        return f"{self._key_or_click(('h', 'H'))}: {self.toggle_hints()}"

    def toggle_hints(self) -> str:
        self.hints_on = not self.hints_on
        self.model.hinted |= self.hints_on
        return f"hints {'on' if self.hints_on else 'off'}"

    def check(self) -> None:
        page, state, extra = self.page, self.model.state, self.page.evaluate(EXTRA_JS)
        seats = range(len(state.players))
        shown: dict[str, Any] = {
            "dice": board.dice(page), "held": board.held(page),
            # Not board.current_seat: it waits 30 s for a current player, and a game over has none.
            "seat": None if extra["seat"] is None else int(extra["seat"]),
            "filled": [board.filled(page, s) for s in seats], "previews": board.previews(page),
            "rolls left": None if extra["roll"] is None else _rolls_left(*extra["roll"]),
            "undo": extra["undo"], "closed": sorted(extra["closed"]),
            "totals": {key: (value, count) for key, value, count in extra["totals"]},
        }
        expected: dict[str, Any] = {
            "dice": state.dice or (0,) * 5, "held": state.held, "seat": state.current_seat,
            "filled": [state.cards[s].filled for s in seats], "previews": state.legal_scores(),
            "rolls left": "game over" if state.over else state.rolls_left,
            "undo": self.model.undo_point is not None,
            "closed": sorted(b for b, v in state.box_options().items() if not isinstance(v, int)),
            "totals": {f"{s}:{key}": (getattr(state.cards[s].totals, name),
                                      str(state.cards[s].yahtzee_bonuses) if key == "yahtzee_bonus" else None)
                       for s in seats for key, name in TOTALS.items()},
        }
        diffs = [f"{key}: page {shown[key]!r}, engine {expected[key]!r}" for key in expected
                 if shown[key] != expected[key]] + self.save_diffs(extra["saved"])
        if diffs:
            self.fail("mismatch", diffs)
        if errors := [f"window.diceErrors: {e}" for e in extra["errors"]] + self.site.problems():
            self.fail("error", errors)

    def save_diffs(self, text: str | None) -> list[str]:
        state, saved = self.model.state, saved_state(text)
        if state.over or saved is None:  # a finished game is no longer saved
            return [] if state.over and saved is None else [f"saved game: page {saved!r}, engine over={state.over}"]
        page = save.state_to_record(replace(saved, assisted=False))
        engine = save.state_to_record(replace(state, assisted=False))
        if page != engine:
            return [f"saved game's {key}: page {page[key]!r}, engine {engine[key]!r}"
                    for key in engine if page[key] != engine[key]]
        if saved.assisted != state.assisted and not (saved.assisted and self.model.hinted):
            return [f"saved game assisted={saved.assisted}, engine {state.assisted} (hints seen: {self.model.hinted})"]
        return []

    def fail(self, kind: str, details: list[str]) -> None:
        where = f"after action {self.tally.actions}" if self.tally.actions else "at a game's start"
        head = (f"page {'and engine disagree' if kind == 'mismatch' else 'recorded an error'} {where} "
                f"of random run seed={self.seed} (game seeds {self.game_seeds})")
        replay = [f"replay: {self.replay}"] * bool(self.replay)
        raise Mismatch(kind, "\n".join([head, *details, *replay, "action log:", *self.log]))


def _rolls_left(text: str, disabled: bool) -> int | str:
    """What the Roll button says is left ("Roll (2 left)", "Roll (none left: ...)", "Roll (game over)")."""
    left: int | str = "game over" if "game over" in text else int("0" + "".join(filter(str.isdigit, text)))
    return left if disabled == (left in (0, "game over")) else f"{left}, but disabled={disabled}"
