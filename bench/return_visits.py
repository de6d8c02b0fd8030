"""A round's returning visits as a phone meets them (issue 43), for bench/bench_phone.py.

    python3 bench/return_visits.py --sites BEFORE AFTER [--rounds 4] [--desktop]

For bench/bench_phone.py, which makes them every round. As a script: two built sites
(two dist/ folders, each served by a server of its own) compared in one run, the order
of the two turned every round, the first visit then the warm and the cold returning visit
as a phone (``--desktop``: unthrottled); prints each visit's board and ready and the
medians of the moments per site. After the first visit (phone_visits.settle_first_visit), in the same profile
on disk, the returning visit two ways, or four with ``split``:

- **warm**: a new tab of the browser still running, right after the first visit (its
  service worker still running, its memory cache full): what bench_phone.py always measured;
- *warm, worker stopped* (``split``): the same, its service worker stopped first through the
  DevTools protocol (``ServiceWorker.stopAllWorkers``): the worker's start alone;
- **cold**: the browser closed and launched again on the same profile, so that no service
  worker runs and the memory caches are empty, as a phone's browser is after a while; its
  new tab throttled before it navigates, as every tab;
- *cold, worker started* (``split``): closed and launched again, the worker started before
  the navigation (``ServiceWorker.startWorker``): the cold browser without the worker's start.

Each is timed to the early board (``data-state="waking"``) and ready, with the navigation's
moments (``performance.getEntriesByType('navigation')``, the paint entries, some files'
arrival). The last visit's tab plays the clicks.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench_page import CLICK_PROBE
from phone_visits import (
    DESKTOP,
    PHONE,
    Profile,
    Tab,
    launch,
    median,
    open_tab,
    play_clicks,
    settle_first_visit,
    warm_server,
)

#: The visits, in the order a round makes them; whether each starts a new browser.
VARIANTS = {"warm": False, "warm, worker stopped": False, "cold": True, "cold, worker started": True}
#: The visits made only with ``split``.
SPLIT_ONLY = ("warm, worker stopped", "cold, worker started")
#: The navigation's moments, the paints and some files' arrival, once ready; and how the page
#: came (its delivery and, under static routing, the router's matched and final sources).
MOMENTS = """() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const out = {};
  for (const key of ['workerStart', 'workerRouterEvaluationStart', 'workerCacheLookupStart', 'fetchStart',
                     'requestStart', 'responseStart', 'responseEnd', 'domInteractive', 'domContentLoadedEventEnd']) {
    if (nav[key] > 0) out['HTML ' + key] = nav[key];
  }
  for (const paint of performance.getEntriesByType('paint')) out[paint.name] = paint.startTime;
  const wanted = /^(style\\.css|paint\\.js|boot\\.mjs|core\\.js|pyodide\\.mjs|pyodide\\.asm\\.js|game-.*\\.zip)$/;
  let byWorker = 0, count = 0;
  const sources = new Set();
  for (const r of performance.getEntriesByType('resource')) {
    count += 1; if (r.workerStart > 0) byWorker += 1;
    if (r.workerFinalSourceType) sources.add(r.workerFinalSourceType);
    const name = r.name.split('?')[0].split('/').pop();
    if (wanted.test(name)) out[name.replace(/-[0-9a-f]{8,}/, '') + ' received'] = r.responseEnd;
  }
  const how = [nav.deliveryType || '-', nav.workerMatchedSourceType || '-', nav.workerFinalSourceType || '-'];
  return [out, 'page ' + how.join('/') + '; ' + byWorker + ' of ' + count + ' files with a worker timing'
    + (sources.size ? ' (final sources: ' + [...sources].sort().join(', ') + ')' : '')];
}"""
#: The start of the frame after the early board is set (a requestAnimationFrame: it renders
#: it), and the largest-contentful-paint entries (time, the element's or its region's id).
BOARD_PROBE = """
window.__boardFrame = null; window.__lcp = [];
new MutationObserver((_, observer) => {
  if (!document.body || document.body.dataset.state !== 'waking') return;
  observer.disconnect(); requestAnimationFrame(() => { window.__boardFrame = performance.now(); });
}).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-state']});
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    const region = e.element && e.element.closest('[id]');
    const what = e.element ? e.element.tagName.toLowerCase() + (region ? ' in #' + region.id : '') : '?';
    window.__lcp.push([e.startTime, what + ' "' + (e.element?.textContent || '').trim().slice(0, 24) + '"']);
  }
}).observe({type: 'largest-contentful-paint', buffered: true});
"""
#: Rows of the moments' table, in order: a key of MOMENTS' figures, or "board" and "ready".
ROWS = ["HTML fetchStart", "HTML workerStart", "HTML workerRouterEvaluationStart", "HTML workerCacheLookupStart",
        "HTML requestStart", "HTML responseStart", "HTML responseEnd", "style.css received", "paint.js received",
        "first-paint", "board", "board frame", "first-contentful-paint", "LCP", "HTML domInteractive",
        "core.js received", "boot.mjs received", "pyodide.mjs received", "pyodide.asm.js received", "game.zip received",
        "HTML domContentLoadedEventEnd", "ready"]


def worker_events(context: Any, tab: Tab) -> list[dict[str, Any]]:
    """The service worker versions' updates, through the tab's DevTools session (made if the
    tab has none), from now on."""
    if tab.cdp is None:
        tab.cdp = context.new_cdp_session(tab.page)
    versions: list[dict[str, Any]] = []
    tab.cdp.on("ServiceWorker.workerVersionUpdated", lambda event: versions.extend(event["versions"]))
    tab.cdp.send("ServiceWorker.enable")
    return versions


def wait_status(tab: Tab, versions: list[dict[str, Any]], status: str, timeout: float = 30.0) -> None:
    """Wait until the last update of every version seen says ``status``."""
    end = time.monotonic() + timeout
    while True:
        last = {v["versionId"]: v["runningStatus"] for v in versions}
        if last and all(s == status for s in last.values()):
            return
        if time.monotonic() > end:
            raise TimeoutError(f"service worker not {status}: {last}")
        tab.page.wait_for_timeout(50)


def stop_worker(context: Any, tab: Tab, url: str) -> None:
    versions = worker_events(context, tab)
    tab.cdp.send("ServiceWorker.stopAllWorkers")
    wait_status(tab, versions, "stopped")


def start_worker(context: Any, tab: Tab, url: str) -> None:
    versions = worker_events(context, tab)
    tab.cdp.send("ServiceWorker.startWorker", {"scopeURL": url})
    wait_status(tab, versions, "running")


#: What is done in a variant's tab before it navigates.
BEFORE: dict[str, Callable[[Any, Tab, str], None]] = {"warm, worker stopped": stop_worker,
                                                       "cold, worker started": start_worker}


def visit_again(context: Any, profile: Profile, url: str, variant: str,
                scripts: tuple[str, ...] = ()) -> tuple[dict[str, Any], Tab]:
    """A returning visit in a new tab of ``context``; its figures and its tab (left open)."""
    tab = open_tab(context, profile, (BOARD_PROBE, *scripts))
    if variant in BEFORE:
        BEFORE[variant](context, tab, url)
    tab.page.goto(url)
    tab.page.wait_for_function("window.__ready !== null", timeout=300_000, polling=50)
    waking, ready, start = tab.page.evaluate(
        "[window.__waking, window.__ready, document.documentElement.dataset.pythonStart]")
    moments, how = tab.page.evaluate(MOMENTS)
    frame, lcp = tab.page.evaluate("[window.__boardFrame, window.__lcp]")
    board = float("nan") if waking is None else waking
    moments.update({"board": board, "ready": ready, "board frame": float("nan") if frame is None else frame})
    before = [entry for entry in lcp if entry[0] <= ready]
    if before:
        moments["LCP"] = before[-1][0]
        how += f"; LCP {before[-1][0]:.0f} ({before[-1][1]})"
    return {"board": board, "returning": ready, "snapshot": start == "snapshot", "moments": moments,
            "how": how}, tab


def game_visits(pw: Any, root: Path, site: Path, url: str, server: Any, profile: Profile,
                clicks: int, how: str = "click", split: bool = False) -> dict[str, Any]:
    """In a fresh profile on disk: the first visit (settle_first_visit), then the returning
    visits of VARIANTS (without SPLIT_ONLY's unless ``split``), each timed to the early board
    and ready; in the last one's tab, ``clicks`` turns played by clicks for their latency.
    The warm visit's figures are also the returned dict's own "board", "returning" and
    "snapshot", as before issue 43; each variant's are under "visits"."""
    directory = Path(tempfile.mkdtemp(prefix=f"{profile.name}-", dir=root))
    touch = bool(clicks) and how == "tap"
    context = launch(pw, root, profile, touch, directory)
    try:
        ready, sent, paints = settle_first_visit(context, site, url, server, profile)
        figures: dict[str, Any] = {"first": ready, "sent": sent, "paints": paints, "visits": {}}
        variants = [v for v in VARIANTS if split or v not in SPLIT_ONLY]
        for i, variant in enumerate(variants):
            last = i == len(variants) - 1
            if VARIANTS[variant]:
                context.close()
                context = launch(pw, root, profile, touch, directory)
            visit, tab = visit_again(context, profile, url, variant, (CLICK_PROBE,) if last and clicks else ())
            figures["visits"][variant] = visit
            if last and clicks:
                figures["clicks"] = play_clicks(tab, clicks, how)
            tab.page.close()
        figures.update({key: figures["visits"]["warm"][key] for key in ("board", "returning", "snapshot")})
        return figures
    finally:
        context.close()


def moments_table(games: list[dict[str, Any]]) -> list[str]:
    """Markdown rows: each moment's median over the rounds, per variant (those measured)."""
    variants = [v for v in VARIANTS if all(v in g["visits"] for g in games)]
    lines = ["| moment (ms from the navigation's start) | " + " | ".join(variants) + " |",
             "| --- |" + " --- |" * len(variants)]
    for row in ROWS:
        values = [median([g["visits"][v]["moments"].get(row, float("nan")) for g in games]) for v in variants]
        if any(value == value for value in values):
            lines.append(f"| {row} | " + " | ".join("-" if v != v else f"{v:.0f}" for v in values) + " |")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sites", nargs=2, type=Path, required=True, metavar=("BEFORE", "AFTER"))
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--desktop", action="store_true", help="unthrottled instead of the phone")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
    import serve

    profile = DESKTOP if args.desktop else PHONE
    names = [str(site) for site in args.sites]
    games: dict[str, list[dict[str, Any]]] = {name: [] for name in names}
    servers = [serve.start_server(site, port=0) for site in args.sites]
    try:
        for site, (_, url) in zip(args.sites, servers, strict=True):
            warm_server(site, url)
        with tempfile.TemporaryDirectory(prefix="return-visits-") as tmp, sync_playwright() as pw:
            for run in range(args.rounds):
                for i in (0, 1) if run % 2 == 0 else (1, 0):
                    server, url = servers[i]
                    game = game_visits(pw, Path(tmp), args.sites[i], url, server, profile, 0)
                    games[names[i]].append(game)
                    print(f"round {run + 1}, {names[i]}: first {game['first']:.0f}; " + "; ".join(
                        f"{v}: board {g['board']:.0f}, ready {g['returning']:.0f} ({g['how']})"
                        for v, g in game["visits"].items()), flush=True)
    finally:
        for server, _ in servers:
            server.shutdown()
    for name, rows in games.items():
        print(f"\n{name}, {profile.name}, medians of {len(rows)} rounds:")
        print("\n".join(moments_table(rows)))


if __name__ == "__main__":
    main()
