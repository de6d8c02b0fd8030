"""Fixtures for the engine tests: the same scenarios in Firefox ESR and WebKitGTK.

- ``engine`` (one per session and engine, parametrized ``firefox`` / ``webkit``): a browser
  behind :class:`tests.engines.drivers.EngineDriver`. Pytest runs every test of one engine
  before starting the other, so only one browser is up at a time (2 cores here).
- ``game`` (one per test): the site on a server of its own, so each test has an origin of
  its own (fresh storage, no service worker from an earlier test), booted in a fresh page.
  After the test it fails on anything the page recorded in ``window.diceErrors`` (errors,
  unhandled rejections, Python exceptions, CSP violations: assets/errors.js) and on what the
  driver saw (Firefox: console and page errors, HTTP errors, off-origin requests, which are
  aborted; WebKit: off-origin resources, from resource timing). A test that fails leaves a
  screenshot of the page as it was (artifacts/screenshots/failed-<engine>-<test>.png) and
  prints the status line, the controls and the page's time, for a failure seen once in CI.

The site is built once per session into a temporary directory, as for tests/browser/.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import pytest

from tests.engines.drivers import EngineDriver, EngineError, FirefoxDriver
from tests.engines.webkit import WebKitDriver
from tests.support import load_tool, mark_folder

ROOT = Path(__file__).resolve().parents[2]
#: How long a boot may take before the test calls it hung: a bound for a page that never gets
#: there, not a speed to meet. WebKitGTK took over 90 s on the 2-core machine with another
#: program's busy loop beside the suite (docs/testing.md, "Under load"); a minute or so is usual.
BOOT_TIMEOUT_S = 300.0
ENGINES = {"firefox": FirefoxDriver, "webkit": WebKitDriver}
#: The page's state, its error record (assets/errors.js) and any error PyScript shows on the
#: page (during start-up PyScript reports a Python error there, not to window.onerror).
READY_JS = """() => [document.body ? document.body.dataset.state : null, window.diceErrors || [],
  [...document.querySelectorAll('.py-error')].map((e) => e.innerText)]"""

serve = load_tool("serve")
#: Whether the test's own call failed (its report, kept for the fixture's teardown).
FAILED = pytest.StashKey[bool]()
#: What a failure prints of the page: the status line, the controls, the page's clock.
AT_FAILURE_JS = """() => JSON.stringify({
  status: (document.querySelector('#status') || {}).innerHTML,
  controls: (document.querySelector('#controls') || {}).innerHTML,
  hash: location.hash, state: document.body && document.body.dataset.state,
  uptime_ms: Math.round(performance.now()), caughtUp: window.caughtUp || 0})"""


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    if report.when == "call":
        item.stash[FAILED] = report.failed


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    mark_folder(items, Path(__file__).parent, "engines")


class EnginePage:
    """The site in one engine's page, with the page's error record kept across reloads."""

    def __init__(self, driver: EngineDriver, url: str, server: Any) -> None:
        self.driver = driver
        self.url = url
        self.server = server
        self.boot_seconds = 0.0
        self._earlier: list[str] = []  # diceErrors of documents since replaced, and the driver's

    # The page ----------------------------------------------------------------------------
    def evaluate(self, source: str, *args: Any) -> Any:
        return self.driver.evaluate(source, *args)

    def click(self, selector: str) -> None:
        self.driver.click(selector)

    def boot(self) -> float:
        self.driver.goto(self.url)
        self.boot_seconds = self.wait_ready()
        return self.boot_seconds

    def reload(self) -> float:
        self._keep_errors()  # the new document starts a new window.diceErrors
        self.driver.reload()
        self.boot_seconds = self.wait_ready()
        return self.boot_seconds

    def wait_ready(self, timeout: float = BOOT_TIMEOUT_S) -> float:
        """Wait for body[data-state="ready"], failing early on a recorded error."""
        start = time.monotonic()
        while True:
            state, errors, shown = self.evaluate(READY_JS)
            if errors or shown:
                pytest.fail("page failed while booting:\n" + "\n".join(self.problems()), pytrace=False)
            if state == "ready":
                return time.monotonic() - start
            if time.monotonic() - start > timeout:
                pytest.fail(f"page not ready after {timeout:.0f} s (state {state!r}):\n"
                            + "\n".join(self.problems()), pytrace=False)
            time.sleep(0.1)

    def wait_for(self, source: str, *args: Any, timeout: float = 60.0, what: str = "") -> Any:
        """Poll the JavaScript function ``source`` until it returns something truthy."""
        start = time.monotonic()
        while not (value := self.evaluate(source, *args)):
            if problems := self.problems():
                pytest.fail(f"page failed waiting for {what or source}:\n" + "\n".join(problems), pytrace=False)
            if time.monotonic() - start > timeout:
                pytest.fail(f"not after {timeout:.0f} s: {what or source}", pytrace=False)
            time.sleep(0.1)
        return value

    # The server --------------------------------------------------------------------------
    def stop_server(self) -> None:
        """Stop serving for good: the port refuses connections from now on."""
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()
            self.server = None

    # What went wrong ---------------------------------------------------------------------
    def _recorded(self) -> list[str]:
        _, errors, shown = self.evaluate(READY_JS)
        return [f"recorded: {e}" for e in errors] + [f"shown by PyScript: {e}" for e in shown]

    def _keep_errors(self) -> None:
        self._earlier += self._recorded()

    def problems(self) -> list[str]:
        """Everything that should fail a test, one line each."""
        self._earlier += self.driver.problems()
        return self._earlier + self._recorded()

    def check(self) -> None:
        if problems := self.problems():
            pytest.fail(f"the page misbehaved in {self.driver.name}:\n" + "\n".join(problems), pytrace=False)


# Fixtures ------------------------------------------------------------------------------

@pytest.fixture(scope="session", params=sorted(ENGINES))
def engine(request: pytest.FixtureRequest) -> Iterator[EngineDriver]:
    """One browser per engine for the whole session."""
    start = time.monotonic()
    try:
        driver = ENGINES[request.param]()
    except EngineError as exc:
        pytest.fail(str(exc), pytrace=False)
    print(f"\n{request.param}: {driver.version}, started in {time.monotonic() - start:.1f} s")
    yield driver
    driver.close()


@pytest.fixture
def game(engine: EngineDriver, site_dir: Path, request: pytest.FixtureRequest) -> Iterator[EnginePage]:
    """The site booted in a fresh page of ``engine``, on an origin of its own; fails the
    test if the page misbehaves while booting or during the test."""
    server, url = serve.start_server(site_dir, port=0)
    page = EnginePage(engine, url, server)
    try:
        engine.open()
        page.boot()
        print(f"{engine.name}: booted in {page.boot_seconds:.1f} s")
        page.check()
        yield page
        if request.node.stash.get(FAILED, False):
            _keep_failure(engine, page, request.node.name)
        page.check()
    finally:
        page.stop_server()
        engine.goto("about:blank")  # the game stops: an engine left idle takes no CPU from the tests after


def _keep_failure(engine: EngineDriver, page: EnginePage, test: str) -> None:
    """The page as the failed test left it: a screenshot and its status and controls, printed."""
    from tests.engines.play import screenshot  # play imports this module's neighbours, not this one

    try:
        path = screenshot(cast("Any", page), engine, f"failed-{engine.name}-{test}".replace("/", "_"))
        print(f"\n{engine.name}: the page at the failure: {path}\n{page.evaluate(AT_FAILURE_JS)}")
    except Exception as exc:  # the engine may be what failed: the test's own error says more
        print(f"\n{engine.name}: no picture of the failure ({exc!r})")
