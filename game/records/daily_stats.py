"""What a daily player looks back on in Today's ten: days played, days in a row, the best run,
how the days went, and the past days to open again. Pure, from ``yahtzee:ten``'s record.

A day counts once its scored attempt is finished (the first attempt begun on that day, on
that day: game.records.daily_results); practice never counts. ``today`` is the player's
local date, passed in: the records never read the clock. The counts cover the days the
record keeps (:data:`~game.records.daily_results.DAYS_KEPT`, more than a year); the streaks
cover every day, as the record carries them past that bound.

>>> from game.records.ten_record import ScoredDay, TenRecord
>>> exact, slip = ("exact",) * 10, ("exact",) * 8 + ("small", "larger")
>>> record = TenRecord((ScoredDay("2026-01-03", (), True, 2.5, slip),
...                     ScoredDay("2026-01-02", (), True, 0.0, exact), ScoredDay("2026-01-01")))
>>> ten_stats(record, "2026-01-03")
TenStats(played=2, current=2, best=2, by_best=(1, 0, 1, 0, 0, 0), today_row=2)
>>> [(day, kept is not None and kept.finished) for day, kept in past_days(record, "2026-01-03", 2)]
[('2026-01-03', True), ('2026-01-02', True), ('2026-01-01', False)]
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from game.records.daily_results import finished
from game.records.daily_streak import streak
from game.records.ten_record import ScoredDay, TenRecord

#: The rows of the distribution, by best choices out of ten: 10, 9, 8, 7, 6, then "5 or
#: fewer" (six rows, as Wordle's by guesses; a day with five or fewer best choices is rare
#: enough to share one).
ROWS = (10, 9, 8, 7, 6, 5)
#: The days listed in the archive before today (today first); any other day by its date.
PAST_DAYS = 30


@dataclass(frozen=True)
class TenStats:
    """The player's days of Today's ten: ``by_best[i]`` days had ``ROWS[i]`` best choices
    (the last row: that many or fewer); ``today_row``, today's row once today is finished."""

    played: int
    current: int
    best: int
    by_best: tuple[int, ...]
    today_row: int | None


def best_choices(day: ScoredDay) -> int:
    """The decisions of a finished day answered with the best choice."""
    return sum(colour == "exact" for colour in day.colours)


def row_of(day: ScoredDay) -> int:
    """The distribution's row of a finished day."""
    return ROWS.index(max(best_choices(day), ROWS[-1]))


def ten_stats(record: TenRecord, today: str) -> TenStats:
    days = [day for day in record.days if day.finished]
    counts = [0] * len(ROWS)
    for day in days:
        counts[row_of(day)] += 1
    kept = streak(finished(record), today, record.best)
    todays = record.day(today)
    today_row = row_of(todays) if todays is not None and todays.finished else None
    return TenStats(len(days), kept.current, kept.best, tuple(counts), today_row)


def past_days(record: TenRecord, today: str, count: int = PAST_DAYS) -> list[tuple[str, ScoredDay | None]]:
    """``today`` and the ``count`` days before it, newest first, each with its scored attempt
    (None: not begun that day)."""
    end = datetime.date.fromisoformat(today)
    dates = [(end - datetime.timedelta(days=back)).isoformat() for back in range(count + 1)]
    return [(day, record.day(day)) for day in dates]
