#!/usr/bin/env python3
"""Phone benchmark (issue 31): a returning visit's early board and time to ready, as a phone.

    python3 bench/bench_phone.py [--rounds 5] [--unthrottled]

The phone profile: Chromium's CPU throttling 4× and DevTools' "Fast 4G" network (9 Mbit/s
down, 1.5 up, 60 ms latency), set through the DevTools protocol on every page before it
loads; a profile on disk (a player's browser: it keeps the wasm's code cache and the
service worker), 390×844. Each round, in a fresh profile:

1. a first visit, timed to ready; the bytes the page received before ready (the server's
   log) give the transfer time at 9 Mbit/s;
2. a game started and a die rolled, the page left open until the worker holds the site and
   the Python snapshot (as a player's idle page asks for it) and the early board is kept;
3. a returning visit in a new tab, timed to the early board (``<body data-state="waking">``,
   assets/paint.js) and to ready.

Prints each round's figures and their medians: first ready, its transfer time and their
ratio; returning: the board, ready, and board ÷ ready (the issue's target ≤ 0.15, and
≤ 400 ms); returning ready ÷ first ready. Compare ratios within one run: the machine is
noisy. Still to add (issue 31): the bare page, the unthrottled desktop figures in the same
run, click → screen p95 under the phone profile.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_page import ARGS, CHROMIUM, CODE_CACHE_WAIT, build, snapshot_url  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
import serve  # noqa: E402

#: DevTools' "Fast 4G", as the issue measures a phone.
FAST_4G = {"offline": False, "latency": 60, "downloadThroughput": 9e6 / 8, "uploadThroughput": 1.5e6 / 8}
CPU_SLOWDOWN = 4
#: When the board is first painted early, and when the game is ready, on the page's clock.
PROBE = """
window.__waking = null; window.__ready = null;
new MutationObserver(() => {
  const state = document.body && document.body.dataset.state;
  if (state === 'waking' && window.__waking === null) window.__waking = performance.now();
  if (state === 'ready' && window.__ready === null) window.__ready = performance.now();
}).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-state']});
"""


def phone_page(context, throttled: bool):
    page = context.new_page()
    page.set_viewport_size({"width": 390, "height": 844})
    if throttled:
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", FAST_4G)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    page.add_init_script(PROBE)
    return page


def one_round(pw, site: Path, url: str, server, root: Path, throttled: bool) -> dict[str, float]:
    context = pw.chromium.launch_persistent_context(tempfile.mkdtemp(prefix="phone-", dir=root),
                                                    executable_path=CHROMIUM, args=ARGS)
    try:
        server.log.clear()
        page = phone_page(context, throttled)
        page.goto(url)
        page.wait_for_function("window.__ready !== null", timeout=300_000)
        asked = time.monotonic()  # the ready moment on the server log's clock (as tests/browser/test_first_visit.py)
        first, now = page.evaluate("[window.__ready, performance.now()]")
        ready_at = asked - (now - first) / 1000
        sent = sum(s.body_bytes for s in server.log if s.at <= ready_at)
        page.evaluate("""() => { const s = document.createElement('script'); s.type = 'py';
          s.textContent = 'from game.main import app\\nfrom game.core.players import Player\\n'
            + 'app.start([Player("Ann"), Player("Ben")], seed="phone")\\napp.roll()';
          document.body.append(s); }""")
        page.wait_for_function("localStorage.getItem('yahtzee:paint') !== null", timeout=60_000)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
        snapshot = snapshot_url(site, url)
        page.evaluate("(u) => navigator.serviceWorker.controller.postMessage({type: 'KEEP_SNAPSHOT', url: u})",
                      snapshot)
        page.wait_for_function("async (u) => !!(await caches.match(u))", arg=snapshot, timeout=120_000)
        page.wait_for_timeout(CODE_CACHE_WAIT * 1000)
        page.close()
        again = phone_page(context, throttled)
        again.goto(url)
        again.wait_for_function("window.__ready !== null", timeout=300_000)
        waking, ready = again.evaluate("[window.__waking, window.__ready]")
        return {"first": first, "sent": sent, "board": waking if waking is not None else float("nan"),
                "returning": ready}
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--unthrottled", action="store_true", help="no phone profile: the desktop's figures")
    args = parser.parse_args()
    throttled = not args.unthrottled
    with tempfile.TemporaryDirectory(prefix="bench-phone-") as tmp:
        root = Path(tmp)
        site = root / "dist"
        build.build(site)
        server, url = serve.start_server(site, port=0)
        try:
            with sync_playwright() as pw:
                rounds = [one_round(pw, site, url, server, root, throttled) for _ in range(args.rounds)]
        finally:
            server.shutdown()
    profile = "phone (CPU 4×, Fast 4G)" if throttled else "unthrottled"
    print(f"{profile}, {len(rounds)} rounds (ms):")
    for i, r in enumerate(rounds, 1):
        transfer = r["sent"] * 8 / 9e6 * 1000  # the bytes the server sent before ready, at Fast 4G's 9 Mbit/s
        over = f" (transfer {transfer:.0f}, ×{r['first'] / transfer:.2f})" if throttled else ""
        print(f"  round {i}: first {r['first']:.0f}{over}; "
              f"returning: board {r['board']:.0f}, ready {r['returning']:.0f}, board ÷ ready "
              f"{r['board'] / r['returning']:.2f}; returning ÷ first {r['returning'] / r['first']:.2f}")

    def med(key: str) -> float:
        return statistics.median(r[key] for r in rounds)

    print(f"medians: first {med('first'):.0f}, returning board {med('board'):.0f}, returning ready "
          f"{med('returning'):.0f}; board ÷ ready {statistics.median(r['board'] / r['returning'] for r in rounds):.2f} "
          f"(target ≤ 0.15 and ≤ 400 ms); returning ÷ first "
          f"{statistics.median(r['returning'] / r['first'] for r in rounds):.2f}")


if __name__ == "__main__":
    main()
