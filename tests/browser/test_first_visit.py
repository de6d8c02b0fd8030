"""A first visit's downloads, counted where they happen: at the server (tools/serve.py's
log), the page's and the service worker's alike.

The budget (docs/performance.md): what is downloaded before the game is ready adds up to
at most 3.8 MB as the host sends it, and counting each file at its brotli-11 size; no
file is downloaded twice; and the 15 s after ready download at most a tenth of that
again. The host sends the files the build stored at brotli-11 (tools/precompress.py,
through the edge function netlify/edge-functions/precompressed/, which tools/serve.py
follows), so the two counts differ only by the files too small to be worth storing.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Playwright

from tests.browser import chromium, clock
from tests.browser.pages import CHROMIUM_ARGS, check_page, open_site, serve
from tests.support import load_tool

pytestmark = pytest.mark.browser

compression = load_tool("compression")

BUDGET_BYTES = 3_800_000
AFTER_READY_S = 15.0
AFTER_READY_SHARE = 0.10


# The moment of ready on the page's clock, before any page script runs.
READY_PROBE = """
new MutationObserver((_, observer) => {
  if (document.body?.dataset.state === 'ready') { window.__readyAt = performance.now(); observer.disconnect(); }
}).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-state']});
"""


@pytest.fixture(scope="module", params=["en-US", "pl-PL"])
def visit(playwright: Playwright, site_dir: Path, tmp_path_factory: pytest.TempPathFactory,
          request: pytest.FixtureRequest) -> Iterator[tuple[list, float, list[str]]]:
    """A first visit on a server of its own: its log, the moment the page was ready, and
    the service worker's requests. In English, and in Polish, the heaviest catalog (its
    .mo and page words come on top: docs/languages.md, "What a catalog weighs").

    A profile on disk, as a player's browser has: an incognito context's HTTP cache is in
    memory and keeps no file as large as the wasm. The HTTP cache is what spares a second
    download when the service worker precaches what the page has just fetched."""
    server, url = serve.start_server(site_dir, port=0)
    executable = chromium.executable()
    context = clock.pin(playwright.chromium.launch_persistent_context(
        tmp_path_factory.mktemp("profile"), executable_path=executable, args=CHROMIUM_ARGS, locale=request.param,
        timezone_id=clock.ZONE))
    try:
        site = open_site(None, url, context=context, init_script=READY_PROBE)  # type: ignore[arg-type]
        # The page's ready moment on this process's clock: the service worker starts its
        # precaching at once, so polling for ready would count some of it as before. The
        # clock is read before the call: the page reads its own during it, and reading
        # after would move ready later by the reply's trip, far enough under load to count
        # sw.js (which sw-register.js asks for only once the page is ready) as before it.
        # Nothing is fetched in the last instants before ready (game.zip, the last file the
        # game needs, arrives before Python imports it).
        asked = time.monotonic()
        ready, now = site.page.evaluate("[window.__readyAt, performance.now()]")
        ready_at = asked - (now - ready) / 1000
        site.page.wait_for_timeout(AFTER_READY_S * 1000)
        check_page(site)
        yield [s for s in server.log if s.at <= ready_at + AFTER_READY_S], ready_at, site.worker_requests
    finally:
        context.close()
        server.shutdown()
        server.server_close()


def _file(site_dir: Path, path: str) -> Path:
    return site_dir / ("index.html" if path.endswith("/") else path.lstrip("/"))


def _weight(site_dir: Path, paths: list[str]) -> int:
    return sum(compression.brotli11_size(_file(site_dir, path)) for path in paths)


def test_nothing_is_downloaded_twice(visit: tuple[list, float, list[str]]) -> None:
    log, _, worker_requests = visit
    downloads = Counter(s.path for s in log if s.status == 200)
    assert not [path for path, count in downloads.items() if count > 1], downloads
    # The page asked for the wasm to boot, the service worker to precache it: one download.
    [wasm] = [path for path in downloads if path.endswith("/pyodide.asm.wasm")]
    assert [u for u in worker_requests if u.endswith(wasm)], worker_requests


def test_first_visit_fits_the_budget(visit: tuple[list, float, list[str]], site_dir: Path) -> None:
    log, ready_at, _ = visit
    before = [s.path for s in log if s.status == 200 and s.at <= ready_at]
    after = [s.path for s in log if s.status == 200 and s.at > ready_at]
    weight, later = _weight(site_dir, before), _weight(site_dir, after)
    sent = sum(s.body_bytes for s in log if s.at <= ready_at)
    catalogs = [path for path in before if "/locale/" in path]
    assert len(catalogs) == (2 if "locale/pl-" in " ".join(before) else 0), catalogs  # Polish: its .mo and words
    print(f"\nbefore ready: {len(before)} files, {weight / 1e6:.3f} MB ({weight:,} B) at brotli-11 "
          f"({sent / 1e6:.3f} MB sent: the stored brotli-11 files, the rest at the host's brotli-"
          f"{compression.BROTLI_QUALITY})")
    print(f"15 s after ready: {len(after)} files, {later / 1e3:.1f} KB at brotli-11: {sorted(after)}")
    for path in sorted(before, key=lambda path: -compression.brotli11_size(_file(site_dir, path))):
        print(f"  {compression.brotli11_size(_file(site_dir, path)):>9,}  {path}")
    assert weight <= BUDGET_BYTES, sorted(before)
    assert sent <= BUDGET_BYTES, sorted(before)
    assert later <= AFTER_READY_SHARE * weight, sorted(after)
