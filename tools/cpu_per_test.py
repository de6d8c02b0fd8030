"""Where a test run's CPU goes: a pytest plugin that charges each test the CPU time of its
worker and everything the worker started (browsers, node, forked solvers), reaped or not.

    .venv/bin/python -m pytest -p tools.cpu_per_test -n 3 --dist loadgroup -m "browser or engines"

Each pytest-xdist worker moves itself into a cgroup of its own (cgroup v1 ``cpuacct``, which
needs root; the kernel then counts every descendant's CPU there, including processes that
exit during the test, which per-process counters lose). A test is charged the cgroup's CPU
from its setup to its teardown, so a module's shared page is charged to the test that opens
it. Each worker writes ``artifacts/cpu/<worker>.tsv`` (test, CPU seconds, wall seconds); the
run ends with the CPU by test module. docs/testing.md, "Under load", has what it found.
"""

from __future__ import annotations

import os
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

CPUACCT = Path("/sys/fs/cgroup/cpuacct")
OUT = Path(__file__).resolve().parent.parent / "artifacts" / "cpu"
WORKER = os.environ.get("PYTEST_XDIST_WORKER", "main")
_group = CPUACCT / f"cpu_per_test_{os.getpid()}"
_rows: list[tuple[str, float, float]] = []
_started = time.time()


def _usage() -> float:
    return int((_group / "cpuacct.usage").read_text()) / 1e9


def pytest_configure(config: pytest.Config) -> None:
    if not CPUACCT.is_dir():
        raise pytest.UsageError("tools/cpu_per_test.py needs cgroup v1's cpuacct at /sys/fs/cgroup/cpuacct")
    _group.mkdir(exist_ok=True)
    (_group / "cgroup.procs").write_text(str(os.getpid()))  # this process and all it starts from now on


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    cpu, wall = _usage(), time.monotonic()
    yield
    _rows.append((item.nodeid, _usage() - cpu, time.monotonic() - wall))


def pytest_sessionfinish(session: pytest.Session) -> None:
    if _rows:
        OUT.mkdir(parents=True, exist_ok=True)
        lines = [f"{test}\t{cpu:.2f}\t{wall:.2f}\n" for test, cpu, wall in _rows]
        (OUT / f"{WORKER}.tsv").write_text("".join(lines), encoding="utf-8")


def pytest_unconfigure(config: pytest.Config) -> None:
    (CPUACCT / "cgroup.procs").write_text(str(os.getpid()))
    try:
        _group.rmdir()
    except OSError:  # a process started here still runs: the kernel keeps the group until it ends
        pass


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if WORKER != "main":
        return  # the controller reads every worker's file
    by_module: Counter[str] = Counter()
    for table in OUT.glob("*.tsv"):
        if table.stat().st_mtime < _started:  # an earlier run's
            continue
        for line in table.read_text(encoding="utf-8").splitlines():
            test, cpu, _ = line.split("\t")
            by_module[test.split("::")[0]] += float(cpu)
    terminalreporter.section("CPU seconds by test module (tools/cpu_per_test.py)")
    for module, cpu in by_module.most_common():
        terminalreporter.write_line(f"{cpu:8.1f}  {module}")
    terminalreporter.write_line(f"{sum(by_module.values()):8.1f}  in all")
