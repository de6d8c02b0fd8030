"""A challenge's review (issue 33): the friend's score to beat is kept with the finished game,
and the review shows where the best chance to beat it and the best for the average parted."""

from __future__ import annotations

import pytest

from game.core import rules
from game.core.links import parse_query
from game.core.state import GameState
from game.records.device import MemoryStore, open_records
from game.records.history import finished_from_record, finished_to_record
from game.session.fakes import RecordingRenderer
from game.session.manager import App
from game.strategy import spread as SP
from game.strategy import tables as T
from game.strategy.to_win import Goal, rank_to_win
from tests.test_app import finish_solo
from tests.test_to_win import optimal_game


def _solo_game(seed: str) -> tuple[GameState, list[tuple[dict[str, int], int, rules.Dice, int]]]:
    """A solo game played by the optimal policy, and at each decision the card, the Yahtzee
    bonuses, the dice and the rolls left (tests/test_to_win.py's game, for one)."""
    state, moments = optimal_game(seed, ("Ann",))
    assert isinstance(state, GameState)
    return state, [(cards[0], bonuses[0], dice, rolls_left) for cards, bonuses, dice, rolls_left in moments]


def test_the_review_of_a_challenge_shows_where_beating_the_score_and_the_average_parted() -> None:
    from game.strategy.review import review
    from game.strategy.review_to_win import parting

    table, spread = T.load_preset("official"), SP.load_preset("official")
    state, moments = _solo_game("beat-1")
    result = review(state, 0, table)
    assert len(moments) == len(result.decisions)
    beat = 260
    found = parting(state, 0, table, spread, result, beat=beat)
    expected = []
    for (filled, bonuses, dice, rolls_left), decision in zip(moments, result.decisions, strict=True):
        ranked = rank_to_win(table, spread, filled, dice, rolls_left, Goal.reach(beat + 1), bonuses)
        average = next(r.chance for r in ranked if r.option == decision.best)
        if ranked[0].option != decision.best and ranked[0].chance - average >= 0.0005:
            expected.append((decision.number, ranked[0].option, ranked[0].chance, average))
    assert [(p.decision.number, p.to_win.option, p.to_win.chance, p.average) for p in found] == expected
    assert found, "this seed's game has decisions where they part (a regression would hide them)"
    assert parting(state, 0, table, spread, result) == ()  # alone, without a score to beat: no goal


def test_the_review_words_a_challenges_partings() -> None:
    from game.core.language import activate
    from game.screens.review_report import parting_html
    from game.strategy.review import review
    from game.strategy.review_to_win import parting

    activate(None)
    table, spread = T.load_preset("official"), SP.load_preset("official")
    state, _moments = _solo_game("beat-1")
    found = parting(state, 0, table, spread, review(state, 0, table), beat=260)
    html = parting_html(found, 260)
    first = found[0]
    assert html.count("<li ") == len(found)
    assert f"Turn {first.decision.turn}, roll {first.decision.roll} (" in html and ": to beat 260, <strong>" in html
    assert ": to win, " not in html  # the sentence for a game of several is not used
    assert "was also the best chance to beat 260." in parting_html((), 260)


def test_a_challenges_score_is_kept_with_the_finished_game() -> None:
    store = MemoryStore()
    app = App(RecordingRenderer(), open_records(store))
    app.open(parse_query("?seed=theirs&beat=250&from=Zoë"), "Ann")
    finish_solo(app)
    (kept,) = open_records(store).history.entries()
    assert kept.beat == 250 and kept.players == ("Ann",)
    assert open_records(store).history.entry(kept.id) == kept
    app.start([app.state.players[0]], seed="mine")
    finish_solo(app)
    newest = open_records(store).history.entries()[0]
    assert newest.id != kept.id and newest.beat is None


def test_a_kept_games_score_to_beat_is_checked_and_optional() -> None:
    record = {"id": "g1", "finished": "2026-11-26", "preset": "official", "players": ["Ann"], "scores": [231],
              "assisted": False, "at": 5}
    assert finished_from_record(record).beat is None  # kept before challenges were: still read
    assert "beat" not in finished_to_record(finished_from_record(record))
    with_beat = finished_from_record({**record, "beat": 231})
    assert with_beat.beat == 231 and finished_from_record(finished_to_record(with_beat)) == with_beat
    for bad in (-1, rules.MAX_SCORE + 1, "231", True, 2.5):
        with pytest.raises(ValueError, match="beat"):
            finished_from_record({**record, "beat": bad})
