"""The coach during play: the Hints and values switches, the strategy tables, the advice,
and the win chances.

Hints read the preset's strategy table, fetched on first use (and cached by the service
worker); until it is here, the coach panel says it is loading and the board redraws once
it arrives. Win chances (a game of several players, or a friend's score to beat) read the
table and the preset's spread table the same way, and are worked out once per box scored.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from game.core.state import GameState
from game.records.device import Records
from game.session import words
from game.session.ports import LoadSpread, LoadTable, Spawn

if TYPE_CHECKING:  # the strategy comes with the later archive, fetched with the first table
    from game.session.finish_ranges import FinishRanges
    from game.session.given_up import GivenUp
    from game.session.second_look import SecondLook
    from game.strategy.advice import Advice
    from game.strategy.spread import Spread
    from game.strategy.tables import Table
    from game.strategy.to_win import Goal
    from game.strategy.win_chances import Forecast

#: The cards a win chance depends on: each player's filled boxes.
Cards = tuple[tuple[tuple[str, int], ...], ...]


class Coach:
    """The switches and the tables; ``on_loaded`` redraws the board when a table arrives."""

    def __init__(self, load_table: LoadTable | None, spawn: Spawn, announce: Callable[[str], None],
                 on_loaded: Callable[[], None], load_spread: LoadSpread | None = None) -> None:
        self.load_table, self.spawn, self.announce, self.on_loaded = load_table, spawn, announce, on_loaded
        self.load_spread = load_spread
        self.spreads: dict[str, Spread] = {}
        self._chances: tuple[Cards, int | None, tuple[float, ...]] | None = None  # the last worked out
        self._forecasts: dict[tuple[str, tuple[tuple[str, int], ...], int], Forecast] = {}
        self._goal: tuple[tuple[Forecast, ...], Goal] | None = None  # the last goal of winning, and its forecasts
        self.hints = False  # the coach's best move is shown during a person's turn
        self.once = False  # ... for this decision only (asked for after a warning: game.session.second_look)
        self.show_values = False  # ... and, on demand, the value of every choice
        self.tables: dict[str, Table] = {}
        self._loading: asyncio.Future[None] | None = None
        self._fetching: dict[str, asyncio.Future[Table]] = {}  # tables on their way
        # Rule sets whose win chances could not be had (offline, or a damaged spread table).
        self._no_chances: set[str] = set()
        self.given: GivenUp | None = None  # built with the first table (it comes in the later archive)
        self.finish: FinishRanges | None = None  # likewise
        # Draws the board again and saves nothing (the points given up, valued in the
        # background, change no game: saving a finished one would keep it on the board).
        self.redraw: Callable[[], None] = on_loaded
        # The word before a costly move: its threshold (the page's setting), the question's
        # port, and the module that asks, built with the first table too.
        self.warn_above: Callable[[], float] = lambda: 0.0
        self.ask_costly: Callable[[str], None] = lambda text: None
        self.look: SecondLook | None = None

    def switch_hints(self) -> str:
        """Hints on or off; the words that say which (showing them marks the game assisted)."""
        self.hints = not self.hints
        return words.hints_switched(self.hints)

    def switch_values(self) -> None:
        """The value of every choice shown beside the best, or not."""
        self.show_values = not self.show_values

    def wanted(self, state: GameState) -> bool:
        """Hints are on (or asked for this decision) and a person is to move."""
        player = state.current_player
        return (self.hints or self.once) and player is not None and player.is_human

    def own_best(self, state: GameState, records: Records | None) -> int | None:
        """In a solo game: the player's best solo score under these rules in the high-score
        table (the coach's target when hints are on), or None."""
        if len(state.players) != 1 or records is None or not self.wanted(state):
            return None
        name = state.players[0].name
        return next((e.score for e in records.scores.table()
                     if e.name == name and e.preset == state.ruleset and e.players == 1), None)

    def given_up(self, state: GameState) -> tuple[float, ...] | None:
        """Each player's points given up against perfect play so far, shown in the coach panel
        (hints on) and at the end; None when neither shows, or until they are known (the
        table is on its way, or the decisions are being valued: game.session.given_up)."""
        coaching = self.hints or self.once
        if not (coaching or state.over):
            return None
        # At the end, only with the table here already (the coach, a computer or the chances
        # used it): a finished game does not fetch it for this; the review has the same sum.
        table = self.table_now(state.ruleset) if coaching else self.tables.get(state.ruleset)
        if table is None:
            return None
        if self.given is None:
            from game.session.given_up import GivenUp  # a table is here: so is the later archive

            self.given = GivenUp(self.spawn, lambda: self.redraw())
        return self.given.totals(state, table)

    def finish_ranges(self, state: GameState, beat: int | None) -> tuple[tuple[int, int] | None, ...] | None:
        """Each player's finish range (None until known), shown with the coach or with the
        win chances (several players, or a score to ``beat``); None otherwise, after the
        game, or until both tables are here (their loading starts here)."""
        shown = self.hints or self.once or len(state.players) > 1 or beat is not None
        if state.over or not shown or self.load_spread is None:
            if self.finish is not None:
                self.finish.stop()  # nobody would see what it works out
            return None
        if (both := self._both_now(state.ruleset)) is None:
            return None
        if self.finish is None:
            from game.session.finish_ranges import FinishRanges  # a table is here: so is the later archive

            self.finish = FinishRanges(self.spawn, lambda: self.redraw())
        return self.finish.for_board(state, *both)

    def second_look(self, state: GameState) -> SecondLook | None:
        """What values a person's move before it is made, with warnings on and the rule set's
        table here (its loading starts here); None otherwise: the move goes unasked."""
        if self.warn_above() <= 0 or self.table_now(state.ruleset) is None:
            return None
        if self.look is None:
            from game.session.second_look import SecondLook  # a table is here: so is the later archive

            self.look = SecondLook(self.ask_costly, self.announce, self.warn_above, self)
        return self.look

    def table_now(self, preset: str) -> Table | None:
        """The strategy table of ``preset`` if it is here; if not, its loading starts (a
        warning before a costly move needs it, and does without it until it comes)."""
        if preset not in self.tables:
            self._load_in_background(preset)
        return self.tables.get(preset)

    def advice(self, state: GameState, beat: int | None = None, best: int | None = None) -> Advice | None:
        """The options for the dice on the table, best first; None before a roll, or while the
        table is on its way (its loading starts here). With a goal (``beat``, a friend's score;
        ``best``, the player's own best score; or other players) and the spread table here,
        the options ranked for it too (the spread table's loading starts here for ``best``)."""
        if self.warn_above() > 0 and (look := self.second_look(state)) is not None:
            look.ready(state, self.tables[state.ruleset], self.spawn)  # every drawing asks for advice
        if not self.wanted(state):
            return None
        table = self.tables.get(state.ruleset)
        if table is None:
            self._load_in_background(state.ruleset)
            return None
        from game.strategy.advice import advise, aim_for  # a table is here: so is the later archive

        advice = advise(state, table)
        if advice is None or (len(state.players) < 2 and beat is None and best is None):
            return advice
        spread = self.spreads.get(state.ruleset)
        if spread is None:  # with several players or a friend's score, chances() asks for it too
            if self.load_spread is not None and state.ruleset not in self._no_chances:
                self._load_in_background(state.ruleset, spread=True)
            return advice
        if beat is None and best is not None:
            return aim_for(advice, state, table, spread, best, own=True)
        return aim_for(advice, state, table, spread, beat, self._win_goal(table, spread, state))

    def loading(self, state: GameState) -> bool:
        """Hints wait for the table (the panel says so)."""
        return self.wanted(state) and state.dice is not None and state.ruleset not in self.tables

    async def table_for(self, preset: str, say: bool = True) -> Table | None:
        """The strategy table of ``preset`` (fetched once), or None if it cannot be had; ``say``:
        announce a failure (not for win chances, which nobody asked for: they are left out)."""
        if preset not in self.tables and self.load_table is not None:
            if preset not in self._fetching:  # one download however many wait for it (a computer, win chances)
                self._fetching[preset] = asyncio.ensure_future(self.load_table(preset))
            try:
                self.tables[preset] = await self._fetching[preset]
            except Exception as err:  # network or data: the game goes on either way
                if self._fetching.pop(preset, None) is not None and say:  # said once; a later call tries again
                    self.announce(words.strategy_failed(err))
            else:
                self._fetching.pop(preset, None)
        return self.tables.get(preset)

    def chances(self, state: GameState, beat: int | None) -> tuple[float, ...] | None:
        """Each player's chance to win (several players), or the chance to beat ``beat`` (a
        challenge); None in a plain solo game, once the game is over, or while the tables
        are on their way (their loading starts here)."""
        if (state.over or (len(state.players) < 2 and beat is None) or self.load_spread is None
                or state.ruleset in self._no_chances):
            return None
        if (both := self._both_now(state.ruleset)) is None:
            return None
        table, spread = both
        cards = tuple(tuple(sorted(card.filled.items())) for card in state.cards)
        if self._chances is None or self._chances[:2] != (cards, beat):  # only a box scored changes them
            from game.strategy.win_chances import beat_chance, win_chances

            forecasts = [self._forecast(table, spread, card.filled, card.totals.grand_total) for card in state.cards]
            result = win_chances(forecasts) if beat is None else (beat_chance(forecasts[0], beat),)
            self._chances = (cards, beat, result)
        return self._chances[2]

    async def goal_for(self, state: GameState) -> tuple[Spread, Goal] | None:
        """For a computer playing to win: the spread table and the goal of winning against
        the other players' forecasts; None alone, or while either table cannot be had."""
        seat = state.current_seat
        if seat is None or len(state.players) < 2 or self.load_spread is None:
            return None
        table = await self.table_for(state.ruleset, say=False)
        spread = await self.spread_for(state.ruleset) if table is not None else None
        if table is None or spread is None:
            return None
        return spread, self._win_goal(table, spread, state)

    def _win_goal(self, table: Table, spread: Spread, state: GameState) -> Goal:
        """Winning against the other players' forecasts, kept while their cards are unchanged
        (the panel redraws at every click; the goal changes only when a box is scored)."""
        from game.strategy.to_win import Goal

        others = tuple(self._forecast(table, spread, card.filled, card.totals.grand_total)
                       for i, card in enumerate(state.cards) if i != state.current_seat)
        if self._goal is None or self._goal[0] != others:  # the same forecasts: compared by identity first
            self._goal = (others, Goal.win(others))
        return self._goal[1]

    def _forecast(self, table: Table, spread: Spread, filled: Mapping[str, int], points: int) -> Forecast:
        """A card's forecast, kept while the card is unchanged: a box scored changes one card,
        so the others' (exact ones cost milliseconds near the end) are not worked out again."""
        from game.strategy.win_chances import forecast

        key = (table.preset, tuple(sorted(filled.items())), points)
        if key not in self._forecasts:
            if len(self._forecasts) > 32:  # a few games' worth: keep memory bounded
                self._forecasts.clear()
            self._forecasts[key] = forecast(table, spread, filled, points)
        return self._forecasts[key]

    async def spread_for(self, preset: str) -> Spread | None:
        """The spread table of ``preset`` (fetched once), or None if it cannot be had."""
        if preset not in self.spreads and self.load_spread is not None:
            with contextlib.suppress(Exception):  # network or data: the game goes on, without win chances
                self.spreads[preset] = await self.load_spread(preset)
        return self.spreads.get(preset)

    def _both_now(self, ruleset: str) -> tuple[Table, Spread] | None:
        """The rule set's strategy and spread tables if both are here; else None, their loading
        started (unless they could not be had on this page)."""
        table, spread = self.tables.get(ruleset), self.spreads.get(ruleset)
        if table is None or spread is None:
            if ruleset not in self._no_chances:
                self._load_in_background(ruleset, spread=True)
            return None
        return table, spread

    def _load_in_background(self, preset: str, spread: bool = False) -> None:
        if self.load_table is None or (self._loading is not None and not self._loading.done()):
            return

        async def load() -> None:
            table = await self.table_for(preset, say=not spread)
            if spread and (table is None or await self.spread_for(preset) is None):
                # Not tried again on this page: offline, every redraw would ask the network anew.
                self._no_chances.add(preset)
                return
            if table is not None:
                self.on_loaded()

        self._loading = self.spawn(load())
