"""Today's ten: the positions of a date (game.daily.puzzle), the same everywhere, a mix, each one mattering."""

from __future__ import annotations

import dataclasses
import datetime
import math
import random
from collections import Counter

import pytest

from game.core import rules
from game.daily import grading, puzzle
from game.daily.levels import greedy_option
from game.daily.puzzle import Puzzle, todays_ten
from game.screens.ten_view import verdict_words
from game.strategy import coach, players
from game.strategy.tables import STATE_COUNT, Table, load_preset

#: 30 dates and their puzzles' digests (every position, its ranking and the par's choices).
#: A change here changes every player's puzzle of these days: it must be on purpose.
#: tests/test_daily_pyodide.py checks the page's Python (Pyodide) gives the same.
PINNED = {
    "2026-01-01": "d81c4261807b0d10", "2026-01-02": "2a73ab653787ad5f", "2026-01-03": "2621974067b499a0",
    "2026-01-04": "0d5e77f8a5ce125d", "2026-01-05": "db21faff28144479", "2026-01-06": "2d172241b80c4e02",
    "2026-01-07": "b08a2001a8a28163", "2026-01-08": "a26bfe276317bf94", "2026-01-09": "06ee3890f2b396fd",
    "2026-01-10": "5fc9ccd805ef4685", "2026-01-11": "8fe3df42c48fecff", "2026-01-12": "85c45f31b9faabdd",
    "2026-01-13": "3b649b9abda513fd", "2026-01-14": "efe0090a74cb956b", "2026-01-15": "261455bab991957b",
    "2026-01-16": "9cd61d4106b7128f", "2026-01-17": "a4ca7a2238017ce8", "2026-01-18": "0121dd4514492027",
    "2026-01-19": "a6d106b10e09ab3b", "2026-01-20": "7e63d90f1c99a926", "2026-01-21": "78c8985f0024e045",
    "2026-01-22": "fe3e463f8c4dc526", "2026-01-23": "6dbff4896ec5500c", "2026-01-24": "e34862df9835d466",
    "2026-01-25": "8e8db76f58f79fda", "2026-01-26": "2aba964191efbad0", "2026-01-27": "435daa757d2f34d8",
    "2026-01-28": "70784009efa8ff51", "2026-01-29": "9b6b8b7ca184b337", "2026-01-30": "61fdd1b62c28ba2d",
}
YEAR_START = datetime.date(2025, 1, 1)
DAYS = 365


@pytest.fixture(scope="module")
def table() -> Table:
    return load_preset("official")


@pytest.fixture(scope="module")
def year(table: Table) -> list[Puzzle]:
    return [todays_ten(YEAR_START + datetime.timedelta(days=k), table) for k in range(DAYS)]


def test_the_pinned_dates_give_their_digests(table: Table) -> None:
    assert {date: todays_ten(date, table).digest for date in PINNED} == PINNED


def test_the_same_date_gives_the_same_ten_whatever_was_computed_before(table: Table) -> None:
    first = todays_ten("2026-03-14", table)
    todays_ten("2026-03-15", table)  # fills the coach's cache with other states
    table.cache.clear()
    again = todays_ten(datetime.date(2026, 3, 14), table)
    assert again == first and again.digest == first.digest
    assert todays_ten("2026-03-15", table).digest != first.digest


def test_the_digest_sees_any_change(table: Table) -> None:
    ten = todays_ten("2026-01-01", table)
    first = ten.positions[0]
    changed = Puzzle(ten.date, (dataclasses.replace(first, rolls_left=1), *ten.positions[1:]), ten.games)
    assert changed.digest != ten.digest


def test_a_bad_date_or_another_preset_is_refused(table: Table) -> None:
    with pytest.raises(ValueError):
        todays_ten("2026-1-1", table)
    other = Table.from_values("free_choice", [0.0] * STATE_COUNT, start=0.0)
    with pytest.raises(ValueError):
        todays_ten("2026-01-01", other)


def test_every_day_of_a_year_has_the_mix(year: list[Puzzle]) -> None:
    expected_phases = ["opening"] * 2 + ["middle"] * 3 + ["late"] * 3 + ["last"] * 2
    holds_by_rolls: Counter[int] = Counter()
    for ten in year:
        positions = ten.positions
        assert len(positions) == 10 and [p.index for p in positions] == list(range(10))
        assert [p.phase for p in positions] == expected_phases, ten.date
        assert Counter(p.kind for p in positions) == {"hold": 5, "box": 5}
        by_rolls = Counter(p.rolls_left for p in positions if p.kind == "hold")
        assert by_rolls[2] >= 2 and by_rolls[1] >= 2, ten.date  # after the first roll and after the second
        assert all(p.rolls_left == 0 for p in positions if p.kind == "box")
        assert [(p.turn, p.roll) for p in positions] == sorted((p.turn, p.roll) for p in positions)
        assert all(puzzle.phase_of(len(p.filled)) == p.phase for p in positions)
        assert len({(p.filled, p.dice, p.rolls_left) for p in positions}) == 10
        holds_by_rolls.update(p.rolls_left for p in positions if p.kind == "hold")
    # The last turns' hold takes either: both happen.
    assert holds_by_rolls[2] + holds_by_rolls[1] == 5 * DAYS and min(holds_by_rolls.values()) > 2 * DAYS


def test_every_position_matters_and_some_fool_the_beginner(year: list[Puzzle]) -> None:
    wrong_per_day = Counter[int]()
    for ten in year:
        for p in ten.positions:
            assert len(p.options) >= 2 and p.margin >= puzzle.MARGIN, (ten.date, p.index)
            values = [o.value for o in p.options]
            assert p.options[0].loss == 0.0 and values == sorted(values, reverse=True)
        wrong = sum(p.greedy_wrong for p in ten.positions)
        assert puzzle.MIN_GREEDY_WRONG <= wrong <= puzzle.MAX_GREEDY_WRONG, ten.date
        wrong_per_day[wrong] += 1
    assert len(wrong_per_day) >= 3  # not the same count every day
    assert max(ten.games for ten in year) < puzzle.MAX_GAMES


def test_every_position_is_a_real_moment_ranked_by_the_coach(table: Table, year: list[Puzzle]) -> None:
    # A sample of the year (all of it takes long): recompute everything independently.
    rng = random.Random(32)
    for ten in rng.sample(year, 40):
        for p in ten.positions:
            card = p.card
            assert len(card) == len(p.filled) < len(rules.BOXES)
            assert [box for box, _ in p.filled] == [b for b in rules.BOXES if b in card]
            coach.state_of(card)  # a state some game reaches (raises otherwise)
            assert rules.check_dice(p.dice) == p.dice and p.rolls_left in (0, 1, 2)
            assert p.yahtzee_bonuses == 0 or card.get("yahtzee") == 50
            ranked = coach.rank_options(table, card, p.dice, p.rolls_left, p.yahtzee_bonuses)
            assert tuple(ranked) == p.options
            # Beginner's choice is the game's own greedy computer's.
            move = players.decide("greedy", "official", card, p.dice, p.rolls_left, random.Random(0))
            if isinstance(move, players.ScoreBox):
                assert p.greedy.kind == "score" and p.greedy.box == move.box
            else:
                held = tuple(sorted(d for d, h in zip(p.dice, move.held, strict=True) if h))
                assert p.greedy.kind == "hold" and p.greedy.held_faces == held
            assert greedy_option(p.options, card, p.dice, p.rolls_left) == p.greedy
            assert p.date == ten.date


def test_no_two_positions_share_a_card(table: Table) -> None:
    # Never two moments of one turn of one game: the turn's next roll would show what was
    # held at the previous one. (Only the empty card of two different games may repeat.)
    for k in range(30):
        ten = todays_ten(YEAR_START + datetime.timedelta(days=k), table)
        cards = Counter(p.filled for p in ten.positions)
        assert all(n == 1 for card, n in cards.items() if card), ten.date


def test_phases_follow_the_filled_boxes() -> None:
    assert [puzzle.phase_of(n) for n in range(13)] == \
        ["opening"] * 4 + ["middle"] * 4 + ["late"] * 3 + ["last"] * 2
    with pytest.raises(ValueError):
        puzzle.phase_of(13)


def test_every_colour_of_a_year_is_the_shown_numbers(year: list[Puzzle]) -> None:
    # The dialog writes a loss to one decimal; its square must agree with what is written.
    bands = {"small": (puzzle.MARGIN, grading.SMALL), "larger": (grading.SMALL, grading.LARGE),
             "more": (grading.LARGE, math.inf)}
    seen = Counter[str]()
    for ten in year:
        for p in ten.positions:
            for o in p.options[1:]:
                band = grading.colour(o.loss)
                written = float(verdict_words(band, o.loss).rsplit(": ", 1)[1])
                low, high = bands[band]
                assert low <= written < high, (ten.date, o.loss, band)
                if 2.95 <= o.loss < 3.05 or 7.95 <= o.loss < 8.05:
                    seen[grading.colour(o.loss)] += 1
    assert seen["larger"] and seen["more"]  # the year holds losses on both edges
