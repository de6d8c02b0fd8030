"""``yahtzee:ten``: Today's ten: each day's scored attempt, the attempt in progress, the best streak.

Each game has its ten and keeps it apart (game.records.ten_record: the keys, the values and
their checked reading).

One scored attempt a day: the first started on a date, on that date (``today``, the player's
local date, is passed in: this layer never reads the clock); one left unfinished is continued.
Another go, an earlier day, a friend's link to a past day are practice: kept for a reload,
never as a result. Every change re-reads and merges, so two tabs never erase each other's days.

>>> from game.records.kv import MemoryStore
>>> from game.records.safe_store import SafeStore
>>> ten = DailyResults(SafeStore(MemoryStore()))
>>> attempt = ten.progress(replace(ten.start("2026-01-02", today="2026-01-02"), choices=("hold:2356",)))
>>> ten.resume() == attempt == Attempt("2026-01-02", False, ("hold:2356",))
True
>>> _ = ten.finish(replace(attempt, choices=attempt.choices * 10), 7.254, ("exact",) * 9 + ("larger",))
>>> ten.day("2026-01-02").lost, ten.resume(), ten.streak("2026-01-03")
(7.25, None, Streak(current=1, best=1))
>>> ten.start("2026-01-02", today="2026-01-02").practice  # another go: practice
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from game.core import rules
from game.records.daily_streak import Streak, day_numbers, longest_run, run_before, run_days, streak
from game.records.fields import check_iso_date
from game.records.safe_store import SafeStore
from game.records.ten_record import (
    DAYS_KEPT,
    Attempt,
    ScoredDay,
    TenRecord,
    attempt_from_record,
    attempt_to_record,
    day_from_record,
    merge_days,
    ten_from_text,
    ten_key,
    ten_to_record,
)


def finished(record: TenRecord) -> set[int]:
    """The day numbers with a finished scored attempt: the days kept and the run carried."""
    return day_numbers(d.date for d in record.days if d.finished) | run_days(record.older_run)


def bounded(record: TenRecord) -> TenRecord:
    """The newest :data:`DAYS_KEPT` days; the best streak and the run before the oldest kept
    counted from all of them first, so a streak never shrinks because days were dropped."""
    days, done = merge_days(record.days, ()), finished(record)
    best = max(record.best, longest_run(done))
    run = record.older_run if len(days) <= DAYS_KEPT else run_before(done, days[DAYS_KEPT - 1].date)
    return TenRecord(days[:DAYS_KEPT], record.attempt, best, run)


def _joined(here: TenRecord, there: TenRecord, attempt: Attempt | None) -> TenRecord:
    """Two records as one (the days by :func:`merge_days`, ``here``'s on a tie)."""
    runs = [run for run in (here.older_run, there.older_run) if run is not None]
    run = max(runs, key=lambda r: (r[1], len(run_days(r)))) if runs else None  # the latest, the longest
    return TenRecord(merge_days(here.days, there.days), attempt, max(here.best, there.best), run)


class DailyResults:
    """One game's Today's ten as every tab left it, with this tab's change not yet written
    (store full); ``ruleset``: the game's own rules (GAME_RULESETS)."""

    def __init__(self, store: SafeStore, ruleset: str = rules.DEFAULT_PRESET) -> None:
        self._store, self._key = store, ten_key(ruleset)
        self._pending: TenRecord | None = None  # written at the next write that succeeds

    def read(self) -> TenRecord:
        stored = self._store.load(self._key, "ten", ten_from_text, blank=None) or TenRecord()
        if (pending := self._pending) is None:  # else this tab's change the store refused, merged
            return stored
        return _joined(pending, stored, pending.attempt)

    def day(self, day: str) -> ScoredDay | None:
        """The scored attempt of ``day``, or None (never started, or too old to be kept)."""
        return self.read().day(day)

    def resume(self) -> Attempt | None:
        """The attempt in progress (a reload resumes it), or None."""
        return self.read().attempt

    def streak(self, today: str) -> Streak:
        """The streak on ``today`` (the player's local date)."""
        record = self.read()
        return streak(finished(record), today, record.best)

    def start(self, day: str, *, today: str) -> Attempt:
        """Begin an attempt at ``day``, in place of any attempt in progress: scored if ``day`` is
        ``today`` and its scored attempt is not finished (then continued), else practice. A
        future ``day`` raises ``ValueError``: the page refuses such a link before it comes here."""
        check_iso_date(day)
        check_iso_date(today)
        if day > today:
            raise ValueError(f"{day} is after today ({today})")
        record = self.read()
        kept = record.day(day)
        if day == today and (kept is None or not kept.finished):
            kept = kept or ScoredDay(day)
            attempt, days = Attempt(day, False, kept.choices), merge_days([kept], record.days)
        else:
            attempt, days = Attempt(day, True), record.days
        self._write(replace(record, days=days, attempt=attempt))
        return attempt

    def progress(self, attempt: Attempt) -> Attempt:
        """Keep the attempt in progress (after each choice); returned practice if its day's scored
        attempt went another way (in another tab)."""
        attempt = attempt_from_record(attempt_to_record(attempt))  # a bug raises ValueError
        record = self.read()
        attempt, days = _scored(record, attempt, ScoredDay(attempt.date, attempt.choices))
        self._write(replace(record, days=days, attempt=attempt))
        return attempt

    def finish(self, attempt: Attempt, lost: float, colours: Sequence[str]) -> Attempt:
        """The ten answered: keep a scored attempt's result (``lost`` in all, each decision's
        colour), never a practice one's, and clear the attempt in progress. Returns the attempt
        as :meth:`progress` does; ``ValueError`` for a result no puzzle gives."""
        attempt = attempt_from_record(attempt_to_record(attempt))
        result = day_from_record({**attempt_to_record(attempt), "finished": True, "lost": lost,
                                  "colours": list(colours)})
        record = self.read()
        mine = record.attempt is not None and record.attempt.date == attempt.date  # not another tab's
        attempt, days = _scored(record, attempt, result)
        self._write(replace(record, days=days, attempt=None if mine else record.attempt))
        return attempt

    def restore(self, other: TenRecord) -> bool:
        """Merge a backup's record: the days by :func:`merge_days` (this device's on a tie), the
        higher best streak, its attempt in progress if none is here. False: the store is full."""
        here = self.read()
        merged = _joined(here, other, here.attempt or other.attempt)
        return bounded(merged) == here or self._write(merged)

    def _write(self, record: TenRecord) -> bool:
        record = bounded(record)
        written = self._store.write_record(self._key, ten_to_record(record), "ten")
        self._pending = None if written else record  # kept for the session, nothing lost
        return written


def _scored(record: TenRecord, attempt: Attempt, day: ScoredDay) -> tuple[Attempt, tuple[ScoredDay, ...]]:
    """The attempt and the days with ``day``: a scored attempt continues its day's choices or turns practice."""
    if attempt.practice:
        return attempt, record.days
    kept = record.day(attempt.date)
    if kept is not None and (kept.finished or attempt.choices[:len(kept.choices)] != kept.choices):
        return replace(attempt, practice=True), record.days
    return attempt, merge_days([day], record.days)
