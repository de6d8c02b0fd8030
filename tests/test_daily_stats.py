"""The player's days of Today's ten (game.records.daily_stats) and how they are shown
(game.screens.ten_days): what counts, the distribution's rows, the archive's days."""

from __future__ import annotations

import re

import pytest

from game.core.language import activate
from game.records.daily_stats import PAST_DAYS, ROWS, TenStats, past_days, row_of, ten_stats
from game.records.ten_record import ScoredDay, TenRecord
from game.screens.ten_days import archive_html, days_html


def finished(day: str, exact: int) -> ScoredDay:
    colours = ("exact",) * exact + ("small",) * (10 - exact)
    return ScoredDay(day, ("hold:",) * 10, True, 0.0 if exact == 10 else 1.5 * (10 - exact), colours)


@pytest.fixture(autouse=True)
def english() -> None:
    activate(None)


@pytest.mark.parametrize(("exact", "row"), [(10, 0), (9, 1), (6, 4), (5, 5), (3, 5), (0, 5)])
def test_a_day_goes_to_the_row_of_its_best_choices_five_or_fewer_together(exact: int, row: int) -> None:
    assert row_of(finished("2026-02-01", exact)) == row and ROWS[row] == max(exact, 5)


def test_only_finished_scored_days_count_and_today_is_marked_once_finished() -> None:
    days = (finished("2026-02-05", 9), finished("2026-02-04", 9), ScoredDay("2026-02-03", ("hold:",) * 4),
            finished("2026-02-01", 4))
    stats = ten_stats(TenRecord(days, best=5), "2026-02-06")
    # Today (the 6th) not begun: the streak still stands on yesterday's; the best kept is 5.
    assert stats == TenStats(played=3, current=2, best=5, by_best=(0, 2, 0, 0, 0, 1), today_row=None)
    assert ten_stats(TenRecord(days), "2026-02-05").today_row == 1
    assert ten_stats(TenRecord(days), "2026-02-07").current == 0  # a day missed


def test_the_archive_is_today_and_the_days_before_it_newest_first() -> None:
    record = TenRecord((finished("2026-03-01", 10),))
    days = past_days(record, "2026-03-01")
    assert len(days) == PAST_DAYS + 1 and days[0] == ("2026-03-01", record.days[0])
    assert [day for day, _ in days[:3]] == ["2026-03-01", "2026-02-28", "2026-02-27"]  # across a month's end
    assert all(kept is None for _, kept in days[1:])


def test_the_days_are_shown_with_every_count_in_words() -> None:
    html = days_html(TenStats(played=4, current=1, best=3, by_best=(1, 0, 2, 0, 0, 1), today_row=2))
    assert dict(re.findall(r'data-stat="(\w+)">(\d+)<', html)) == {"played": "4", "current": "1", "best": "3"}
    # Each row read out as its label and its days (the bar and the bare count are hidden).
    assert html.count("<li") == len(ROWS) and "5 or fewer" in html
    assert ">2 days<" in html and ">1 day<" in html and ">0 days<" in html
    assert html.count('class="today"') == 1 and "(today)" in html
    assert 'style="' not in html  # the CSP allows no style attribute: the bars are SVG


def test_the_archive_says_how_each_day_went_and_opens_each() -> None:
    record = TenRecord((finished("2026-03-02", 8), ScoredDay("2026-03-01", ("hold:",) * 3)))
    today = "2026-03-03"
    html = archive_html(ten_stats(record, today), past_days(record, today), today)
    assert html.count("data-ten-day=") == PAST_DAYS + 1
    assert ">Today, March 3, 2026<" in html
    assert html.count("Not played") == PAST_DAYS - 1  # today and the days never begun
    assert "Begun: 7 decisions left" in html
    assert "Points lost: 3.0" in html and html.count("ten-sq ten-exact") == 8
    assert '<input type="date" id="ten-day" max="2026-03-03" value="2026-03-03">' in html
