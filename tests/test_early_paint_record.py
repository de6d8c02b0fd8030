"""What the game keeps for the next visit's first paint (game.web.early_paint), with fakes
for the page: the regions as drawn, matched to the deployment, the language and the game."""

from __future__ import annotations

import json
import subprocess
import sys
import types
from collections.abc import Iterator
from typing import Any

import pytest

from game.core import language
from game.records.game_slot import GAME_KEY
from game.screens.regions import REGIONS


@pytest.fixture(scope="module")
def early_paint() -> Iterator[types.ModuleType]:
    """game.web.early_paint, imported in CPython with Pyodide's ffi stubbed (the web layer's
    only browser import here), and forgotten after, with the stub."""
    ffi = types.ModuleType("pyodide.ffi")
    ffi.jsnull = object()  # type: ignore[attr-defined]
    ffi.create_once_callable = lambda function, **_: function  # type: ignore[attr-defined]
    saved = {name: sys.modules.get(name) for name in ("pyodide", "pyodide.ffi")}
    sys.modules["pyodide"], sys.modules["pyodide.ffi"] = types.ModuleType("pyodide"), ffi
    import game.web.early_paint as module

    yield module
    for name in [n for n in sys.modules if n.startswith("game.web")]:
        del sys.modules[name]
    for name, value in saved.items():
        if value is None:
            sys.modules.pop(name, None)
        else:
            sys.modules[name] = value


class FakeElement:
    def __init__(self, html: str = "", hidden: bool = False, content: str = "") -> None:
        self.innerHTML, self.hidden, self.content = html, hidden, content

    def getAttribute(self, name: str) -> str:  # noqa: N802 (the DOM's name)
        return self.content


class FakeDocument:
    def __init__(self, build: str) -> None:
        self.elements = {region: FakeElement(f"<b>{region}</b>") for region in REGIONS}
        self.elements["rolloff"].hidden = True
        self.meta = FakeElement(content=build) if build else None

    def querySelector(self, selector: str) -> Any:  # noqa: N802
        return self.meta

    def getElementById(self, element_id: str) -> FakeElement:  # noqa: N802
        return self.elements[element_id]


class FakeStorage(dict[str, str]):
    def getItem(self, key: str) -> str | None:  # noqa: N802
        return self.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        self[key] = value

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.pop(key, None)


class FakeWindow:
    def __init__(self) -> None:
        self.localStorage = FakeStorage()
        self.later: list[Any] = []

    def setTimeout(self, callback: Any, delay: int) -> None:  # noqa: N802
        self.later.append(callback)

    def queueMicrotask(self, callback: Any) -> None:  # noqa: N802
        self.later.append(callback)

    def addEventListener(self, name: str, listener: Any) -> None:  # noqa: N802
        self.listeners = {**getattr(self, "listeners", {}), name: listener}

    def run_later(self) -> None:
        while self.later:
            self.later.pop(0)()


def test_the_board_is_kept_once_idle_with_what_it_must_match(early_paint: types.ModuleType) -> None:
    window, over = FakeWindow(), [False]
    window.localStorage.setItem(GAME_KEY, '{"id": "g1"}')
    paint = early_paint.EarlyPaint(FakeDocument("stamp1"), window, lambda: over[0])
    paint.drawn()
    paint.drawn()  # a burst of changes: one write
    assert len(window.later) == 1 and early_paint.PAINT_KEY not in window.localStorage
    window.run_later()
    record = json.loads(window.localStorage[early_paint.PAINT_KEY])
    game = early_paint.checksum('{"id": "g1"}')
    assert record == {"v": 1, "build": "stamp1", "lang": language.current(), "game": game,
                      "regions": {region: "" if region == "rolloff" else f"<b>{region}</b>" for region in REGIONS}}
    over[0] = True  # the game ended: the next visit starts a new one, so nothing is kept
    paint.drawn()
    window.run_later()
    assert early_paint.PAINT_KEY not in window.localStorage


def test_a_page_closed_before_idle_keeps_its_board(early_paint: types.ModuleType) -> None:
    window = FakeWindow()
    window.localStorage.setItem(GAME_KEY, "{}")
    paint = early_paint.EarlyPaint(FakeDocument("s"), window, lambda: False)
    paint.drawn()
    window.later.pop(0)()  # the end of the task: the saved game taken
    window.listeners["pagehide"]()  # before the idle callback
    assert early_paint.PAINT_KEY in window.localStorage and not paint.pending
    window.localStorage.setItem(early_paint.PAINT_KEY, "written since")
    window.run_later()  # the idle callback, when it comes, finds nothing left to write
    assert window.localStorage[early_paint.PAINT_KEY] == "written since"


def test_nothing_is_kept_without_a_stamp_or_a_saved_game(early_paint: types.ModuleType) -> None:
    window = FakeWindow()
    early_paint.EarlyPaint(FakeDocument(""), window, lambda: False).drawn()
    assert not window.later  # a page the build did not stamp (never in a build)
    paint = early_paint.EarlyPaint(FakeDocument("s"), window, lambda: False)
    paint.drawn()
    window.run_later()
    assert early_paint.PAINT_KEY not in window.localStorage


def test_the_page_and_python_compute_the_same_checksum(early_paint: types.ModuleType) -> None:
    texts = ["", "yahtzee", '{"names": ["Zoë", "李", "🎲 Ann"]}', "x" * 5000]
    script = ("function h(t){let v=2166136261;for(const c of t){v=Math.imul(v^c.codePointAt(0),16777619)>>>0;}"
              "return v>>>0;} console.log(JSON.stringify(JSON.parse(process.argv[1]).map(h)))")
    source = open("assets/paint.js", encoding="utf-8").read()
    assert "Math.imul(value ^ char.codePointAt(0), 16777619) >>> 0" in source  # the same function as below
    node = subprocess.run(["node", "-e", script, json.dumps(texts)], capture_output=True, text=True, check=True)
    assert json.loads(node.stdout) == [early_paint.checksum(text) for text in texts]
