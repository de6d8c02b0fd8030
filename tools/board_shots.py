#!/usr/bin/env python3
"""Screenshots of the board after the first roll, at every size the board is built for.

    .venv/bin/python tools/board_shots.py [--site DIR] [--label after] [--out docs/screenshots]

For each viewport of tests/browser/layout.py, each player count and each theme (light,
dark), it starts a game, rolls once and prints how many of the current player's 13 boxes
are in view with no scroll (the table of docs/board.md). The two-player board of each size
is saved as ``<out>/<label>-<W>x<H>-<theme>.png`` (the viewport, as a player sees it);
every other one goes to artifacts/screenshots/.

It builds the site into a temporary directory with tools/build.py, as the browser tests
do; ``--site DIR`` serves a built one instead.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # tools/ holds scripts: game and tests import from the root

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.browser import chromium  # noqa: E402
from tests.browser.layout import PHONES, VIEWPORTS, probe, start_and_roll  # noqa: E402
from tests.browser.pages import CHROMIUM_ARGS, open_site  # noqa: E402
from tests.support import build_site, load_tool  # noqa: E402

ARTIFACTS = ROOT / "artifacts" / "screenshots"


def shoot(url: str, label: str, out: Path, themes: list[str]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    print(f"{'viewport':>10} {'theme':>5} " + " ".join(f"{n}p" for n in range(1, 7)))
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium.executable(), args=CHROMIUM_ARGS)
        for (width, height), counts in VIEWPORTS.items():
            for theme in themes:
                context = browser.new_context(
                    viewport={"width": width, "height": height}, color_scheme=theme,
                    is_mobile=(width, height) in PHONES, has_touch=(width, height) in PHONES)
                site = open_site(context.browser, url, context=context)
                row = []
                for players in range(1, 7):
                    if players not in counts:
                        row.append("  —")
                        continue
                    start_and_roll(site.run_python, players)
                    site.page.wait_for_timeout(450)  # past the dice's tumble
                    row.append(f"{probe(site.page).boxes_in_view:>3}")
                    name = f"{label}-{width}x{height}-{players}p-{theme}.png"
                    site.page.screenshot(path=str(ARTIFACTS / name))
                    if players == 2:
                        site.page.screenshot(path=str(out / f"{label}-{width}x{height}-{theme}.png"))
                print(f"{width:>4}×{height:<5} {theme:>5} " + " ".join(row))
                context.close()
        browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one)")
    parser.add_argument("--label", default="after")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--themes", default="light,dark")
    args = parser.parse_args()
    serve = load_tool("serve")
    with tempfile.TemporaryDirectory() as tmp:
        site_dir = args.site
        if site_dir is None:
            site_dir = Path(tmp) / "site"
            build_site(site_dir)
        server, url = serve.start_server(site_dir)
        try:
            shoot(url, args.label, args.out, args.themes.split(","))
        finally:
            server.shutdown()


if __name__ == "__main__":
    main()
