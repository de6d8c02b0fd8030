"""The features loaded on first use (py/later-<hash>.zip, game/web/later.py), in the page.

A first visit never downloads the later archive before the game is ready
(tests/browser/test_first_visit.py counts what it does download); a feature that awaits
``game.web.later.ensure()`` gets it and imports from it. Today's ten is such a feature,
and the page's Python gives every pinned date the same ten as CPython
(tests/test_daily_puzzle.py pins their digests; issue 32 asks for 30 dates).
"""

from __future__ import annotations

import json

import pytest

from tests.browser.pages import SitePage
from tests.test_daily_puzzle import PINNED

pytestmark = pytest.mark.browser

#: Page Python: await the later archive and the official table, then every date's digest,
#: into window.__later (a task of its own: SitePage.run_python runs synchronous code).
DIGESTS_PY = """
import asyncio, json, sys, js

async def later(dates):
    try:
        before = "game.daily.puzzle" in sys.modules
        from game.web.later import ensure
        await ensure()
        await ensure()  # a second call finds it there
        from game.web.strategy_loader import fetch_table
        from game.daily.puzzle import todays_ten
        table = await fetch_table("official")
        digests = {date: todays_ten(date, table).digest for date in dates}
        archive = sys.modules["game.daily.puzzle"].__file__
        js.window.__later = json.dumps({"before": before, "digests": digests, "archive": archive})
    except BaseException as error:
        js.window.__later = json.dumps({"error": repr(error)})

asyncio.ensure_future(later(DATES))
"""


def test_the_page_loads_later_zip_on_first_use_and_agrees_with_cpython(site: SitePage) -> None:
    archives = [r.url for r in site.responses if "/py/later-" in r.url]
    assert not archives, "the later archive was downloaded before anything asked for it"
    site.run_python(DIGESTS_PY.replace("DATES", json.dumps(sorted(PINNED))))
    found = json.loads(site.page.wait_for_function("window.__later", timeout=120_000).json_value())
    assert "error" not in found, found
    assert not found["before"], "a module of the later archive was imported before it was fetched"
    assert "/later-" in found["archive"] and ".zip/" in found["archive"], found["archive"]
    assert found["digests"] == PINNED
    assert len([r.url for r in site.responses if "/py/later-" in r.url]) == 1
