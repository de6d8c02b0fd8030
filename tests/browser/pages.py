"""Pages of the built site in Chromium, opened with everything they do recorded: the
helpers browser tests share (the fixtures are in conftest.py).

- ``open_site`` opens a page, waits for ``body[data-state="ready"]`` and records every
  request and error; ``check_page`` fails the test on any off-origin request (they are
  aborted too), any HTTP error, console error, uncaught page error or
  Content-Security-Policy violation.
- The site ships only the standard-library modules it imports (tools/compile_pyc.mjs).
  Every page opened here records each module Python looked for and found nowhere; one
  that Pyodide's whole standard library has fails the test, by name: a code path the
  tests exercised imports something the build left out.
- ``SitePage.run_python(code)`` runs Python in the page's interpreter and returns
  ``result`` (JSON-able), so tests can reach game modules without the UI.
- The site's service worker (sw.js) is held to the same rules: its requests are routed
  and recorded in ``worker_requests`` (``requests`` stays the page's own, whether the
  worker or the network answered them), and its HTTP errors and console errors fail the
  test (it logs its own CSP violations as console errors: nothing else would show them).
  Playwright reports service-worker traffic and console on the context only, so on a
  context shared by several pages each of them records the worker's.
"""

from __future__ import annotations

import functools
import itertools
import json
import time
import zipfile
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, Request, Response, Route

from tests.browser import clock, process_watch
from tests.browser.chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: F401 (the tests import them from here)
from tests.support import load_tool

ROOT = Path(__file__).resolve().parents[2]
#: How long a boot may take before the test calls it hung: a bound, not a speed to meet
#: (seconds usually; far more on a loaded machine: docs/testing.md, "Under load").
BOOT_TIMEOUT_S = 180.0
#: The status text of the service worker's answer for a table it cannot have offline.
NOT_AVAILABLE = "Not available offline"
# Runs before any page script: collects CSP violations that the page itself reports.
CSP_LISTENER = """
window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => window.__cspViolations.push(
  `${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`));
"""


# Installed in the page's Python once it is ready: the last finder on sys.meta_path, asked
# only for a module no other finder has, records its name.
MISSING_RECORDER = """
import sys, js
class _RecordMissing:
    @staticmethod
    def find_spec(name, path=None, target=None):
        getattr(js.window, "__missingModules").push(name)  # a literal: no name mangling in a class
        return None
sys.meta_path.append(_RecordMissing)
result = True
"""


@functools.cache
def pyodide_stdlib() -> frozenset[str]:
    """Every module of the standard library Pyodide ships (its python_stdlib.zip)."""
    with zipfile.ZipFile(ROOT / "node_modules" / "pyodide" / "python_stdlib.zip") as archive:
        paths = [n.removesuffix(".py") for n in archive.namelist() if n.endswith(".py")]
    return frozenset(path.removesuffix("/__init__").replace("/", ".") for path in paths)


serve = load_tool("serve")
service_worker = load_tool("service_worker")


@dataclass
class SitePage:
    """A page of the site, and what it did: requests, responses, errors."""

    page: Page
    origin: str
    response: Response | None = None
    boot_seconds: float = 0.0
    requests: list[str] = field(default_factory=list)
    worker_requests: list[str] = field(default_factory=list)  # the service worker's own (precaching...)
    responses: list[Response] = field(default_factory=list)
    off_origin: list[str] = field(default_factory=list)
    http_errors: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    _ids: Iterator[int] = field(default_factory=itertools.count)

    def is_local(self, url: str) -> bool:
        parts = urlsplit(url)
        if parts.scheme == "data":
            return True  # inline data, never leaves the page
        if parts.scheme == "blob":
            parts = urlsplit(url[len("blob:"):])
        return f"{parts.scheme}://{parts.netloc}" == self.origin

    def csp_violations(self) -> list[str]:
        return list(self.page.evaluate("window.__cspViolations || []"))

    def recorded_errors(self) -> list[str]:
        """The page's own error record (assets/errors.js): every uncaught error it saw."""
        return list(self.page.evaluate("window.diceErrors || []"))

    def missing_modules(self) -> list[str]:
        """Standard-library modules the page's Python looked for and the site left out."""
        asked = self.page.evaluate("window.__missingModules || []")
        return sorted({name for name in asked if name in pyodide_stdlib()})

    def clock_pinned(self) -> bool:
        return bool(self.page.evaluate(clock.PINNED_JS))

    def problems(self) -> list[str]:
        """Everything that should fail a test, one line each."""
        return (
            ([] if self.clock_pinned() else
             ["the page's clock is the machine's: make its context with tests.browser.clock.new_context"])
            + [f"off-origin request: {u}" for u in self.off_origin]
            + [f"standard-library module left out of the site (tools/compile_pyc.mjs): {m}"
               for m in self.missing_modules()]
            + [f"HTTP error: {e}" for e in self.http_errors]
            + [f"error: {e}" for e in self.errors]
            + [f"CSP violation: {v}" for v in self.csp_violations()]
            + [f"recorded error: {e}" for e in self.recorded_errors()]
        )

    def wait_ready(self, timeout: float = BOOT_TIMEOUT_S) -> float:
        """Wait for body[data-state="ready"], failing early if the page reports an error."""
        start = time.monotonic()
        while self.page.evaluate("document.body?.dataset.state") != "ready":
            if self.errors or self.http_errors or self.off_origin:
                pytest.fail("page failed while booting:\n" + "\n".join(self.problems()))
            if time.monotonic() - start > timeout:
                pytest.fail(f"page not ready after {timeout:.0f} s:\n" + "\n".join(self.problems()))
            self.page.wait_for_timeout(50)
        return time.monotonic() - start

    def run_python(self, code: str, timeout: float = 20.0) -> Any:
        """Run ``code`` in the page's Python (a <script type="py"> shares the interpreter)
        and return its variable ``result``, round-tripped through JSON."""
        key = f"__pyResult{next(self._ids)}"
        source = "\n".join([
            "import js as _js, json as _json, traceback as _tb",
            "_ns = {}",
            "try:",
            f"    exec({code!r}, _ns)",
            f"    setattr(_js.window, {key!r}, _json.dumps({{'ok': _ns.get('result')}}))",
            "except BaseException:",
            f"    setattr(_js.window, {key!r}, _json.dumps({{'error': _tb.format_exc()}}))",
        ])
        self.page.evaluate(
            "src => { const s = document.createElement('script'); s.type = 'py'; s.textContent = src;"
            " document.body.append(s); }",
            source,
        )
        handle = self.page.wait_for_function(f"window[{key!r}]", timeout=timeout * 1000)
        outcome = json.loads(handle.json_value())
        if "error" in outcome:
            pytest.fail(f"Python in the page raised:\n{outcome['error']}")
        return outcome["ok"]


def open_site(browser: Browser, url: str, *, context: BrowserContext | None = None,
              init_script: str | None = None,
              replies: Sequence[tuple[str, Callable[[Route], None]]] = ()) -> SitePage:
    """Open ``url`` with every request and error recorded, and boot it.

    A new context, its clock pinned (tests/browser/clock.py), unless ``context`` is given
    (two tabs of one browser share one);
    ``init_script`` runs before the page's own scripts (to plant or break storage).
    Requests are recorded, not routed: an off-origin one fails the test here, and the
    tests' Chromium cannot reach it anyway (its proxy, chromium.CHROMIUM_ARGS). Routing
    every request would turn the context's HTTP cache off (Playwright does that while any
    route is set), which makes each service worker download again what its page has just
    fetched, as no player's does. ``replies`` are (URL glob, handler) pairs that answer the
    page's requests in place of the site (a damaged file).
    """
    context = context or clock.new_context(browser)
    page = context.new_page()
    site = SitePage(page=page, origin=urlunsplit(urlsplit(url)[:2] + ("", "", "")))
    page.add_init_script(CSP_LISTENER)
    if init_script:
        page.add_init_script(init_script)

    def on_response(response: Response) -> None:
        site.responses.append(response)
        # The worker's 503 for a strategy table it has not cached, the server out of reach
        # (tools/sw-source.js), is expected: the page plays on without win chances.
        if response.status >= 400 and not (response.status == 503 and response.status_text == NOT_AVAILABLE):
            site.http_errors.append(f"{response.status} {response.url}")

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            site.errors.append(f"console: {message.text}")

    def on_request(request: Request) -> None:
        site.requests.append(request.url)
        if not site.is_local(request.url):
            site.off_origin.append(request.url)

    # The service worker's own traffic and console reach the context only (no page).
    def on_worker_request(request: Request) -> None:
        if request.service_worker is not None:
            site.worker_requests.append(request.url)
            if not site.is_local(request.url):
                site.off_origin.append(request.url)

    def on_worker_response(response: Response) -> None:
        if response.request.service_worker is not None and response.status >= 400:
            site.http_errors.append(f"{response.status} {response.url} (service worker)")

    def on_worker_console(message: ConsoleMessage) -> None:
        if message.page is None and message.type == "error":
            site.errors.append(f"service worker console: {message.text}")

    for pattern, handler in replies:
        page.route(pattern, handler)
    page.on("request", on_request)
    page.on("response", on_response)
    page.on("console", on_console)
    context.on("request", on_worker_request)
    context.on("response", on_worker_response)
    context.on("console", on_worker_console)
    page.on("pageerror", lambda exc: site.errors.append(f"page error: {exc}"))
    page.on("crash", lambda crashed: process_watch.note_crash(crashed.url))  # its dump is read at the end
    try:
        site.response = page.goto(url)
        site.boot_seconds = site.wait_ready()
        page.evaluate("window.__missingModules = []")
        site.run_python(MISSING_RECORDER)
    except BaseException:
        context.close()
        raise
    return site


def wait_for_offline_ready(site: SitePage, site_dir: Path, timeout: float = BOOT_TIMEOUT_S) -> str:
    """Wait until the service worker controls the page and its precache holds exactly the
    entries the served sw.js lists (at their Workbox cache keys); returns the precache's name."""
    sw_js = (site_dir / service_worker.SW_NAME).read_text(encoding="utf-8")
    name: str = service_worker.cache_names(sw_js, f"{site.origin}/")[0]
    expected = sorted(f"{site.origin}/{service_worker.cache_key(e)}" for e in service_worker.read_manifest(sw_js))
    probe = """async (name) => {
      if (!navigator.serviceWorker.controller) return null;
      if (!(await caches.has(name))) return null;
      const cache = await caches.open(name);
      return (await cache.keys()).map((r) => r.url).sort();
    }"""
    start = time.monotonic()
    while (cached := site.page.evaluate(probe, name)) != expected:
        if site.problems():
            pytest.fail("page failed while installing its service worker:\n" + "\n".join(site.problems()))
        if time.monotonic() - start > timeout:
            pytest.fail(f"precache {name} not complete after {timeout:.0f} s: {cached}")
        site.page.wait_for_timeout(100)
    return name


def check_page(site: SitePage, before: list[str] | None = None) -> None:
    """Fail on any problem not already in ``before``."""
    problems = list((Counter(site.problems()) - Counter(before or [])).elements())
    if problems:
        pytest.fail("the page misbehaved:\n" + "\n".join(problems), pytrace=False)
