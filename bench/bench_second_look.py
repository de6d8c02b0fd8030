#!/usr/bin/env python3
"""What the coach's word before a costly move adds to a click (issue 44), in Chromium.

    python3 bench/bench_second_look.py [--decisions 300]

With warnings on, every roll and every box a person clicks is valued first
(game.session.second_look: game.strategy.move_cost, and the question's words when it is
asked). This times that check inside the page's Python, as the page runs it, on the phone
profile (CPU 4×, in a profile on disk) and on the desktop: for ``--decisions`` situations
of solo games (each turn's first roll, a box then filled), the check of the roll (the
hold: all five dice re-rolled) and of the box, at the threshold that asks most (0.5
points). Prints p50 and p95 per check, in ms; a click's own cost is bench/bench_page.py's
and bench/bench_phone.py's (click → screen), to which this adds.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from phone_visits import DESKTOP, PHONE, launch, open_tab, percentile, run_python, served_site, wait_ready  # noqa: E402

#: Page Python: the table fetched as the page fetches it, then the checks timed.
TIMED = """
import json, time, js
from game.main import app
from game.core.state import new_game
table = await app.coach.table_for("official")  # with the later archive, which holds the check
from game.session.second_look import SecondLook
look = SecondLook(lambda text: None, lambda text: None, lambda: 0.5)
holds, boxes, asked, state = [], [], 0, new_game(["Ann"], seed="bench")
for i in range(DECISIONS):
    if state.over:
        state = new_game(["Ann"], seed=f"bench{i}")
    state = state.roll()
    box = next(b for b in state.game.names if b not in state.cards[0].filled)
    start = time.perf_counter()
    asked += look.ask(state, lambda ruleset: table, None, lambda: None)[1]
    middle = time.perf_counter()
    asked += look.ask(state, lambda ruleset: table, box, lambda: None)[1]
    holds.append((middle - start) * 1000)
    boxes.append((time.perf_counter() - middle) * 1000)
    state = state.score(box)
js.window.__timed = json.dumps({"holds": holds, "boxes": boxes, "asked": asked})
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--decisions", type=int, default=300)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-look-") as tmp, \
            served_site(Path(tmp)) as (_site, url, server), sync_playwright() as pw:
        for profile in (DESKTOP, PHONE):
            context = launch(pw, Path(tmp), profile)
            try:
                tab = open_tab(context, profile)
                # The page's Python errors reach its console (PyScript): say them, not just time out.
                tab.page.on("console", lambda m: print(m.text, file=sys.stderr) if m.type == "error" else None)
                tab.page.goto(url)
                wait_ready(tab, server)
                run_python(tab, TIMED.replace("DECISIONS", str(args.decisions)), "__looked", timeout=300)
                timed = json.loads(tab.page.evaluate("window.__timed"))
            finally:
                context.close()
            for kind, word in (("holds", "roll (a hold)"), ("boxes", "box")):
                values = timed[kind]
                print(f"{profile.name}: check of the {word} p50 {percentile(values, 0.5):.2f} ms,"
                      f" p95 {percentile(values, 0.95):.2f} ms ({len(values)} checks)")
            print(f"{profile.name}: {timed['asked']} of {2 * args.decisions} checks would have asked")

if __name__ == "__main__":
    main()
