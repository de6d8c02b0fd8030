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

if TYPE_CHECKING:
    from game.strategy.players import ComputerMove
    from game.strategy.tables import Table


def decide(level: ComputerLevel, preset: str, filled: Mapping[str, int], dice: rules.Dice, rolls_left: int,
           rng: random.Random, table: Table | None) -> ComputerMove:
    """:func:`game.strategy.players.decide`, imported on the first computer move."""
    from game.strategy.players import decide as play

    return play(level, preset, filled, dice, rolls_left, rng, table)


async def fetch_table(preset: str) -> Table:
    """Download and decode ``assets/strategy/<preset>.bin`` (the service worker caches it)."""
    from pyodide.http import pyfetch  # ~80 ms to import in the browser: on first use only

    response = await pyfetch(f"./assets/strategy/{preset}.bin")
    from game.strategy.tables import load_table

    if not response.ok:
        raise OSError(f"the strategy table for {preset} could not be loaded (HTTP {response.status})")
    return load_table(preset, await response.bytes())
