"""Pyodide's wasm is the page's own fetch, from the network or the HTTP cache, and never the
service worker's answer: Chromium keeps a wasm module's compiled code (its code cache)
only for such a response (docs/performance.md). When the network fails, the page reads
the copy the worker precached from Cache Storage itself (assets/boot.mjs), and cancels a
download that never began to answer."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route

from tests.browser import clock
from tests.browser.pages import BOOT_TIMEOUT_S, check_page, open_site, wait_for_offline_ready
from tests.support import load_tool

pytestmark = pytest.mark.browser

build = load_tool("build")


def _runtime_path(name: str) -> str:
    """The URL path of a file of Pyodide's versioned runtime, as the build names it."""
    return f"/{build.runtime_dirs()['runtime/pyodide']}/{name}"


def test_the_worker_leaves_the_wasm_to_the_network(browser: Browser, site_url: str, site_dir: Path) -> None:
    wasm, core = _runtime_path("pyodide.asm.wasm"), f"/{build.runtime_dirs()['runtime/pyscript']}/core.js"
    context = clock.new_context(browser)
    try:
        first = open_site(browser, site_url, context=context)
        wait_for_offline_ready(first, site_dir)  # the worker controls the next page, precache complete
        second = open_site(browser, site_url, context=context)
        responses = {urlsplit(r.url).path: r for r in second.responses}
        assert responses[core].from_service_worker  # the rest of the runtime: the precache
        assert not responses[wasm].from_service_worker
        assert [u for u in second.requests if urlsplit(u).path == wasm] == [site_url.rstrip("/") + wasm]
        check_page(first)
        check_page(second)
    finally:
        context.close()


def _boot_refusing_the_wasm(
    context: BrowserContext, site_url: str, how: str
) -> tuple[Page, list[str], list[str], list[str]]:
    """A new page of ``context`` whose network fetch of the wasm fails (``abort``) or never
    answers (``hang``); returns it once booted or showing the error notice, with the wasm
    requests seen, those that ended in failure (refused, or cancelled by the page) and the
    page's console errors."""
    seen: list[str] = []
    held: list[Route] = []  # a hanging request's route, kept unanswered until the context closes

    def refuse(route: Route) -> None:
        seen.append(route.request.url)
        if how == "abort":
            route.abort()
        else:
            held.append(route)

    context.route("**/pyodide.asm.wasm", refuse)
    page = context.new_page()
    failed: list[str] = []
    page.on("requestfailed", lambda request: failed.append(request.url) if "pyodide.asm.wasm" in request.url else None)
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(site_url)
    page.locator('body[data-state="ready"], #error-notice:not([hidden])').first.wait_for(
        state="attached", timeout=BOOT_TIMEOUT_S * 1000)
    return page, seen, failed, errors


# The browser's own console line for a refused request; a hanging one has none.
REFUSED = {"abort": ["Failed to load resource: net::ERR_FAILED"], "hang": []}


@pytest.mark.parametrize("how", ["abort", "hang"])
def test_when_the_network_fails_the_wasm_comes_from_cache_storage(
    browser: Browser, site_url: str, how: str
) -> None:
    wasm = site_url.rstrip("/") + _runtime_path("pyodide.asm.wasm")
    # No worker, so that nothing but the page's own fallback can answer.
    context = clock.new_context(browser, service_workers="block")
    try:
        first = open_site(browser, site_url, context=context)
        first.page.evaluate("(url) => caches.open('dicepad-test').then((cache) => cache.add(url))", wasm)
        page, seen, failed, errors = _boot_refusing_the_wasm(context, site_url, how)
        assert page.evaluate("document.body.dataset.state") == "ready"
        assert seen == [wasm]
        # A hanging download is cancelled once the page boots from the copy, not left running.
        assert failed == [wasm]
        assert errors == REFUSED[how], errors
        assert not page.is_visible("#error-notice")
        page.click("#roll")
        page.wait_for_function("[...document.querySelectorAll('.die')].every(d => d.dataset.face !== '0')")
        check_page(first)
    finally:
        context.close()


def test_with_the_worker_a_failed_fetch_boots_from_the_precache(
    browser: Browser, site_url: str, site_dir: Path
) -> None:
    context = clock.new_context(browser)
    try:
        first = open_site(browser, site_url, context=context)
        wait_for_offline_ready(first, site_dir)
        page, seen, _, errors = _boot_refusing_the_wasm(context, site_url, "abort")
        assert page.evaluate("document.body.dataset.state") == "ready"
        assert seen == [site_url.rstrip("/") + _runtime_path("pyodide.asm.wasm")]
        assert errors == REFUSED["abort"], errors
        check_page(first)
    finally:
        context.close()


def test_with_no_wasm_anywhere_the_player_sees_the_error_notice(browser: Browser, site_url: str) -> None:
    """Pyodide only logs a failed instantiation and waits for ever: the page says so."""
    context = clock.new_context(browser, service_workers="block")
    try:
        page, seen, _, _ = _boot_refusing_the_wasm(context, site_url, "abort")
        assert page.is_visible("#error-notice")
        assert page.evaluate("document.body.dataset.state") == "loading"
        assert any("pyodide.asm.wasm" in error for error in page.evaluate("window.diceErrors")), (
            page.evaluate("window.diceErrors"))
        assert len(seen) == 1
    finally:
        context.close()
