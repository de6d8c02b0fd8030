"""No test reads the machine's clock for a date or a time of day (docs/testing.md, "The clock").

A test's outcome must not depend on the day it runs: the pages' clock is pinned
(tests/browser/clock.py), the game's records take an injected clock, and the CPython suite
also runs with the clock a year ahead at 23:59 in UTC+14 and UTC−12 (``make clock-check``).
This check fails on any direct read in the tests' own code, where the suite would not notice
a date it happens to agree with. Durations (``time.monotonic``, ``time.perf_counter``) are
not dates: they wait for states with a timeout, and assert nothing about speed.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent
#: (object, method) pairs that read the wall clock: ``date.today()``, ``datetime.now()``...
WALL_CLOCK = {("date", "today"), ("datetime", "today"), ("datetime", "now"), ("datetime", "utcnow"),
              ("time", "time"), ("time", "time_ns"), ("time", "localtime"), ("time", "gmtime"),
              ("time", "ctime"), ("time", "asctime"), ("time", "strftime")}


def wall_clock_reads(source: str) -> list[int]:
    """The lines of ``source`` that call a wall-clock reader (the time module's converters
    only when given no time: then they read the clock)."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            owner, method = node.func.value, node.func.attr
            name = owner.attr if isinstance(owner, ast.Attribute) else getattr(owner, "id", "")
            if (name, method) not in WALL_CLOCK:
                continue
            given = len(node.args) + len(node.keywords)
            if name != "time" or method in ("time", "time_ns") or given < (2 if method == "strftime" else 1):
                lines.append(node.lineno)
    return lines


def test_the_check_finds_each_kind_of_read() -> None:
    for call in ("date.today()", "datetime.date.today()", "datetime.datetime.now()", "datetime.now(tz)",
                 "time.time()", "time.strftime('%Y')"):
        assert wall_clock_reads(f"x = {call}\n") == [1], call
    assert wall_clock_reads("x = time.monotonic() + time.perf_counter()\ny = time.gmtime(0)\n"
                            "z = time.strftime('%Y', y)\n") == []


def test_no_test_reads_the_wall_clock() -> None:
    found = [f"{path.relative_to(ROOT.parent)}:{line}" for path in sorted(ROOT.rglob("*.py"))
             for line in wall_clock_reads(path.read_text(encoding="utf-8"))]
    assert found == [], "a test reads the machine's clock (pin it: docs/testing.md):\n" + "\n".join(found)
