#!/usr/bin/env python3
"""A long evening of play in one tab (issue 40): does the page's memory stay flat?

    python3 bench/bench_evening.py [--games 50] [--every 5] [--phone] [--seed evening]

One tab on a profile on disk, as a player's browser: ``--games`` games of two players, Ann
(a person, played by clicks) and the Optimal computer (its turns hurried with Skip ahead).
On the way, as a player who leans on the coach: at each of Ann's turns the hint and the
coach's values table (with each choice's chance to win, a game of two); after every game
the review of that game; every tenth game Today's ten, answered to the end. Every
``--every`` games, after a garbage collection in Python and in V8, it prints:

- the renderer's resident memory (the page's process; /proc), the largest if there are several;
- V8's heap in use (the DevTools protocol's ``Runtime.getHeapUsage``);
- Pyodide's heap: the size of its WebAssembly memory (it only grows), and Python's live
  objects that the garbage collector tracks (``gc.get_objects()``);
- the DOM's live nodes (the DevTools protocol's ``Memory.getDOMCounters``): a page that
  keeps what it redraws shows here first.

The issue's goals: from game 5 on, each figure flat within 10 % (the largest reading at
most 1.10 × the one at game 5), no crash; ``--phone`` (Chromium's CPU 4× and Fast 4G,
390×844, as bench/bench_phone.py) with the renderer under 400 MB. Prints the verdict.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(ROOT))
from bench_page import ARGS, CHROMIUM, build, start_server  # noqa: E402
from phone_visits import DESKTOP, PHONE, Tab, open_tab, run_python  # noqa: E402

from tests.browser import board  # noqa: E402
from tests.browser.process_watch import chromium_processes  # noqa: E402

#: Page Python: collect, then report the heap (window.__evening, as JSON).
MEASURE_PY = """
import gc, json, js, pyodide_js
gc.collect()
js.window.__evening = json.dumps({"wasm_mb": pyodide_js._module.HEAP8.length / 2**20,
                                  "objects": len(gc.get_objects())})
"""
#: Skip ahead, if the computer's turn still offers it (it may end between a look and a click).
CLICK_SKIP_IF_SHOWN = "() => { const s = document.querySelector('#skip'); if (s) s.click(); return !!s; }"
GOAL_FLAT = 1.10
GOAL_PHONE_MB = 400


#: Ann (seat 0) to move, with Roll enabled (a computer's turn disables it).
ANN_TO_MOVE = """() => document.querySelector('#scorecard thead th.current')?.dataset.seat === '0'
  && !document.querySelector('#roll')?.disabled"""


def wait_for(page: Any, selector: str) -> None:
    """Wait until ``selector`` shows. Not ``page.wait_for_selector``: the element handle it
    returns keeps the element, and the detached tree around it once the page redraws, alive
    in the page until it is disposed; a benchmark of the page's memory must hold nothing."""
    page.locator(selector).first.wait_for(timeout=60_000)


def ann_to_move(page: Any) -> bool:
    return bool(page.evaluate(ANN_TO_MOVE))


def game_over(page: Any) -> bool:
    return page.locator("#status .result").count() > 0


def play_ann(page: Any) -> None:
    """One of Ann's turns: the hint and the values shown, two rolls, the best box shown."""
    if page.get_attribute("#hints", "aria-pressed") != "true":
        page.click("#hints")
    board.roll_button(page).click()
    if page.locator("#coach-values").get_attribute("aria-expanded") != "true":
        page.click("#coach-values")
    wait_for(page, ".coach-values td")
    board.roll_button(page).click()
    shown = board.previews(page)
    box = max(shown, key=lambda b: shown[b])
    page.click(f'#scorecard button[data-box="{box}"]')


def play_game(page: Any) -> None:
    board.new_game(page, ["Ann", "Optimal"], ["human", "optimal"])
    while not game_over(page):
        if ann_to_move(page):
            play_ann(page)
        elif not page.evaluate(CLICK_SKIP_IF_SHOWN):  # the computer's turn: hurried
            page.wait_for_timeout(50)
    board.close_end_dialogs(page)


def review(page: Any) -> None:
    page.click("#review-game")
    wait_for(page, "#review-body [data-total-loss]")
    page.click("#review-dialog [data-close]")


def todays_ten(page: Any) -> None:
    """Today's ten from the end of a game, answered to the end (practice after the first)."""
    page.click("#ten-open")
    wait_for(page, "#ten-body .ten-progress, #ten-body .ten-grid")
    if page.locator("#ten-again").count():
        page.click("#ten-again")
    for number in range(1, 11):
        page.wait_for_function("(n) => document.querySelector('#ten-body .ten-progress')?.textContent"
                               ".startsWith('Decision ' + n + ' ')", arg=number, timeout=60_000)
        page.click("#ten-roll" if page.locator("#ten-roll").count() else "#ten-dialog .ten-pad button[data-box]")
        page.click("#ten-next")
    wait_for(page, "#ten-body .ten-grid")
    page.evaluate("document.querySelector('#ten-dialog').close()")


def dom_counts(cdp: Any) -> dict[str, int]:
    """The DOM's live nodes, JavaScript event listeners and documents (after the collection)."""
    counters = cdp.send("Memory.getDOMCounters")
    return {"nodes": counters["nodes"], "listeners": counters["jsEventListeners"], "documents": counters["documents"]}


def measure(tab: Tab, cdp: Any, reading: int) -> dict[str, float]:
    run_python(tab, MEASURE_PY, f"__measured{reading}")
    heap = json.loads(tab.page.evaluate("window.__evening"))
    cdp.send("HeapProfiler.collectGarbage")
    used = cdp.send("Runtime.getHeapUsage")["usedSize"] / 2**20
    renderers = [mb for _, kind, mb in chromium_processes() if kind == "renderer"]
    return {"renderer_mb": max(renderers, default=0.0), "v8_mb": used, **heap, **dom_counts(cdp)}


def verdict(rows: list[tuple[int, dict[str, float]]], phone: bool, crashed: bool) -> list[str]:
    base = next((figures for games, figures in rows if games >= 5), None)
    lines = [f"crash: {'yes' if crashed else 'none'}"]
    if base is None:
        return lines
    for key in ("renderer_mb", "v8_mb", "wasm_mb", "objects"):
        worst = max(figures[key] for games, figures in rows if games >= 5) / base[key]
        lines.append(f"{key}: largest reading after game 5 = {worst:.3f} x game 5's "
                     f"({'met' if worst <= GOAL_FLAT else 'NOT met'}: <= {GOAL_FLAT})")
    if phone:
        peak = max(figures["renderer_mb"] for _, figures in rows)
        lines.append(f"renderer peak {peak:.0f} MB ({'met' if peak < GOAL_PHONE_MB else 'NOT met'}: "
                     f"< {GOAL_PHONE_MB} MB on the phone profile)")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--every", type=int, default=5)
    parser.add_argument("--phone", action="store_true", help="CPU 4x and Fast 4G, 390x844")
    args = parser.parse_args()
    profile = PHONE if args.phone else DESKTOP
    work = Path(tempfile.mkdtemp(prefix="bench-evening-"))
    site = work / "dist"
    build.build(site)
    server, url = start_server(site)
    rows: list[tuple[int, dict[str, float]]] = []
    crashed: list[str] = []
    start = time.monotonic()
    try:
        with sync_playwright() as pw:
            size = {"viewport": profile.viewport} if profile.viewport else {}
            context = pw.chromium.launch_persistent_context(
                work / "profile", executable_path=CHROMIUM, args=ARGS, **size)
            tab = open_tab(context, profile)
            page = tab.page
            page.on("crash", lambda _page: crashed.append(f"after {len(rows)} readings"))
            cdp = tab.cdp or context.new_cdp_session(page)
            page.goto(url)
            page.wait_for_selector("body[data-state=ready]", state="attached", timeout=300_000)
            print(f"{profile.name}: {args.games} games, a reading every {args.every}", flush=True)
            print(f"{'games':>5} {'renderer MB':>11} {'V8 MB':>7} {'wasm MB':>8} {'objects':>8} {'DOM nodes':>9} "
                  f"{'minutes':>7}",
                  flush=True)
            for game in range(args.games + 1):
                if game % args.every == 0:
                    figures = measure(tab, cdp, game)
                    rows.append((game, figures))
                    print(f"{game:5d} {figures['renderer_mb']:11.0f} {figures['v8_mb']:7.1f} "
                          f"{figures['wasm_mb']:8.1f} {figures['objects']:8.0f} {figures['nodes']:9.0f} "
                          f"{(time.monotonic() - start) / 60:7.1f}", flush=True)
                if game == args.games:
                    break
                play_game(page)
                review(page)
                if game % 10 == 9:
                    todays_ten(page)
            context.close()
    except Exception as error:  # a crash shows as a Playwright error: say so, with the readings so far
        print(f"stopped: {error}", flush=True)
    finally:
        server.terminate()
        server.wait()
        shutil.rmtree(work, ignore_errors=True)
    for line in verdict(rows, args.phone, bool(crashed)):
        print(line)


if __name__ == "__main__":
    main()
