#!/usr/bin/env python3
"""The first visit's two goals measured against each other: its bytes and its cold start.

    python3 bench/first_visit_tradeoff.py [--runs 8] [--throttled 3]

Issue 16 asks for a first visit of at most 3.8 MB (brotli-11) and a cold time to ready of
at most 0.45 of a bare Pyodide's, and says that the two pull against each other: a Python
memory snapshot on the first visit saves Python's start-up and costs megabytes. This
builds the site into a temporary directory as bench/bench_page.py does, and makes two
variants of that copy (never of the repository):

- **snapshot-first**: the first visit downloads the build's snapshot with the page's other
  files (started from assets/wasm-fetch.js, as early as the wasm) and starts Python from
  it. The site as built restores a snapshot only from the worker's cache, on later visits.
- **no-pyscript**: the page without PyScript: assets/boot.mjs starts Python as soon as it
  runs and imports the game itself. Not a way the product could go (PyScript is the
  platform the game is built on): a floor, to show how much of the gap is PyScript's.

Before the timed loads, one untimed load of every page checks that each variant is what it
says, and leaves each server with its files compressed, as a CDN keeps them.

Prints the brotli-11 size of what snapshot-first adds to the first visit; the median cold
time to ready of the game as built, of both variants and of the bare page (bench/bare.html,
Pyodide as published), each load in a fresh browser profile on disk, in an order that
turns round every run, with their ratios to the bare page; and first visits on a phone's
network (Chromium's throttling, 20 Mbit/s, 40 ms) of the game, snapshot-first and the
bare page.
"""

from __future__ import annotations

import argparse
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import brotli
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_page import build, player_profile, prepare_site, ready_time, start_server, throttled_ready_time  # noqa: E402

#: The loads compared: (name, site folder, page path).
LOADS = (("game", "dist", ""), ("snapshot-first", "snapshot-first", ""), ("no-pyscript", "no-pyscript", ""),
         ("bare", "dist", "bare.html"))
#: assets/boot.mjs's read of a snapshot the worker keeps, which snapshot-first replaces.
SAVED_SNAPSHOT = re.compile(r"const savedSnapshot = fromCacheStorage\(snapshotURL\)[^\n]*\n")
#: The last line of assets/wasm-fetch.js's block, after which snapshot-first starts its download.
WASM_FETCH_END = re.compile(r"^  globalThis\.diceWasm = .*\n", re.MULTILINE)
#: What no-pyscript takes out of index.html: PyScript's core and style sheet, its chunks'
#: preloads, the page's script.
PYSCRIPT_CORE = re.compile(r'  <script type="module" src="\./runtime/pyscript-[^"]+/core\.js"></script>\n')
PYSCRIPT_CSS = re.compile(r'  <link rel="stylesheet" href="\./runtime/pyscript-[^"]+/core\.css">\n')
PYSCRIPT_PRELOADS = re.compile(r'  <link rel="modulepreload" href="\./runtime/pyscript-[^"]+">\n')
PAGE_SCRIPT = re.compile(r'  <script type="py"[^<]*>import game\.main</script>\n')
#: The end of assets/boot.mjs, where no-pyscript starts the game itself.
BOOT_END = re.compile(r"\Z")


def edit(path: Path, pattern: re.Pattern[str], new: Callable[[str], str], count: int | None = 1) -> None:
    """Replace each match of ``pattern`` in the file with ``new(match)``; stop unless there
    are exactly ``count`` matches (None: at least one), as the file then changed shape."""
    edited, made = pattern.subn(lambda match: new(match[0]), path.read_text(encoding="utf-8"))
    if made == 0 or (count is not None and made != count):
        raise SystemExit(f"{path.name} changed shape: update bench/first_visit_tradeoff.py")
    path.write_text(edited, encoding="utf-8")


def snapshot_first(site: Path, target: Path) -> int:
    """A copy of ``site`` whose first visit starts Python from the snapshot; returns the
    snapshot's brotli-11 size, what this adds to the first visit."""
    shutil.copytree(site, target)
    snapshot = next((target / "py").glob("snapshot-*.bin"))
    fetch = f'  globalThis.diceSnapshot = fetch(new URL("./py/{snapshot.name}", document.baseURI));\n'
    edit(target / "assets" / "wasm-fetch.js", WASM_FETCH_END, lambda end: end + fetch)
    edit(target / "assets" / "boot.mjs", SAVED_SNAPSHOT,
         lambda _: "const savedSnapshot = globalThis.diceSnapshot.then((response) => response.arrayBuffer());\n")
    return len(brotli.compress(snapshot.read_bytes(), quality=11))


def no_pyscript(site: Path, target: Path) -> None:
    """A copy of ``site`` without PyScript: boot.mjs starts Python and imports the game."""
    shutil.copytree(site, target)
    page = target / "index.html"
    for pattern, count in ((PYSCRIPT_CORE, 1), (PYSCRIPT_CSS, 1), (PYSCRIPT_PRELOADS, None), (PAGE_SCRIPT, 1)):
        edit(page, pattern, lambda _: "", count)
    edit(target / "assets" / "boot.mjs", BOOT_END,
         lambda _: '\nloadPyodide().then((python) => python.runPython("import game.main"));\n')


#: What a check load reads of a page: how Python started, and whether PyScript was fetched.
PAGE_FACTS = """() => [document.documentElement.dataset.pythonStart ?? null,
  performance.getEntriesByType('resource').some((entry) => entry.name.includes('/runtime/pyscript-'))]"""


def check_loads(pw, root: Path, servers: dict[str, tuple[subprocess.Popen, str]]) -> None:
    """One untimed load of every page, so that each server has compressed its files once (a
    CDN keeps them compressed); stops unless each variant is what it says: snapshot-first
    starts from the snapshot, no-pyscript boots without fetching PyScript."""
    expected = {"game": ("fresh", True), "snapshot-first": ("snapshot", True), "no-pyscript": ("fresh", False)}
    for name, folder, path in LOADS:
        context = player_profile(pw, root)
        page = context.new_page()
        page.goto(servers[folder][1] + path)
        page.wait_for_selector('body[data-state="ready"]', state="attached", timeout=120_000)
        facts = tuple(page.evaluate(PAGE_FACTS))
        context.close()
        if name in expected and facts != expected[name]:
            raise SystemExit(f"{name}: Python started {facts[0]!r}, PyScript fetched: {facts[1]}; "
                             f"expected {expected[name]}: update bench/first_visit_tradeoff.py")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=8, help="cold loads of each page")
    parser.add_argument("--throttled", type=int, default=3, help="first visits on a phone's network, of three pages")
    args = parser.parse_args()

    root = Path(tempfile.mkdtemp(prefix="bench-tradeoff-"))
    servers: dict[str, tuple[subprocess.Popen, str]] = {}
    cold: dict[str, list[float]] = {name: [] for name, _, _ in LOADS}
    throttled: dict[str, list[float]] = {"game": [], "snapshot-first": [], "bare": []}
    try:
        build.build(root / "dist")
        prepare_site(root / "dist")
        snapshot_bytes = snapshot_first(root / "dist", root / "snapshot-first")
        no_pyscript(root / "dist", root / "no-pyscript")
        for folder in sorted({folder for _, folder, _ in LOADS}):
            servers[folder] = start_server(root / folder)
        with sync_playwright() as pw:
            check_loads(pw, root, servers)
            for run in range(args.runs):
                for name, folder, path in LOADS if run % 2 == 0 else LOADS[::-1]:
                    context = player_profile(pw, root)
                    cold[name].append(ready_time(context, servers[folder][1] + path)[0])
                    context.close()
            for run in range(args.throttled):
                for name, folder, path in LOADS if run % 2 == 0 else LOADS[::-1]:
                    if name in throttled:
                        context = player_profile(pw, root)
                        throttled[name].append(throttled_ready_time(context, servers[folder][1] + path))
                        context.close()
    finally:
        for server, _ in servers.values():
            server.terminate()
            server.wait()
        shutil.rmtree(root, ignore_errors=True)

    med = statistics.median
    print(f"snapshot-first adds the snapshot to the first visit: {snapshot_bytes / 1000:.0f} KB brotli-11 "
          f"(the site's budget for the whole first visit: 3,800 KB)")
    bare = med(cold["bare"])
    for name, times in cold.items():
        print(f"cold, median of {len(times)}: {name} {med(times):.0f} ms, ÷ bare {med(times) / bare:.3f} "
              f"(target <= 0.45); fastest {min(times):.0f}, slowest {max(times):.0f} ms")
    if throttled["game"]:
        bare = med(throttled["bare"])
        print("throttled first visit (20 Mbit/s, 40 ms), medians: " + ", ".join(
            f"{name} {med(times):.0f} ms ({med(times) / bare:.3f} of bare)" for name, times in throttled.items()))


if __name__ == "__main__":
    main()
