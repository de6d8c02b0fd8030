"""Visits as a player's browser makes them, for bench/bench_phone.py: a profile on disk, the
phone profile set through the DevTools protocol, first and returning visits, clicks.

Not a script: bench/bench_phone.py runs it. Kept apart so that each file stays readable
(and under 300 lines); bench/trace_returning.py reuses the profiles and the visits, and
bench/return_visits.py makes a round's returning visits (a warm tab, a cold browser) of them.
"""

from __future__ import annotations

import statistics
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench_page import ARGS, CHROMIUM, CODE_CACHE_WAIT, build, snapshot_url

#: DevTools' "Fast 4G", as the issue measures a phone.
FAST_4G = {"offline": False, "latency": 60, "downloadThroughput": 9e6 / 8, "uploadThroughput": 1.5e6 / 8}
#: The download rate the transfer time is computed at: Fast 4G's, in bits per second.
FAST_4G_BITS = 9e6
CPU_SLOWDOWN = 4
#: The seed of the game kept for the returning visit (any fixed one: the same board each round).
SEED = "phone"
#: When the board is first painted early, and when the game is ready, on the page's clock.
PROBE = """
window.__waking = null; window.__ready = null;
new MutationObserver(() => {
  const state = document.body && document.body.dataset.state;
  if (state === 'waking' && window.__waking === null) window.__waking = performance.now();
  if (state === 'ready' && window.__ready === null) window.__ready = performance.now();
}).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-state']});
"""
#: Page script that runs Python in the page (a <script type="py"> shares the game's
#: interpreter) and sets window[key] when it is done: the page has no other hook.
#: On a first visit: when the card's rows first reach the DOM, and the start of the frame that
#: renders them (a requestAnimationFrame after the insertion): the board's first paint.
ROWS_PROBE = """
window.__rows = null; window.__rowsFrame = null;
new MutationObserver((_, observer) => {
  if (document.querySelector('#scorecard tr, #scorecard [data-box]') === null) return;
  observer.disconnect(); window.__rows = performance.now();
  requestAnimationFrame(() => { window.__rowsFrame = performance.now(); });
}).observe(document, {childList: true, subtree: true});
"""
#: The paint entries (first-paint, first-contentful-paint) and the rows' moments, once ready.
FIRST_PAINTS = """() => Object.assign({rows: window.__rows, 'rows frame': window.__rowsFrame},
  Object.fromEntries(performance.getEntriesByType('paint').map((p) => [p.name, p.startTime])))"""
RUN_PY = """([source, key]) => { const s = document.createElement('script'); s.type = 'py';
  s.textContent = source + '\\nimport js\\nsetattr(js.window, ' + JSON.stringify(key) + ', True)';
  document.body.append(s); }"""


@dataclass(frozen=True)
class Profile:
    """One of the two browsers the issue measures."""

    name: str
    throttled: bool
    viewport: dict[str, int] | None  # None: Playwright's default (1280×720)


PHONE = Profile("phone", True, {"width": 390, "height": 844})
DESKTOP = Profile("desktop", False, None)
#: How play_clicks presses: "click", Playwright's locator.click (the figures of
#: docs/performance.md), whose hit-target check runs listeners and a layout in the page within
#: the span measured; "tap", a touch start and end through the DevTools protocol, on a touch
#: screen: Chromium then makes the click from the gesture, after the touch's end has been
#: handled, and that wait is in the span too (docs/performance.md, "A tap instead of a click").
INPUTS = ("click", "tap")
#: Between two taps (ms): a finger's pace, and the last tap's idle work (the early board kept) done.
TAP_PAUSE = 150


@dataclass
class Tab:
    """A page and the DevTools session that throttles it: the session is kept referenced for
    as long as the page is used, since the emulation is the session's."""

    page: Any
    cdp: Any = None


def launch(pw: Any, root: Path, profile: Profile, touch: bool = False, directory: Path | None = None) -> Any:
    """A browser with a profile of its own on disk, as a player's is: the private contexts
    of browser.new_context() keep no code cache (docs/performance.md). An empty page is up
    before the timed load, so the browser's own start-up is out of it. ``directory``: the
    profile's folder (a relaunch on the same profile), else a new one under ``root``."""
    size = {"viewport": profile.viewport} if profile.viewport else {}
    folder = directory or tempfile.mkdtemp(prefix=f"{profile.name}-", dir=root)
    context = pw.chromium.launch_persistent_context(
        folder, executable_path=CHROMIUM, args=ARGS, has_touch=touch, **size)
    (context.pages[0] if context.pages else context.new_page()).goto("about:blank")
    return context


def open_tab(context: Any, profile: Profile, scripts: tuple[str, ...] = ()) -> Tab:
    """A new tab, throttled (if the profile is) before it navigates anywhere."""
    page = context.new_page()
    cdp = None
    if profile.throttled:
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", FAST_4G)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    for script in (PROBE, *scripts):
        page.add_init_script(script)
    return Tab(page, cdp)


def warm_server(site: Path, url: str) -> None:
    """Ask for every file of the site once, untimed, as Chromium would (brotli): the server
    compresses each body at its first request and keeps it (tools/compression.py), as a
    CDN does; otherwise the first round's first visits would wait for the compression of
    10 MB and the later ones not."""
    for path in sorted(p for p in site.rglob("*") if p.is_file()):
        request = urllib.request.Request(url + path.relative_to(site).as_posix(),
                                         headers={"Accept-Encoding": "gzip, deflate, br, zstd"})
        with urllib.request.urlopen(request) as response:
            response.read()


@contextmanager
def served_site(root: Path, site: Path | None = None) -> Iterator[tuple[Path, str, Any]]:
    """A built site (``site``, or one built under ``root``) served by tools/serve.py in this
    process, every file asked for once (:func:`warm_server`): (site, its URL, the server,
    whose log says what it sent). The server stops on leaving."""
    import serve  # tools/, which bench_page has put on the path

    if site is None:
        site = root / "dist"
        build.build(site)
    server, url = serve.start_server(site, port=0)
    try:
        warm_server(site, url)
        yield site, url, server
    finally:
        server.shutdown()


def wait_ready(tab: Tab, server: Any) -> tuple[float, int]:
    """Wait for ``<body data-state="ready">``; return its time on the page's clock and the
    bytes the server sent before it (its log, on this process's clock: the page's clock is
    read between two readings of ours, and the middle taken)."""
    tab.page.wait_for_function("window.__ready !== null", timeout=300_000, polling=50)
    before = time.monotonic()
    ready, now = tab.page.evaluate("[window.__ready, performance.now()]")
    ready_at = (before + time.monotonic()) / 2 - (now - ready) / 1000
    return ready, sum(s.body_bytes for s in server.log if s.at <= ready_at)


def run_python(tab: Tab, source: str, key: str, timeout: float = 120.0) -> None:
    tab.page.evaluate(RUN_PY, [source, key])
    tab.page.wait_for_function(f"window[{key!r}] === true", timeout=timeout * 1000)


def settle_first_visit(context: Any, site: Path, url: str, server: Any,
                       profile: Profile) -> tuple[float, int, dict[str, float]]:
    """A first visit of the game, timed to ready (and the bytes sent before it, and its
    paints: FIRST_PAINTS); then a game
    started and a die rolled, the page left open until the worker holds the site and the
    Python snapshot (as a player's idle page asks for it), the early board is kept and the
    wasm's code cache written: the next tab of ``context`` is a returning player's."""
    server.log.clear()
    first = open_tab(context, profile, (ROWS_PROBE,))
    first.page.goto(url)
    ready, sent = wait_ready(first, server)
    paints = {k: float("nan") if v is None else v for k, v in first.page.evaluate(FIRST_PAINTS).items()}
    run_python(first, "from game.main import app\nfrom game.core.players import Player\n"
               f"app.start([Player('Ann'), Player('Ben')], seed={SEED!r})\napp.roll()", "__kept")
    first.page.wait_for_function("localStorage.getItem('yahtzee:paint') !== null", timeout=60_000)
    first.page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
    snapshot = snapshot_url(site, url)
    first.page.evaluate("(u) => navigator.serviceWorker.controller.postMessage({type: 'KEEP_SNAPSHOT', url: u})",
                        snapshot)
    first.page.wait_for_function("async (u) => !!(await caches.match(u))", arg=snapshot, timeout=120_000)
    # And the official table, which assets/boot.mjs asks for at the same idle moment: every
    # returning visit alike, whether or not its first tab stayed open that long.
    table = url + "assets/strategy/official.bin"
    first.page.evaluate("(u) => navigator.serviceWorker.controller.postMessage({type: 'KEEP_TABLE', url: u})", table)
    first.page.wait_for_function("async (u) => !!(await caches.match(u))", arg=table, timeout=120_000)
    first.page.wait_for_timeout(CODE_CACHE_WAIT * 1000)
    first.page.close()
    return ready, sent, paints


def bare_visit(pw: Any, root: Path, url: str, server: Any, profile: Profile) -> dict[str, Any]:
    """A first visit of the bare page (bench/bare.html: Pyodide as published), in a fresh profile."""
    context = launch(pw, root, profile)
    try:
        server.log.clear()
        tab = open_tab(context, profile)
        tab.page.goto(url + "bare.html")
        ready, sent = wait_ready(tab, server)
        return {"first": ready, "sent": sent}
    finally:
        context.close()


def play_clicks(tab: Tab, turns: int, how: str = "click") -> list[tuple[str, float]]:
    """``turns`` turns of solo games played by clicks (three rolls, then the first box the
    card offers), a new game every 13; the latency of each roll and box, as
    bench/bench_page.py's CLICK_PROBE measures it: from the click event's timestamp to a
    forced style and layout in a listener that runs after the game's own. ``how``: one of
    INPUTS (a tap needs a browser launched with ``touch``)."""
    page = tab.page
    press = (lambda selector: tap(page, selector)) if how == "tap" else page.click
    for turn in range(turns):
        if turn % 13 == 0:  # a new solo game, from Python: the same board whatever came before
            close_end_dialogs(page)
            run_python(tab, "from game.main import app\nfrom game.core.players import Player\n"
                       f"app.start([Player('Ann')], seed='clicks{turn}')", f"__game{turn}")
        for _ in range(3):
            press("#roll")
        press("#scorecard button[data-preview]")
    close_end_dialogs(page)
    return [(kind, ms) for kind, ms in page.evaluate("window.__clicks")]


def tap(page: Any, selector: str) -> None:
    """A finger's tap at the middle of ``selector``'s first element: a touch start and end
    (Chromium makes the click of them), with none of Playwright's checks in the page; then
    wait until the probe has measured the click (a tap that made none fails here), and a
    finger's pause."""
    target = page.locator(selector).first
    target.scroll_into_view_if_needed()
    box = target.bounding_box()
    count = page.evaluate("window.__clicks.length")
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_function("(n) => window.__clicks.length > n", arg=count, timeout=10_000)
    page.wait_for_timeout(TAP_PAUSE)


def close_end_dialogs(page: Any) -> None:
    """The high-score prompt and table a finished game opens (tests/browser/board.py)."""
    while page.locator("#name-dialog").is_visible():
        page.click("#name-form button[type=submit]")
    if page.locator("#scores-dialog").is_visible():
        page.click("#scores-dialog [data-close]")


def percentile(values: list[float], q: float) -> float:
    """The nearest-rank percentile (as bench/bench_page.py reports clicks); NaN for none."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def median(values: list[float]) -> float:
    present = [v for v in values if v == v]  # NaN (no early board) is left out
    return statistics.median(present) if present else float("nan")
