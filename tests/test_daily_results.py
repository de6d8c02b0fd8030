"""``yahtzee:ten`` (game/records/daily_results.py, game/records/daily_streak.py): one scored
attempt a day, practice never kept as a result, a reload resumes, streaks, a bounded record,
and the failures every record survives (unreadable text, a full store, no store), with the
backup file. Helpers: tests/storage_support.py."""

import json
from dataclasses import replace
from datetime import date, timedelta

import pytest

from game.core import rules
from game.daily import grading, puzzle
from game.records.backup import FORMAT, VERSION, BackupError, backup_text, read_backup, restore_backup
from game.records.daily_results import DailyResults
from game.records.daily_streak import Streak
from game.records.device import MemoryStore, open_records
from game.records.fields import encode_record
from game.records.safe_store import SafeStore
from game.records.ten_record import (
    CHOICES,
    COLOURS,
    DAYS_KEPT,
    TEN_KEY,
    Attempt,
    ScoredDay,
    TenRecord,
    check_choice,
    day_from_record,
    ten_from_text,
    ten_to_record,
)
from game.screens.storage_words import backup_error_words, notice_words
from tests.storage_support import codes, tab

TODAY = "2026-03-10"
OFFICIAL = rules.DEFAULT_PRESET
TEN = ("hold:2356", "box:chance", "hold:44", "box:sixes", "hold:", "box:yahtzee", "hold:1", "box:ones",
       "hold:6666", "box:large_straight")
GRID = ("exact", "small", "exact", "larger", "exact", "exact", "more", "exact", "exact", "small")


def shift(day: str, days: int) -> str:
    return (date.fromisoformat(day) + timedelta(days=days)).isoformat()


def make(items=None, **store_options):
    kv = MemoryStore(items, **store_options)
    safe = SafeStore(kv)
    return DailyResults(safe), kv, safe


def answer(ten: DailyResults, attempt: Attempt, count: int) -> Attempt:
    """Make ``count`` more choices, keeping the attempt after each one as the page does."""
    for code in TEN[len(attempt.choices):len(attempt.choices) + count]:
        attempt = ten.progress(replace(attempt, choices=(*attempt.choices, code)))
    return attempt


def play(ten: DailyResults, day: str, today: str, lost: float = 12.5) -> Attempt:
    """A whole attempt at ``day``, from the start (or where a scored one was left) to the end."""
    attempt = answer(ten, ten.start(day, today=today), CHOICES)
    return ten.finish(attempt, lost, GRID)


def finished_days(*days: str) -> TenRecord:
    return TenRecord(tuple(ScoredDay(d, TEN, True, 3.0, GRID) for d in days))


# --- what is kept, and read back -------------------------------------------------------


def test_the_codes_and_colours_are_the_daily_packages():
    # Not imported by the record (game.daily travels in later.zip): checked here instead.
    assert CHOICES == len(puzzle.SLOTS) and COLOURS == grading.COLOURS
    from game.strategy.tables import load_preset

    ten = puzzle.todays_ten("2026-01-01", load_preset("official"))
    for position in ten.positions:
        for option in position.options:  # every choice a position offers has a code the record reads
            code = f"box:{option.box}" if option.kind == "score" else "hold:" + "".join(map(str, option.held_faces))
            assert check_choice(code) == code


@pytest.mark.parametrize("code", ["hold:65", "hold:12345", "hold:7", "box:bonus", "box:", "hold 22", "", 5, None])
def test_a_choice_that_is_no_choice_is_refused(code):
    with pytest.raises(ValueError, match="is not a choice"):
        check_choice(code)


def test_the_record_as_stored_and_read_back():
    ten, kv, _ = make()
    play(ten, shift(TODAY, -1), shift(TODAY, -1), lost=7.254)
    answer(ten, ten.start(TODAY, today=TODAY), 2)
    assert json.loads(kv.items[TEN_KEY]) == {
        "version": 1, "best": 1, "older_run": None,
        "days": [{"date": TODAY, "choices": list(TEN[:2]), "finished": False},
                 {"date": shift(TODAY, -1), "choices": list(TEN), "finished": True, "lost": 7.25,
                  "colours": list(GRID)}],
        "attempt": {"date": TODAY, "practice": False, "choices": list(TEN[:2])}}
    again = DailyResults(SafeStore(kv))  # a reload
    assert again.read() == ten.read() == ten_from_text(kv.items[TEN_KEY])
    assert ten_from_text(encode_record(ten_to_record(ten.read()))) == ten.read()
    assert again.day(shift(TODAY, -1)) == ScoredDay(shift(TODAY, -1), TEN, True, 7.25, GRID)


# --- one scored attempt a day ------------------------------------------------------------


def test_the_first_attempt_of_the_day_is_scored_and_another_go_is_practice():
    ten, kv, _ = make()
    assert not play(ten, TODAY, TODAY, lost=4.0).practice
    scored = ten.day(TODAY)
    again = ten.start(TODAY, today=TODAY)
    assert again == Attempt(TODAY, True)
    done = ten.finish(answer(ten, again, CHOICES), 0.0, ("exact",) * CHOICES)  # a perfect second go...
    assert done.practice and ten.day(TODAY) == scored and scored.lost == 4.0  # ...is not the result
    assert ten.resume() is None and len(ten.read().days) == 1


@pytest.mark.parametrize("day", [shift(TODAY, -1), shift(TODAY, -30)])
def test_an_earlier_day_or_a_friends_link_to_it_is_practice_and_never_kept(day):
    ten, kv, _ = make()
    attempt = answer(ten, ten.start(day, today=TODAY), 3)
    assert attempt == Attempt(day, True, TEN[:3]) and ten.resume() == attempt  # kept for a reload only
    assert ten.finish(answer(ten, attempt, CHOICES), 9.0, GRID).practice
    assert ten.read() == TenRecord() and ten.streak(TODAY) == Streak(0, 0)


def test_a_future_day_raises_and_changes_nothing():
    ten, kv, _ = make()
    play(ten, TODAY, TODAY)
    before = dict(kv.items)
    with pytest.raises(ValueError, match="after today"):
        ten.start(shift(TODAY, 1), today=TODAY)
    with pytest.raises(ValueError):
        ten.start("2026-3-10", today=TODAY)
    assert kv.items == before


def test_a_reload_resumes_mid_puzzle_and_an_unfinished_scored_attempt_is_continued_not_restarted():
    ten, kv, _ = make()
    answer(ten, ten.start(TODAY, today=TODAY), 4)
    reloaded = DailyResults(SafeStore(kv))
    assert reloaded.resume() == Attempt(TODAY, False, TEN[:4])
    answer(reloaded, reloaded.start(shift(TODAY, -2), today=TODAY), 1)  # off to practise another day
    assert reloaded.resume() == Attempt(shift(TODAY, -2), True, TEN[:1])  # it replaced the one in progress
    back = reloaded.start(TODAY, today=TODAY)
    assert back == Attempt(TODAY, False, TEN[:4])  # today's scored attempt, where it was left
    assert not reloaded.finish(answer(reloaded, back, CHOICES), 12.5, GRID).practice
    assert reloaded.day(TODAY).finished and reloaded.resume() is None


def test_a_scored_attempt_finished_after_midnight_counts_for_its_own_day():
    ten, _, _ = make()
    attempt = answer(ten, ten.start(TODAY, today=TODAY), CHOICES)
    ten.finish(attempt, 2.0, GRID)  # the clock says tomorrow by now: the attempt keeps its date
    assert ten.day(TODAY).finished and ten.streak(shift(TODAY, 1)) == Streak(1, 1)


def test_two_tabs_cannot_make_two_scored_attempts_of_one_day():
    kv = MemoryStore()
    first, second = DailyResults(SafeStore(kv)), DailyResults(SafeStore(kv))
    mine, theirs = first.start(TODAY, today=TODAY), second.start(TODAY, today=TODAY)
    mine = first.progress(replace(mine, choices=("box:chance",)))
    theirs = second.progress(replace(theirs, choices=("box:ones",)))  # went another way: practice now
    assert not mine.practice and theirs.practice
    assert first.day(TODAY).choices == ("box:chance",)
    second.finish(replace(theirs, choices=("box:ones",) * CHOICES), 50.0, ("more",) * CHOICES)
    assert first.day(TODAY) == ScoredDay(TODAY, ("box:chance",))  # the practice result is not kept
    assert first.resume() is None  # the attempt in progress was the second tab's, now finished


@pytest.mark.parametrize(("lost", "colours"), [
    (3.0, ("exact",) * CHOICES), (0.0, GRID), (-1.0, GRID), (float("nan"), GRID), (True, GRID),
    (3.0, GRID[:9]), (3.0, ("green",) * CHOICES),
])
def test_a_result_no_puzzle_gives_is_a_bug_and_keeps_nothing(lost, colours):
    ten, kv, _ = make()
    attempt = answer(ten, ten.start(TODAY, today=TODAY), CHOICES)
    before = dict(kv.items)
    with pytest.raises(ValueError):
        ten.finish(attempt, lost, colours)
    assert kv.items == before


# --- streaks -------------------------------------------------------------------------------


def test_the_streak_ends_today_or_yesterday_while_today_is_not_played():
    ten, _, _ = make()
    for back in (6, 5, 4, 2, 1):  # a gap three days ago
        play(ten, shift(TODAY, -back), shift(TODAY, -back))
    assert ten.streak(TODAY) == Streak(2, 3)  # today not played yet: yesterday's streak stands
    answer(ten, ten.start(TODAY, today=TODAY), 5)
    assert ten.streak(TODAY) == Streak(2, 3)  # started, not finished: not counted yet
    play(ten, TODAY, TODAY)
    assert ten.streak(TODAY) == Streak(3, 3)
    assert ten.streak(shift(TODAY, 1)) == Streak(3, 3)
    assert ten.streak(shift(TODAY, 2)) == Streak(0, 3)  # a whole day missed
    play(ten, shift(TODAY, 2), shift(TODAY, 2))
    assert ten.streak(shift(TODAY, 2)) == Streak(1, 3)


def test_practice_and_unfinished_days_make_no_streak():
    ten, _, _ = make()
    play(ten, shift(TODAY, -2), TODAY)  # an earlier day played today: practice
    answer(ten, ten.start(shift(TODAY, -1), today=shift(TODAY, -1)), 9)  # nine of ten
    assert ten.streak(TODAY) == Streak(0, 0)


# --- a bounded record -----------------------------------------------------------------


def test_the_record_keeps_the_newest_days_and_no_streak_shrinks():
    first = "2025-01-01"
    ten, kv, _ = make()
    days = DAYS_KEPT + 30
    for n in range(days):
        ten.restore(finished_days(shift(first, n)))  # one finished day at a time, as if played
    today = shift(first, days - 1)
    record = ten.read()
    assert len(record.days) == DAYS_KEPT and record.days[0].date == today
    assert record.days[-1].date == shift(first, 30)
    assert record.older_run == (first, shift(first, 29))
    assert ten.streak(today) == Streak(days, days)
    size = len(kv.items[TEN_KEY])
    ten.restore(finished_days(shift(today, 2)))  # a gap, then one more day: the size stays bounded
    assert len(ten.read().days) == DAYS_KEPT and len(kv.items[TEN_KEY]) <= size + 200
    assert ten.streak(shift(today, 2)) == Streak(1, days)  # the best outlives the days dropped
    assert DailyResults(SafeStore(kv)).streak(shift(today, 3)) == Streak(1, days)


def test_a_record_longer_than_the_bound_is_unreadable():
    raw = encode_record(ten_to_record(finished_days(*(shift(TODAY, -n) for n in range(DAYS_KEPT + 1)))))
    with pytest.raises(ValueError, match="at most 400 days"):
        ten_from_text(raw)


# --- failures ----------------------------------------------------------------------------

GOOD = {"date": TODAY, "choices": list(TEN), "finished": True, "lost": 3, "colours": list(GRID)}


@pytest.mark.parametrize(("raw", "says"), [
    ("not json", "not valid JSON"),
    ('{"days": []}', "no schema version"),
    ('{"version": 2, "days": [], "best": 0}', "newer version"),
    ('{"version": 1, "days": {}, "best": 0}', "days is not a list"),
    ('{"version": 1, "days": [], "best": -1}', "best -1 is out of range"),
    (json.dumps({"version": 1, "best": 0, "days": [{**GOOD, "date": "2026-02-30"}]}), "not a YYYY-MM-DD"),
    (json.dumps({"version": 1, "best": 0, "days": [{**GOOD, "choices": ["box:bonus"] * 10}]}), "not a choice"),
    (json.dumps({"version": 1, "best": 0, "days": [{**GOOD, "choices": list(TEN[:9])}]}), "list of 10"),
    (json.dumps({"version": 1, "best": 0, "days": [{**GOOD, "lost": "3"}]}), "not a number"),
    (json.dumps({"version": 1, "best": 0, "days": [{**GOOD, "colours": ["exact"] * 10}]}), "does not fit"),
    (json.dumps({"version": 1, "best": 0, "days": [GOOD, GOOD]}), "two scored attempts"),
    (json.dumps({"version": 1, "best": 0, "days": [], "attempt": {"date": TODAY, "choices": []}}), "practice"),
    (json.dumps({"version": 1, "best": 0, "days": [], "older_run": {"from": TODAY, "to": "2020-01-01"}}),
     "older_run"),
])
def test_an_unreadable_record_is_set_aside_raw_with_a_notice(raw, says):
    ten, kv, safe = make({TEN_KEY: raw})
    assert ten.read() == TenRecord() and ten.resume() is None
    (notice,) = safe.take_notices()
    assert (notice.code, notice.record, notice.backup) == ("corrupt", "ten", f"yahtzee:backup:{TEN_KEY}:1")
    assert says in notice.reason and "Today's ten" in notice_words(notice)
    assert kv.items[notice.backup] == raw and TEN_KEY not in kv.items  # kept raw, never lost
    play(ten, TODAY, TODAY)  # and the game starts afresh
    assert ten.day(TODAY).finished and kv.items[notice.backup] == raw


def test_an_unreadable_record_with_no_room_for_its_copy_is_left_as_it_is():
    ten, kv, safe = make({TEN_KEY: "garbage"}, quota=40)
    ten.start(TODAY, today=TODAY)
    assert kv.items == {TEN_KEY: "garbage"}
    assert [n.code for n in safe.take_notices()] == ["corrupt"]
    assert ten.resume() == Attempt(TODAY, False)  # in memory for the session


def test_a_full_store_keeps_what_was_there_and_the_new_result_for_the_session():
    ten, kv, safe = make()
    play(ten, shift(TODAY, -1), shift(TODAY, -1))
    before = dict(kv.items)
    kv.quota = kv.used()
    play(ten, TODAY, TODAY, lost=1.5)
    assert kv.items == before  # nothing lost, nothing written
    assert [n.code for n in safe.take_notices()] == ["full"]  # told once
    assert ten.day(TODAY).lost == 1.5 and ten.streak(TODAY) == Streak(2, 2)  # kept for the session
    kv.quota = None
    ten.start(shift(TODAY, -5), today=TODAY)  # the next write that works writes it too
    assert DailyResults(SafeStore(kv)).day(TODAY).lost == 1.5


def test_no_storage_plays_on_in_memory():
    records = open_records(MemoryStore(broken=True))
    assert codes(records) == ["unavailable"]
    attempt = answer(records.tens[OFFICIAL], records.tens[OFFICIAL].start(TODAY, today=TODAY), 3)
    assert records.tens[OFFICIAL].resume() == attempt and not records.store.persistent
    records.tens[OFFICIAL].finish(answer(records.tens[OFFICIAL], attempt, CHOICES), 3.0, GRID)
    assert records.tens[OFFICIAL].streak(TODAY) == Streak(1, 1) and codes(records) == []


def test_storage_that_stops_mid_puzzle_keeps_the_attempt_in_memory():
    kv = MemoryStore()
    records = tab(kv)
    attempt = answer(records.tens[OFFICIAL], records.tens[OFFICIAL].start(TODAY, today=TODAY), 3)
    kv.broken = True
    attempt = answer(records.tens[OFFICIAL], attempt, 2)
    assert records.tens[OFFICIAL].resume() == attempt == Attempt(TODAY, False, TEN[:5])
    assert [(n.code, n.stopped) for n in records.take_notices()] == [("unavailable", True)]


# --- the backup file ---------------------------------------------------------------------


def test_the_backup_file_holds_the_record_as_stored_and_a_new_device_gets_it_back():
    kv = MemoryStore()
    there = open_records(kv)
    play(there.tens[OFFICIAL], shift(TODAY, -1), shift(TODAY, -1))
    answer(there.tens[OFFICIAL], there.tens[OFFICIAL].start(TODAY, today=TODAY), 3)
    text = backup_text(there, "2026-03-10")
    assert json.loads(text)["records"][TEN_KEY] == json.loads(kv.items[TEN_KEY])
    new = open_records(MemoryStore())
    restored = restore_backup(new, read_backup(text))
    assert restored.ten == 2 and restored.complete
    assert new.tens[OFFICIAL].read() == there.tens[OFFICIAL].read()  # the attempt in progress too: there was none here
    assert new.tens[OFFICIAL].start(TODAY, today=TODAY) == Attempt(TODAY, False, TEN[:3])


def test_a_restore_keeps_per_date_the_finished_attempt_else_the_longer_and_twice_changes_nothing():
    store = MemoryStore()
    here = open_records(store)
    ten = here.tens[OFFICIAL]
    answer(ten, ten.start(shift(TODAY, -2), today=shift(TODAY, -2)), 2)  # unfinished here
    play(here.tens[OFFICIAL], shift(TODAY, -1), shift(TODAY, -1), lost=5.0)  # finished here
    answer(here.tens[OFFICIAL], here.tens[OFFICIAL].start(TODAY, today=TODAY), 6)  # longer here
    mine = here.tens[OFFICIAL].resume()
    file = TenRecord((ScoredDay(TODAY, TEN[:1]),  # shorter in the file
                      ScoredDay(shift(TODAY, -1), TEN[:3]),  # unfinished in the file
                      ScoredDay(shift(TODAY, -2), TEN, True, 8.0, GRID),  # finished in the file
                      ScoredDay(shift(TODAY, -3), TEN, True, 2.0, GRID)),  # only in the file
                     Attempt(shift(TODAY, -9), True, TEN[:1]), best=6)
    text = json.dumps({"format": FORMAT, "version": VERSION, "created": TODAY,
                       "records": {TEN_KEY: ten_to_record(file)}})
    assert restore_backup(here, read_backup(text)).ten == 4
    days = {d.date: d for d in here.tens[OFFICIAL].read().days}
    assert days[TODAY].choices == TEN[:6] and days[shift(TODAY, -1)].lost == 5.0
    assert days[shift(TODAY, -2)].lost == 8.0 and days[shift(TODAY, -3)].finished
    assert here.tens[OFFICIAL].resume() == mine  # this device's attempt in progress stays
    assert here.tens[OFFICIAL].streak(shift(TODAY, -1)) == Streak(3, 6)
    once = dict(store.items)
    restore_backup(here, read_backup(text))
    assert store.items == once


def test_a_backup_without_the_record_leaves_the_devices_and_a_damaged_one_refuses_the_file():
    kv = MemoryStore()
    here = open_records(kv)
    play(here.tens[OFFICIAL], TODAY, TODAY)
    before = kv.items[TEN_KEY]
    old = json.dumps({"format": FORMAT, "version": VERSION, "created": TODAY, "records": {}})
    assert restore_backup(here, read_backup(old)).ten == 0 and kv.items[TEN_KEY] == before
    before = dict(kv.items)
    damaged = json.dumps({"format": FORMAT, "version": VERSION, "created": TODAY,
                          "records": {TEN_KEY: {"version": 1, "best": 0, "days": [{**GOOD, "lost": -2}]}}})
    with pytest.raises(BackupError) as caught:
        read_backup(damaged)
    assert caught.value.record == "ten" and "not a number of points" in caught.value.reason
    assert "Today's ten" in backup_error_words(caught.value) and kv.items == before


def test_an_unfinished_day_ignores_a_result_and_a_finished_one_rounds_its_loss():
    assert day_from_record({"date": TODAY, "choices": [], "finished": False, "lost": 3}) == ScoredDay(TODAY)
    assert day_from_record({**GOOD, "lost": 3.14159}).lost == 3.14
    with pytest.raises(ValueError, match="not a number of points"):
        day_from_record({**GOOD, "lost": rules.MAX_SCORE * CHOICES + 1})
