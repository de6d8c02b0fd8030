#!/usr/bin/env python3
"""Today's ten in the page (Chromium): the time to deal a day's ten, and the longest task.

    python3 bench/bench_ten_page.py [--dates 20] [--phone]

Builds the site, opens it, and for each date (consecutive from 2026-01-01) opens the dialog
on it through its link handler, timing from the call to the first position drawn
(``#ten-body .ten-progress``): the later archive and the table are fetched once, on the
first date, which is reported apart. Also reports the generation alone (``todays_ten`` in
the page's Python, the coach's cache emptied first, as on a page that has just loaded
the table) and the longest task of each opening: input waits at most that long. The
issue's target: the day's ten ready in ≤ 300 ms on the 2-core machine. ``--phone`` adds
Chromium's CPU throttling 4× (the phone profile of bench/bench_phone.py).
"""

from __future__ import annotations

import argparse
import datetime
import json
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_page import ARGS, CHROMIUM, READY_PROBE, build, start_server  # noqa: E402

#: The longest task since the probe was reset, for "never blocking input".
LONGEST = """
window.__long = 0;
new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long = Math.max(window.__long, e.duration); })
  .observe({entryTypes: ['longtask']});
"""
#: Page Python: the generation alone for one date, the coach's per-state cache emptied.
GENERATE_PY = """
import asyncio, js
async def timed(day):
    from game.web.strategy_loader import fetch_table
    from game.daily.puzzle import todays_ten
    table = await fetch_table("official")
    table.cache.clear()
    start = js.performance.now()
    todays_ten(day, table)
    js.window.__generated = js.performance.now() - start
asyncio.ensure_future(timed(DAY))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dates", type=int, default=20)
    parser.add_argument("--phone", action="store_true", help="CPU throttling 4x")
    args = parser.parse_args()
    site = Path(tempfile.mkdtemp(prefix="bench-ten-")) / "dist"  # removed at the end
    build.build(site)
    server, url = start_server(site)
    # Days before today (the dialog refuses one still to come), the same ones from run to run.
    first_day = min(datetime.date(2026, 1, 1), datetime.date.today() - datetime.timedelta(days=args.dates))
    days = [(first_day + datetime.timedelta(days=i)).isoformat() for i in range(args.dates)]
    opened: list[float] = []
    longest: list[float] = []
    generated: list[float] = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page()
            page.add_init_script(READY_PROBE + LONGEST)
            page.goto(url)
            page.wait_for_function("window.__ready !== null", timeout=120_000)
            if args.phone:
                page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})
            for day in days:
                page.evaluate("document.querySelectorAll('dialog[open]').forEach((d) => d.close());"
                              "document.querySelector('#ten-body').innerHTML = ''; window.__long = 0;")
                if day != days[0]:  # the coach's per-state cache emptied, as on a page that just loaded the table
                    page.evaluate("""() => { const s = document.createElement('script'); s.type = 'py';
                      s.textContent = 'from game.main import app\\napp.coach.tables["official"].cache.clear()';
                      document.body.append(s); }""")
                    page.wait_for_timeout(100)
                start = page.evaluate("performance.now()")
                page.evaluate("""(day) => { const s = document.createElement('script'); s.type = 'py';
                  s.textContent = 'from game.main import commands\\ncommands.ten.open(' + JSON.stringify(day) + ')';
                  document.body.append(s); }""", day)
                page.wait_for_selector("#ten-body .ten-progress", timeout=120_000)
                opened.append(page.evaluate("performance.now()") - start)
                page.wait_for_timeout(300)  # long-task entries are delivered after the task
                longest.append(page.evaluate("window.__long"))
                page.evaluate("window.__generated = null")
                page.evaluate("""(src) => { const s = document.createElement('script'); s.type = 'py';
                  s.textContent = src; document.body.append(s); }""", GENERATE_PY.replace("DAY", json.dumps(day)))
                generated.append(page.wait_for_function("window.__generated").json_value())
            browser.close()
    finally:
        server.terminate()
        server.wait()
        shutil.rmtree(site.parent, ignore_errors=True)
    profile = "CPU 4x" if args.phone else "unthrottled"
    first, rest = opened[0], opened[1:]
    print(f"Chromium, {profile}, {len(days)} dates from {days[0]} (ms):")
    print(f"  first opening (fetches the later archive and the table): {first:.0f}, its longest task "
          f"{longest[0]:.0f}")
    print(f"  opening to the first position drawn: median {statistics.median(rest):.0f}, max {max(rest):.0f}")
    print(f"  generation alone (todays_ten): median {statistics.median(generated):.0f}, max {max(generated):.0f} "
          f"(target <= 300)")
    print(f"  longest task of a later opening: median {statistics.median(longest[1:]):.0f}, "
          f"max {max(longest[1:]):.0f}")


if __name__ == "__main__":
    main()
