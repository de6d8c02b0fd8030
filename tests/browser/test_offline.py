"""Offline play: once the service worker has precached the site, the game loads and plays a
whole game with the browser offline and the server gone, under netlify.toml's CSP.

The site is served from a copy of its own, by a server of its own, which the tests stop:
the session's server (and the other test modules) are not affected.
"""

from __future__ import annotations

import shutil
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, Response

from tests.browser import board
from tests.browser.pages import SitePage, check_page, open_site, serve, service_worker, wait_for_offline_ready

pytestmark = pytest.mark.browser

TABLE = "assets/strategy/official.bin"
KEPT_TABLE = "assets/strategy/free_choice.bin"
# Python memory snapshots (none ships yet): content-named, cached on first use, newest only.
SNAPSHOTS = ("py/snapshot-0123abcd.bin", "py/snapshot-4567ef01.bin")
FETCH_SIZE = "(url) => fetch(url).then((r) => r.arrayBuffer()).then((b) => b.byteLength)"
CACHED_URLS = "(name) => caches.open(name).then((c) => c.keys()).then((k) => k.map((r) => r.url))"


@dataclass
class Offline:
    site: SitePage
    url: str
    online: Response      # index.html as the server sent it
    offline: Response     # index.html as the service worker gave it, with no network
    precache: str         # the precache's name
    responses_before: int  # len(site.responses) when the network went away


@pytest.fixture(scope="module")
def offline_site(browser: Browser, site_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Offline]:
    served = tmp_path_factory.mktemp("offline") / "dist"
    shutil.copytree(site_dir, served)
    for number, snapshot in enumerate(SNAPSHOTS):
        (served / snapshot).parent.mkdir(exist_ok=True)
        (served / snapshot).write_bytes(bytes(1000 + number))
    server, url = serve.start_server(served, port=0)
    try:
        site = open_site(browser, url)
    except BaseException:
        server.shutdown()
        server.server_close()
        raise
    try:
        check_page(site)
        online = site.response
        assert online is not None
        name = wait_for_offline_ready(site, served)
        # A strategy table, fetched once online, is cached on first use for offline play.
        size = site.page.evaluate(f"fetch('./{TABLE}').then((r) => r.arrayBuffer()).then((b) => b.byteLength)")
        assert size == (served / TABLE).stat().st_size
        # A table the page asks the worker to keep (assets/boot.mjs does it for the official
        # rules' when the player is idle), never fetched by the page itself.
        site.page.evaluate("(url) => navigator.serviceWorker.controller.postMessage({type: 'KEEP_TABLE', url})",
                           f"./{KEPT_TABLE}")
        site.page.wait_for_function("async (url) => !!(await caches.match(url))", arg=f"{url}{KEPT_TABLE}",
                                    timeout=30_000)
        # Two snapshots in turn (a deploy's, then the next one's), each on first use.
        for snapshot in SNAPSHOTS:
            assert site.page.evaluate(FETCH_SIZE, f"./{snapshot}") == (served / snapshot).stat().st_size
        # Now no network at all: the browser offline, and the server gone for good.
        server.shutdown()
        server.server_close()
        site.page.context.set_offline(True)
        with pytest.raises((urllib.error.URLError, ConnectionError)):
            urllib.request.urlopen(url, timeout=2)
        responses_before = len(site.responses)
        offline = site.page.reload()
        assert offline is not None
        site.wait_ready()
        check_page(site)
        yield Offline(site, url, online, offline, name, responses_before)
    finally:
        site.page.context.close()
        server.shutdown()
        server.server_close()


@pytest.fixture
def offline(offline_site: Offline) -> Iterator[Offline]:
    """The module's offline page; fails the test if it misbehaves during the test."""
    before = offline_site.site.problems()
    yield offline_site
    check_page(offline_site.site, before)


def test_the_game_loads_offline_from_the_precache(offline: Offline) -> None:
    page = offline.site.page
    assert page.evaluate("document.body.dataset.state") == "ready"
    assert offline.offline.ok and offline.offline.from_service_worker
    assert page.evaluate("navigator.onLine") is False
    # Every response since the network went away came from the service worker.
    later = offline.site.responses[offline.responses_before:]
    assert later and all(r.from_service_worker for r in later), [r.url for r in later if not r.from_service_worker]
    print(f"precache {offline.precache}: {len(later)} responses offline")


def test_todays_ten_plays_offline(offline: Offline) -> None:
    page = offline.site.page
    page.click("#new-game")
    page.click("#setup-ten")
    page.locator("#ten-body .ten-progress").first.wait_for(timeout=60_000)
    page.click("#ten-roll" if page.locator("#ten-roll").count() else "#ten-dialog .ten-pad button[data-box]")
    page.locator("#ten-body .ten-reason").first.wait_for()
    assert page.evaluate("navigator.onLine") is False
    page.evaluate("document.querySelectorAll('dialog[open]').forEach((d) => d.close())")


def test_a_kept_table_is_served_offline(offline: Offline, site_dir: Path) -> None:
    size = offline.site.page.evaluate(FETCH_SIZE, f"./{KEPT_TABLE}")
    assert size == (site_dir / KEPT_TABLE).stat().st_size


def test_a_full_game_plays_offline(offline: Offline) -> None:
    page = offline.site.page
    board.play_solo_game(page, "Offline", holds=(1, 3))
    board.close_end_dialogs(page)


def test_links_with_a_query_string_load_offline(offline: Offline) -> None:
    page = offline.site.page
    for query, seed in (("?seed=20240601", "20240601"), ("index.html?seed=7&preset=official", "7")):
        response = page.goto(offline.url + query)
        assert response is not None and response.ok and response.from_service_worker, query
        offline.site.wait_ready()
        # The link's game is on the board, and the used-up link is off the address.
        assert offline.site.run_python("from game.main import app; result = app.state.seed") == seed
        assert urlsplit(page.url).query == ""


def test_a_strategy_table_seen_once_is_cached_for_offline(offline: Offline, site_dir: Path) -> None:
    page = offline.site.page
    size = page.evaluate(f"fetch('./{TABLE}').then((r) => r.arrayBuffer()).then((b) => b.byteLength)")
    assert size == (site_dir / TABLE).stat().st_size
    names = page.evaluate("caches.keys()")
    precache_name, tables_name = service_worker.cache_names((site_dir / "sw.js").read_text(encoding="utf-8"),
                                                            offline.url)
    assert sorted(names) == sorted([precache_name, tables_name, f"dicepad-snapshot-{offline.url}"])
    assert sorted(page.evaluate(CACHED_URLS, tables_name)) == sorted([offline.url + TABLE, offline.url + KEPT_TABLE])


def test_only_the_newest_snapshot_is_kept_and_served_offline(offline: Offline) -> None:
    page = offline.site.page
    cache = f"dicepad-snapshot-{offline.url}"
    # The expiration plugin evicts the older one after the newer one is stored, in the background.
    deadline = time.monotonic() + 10
    while (cached := page.evaluate(CACHED_URLS, cache)) != [offline.url + SNAPSHOTS[-1]]:
        assert time.monotonic() < deadline, cached
        page.wait_for_timeout(100)
    assert page.evaluate(FETCH_SIZE, offline.url + SNAPSHOTS[-1]) == 1000 + len(SNAPSHOTS) - 1


def test_the_csp_of_netlify_toml_is_sent_and_kept_offline(
    offline: Offline, netlify_headers: Callable[[str], dict[str, str]]
) -> None:
    expected = netlify_headers("/")["Content-Security-Policy"]
    assert offline.online.headers.get("content-security-policy") == expected
    # The cached copy of the page carries the header it was fetched with.
    assert offline.offline.headers.get("content-security-policy") == expected
    for name in ("x-content-type-options", "referrer-policy", "permissions-policy"):
        assert offline.offline.headers.get(name) == netlify_headers("/")[next(
            k for k in netlify_headers("/") if k.lower() == name)], name
    assert offline.site.csp_violations() == []


# Last on purpose (and harmless if run alone): it breaks the policy on purpose, then
# checks that page and worker violations were both seen.
def test_csp_is_enforced_and_violations_are_seen_in_page_and_worker(offline_site: Offline) -> None:
    site = offline_site.site
    page = site.page
    page.evaluate("""() => { window.__inlineRan = false;
      const s = document.createElement('script'); s.textContent = 'window.__inlineRan = true';
      document.body.append(s); }""")
    page.wait_for_function("window.__cspViolations.length > 0")
    assert page.evaluate("window.__inlineRan") is False
    assert any(v.startswith("script-src") for v in site.csp_violations()), site.csp_violations()

    workers = page.context.service_workers
    assert len(workers) == 1 and workers[0].url == offline_site.url + "sw.js"
    # 'self' only, so off-site fetches fail in the worker too, before any network; the
    # worker reports the violation as a console error, which the fixtures record.
    outcome = workers[0].evaluate("fetch('https://example.com/x').then(() => 'fetched', () => 'refused')")
    assert outcome == "refused"
    page.wait_for_timeout(200)
    assert any("connect-src blocked https://example.com/x in the service worker" in e for e in site.errors), (
        site.errors)
    assert not site.off_origin  # refused before the request was made
    site.errors.clear()
    page.evaluate("window.__cspViolations.length = 0")
