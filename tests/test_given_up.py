"""Points given up against perfect play, per player, as the game goes (game.session.given_up):
the same sum as the review's, in the coach panel and on the end screen, each click's
decisions valued after it (at the end of the game, at once), many in the background."""

from __future__ import annotations

import math
import re

import pytest

from game.core.dice import ScriptedDice
from game.core.players import Player
from game.core.state import GameState, new_game
from game.session.fakes import Jobs, RecordingRenderer
from game.session.given_up import AT_ONCE, GivenUp
from game.session.manager import App
from game.strategy.review import losses, review
from game.strategy.tables import load_preset

TABLE = load_preset("official")


def _played(state: GameState, turns: int) -> GameState:
    """``turns`` turns of every player: roll, hold the first two dice, roll, fill the first open box."""
    for _ in range(turns * len(state.players)):
        state = state.roll().roll(held=(True, True, False, False, False))
        card = state.cards[state.current_seat or 0]
        state = state.score(next(box for box in state.game.names if box not in card.filled))
    return state


def test_the_totals_are_the_reviews_sums() -> None:
    state = _played(new_game(["Ann", "Ben"], seed="given"), 13)
    jobs = Jobs()
    given = GivenUp(jobs, lambda: None)
    assert given.totals(state, TABLE) is None and jobs.waiting  # 52 decisions: to the background
    jobs.run()
    totals = given.totals(state, TABLE)
    assert totals is not None
    for seat in (0, 1):
        assert totals[seat] == pytest.approx(review(state, seat, TABLE).total_loss, abs=1e-9)
        assert totals[seat] == pytest.approx(math.fsum(losses(state, seat, TABLE)), abs=1e-9)


def test_a_game_going_on_is_valued_a_click_at_a_time() -> None:
    jobs = Jobs()
    given = GivenUp(jobs, lambda: None)
    state = new_game(["Ann"], seed="step")
    for _turn in range(4):
        state = state.roll()
        assert given.totals(state, TABLE) is not None  # nothing new: no decision yet
        state = state.roll(held=(True, False, False, False, False))
        before = given.totals(state, TABLE)
        state = state.score(next(box for box in state.game.names if box not in state.cards[0].filled))
        totals = given.totals(state, TABLE)  # two decisions more: not at the click, after it
        assert totals == before and len(jobs.waiting) == 1
        jobs.run()
        totals = given.totals(state, TABLE)
        assert totals is not None and totals[0] == pytest.approx(review(state, 0, TABLE).total_loss, abs=1e-9)
        assert not jobs.waiting  # nothing new to value: no work spawned


def test_the_last_decisions_are_valued_at_once_for_the_end_screen() -> None:
    jobs = Jobs()
    given = GivenUp(jobs, lambda: None)
    state = _played(new_game(["Ann"], seed="end"), 12)
    given.totals(state, TABLE)
    jobs.run()
    state = _played(state, 1)  # the last turn: two decisions, the game over
    assert state.over and AT_ONCE >= 2
    totals = given.totals(state, TABLE)
    assert totals is not None and totals[0] == pytest.approx(review(state, 0, TABLE).total_loss, abs=1e-9)
    assert not jobs.waiting


def test_a_box_taken_back_is_valued_again() -> None:
    jobs = Jobs()
    given = GivenUp(jobs, lambda: None)
    start = new_game(["Ann"], seed="undo").roll(ScriptedDice([5, 5, 5, 5, 5]))
    costly = start.score("chance")
    given.totals(costly, TABLE)
    jobs.run()
    assert given.totals(costly, TABLE) == (pytest.approx(75.87, abs=0.01),)
    given.totals(start.score("yahtzee"), TABLE)
    jobs.run()
    assert given.totals(start.score("yahtzee"), TABLE) == (0.0,)


def test_the_coach_panel_and_the_end_screen_show_them() -> None:
    screen, jobs = RecordingRenderer(), Jobs()
    app = App(screen, spawn=jobs)
    app.coach.tables["official"] = TABLE
    app.start([Player("Ann")], seed="shown")
    app.coach.hints = True
    app.roll(ScriptedDice([5, 5, 5, 5, 5]))
    app.score("chance")
    assert 'data-given-up="0.00"' in screen.regions["coach"]  # the click's drawing: before the box
    jobs.run()  # valued after it, and the board drawn again
    coach = screen.regions["coach"]
    assert 'data-given-up="75.87"' in coach and "Points given up so far: 75.9." in coach
    app.coach.hints = False
    for _ in range(12):
        app.roll()
        app.score(next(box for box in app.state.game.names if box not in app.state.cards[0].filled))  # type: ignore[union-attr]
    assert app.state is not None and app.state.over
    assert "given-up" not in screen.regions["status"]  # 24 decisions unvalued: in the background
    jobs.run()  # ... after which the board is drawn again
    found = re.search(r'data-given-up="([0-9.]+)"', screen.regions["status"])
    assert found is not None
    assert float(found.group(1)) == pytest.approx(review(app.state, 0, TABLE).total_loss, abs=0.005)
    assert "against perfect play." in screen.regions["status"]


def test_nothing_without_hints_before_the_end() -> None:
    screen = RecordingRenderer()
    app = App(screen)
    app.coach.tables["official"] = TABLE
    app.start([Player("Ann")], seed="quiet")
    app.roll(ScriptedDice([5, 5, 5, 5, 5]))
    app.score("chance")
    assert "given-up" not in screen.regions["coach"] + screen.regions["status"]


def test_the_end_valued_at_once_while_older_work_runs_keeps_its_total() -> None:
    """A task still valuing an earlier click when the last box is scored takes the finished
    game from then on: the redraws after the end keep the whole sum, nothing valued twice."""
    jobs = Jobs()
    given = GivenUp(jobs, lambda: None)
    state = _played(new_game(["Ann"], seed="race"), 12)
    given.totals(state, TABLE)
    jobs.run()
    held = state.roll().roll(held=(True, True, False, False, False))
    given.totals(held, TABLE)  # the hold: valued in the background
    job = jobs.waiting[0]
    job.send(None)  # one step of it
    final = held.score(next(box for box in held.game.names if box not in held.cards[0].filled))
    expected = pytest.approx(review(final, 0, TABLE).total_loss, abs=1e-9)
    assert final.over and given.totals(final, TABLE) == (expected,)  # the end: at once
    try:
        job.send(None)  # the older work goes on: with the finished game, nothing left to value
    except StopIteration:
        jobs.waiting.remove(job)
    assert given.totals(final, TABLE) == (expected,)  # a redraw meanwhile
    jobs.run()
    assert given.totals(final, TABLE) == (expected,) and not jobs.waiting
