"""Fixtures for browser tests: the built site on a local server, and Chromium through
Playwright's sync API. The helpers they use, and tests share, are in pages.py.

- ``site_page`` (one per test module, since Pyodide takes seconds to boot) and
  ``fresh_site`` (one per test) open the page with pages.open_site and fail the test on
  anything pages.check_page finds: an off-origin request, an HTTP error, a console error,
  an uncaught page error, a Content-Security-Policy violation, a standard-library module
  the site left out.

The site is built once per session into a temporary directory (not dist/, which a
`make play` in the same tree may be serving) and served by tools/serve.py with
netlify.toml's headers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Playwright, sync_playwright

from tests.browser import chromium, process_watch
from tests.browser.pages import CHROMIUM_ARGS, ROOT, SitePage, check_page, open_site, serve
from tests.support import mark_folder


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    mark_folder(items, Path(__file__).parent, "browser")


def pytest_runtest_logstart(nodeid: str) -> None:
    process_watch.running(nodeid)  # the memory samples and any crash name their test


# Fixtures ------------------------------------------------------------------------------

@pytest.fixture(scope="session")
def site_url(site_dir: Path) -> Iterator[str]:
    server, url = serve.start_server(site_dir, port=0)
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def netlify_headers() -> Callable[[str], dict[str, str]]:
    """The headers netlify.toml gives a URL path (as tools/serve.py sends them)."""
    rules = serve.load_header_rules(ROOT / "netlify.toml")
    return lambda path: serve.headers_for(path, rules)


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    # Debian's Chromium when it is there (CI installs it with apt); elsewhere Playwright's own.
    executable = chromium.executable()
    browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS,
                                         env=process_watch.chromium_env())  # its crashes' dumps kept
    sampler = process_watch.MemorySampler()
    sampler.start()
    yield browser
    sampler.stopped.set()
    browser.close()


@pytest.fixture(scope="module")
def site_page(browser: Browser, site_url: str) -> Iterator[SitePage]:
    """One booted page shared by a test module; fails setup if booting misbehaved."""
    site = open_site(browser, site_url)
    try:
        check_page(site)
        yield site
    finally:
        site.page.context.close()


@pytest.fixture
def site(site_page: SitePage) -> Iterator[SitePage]:
    """The module's shared page; fails the test if it misbehaves during the test."""
    before = site_page.problems()
    yield site_page
    check_page(site_page, before)


@pytest.fixture
def closing() -> Iterator[list[SitePage]]:
    """The pages a test opens in contexts of its own (a language, a size): each context
    closed after the test."""
    opened: list[SitePage] = []
    yield opened
    for site in opened:
        site.page.context.close()


@pytest.fixture
def fresh_site(browser: Browser, site_url: str) -> Iterator[SitePage]:
    """A page of its own (seconds to boot): for tests that change state or reload."""
    site = open_site(browser, site_url)
    try:
        check_page(site)
        yield site
        check_page(site)
    finally:
        site.page.context.close()
