"""Today's ten: grading a choice, the colours, the grid, the par (game.daily.grading)."""

from __future__ import annotations

import datetime
import math

import pytest

from game.daily import grading, puzzle
from game.daily.grading import box_choice, colour, grade, hold_choice, par, result
from game.daily.levels import casual_weights
from game.daily.puzzle import Puzzle, todays_ten
from game.screens.ten_view import verdict_words
from game.strategy.review import TIE
from game.strategy.tables import Table, load_preset


@pytest.fixture(scope="module")
def table() -> Table:
    return load_preset("official")


@pytest.fixture(scope="module")
def ten(table: Table) -> Puzzle:
    return todays_ten("2026-01-01", table)


def test_colour_bands() -> None:
    assert colour(0.0) == colour(TIE / 2) == "exact"
    assert colour(puzzle.MARGIN) == colour(grading.SMALL - 0.1) == "small"
    assert colour(grading.SMALL) == colour(grading.LARGE - 0.1) == "larger"
    assert colour(grading.LARGE) == colour(120.0) == "more"
    assert puzzle.MARGIN < grading.SMALL < grading.LARGE  # every band can happen


@pytest.mark.parametrize("edge", [grading.SMALL, grading.LARGE])
def test_the_colour_is_the_written_numbers_at_each_edge(edge: float) -> None:
    # From 0.05 below the edge to 0.05 above, in steps of 0.001 and on both sides of each
    # rounding point: the square agrees with "Points lost: 3.0" as the dialog writes it.
    losses = [edge - 0.05 + k / 1000 for k in range(101)] + [edge - 0.05 - 1e-9, edge - 0.05 + 1e-9]
    above = "larger" if edge == grading.SMALL else "more"
    for loss in losses:
        band = colour(loss)
        written = float(verdict_words(band, loss).rsplit(": ", 1)[1])
        assert written == grading.shown(loss)
        assert (band == above) == (written >= edge), loss
    assert colour(edge - 0.051) != colour(edge) == colour(edge - 0.049)


def test_grid_draws_the_colours_in_order() -> None:
    assert grading.grid(["exact", "small", "larger", "more"]) == "🟩🟨🟧🟥"
    assert grading.grid([]) == ""
    assert set(grading.SQUARES) == set(grading.COLOURS)


def test_the_best_choice_is_exact_and_the_runner_up_loses_the_margin(ten: Puzzle) -> None:
    for p in ten.positions:
        best = grade(p, p.best)
        assert best.loss == 0.0 and best.colour == "exact" and best.reason.best == p.best
        runner = grade(p, p.options[1])
        assert runner.loss == p.margin >= puzzle.MARGIN and runner.colour != "exact"
        assert runner.reason.runner == p.options[1]  # the reason contrasts the best with the choice
        worst = grade(p, p.options[-1])
        assert worst.loss == pytest.approx(p.best.value - p.options[-1].value)
        assert worst.colour == colour(worst.loss)


def test_choices_are_named_as_a_player_makes_them(ten: Puzzle) -> None:
    hold = next(p for p in ten.positions if p.kind == "hold" and p.best.kind == "hold")
    faces = hold.best.held_faces
    assert hold_choice(hold, tuple(reversed(faces))) == hold.best  # any order
    assert hold_choice(hold, ()).held_faces == ()  # re-roll everything is a choice too
    missing = next(f for f in range(1, 7) if f not in hold.dice)
    with pytest.raises(ValueError, match="do not show"):
        hold_choice(hold, (missing,))
    with pytest.raises(ValueError, match="all five"):
        hold_choice(hold, hold.dice)
    box = next(p for p in ten.positions if p.kind == "box")
    assert box_choice(box, box.best.box or "") == box.best
    with pytest.raises(ValueError, match="no roll"):
        hold_choice(box, ())
    filled = box.filled[0][0] if box.filled else None
    if filled is not None:
        with pytest.raises(ValueError):
            box_choice(box, filled)
    with pytest.raises(ValueError):
        grade(box, hold.best)  # another position's option


def test_a_whole_result(ten: Puzzle) -> None:
    perfect = result(ten, [p.best for p in ten.positions])
    assert perfect.total_loss == 0.0 and perfect.grid == "🟩" * 10 and perfect.exact == 10
    runners = result(ten, [p.options[1] for p in ten.positions])
    assert runners.total_loss == pytest.approx(sum(p.margin for p in ten.positions))
    assert runners.exact == 0 and len(runners.grid) == 10 and "🟩" not in runners.grid
    with pytest.raises(ValueError):
        result(ten, [p.best for p in ten.positions[:9]])


def test_the_par_is_what_the_computers_lose(ten: Puzzle) -> None:
    day = par(ten)
    assert day.beginner == pytest.approx(math.fsum(p.greedy.loss for p in ten.positions))
    assert day.beginner_grid == "".join(grading.SQUARES[colour(p.greedy.loss)] for p in ten.positions)
    assert day.beginner_grid.count("🟩") == sum(not p.greedy_wrong for p in ten.positions)
    assert day.casual == pytest.approx(math.fsum(p.casual_loss for p in ten.positions))
    assert 0 < day.casual < day.beginner
    assert par(ten) == day  # computed, not drawn: the same every time


def test_the_colours_separate_the_computers(table: Table) -> None:
    # The thresholds' promise (docs/daily.md), over 60 days: Casual's mistakes are mostly
    # small and almost never red; Beginner's are spread, a good part of them red.
    casual = {c: 0.0 for c in grading.COLOURS}
    beginner = {c: 0 for c in grading.COLOURS}
    pars = []
    for k in range(60):
        ten = todays_ten(datetime.date(2025, 6, 1) + datetime.timedelta(days=k), table)
        pars.append(par(ten))
        for p in ten.positions:
            beginner[colour(p.greedy.loss)] += 1
            weights = casual_weights(p.options)
            for option, weight in zip(p.options, weights, strict=True):
                casual[colour(option.loss)] += weight / sum(weights)
    casual_mistakes = casual["small"] + casual["larger"] + casual["more"]
    assert casual["small"] / casual_mistakes > 0.6 and casual["more"] / casual_mistakes < 0.02
    beginner_mistakes = beginner["small"] + beginner["larger"] + beginner["more"]
    assert beginner["more"] / beginner_mistakes > 0.25 and beginner["small"] / beginner_mistakes < 0.35
    assert all(p.casual < p.beginner for p in pars)
