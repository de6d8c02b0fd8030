"""``yahtzee:ten``: Today's ten: each day's scored attempt, the attempt in progress, the best streak.

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

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from game.core import rules
from game.records.daily_streak import Streak, day_numbers, longest_run, run_before, run_days, streak
from game.records.fields import MAX_STAMP, check_iso_date, decode_record, read_bool, read_int, read_str
from game.records.safe_store import SafeStore

TEN_KEY = "yahtzee:ten"
TEN_VERSION = 1
#: The decisions of a day, and their colours: ``len(game.daily.puzzle.SLOTS)`` and
#: ``game.daily.grading.COLOURS``, not imported: game.daily travels in later.zip and this
#: module loads with the page (tests/test_archives.py). tests/test_daily_results.py checks.
CHOICES = 10
COLOURS = ("exact", "small", "larger", "more")
#: The days kept, the newest. Unbounded, the record would grow every day the player plays, in
#: a localStorage of about 5 MB shared with the games kept for review; 400 days (about 80 kB)
#: still hold this day last year. What streaks need outlives the days dropped: the best as a
#: number, and the run of finished days just before the oldest kept as its two dates.
DAYS_KEPT = 400
#: The longest run carried: a century (a bound on what a damaged record makes us count).
MAX_RUN = 36_525
#: Points lost to a hundredth: the coach's values are exact to about a thousandth.
LOST_DIGITS = 2


@dataclass(frozen=True)
class ScoredDay:
    """A date's scored attempt: its choices (:func:`check_choice`), and once finished its result."""

    date: str
    choices: tuple[str, ...] = ()
    finished: bool = False
    lost: float | None = None  # None until finished
    colours: tuple[str, ...] = ()  # game.daily.grading.grid draws them as squares


@dataclass(frozen=True)
class Attempt:
    """The attempt in progress, scored or ``practice``, so that a reload resumes it."""

    date: str
    practice: bool
    choices: tuple[str, ...] = ()


@dataclass(frozen=True)
class TenRecord:
    """``yahtzee:ten``: the scored days, newest first; the attempt in progress; the best streak;
    the finished days in a row dropped by the bound just before the oldest day kept."""

    days: tuple[ScoredDay, ...] = ()
    attempt: Attempt | None = None
    best: int = 0
    older_run: tuple[str, str] | None = None  # first and last date

    def day(self, day: str) -> ScoredDay | None:
        return next((d for d in self.days if d.date == day), None)


def check_choice(code: object) -> str:
    """A choice's code, or ``ValueError``: ``box:<box>`` (one of ``rules.BOXES``) or
    ``hold:<faces>``, the faces held in order, 0 to 4 of them (``hold:`` re-rolls all five).

    >>> check_choice("hold:2356"), check_choice("box:chance"), check_choice("hold:")
    ('hold:2356', 'box:chance', 'hold:')
    """
    kind, _, what = code.partition(":") if isinstance(code, str) else ("", "", "")
    faces_ok = len(what) <= 4 and all(c in "123456" for c in what) and list(what) == sorted(what)
    if (kind == "box" and what in rules.BOXES) or (kind == "hold" and faces_ok):
        return str(code)
    raise ValueError(f"{code!r} is not a choice (box:<box> or hold:<faces in order>)")


def _dated(data: Mapping[str, Any], finished: bool) -> tuple[str, tuple[str, ...]]:
    """The date and the choices of a day or an attempt (all ten once ``finished``)."""
    day, choices = read_str(data, "date"), data.get("choices")
    check_iso_date(day)
    if not isinstance(choices, list) or len(choices) > CHOICES or (finished and len(choices) != CHOICES):
        raise ValueError(f"choices is not a list of {'' if finished else 'at most '}{CHOICES} choices")
    return day, tuple(check_choice(code) for code in choices)


def day_to_record(day: ScoredDay) -> dict[str, Any]:
    done = {"lost": day.lost, "colours": list(day.colours)} if day.finished else {}
    return {"date": day.date, "choices": list(day.choices), "finished": day.finished, **done}


def day_from_record(data: object) -> ScoredDay:
    """Check every field of a scored day; ``ValueError`` says what is wrong."""
    if not isinstance(data, Mapping):
        raise ValueError("a day of Today's ten is not a JSON object")
    finished = read_bool(data, "finished")
    day, choices = _dated(data, finished)
    if not finished:  # any result it holds is ignored: it is not one
        return ScoredDay(day, choices)
    lost, colours = data.get("lost"), data.get("colours")
    # Not true (a bool is an int); NaN and infinity fail the range.
    if not isinstance(lost, (int, float)) or isinstance(lost, bool) or not 0 <= lost <= CHOICES * rules.MAX_SCORE:
        raise ValueError(f"lost {lost!r} is not a number of points")
    if not isinstance(colours, list) or len(colours) != CHOICES or not all(c in COLOURS for c in colours):
        raise ValueError(f"colours is not a list of {CHOICES} colours")
    if (lost == 0) != all(c == "exact" for c in colours):  # any other choice loses >= 1 (puzzle.MARGIN)
        raise ValueError(f"lost {lost} does not fit the colours")
    return ScoredDay(day, choices, True, round(float(lost), LOST_DIGITS), tuple(colours))


def attempt_to_record(attempt: Attempt) -> dict[str, Any]:
    return {"date": attempt.date, "practice": attempt.practice, "choices": list(attempt.choices)}


def attempt_from_record(data: object) -> Attempt:
    """Check every field of the attempt in progress; ``ValueError`` says what is wrong."""
    if not isinstance(data, Mapping):
        raise ValueError("the attempt in progress is not a JSON object")
    day, choices = _dated(data, False)
    return Attempt(day, read_bool(data, "practice"), choices)


def ten_to_record(record: TenRecord) -> dict[str, Any]:
    run = None if record.older_run is None else dict(zip(("from", "to"), record.older_run, strict=True))
    return {"version": TEN_VERSION, "best": record.best, "days": [day_to_record(d) for d in record.days],
            "attempt": None if record.attempt is None else attempt_to_record(record.attempt), "older_run": run}


def _older_run(data: object) -> tuple[str, str] | None:
    if data is None:
        return None
    if not isinstance(data, Mapping):
        raise ValueError("older_run is not a JSON object")
    first, last = read_str(data, "from"), read_str(data, "to")
    check_iso_date(first)
    check_iso_date(last)
    if not 0 <= max(day_numbers([last])) - max(day_numbers([first])) < MAX_RUN:  # not the set: it may be huge
        raise ValueError(f"older_run is not 1 to {MAX_RUN} days")
    return first, last


def ten_from_record(data: Mapping[str, Any]) -> TenRecord:
    """The record's content (already at :data:`TEN_VERSION`); ``ValueError`` says what is wrong."""
    days = data.get("days")
    if not isinstance(days, list) or len(days) > DAYS_KEPT:
        raise ValueError(f"days is not a list of at most {DAYS_KEPT} days")
    parsed = [day_from_record(d) for d in days]
    if len({d.date for d in parsed}) != len(parsed):
        raise ValueError("a date has two scored attempts")
    attempt = None if data.get("attempt") is None else attempt_from_record(data["attempt"])
    return TenRecord(merge_days(parsed, ()), attempt, read_int(data, "best", 0, MAX_STAMP),
                     _older_run(data.get("older_run")))


def ten_from_text(raw: str) -> TenRecord:
    return ten_from_record(decode_record(raw, TEN_VERSION))


def merge_days(here: Iterable[ScoredDay], there: Iterable[ScoredDay]) -> tuple[ScoredDay, ...]:
    """Per date, the finished attempt, else the one with more choices; on a tie ``here``'s
    (this device's, or this tab's). A scored attempt never goes back, whoever merges first."""
    kept = {d.date: d for d in there}
    for day in here:
        other = kept.get(day.date)
        if other is None or (day.finished, len(day.choices)) >= (other.finished, len(other.choices)):
            kept[day.date] = day
    return tuple(sorted(kept.values(), key=lambda d: d.date, reverse=True))  # ISO dates sort as text


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
    """Today's ten as every tab left it, with this tab's change not yet written (store full)."""

    def __init__(self, store: SafeStore) -> None:
        self._store = store
        self._pending: TenRecord | None = None  # written at the next write that succeeds

    def read(self) -> TenRecord:
        stored = self._store.load(TEN_KEY, "ten", ten_from_text, blank=None) or TenRecord()
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
        written = self._store.write_record(TEN_KEY, ten_to_record(record), "ten")
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
