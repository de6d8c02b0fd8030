"""The update flow: a new build is installed in the background and waits; the page offers
"A new version is ready" and never reloads by itself; Reload switches to the new build,
and the game in progress (turns played, dice held) comes back exactly.

Served from a copy of the site by a server of its own, so the test can change the site.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from tests.browser import board
from tests.browser.conftest import SitePage, _check, open_site, precache, serve, wait_for_offline_ready

pytestmark = pytest.mark.browser

NEW_BUILD_MARK = '<meta name="x-test-build" content="2">'


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
    site = open_site(browser, url)
    try:
        _check(site)
        yield site, wait_for_offline_ready(site, root)
    finally:
        site.page.context.close()


def _deploy_new_version(root: Path) -> dict:
    """What a deploy does to the served directory: a changed file and a new sw.js."""
    page = root / "index.html"
    html = page.read_text(encoding="utf-8")
    page.write_text(html.replace("</head>", f"  {NEW_BUILD_MARK}\n</head>", 1), encoding="utf-8")
    return precache.write_service_worker(root)


def test_the_first_install_offers_nothing(installed: tuple[SitePage, str]) -> None:
    site, _ = installed
    site.page.wait_for_timeout(300)
    assert site.page.locator("#update-notice").is_hidden()
    assert site.page.evaluate("navigator.serviceWorker.getRegistration().then((r) => !!r.active && !r.waiting)")


def test_a_new_version_waits_for_reload_and_the_game_survives_it(
    installed: tuple[SitePage, str], served: tuple[Path, str]
) -> None:
    site, old_cache = installed
    root, url = served
    page = site.page
    before = board.mid_turn(page)
    page.evaluate("window.__samePage = true")

    build = _deploy_new_version(root)
    new_cache = f"{precache.cache_names(build)[0]}@{url}"
    assert new_cache != old_cache
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

    with page.expect_navigation():
        page.get_by_role("button", name="Reload").click()
    site.wait_ready()
    assert page.evaluate("window.__samePage") is None
    assert page.locator('meta[name="x-test-build"]').count() == 1  # the new version runs
    assert page.locator("#update-notice").is_hidden()
    assert board.snapshot(page) == before
    # The new worker controls the page; the old build's cache is gone.
    assert page.evaluate("navigator.serviceWorker.getRegistration().then((r) => !!r.active && !r.waiting)")
    names = page.evaluate("caches.keys()")
    assert new_cache in names and old_cache not in names
    assert wait_for_offline_ready(site, root) == new_cache
    _check(site)
