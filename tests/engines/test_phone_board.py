"""The whole turn on one phone screen in Firefox and WebKit too (docs/board.md).

The same probe as tests/browser/test_layout.py (tests/browser/layout.py): after the first
roll of a two-player game, five dice, Roll and the 13 boxes are whole and uncovered in
the viewport, at their touch sizes, on an upright phone and on one on its side.
"""

from __future__ import annotations

from tests.browser.layout import PROBE_JS, View
from tests.engines.conftest import EnginePage
from tests.engines.drivers import NEXT_FRAME_JS, EngineDriver

SIZES = [(390, 844), (844, 390)]
SETUP_CLOSED_JS = "() => !document.querySelector('#setup').open"
TWO_PLAYERS_JS = """() => {
  const count = document.querySelector('#player-count');
  count.value = '2';
  count.dispatchEvent(new Event('change', { bubbles: true }));
  return [...document.querySelectorAll('#player-rows li')].filter((row) => !row.hidden).length;
}"""


def test_the_whole_turn_fits_a_phone(game: EnginePage, engine: EngineDriver) -> None:
    engine.resize(*SIZES[0])
    game.evaluate(NEXT_FRAME_JS)
    game.click("#menu-toggle")  # the menu is folded on a phone
    game.click("#new-game")
    assert game.evaluate(TWO_PLAYERS_JS) == 2
    game.click("#setup-start")
    game.wait_for(SETUP_CLOSED_JS, what="the New game dialog to close")
    game.click("#roll")
    failures = []
    for width, height in SIZES:
        engine.resize(width, height)
        game.evaluate(NEXT_FRAME_JS)
        view = View(game.evaluate(PROBE_JS))
        raw = view.raw
        assert raw["width"] == width, f"{engine.name}: the viewport is {raw['width']} px wide, not {width}"
        where = f"{engine.name} {width}×{height}"
        if not view.all_in_view:
            failures.append(f"{where}: not in view: {', '.join(view.missing())}")
        sizes = [*raw["diceSizes"], raw["rollSize"]]
        if min(min(w, h) for w, h in sizes) < 44 or min(min(w, h) for w, h in raw["boxSizes"]) < 32:
            failures.append(f"{where}: below the touch sizes: {sizes} {raw['boxSizes']}")
        if raw["scrollWidth"] > width:
            failures.append(f"{where}: the page is {raw['scrollWidth']} px wide")
    assert not failures, "\n".join(failures)
