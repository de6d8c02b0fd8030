"""Your mistakes to practise: positions from a finished game's review (game.records.practice_positions),
their record (game.records.practice_record: round trip, damage, a full store, the backup),
their play (game.daily.practice_play: grading, try again, solved) and their screens."""

from __future__ import annotations

import dataclasses
import datetime
import json

import pytest

from game.core import save
from game.core.language import activate
from game.core.players import Player
from game.core.state import GameState, new_game
from game.daily import practice_play as P
from game.records.backup import BackupError, backup_text, read_backup, restore_backup
from game.records.device import MemoryStore, open_records
from game.records.practice_positions import MIN_LOSS, PER_GAME, as_position, from_game, positions_of, waiting
from game.records.practice_record import (
    KEPT,
    LOOK_AT,
    PRACTICE_KEY,
    PracticeList,
    PracticePosition,
    PracticeRecord,
    practice_list,
    practice_to_record,
)
from game.records.safe_store import SafeStore
from game.screens.practice_view import count_words, practice_html, review_button_html
from game.screens.review_report import review_html
from game.strategy.review import review
from game.strategy.tables import Table, load_preset


@pytest.fixture(scope="module")
def table() -> Table:
    return load_preset("official")


def first_box_game(players: list[Player], seed: str) -> GameState:
    """A whole game where every seat scores the first legal box at once: many costly decisions."""
    state = new_game(players, seed=seed)
    while not state.over:
        state = state.roll()
        state = state.score(next(iter(state.legal_scores())))
    return state


@pytest.fixture(scope="module")
def game() -> GameState:
    return first_box_game([Player("Ann"), Player("Bot", "greedy")], "practice-test")


def spot(n: int, ruleset: str = "official") -> PracticePosition:
    """A position of its own for each ``n`` (the points in Chance differ)."""
    return PracticePosition(ruleset, (("chance", 5 + n),), 0, (2, 1, 1, 2, 3), 1, "hold:", 1.5, f"g{n}", "2026-12-01")


def test_a_finished_games_costliest_decisions_become_positions_of_the_person_only(game: GameState,
                                                                                  table: Table) -> None:
    spots = from_game(game, table, "g1", "2026-12-01")
    mine = review(game, 0, table)
    assert len(spots) == PER_GAME  # scoring the first box every turn loses far more than five times a point
    assert positions_of(game, 1, table, "g1", "2026-12-01") == ()  # the computer's decisions: never
    assert [s.loss for s in spots] == sorted((d.loss for d in mine.decisions if d.loss >= MIN_LOSS),
                                             reverse=True)[:PER_GAME]
    assert all(s.loss >= MIN_LOSS and s.game == "g1" and s.ruleset == "official" for s in spots)
    for kept in spots:
        # The card rebuilt is the one of that turn: the choice made there loses what the review said.
        position = as_position(kept, table)
        box = kept.chosen.removeprefix("box:")
        chosen = next(o for o in position.options if o.box == box)
        assert chosen.loss == pytest.approx(kept.loss, abs=1e-9)
        assert len(kept.filled) == kept.turn - 1 and kept.rolls_left == 2  # scored at once, after the first roll
    assert positions_of(game, 0, table, "g1", "2026-12-01", mine) == spots  # the review at hand gives the same


def test_the_list_adds_a_position_once_keeps_the_newest_and_forgets_one_solved() -> None:
    practice = PracticeList(SafeStore(MemoryStore()))
    assert practice.add([spot(1), spot(2)]) == 2
    assert practice.add([spot(2), dataclasses.replace(spot(1), game="other", dice=(2, 3, 1 + 1 % 6, 1, 1))]) == 0
    assert practice.add(spot(n) for n in range(3, 3 + KEPT)) == KEPT
    kept = practice.positions()
    assert len(kept) == KEPT and kept[0] == spot(3) and spot(1) not in kept  # the newest first, the oldest gone
    assert practice.solve(spot(3).key()) and spot(3) not in practice.positions()
    assert practice.add([spot(3)]) == 1 and practice.positions()[0] == spot(3)  # asked for again: back
    assert practice.positions(["yatzy"]) == ()


def test_the_record_round_trips_and_says_which_games_were_looked_at() -> None:
    kv = MemoryStore()
    here = PracticeList(SafeStore(kv))
    here.add([spot(1), spot(2, "yatzy")])
    assert here.looked_at(1_700_000_000_000) and here.looked_at(5)  # never back
    again = PracticeList(SafeStore(kv)).read()
    assert again == PracticeRecord((spot(1), spot(2, "yatzy")), 1_700_000_000_000)
    assert json.loads(kv.items[PRACTICE_KEY])["version"] == 1


def test_the_games_kept_for_review_since_the_last_look_wait_the_oldest_first(game: GameState) -> None:
    minutes = iter(range(100))  # each game kept a minute after the one before
    records = open_records(MemoryStore(), clock=lambda: datetime.datetime(2026, 12, 1, 12, next(minutes)))
    for n in range(LOOK_AT + 2):
        records.history.add(save.dumps(game), game_id=f"g{n}", finished="2026-12-01", preset="official",
                            players=["Ann", "Bot"], scores=list(game.grand_totals()), assisted=False)
    kept = records.history.all()
    first = waiting(kept, 0)
    assert len(first) == LOOK_AT and first[-1][0] == kept[0][0] and first[0][0] == kept[LOOK_AT - 1][0]
    assert waiting(kept, kept[1][0].at) == [kept[0]] and waiting(kept, kept[0][0].at) == []
    assert practice_list(records.store) is practice_list(records.store)  # one list per tab


@pytest.mark.parametrize("text", ["not json", '{"version": 1, "positions": [{"dice": [7, 1, 1, 1, 1]}], "since": 0}',
                                  '{"version": 1, "positions": [], "since": -1}', '{"version": 2}'])
def test_a_damaged_record_is_set_aside_with_a_notice_and_the_list_starts_afresh(text: str) -> None:
    kv = MemoryStore({PRACTICE_KEY: text})
    store = SafeStore(kv)
    practice = PracticeList(store)
    assert practice.read() == PracticeRecord()
    (notice,) = store.take_notices()
    assert (notice.code, notice.record, kv.items[notice.backup or ""]) == ("corrupt", "practice", text)
    assert practice.add([spot(1)]) == 1 and PracticeList(SafeStore(kv)).positions() == (spot(1),)


def test_a_full_store_says_so_once_and_the_tab_keeps_the_positions_until_a_write_succeeds() -> None:
    kv = MemoryStore(quota=100)
    store = SafeStore(kv)
    practice = PracticeList(store)
    assert practice.add([spot(1)]) == 1 and practice.add([spot(2)]) == 1  # each not written
    assert PRACTICE_KEY not in kv.items and practice.positions() == (spot(2), spot(1))  # kept in this tab
    assert [(n.code, n.record) for n in store.take_notices()] == [("full", "practice")]  # told once
    kv.quota = None
    assert practice.looked_at(7)
    assert PracticeList(SafeStore(kv)).read() == PracticeRecord((spot(2), spot(1)), 7)


def test_a_backup_holds_the_positions_and_restores_them_merged() -> None:
    here, there = open_records(MemoryStore()), open_records(MemoryStore())
    assert PRACTICE_KEY not in json.loads(backup_text(here, "2026-12-01"))["records"]  # nothing yet: no key
    practice_list(here.store).add([spot(1), spot(2)])
    practice_list(there.store).add([spot(3), spot(1)])
    restore_backup(there, read_backup(backup_text(here, "2026-12-01")))
    assert practice_list(there.store).positions() == (spot(3), spot(1), spot(2))  # this device's first, each once
    damaged = json.loads(backup_text(here, "2026-12-01"))
    damaged["records"][PRACTICE_KEY]["positions"][0]["rolls_left"] = 3
    with pytest.raises(BackupError) as refused:
        read_backup(json.dumps(damaged))
    assert (refused.value.problem, refused.value.record) == ("damaged", "practice")
    assert practice_to_record(PracticeRecord())["positions"] == []


def test_an_answer_is_graded_as_the_ten_grades_it_and_try_again_until_solved(game: GameState, table: Table) -> None:
    spots = from_game(game, table, "g1", "2026-12-01")
    play = P.PracticePlay(tuple((s.key(), as_position(s, table)) for s in spots))
    first = spots[0]
    again = P.choose_box(play, first.chosen.removeprefix("box:"))  # the same mistake as in the game
    assert again.last is not None and again.last.loss == pytest.approx(first.loss) and not again.solved
    assert P.choose_box(again, "chance") == again  # no second answer while the grading shows
    assert P.next_position(again).index == 1 and P.reveal(again).revealed
    retry = P.try_again(again)
    assert retry.last is None and retry.answering and retry.tries == 1
    best = retry.position.best
    solved = P.choose_box(retry, best.box) if best.kind == "score" else P.choose_hold(retry, best.held_faces)
    assert solved.solved and solved.last is not None and solved.last.colour == "exact"
    assert solved.solved_keys == (first.key(),) and P.try_again(solved) == solved
    with pytest.raises(ValueError):
        P.choose_hold(P.toggle_die(P.PracticePlay(((first.key(), as_position(first, table)),)), 9), (6, 6, 6, 6, 6))


def test_near_is_the_best_or_a_loss_the_player_reads_below_half_a_point(game: GameState, table: Table) -> None:
    spots = from_game(game, table, "g1", "2026-12-01")
    graded = P.choose_box(P.PracticePlay(((spots[0].key(), as_position(spots[0], table)),)), "chance").last
    assert graded is not None
    assert P.near(dataclasses.replace(graded, loss=0.44, colour="small"))
    assert not P.near(dataclasses.replace(graded, loss=0.46, colour="small"))
    assert P.NEAR < MIN_LOSS  # a kept mistake is never near


def test_the_screens_say_it_in_words(game: GameState, table: Table) -> None:
    activate(None)
    spots = from_game(game, table, "g1", "2026-12-01")
    play = P.PracticePlay(tuple((s.key(), as_position(s, table)) for s in spots))
    asked = practice_html(play, spots)
    assert f"Position 1 of {PER_GAME}" in asked and "In your game of December 1, 2026 you chose: Score" in asked
    wrong = practice_html(P.choose_box(play, spots[0].chosen.removeprefix("box:")), spots)
    assert 'data-practice="again"' in wrong and 'data-practice="reveal"' in wrong and "Best:" not in wrong
    assert "Best:" in practice_html(P.reveal(P.choose_box(play, spots[0].chosen.removeprefix("box:"))), spots)
    done = practice_html(P.next_position(P.next_position(P.next_position(P.next_position(P.next_position(play))))),
                         spots)
    assert "0 positions solved. 5 positions are left to practise." in done
    assert count_words(1) == "Practise: 1 position from your games"
    assert 'data-practice="add:g1:0"' in review_button_html(3, 1, "g1", 0, "official")
    assert "already in your practice list" in review_button_html(3, 0, "g1", 0, "official")
    assert review_button_html(0, 0, "g1", 0, "official") == ""


def test_the_review_shows_the_points_given_up_beside_the_rating(game: GameState, table: Table) -> None:
    activate(None)
    mine = review(game, 0, table)
    html = review_html(mine)
    assert f'data-given-up="{mine.total_loss:.6f}"' in html and "Points given up: <strong>" in html
    assert html.index("Rating:") < html.index("Points given up:") < html.index("review-summary")
    assert save.loads(save.dumps(game)).over  # the game reviewed is a finished one
