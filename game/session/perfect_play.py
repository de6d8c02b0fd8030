"""Your game against perfect play: the distributions of the final score under optimal play.

The end screen says what share of perfectly played games each person's score beats, and
the Statistics dialog overlays the optimal histogram on the player's. Both read the
preset's :class:`~game.strategy.distribution.ScoreDistribution`, fetched on first use
(``assets/strategy/distribution.json``, precached by the service worker):
one attempt per preset and page. Until it is here, or if it cannot be had, the line and
the overlay are simply not shown; the game never waits for it and never fails for it.

>>> import asyncio
>>> from game.strategy.distribution import _EXAMPLE, parse_distribution
>>> async def load(preset):
...     return parse_distribution(_EXAMPLE, preset)
>>> redraws = []
>>> perfect = PerfectPlay(load, asyncio.ensure_future, lambda: redraws.append(1))
>>> perfect.known("official") is None
True
>>> from concurrent.futures import ThreadPoolExecutor
>>> with ThreadPoolExecutor(1) as pool:  # an event loop of its own: the caller's may be running
...     pool.submit(asyncio.run, perfect.get("official")).result().median
251
>>> perfect.known("official").median, redraws
(251, [1])
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING

from game.core.state import GameState
from game.screens.versus import compared_seats
from game.session.ports import LoadDistribution, Spawn

if TYPE_CHECKING:
    from game.strategy.distribution import ScoreDistribution


class PerfectPlay:
    """The distributions fetched so far; ``on_loaded`` redraws the board when one arrives."""

    def __init__(self, load: LoadDistribution | None, spawn: Spawn, on_loaded: Callable[[], None]) -> None:
        self.load, self.spawn, self.on_loaded = load, spawn, on_loaded
        self._known: dict[str, ScoreDistribution] = {}
        self._loading: dict[str, asyncio.Future[None]] = {}  # one attempt per preset, kept once done

    def known(self, preset: str) -> ScoreDistribution | None:
        """The distribution of ``preset`` if it has arrived (nothing is fetched)."""
        return self._known.get(preset)

    def for_end(self, state: GameState) -> ScoreDistribution | None:
        """What the end screen compares with: the preset's distribution once the game is over
        and has a person in it, else None. The first call for a preset starts fetching it."""
        if not state.over or not compared_seats(state):
            return None
        self._start(state.ruleset)
        return self.known(state.ruleset)

    async def get(self, preset: str) -> ScoreDistribution | None:
        """The distribution of ``preset``, fetched if need be; None if it cannot be had."""
        self._start(preset)
        if (loading := self._loading.get(preset)) is not None:
            await asyncio.wait([loading])  # its outcome is in _known: a failure raises nothing here
        return self.known(preset)

    def _start(self, preset: str) -> None:
        if self.load is None or preset in self._known or preset in self._loading:
            return
        load = self.load

        async def fetch() -> None:
            try:
                self._known[preset] = await load(preset)
            except Exception:  # offline on first use, a damaged file: no line, no overlay
                return
            self.on_loaded()

        self._loading[preset] = self.spawn(fetch())
