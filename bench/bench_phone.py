#!/usr/bin/env python3
"""Phone benchmark (issue 31): first and returning visits of the game against the bare page,
as a phone and as a desktop, and click → screen as a phone, in one run.

    python3 bench/bench_phone.py [--rounds 5] [--clicks 30] [--input click|tap] [--unthrottled | --phone-only]
                                 [--split] [--no-bare]

Two browsers, each with a profile on disk per visit (a player's browser: it keeps the
wasm's code cache and the service worker):

- **phone**: Chromium's CPU throttling 4× and DevTools' "Fast 4G" network (9 Mbit/s down,
  1.5 up, 60 ms latency), set through the DevTools protocol on every tab before it loads;
  390×844;
- **desktop**: no throttling, Playwright's default viewport (1280×720).

Each round, for each browser, in a fresh profile each:

1. the game's first visit, timed to ready, with its first paint (first-contentful-paint)
   and the frame that first shows the card's rows; the bytes the server sent before ready
   (its log) give the transfer time at 9 Mbit/s;
2. a game started and a die rolled, the page left open until the worker holds the site
   and the Python snapshot (as a player's idle page asks for it), the early board is kept
   and the wasm's code cache written;
3. the returning visit, timed to the early board (``<body data-state="waking">``,
   assets/paint.js) and to ready, two ways (bench/return_visits.py; issue 43): a new tab of
   the browser still running (warm), and the browser closed and launched again on the same
   profile (cold: no service worker running, the memory caches empty); with ``--split``
   also the warm tab with its worker stopped first and the cold browser with its worker
   started first. On the phone, then ``--clicks`` turns played by clicks in the last
   visit's tab (three rolls and a box each; ``--input tap``: by taps on a touch screen) for
   click → screen, as bench/bench_page.py measures it;
4. in another fresh profile, the bare page's first visit (bench/bare.html: Pyodide as
   published, bench_page.prepare_site()); not with ``--no-bare``.

The order turns round every round (the browsers, and the game and the bare page within
each), as bench_page.load_order does, so that machine noise falls on all alike. Prints
each round's figures, then their medians against the issue's targets. Compare ratios
within one run: the machine is noisy.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_page import CHROMIUM, build, prepare_site  # noqa: E402
from phone_visits import (  # noqa: E402
    CPU_SLOWDOWN,
    DESKTOP,
    FAST_4G_BITS,
    INPUTS,
    PHONE,
    Profile,
    bare_visit,
    median,
    percentile,
    warm_server,
)
from return_visits import VARIANTS, game_visits, moments_table  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
import serve  # noqa: E402  (in this process: its log of what it sent is read after each visit)

Round = dict[str, dict[str, dict[str, Any]]]  # profile name → page ("game", "bare") → figures


def visit_order(run: int, profiles: list[Profile],
                pages: tuple[str, ...] = ("game", "bare")) -> list[tuple[Profile, str]]:
    """The visits of one round, (browser, page) in turn: the order shifts round by one every
    round and reverses every other, so that each visit comes in every position over the rounds."""
    visits = [(profile, page) for profile in profiles for page in pages]
    shift = run % len(visits)  # a cyclic shift, reversed every other round: each visit in every position
    order = visits[shift:] + visits[:shift]
    return order if run % 2 == 0 else order[::-1]


def transfer_ms(sent: int) -> float:
    """How long ``sent`` bytes take at Fast 4G's 9 Mbit/s, latency aside."""
    return sent * 8 / FAST_4G_BITS * 1000


NAN = float("nan")


def derived(r: dict[str, dict[str, Any]], profile: Profile) -> dict[str, float]:
    """One browser's figures of one round, and the ratios the issue sets targets for (NaN for
    the bare page's without it); each returning visit's as "<variant>: board", ": ready"."""
    game, bare = r["game"], r.get("bare", {"first": NAN, "sent": NAN})
    out = {"first": game["first"], "bare": bare["first"], "cold ÷ bare": game["first"] / bare["first"],
           "board": game["board"], "returning": game["returning"],
           "board ÷ ready": game["board"] / game["returning"], "returning ÷ first": game["returning"] / game["first"],
           "sent MB": game["sent"] / 1e6, "bare sent MB": bare["sent"] / 1e6,
           "first-contentful-paint": game["paints"].get("first-contentful-paint", NAN),
           "rows frame": game["paints"]["rows frame"]}
    if profile.throttled:
        out["transfer"] = transfer_ms(game["sent"])
        out["first ÷ transfer"] = game["first"] / out["transfer"]
        out["bare ÷ transfer"] = bare["first"] / transfer_ms(bare["sent"])
    for variant, visit in game["visits"].items():
        out[f"{variant}: board"], out[f"{variant}: ready"] = visit["board"], visit["returning"]
        out[f"{variant}: board ÷ ready"] = visit["board"] / visit["returning"]
        out[f"{variant}: ready ÷ first"] = visit["returning"] / game["first"]
    return out


#: The issue's targets: (figure, limit) per browser; the board also has ≤ 400 ms on the phone.
TARGETS = {"phone": {"first ÷ transfer": 2.0, "cold ÷ bare": 0.40, "board ÷ ready": 0.15, "board": 400,
                     "returning ÷ first": 0.30},
           "desktop": {"cold ÷ bare": 0.50, "returning ÷ first": 0.35}}
CLICK_TARGET = 50.0  # ms, p95 under the phone profile


def line(profile: Profile, d: dict[str, float], snapshot: bool = True) -> str:
    head = f"first {d['first']:.0f} ({d['sent MB']:.2f} MB"
    if profile.throttled:
        head += f", transfer {d['transfer']:.0f}, ×{d['first ÷ transfer']:.2f}"
    head += f"); bare first {d['bare']:.0f} ({d['bare sent MB']:.2f} MB"
    head += f", ×{d['bare ÷ transfer']:.2f} its transfer)" if profile.throttled else ")"
    warn = "" if snapshot else " [NOT from the snapshot]"
    head += f", first paint {d['first-contentful-paint']:.0f}, card rows' frame {d['rows frame']:.0f}"
    return (f"{head}, game ÷ bare {d['cold ÷ bare']:.3f}; returning: board {d['board']:.0f}, "
            f"ready {d['returning']:.0f}{warn}, board ÷ ready {d['board ÷ ready']:.3f}; "
            f"returning ÷ first {d['returning ÷ first']:.3f}")


def visits_line(d: dict[str, float]) -> str:
    """Each returning visit's board and ready, and their ratios."""
    variants = [v for v in VARIANTS if f"{v}: ready" in d]
    return "; ".join(f"{v}: board {d[v + ': board']:.0f}, ready {d[v + ': ready']:.0f} "
                     f"(board ÷ ready {d[v + ': board ÷ ready']:.3f}, ÷ first {d[v + ': ready ÷ first']:.3f})"
                     for v in variants)


#: Issue 43's targets, per browser: (figure, limit); each returning visit's are checked for
#: every variant measured.
TARGETS_43 = {"phone": {"first ÷ transfer": 1.6, "rows frame": 1500, "first-contentful-paint": 1500},
              "desktop": {}}
VISIT_TARGETS_43 = {"phone": {"board": 400, "board ÷ ready": 0.15, "ready ÷ first": 0.25},
                    "desktop": {"ready ÷ first": 0.35}}


def checked(med: dict[str, float], targets: dict[str, float]) -> str:
    return "; ".join(f"{key} {med[key]:.3g} (≤ {limit:g}: {'met' if med[key] <= limit else 'NOT met'})"
                     for key, limit in targets.items() if key in med)


def click_line(clicks: list[tuple[str, float]]) -> str:
    parts = []
    for kind in ("roll", "score"):
        values = [ms for k, ms in clicks if k == kind]
        parts.append(f"{kind} n={len(values)} p50 {percentile(values, 0.5):.1f} p95 {percentile(values, 0.95):.1f}")
    return "; ".join(parts)


def report(rounds: list[Round], profiles: list[Profile]) -> None:
    for profile in profiles:
        label = (f"phone (CPU {CPU_SLOWDOWN}×, Fast 4G 9/1.5 Mbit/s 60 ms, 390×844)" if profile.throttled
                 else "desktop (unthrottled, 1280×720)")
        print(f"{label}, {len(rounds)} rounds, ms from the navigation's start:")
        rows = [derived(r[profile.name], profile) for r in rounds]
        for i, (r, d) in enumerate(zip(rounds, rows, strict=True), 1):
            print(f"  round {i}: {line(profile, d, r[profile.name]['game']['snapshot'])}")
            print(f"    returning: {visits_line(d)}")
            for variant, visit in r[profile.name]["game"]["visits"].items():
                warn = "" if visit["snapshot"] else " [NOT from the snapshot]"
                print(f"    {variant}: {visit['how']}{warn}")
            if "clicks" in r[profile.name]["game"]:
                print(f"    click → screen: {click_line(r[profile.name]['game']['clicks'])}")
        med = {key: median([d[key] for d in rows]) for key in rows[0]}
        print(f"  medians: {line(profile, med)}")
        checks = [f"{key} {med[key]:.3g} (≤ {limit:g}: {'met' if med[key] <= limit else 'NOT met'})"
                  for key, limit in TARGETS[profile.name].items()]
        print("  targets (medians of the rounds' figures): " + "; ".join(checks))
        print(f"  returning, medians: {visits_line(med)}")
        variants = [v for v in VARIANTS if f"{v}: ready" in med]
        print("  issue 43's targets: " + "; ".join(filter(None, [checked(med, TARGETS_43[profile.name])] + [
            f"{v}: " + checked({k: med[f"{v}: {k}"] for k in VISIT_TARGETS_43[profile.name]},
                               VISIT_TARGETS_43[profile.name]) for v in variants])))
        print("\n".join("  " + row for row in moments_table([r[profile.name]["game"] for r in rounds])))
        pooled = [c for r in rounds for c in r[profile.name]["game"].get("clicks", [])]
        if pooled:
            p95s = {kind: percentile([ms for k, ms in pooled if k == kind], 0.95) for kind in ("roll", "score")}
            verdict = ", ".join(f"{kind} {'met' if p95 <= CLICK_TARGET else 'NOT met'}" for kind, p95 in p95s.items())
            print(f"  click → screen, all rounds: {click_line(pooled)} (target p95 ≤ {CLICK_TARGET:g} ms: {verdict})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--clicks", type=int, default=30,
                        help="turns played by clicks each round on the phone (3 rolls and a box each; 0: none)")
    parser.add_argument("--input", choices=INPUTS, default="click",
                        help="how the phone's clicks are made: Playwright's click (default) or a touch screen's tap")
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--unthrottled", action="store_true", help="the desktop's figures only")
    which.add_argument("--phone-only", action="store_true", help="the phone's figures only")
    parser.add_argument("--split", action="store_true",
                        help="also the warm tab with its worker stopped, and the cold browser with its worker started")
    parser.add_argument("--no-bare", action="store_true", help="no bare page (no ratio to it)")
    args = parser.parse_args()
    profiles = [DESKTOP] if args.unthrottled else [PHONE] if args.phone_only else [PHONE, DESKTOP]
    rounds: list[Round] = []
    with tempfile.TemporaryDirectory(prefix="bench-phone-") as tmp:
        root = Path(tmp)
        site = root / "dist"
        build.build(site)
        prepare_site(site)
        server, url = serve.start_server(site, port=0)
        try:
            warm_server(site, url)
            with sync_playwright() as pw:
                for run in range(args.rounds):
                    figures: Round = {p.name: {} for p in profiles}
                    for profile, page in visit_order(run, profiles, ("game",) if args.no_bare else ("game", "bare")):
                        for attempt in (1, 2):  # a renderer that crashes (seen once in 10 rounds) costs one retry
                            try:
                                figures[profile.name][page] = (
                                    game_visits(pw, root, site, url, server, profile,
                                                args.clicks if profile.throttled else 0, args.input, args.split)
                                    if page == "game" else bare_visit(pw, root, url, server, profile))
                                break
                            except PlaywrightError as error:
                                if attempt == 2:
                                    raise
                                print(f"round {run + 1}, {profile.name} {page}: {error.message.splitlines()[0]};"
                                      " once more, in a fresh profile", file=sys.stderr, flush=True)
                    rounds.append(figures)
                    print(f"round {run + 1} of {args.rounds} done", file=sys.stderr, flush=True)
        finally:
            server.shutdown()
    print(f"Chromium {CHROMIUM or 'bundled'}; order of the round's visits turned round every round;"
          f" the phone's clicks made by {args.input}")
    report(rounds, profiles)


if __name__ == "__main__":
    main()
