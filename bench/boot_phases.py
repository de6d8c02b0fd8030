#!/usr/bin/env python3
"""Where the start-up time goes: the median moment of each boot phase, game and bare pages.

    python3 bench/boot_phases.py [--runs 9]

Builds the site into a temporary directory, as bench/bench_page.py does, and marks the
copy (never the repository): assets/boot.mjs marks when PyScript asks for the interpreter
("asks") and when it gets it ("given"), index.html the start and end of
`import game.main`. The page's own
events add the rest: DOMContentLoaded, PyScript's "py:progress" steps, the call of
WebAssembly.instantiateStreaming, and Python's start-up, which is the page's longest
task ("python-start" to "python-end"). Prints, in ms from the navigation's start, the
median of each over cold loads in fresh contexts (the order turning round every run),
then the phases' lengths. The bare pages are bench/bench_page.py's: Pyodide as published,
and with the site's stdlib.zip.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_page import ARGS, CHROMIUM, PAGES, READY_PROBE, ROOT, build, load_order, prepare_site, start_server  # noqa: E402

PROBE = READY_PROBE + """
window.__marks = {}; window.__tasks = [];
const mark = (name) => { if (!(name in window.__marks)) window.__marks[name] = performance.now(); };
const streaming = WebAssembly.instantiateStreaming;
WebAssembly.instantiateStreaming = function (...args) { mark('wasm-instantiate'); return streaming.apply(this, args); };
document.addEventListener('DOMContentLoaded', () => mark('dom-content-loaded'));
addEventListener('py:progress', (event) => mark('pyscript: ' + event.detail));
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__tasks.push([entry.startTime, entry.duration]);
}).observe({ entryTypes: ['longtask'] });
"""
COLLECT = """() => Object.assign({}, window.__marks, {ready: window.__ready, tasks: window.__tasks},
  Object.fromEntries(performance.getEntriesByType('mark').map((m) => [m.name, m.startTime])))"""


def mark_copy(site: Path) -> None:
    """Performance marks in the built copy: PyScript asking and getting Python, the game's import."""
    boot = site / "assets" / "boot.mjs"
    text = boot.read_text(encoding="utf-8")
    head = "export async function loadPyodide(options = {}) {"
    if head not in text or "  return interpreter;" not in text:
        raise SystemExit("assets/boot.mjs changed shape: update bench/boot_phases.py")
    text = text.replace(head, head + " performance.mark('asks');")
    boot.write_text(text.replace("  return interpreter;", "  performance.mark('given');\n  return interpreter;"))
    page = site / "index.html"
    html = page.read_text(encoding="utf-8")
    entry = ">import game.main</script>"
    if html.count(entry) != 1:
        raise SystemExit("index.html's entry point changed shape: update bench/boot_phases.py")
    marked = ">import js\njs.performance.mark('main-start')\nimport game.main\njs.performance.mark('main-end')</script>"
    page.write_text(html.replace(entry, marked), encoding="utf-8")


def phases(record: dict) -> dict[str, float]:
    """The marks, plus Python's start-up: the longest task of the load."""
    start, length = max(record.pop("tasks"), key=lambda task: task[1])
    return {**record, "python-start": start, "python-end": start + length}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=9, help="cold loads of each page")
    args = parser.parse_args()
    site = Path(tempfile.mkdtemp(prefix="bench-site-")) / "dist"
    build.build(site)
    prepare_site(site)
    mark_copy(site)
    server, url = start_server(site)
    records: dict[str, list[dict[str, float]]] = {name: [] for name in PAGES}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for run in range(args.runs):
            for name in load_order(run):
                context = browser.new_context(service_workers="block")  # registers after ready anyway
                page = context.new_page()
                page.add_init_script(PROBE)
                page.goto(url + PAGES[name])
                page.wait_for_function("window.__ready !== null", timeout=120_000)
                records[name].append(phases(page.evaluate(COLLECT)))
                context.close()
        browser.close()
    server.terminate()
    server.wait()
    shutil.rmtree(site.parent, ignore_errors=True)

    print(f"{args.runs} cold loads per page, medians in ms from the navigation's start ({ROOT.name})")
    medians = {}
    for name, rows in records.items():
        keys = {key for row in rows for key in row}
        medians[name] = {key: statistics.median(row[key] for row in rows if key in row) for key in keys}
        order = sorted(medians[name], key=medians[name].get)
        print(f"{name}: " + ", ".join(f"{key} {medians[name][key]:.0f}" for key in order))
    for name, m in medians.items():
        parts = [("before Python starts", m["python-start"]),
                 ("Python's start-up", m["python-end"] - m["python-start"]),
                 ("after it, to ready", m["ready"] - m["python-end"])]
        print(f"{name} phases: " + ", ".join(f"{label} {value:.0f}" for label, value in parts))


if __name__ == "__main__":
    main()
