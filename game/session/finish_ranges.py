"""Each player's finish range on the board, worked out off the click.

A finish range (:mod:`game.strategy.finish_range`) costs from nothing (a card seen before)
to a third of a second in CPython (the first card of a game with six boxes open), ten
times that on a phone's Pyodide: far more than a click may take. So the board shows the
ranges already known and asks for the rest, which are worked out in the background in
slices of :data:`SLICE` seconds, the page answering the player between them; the board
is redrawn when a range it shows arrives.

What the board asks for, most wanted first: the range of the player to move as it
stands mid-turn (the dice on the table and the re-rolls left), then every player's from
their card at their next turn's start, then, while a person is to move, the card each
open box would leave, so that the box scored finds its new range known and the board
shows it in the same frame as the score. Until the mid-turn range is known, the player
to move shows their range from the turn's start.

Each range comes from the strategy's first pass, which is cheap and kept by card state.
Where it is not sure to be within a point (one position in eight of Yahtzee with six boxes
open or more, one in twenty of Yatzy: the distribution function is flat about a percentile
there), the board shows it and the finer pass is worked out last, when nothing above is
wanted, for the ranges the board shows; the board is redrawn with it (a point or a few
apart).

>>> from game.core.state import new_game
>>> from game.strategy.game_tables import load_ruleset
>>> from game.strategy.game_spread import load_ruleset_spread
>>> from game.session.fakes import Jobs
>>> jobs = Jobs()
>>> ranges = FinishRanges(jobs, lambda: None)
>>> state = new_game(["Ann"], seed="doc")
>>> table, spread = load_ruleset("official"), load_ruleset_spread("official")
>>> ranges.for_board(state, table, spread)  # not known yet: worked out in the background
(None,)
>>> jobs.run()
>>> ranges.for_board(state, table, spread)
((194, 318),)
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, cast

from game.core import rules
from game.core.state import GameState
from game.session.ports import Spawn
from game.strategy.finish_range import finer_range_steps, first_range_steps

if TYPE_CHECKING:
    from game.core.card import Card
    from game.strategy.spread import Spread
    from game.strategy.tables import Table

#: A finish range: the 10th and the 90th percentile of the final score.
Range = tuple[int, int]
#: What a range depends on: the rule set, the card's boxes and points, and mid-turn the
#: dice and the re-rolls left (None, None at a turn's start).
Key = tuple[str, tuple[tuple[str, int], ...], int, rules.Dice | None, int | None]

#: Seconds of work between two pauses in which the page answers the player (a frame's
#: worth, half of it: a click waits at most this long for the work to give way).
SLICE = 0.008
#: How many ranges are kept: a few games of four players' worth.
KEPT = 512


def card_key(ruleset: str, card: Card, dice: rules.Dice | None = None, rolls_left: int | None = None) -> Key:
    """What the range of ``card`` depends on: at a turn's start, or mid-turn with ``dice``."""
    return ruleset, tuple(sorted(card.filled.items())), card.totals.grand_total, dice, rolls_left


class FinishRanges:
    """The ranges known, and the work on those asked for; ``spawn`` runs the work in the
    background, ``on_shown`` redraws the board once a range it shows is known."""

    def __init__(self, spawn: Spawn, on_shown: Callable[[], None],
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self.spawn, self.on_shown, self.clock = spawn, on_shown, clock
        self._known: OrderedDict[Key, Range] = OrderedDict()
        self._wanted: list[Key] = []  # most wanted first
        self._failed: set[Key] = set()
        self._unsure: set[Key] = set()  # known from the first pass, the finer one wanted
        self._finer: list[Key] = []  # the unsure ones shown, for the finer pass
        self._on_board: set[Key] = set()  # the keys whose ranges the board shows now (not those to have ready)
        self._tables: tuple[Table, Spread] | None = None
        self._working: asyncio.Future[None] | None = None
        self._due = 0.0  # when this slice's time is up, on ``clock``

    def for_board(self, state: GameState, table: Table, spread: Spread) -> tuple[Range | None, ...]:
        """Each seat's range as the board shows it now (None until known: it is asked for)."""
        seat, ruleset = state.current_seat, state.ruleset
        starts = [card_key(ruleset, card) for card in state.cards]
        live = (card_key(ruleset, state.cards[seat], state.dice, state.rolls_left)
                if seat is not None and state.dice is not None and not state.over else None)
        shown = ([live] if live else []) + starts
        self._tables = (table, spread)
        self._wanted = [key for key in dict.fromkeys(shown + self._boxes_ahead(state))
                        if key not in self._known and key not in self._failed]
        # the ranges on the board: the player to move's turn start only until their live one is known
        on_board = [key for key in shown if not (live is not None and live in self._known
                                                 and key == starts[seat or 0])]
        self._on_board = set(on_board)
        self._finer = [key for key in on_board if key in self._unsure]
        if (self._wanted or self._finer) and (self._working is None or self._working.done()):
            self._working = self.spawn(self._work())
        out = []
        for i, start in enumerate(starts):
            known = self._known.get(live) if live is not None and i == seat else None
            out.append(known or self._known.get(start))
        return tuple(out)

    def _boxes_ahead(self, state: GameState) -> list[Key]:
        """The card each open box would leave the person to move with (none for a computer's
        turn or a link's: they score before these would help)."""
        seat, dice, player = state.current_seat, state.dice, state.current_player
        if seat is None or dice is None or player is None or not player.is_human:
            return []
        card = state.cards[seat]
        bonus = state.game.five_alike_bonus(card.filled, dice)
        options = [(points, box) for box, points in state.box_options().items() if isinstance(points, int)]
        return [card_key(state.ruleset, card.with_box(box, points, bonus))
                for points, box in sorted(options, reverse=True)]  # the likelier boxes, the richer, first

    async def _work(self) -> None:
        self._due = self.clock() + SLICE
        while (self._wanted or self._finer) and self._tables is not None:
            finer = not self._wanted
            key = self._finer[0] if finer else self._wanted[0]
            try:
                found = await self._step_through(key, finer, *self._tables)
            except Exception:  # a damaged table: that range is left out (or as first found)
                if finer:
                    self._unsure.discard(key)  # the first pass's range stays
                    self._finer = [k for k in self._finer if k != key]
                else:
                    self._failed.add(key)
                found = None
            if found is not None:
                self._keep(key, found)
            queue = self._finer if finer else self._wanted
            if (found is not None or key in self._failed) and key in queue:
                queue.remove(key)
            if found is not None and key in self._on_board:
                self.on_shown()
                self._due = 0.0  # the drawing took this task's time: a pause before more work
            await self._pause_if_due()

    async def _pause_if_due(self) -> None:
        """Give way to the player once this slice's time is up (one slice across ranges)."""
        if self.clock() >= self._due:
            await asyncio.sleep(0)  # the player's clicks come first
            self._due = self.clock() + SLICE

    async def _step_through(self, key: Key, finer: bool, table: Table, spread: Spread) -> Range | None:
        """The range of ``key`` by the first pass (marked unsure where it is) or, ``finer``, the
        finer one, pausing whenever a slice of :data:`SLICE` seconds is used up; None if, at a
        pause, it is no longer the most wanted (the turns the first pass worked out are kept
        by game.strategy.exact_turns; the one it was in is started again)."""
        _ruleset, filled, points, dice, rolls_left = key
        steps: Generator[None, None, object] = (finer_range_steps if finer else first_range_steps)(
            table, spread, dict(filled), points, dice, rolls_left)
        while True:
            try:
                next(steps)
            except StopIteration as done:
                if finer:
                    self._unsure.discard(key)
                    return cast("Range", done.value)
                found, sure = cast("tuple[Range, bool]", done.value)
                if not sure:
                    self._unsure.add(key)
                    if key in self._on_board:
                        self._finer.append(key)
                return found
            if self.clock() >= self._due:
                await self._pause_if_due()
                if not self._first_in_line(key, finer):
                    steps.close()
                    return None

    def _first_in_line(self, key: Key, finer: bool) -> bool:
        """Whether ``key`` is still the work to do: any range wanted comes before a finer pass."""
        return self._wanted[:1] == [key] if not finer else not self._wanted and self._finer[:1] == [key]

    def stop(self) -> None:
        """Nothing more to work out: the ranges are not shown (hints off, the game over)."""
        self._wanted, self._finer, self._on_board = [], [], set()

    def _keep(self, key: Key, found: Range) -> None:
        self._known[key] = found
        self._known.move_to_end(key)
        if len(self._known) > KEPT:
            dropped, _ = self._known.popitem(last=False)
            self._unsure.discard(dropped)
