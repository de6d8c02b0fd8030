#!/usr/bin/env python3
"""A coach decision in Yatzy against one in Yahtzee, inside Chromium on Pyodide (issue 42).

    python3 bench/bench_yatzy_coach.py [--games 20] [--cpu-throttle 4] [--rounds 1]

Builds the site, opens it in Chromium, and in the page's own Python: fetches the official
table (which brings the later archive), then Yatzy's (timed: its fetch, the browser's
inflate as the page loads it, and its decoding a part at a time, game_tables.decoding; then
the decoding again with Python's inflate, as before), and plays ``--games`` optimal solitaire games of
each game, alternating, with the same dice. Each decision is timed as a hint computes it
(every option ranked, the reason and its words): warm, as a game makes them, and each
turn's first decision once more with the turn cache cleared (cold: the worst case). Prints
p50/p95 per game and their ratio; the machine is noisy, so compare the ratio within a run,
and run it several times.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "bench"))
import build  # noqa: E402
import serve  # noqa: E402
from bench_coach_browser import ARGS, percentile  # noqa: E402  (Yahtzee's coach bench: the same Chromium)

IN_PAGE = """
import asyncio, json, random, time
import js
from game.core import rules
from game.web.strategy_loader import fetch_table
from game.web.download import download

async def measure():
    yahtzee = await fetch_table("official")  # the later archive comes with it
    from game.core.games import YATZY
    from game.screens.reason_words import reason_words
    from game.strategy import coach, game_coach, reasons
    from game.strategy.game_tables import decoding
    from game.strategy.table_decoding import body_size
    from game.strategy.tables import HEADER
    from game.web.inflate import inflate
    t = time.perf_counter()
    data = await download("./assets/strategy/yatzy.bin", "Yatzy's table")
    fetch_ms = (time.perf_counter() - t) * 1e3

    async def decode(body):
        parts, steps = [], decoding(YATZY, data, inflated=body)
        while True:  # a part at a time, the browser's turn between two parts, as the page would
            t = time.perf_counter()
            table = next(steps)
            parts.append((time.perf_counter() - t) * 1e3)
            if table is not None:
                return table, parts
            await asyncio.sleep(0)

    if PYTHON_FIRST:  # the order alternates by round: the first decoding warms the page for the second
        _, python_parts = await decode(None)  # before: Python's zlib in the first part
    t = time.perf_counter()  # as the page loads it: the body inflated by the browser, a chunk a task
    body = await inflate(memoryview(data)[HEADER.size:], body_size(data), "Yatzy's table")
    inflate_ms = (time.perf_counter() - t) * 1e3
    yatzy, parts = await decode(body)
    if not PYTHON_FIRST:
        _, python_parts = await decode(None)

    def yahtzee_hint(filled, dice, rolls_left):
        options = coach.rank_options(yahtzee, filled, dice, rolls_left)
        reason_words(reasons.explain(filled, options, rolls_left))
        return options

    def yatzy_hint(filled, dice, rolls_left):
        options = game_coach.rank_options(yatzy, filled, dice, rolls_left)
        reason_words(reasons.explain(filled, options, rolls_left, game=YATZY), YATZY)
        return options

    def play(hint, table, boxes, score, seed, warm, cold):
        rng, filled = random.Random(seed), {}
        for _turn in boxes:
            dice, rolls_left = tuple(rng.randint(1, 6) for _ in range(5)), 2
            table.cache.clear()
            t = time.perf_counter(); hint(filled, dice, rolls_left)
            cold.append((time.perf_counter() - t) * 1e3)
            table.cache.clear()
            while True:
                t = time.perf_counter()
                best = hint(filled, dice, rolls_left)[0]
                warm.append((time.perf_counter() - t) * 1e3)
                if best.kind == "score":
                    filled[best.box] = score(filled, dice, best.box)
                    break
                dice = tuple(d if h else rng.randint(1, 6) for d, h in zip(dice, best.hold))
                rolls_left -= 1

    found = {"fetch_ms": fetch_ms, "decode_ms": sum(parts), "longest_ms": max(parts), "parts": len(parts),
             "bytes": len(data), "inflate_ms": inflate_ms, "python_decode_ms": sum(python_parts),
             "python_longest_ms": max(python_parts)}
    for name in ("yahtzee", "yatzy"):
        found[name] = {"warm": [], "cold": []}
    for game in range(GAMES):  # alternating, the same seeds: the machine's swings touch both alike
        play(yahtzee_hint, yahtzee, rules.BOXES, lambda f, d, b: rules.legal_scores("official", f, d)[b],
             game, found["yahtzee"]["warm"], found["yahtzee"]["cold"])
        play(yatzy_hint, yatzy, YATZY.names, lambda f, d, b: YATZY.score(b, d),
             game, found["yatzy"]["warm"], found["yatzy"]["cold"])
    js.window.__yatzy = json.dumps(found)

asyncio.ensure_future(measure())
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=1, help="fresh pages, one after the other")
    parser.add_argument("--cpu-throttle", type=float, default=1.0,
                        help="DevTools' CPU throttling rate once the page is ready (4: the phone profile's)")
    args = parser.parse_args()
    site = Path(tempfile.mkdtemp(prefix="bench-yatzy-")) / "dist"
    build.build(site)
    server, url = serve.start_server(site, port=0)
    executable = "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=executable, args=ARGS)
        version = browser.version
        print(f"Chromium/Pyodide ({version}), {args.games} optimal games of each, alternating"
              + (f", CPU throttled {args.cpu_throttle:g}x" if args.cpu_throttle != 1.0 else ""))
        for round_ in range(1, args.rounds + 1):
            page = browser.new_context().new_page()
            page.goto(url)
            page.wait_for_selector('body[data-state="ready"]', state="attached", timeout=120_000)
            if args.cpu_throttle != 1.0:
                page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": args.cpu_throttle})
            python_first = round_ % 2 == 0
            source = IN_PAGE.replace("GAMES", str(args.games)).replace("PYTHON_FIRST", str(python_first))
            page.evaluate("src => { const s = document.createElement('script'); s.type = 'py';"
                          " s.textContent = src; document.body.append(s); }", source)
            page.wait_for_function("window.__yatzy", timeout=900_000)
            found = json.loads(page.evaluate("window.__yatzy"))
            page.context.close()
            first = "Python" if python_first else "the browser"
            print(f"round {round_} ({first}'s inflate first): Yatzy's table {found['bytes']:,} B, "
                  f"fetch {found['fetch_ms']:.0f} ms; "
                  f"the browser's inflate {found['inflate_ms']:.0f} ms (awaited), then decode "
                  f"{found['decode_ms']:.0f} ms in {found['parts']} parts, the longest {found['longest_ms']:.0f} ms; "
                  f"with Python's inflate: {found['python_decode_ms']:.0f} ms, the longest part "
                  f"{found['python_longest_ms']:.0f} ms")
            for kind in ("warm", "cold"):
                p50 = {g: percentile(found[g][kind], 0.5) for g in ("yahtzee", "yatzy")}
                p95 = {g: percentile(found[g][kind], 0.95) for g in ("yahtzee", "yatzy")}
                print(f"  hint, {kind}: Yahtzee n={len(found['yahtzee'][kind])} p50 {p50['yahtzee']:.2f} ms "
                      f"p95 {p95['yahtzee']:.2f} ms; Yatzy n={len(found['yatzy'][kind])} p50 {p50['yatzy']:.2f} ms "
                      f"p95 {p95['yatzy']:.2f} ms; Yatzy/Yahtzee p95 {p95['yatzy'] / p95['yahtzee']:.2f}")
        browser.close()
    server.shutdown()
    shutil.rmtree(site.parent, ignore_errors=True)


if __name__ == "__main__":
    main()
