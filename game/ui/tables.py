"""Strategy tables, fetched from the site only when a coach or computer first needs one."""

from __future__ import annotations

from pyodide.http import pyfetch

from game.strategy.tables import Table, load_table


async def fetch_table(preset: str) -> Table:
    """Download and decode ``assets/strategy/<preset>.bin`` (the service worker caches it)."""
    response = await pyfetch(f"./assets/strategy/{preset}.bin")
    if not response.ok:
        raise OSError(f"the strategy table for {preset} could not be loaded (HTTP {response.status})")
    return load_table(preset, await response.bytes())
