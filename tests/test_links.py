"""Links: seeds, challenges and the daily seed, with every query value checked."""

import datetime

import pytest

from game.core.links import challenge_query, daily_seed, parse_query
from game.session.words import link_problem


def test_a_challenge_link_round_trips():
    link = parse_query(challenge_query("s33d", "upper_or_kind", 287, "<b>Ann</b>"))
    assert (link.seed, link.preset, link.beat, link.challenger) == ("s33d", "upper_or_kind", 287, "<b>Ann</b>")
    assert link.notices == ()


@pytest.mark.parametrize(("query", "field", "notice"), [
    ("?seed=" + "x" * 65, "seed", "seed"),
    ("?seed=a%00b", "seed", "seed"),
    ("?seed=a&preset=<script>", "preset", "rules"),
    ("?seed=a&beat=-5", "beat", "score to beat"),
    ("?seed=a&beat=1576", "beat", "score to beat"),
    ("?seed=a&beat=12x", "beat", "score to beat"),
])
def test_bad_values_are_dropped_with_a_notice_that_quotes_nothing(query, field, notice):
    link = parse_query(query)
    assert getattr(link, field) is None
    assert link.notices == (field,)
    said = link_problem(link.notices[0])
    assert notice in said and "<" not in said and "x" * 10 not in said


def test_a_score_to_beat_needs_the_same_dice():
    assert parse_query("?beat=200&from=Ann").beat is None


def test_the_daily_link_uses_the_date():
    link = parse_query("?daily=1", today=datetime.date(2026, 11, 21))
    assert link.daily and link.seed == daily_seed(datetime.date(2026, 11, 21)) == "daily-2026-11-21"


def test_a_hostile_challenger_name_is_kept_as_text_and_bounded():
    link = parse_query("?seed=a&beat=10&from=" + "%3Cimg%20src%3Dx%3E" * 10)
    assert link.challenger.startswith("<img src=x>") and len(link.challenger) <= 32


def test_a_ten_link_names_a_day_that_has_come() -> None:
    today = datetime.date(2026, 11, 26)
    assert parse_query("?ten=2026-11-26", today).ten == "2026-11-26"
    assert parse_query("?ten=2024-02-29", today).ten == "2024-02-29"
    for query, problem in (("?ten=2026-11-27", "ten-future"), ("?ten=2026-02-30", "ten"), ("?ten=26.11.2026", "ten"),
                           ("?ten=", "ten"), ("?ten=2026-1-5", "ten")):
        link = parse_query(query, today)
        assert link.ten is None and link.notices == (problem,), query
    assert parse_query("?seed=abc", today).ten is None
