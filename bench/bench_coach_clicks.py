#!/usr/bin/env python3
"""Click → screen with the coach in the moment (issue 44), in Chromium, phone and desktop.

    python3 bench/bench_coach_clicks.py [--turns 26] [--pause 600] [--rounds 2]

For each profile (bench/phone_visits.py: the phone at CPU 4× and Fast 4G, the desktop
unthrottled, each with a profile on disk), solo games of turns played by clicks (three
rolls, then the first box the card offers, ``--pause`` ms between clicks: a quick
player's pace), four ways in turn, in the same tab, once the strategy and spread tables
are here (as for a player who has used the coach: their download is not a click's):

- ``plain``: hints off, warnings off (the click as it was before issue 44);
- ``warned``: warnings on at a threshold no move reaches (every roll and box is valued
  first, none asks: the check's whole cost, and no dialog in the way);
- ``hints``: hints on, warnings off, and neither the points given up nor the finish range
  (the coach panel as it was before issue 44);
- ``coached``: hints on and warnings on as above: the coach panel, the points given up and
  the finish range (worked out in the background, in slices: game.session.finish_ranges).

Prints, per way, p50 and p95 of click → screen (bench/bench_page.py's probe: from the
click event to a forced layout after the game's listener) for rolls and boxes; for
``coached``, how many boxes scored showed their new finish range in the drawing of the
score (the rest an ellipsis, a moment), and the longest task the page ran while playing
(PerformanceObserver "longtask": the background slices included).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_page import CLICK_PROBE  # noqa: E402
from phone_visits import (  # noqa: E402
    DESKTOP,
    PHONE,
    close_end_dialogs,
    launch,
    open_tab,
    percentile,
    run_python,
    served_site,
    wait_ready,
)

#: Page Python per way: the switches (a warning threshold no move reaches: valued, never asked).
WAYS = {
    "plain": "app.coach.hints = False\napp.coach.warn_above = lambda: 0.0",
    "warned": "app.coach.hints = False\napp.coach.warn_above = lambda: 1e9",
    "hints": "app.coach.hints = True\napp.coach.warn_above = lambda: 0.0\n"
             "app.coach.given_up = lambda state: None\napp.coach.finish_ranges = lambda state, beat: None",
    "coached": "from game.session.coaching import Coach\napp.coach.hints = True\n"
               "app.coach.warn_above = lambda: 1e9\n"
               "app.coach.given_up = Coach.given_up.__get__(app.coach)\n"
               "app.coach.finish_ranges = Coach.finish_ranges.__get__(app.coach)",
}
#: Long tasks, kept from the page's start.
LONG_TASKS = """window.__long = [];
new PerformanceObserver(list => { for (const e of list.getEntries()) window.__long.push(e.duration); })
  .observe({type: 'longtask', buffered: true});"""


def _play(tab: Any, way: str, turns: int, pause: int) -> dict[str, Any]:
    page = tab.page
    page.evaluate("window.__clicks = []; window.__long = []")
    ranges: list[bool] = []
    for turn in range(turns):
        if turn % 13 == 0:
            close_end_dialogs(page)
            run_python(tab, "from game.main import app\nfrom game.core.players import Player\n"
                       f"{WAYS[way]}\napp.start([Player('Ann')], seed='{way}{turn}')", f"__game{way}{turn}")
        for _ in range(3):
            page.wait_for_timeout(pause)
            page.click("#roll")
        page.wait_for_timeout(pause)
        page.click("#scorecard button[data-preview]")
        if way == "coached" and turn % 13 != 12:  # the last box ends the game: no row then
            ranges.append(bool(page.get_attribute('#scorecard tr.total-range td[data-seat="0"]', "data-range")))
    close_end_dialogs(page)
    clicks = page.evaluate("window.__clicks")
    return {"clicks": clicks, "ranges": ranges, "longest": max(page.evaluate("window.__long") or [0.0])}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--turns", type=int, default=26)
    parser.add_argument("--pause", type=int, default=600)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-coach-") as tmp, \
            served_site(Path(tmp)) as (_site, url, server), sync_playwright() as pw:
        for round_ in range(args.rounds):
            for profile in ((PHONE, DESKTOP) if round_ % 2 == 0 else (DESKTOP, PHONE)):
                context = launch(pw, Path(tmp), profile)
                try:
                    tab = open_tab(context, profile, (CLICK_PROBE, LONG_TASKS))
                    tab.page.on("console", lambda m: print(m.text, file=sys.stderr) if m.type == "error" else None)
                    tab.page.goto(url)
                    wait_ready(tab, server)
                    # Both tables here first, as once a player has used the coach: their download
                    # and decoding are not a click's (bench/bench_second_look.py times the check alone).
                    run_python(tab, "from game.main import app\nawait app.coach.table_for('official')\n"
                               "await app.coach.spread_for('official')", "__tables", timeout=300)
                    ways = list(WAYS) if round_ % 2 == 0 else list(reversed(WAYS))
                    for way in ways:
                        found = _play(tab, way, args.turns, args.pause)
                        line = [f"round {round_ + 1} {profile.name:7} {way:8}"]
                        for kind in ("roll", "score"):
                            values = [ms for k, ms in found["clicks"] if k == kind]
                            line.append(f"{kind} p50 {percentile(values, 0.5):5.1f}"
                                        f" p95 {percentile(values, 0.95):5.1f} ms ({len(values)})")
                        if way == "coached":
                            line.append(f"range known at the score {sum(found['ranges'])}/{len(found['ranges'])}")
                        line.append(f"longest task {found['longest']:.0f} ms")
                        print(" · ".join(line), flush=True)
                finally:
                    context.close()


if __name__ == "__main__":
    main()
