"""The game review: losses against the coach, the expected-score path, the rating, the chart."""

import ast
import dataclasses
import doctest
import importlib
import itertools
import xml.etree.ElementTree as ET

import pytest

from game.core import save
from game.core.card import Roll
from game.core.dice import ScriptedDice
from game.core.players import Player
from game.core.state import new_game
from game.screens.charts import review_svg
from game.strategy import review as R
from game.strategy.coach import rank_options
from game.strategy.tables import load_preset

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def table():
    return load_preset("official")


def best_option(table, state):
    card = state.cards[state.current_seat]
    return rank_options(table, card.filled, state.dice, state.rolls_left, card.yahtzee_bonuses)[0]


def first_box(table, state):
    """A poor player: scores the first legal box at once."""
    return next(iter(state.legal_scores()))


def play(table, state, choose=None, turns=None):
    """Play on with the game's seeded dice; ``choose(table, state)`` returns a box (score now) or
    None (follow the coach). Default: the coach's best option every time. Stops after ``turns``."""
    done = 0
    while not state.over and (turns is None or done < turns):
        state = state.roll()
        while True:
            box = choose(table, state) if choose else None
            if box is None:
                best = best_option(table, state)
                if best.kind == "hold":
                    state = state.roll(held=best.hold)
                    continue
                box = best.box
            state = state.score(box)
            done += 1
            break
    return state


def optimal_game(table, seed, players=("Ann",)):
    return play(table, new_game(list(players), seed=seed))


# --- a game played by the coach's own choices ------------------------------------------


@pytest.mark.parametrize("seed", ["review-1", "review-2", "review-3"])
def test_the_coach_own_game_loses_nothing(table, seed):
    state = optimal_game(table, seed)
    result = R.review(state, 0, table)
    assert result.total_loss == 0
    assert all(d.loss == 0 and d.optimal for d in result.decisions)
    assert result.mean_loss == 0 and result.rating == "expert" and result.costliest == ()
    rolls = sum(1 for m in state.moves if isinstance(m, Roll))
    assert len(result.decisions) == rolls  # one decision after every roll
    assert [d.turn for d in result.decisions if d.kind == "score"] == list(range(1, 14))
    assert all(d.before == d.best.value == d.after for d in result.decisions)


@pytest.mark.parametrize("seed", ["review-1", "review-4"])
def test_the_path_starts_at_the_table_and_ends_at_the_final_total(table, seed):
    state = optimal_game(table, seed)
    result = R.review(state, 0, table)
    total = state.cards[0].totals.grand_total
    assert result.path[0] == table.start == result.start
    assert result.path[-1] == total == result.final_total and result.finished
    assert result.decisions[-1].after == total  # the last box's value is the total itself, not rounded
    assert result.path[1:] == tuple(d.after for d in result.decisions)
    # The path moves by luck and loss only.
    assert result.luck == pytest.approx(total - table.start + result.total_loss)


def test_the_review_of_a_saved_game_is_the_same(table):
    state = optimal_game(table, "review-save")
    assert R.review(save.loads(save.dumps(state)), 0, table) == R.review(state, 0, table)


# --- mistakes ---------------------------------------------------------------------------


def test_a_yahtzee_in_chance_costs_what_the_coach_says(table):
    state = new_game(["Ann"], seed="mistake").roll(ScriptedDice([5, 5, 5, 5, 5])).score("chance")
    options = rank_options(table, {}, (5, 5, 5, 5, 5), 2)
    chance = next(o for o in options if o.box == "chance")
    state = play(table, state)  # the rest played by the coach
    result = R.review(state, 0, table)
    first = result.decisions[0]
    assert (first.number, first.turn, first.roll, first.dice, first.rolls_left) == (1, 1, 1, (5, 5, 5, 5, 5), 2)
    assert (first.kind, first.box, first.points, first.held, first.held_faces) == ("score", "chance", 25, None, ())
    assert first.best == options[0] and first.best.box == "yahtzee"
    assert first.loss == chance.loss == options[0].value - chance.value > 0
    assert (first.before, first.after) == (options[0].value, chance.value)
    assert result.total_loss == chance.loss
    assert result.costliest == (first,)
    assert result.path[1] == chance.value and result.path[-1] == state.cards[0].totals.grand_total


def test_a_poor_hold_costs_what_the_coach_says(table):
    state = new_game(["Ann"], seed="hold").roll(ScriptedDice([6, 6, 6, 2, 1]))
    state = state.roll(ScriptedDice([1, 1, 1]), held=(False, False, False, True, True))  # kept 1 2, not 6 6 6
    result = R.review(state, 0, table)
    (decision,) = result.decisions  # the roll on the table now is not decided yet
    options = rank_options(table, {}, (6, 6, 6, 2, 1), 2)
    kept = next(o for o in options if o.kind == "hold" and o.held_faces == (1, 2))
    assert decision.kind == "hold" and decision.held == (False, False, False, True, True)
    assert decision.held_faces == (1, 2) and decision.best.held_faces == (6, 6, 6)
    assert decision.loss == kept.loss > 0 and decision.after == kept.value
    assert not result.finished and result.final_total is None
    assert result.path == (table.start, kept.value)


def test_holding_all_five_and_rolling_is_valued_as_one_roll_fewer(table):
    dice = (1, 2, 3, 4, 6)
    state = new_game(["Ann"], seed="all-five").roll(ScriptedDice(dice))
    state = state.roll(ScriptedDice([]), held=(True,) * 5)  # legal, and nothing changes
    state = state.roll(ScriptedDice([]), held=(True,) * 5)
    state = state.score("small_straight")
    first, second, third = R.review(state, 0, table).decisions
    two, one, none = (rank_options(table, {}, dice, n) for n in (2, 1, 0))
    assert (first.kind, first.held, first.held_faces, first.rolls_left) == ("hold", (True,) * 5, dice, 2)
    assert first.after == one[0].value and first.before == two[0].value
    assert first.loss == max(0.0, two[0].value - one[0].value)
    assert (second.roll, second.rolls_left, second.after, second.before) == (2, 1, none[0].value, one[0].value)
    assert second.loss == one[0].value - none[0].value > 0  # a straight draw wasted
    assert third.kind == "score" and third.loss == none[0].loss  # small straight is the best box here


def test_a_hold_that_ties_the_best_loses_nothing(table):
    # Holding the same faces at other positions is the same choice.
    state = new_game(["Ann"], seed="tie").roll(ScriptedDice([2, 2, 3, 4, 5]))
    best = rank_options(table, {}, (2, 2, 3, 4, 5), 2)[0]
    assert best.held_faces == (2, 3, 4, 5) and best.hold == (True, False, True, True, True)
    state = state.roll(ScriptedDice([6]), held=(False, True, True, True, True))  # the other 2
    state = state.score("large_straight")
    decision = R.review(state, 0, table).decisions[0]
    assert decision.held == (False, True, True, True, True) and decision.held_faces == (2, 3, 4, 5)
    assert decision.loss == 0.0 and decision.optimal and decision.best == best


# --- several players ----------------------------------------------------------------------


def test_each_seat_is_reviewed_on_its_own_moves(table):
    def seat_one_blunders(table, state):
        return first_box(table, state) if state.current_seat == 1 else None

    state = play(table, new_game(["Ann", "Bob", Player("Cy", "optimal")], seed="three"), seat_one_blunders)
    assert state.over
    reviews = [R.review(state, seat, table) for seat in range(3)]
    for seat, result in enumerate(reviews):
        rolls = [m for m in state.moves if m.seat == seat and isinstance(m, Roll)]
        assert [d.dice for d in result.decisions] == [m.dice for m in rolls]
        assert result.final_total == state.cards[seat].totals.grand_total == result.path[-1]
        assert result.name == state.players[seat].name and result.seat == seat
        assert [d.turn for d in result.decisions if d.kind == "score"] == list(range(1, 14))
    assert reviews[0].total_loss == reviews[2].total_loss == 0
    assert reviews[1].total_loss > 0 and len(reviews[1].decisions) == 13  # scored at once every turn
    assert len(reviews[1].costliest) == 3


def test_an_unfinished_game_leaves_the_roll_on_the_table_out(table):
    state = play(table, new_game(["Ann", "Bob"], seed="unfinished"), turns=5).roll()
    assert state.current_seat is not None and state.rolls_used == 1
    seat = state.current_seat
    result = R.review(state, seat, table)
    rolls = [m for m in state.moves if m.seat == seat and isinstance(m, Roll)]
    assert len(result.decisions) == len(rolls) - 1
    assert len(result.path) == len(result.decisions) + 1 and result.final_total is None
    empty = R.review(new_game(["Ann"], seed="x"), 0, table)
    assert empty.decisions == () and empty.path == (table.start,) and empty.rating == "unrated"
    assert empty.total_loss == empty.mean_loss == 0


def test_wrong_seat_or_table_is_refused(table):
    state = new_game(["Ann"], seed="x", preset="free_choice")
    with pytest.raises(ValueError, match="preset"):
        R.review(state, 0, table)
    with pytest.raises(ValueError, match="seat"):
        R.review(new_game(["Ann"], seed="x"), 1, table)


# --- costliest, rating ------------------------------------------------------------------


def test_costliest_largest_first_and_earlier_first_on_ties(table):
    state = new_game(["Ann"], seed="c").roll(ScriptedDice([5, 5, 5, 5, 5])).score("chance")
    base = R.review(state, 0, table).decisions[0]
    made = [dataclasses.replace(base, number=n, loss=loss)
            for n, loss in enumerate([0.0, 1.5, 3.0, 1.5, 0.2, 3.0, 0.0], start=1)]
    assert [(d.number, d.loss) for d in R.costliest(made)] == [(3, 3.0), (6, 3.0), (2, 1.5)]
    assert [d.number for d in R.costliest(made, 10)] == [3, 6, 2, 4, 5]  # no loss, not listed
    assert R.costliest(made[:1]) == ()


def test_costliest_of_a_real_game(table):
    state = play(table, new_game(["Ann"], seed="poor"), first_box)
    result = R.review(state, 0, table)
    losses = sorted((d.loss for d in result.decisions), reverse=True)
    assert [d.loss for d in result.costliest] == losses[:3]
    assert result.total_loss == pytest.approx(sum(losses))
    assert result.mean_loss == pytest.approx(result.total_loss / 13)


@pytest.mark.parametrize("mean, word", [
    (0.0, "expert"), (0.1999, "expert"), (0.2, "strong"), (0.4999, "strong"), (0.5, "good"),
    (0.999, "good"), (1.0, "fair"), (1.999, "fair"), (2.0, "learning"), (40.0, "learning"),
])
def test_rating_bands(mean, word):
    assert R.rating(mean) == word


# --- the chart -----------------------------------------------------------------------------


def test_chart_parses_marks_the_costliest_and_escapes_text(table):
    name = 'Zoë <b>&"x"</b>'
    state = play(table, new_game([name], seed="chart"), first_box)
    result = R.review(state, 0, table)
    svg = review_svg(result)
    root = ET.fromstring(svg)
    assert root.find(f"{SVG}title").text == f"Expected final score: {name}"
    assert root.get("role") == "img" and name in root.get("aria-label")
    assert "<b>" not in svg and "&lt;b&gt;" in svg
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert {"Decision", "Expected final score"} <= set(texts)
    labels = [t.text for g in root.findall(f"{SVG}g") for t in g.iter(f"{SVG}text")]
    assert labels == [f"\u2212{d.loss:.1f}" if d.loss >= 1 else f"\u2212{d.loss:.2f}" for d in result.costliest]
    assert len(labels) == 3
    assert str(result.final_total) in texts  # the last point carries its value
    assert len(root.findall(f"{SVG}circle")) == len(result.path)  # one point per decision and the start
    assert 'stroke="currentColor"' in svg and "fill=\"#" not in svg and "stroke=\"#" not in svg
    assert root.find(f"{SVG}polyline").get("points").count(",") == len(result.path)


def _crossings(svg: str) -> list[str]:
    """The loss labels the chart's line passes through (a label is taken as its text's box:
    3.6 px a character each side of its centre, 9 px above its baseline and 3 below)."""
    root = ET.fromstring(svg)
    line = [tuple(map(float, p.split(","))) for p in root.find(f"{SVG}polyline").get("points").split()]
    crossed = []
    for g in root.findall(f"{SVG}g"):
        text = g.find(f"{SVG}text")
        cx, baseline, half = float(text.get("x")), float(text.get("y")), 3.6 * len(text.text)
        for (x0, y0), (x1, y1) in itertools.pairwise(line):
            for step in range(11):
                px, py = x0 + (x1 - x0) * step / 10, y0 + (y1 - y0) * step / 10
                if abs(px - cx) <= half and baseline - 9 <= py <= baseline + 3:
                    crossed.append(text.text)
    return crossed


@pytest.mark.parametrize("seed", ["chart", "chart-3", "chart-4", "chart-5"])
def test_the_line_never_runs_through_a_loss_label(table, seed):
    """WebKit showed "−29.4" on the line: the label sat above its point while the line came
    down into the point from above. Games that take the first open box lose big, often."""
    state = play(table, new_game(["Ann"], seed=seed), first_box)
    svg = review_svg(R.review(state, 0, table))
    assert svg.count("<g>") == 3
    assert _crossings(svg) == []


def test_chart_of_a_flawless_game_and_of_no_decisions(table):
    result = R.review(optimal_game(table, "chart-2"), 0, table)
    root = ET.fromstring(review_svg(result, title="A <title> & more"))
    assert root.find(f"{SVG}title").text == "A <title> & more"
    assert root.findall(f"{SVG}g") == []  # nothing costly to mark
    assert "0.0" in root.find(f"{SVG}desc").text
    empty = ET.fromstring(review_svg(R.review(new_game(["Ann"], seed="x"), 0, table)))
    assert empty.find(f"{SVG}text").text == "No decisions to show yet."


# --- speed, and the module itself ------------------------------------------------------------


def test_reviewing_a_solo_game_solves_each_turn_once(table, monkeypatch):
    """What keeps a review quick, counted rather than timed (its speed is a benchmark's,
    bench/bench_strategy.py): each of the 13 turns' states is solved once, however many
    decisions and options the review weighs in it."""
    from game.strategy import coach

    state = optimal_game(table, "speed")
    table.cache.clear()  # as in a fresh page: no turn solved yet
    solved = []

    score_now = coach.score_now

    def counted(table, filled, *state):
        solved.append(state)  # the state: mask, upper subtotal, Yahtzee scored
        return score_now(table, filled, *state)

    monkeypatch.setattr(coach, "score_now", counted)
    R.review(state, 0, table)
    assert len(solved) == len(set(solved)) == 13


@pytest.mark.parametrize("name", ["game.strategy.review", "game.records.kv"])
def test_docstring_examples_and_no_browser_imports(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
    tree = ast.parse(open(module.__file__, encoding="utf-8").read())
    imported = {a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    imported |= {(n.module or "").split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert not imported & {"js", "pyscript", "pyodide"}
