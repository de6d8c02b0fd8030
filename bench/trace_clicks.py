#!/usr/bin/env python3
"""Where a click's time goes as a phone (issue 31): click → screen under Chromium's CPU 4×.

    python3 bench/trace_clicks.py [--turns 10] [--warm 2] [--save trace.json] [--load trace.json]

Builds the site in a temporary directory, opens it as bench/bench_phone.py's phone (a
profile on disk, the first visit settled, a returning tab, 390×844, CPU 4×: phone_visits),
plays ``--warm`` turns, then ``--turns`` turns by clicks (phone_visits.play_clicks) under
a CDP trace (the DevTools timeline's events, V8's sampling profiler at 100 µs).

Each click is the span bench/bench_page.py's CLICK_PROBE measures: from the click event's
timestamp to a forced style and layout in a listener after the game's own (a
``performance.measure`` put in the trace by a second listener, after the probe's). Inside
it, on the page's main thread, the time is split by the trace's own events (self time):

- **before the handler**: from the event's timestamp to the click's dispatch (input queueing,
  the mousedown/pointer events, a frame drawn in between);
- **style** (``UpdateLayoutTree``), **layout** (``Layout``), **HTML parsing**
  (``ParseFragment``/``ParseHTML``: innerHTML), **GC** (V8's collections);
- **script**, split in the proportions of the profiler's samples (by their leaf frame):
  **Python** (wasm, Pyodide's interpreter running the game), **Pyodide JS glue**
  (``pyodide.asm.js``: the proxies' crossings), **DOM writes** (a property set through a
  proxy, ``element.innerHTML = …``, whose native work has no frame of its own; the region
  writer of assets/paint.js; replaceChild, setAttribute, …), **other DOM calls** (focus,
  querySelector, localStorage, Web Audio, …), **other JS** (the page's other scripts, PyScript's
  MutationObserver, the probes);
- **other**: the rest of the span (the dispatch's own work, tasks in between).

Prints the median and p95 of each part per kind of click (roll, score) in ms, and the leaf
functions with most samples. Tracing slows a page: take click → screen from bench_phone.py.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_page import CLICK_PROBE, build  # noqa: E402
from phone_visits import PHONE, launch, open_tab, percentile, play_clicks, settle_first_visit, warm_server  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
import serve  # noqa: E402

#: A listener after CLICK_PROBE's (init scripts run in order): the probe's span, in the trace.
MEASURE = """
window.addEventListener('click', e => {
  const kind = e.target.closest('#roll') ? 'roll' : (e.target.closest('[data-box]') ? 'score' : null);
  if (kind) performance.measure('click:' + kind, {start: e.timeStamp, end: performance.now()});
});
"""
CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink.user_timing", "v8.execute", "v8",
              "toplevel", "disabled-by-default-v8.cpu_profiler", "disabled-by-default-v8.cpu_profiler.hires"]
PARTS = ["before the handler", "Python (wasm)", "Pyodide JS glue", "DOM writes", "other DOM calls", "other JS",
         "HTML parsing", "style", "layout", "GC", "other"]
#: Native functions that change the page (their samples are DOM writes, not other DOM calls).
WRITES = {"replaceChild", "appendChild", "insertBefore", "remove", "setAttribute", "removeAttribute"}


def traced_clicks(turns: int, warm: int) -> list[dict]:
    """The trace's events over ``turns`` turns played by clicks on a returning phone tab."""
    with tempfile.TemporaryDirectory(prefix="trace-clicks-") as tmp:
        root = Path(tmp)
        site = root / "dist"
        build.build(site)
        server, url = serve.start_server(site, port=0)
        try:
            warm_server(site, url)
            with sync_playwright() as pw:
                context = launch(pw, root, PHONE)
                try:
                    settle_first_visit(context, site, url, server, PHONE)
                    tab = open_tab(context, PHONE, (CLICK_PROBE, MEASURE))
                    tab.page.goto(url)
                    tab.page.wait_for_function("window.__ready !== null", timeout=300_000, polling=50)
                    if warm:
                        play_clicks(tab, warm)
                    tab.page.evaluate("window.__clicks = []; performance.clearMeasures()")
                    events: list[dict] = []
                    tab.cdp.on("Tracing.dataCollected", lambda data: events.extend(data["value"]))
                    tab.cdp.send("Tracing.start", {"transferMode": "ReportEvents",
                                                   "traceConfig": {"includedCategories": CATEGORIES}})
                    play_clicks(tab, turns)
                    done: list[bool] = []
                    tab.cdp.on("Tracing.tracingComplete", lambda _: done.append(True))
                    tab.cdp.send("Tracing.end")
                    while not done:
                        tab.page.wait_for_timeout(100)
                    return events
                finally:
                    context.close()
        finally:
            server.shutdown()


def main_thread(events: list[dict]) -> tuple[int, int]:
    """(pid, tid) of the page's main thread: the one whose thread made the click measures."""
    measure = next(e for e in events if str(e.get("name", "")).startswith("click:"))
    pid = measure["pid"]
    tids = [e["tid"] for e in events if e.get("name") == "thread_name" and e["pid"] == pid
            and e["args"].get("name") == "CrRendererMain"]
    return pid, tids[0]


def spans(events: list[dict]) -> list[tuple[str, float, float]]:
    """Each click measure: (kind, begin, end) in trace µs."""
    begins: dict[Any, dict] = {}
    out = []
    for e in sorted((e for e in events if str(e.get("name", "")).startswith("click:")), key=lambda e: e["ts"]):
        key = (e["name"], e.get("id") or e.get("id2", {}).get("local"))
        if e["ph"] in ("b", "S"):
            begins[key] = e
        elif e["ph"] in ("e", "F") and key in begins:
            out.append((e["name"].split(":")[1], begins.pop(key)["ts"], e["ts"]))
    return out


def complete_events(events: list[dict], pid: int, tid: int) -> list[dict]:
    """The thread's events as complete ones (X; B/E pairs joined), by start, outer first."""
    out: list[dict] = []
    stack: list[dict] = []
    for e in sorted((e for e in events if e.get("pid") == pid and e.get("tid") == tid), key=lambda e: e["ts"]):
        if e.get("ph") == "X" and "dur" in e:
            out.append(e)
        elif e.get("ph") == "B":
            stack.append(e)
        elif e.get("ph") == "E" and stack:
            begin = stack.pop()
            out.append({**begin, "ph": "X", "dur": e["ts"] - begin["ts"]})
    return sorted(out, key=lambda e: (e["ts"], -e["dur"]))


def profile_samples(events: list[dict], pid: int) -> list[tuple[float, float, dict]]:
    """The sampling profiler's samples in the page's process: (time, interval to the next, leaf frame)."""
    starts = {e["id"]: e["args"]["data"]["startTime"] for e in events if e.get("name") == "Profile" and e["pid"] == pid}
    frames: dict[tuple[str, int], dict] = {}
    times: dict[str, float] = dict(starts)
    out: list[tuple[float, dict]] = []
    for chunk in sorted((e for e in events if e.get("name") == "ProfileChunk" and e["pid"] == pid),
                        key=lambda e: e["ts"]):
        data, key = chunk["args"]["data"], chunk["id"]
        profile = data.get("cpuProfile", {})
        for node in profile.get("nodes", []):
            frames[(key, node["id"])] = node["callFrame"]
        for node, delta in zip(profile.get("samples", []), data.get("timeDeltas", []), strict=False):
            times[key] += delta
            out.append((times[key], frames[(key, node)]))
    out.sort(key=lambda s: s[0])
    return [(t, min(out[i + 1][0] - t, 1000.0) if i + 1 < len(out) else 0.0, frame)
            for i, (t, frame) in enumerate(out)]


def event_part(event: dict) -> str | None:
    """The part a trace event's self time belongs to; None: script (split by the samples)."""
    name = event["name"]
    if name in ("UpdateLayoutTree", "RecalculateStyles", "ParseAuthorStyleSheet"):
        return "style"
    if name == "Layout":
        return "layout"
    if name in ("ParseHTML", "ParseFragment"):
        return "HTML parsing"
    if "GC" in name:
        return "GC"
    if name in ("FunctionCall", "v8.callFunction", "RunMicrotasks", "V8.Execute", "EvaluateScript", "EventDispatch",
                "TimerFire", "FireIdleCallback") or name.startswith("V8."):
        return None
    return "other"


def sample_part(frame: dict) -> str:
    """The part a script sample belongs to, by its leaf frame."""
    url, name = frame.get("url") or "", frame.get("functionName", "")
    if frame.get("codeType") == "wasm" and url.endswith(".wasm"):
        return "Python (wasm)"
    # A property set through a proxy (element.innerHTML = …) has no frame of its own: its
    # native work is the glue's leaf frame. The region writer of assets/paint.js likewise.
    if name == "JsProxy_SetAttr_js" or url.endswith("/paint.js") or (not url and name in WRITES):
        return "DOM writes"
    if url.endswith("pyodide.asm.js") or name.startswith(("wasm-to-js", "js-to-wasm")):
        return "Pyodide JS glue"
    if frame.get("codeType") == "other":
        return "GC" if name == "(garbage collector)" else "other"
    if not url and name and not frame.get("scriptId"):
        return "other DOM calls"
    return "other JS"


def is_click(event: dict) -> bool:  # the click's dispatch on the main thread
    return event["name"] == "EventDispatch" and event["args"].get("data", {}).get("type") == "click"


def click_parts(events: list[dict]) -> list[tuple[str, dict[str, float]]]:
    """Each click's span split into PARTS (ms), with its total, the game's listener and the
    microtasks after it as wholes (informative)."""
    pid, tid = main_thread(events)
    thread = complete_events(events, pid, tid)
    samples = profile_samples(events, pid)
    out = []
    for kind, begin, end in spans(events):
        inside = [e for e in thread if e["ts"] < end and e["ts"] + e["dur"] > begin]
        dispatch = next((e for e in inside if is_click(e)), {"ts": begin, "dur": end - begin})
        start = dispatch["ts"]
        parts: dict[str, float] = defaultdict(float, {"before the handler": start - begin})
        named: list[tuple[float, float, str | None]] = []  # (begin, end, part) clipped to [start, end]
        stack: list[tuple[float, float, str | None]] = []
        for e in inside:
            b, f = max(e["ts"], start), min(e["ts"] + e["dur"], end)
            if f <= b:
                continue
            while stack and stack[-1][1] <= b:
                stack.pop()
            part = event_part(e)
            if stack and stack[-1][2] not in (None, "other") and part is None:
                part = stack[-1][2]  # script inside a style or layout event (rare): that event's
            if stack:
                parts[stack[-1][2] or "script"] -= f - b
            parts[part or "script"] += f - b
            stack.append((b, f, part))
            named.append((b, f, part))
        # Script's self time, split in the proportions of the samples taken in it (a throttled
        # thread is paused between its slices: the samples are sparser than their interval).
        weights: dict[str, float] = defaultdict(float)
        for t, interval, frame in samples:
            innermost = [p for b, f, p in named if b <= t < f] if start <= t < end else []
            if innermost and innermost[-1] is None:
                weights[sample_part(frame)] += interval
        script = parts.pop("script", 0.0)
        for part, weight in weights.items():
            parts[part] += script * weight / sum(weights.values())
        parts["other"] += (end - start) - sum(v for k, v in parts.items() if k != "before the handler")
        within = [e for e in inside if dispatch["ts"] <= e["ts"] <= dispatch["ts"] + dispatch["dur"]]
        parts["(the game's listener)"] = max((e["dur"] for e in within if e["name"] == "FunctionCall"), default=0)
        parts["(microtasks after it)"] = sum(e["dur"] for e in within if e["name"] == "RunMicrotasks")
        parts["(click → screen)"] = end - begin
        out.append((kind, {k: v / 1000 for k, v in parts.items()}))
    return out


def table(rows: list[tuple[str, dict[str, float]]]) -> str:
    """Median and p95 of each part per kind of click, in ms."""
    keys = PARTS + ["(the game's listener)", "(microtasks after it)", "(click → screen)"]
    lines = ["| part | roll p50 | roll p95 | box p50 | box p95 |", "| --- | --- | --- | --- | --- |"]
    for key in keys:
        cells = []
        for kind in ("roll", "score"):
            values = [parts.get(key, 0.0) for k, parts in rows if k == kind]
            cells += [f"{percentile(values, 0.5):.1f}", f"{percentile(values, 0.95):.1f}"]
        lines.append(f"| {key} | " + " | ".join(cells) + " |")
    counts = {kind: sum(1 for k, _ in rows if k == kind) for kind in ("roll", "score")}
    lines.append(f"({counts['roll']} rolls, {counts['score']} boxes; parts in brackets are wholes, not summed)")
    return "\n".join(lines)


def top_leaves(events: list[dict], count: int = 15) -> list[str]:
    """The leaf functions with most sampled time after the click's dispatch began, in ms per
    click (the profiler's intervals: a throttled thread's pauses are left out)."""
    pid, tid = main_thread(events)
    samples = profile_samples(events, pid)
    thread = [e for e in complete_events(events, pid, tid) if is_click(e)]
    totals: dict[str, float] = defaultdict(float)
    clicks = spans(events)
    for _, begin, end in clicks:
        start = next((e["ts"] for e in thread if begin <= e["ts"] < end), begin)
        for t, interval, frame in samples:
            if start <= t < end:
                where = (frame.get("url") or "").rsplit("/", 1)[-1]
                totals[f"{frame.get('functionName') or '(anonymous)'} {where}".strip()] += interval
    ranked = sorted(totals.items(), key=lambda kv: -kv[1])[:count]
    return [f"  {ms / 1000 / len(clicks):5.2f}  {name}" for name, ms in ranked]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--turns", type=int, default=10, help="turns played under the trace (3 rolls and a box each)")
    parser.add_argument("--warm", type=int, default=2, help="turns played before the trace starts")
    parser.add_argument("--save", type=Path, help="write the trace's events to this file (JSON)")
    parser.add_argument("--load", type=Path, help="analyse a trace saved before instead of making one")
    args = parser.parse_args()
    if args.load:
        events = json.loads(args.load.read_text(encoding="utf-8"))
    else:
        events = traced_clicks(args.turns, args.warm)
        if args.save:
            args.save.write_text(json.dumps(events), encoding="utf-8")
    print("Click → screen as a phone (CPU 4×, 390×844), under tracing; ms, self time by part:")
    print(table(click_parts(events)))
    print("Leaf functions with most samples from the click's dispatch on (ms per click; a native "
          "function's style and layout are in it):")
    print("\n".join(top_leaves(events)))


if __name__ == "__main__":
    main()
