"""Streaks of Today's ten, from dates: days in a row with a finished scored attempt.

Pure functions over day numbers (``date.toordinal()``), for ``yahtzee:ten``
(:mod:`game.records.daily_results`): the dates come from the days it keeps and from the
run it carries past its bound, and ``today`` is passed in (the player's local date: the
records never read the clock).

>>> done = day_numbers(["2026-01-01", "2026-01-02", "2026-01-03", "2026-01-05", "2026-01-06"])
>>> streak(done, "2026-01-07"), streak(done, "2026-01-06"), streak(done, "2026-01-08")
(Streak(current=2, best=3), Streak(current=2, best=3), Streak(current=0, best=3))
>>> run_before(done, "2026-01-04"), run_before(done, "2026-01-01")
(('2026-01-01', '2026-01-03'), None)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

from game.records.fields import check_iso_date


@dataclass(frozen=True)
class Streak:
    """Days in a row with a finished scored attempt, ending today (or yesterday, while today
    is not finished yet: the streak is not lost before the day is over), and the most ever."""

    current: int
    best: int


def day_numbers(dates: Iterable[str]) -> set[int]:
    """The day numbers of ISO dates (already checked)."""
    return {date.fromisoformat(day).toordinal() for day in dates}


def run_days(run: tuple[str, str] | None) -> set[int]:
    """The day numbers of a run given by its first and last date (None: no run).

    >>> run_days(("2026-02-27", "2026-03-01")) == day_numbers(["2026-02-27", "2026-02-28", "2026-03-01"])
    True
    """
    if run is None:
        return set()
    first, last = (date.fromisoformat(day).toordinal() for day in run)
    return set(range(first, last + 1))


def longest_run(done: set[int]) -> int:
    """The most days in a row among ``done``."""
    # A run starts at a day whose eve is not done; count on from each start only.
    return max((_run_from(done, n) for n in done if n - 1 not in done), default=0)


def streak(done: set[int], today: str, best: int = 0) -> Streak:
    """The streak on ``today``; ``best`` is the best kept from days no longer in ``done``."""
    check_iso_date(today)
    end = date.fromisoformat(today).toordinal()
    if end not in done:  # not finished yet today: yesterday's streak still stands
        end -= 1
    current = 0
    while end - current in done:
        current += 1
    return Streak(current, max(best, longest_run(done), current))


def run_before(done: set[int], day: str) -> tuple[str, str] | None:
    """The first and last date of the run of ``done`` that ends the day before ``day``, or None."""
    last = date.fromisoformat(day).toordinal() - 1
    first = last
    while first in done:
        first -= 1
    if first == last:
        return None
    return date.fromordinal(first + 1).isoformat(), date.fromordinal(last).isoformat()


def _run_from(done: set[int], start: int) -> int:
    length = 0
    while start + length in done:
        length += 1
    return length
