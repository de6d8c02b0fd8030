#!/usr/bin/env python3
"""Soak: random play in Chromium, checked against the engine after every action, for a while.

    .venv/bin/python tools/soak.py [--seconds 180] [--seed N] [--actions 400]

Runs tests/browser/randomized.py's RandomPlay on seeds N, N+1, ... (a fresh page each,
games on the page's own random dice) until the time is up, and prints one summary line:
actions, reloads, games, mismatches, errors. Each failure is printed with its action log
and the command that replays it (``--seed S --runs 1 --actions K --game-seeds a,b``).
Exits 1 on any mismatch or recorded error.

It builds the site into a temporary directory with tools/build.py (``npm ci`` first) and
serves it with tools/serve.py, as the browser tests do; ``--site DIR`` serves a built one.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # tools/ holds scripts: game and tests import from the root

import pytest  # noqa: E402  (the page helpers fail through pytest.fail, also outside pytest)
from playwright.sync_api import sync_playwright  # noqa: E402

from tests.browser import chromium  # noqa: E402
from tests.browser.pages import CHROMIUM_ARGS, open_site  # noqa: E402
from tests.browser.randomized import Mismatch, RandomPlay, Tally  # noqa: E402
from tests.support import build_site, load_tool  # noqa: E402


def soak(url: str, args: argparse.Namespace) -> tuple[Tally, int, int]:
    """Runs until the time is up; returns the summed tally, the mismatches and the errors."""
    total, mismatches, errors = Tally(), 0, 0
    until = time.monotonic() + args.seconds
    pins = [s for s in args.game_seeds.split(",") if s]
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium.executable(), args=CHROMIUM_ARGS)
        seed = args.seed
        while time.monotonic() < until and (args.runs is None or seed < args.seed + args.runs):
            try:
                site = open_site(browser, url)  # a context of its own: empty storage for each seed
            except (Exception, pytest.fail.Exception) as err:  # the page did not even boot
                errors += 1
                print(f"--- seed {seed}: the page failed to boot: {err}", flush=True)
                seed += 1
                continue
            play = RandomPlay(site, seed, game_seeds=pins, reload_rate=args.reload_rate)
            try:
                play.run(args.actions, until=until)
            except (Exception, pytest.fail.Exception) as err:  # a mismatch, or the page broke down
                kind = err.kind if isinstance(err, Mismatch) else "error"
                mismatches += kind == "mismatch"
                errors += kind == "error"
                print(f"--- seed {seed}: {kind}\n{err}" if isinstance(err, Mismatch) else
                      f"--- seed {seed}: {type(err).__name__}: {err}\naction log:\n" + "\n".join(play.log))
                print(f"replay: {sys.argv[0]} --seed {seed} --runs 1 --actions {play.tally.actions + 1} "
                      f"--game-seeds {','.join(play.game_seeds)}\n", flush=True)
            finally:
                site.page.context.close()
            if args.verbose:
                print(f"--- seed {seed}: {play.tally}\n" + "\n".join(play.log), flush=True)
            for name in ("actions", "reloads", "games", "refused"):
                setattr(total, name, getattr(total, name) + getattr(play.tally, name))
            total.presets |= play.tally.presets
            total.sizes |= play.tally.sizes
            seed += 1
        browser.close()
    return total, mismatches, errors


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=180.0, help="how long to play (default 180)")
    parser.add_argument("--seed", type=int, default=None, help="the first run's seed (default: from the clock)")
    parser.add_argument("--actions", type=int, default=400, help="actions per run, one page each (default 400)")
    parser.add_argument("--runs", type=int, default=None, help="stop after this many runs")
    parser.add_argument("--game-seeds", default="", help="comma-separated dice seeds of the first games (replay)")
    parser.add_argument("--reload-rate", type=float, default=0.04, help="chance of a reload per action")
    parser.add_argument("--verbose", action="store_true", help="print each run's tally and action log")
    parser.add_argument("--site", type=Path, default=None, help="serve this built site instead of building one")
    args = parser.parse_args(argv)
    if args.seed is None:
        args.seed = int(time.time()) % 100_000
    serve = load_tool("serve")
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="soak-") as tmp:
        site_dir = args.site
        if site_dir is None:
            site_dir = Path(tmp) / "dist"
            try:
                build_site(site_dir)
            except RuntimeError as error:
                sys.exit(f"soak.py: {error}")
        server, url = serve.start_server(site_dir, port=0)
        try:
            tally, mismatches, errors = soak(url, args)
        finally:
            server.shutdown()
            server.server_close()
    print(f"soak: seeds {args.seed}.., {time.monotonic() - start:.0f} s: {tally.actions} actions "
          f"({tally.refused} refused), {tally.reloads} reloads, {tally.games} games "
          f"(presets {sorted(tally.presets)}, players {sorted(tally.sizes)}), "
          f"{mismatches} mismatches, {errors} errors")
    return 1 if mismatches or errors else 0


if __name__ == "__main__":
    sys.exit(main())
