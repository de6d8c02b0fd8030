"""The spread table inflated by the browser (game/web/inflate.py): the same bytes as Python's
zlib, and damaged data refused as zlib refuses it, with nothing left unhandled in the page."""

from __future__ import annotations

import json

import pytest

from tests.browser.pages import check_page

pytestmark = pytest.mark.browser

CASES = """
import asyncio, json, zlib
import js
from game.web import later

async def cases():
    await later.ensure()  # the strategy's code (its TableError) and the inflate travel in later.zip
    from game.strategy.tables import TableError
    from game.web.inflate import inflate
    plain = bytes((i * 7919) % 251 for i in range(300_000))  # several chunks in and out
    packed = zlib.compress(plain, 9)
    flipped = bytearray(packed)
    flipped[len(packed) // 2] ^= 0x40
    out = {}
    for name, data, size in [("whole", packed, len(plain)), ("flipped", bytes(flipped), len(plain)),
                             ("cut", packed[:-9], len(plain)), ("shorter than said", packed, len(plain) + 1),
                             ("longer than said", packed, len(plain) - 1)]:
        try:
            got = await inflate(data, size, "test data")
            out[name] = "no DecompressionStream" if got is None else "same" if got == plain else "differs"
        except TableError as error:
            out[name] = "refused: " + str(error)
    js.window.__inflated = json.dumps(out)

asyncio.ensure_future(cases())
result = None
"""


def test_the_browser_inflates_as_zlib_does_and_refuses_damage(fresh_site) -> None:
    fresh_site.run_python(CASES)
    fresh_site.page.wait_for_function("window.__inflated", timeout=30_000)
    out = json.loads(fresh_site.page.evaluate("window.__inflated"))
    assert out["whole"] == "same"
    for name in ("flipped", "cut", "shorter than said", "longer than said"):
        assert out[name].startswith("refused: the test data is damaged ("), (name, out[name])
    check_page(fresh_site)
