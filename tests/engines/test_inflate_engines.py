"""The spread table's inflation by the browser (game/web/inflate.py) in Firefox ESR and
WebKitGTK: the same bytes as Python's zlib, damage refused, nothing left unhandled (the
``game`` fixture fails on any recorded error). An engine without DecompressionStream
inflates in Python instead: then every case says so."""

from __future__ import annotations

import json

from tests.browser.test_inflate import CASES
from tests.engines.conftest import EnginePage

ADD_SCRIPT = "(src) => { const s = document.createElement('script'); s.type = 'py'; s.textContent = src; " \
             "document.body.append(s); return true; }"


def test_the_browser_inflates_as_zlib_does_and_refuses_damage(game: EnginePage) -> None:
    game.evaluate(ADD_SCRIPT, CASES)
    out = json.loads(game.wait_for("() => window.__inflated", what="the inflated cases"))
    if out["whole"] == "no DecompressionStream":
        assert set(out.values()) == {"no DecompressionStream"}
        return
    assert out["whole"] == "same"
    for name in ("flipped", "cut", "shorter than said", "longer than said"):
        assert out[name].startswith("refused: the test data is damaged ("), (name, out[name])
