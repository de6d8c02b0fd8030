#!/usr/bin/env python3
"""Where a returning visit's time goes (issue 31): navigation start to ``data-state=ready``,
as a phone and unthrottled.

    python3 bench/trace_returning.py [--rounds 5] [--trace]

Builds the site into a temporary directory and marks the copy (never the repository), as
bench/boot_phases.py does: assets/boot.mjs marks its module's start, the snapshot read from
Cache Storage (matched, bytes read), pyodide.asm.js loaded, the snapshot unpacked, Pyodide
restored from it, PyScript asking for Python and getting it; index.html's script marks
the game's imports, the construction, ``App.open`` (the first draw) and the end of
``import game.main``. The page adds the HTML's arrival, DOMContentLoaded, the calls of
WebAssembly.instantiate(Streaming) and their results, PyScript's events, the early board
and the long tasks. Each round, per browser (bench/phone_visits.py: a profile on disk,
first visit settled, then a new tab), in turns: prints the medians in ms from the
navigation's start, and the phases' lengths. With ``--trace``, one more returning visit
per browser under Chromium's tracing: each long task's biggest events by self time.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import statistics
import sys
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_page import build  # noqa: E402
from phone_visits import DESKTOP, PHONE, Profile, launch, open_tab, settle_first_visit, warm_server  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
import serve  # noqa: E402

PROBE = """
window.__marks = {}; window.__tasks = [];
const mark = (name) => { if (!(name in window.__marks)) window.__marks[name] = performance.now(); };
for (const name of ['instantiateStreaming', 'instantiate']) {
  const original = WebAssembly[name];
  WebAssembly[name] = function (...args) {
    mark('wasm ' + name + ' called');
    return original.apply(this, args).then((result) => { mark('wasm ' + name + ' done'); return result; });
  };
}
document.addEventListener('DOMContentLoaded', () => mark('DOMContentLoaded'));
addEventListener('load', () => mark('load event'));
addEventListener('py:progress', (event) => mark('pyscript: ' + event.detail));
for (const name of ['py:ready', 'py:done']) document.addEventListener(name, () => mark(name), true);
new MutationObserver(() => {
  const state = document.body && document.body.dataset.state;
  if (state === 'waking') mark('board painted (waking)');
  if (state === 'ready') { mark('ready'); performance.mark('state-ready'); }
}).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-state']});
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__tasks.push([entry.startTime, entry.duration]);
}).observe({entryTypes: ['longtask']});
"""
COLLECT = """() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const out = Object.assign({'HTML received': nav.responseEnd}, window.__marks,
    Object.fromEntries(performance.getEntriesByType('mark').map((m) => [m.name, m.startTime])));
  for (const r of performance.getEntriesByType('resource')) {
    const name = r.name.split('/').pop();
    const wanted = /^(core\\.js|boot\\.mjs|pyodide\\.asm\\.js|pyodide\\.mjs|game-.*\\.zip)$/;
    if (wanted.test(name)) out[name + ' received'] = r.responseEnd;
  }
  delete out['state-ready'];
  return [out, window.__tasks, document.documentElement.dataset.pythonStart];
}"""
#: (anchor, replacement) in the built assets/boot.mjs; each anchor must occur exactly once.
BOOT_MARKS = [
    ("const savedSnapshot = fromCacheStorage(snapshotURL)\n  .then((cached) => cached?.blob()",
     "performance.mark('boot.mjs runs');\nconst savedSnapshot = fromCacheStorage(snapshotURL)\n"
     "  .then((cached) => { performance.mark('snapshot matched in Cache Storage'); return cached; })"
     ".then((cached) => cached?.blob()"),
    ("?.blob().then((blob) => blob.arrayBuffer()) ?? null)",
     "?.blob().then((blob) => blob.arrayBuffer()).then((b) => { performance.mark('snapshot bytes read'); return b; })"
     " ?? null)"),
    ("createPyodideModule.catch(() => {});",
     "createPyodideModule.catch(() => {}); createPyodideModule.then(() => performance.mark('pyodide.asm.js ran'),"
     " () => {});"),
    ("    const snapshot = unpackSnapshot(new Uint8Array(bytes));",
     "    performance.mark('unpack start'); const snapshot = unpackSnapshot(new Uint8Array(bytes));"
     " performance.mark('unpack end');"),
    ('    interpreter.runPython("import random\\nrandom.seed()");',
     "    performance.mark('restored'); interpreter.runPython(\"import random\\nrandom.seed()\");"),
    ("export async function loadPyodide(options = {}) {",
     "export async function loadPyodide(options = {}) { performance.mark('PyScript asks');"),
    ("\n  return interpreter;\n}", "\n  performance.mark('PyScript given');\n  return interpreter;\n}"),
]
#: The page's script, in the copy: the modules game/main.py imports, then the rest of it
#: (construction), with App.open (the first draw) marked.
MAIN = """import js, sys
js.performance.mark('main start')
js.window.__gameModules = len([m for m in sys.modules if m.startswith('game')])
from game.session.manager import App
_open = App.open
def _marked_open(self, *args, **kwargs):
    js.performance.mark('App.open start'); _open(self, *args, **kwargs); js.performance.mark('App.open end')
App.open = _marked_open
import game.core.links, game.core.turn_link, game.records.device, game.screens.language_list, game.session.words
import game.web.data_panel, game.web.dialogs, game.web.dom, game.web.early_paint, game.web.feedback
import game.web.guard, game.web.inputs, game.web.local_storage, game.web.page, game.web.page_language
import game.web.settings_dialog, game.web.strategy_loader
js.performance.mark('game imports done')
import game.main
js.performance.mark('main end')"""
#: Phases: (label, from, to).
PHASES = [("HTML", None, "HTML received"), ("to DOMContentLoaded", "HTML received", "DOMContentLoaded"),
          ("boot.mjs runs", None, "boot.mjs runs"),
          ("snapshot read (Cache Storage)", "boot.mjs runs", "snapshot bytes read"),
          ("unpack", "unpack start", "unpack end"),
          ("wasm instantiate (code cache)", "wasm instantiateStreaming called", "wasm instantiateStreaming done"),
          ("restore (unpack end → restored)", "unpack end", "restored"),
          ("restored → PyScript given", "restored", "PyScript given"),
          ("PyScript start (given → main)", "PyScript given", "main start"),
          ("game imports", "main start", "game imports done"), ("construction", "game imports done", "App.open start"),
          ("App.open (first draw)", "App.open start", "App.open end"), ("rest to ready", "App.open end", "ready")]


def mark_copy(site: Path) -> None:
    """Write the marks into the copy, and the copy's new digests into its sw.js: the worker
    precaches with Subresource Integrity and would not install otherwise."""
    worker = (site / "sw.js").read_text(encoding="utf-8")
    before = {path: digest(site / path) for path in ("assets/boot.mjs", "index.html")}
    boot = site / "assets" / "boot.mjs"
    text = boot.read_text(encoding="utf-8")
    for anchor, replacement in BOOT_MARKS:
        if text.count(anchor) != 1:
            raise SystemExit(f"assets/boot.mjs changed shape ({anchor[:40]!r}): update bench/trace_returning.py")
        text = text.replace(anchor, replacement)
    boot.write_text(text, encoding="utf-8")
    page = site / "index.html"
    html = page.read_text(encoding="utf-8")
    if html.count(">import game.main</script>") != 1:
        raise SystemExit("index.html's entry point changed shape: update bench/trace_returning.py")
    page.write_text(html.replace(">import game.main</script>", f">{MAIN}</script>"), encoding="utf-8")
    for path, old in before.items():
        if worker.count(old) != 1:
            raise SystemExit(f"sw.js does not name {path} by its digest: update bench/trace_returning.py")
        worker = worker.replace(old, digest(site / path))
    (site / "sw.js").write_text(worker, encoding="utf-8")


def digest(path: Path) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(path.read_bytes()).digest()).decode()


def returning(pw: Any, root: Path, site: Path, url: str, server: Any, profile: Profile,
              trace: bool = False) -> tuple[dict[str, float], list, Any]:
    context = launch(pw, root, profile)
    try:
        settle_first_visit(context, site, url, server, profile)
        tab = open_tab(context, profile, (PROBE,))
        events: list[dict] = []
        if trace:
            tab.cdp = tab.cdp or context.new_cdp_session(tab.page)
            tab.cdp.on("Tracing.dataCollected", lambda data: events.extend(data["value"]))
            tab.cdp.send("Tracing.start", {"transferMode": "ReportEvents", "traceConfig": {"includedCategories": [
                "devtools.timeline", "v8", "v8.wasm", "blink.user_timing", "disabled-by-default-devtools.timeline",
                "loading", "toplevel"]}})
        tab.page.goto(url)
        tab.page.wait_for_function("window.__ready !== null", timeout=300_000, polling=50)
        tab.page.wait_for_timeout(300)  # the long task observer reports a task after it ends
        marks, tasks, start = tab.page.evaluate(COLLECT)
        marks["game modules already imported"] = tab.page.evaluate("window.__gameModules")
        if start != "snapshot":
            print(f"  {profile.name}: this returning visit did not start from the snapshot", file=sys.stderr)
        if trace:
            done: list[bool] = []
            tab.cdp.on("Tracing.tracingComplete", lambda _: done.append(True))
            tab.cdp.send("Tracing.end")
            while not done:
                tab.page.wait_for_timeout(100)
        return marks, tasks, events
    finally:
        context.close()


def long_task_breakdown(events: list[dict], ready_ms: float) -> list[str]:
    """Each long task (≥ 50 ms) of the page's main thread before ready: its biggest events
    by self time (a script's name where the event has one). The page's clock is set on the
    trace's by the mark made at ready; its process is the one that made it."""
    ready = [e for e in events if e.get("name") == "state-ready"]
    if not ready:
        return ["(no ready mark in the trace)"]
    begin, end, pid = ready[-1]["ts"] - ready_ms * 1000, ready[-1]["ts"], ready[-1]["pid"]
    main = [e for e in events if e.get("name") == "thread_name" and e["pid"] == pid
            and e["args"].get("name") == "CrRendererMain"]
    lines = []
    for thread in main:
        on = sorted((e for e in events if e.get("ph") == "X" and e.get("pid") == pid
                     and e.get("tid") == thread["tid"] and "dur" in e), key=lambda e: (e["ts"], -e["dur"]))
        tasks = [e for e in on if e["name"] == "RunTask" and e["dur"] >= 50_000 and begin <= e["ts"] <= end]
        for task in tasks:
            inside = [e for e in on if task["ts"] <= e["ts"] and e["ts"] + e["dur"] <= task["ts"] + task["dur"]]
            selfs: dict[str, float] = defaultdict(float)
            stack: list[dict] = []
            for e in inside:  # self time: each event's length less its children's
                while stack and stack[-1]["ts"] + stack[-1]["dur"] <= e["ts"]:
                    stack.pop()
                if stack:
                    selfs[label(stack[-1])] -= e["dur"]
                selfs[label(e)] += e["dur"]
                stack.append(e)
            top = sorted(selfs.items(), key=lambda kv: -kv[1])[:8]
            lines.append(f"  task at {(task['ts'] - begin) / 1000:.0f} ms, {task['dur'] / 1000:.0f} ms: "
                         + ", ".join(f"{name} {value / 1000:.0f}" for name, value in top))
    return lines


def label(event: dict) -> str:
    data = event.get("args", {}).get("data", {}) or {}
    url = data.get("url") or event.get("args", {}).get("fileName") or ""
    return f"{event['name']} ({url.rsplit('/', 1)[-1]})" if url else event["name"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--trace", action="store_true", help="and one traced returning visit per browser")
    args = parser.parse_args()
    profiles = [PHONE, DESKTOP]
    records: dict[str, list[tuple[dict[str, float], list]]] = {p.name: [] for p in profiles}
    breakdowns: dict[str, list[str]] = {}
    with tempfile.TemporaryDirectory(prefix="trace-returning-") as tmp:
        root = Path(tmp)
        site = root / "dist"
        build.build(site)
        mark_copy(site)
        server, url = serve.start_server(site, port=0)
        try:
            warm_server(site, url)
            with sync_playwright() as pw:
                for run in range(args.rounds):
                    for profile in profiles if run % 2 == 0 else profiles[::-1]:
                        marks, tasks, _ = returning(pw, root, site, url, server, profile)
                        records[profile.name].append((marks, tasks))
                    print(f"round {run + 1} of {args.rounds} done", file=sys.stderr, flush=True)
                if args.trace:
                    for profile in profiles:
                        marks, _, events = returning(pw, root, site, url, server, profile, trace=True)
                        breakdowns[profile.name] = [f"  (ready at {marks['ready']:.0f} ms)",
                                                    *long_task_breakdown(events, marks["ready"])]
        finally:
            server.shutdown()
    for name, rows in records.items():
        print(f"\n{name}: {len(rows)} returning visits, medians in ms from the navigation's start")
        keys = {key for marks, _ in rows for key in marks}
        med = {key: statistics.median(m[key] for m, _ in rows if key in m) for key in keys}
        for key in sorted(med, key=med.get):
            if key != "game modules already imported":
                print(f"  {med[key]:7.0f}  {key}")
        modules = med["game modules already imported"]
        print(f"  game modules in sys.modules before `import game.main` (median): {modules:.0f}")
        print("  phases (median of each round's length):")
        for text, start, end in PHASES:
            lengths = [m[end] - (m[start] if start else 0) for m, _ in rows if end in m and (not start or start in m)]
            if lengths:
                print(f"  {statistics.median(lengths):7.0f}  {text}")
        for i, (marks, tasks) in enumerate(rows, 1):
            # Each long task before ready, with the marks made while it ran (a promise's
            # continuation marks inside the task that resolved it).
            before = [(s, d) for s, d in sorted(tasks) if s < marks["ready"]]
            print(f"  round {i}: ready {marks['ready']:.0f}, long tasks before it {sum(d for _, d in before):.0f} ms:")
            for s, d in before:
                inside = [k for k, v in sorted(marks.items(), key=lambda kv: kv[1]) if s <= v <= s + d]
                print(f"    {s:.0f}+{d:.0f}: " + ", ".join(inside))
        if name in breakdowns:
            print("  traced returning visit (tracing slows it), long tasks' biggest events by self time, ms:")
            print("\n".join(breakdowns[name]))


if __name__ == "__main__":
    sys.exit(main())
