"""The stored form of Today's ten: its keys, its values, and their checked reading.

A record per game (:func:`ten_key`): Yahtzee's under ``yahtzee:ten``, as before Yatzy had a
ten, Yatzy's under ``yahtzee:ten:yatzy``. Every field is checked when read: a damaged record
raises ``ValueError``, which says what is wrong (game.records.safe_store words it).

>>> ten_from_record(ten_to_record(TenRecord((ScoredDay("2026-01-02", ("box:chance",)),)))).days[0].choices
('box:chance',)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from game.core import rules
from game.core.games import GAMES
from game.core.rulesets import GAME_RULESETS
from game.records.daily_streak import day_numbers
from game.records.fields import MAX_STAMP, check_iso_date, decode_record, read_bool, read_int, read_str

TEN_KEY = "yahtzee:ten"
TEN_VERSION = 1


def ten_key(ruleset: str) -> str:
    """The key of one game's ten (``ruleset``: a game's own, GAME_RULESETS).

    >>> ten_key("official"), ten_key("yatzy")
    ('yahtzee:ten', 'yahtzee:ten:yatzy')
    """
    return TEN_KEY if ruleset == rules.DEFAULT_PRESET else f"{TEN_KEY}:{ruleset}"


#: Every game's ten by its key (a backup holds each).
TEN_KEYS: dict[str, str] = {ten_key(ruleset): ruleset for ruleset in GAME_RULESETS}
#: The boxes a choice may name: any game's (a choice that is not its position's is refused
#: when the attempt is replayed, as a damaged record).
_BOXES = frozenset(box for game in GAMES.values() for box in game.names)
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
    """One game's ten (``yahtzee:ten``, ``yahtzee:ten:yatzy``): the scored days, newest first;
    the attempt in progress; the best streak; the finished days in a row dropped by the bound
    just before the oldest day kept."""

    days: tuple[ScoredDay, ...] = ()
    attempt: Attempt | None = None
    best: int = 0
    older_run: tuple[str, str] | None = None  # first and last date

    def day(self, day: str) -> ScoredDay | None:
        return next((d for d in self.days if d.date == day), None)


def check_choice(code: object) -> str:
    """A choice's code, or ``ValueError``: ``box:<box>`` (a box of some game) or
    ``hold:<faces>``, the faces held in order, 0 to 4 of them (``hold:`` re-rolls all five).

    >>> check_choice("hold:2356"), check_choice("box:chance"), check_choice("hold:")
    ('hold:2356', 'box:chance', 'hold:')
    """
    kind, _, what = code.partition(":") if isinstance(code, str) else ("", "", "")
    faces_ok = len(what) <= 4 and all(c in "123456" for c in what) and list(what) == sorted(what)
    if (kind == "box" and what in _BOXES) or (kind == "hold" and faces_ok):
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
