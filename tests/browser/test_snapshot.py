"""A returning player's page starts Python from the memory snapshot the build made
(tools/make_snapshot.mjs, assets/boot.mjs): restored when Cache Storage holds it, with
`random` reseeded; and any failure falls back to a normal start that the player does not
see."""

from __future__ import annotations

import struct
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext

from tests.browser import clock
from tests.browser.pages import SitePage, check_page, open_site, wait_for_offline_ready
from tests.support import load_tool

pytestmark = pytest.mark.browser

build = load_tool("build")

RANDOM_DRAW = "import random\nresult = random.getrandbits(64)"
#: How long after start-up the page asks for the snapshot (assets/boot.mjs, SNAPSHOT_AFTER_MS).
SNAPSHOT_AFTER_MS = 20_000


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    """A profile whose Cache Storage holds only what a test puts there: no service worker
    (whose caches would answer first)."""
    context = clock.new_context(browser, service_workers="block")
    yield context
    context.close()


def _snapshot_path(site_dir: Path) -> str:
    [snapshot] = (site_dir / build.ARCHIVES).glob("snapshot-*.bin")
    return snapshot.relative_to(site_dir).as_posix()


def _keep(site: SitePage, url: str, body: str | int | None = None) -> None:
    """Put the snapshot in Cache Storage, as the worker would: whole, or under its URL
    ``body`` (a text), or the first ``body`` bytes of it (a number)."""
    site.page.evaluate(
        """async ([url, body]) => {
          const cache = await caches.open('dicepad-test');
          if (body === null) await cache.add(url);
          else if (typeof body === 'number') {
            await cache.put(url, new Response((await (await fetch(url)).arrayBuffer()).slice(0, body)));
          } else await cache.put(url, new Response(body));
        }""",
        [url, body],
    )


def _wait_cached(site: SitePage, url: str, cached: bool, timeout: float) -> None:
    """Poll Cache Storage (wait_for_function would take an async function's promise as true)."""
    start = time.monotonic()
    while site.page.evaluate("async (url) => !!(await caches.match(url))", url) != cached:
        if time.monotonic() - start > timeout:
            pytest.fail(f"{url} {'not ' if cached else 'still '}in Cache Storage after {timeout:.0f} s")
        site.page.wait_for_timeout(250)


def _start(site: SitePage) -> str:
    return str(site.page.evaluate("document.documentElement.dataset.pythonStart"))


def test_snapshot_is_made_for_this_build(site_dir: Path) -> None:
    boot = (site_dir / "assets" / "boot.mjs").read_text(encoding="utf-8")
    path = _snapshot_path(site_dir)
    assert f'"../{path}"' in boot
    stored = (site_dir / path).read_bytes()
    # The interpreter's whole memory, stored without its pages of zeros (packSnapshot).
    assert stored[:8] == b"DPSNAP01"
    length, page = struct.unpack_from("<II", stored, 8)
    assert page == 65536 and length >= 30 * 2**20
    assert 5_000_000 < len(stored) < length / 2


def test_a_returning_page_starts_from_the_snapshot_and_reseeds(
    browser: Browser, context: BrowserContext, site_url: str, site_dir: Path
) -> None:
    first = open_site(browser, site_url, context=context)
    assert _start(first) == "fresh"  # a first visit never waits for a snapshot
    _keep(first, site_url + _snapshot_path(site_dir))
    draws = []
    for _ in range(2):
        site = open_site(browser, site_url, context=context)
        assert _start(site) == "snapshot"
        draws.append(site.run_python(RANDOM_DRAW))
        site.page.click("#roll")
        site.page.wait_for_function("[...document.querySelectorAll('.die')].every(d => d.dataset.face !== '0')")
        check_page(site)
        site.page.close()
    # The snapshot holds the build's `random` state: unreseeded, both pages would draw alike.
    assert draws[0] != draws[1]
    check_page(first)


@pytest.mark.parametrize("damage", ["not a snapshot", "SNAPSHOT" * 4096, 4_000_000],
                         ids=["short", "32 KB of text", "cut short"])
def test_a_damaged_snapshot_falls_back_and_is_dropped(
    browser: Browser, context: BrowserContext, site_url: str, site_dir: Path, damage: str | int
) -> None:
    first = open_site(browser, site_url, context=context)
    url = site_url + _snapshot_path(site_dir)
    _keep(first, url, damage)
    site = open_site(browser, site_url, context=context)
    assert _start(site) == "fresh"
    assert site.page.evaluate("document.body.dataset.state") == "ready"
    assert not site.page.is_visible("#error-notice")
    _wait_cached(site, url, cached=False, timeout=10)
    check_page(site)
    check_page(first)


def test_without_cache_storage_python_starts_afresh(browser: Browser, site_url: str) -> None:
    site = open_site(browser, site_url, init_script="Object.defineProperty(window, 'caches', {value: undefined});")
    try:
        assert _start(site) == "fresh"
        check_page(site)
    finally:
        site.page.context.close()


def test_the_page_has_the_worker_keep_the_snapshot_when_idle(browser: Browser, site_url: str, site_dir: Path) -> None:
    """A first visit fetches the snapshot by itself, through the service worker, once the
    page has been up a while (assets/boot.mjs: 20 s, then an idle moment): the player's
    next visit, a new tab, starts from it. The page's pinned clock stands still from ready
    until the first visit's own downloads are over (the service worker keeps real time),
    and the snapshot is not among them; then the test moves it on by the 20 s."""
    assert f"SNAPSHOT_AFTER_MS = {SNAPSHOT_AFTER_MS:_};" in (site_dir / "assets" / "boot.mjs").read_text()
    context = clock.new_context(browser)
    try:
        first = open_site(browser, site_url, context=context)
        url = site_url + _snapshot_path(site_dir)
        context.clock.pause_at(first.page.evaluate("Date.now()") / 1000 + 1)
        wait_for_offline_ready(first, site_dir)  # the worker precaches: the first visit's downloads
        _wait_cached(first, url, cached=False, timeout=0)
        assert url not in first.worker_requests + first.requests
        context.clock.fast_forward(SNAPSHOT_AFTER_MS)
        context.clock.resume()
        _wait_cached(first, url, cached=True, timeout=60)
        names = first.page.evaluate("caches.keys()")
        assert [name for name in names if name.startswith("dicepad-snapshot-")], names
        returning = open_site(browser, site_url, context=context)
        assert _start(returning) == "snapshot"
        check_page(returning)
        check_page(first)
    finally:
        context.close()
