#!/usr/bin/env python3
"""Page benchmark: time to ready (cold and warm) and click-to-screen latency, in Chromium.

    python3 bench/bench_page.py [--runs 15] [--games 3]

Prints, from one run:
- the median cold time-to-ready of the game page, and of a bare page that boots the same
  self-hosted Pyodide and nothing else (bench/bare.html, with the standard library as
  Pyodide ships it), each in a fresh browser profile (empty cache), in an order that
  turns round every run so that machine noise hits all pages alike; their ratio (the
  issue's target), and the median of the per-run ratios;
- the same against bare-bytecode.html: the bare page booting with the site's stdlib.zip
  (Pyodide's standard library plus the bytecode tools/build.py compiles), so that what
  PyScript and the game add on top of the same start-up shows on its own;
- the median warm time-to-ready: a new tab in the same profile on disk (a player's; a
  private context keeps no code cache), once the page's worker has installed and, for the
  game, holds the Python snapshot (fetched as the page does when idle), the first visit
  open long enough for the wasm's code cache to be written: a returning player's load.
  Printed with the issue's targets: cold game ÷ cold bare, and returning ÷ cold game;
- first visits on a phone's network (Chromium's throttling: 20 Mbit/s, 40 ms), game and
  bare page (--throttled N);
- for each page, the median time to ready less the load's longest task, which is
  Python's start-up on every page and the noisiest part of a load: the time outside it,
  steadier than the time to ready for comparing two builds of the game page. It is not
  the game's overhead over a bare page: a page's Python start-up is shorter when its
  downloads are done by then, as the game page's are;
- click-to-screen latency p50/p95 for a roll and for scoring a box.

Time to ready runs from the navigation's start (performance.timeOrigin) to the moment
``<body data-state="ready">`` is set, seen by a MutationObserver installed before any page
script. Click latency runs from the click event's timestamp to the end of the work the
click causes: the Python handler, the DOM writes and a forced style and layout, measured
by a listener that runs after the game's own. The wait for the next vsync is left out:
it is the display's, not the game's.
"""

from __future__ import annotations

import argparse
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import build  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-dev-shm-usage"]
READY_PROBE = """
window.__ready = null; window.__longest = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__longest = Math.max(window.__longest, entry.duration);
}).observe({entryTypes: ['longtask']});
new MutationObserver((_, obs) => {
  if (document.body && document.body.dataset.state === 'ready') {
    window.__ready = performance.now(); obs.disconnect();
  }
}).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-state']});
"""
CLICK_PROBE = """
window.__clicks = [];
document.addEventListener('click', e => { window.__t0 = e.timeStamp; }, true);
window.addEventListener('click', e => {
  const kind = e.target.closest('#roll') ? 'roll' : (e.target.closest('[data-box]') ? 'score' : null);
  document.body.getBoundingClientRect();  // force style and layout of what the click changed
  if (kind) window.__clicks.push([kind, performance.now() - window.__t0]);
});
"""


#: The pages compared, by name, and their paths in the site prepare_site() makes.
PAGES = {"game": "", "bare": "bare.html", "bare-bytecode": "bare-bytecode.html"}
#: Debian's Chromium where it is installed, else Playwright's own.
CHROMIUM = "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None


#: How long a first visit stays open once settled, so that Chromium has written the wasm's
#: code cache: V8 asks for it 2 s after its last optimizing compile (wasm_caching_timeout_ms
#: in v8/src/flags/flag-definitions.h). A player's first visit lasts a game.
CODE_CACHE_WAIT = 5.0


def player_profile(pw, root: Path):
    """A browser with a profile of its own on disk, as a player's is. The private contexts
    of browser.new_context() keep no code caches, so a returning load there compiles
    Pyodide's wasm again, which a player's browser does not (docs/performance.md). The
    browser is up, an empty page open, before the load that is timed."""
    context = pw.chromium.launch_persistent_context(tempfile.mkdtemp(prefix="profile-", dir=root),
                                                    executable_path=CHROMIUM, args=ARGS)
    (context.pages[0] if context.pages else context.new_page()).goto("about:blank")
    return context


def load_order(run: int) -> list[str]:
    """The names of PAGES in the order of one run's loads. The order turns round every run
    (and reverses every other), so that whatever one load leaves behind (a closed
    context's clean-up, a service worker's precaching) falls on every page alike."""
    names = list(PAGES)
    order = names[run % len(names):] + names[:run % len(names)]
    return order if run % 2 == 0 else order[::-1]


def snapshot_url(site: Path, url: str) -> str:
    """The URL of the build's Python snapshot, as assets/boot.mjs names it."""
    boot = (site / "assets" / "boot.mjs").read_text(encoding="utf-8")
    return url + re.search(r'"\.\./(py/snapshot-[0-9a-f]+\.bin)"', boot).group(1)


def ready_time(context, url: str, settle: bool = False, snapshot: str | None = None,
               linger: float = 0) -> tuple[float, float]:
    """Time to ready of one load of ``url`` in ``context``, and that time less the load's
    longest task (Python's start-up, on every page). With ``settle``, then wait until the
    page's service worker (if it registers one) has installed and precached, so that the
    next load in this context is a returning player's: served from cache; then ``linger``
    seconds more before the page closes."""
    page = context.new_page()
    page.add_init_script(READY_PROBE)
    page.goto(url)
    page.wait_for_function("window.__ready !== null", timeout=120_000)
    ready, longest = page.evaluate("[window.__ready, window.__longest]")
    if settle:
        # sw-register.js registers after ready; `ready` resolves once the worker is active.
        page.evaluate("""() => document.querySelector('script[src*="sw-register"]') && Promise.race([
          navigator.serviceWorker.ready, new Promise((resolve) => setTimeout(resolve, 60000))])""")
        if snapshot:
            # What the page does by itself 20 s after start-up, when idle (assets/boot.mjs):
            # ask the worker to keep the snapshot. Once the worker is in control.
            page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
            page.evaluate("(url) => navigator.serviceWorker.controller.postMessage({type: 'KEEP_SNAPSHOT', url})",
                          snapshot)
            for _ in range(100):  # the worker stores it once the body is through
                if page.evaluate("async (url) => !!(await caches.match(url))", snapshot):
                    break
                page.wait_for_timeout(100)
            else:
                raise SystemExit("the service worker did not keep the snapshot")
    page.wait_for_timeout(linger * 1000)
    page.close()
    return ready, ready - longest


def throttled_ready_time(context, url: str) -> float:
    """Time to ready of a first visit on a phone's network: Chromium's own throttling
    (DevTools protocol), 20 Mbit/s down, 40 ms round trip."""
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": 40, "downloadThroughput": 20e6 / 8, "uploadThroughput": 5e6 / 8})
    page.add_init_script(READY_PROBE)
    page.goto(url)
    page.wait_for_function("window.__ready !== null", timeout=180_000)
    ready = page.evaluate("window.__ready")
    page.close()
    return ready


def prepare_site(site: Path) -> None:
    """Add the bare pages to a built site, pointed at the same versioned runtime:
    bare.html with the standard library Pyodide ships (the site itself has stdlib.zip
    instead), bare-bytecode.html with the site's standard-library archive."""
    pyodide = build.runtime_dirs()["runtime/pyodide"]
    # What a bare Pyodide fetches and the site does not ship (the loader: as a module).
    for name in (build.PYODIDE_STDLIB, build.PYODIDE_LOCK, build.PYODIDE_LOADER):
        shutil.copyfile(build.NODE_MODULES / "pyodide" / name, site / pyodide / name)
    for name in ("bare.html", "bare.js"):
        text = (ROOT / "bench" / name).read_text(encoding="utf-8")
        (site / name).write_text(text.replace("./runtime/pyodide/", f"./{pyodide}/"), encoding="utf-8")
    html = (site / "bare.html").read_text(encoding="utf-8")
    shipped = f"./{pyodide}/{build.PYODIDE_STDLIB}"
    if shipped not in html or '<html lang="en">' not in html:
        raise SystemExit("bench/bare.html changed shape: update prepare_site()")
    archive = build.find_archive(site, "stdlib").relative_to(site).as_posix()
    html = html.replace(shipped, f"./{archive}")
    html = html.replace('<html lang="en">', f'<html lang="en" data-stdlib="./{archive}">')
    (site / "bare-bytecode.html").write_text(html, encoding="utf-8")


def start_server(site: Path) -> tuple[subprocess.Popen, str]:
    """tools/serve.py in a process of its own, so that serving 14 MB per load does not
    compete with this process's Playwright driver for one interpreter."""
    server = subprocess.Popen([sys.executable, str(ROOT / "tools" / "serve.py"), "--dir", str(site), "--port", "0"],
                              stdout=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    if not line.startswith("Serving on "):
        server.kill()
        raise SystemExit(f"serve.py did not start: {line!r}")
    return server, line.removeprefix("Serving on ").strip()


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=15, help="cold and warm loads of each page")
    parser.add_argument("--games", type=int, default=3, help="solo games played for click latency")
    parser.add_argument("--throttled", type=int, default=5,
                        help="first visits of the game and the bare page on a phone's network "
                             "(20 Mbit/s down, 40 ms round trip)")
    parser.add_argument("--cold-only", action="store_true",
                        help="no warm reloads: nothing (the service worker's precaching above all) runs "
                             "in the background between two cold loads")
    args = parser.parse_args()

    site = Path(tempfile.mkdtemp(prefix="bench-site-")) / "dist"
    build.build(site)
    prepare_site(site)
    server, url = start_server(site)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        cold: dict[str, list[tuple[float, float]]] = {name: [] for name in PAGES}
        warm: dict[str, list[tuple[float, float]]] = {name: [] for name in PAGES}
        snapshot = snapshot_url(site, url)
        for run in range(args.runs):
            for name in load_order(run):
                context = player_profile(pw, site.parent)
                cold[name].append(ready_time(context, url + PAGES[name], settle=not args.cold_only,
                                             snapshot=snapshot if name == "game" else None,
                                             linger=0 if args.cold_only else CODE_CACHE_WAIT))
                if not args.cold_only:
                    warm[name].append(ready_time(context, url + PAGES[name]))
                context.close()
        throttled: dict[str, list[float]] = {"game": [], "bare": []}
        for run in range(args.throttled):
            for name in (("game", "bare") if run % 2 == 0 else ("bare", "game")):
                context = browser.new_context()
                throttled[name].append(throttled_ready_time(context, url + PAGES[name]))
                context.close()
        context = browser.new_context()
        page = context.new_page()
        page.add_init_script(CLICK_PROBE)
        page.goto(url)
        page.wait_for_selector('body[data-state="ready"]', state="attached", timeout=120_000)
        for _ in range(args.games):
            for _turn in range(13):
                for _roll in range(3):
                    page.click("#roll")
                page.click("#scorecard button[data-preview]")
            page.click("#name-form button[type=submit]")
            page.click("#scores-dialog [data-close]")
            page.click("#new-game")
            page.click("#setup-start")
        clicks = page.evaluate("window.__clicks")
        context.close()
        browser.close()
    server.terminate()
    server.wait()
    shutil.rmtree(site.parent, ignore_errors=True)

    med = statistics.median
    warm_runs = 0 if args.cold_only else args.runs
    print(f"runs: {args.runs} cold + {warm_runs} warm loads per page; Chromium {CHROMIUM or 'bundled'}")
    baselines = (("bare", "bare Pyodide as published", ""),
                 ("bare-bytecode", "bare Pyodide with the site's stdlib.zip", " (what PyScript and the game add)"))
    for label, loads in (("cold", cold), ("warm", warm)):
        times = {name: [ready for ready, _ in values] for name, values in loads.items()}
        game = times["game"]
        if not game:
            continue
        for name, what, note in baselines:
            bare = times[name]
            paired = med([g / b for g, b in zip(game, bare, strict=True)])
            print(f"{label} time-to-ready, median: game {med(game):.0f} ms, {what} {med(bare):.0f} ms, "
                  f"ratio {med(game) / med(bare):.3f}{note}; median of the {len(game)} per-run ratios "
                  f"{paired:.3f}; fastest: game {min(game):.0f} ms, bare {min(bare):.0f} ms; "
                  f"spread (max-min) game {max(game) - min(game):.0f} ms, bare {max(bare) - min(bare):.0f} ms")
        # Python's start-up is the noisiest part of a load; the rest is steadier (see above).
        rest = {name: med([rest for _, rest in values]) for name, values in loads.items()}
        print(f"{label}, time to ready less the load's longest task (Python's start-up), median: "
              + ", ".join(f"{name} {value:.0f} ms" for name, value in rest.items()))
    if cold["game"] and warm["game"]:
        game_cold = med([ready for ready, _ in cold["game"]])
        returning = med([ready for ready, _ in warm["game"]])
        bare_cold = med([ready for ready, _ in cold["bare"]])
        print(f"targets: cold game / bare as published {game_cold / bare_cold:.3f} (target <= 0.45); "
              f"returning player (new tab, worker and snapshot cached) / cold game "
              f"{returning / game_cold:.3f} (target <= 0.50): {returning:.0f} / {game_cold:.0f} ms")
    if throttled["game"]:
        game, bare = med(throttled["game"]), med(throttled["bare"])
        print(f"throttled first visit (20 Mbit/s, 40 ms), median of {len(throttled['game'])}: game {game:.0f} ms, "
              f"bare Pyodide as published {bare:.0f} ms, ratio {game / bare:.3f}")
    for kind in ("roll", "score"):
        values = [ms for k, ms in clicks if k == kind]
        print(f"click-to-screen {kind}: n={len(values)} p50 {percentile(values, 0.5):.2f} ms, "
              f"p95 {percentile(values, 0.95):.2f} ms (target p95 <= 16 ms)")


if __name__ == "__main__":
    main()
