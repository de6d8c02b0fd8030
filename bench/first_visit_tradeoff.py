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
import sys
import tempfile
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


def edit(path: Path, pattern: str | re.Pattern[str], new: str) -> None:
    """Replace the one match of ``pattern`` in the file, or stop: the file changed shape."""
    text = path.read_text(encoding="utf-8")
    found = re.findall(pattern, text) if isinstance(pattern, re.Pattern) else [pattern] * text.count(pattern)
    if len(found) != 1:
        raise SystemExit(f"{path.name} changed shape: update bench/first_visit_tradeoff.py")
    path.write_text(re.sub(pattern, lambda _: new, text) if isinstance(pattern, re.Pattern)
                    else text.replace(pattern, new), encoding="utf-8")


def snapshot_first(site: Path, target: Path) -> int:
    """A copy of ``site`` whose first visit starts Python from the snapshot; returns the
    snapshot's brotli-11 size, what this adds to the first visit."""
    shutil.copytree(site, target)
    snapshot = next((target / "py").glob("snapshot-*.bin"))
    wasm_fetch = target / "assets" / "wasm-fetch.js"
    end = WASM_FETCH_END.search(wasm_fetch.read_text(encoding="utf-8"))
    edit(wasm_fetch, WASM_FETCH_END, (end[0] if end else "")
         + f'  globalThis.diceSnapshot = fetch(new URL("./py/{snapshot.name}", document.baseURI));\n')
    edit(target / "assets" / "boot.mjs", SAVED_SNAPSHOT,
         "const savedSnapshot = globalThis.diceSnapshot.then((response) => response.arrayBuffer());\n")
    return len(brotli.compress(snapshot.read_bytes(), quality=11))


def no_pyscript(site: Path, target: Path) -> None:
    """A copy of ``site`` without PyScript: boot.mjs starts Python and imports the game."""
    shutil.copytree(site, target)
    page = target / "index.html"
    edit(page, re.compile(r'  <script type="module" src="\./runtime/pyscript-[^"]+/core\.js"></script>\n'), "")
    edit(page, re.compile(r'  <script type="py"[^<]*>import game\.main</script>\n'), "")
    html = page.read_text(encoding="utf-8")
    page.write_text(re.sub(r'  <link rel="modulepreload" href="\./runtime/pyscript-[^"]+">\n', "", html),
                    encoding="utf-8")
    boot = target / "assets" / "boot.mjs"
    boot.write_text(boot.read_text(encoding="utf-8")
                    + '\nloadPyodide().then((python) => python.runPython("import game.main"));\n', encoding="utf-8")


def check_snapshot_first(pw, root: Path, url: str) -> None:
    """Stop unless the snapshot-first page does start from the snapshot (a load before the
    timed ones, which also leaves the server's compressed copy of the snapshot ready)."""
    context = player_profile(pw, root)
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector('body[data-state="ready"]', state="attached", timeout=120_000)
    start = page.evaluate("document.documentElement.dataset.pythonStart")
    context.close()
    if start != "snapshot":
        raise SystemExit(f"snapshot-first started Python {start!r}: update bench/first_visit_tradeoff.py")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=8, help="cold loads of each page")
    parser.add_argument("--throttled", type=int, default=3, help="first visits on a phone's network, of three pages")
    args = parser.parse_args()

    root = Path(tempfile.mkdtemp(prefix="bench-tradeoff-"))
    build.build(root / "dist")
    prepare_site(root / "dist")
    snapshot_bytes = snapshot_first(root / "dist", root / "snapshot-first")
    no_pyscript(root / "dist", root / "no-pyscript")
    servers = {folder: start_server(root / folder) for folder in {folder for _, folder, _ in LOADS}}
    cold: dict[str, list[float]] = {name: [] for name, _, _ in LOADS}
    throttled: dict[str, list[float]] = {"game": [], "snapshot-first": [], "bare": []}
    with sync_playwright() as pw:
        check_snapshot_first(pw, root, servers["snapshot-first"][1])
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
