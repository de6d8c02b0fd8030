"""The strategy, loaded only when a coach or computer first needs it.

Importing the coach costs start-up time in the browser (it builds its roll tables), so
the page imports this light module and the strategy code on first use.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING

from game.core import rules
from game.core.players import ComputerLevel
from game.session.downloads import Unavailable

if TYPE_CHECKING:
    from game.strategy.distribution import ScoreDistribution
    from game.strategy.players import ComputerMove
    from game.strategy.spread import Spread
    from game.strategy.tables import Table


def decide(level: ComputerLevel, preset: str, filled: Mapping[str, int], dice: rules.Dice, rolls_left: int,
           rng: random.Random, table: Table | None) -> ComputerMove:
    """:func:`game.strategy.players.decide`, imported on the first computer move."""
    from game.strategy.players import decide as play

    return play(level, preset, filled, dice, rolls_left, rng, table)


async def download(url: str, what: str) -> bytes:
    """The bytes at ``url`` (relative to the page). Offline, only what the service worker
    has kept: a request that cannot succeed is not made (it would only log a network error),
    and the caller gets an :class:`Unavailable` (an OSError) saying why, as for a failed
    download (``what`` names the file in its English message, for developers)."""
    import js
    from pyodide.ffi import to_js
    from pyodide.http import pyfetch  # ~80 ms to import in the browser: on first use only

    if not js.navigator.onLine:
        caches = getattr(js, "caches", None)  # none outside a secure context
        options = to_js({"ignoreSearch": True}, dict_converter=js.Object.fromEntries)  # precache revisions
        if caches is None or await caches.match(url, options) is None:
            raise Unavailable(what, offline=True)
    response = await pyfetch(url)
    if not response.ok:
        raise Unavailable(what, status=int(response.status))
    return bytes(await response.bytes())


async def fetch_table(preset: str) -> Table:
    """Download and decode ``assets/strategy/<preset>.bin`` (the service worker caches it)."""
    data = await download(f"./assets/strategy/{preset}.bin", f"the strategy table for {preset}")
    from game.strategy.tables import load_table

    return load_table(preset, data)


async def fetch_spread(preset: str) -> Spread:
    """Download and decode ``assets/strategy/<preset>.spread.bin`` (for win chances)."""
    data = await download(f"./assets/strategy/{preset}.spread.bin", f"the spread table for {preset}")
    from game.strategy.spread import load_spread

    return load_spread(preset, data)


async def fetch_distribution(preset: str) -> ScoreDistribution:
    """Download ``assets/strategy/distribution.json`` (precached by the service worker) and
    read the final score's distribution under perfect play for ``preset``."""
    from game.strategy.distribution import URL, load_distribution

    return load_distribution(await download(URL, "the score distribution"), preset)
