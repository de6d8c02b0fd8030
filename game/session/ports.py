"""The edges of the session: what it needs from a screen, a clock, a task runner and the strategy.

The web layer implements these in the browser; tests pass fakes (:mod:`game.session.fakes`).
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable, Coroutine, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Literal, Protocol

from game.core import rules
from game.core.players import ComputerLevel
from game.core.state import GameState
from game.screens.regions import Region

if TYPE_CHECKING:  # the strategy loads on first use, not at start-up
    from game.strategy.distribution import ScoreDistribution
    from game.strategy.moves import ComputerMove
    from game.strategy.spread import Spread
    from game.strategy.tables import Table
    from game.strategy.to_win import Goal


#: What a physical cue marks: dice rolled (a person's, a computer's, real dice typed in) or a box scored.
Cue = Literal["roll", "score"]


class Renderer(Protocol):
    """What the game manager needs from a screen."""

    def render(self, regions: Mapping[Region, str], names: Sequence[str]) -> None:
        """Replace each named region's HTML, then fill the name slots with ``names`` as text."""

    def announce(self, text: str) -> None:
        """Say ``text`` in the live region (screen readers read it out)."""

    def notify(self, texts: Sequence[str]) -> None:
        """Show lasting notices (storage trouble) where the player will see them."""

    def ask_name(self, entry_id: str, name: str, score: int) -> None:
        """Ask a player to enter or confirm the name on a new high score."""

    def show_high_scores(self, highlight: str | None) -> None:
        """Open the high-score table, marking the entry ``highlight``."""

    def ask_link_choice(self, text: str) -> None:
        """Ask whether to play a link's game or keep the game in progress (the answer goes to ``App.choose_link``)."""

    def ask_costly(self, text: str) -> None:
        """Ask before a costly move, in ``text``'s words: show the best, keep my choice, or try
        again (the answer goes to ``App.answer_costly``: game.session.second_look.ANSWERS)."""

    def forget_link(self) -> None:
        """The link that opened the page is used up: a reload must resume the game on the board."""

    def cue(self, event: Cue) -> None:
        """A physical cue: the dice sound, a vibration; the web layer decides per the player's settings."""


class Board(Protocol):
    """The game on the board, as play in the background sees it (a computer's turn).

    The game manager is one; a helper given a ``Board`` reads the state and acts through it,
    and knows nothing else of the manager.
    """

    @property
    def state(self) -> GameState | None:
        """The game on the board (None before the first game)."""

    def sync(self) -> bool:
        """True if this tab shows the latest saved game; else it follows it and returns False."""

    def act(self, action: Callable[[GameState], GameState], *, rolled: bool = False,
            computer: bool = False) -> GameState | None:
        """Apply ``action`` to the game on the board: the new state, or None if it was refused."""


class Decide(Protocol):
    """A computer player's choice (:func:`game.strategy.players.decide`)."""

    def __call__(self, level: ComputerLevel, preset: str, filled: Mapping[str, int], dice: rules.Dice,
                 rolls_left: int, rng: random.Random, table: Table | None, spread: Spread | None = None,
                 goal: Goal | None = None, yahtzee_bonuses: int = 0) -> ComputerMove: ...


#: Fetches and decodes a preset's strategy table (raises if it cannot).
LoadTable = Callable[[str], Awaitable["Table"]]
#: Fetches and decodes a preset's spread table, for win chances (raises if it cannot).
LoadSpread = Callable[[str], Awaitable["Spread"]]
#: Fetches a preset's distribution of the final score under perfect play (raises if it cannot).
LoadDistribution = Callable[[str], Awaitable["ScoreDistribution"]]
#: The strategy table of a preset, fetched once, or None if it cannot be had (the coach's ``table_for``).
TableFor = Callable[[str], Awaitable["Table | None"]]
#: For a computer playing to win: the spread table and the goal of winning against the other
#: players' forecasts, or None (a solo game, or the tables cannot be had; the coach's ``goal_for``).
GoalFor = Callable[[GameState], Awaitable["tuple[Spread, Goal] | None"]]
#: Waits between the visible steps of a computer's turn (``asyncio.sleep``; tests skip it).
Sleep = Callable[[float], Awaitable[None]]
#: Runs a coroutine in the background (the page's version reports its exceptions at once).
Spawn = Callable[[Coroutine[Any, Any, None]], "asyncio.Future[None]"]
