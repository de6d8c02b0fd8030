#!/usr/bin/env python3
"""Where a phone's first visit goes (issue 43): the downloads, then what runs after the last byte.

    python3 bench/first_visit_timeline.py [--rounds 5] [--site DIR]

Each round is a first visit of the game in a fresh profile on disk, on the phone profile
bench/bench_phone.py uses (CPU 4×, Fast 4G, 390×844). It prints, from the page's own
clocks (Resource Timing, long tasks), when each file of over 5 KB was asked for, began to
arrive and ended; the moment the last byte of the visit arrived; the long tasks after it
(Python's start-up, then the game's imports and first draw); and ready. Then the medians
against the issue's goal of ready ≤ 1.6× the transfer time: what the goal leaves for
everything after the last byte, against what it takes.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from phone_visits import FAST_4G_BITS, PHONE, launch, open_tab, served_site, wait_ready  # noqa: E402

#: The issue's goal: a first visit's ready within this many times its transfer time.
GOAL = 1.6
#: Long tasks, as the page sees them (buffered: those before the observer count too).
LONG_TASKS = """window.__long = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__long.push([e.startTime, e.duration]); })
  .observe({type: 'longtask', buffered: true});"""
RESOURCES = """() => performance.getEntriesByType('resource').map((e) =>
  [new URL(e.name).pathname.split('/').pop(), e.startTime, e.responseStart, e.responseEnd, e.encodedBodySize])"""


def visit(pw: Any, root: Path, url: str, server: Any) -> dict[str, Any]:
    """One first visit: its files, long tasks, ready and the bytes sent before it."""
    context = launch(pw, root, PHONE)
    try:
        server.log.clear()
        tab = open_tab(context, PHONE, (LONG_TASKS,))
        tab.page.goto(url)
        ready, sent = wait_ready(tab, server)
        files = tab.page.evaluate(RESOURCES)
        long_tasks = tab.page.evaluate("window.__long")
    finally:
        context.close()
    last_byte = max(end for _, _, _, end, _ in files)
    after = [(start, length) for start, length in long_tasks if start + length > last_byte]
    return {"ready": ready, "sent": sent, "files": files, "last byte": last_byte,
            "after": after, "transfer": sent * 8 / FAST_4G_BITS * 1000}


def report(run: int, v: dict[str, Any]) -> None:
    print(f"round {run}: ready {v['ready']:,.0f} ms, {v['sent'] / 1e6:.3f} MB sent"
          f" ({v['transfer']:,.0f} ms at 9 Mbit/s: ×{v['ready'] / v['transfer']:.2f})")
    for name, start, first, end, size in sorted(v["files"], key=lambda f: f[3]):
        if size > 5000:
            print(f"  {name[:34]:34} {size / 1e3:8.1f} KB  asked {start:5.0f}  first byte {first:5.0f}  end {end:5.0f}")
    tasks = ", ".join(f"{s:,.0f}+{d:,.0f}" for s, d in v["after"])
    print(f"  last byte {v['last byte']:,.0f}; long tasks after it: {tasks}; ready − last byte"
          f" {v['ready'] - v['last byte']:,.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--site", type=Path, help="a built site (default: build one)")
    args = parser.parse_args()
    visits = []
    with tempfile.TemporaryDirectory(prefix="bench-timeline-") as tmp, \
            served_site(Path(tmp), args.site) as (_site, url, server), sync_playwright() as pw:
        for run in range(1, args.rounds + 1):
            visits.append(visit(pw, Path(tmp), url, server))
            report(run, visits[-1])

    def med(key: str) -> float:
        return statistics.median(v[key] for v in visits)
    tasks = statistics.median(sum(d for _, d in v["after"]) for v in visits)
    after = statistics.median(v["ready"] - v["last byte"] for v in visits)
    print(f"medians of {len(visits)}: transfer {med('transfer'):,.0f} ms; last byte {med('last byte'):,.0f};"
          f" ready {med('ready'):,.0f} (×{med('ready') / med('transfer'):.2f}); after the last byte {after:,.0f} ms,"
          f" {tasks:,.0f} of it in long tasks")
    print(f"goal ×{GOAL}: ready ≤ {GOAL * med('transfer'):,.0f} ms, which leaves"
          f" {GOAL * med('transfer') - med('last byte'):,.0f} ms after the last byte")


if __name__ == "__main__":
    main()
