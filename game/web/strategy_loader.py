"""The strategy, loaded only when a coach or computer first needs it.

Importing the coach costs start-up time in the browser (it builds its roll tables), so
the page imports this light module and the strategy code on first use.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Mapping
from typing import TYPE_CHECKING

from game.core import rules
from game.core.players import ComputerLevel
from game.web import later
from game.web.download import download

#: game.strategy.distribution.URL, which travels in the later archive (tests/test_archives.py
#: checks that the two agree).
DISTRIBUTION_URL = "./assets/strategy/distribution.json"

if TYPE_CHECKING:
    from game.strategy.distribution import ScoreDistribution
    from game.strategy.moves import ComputerMove
    from game.strategy.spread import Spread
    from game.strategy.tables import Table
    from game.strategy.to_win import Goal


def decide(level: ComputerLevel, preset: str, filled: Mapping[str, int], dice: rules.Dice, rolls_left: int,
           rng: random.Random, table: Table | None, spread: Spread | None = None, goal: Goal | None = None,
           yahtzee_bonuses: int = 0) -> ComputerMove:
    """:func:`game.strategy.players.decide`, imported on the first computer move with a table
    (so after the later archive, which holds it); greedy needs neither (game.strategy.moves)."""
    if level == "greedy" or table is None:
        from game.strategy.moves import greedy

        return greedy(preset, filled, dice, rolls_left)
    from game.strategy.players import decide as play

    return play(level, preset, filled, dice, rolls_left, rng, table, spread, goal, yahtzee_bonuses)


async def fetch_table(preset: str) -> Table:
    """Download and decode ``assets/strategy/<preset>.bin`` (the service worker caches it)."""
    # What only a table serves (the reasons, the win chances) is in the later archive: both at once.
    data, _ = await asyncio.gather(download(f"./assets/strategy/{preset}.bin", f"the strategy table for {preset}"),
                                   later.ensure())
    from game.strategy.table_decoding import body_size, decoding
    from game.strategy.tables import HEADER
    from game.web.inflate import inflate

    await asyncio.sleep(0)  # those imports built the roll tables: the decoding starts in a task of its own
    # The body inflated by the browser, where it can (Python's zlib holds the page for the
    # whole body: 75-176 ms of Yatzy's at CPU 4x, docs/strategy.md); the header is checked after.
    body = None
    if size := body_size(data):
        body = await inflate(memoryview(data)[HEADER.size:], size, f"strategy table for {preset}")
    for step in decoding(preset, data, body):
        if step is not None:
            return step
        await asyncio.sleep(0)  # the browser's turn between two parts: a click is never held up long
    raise AssertionError("decoding() ends with the table")


async def fetch_spread(ruleset: str) -> Spread:
    """Download and decode ``assets/strategy/<ruleset>.spread.bin`` (for win chances): a
    Yahtzee preset's, or another game's (Yatzy's)."""
    data, _ = await asyncio.gather(download(f"./assets/strategy/{ruleset}.spread.bin",
                                            f"the spread table for {ruleset}"), later.ensure())
    from game.strategy.game_spread import decode_spread
    from game.strategy.spread import HEADER, body_size
    from game.web.inflate import inflate

    # The header is checked by the decoder; the body is inflated by the browser, where it can.
    body = None
    if size := body_size(data):
        body = await inflate(memoryview(data)[HEADER.size:], size, f"spread table for {ruleset}")
    return decode_spread(ruleset, data, body)


async def fetch_distribution(preset: str) -> ScoreDistribution:
    """Download ``assets/strategy/distribution.json`` (precached by the service worker) and
    read the final score's distribution under perfect play for ``preset``."""
    data, _ = await asyncio.gather(download(DISTRIBUTION_URL, "the score distribution"), later.ensure())
    from game.strategy.distribution import load_distribution

    return load_distribution(data, preset)
