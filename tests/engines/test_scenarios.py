"""The same scenarios in Firefox ESR and WebKitGTK (each test runs once per engine):
boot, a full solo game by clicks, holds kept, a reload mid-turn, an offline reload through
the service worker. The ``game`` fixture fails each on any recorded error or CSP violation.
"""

from __future__ import annotations

import urllib.error
import urllib.request
from pathlib import Path

import pytest

from game import rules
from tests.engines import play
from tests.engines.conftest import EnginePage
from tests.engines.drivers import EngineDriver
from tests.support import load_tool

service_worker = load_tool("service_worker")

# The service worker controls the page and its precache holds exactly what sw.js lists, at
# Workbox's cache keys (as tests/browser/pages.py's wait_for_offline_ready checks in Chromium).
PRECACHED_JS = """async (name, expected) => {
  if (!navigator.serviceWorker.controller) return false;
  if (!(await caches.has(name))) return false;
  const urls = (await (await caches.open(name)).keys()).map((r) => r.url).sort();
  return JSON.stringify(urls) === JSON.stringify(expected);
}"""


def test_boot(game: EnginePage) -> None:
    state = play.board(game)
    assert state["dice"] == [0] * 5 and state["held"] == [False] * 5
    assert state["roll"].startswith("Roll") and state["seat"] == 0
    assert state["previews"] == {} and state["filled"] == {}
    # Before the first roll every box is a disabled button with no preview.
    boxes = game.evaluate("() => [...document.querySelectorAll('#scorecard button[data-box]')]"
                          ".map((b) => [b.dataset.box, b.disabled])")
    assert boxes == [[box, True] for box in rules.BOXES]
    assert game.evaluate("() => document.title").startswith("Dice Pad")


def test_full_solo_game(game: EnginePage, engine: EngineDriver) -> None:
    for turn in range(13):
        play.play_turn(game, holds=(1, 3) if turn % 2 else ())
    totals = play.check_totals(game, 0)
    state = play.board(game)
    assert state["result"] and state["result"].startswith("Game over: Player 1 scored"), state["result"]
    assert str(totals.grand_total) in state["result"]
    assert len(play.filled(state, 0)) == 13
    # The first game on a fresh origin is a high score: the name prompt is open.
    assert state["nameDialog"]
    play.screenshot(game, engine, f"engine-{engine.name}-game-over")
    play.close_end_dialogs(game)
    play.screenshot(game, engine, f"engine-{engine.name}-final-card")


def test_holds_are_kept_across_a_roll(game: EnginePage) -> None:
    game.click("#roll")
    first = play.board(game)
    for i in (0, 2, 4):
        game.click(play.die(i))
    assert play.board(game)["held"] == [True, False, True, False, True]
    assert game.evaluate("() => [...document.querySelectorAll('#dice [data-die]')]"
                         ".map((e) => e.getAttribute('aria-pressed'))") == ["true", "false", "true", "false", "true"]
    game.click("#roll")
    second = play.board(game)
    assert [second["dice"][i] for i in (0, 2, 4)] == [first["dice"][i] for i in (0, 2, 4)]
    assert second["held"] == [True, False, True, False, True]
    assert second["roll"] == "Roll (1 left)"
    # Released, a die rolls again; the others stay held.
    game.click(play.die(2))
    game.click("#roll")
    third = play.board(game)
    assert third["held"] == [True, False, False, False, True]
    assert [third["dice"][i] for i in (0, 4)] == [first["dice"][i] for i in (0, 4)]


def mid_turn(game: EnginePage, turns: int) -> tuple:
    """``turns`` turns scored, then a turn at its second roll with dice 1, 3 and 5 held."""
    for _ in range(turns):
        play.play_turn(game, holds=(2,))
    game.click("#roll")
    game.click(play.die(0))
    game.click(play.die(4))
    game.click("#roll")
    game.click(play.die(2))
    state = play.snapshot(game)
    assert state[1] == (True, False, True, False, True) and state[2] == "Roll (1 left)", state
    return state


def test_reload_mid_turn_restores_dice_holds_and_rolls(game: EnginePage) -> None:
    before = mid_turn(game, turns=3)
    game.reload()
    assert play.snapshot(game) == before


def test_offline_reload_boots_from_the_service_worker(game: EnginePage, site_dir: Path) -> None:
    sw_js = (site_dir / service_worker.SW_NAME).read_text(encoding="utf-8")
    origin = game.url.rstrip("/")
    name = service_worker.cache_names(sw_js, f"{origin}/")[0]
    expected = sorted(f"{origin}/{service_worker.cache_key(e)}" for e in service_worker.read_manifest(sw_js))
    game.wait_for(PRECACHED_JS, name, expected, what=f"the service worker's precache {name}")
    before = mid_turn(game, turns=1)

    game.stop_server()
    with pytest.raises((urllib.error.URLError, ConnectionError)):
        urllib.request.urlopen(game.url, timeout=2)
    game.reload()
    assert play.snapshot(game) == before
    assert game.evaluate("() => navigator.serviceWorker.controller !== null")
    # The game plays on with no server: score this turn and roll the next.
    state = play.board(game)
    box = next(iter(state["previews"]))
    game.click(f'#scorecard button[data-box="{box}"]')
    assert len(play.filled(play.board(game), 0)) == 2
    game.click("#roll")
    assert all(play.board(game)["dice"])
