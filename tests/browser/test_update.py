"""The update flow: a new build is installed in the background and waits; the page offers
"A new version is ready" and never reloads by itself; Reload switches to the new build,
and the game in progress (turns played, dice held) comes back exactly.

Served from a copy of the site by a server of its own, so the test can change the site.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from tests.browser import board
from tests.browser.pages import SitePage, check_page, open_site, serve, service_worker, wait_for_offline_ready
from tests.support import load_tool

pytestmark = pytest.mark.browser

precompress = load_tool("precompress")

NEW_BUILD_MARK = '<meta name="x-test-build" content="2">'
# Caches a returning player may have: the hand-written worker's (before Workbox), an older
# build's strategy tables, and another copy of the site's, at a sub-path of this origin,
# which must stay (not a precache: Workbox's cleanupOutdatedCaches() at the origin's root
# deletes the precaches of every sub-path, docs/offline.md). Planted once, before the
# first install.
OLD_CACHES = ["dicepad-precache-0123456789abcdef0123@{scope}", "dicepad-tables-0123456789abcdef0123@{scope}",
              "dicepad-strategy-0123456789abcdef0123-{scope}"]
OTHER_SCOPE = "dicepad-tables-0123456789abcdef0123@{scope}elsewhere/"
PLANT = """(names) => { if (sessionStorage.getItem('planted')) return; sessionStorage.setItem('planted', '1');
  for (const name of names) caches.open(name.replace('{scope}', location.origin + '/')); }"""


@pytest.fixture(scope="module")
def served(site_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, str]]:
    root = tmp_path_factory.mktemp("update") / "dist"
    shutil.copytree(site_dir, root)
    server, url = serve.start_server(root, port=0)
    yield root, url
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def installed(browser: Browser, served: tuple[Path, str]) -> Iterator[tuple[SitePage, str]]:
    root, url = served
    site = open_site(browser, url, init_script=f"({PLANT})({json.dumps([*OLD_CACHES, OTHER_SCOPE])})")
    try:
        check_page(site)
        yield site, wait_for_offline_ready(site, root)
    finally:
        site.page.context.close()


def _page_key(root: Path, url: str) -> str:
    """The precache key of index.html in the sw.js ``root`` serves (it names the revision)."""
    manifest = service_worker.read_manifest((root / "sw.js").read_text(encoding="utf-8"))
    key: str = service_worker.cache_key(next(e for e in manifest if e["url"] == "./"))
    return url + key


def _deploy_new_version(root: Path) -> None:
    """What a deploy does to the served directory: a changed file, a new sw.js, and both
    stored at brotli-11 again (tools/build.py's last steps)."""
    page = root / "index.html"
    html = page.read_text(encoding="utf-8")
    page.write_text(html.replace("</head>", f"  {NEW_BUILD_MARK}\n</head>", 1), encoding="utf-8")
    service_worker.write_service_worker(root)
    precompress.store_site(root)


def _cached(page: Page, name: str) -> list[str]:
    return list(page.evaluate("(name) => caches.open(name).then((c) => c.keys()).then((k) => k.map((r) => r.url))",
                              name))


def test_the_first_install_offers_nothing(installed: tuple[SitePage, str]) -> None:
    site, _ = installed
    site.page.wait_for_timeout(300)
    assert site.page.locator("#update-notice").is_hidden()
    assert site.page.evaluate("navigator.serviceWorker.getRegistration().then((r) => !!r.active && !r.waiting)")


def test_the_first_install_deletes_the_old_workers_caches(installed: tuple[SitePage, str],
                                                         served: tuple[Path, str]) -> None:
    site, precache = installed
    _, url = served
    names = site.page.evaluate("caches.keys()")
    assert precache in names and OTHER_SCOPE.format(scope=url) in names, names
    assert not {name.format(scope=url) for name in OLD_CACHES} & set(names), names


def test_a_new_version_waits_for_reload_and_the_game_survives_it(
    installed: tuple[SitePage, str], served: tuple[Path, str]
) -> None:
    site, precache = installed
    root, url = served
    page = site.page
    before = board.mid_turn(page)
    page.evaluate("window.__samePage = true")

    # Workbox keeps one precache across versions; an entry's key names its revision.
    old_page = _page_key(root, url)
    _deploy_new_version(root)
    new_page = _page_key(root, url)
    assert new_page != old_page
    page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")

    notice = page.locator("#update-notice")
    notice.wait_for(state="visible", timeout=30_000)
    assert notice.inner_text().startswith("A new version is ready")
    assert page.get_by_role("button", name="Reload").is_enabled()
    # It waits: no reload, the old version still runs, the game is untouched.
    page.wait_for_timeout(1500)
    assert page.evaluate("window.__samePage") is True
    assert page.evaluate("navigator.serviceWorker.getRegistration().then((r) => !!r.waiting)")
    assert page.locator('meta[name="x-test-build"]').count() == 0
    assert board.snapshot(page) == before
    # The waiting version has precached its page beside the page the old one still serves.
    assert {old_page, new_page} <= set(_cached(page, precache))

    with page.expect_navigation():
        page.get_by_role("button", name="Reload").click()
    site.wait_ready()
    assert page.evaluate("window.__samePage") is None
    assert page.locator('meta[name="x-test-build"]').count() == 1  # the new version runs
    assert page.locator("#update-notice").is_hidden()
    assert board.snapshot(page) == before
    # The new worker controls the page; the old build's entries are gone: the precache
    # holds exactly the new sw.js's entries, and no cache is left but the new sw.js's
    # (the snapshot's among them once the page has been idle long enough: a slow machine).
    assert page.evaluate("navigator.serviceWorker.getRegistration().then((r) => !!r.active && !r.waiting)")
    assert wait_for_offline_ready(site, root) == precache
    assert old_page not in _cached(page, precache)
    ours = {name for name in page.evaluate("caches.keys()") if name.endswith(url)}
    assert ours <= service_worker.every_cache_name((root / "sw.js").read_text(encoding="utf-8"), url), ours
    check_page(site)
