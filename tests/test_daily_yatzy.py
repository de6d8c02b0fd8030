"""Today's ten of Yatzy (issue 42): a day's ten of its own, dealt from Yatzy's games by the same
method as Yahtzee's (game.daily.puzzle), graded by Yatzy's coach, kept apart, shared by name."""

from __future__ import annotations

import dataclasses
import datetime
import json
import random
from collections import Counter

import pytest

from game.core import rules
from game.core.games import YATZY
from game.core.language import activate
from game.core.links import parse_query, ten_query
from game.core.rulesets import GAME_RULESETS, game_ruleset
from game.daily import puzzle
from game.daily.grading import grade
from game.daily.levels import greedy_option
from game.daily.play import TenPlay, board_of, choose_box, choose_hold, next_position, replay
from game.daily.puzzle import Puzzle, todays_ten
from game.records.backup import backup_text, read_backup, restore_backup
from game.records.device import MemoryStore, open_records
from game.records.ten_record import TEN_KEY, check_choice
from game.screens.reason_words import reason_words
from game.screens.ten_view import share_text
from game.strategy import players
from game.strategy.game_tables import GameTable, load_ruleset
from game.strategy.ranking import rank_options
from game.strategy.tables import load_preset

#: Yatzy's puzzles of ten dates: a change here changes every Yatzy player's ten of these
#: days, so it must be on purpose (Yahtzee's are tests/test_daily_puzzle.py's PINNED).
#: tests/test_daily_pyodide.py checks that the page's Python deals the same.
PINNED_YATZY = {
    "2026-01-01": "1ccfbc1a461b333f", "2026-01-02": "5eab08827377e284", "2026-01-03": "b28c8fa54263f3f2",
    "2026-01-04": "084f2e3c2ecfd299", "2026-01-05": "4ec43d325f3615cf", "2026-01-06": "67bfb70fda490b77",
    "2026-01-07": "0b41a2b029e0e233", "2026-01-08": "2c61a2d8124cc03d", "2026-01-09": "c80c1d6b8a6c4993",
    "2026-01-10": "5e0128d73bcd54bc",
}
START = datetime.date(2026, 2, 1)
DAYS = 40  # Yahtzee's year of days (tests/test_daily_puzzle.py) checks the method; these, Yatzy's turns


@pytest.fixture(scope="module")
def table() -> GameTable:
    return load_ruleset("yatzy")


@pytest.fixture(scope="module")
def days(table: GameTable) -> list[Puzzle]:
    return [todays_ten(START + datetime.timedelta(days=k), table) for k in range(DAYS)]


def test_the_pinned_dates_give_their_digests(table: GameTable) -> None:
    assert {date: todays_ten(date, table).digest for date in PINNED_YATZY} == PINNED_YATZY


def test_each_game_deals_its_own_ten_and_only_its_own_rules_deal_one(table: GameTable) -> None:
    assert GAME_RULESETS == ("official", "yatzy")
    yahtzee, yatzy = todays_ten("2026-01-01", load_preset("official")), todays_ten("2026-01-01", table)
    assert (yahtzee.ruleset, yatzy.ruleset) == ("official", "yatzy")
    assert [p.dice for p in yahtzee.positions] != [p.dice for p in yatzy.positions]
    # The same positions under another rule set's name would be another puzzle: the digest says so.
    assert dataclasses.replace(yatzy, ruleset="official").digest != yatzy.digest
    with pytest.raises(ValueError, match="a game's own rules"):
        todays_ten("2026-01-01", load_preset("free_choice"))


def test_every_day_has_the_mix_over_yatzys_fifteen_turns(days: list[Puzzle]) -> None:
    expected_phases = ["opening"] * 2 + ["middle"] * 3 + ["late"] * 3 + ["last"] * 2
    turns = Counter[int]()
    for ten in days:
        positions = ten.positions
        assert [p.phase for p in positions] == expected_phases, ten.date
        assert Counter(p.kind for p in positions) == {"hold": 5, "box": 5}
        assert [(p.turn, p.roll) for p in positions] == sorted((p.turn, p.roll) for p in positions)
        assert all(puzzle.phase_of(len(p.filled), 15) == p.phase for p in positions)
        assert all(p.ruleset == "yatzy" and p.game is YATZY for p in positions)
        turns.update(p.turn for p in positions)
        assert ten.games < puzzle.MAX_GAMES
    assert set(turns) <= set(range(1, 16)) and turns[15] and turns[14]  # Yatzy's last turns are dealt


def test_every_position_matters_and_some_fool_the_beginner(days: list[Puzzle]) -> None:
    for ten in days:
        assert all(len(p.options) >= 2 and p.margin >= puzzle.MARGIN for p in ten.positions), ten.date
        wrong = sum(p.greedy_wrong for p in ten.positions)
        assert puzzle.MIN_GREEDY_WRONG <= wrong <= puzzle.MAX_GREEDY_WRONG, ten.date


def test_every_position_is_a_yatzy_moment_ranked_by_yatzys_coach(table: GameTable, days: list[Puzzle]) -> None:
    for ten in random.Random(42).sample(days, 20):
        for p in ten.positions:
            card = p.card
            assert [box for box, _ in p.filled] == [b for b in YATZY.names if b in card]
            assert p.yahtzee_bonuses == 0 and len(card) < YATZY.turns
            assert all(YATZY.can_hold(box, points) for box, points in p.filled)
            assert tuple(rank_options(table, card, p.dice, p.rolls_left)) == p.options
            assert all(o.box in YATZY.names for o in p.options if o.kind == "score")
            move = players.decide("greedy", "yatzy", card, p.dice, p.rolls_left, random.Random(0))
            if isinstance(move, players.ScoreBox):
                assert p.greedy.kind == "score" and p.greedy.box == move.box
            assert greedy_option(p.options, card, p.dice, p.rolls_left, "yatzy") == p.greedy


def test_a_yatzy_position_is_played_on_yatzys_card_and_graded_in_its_words(table: GameTable) -> None:
    activate(None)
    ten = todays_ten("2026-01-03", table)
    play = TenPlay(ten, practice=False)
    state = board_of(play)
    assert state.game is YATZY and state.ruleset == "yatzy" and state.cards[0].game is YATZY
    for position in ten.positions:
        best = position.best
        play = (choose_box(play, best.box) if best.kind == "score" and best.box is not None
                else choose_hold(play, best.held_faces))
        assert play.last is not None and play.last.colour == "exact"
        play = next_position(play)
    assert play.result is not None and play.result.total_loss == 0.0
    assert replay(ten, False, play.codes).codes == play.codes
    assert all(check_choice(code) == code for code in play.codes)  # Yatzy's boxes are choices a record keeps
    runner = ten.positions[-1].options[1]
    assert reason_words(grade(ten.positions[-1], runner).reason, YATZY)  # a reason in words, from Yatzy's facts


def test_the_shared_result_names_its_game_and_links_to_its_ten(table: GameTable) -> None:
    activate(None)
    for ruleset, name in (("yatzy", "Yatzy"), ("official", "Yahtzee")):
        ten = todays_ten("2026-12-01", load_ruleset(ruleset))
        play = TenPlay(ten, practice=False)
        for _ in ten.positions:
            best = play.position.best
            play = next_position(choose_box(play, best.box) if best.box is not None
                                 else choose_hold(play, best.held_faces))
        link = "https://example.test/" + ten_query(ten.date, ruleset)
        head, grid, shared_link = share_text(play, link).split("\n")
        assert head == f"Dice Pad #6 · {name} · Today's ten, December 1, 2026: 0.0 points lost", head
        assert grid == "🟩" * 10 and shared_link == link
        query = parse_query(link.split("/")[-1], datetime.date(2026, 12, 1))
        assert query.ten == "2026-12-01" and game_ruleset(query.preset or rules.DEFAULT_PRESET) == ruleset
    assert game_ruleset("wild_after_upper") == "official"  # a Yahtzee preset's game: Yahtzee's ten


def test_each_games_ten_is_kept_apart_and_backed_up_when_played() -> None:
    here = open_records(MemoryStore())
    today = "2026-12-01"
    attempt = here.tens["yatzy"].start(today, today=today)
    here.tens["yatzy"].finish(dataclasses.replace(attempt, choices=("box:one_pair",) * 10), 4.5,
                              ("exact",) * 9 + ("larger",))
    assert here.tens["yatzy"].day(today).finished and here.tens["official"].day(today) is None
    assert here.tens["official"].start(today, today=today).practice is False  # Yahtzee's day is still to play
    text = backup_text(here, today)
    assert {TEN_KEY, f"{TEN_KEY}:yatzy"} <= set(json.loads(text)["records"])
    there = open_records(MemoryStore())
    assert restore_backup(there, read_backup(text)).ten == 2  # both games' days
    assert there.tens["yatzy"].read().days == here.tens["yatzy"].read().days
    fresh = open_records(MemoryStore())  # nothing played: Yahtzee's ten as ever, no key an older version refuses
    assert TEN_KEY in (kept := set(json.loads(backup_text(fresh, today))["records"])) and f"{TEN_KEY}:yatzy" not in kept
