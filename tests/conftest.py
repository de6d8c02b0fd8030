"""Fixtures shared by the suites: the built site (the browser suites serve it; the build's
own tests read it)."""

from __future__ import annotations

import fcntl
import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.support import build_site


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """The browser pages that crashed in this run, with what their dumps say, and the
    largest page process (tests/browser/process_watch.py); nothing without browser tests."""
    if "PYTEST_XDIST_WORKER" in os.environ:
        return  # the controller reads every worker's files
    from tests.browser import process_watch

    lines = process_watch.summary()
    if lines:
        terminalreporter.section("Chromium's page processes")
        for line in lines:
            terminalreporter.write_line(line)


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist's own, which reads the groups
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Groups for pytest-xdist's ``--dist loadgroup`` (make test): a browser module's tests
    stay on one worker (they share its booted page, ``site_page``), and the engines' tests
    on one worker (one Firefox and one WebKit for all of them); the rest go one by one.
    The groups come first, the engines' first of all, then the CPython suite's slowest
    modules (:data:`SLOWEST_FIRST`): the longest runs start early."""
    here = Path(__file__).parent
    for item in items:
        if here / "engines" in item.path.parents:
            item.add_marker(pytest.mark.xdist_group("engines"))
        elif here / "browser" in item.path.parents:
            item.add_marker(pytest.mark.xdist_group(item.path.stem))
    order = {"engines": 0, "browser": 1}
    # stable: each file keeps its order
    items.sort(key=lambda item: (order.get(item.path.parent.name, 2), SLOWEST_FIRST.get(item.path.stem, 99)))


#: The CPython suite's longest modules, longest first (a quiet run's --durations, 2026-11-29,
#: once Yatzy's whole solve left the suite): started first, they run beside the browsers'
#: tests instead of alone at the end.
SLOWEST_FIRST = {stem: rank for rank, stem in enumerate((
    "test_strategy_tables", "test_site_config", "test_daily_puzzle", "test_strategy_independent",
    "test_strategy_coach", "test_properties", "test_strategy_simulation", "test_doctests", "test_daily_pyodide"))}


def _run_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder all of this run's pytest-xdist workers share: the run's, above each worker's own."""
    root = tmp_path_factory.getbasetemp()
    return root.parent if "PYTEST_XDIST_WORKER" in os.environ else root


@pytest.fixture(scope="session", autouse=True)
def _solve_each_preset_once(tmp_path_factory: pytest.TempPathFactory) -> None:
    """The workers share the exact solutions (tools/strategy_solver.SHARED_DIR)."""
    from tools import strategy_solver

    strategy_solver.SHARED_DIR = _run_folder(tmp_path_factory)


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The publish directory, built once per run for every test that needs it (not dist/,
    which a `make play` in the same tree may be serving). With pytest-xdist the workers
    share one build: the first to come builds it, the others wait on the lock. `make test`
    runs two pytest commands side by side and names a folder for both in ``TEST_SITE_FOLDER``:
    they share one build the same way."""
    shared = os.environ.get("TEST_SITE_FOLDER")
    root = Path(shared) if shared else _run_folder(tmp_path_factory)
    out, done = root / "site" / "dist", root / "site" / "built"
    with (root / "site.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.exists():
            try:
                build_site(out)
            except RuntimeError as error:
                pytest.fail(str(error), pytrace=False)
            done.touch()
    return out


@pytest.fixture(scope="session")
def catalog_files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Every language's compiled catalog, and the pseudo-locale's (``en_XA``), by code."""
    from tests.support import load_tool

    out = tmp_path_factory.mktemp("catalogs")
    return {path.stem: path for path in load_tool("catalogs").compile_all(out)}


@pytest.fixture
def speak(catalog_files: dict[str, Path]) -> Iterator[Callable[[str], None]]:
    """A function that makes the game speak a language by its code; English again after the test."""
    from game.core import language

    def activate(code: str) -> None:
        language.activate(language.load(catalog_files[code].read_bytes()), code)

    yield activate
    language.activate(None)
