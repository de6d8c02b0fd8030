"""game/strategy/game_coach.py: Yatzy's coach, against the solver and the game's rules.

The coach ranks options from the table; with an exact table of the last turns (the solver
run that far back), the mean over the first roll of its best option must be the solver's
value of the state: a second implementation of the turn (pure Python against NumPy).
"""

from __future__ import annotations

import math
import random

import pytest

from game.core.games import YATZY
from game.strategy import game_coach
from game.strategy.chances import makes_target, target_boxes, target_chance
from game.strategy.game_tables import GameTable, load_game
from game.strategy.reasons import explain
from game.strategy.rolls import ROLL_PROBS, ROLLS
from tests.test_strategy_reasons import brute_chance
from tools import game_solver
from tools import gen_tables as G

LAST_TURNS = len(YATZY.boxes) - 3  # the solver runs back to states with 12 boxes filled (under a second)


def random_card(rng: random.Random, filled_count: int) -> dict[str, int]:
    """A card of Yatzy with ``filled_count`` boxes, each holding points some roll writes there."""
    card = {}
    for box in rng.sample(YATZY.names, filled_count):
        scratched = rng.random() >= 0.8 and YATZY.can_hold(box, 0)  # Chance is never 0
        card[box] = 0 if scratched else YATZY.score(box, tuple(rng.randint(1, 6) for _ in range(5)))
    return card


def exact_late_table() -> GameTable:
    V = game_solver.solve(YATZY, down_to=LAST_TURNS)
    mask, up, _ = G.game_states(YATZY)
    return GameTable.from_values(YATZY, [float(v) for v in V[mask, up]], start=0.0)


def test_the_first_roll_mean_of_the_best_option_is_the_solvers_value():
    table, rng = exact_late_table(), random.Random("yatzy-coach")
    V = game_solver.solve(YATZY, down_to=LAST_TURNS)
    for _ in range(6):
        card = random_card(rng, LAST_TURNS)
        mask, up = game_coach.state_of(YATZY, card)
        on_card = game_coach.on_card(YATZY, card)
        mean = sum(p * (game_coach.rank_options(table, card, roll, 2)[0].value - on_card)
                   for roll, p in zip(ROLLS, ROLL_PROBS, strict=True))
        assert mean == pytest.approx(V[mask, up], abs=1e-9), card


def test_the_shipped_table_agrees_with_the_coachs_turn_on_the_empty_card():
    table = load_game(YATZY)
    mean = sum(p * game_coach.rank_options(table, {}, roll, 2)[0].value
               for roll, p in zip(ROLLS, ROLL_PROBS, strict=True))
    assert mean == pytest.approx(table.value(0, 0), abs=2.0 ** -G.GAME_Q_BITS)


@pytest.mark.parametrize("seed", range(12))
def test_every_open_box_and_every_distinct_hold_is_listed_and_ranked(seed):
    rng = random.Random(seed)
    card = random_card(rng, rng.randrange(15))
    dice, rolls_left = tuple(rng.randint(1, 6) for _ in range(5)), rng.randrange(3)
    options = game_coach.rank_options(load_game(YATZY), card, dice, rolls_left)
    boxes = {o.box: o.points for o in options if o.kind == "score"}
    assert boxes == {box: YATZY.score(box, dice) for box in YATZY.names if box not in card}
    holds = [o for o in options if o.kind == "hold"]
    distinct = math.prod(dice.count(f) + 1 for f in set(dice)) - 1 if rolls_left else 0
    assert len(holds) == distinct == len({o.held_faces for o in holds})
    values = [o.value for o in options]
    assert values == sorted(values, reverse=True) and options[0].loss == 0
    assert all(o.loss == pytest.approx(values[0] - o.value) for o in options)


def test_yatzys_own_choices():
    table = load_game(YATZY)
    best = game_coach.rank_options(table, {}, (2, 3, 4, 5, 6), 0)[0]
    assert (best.box, best.points) == ("large_straight", 20)
    # Two pairs of a full house: 3-3 and 5-5 make 16, or the house its 19.
    options = {o.box: o.points for o in game_coach.rank_options(table, {}, (3, 3, 3, 5, 5), 0)}
    assert options["two_pairs"] == 16 and options["full_house"] == 19 and options["three_of_a_kind"] == 9
    assert game_coach.on_card(YATZY, {"sixes": 24, "fives": 20, "fours": 16, "threes": 3}) == 63 + 50
    assert game_coach.on_card(YATZY, {"sixes": 24, "fives": 20, "fours": 16, "yatzy": 50}) == 110


@pytest.mark.parametrize(("card", "dice", "rolls_left", "message"), [
    ({"yahtzee": 50}, (1, 2, 3, 4, 5), 0, "no box 'yahtzee'"),
    ({"two_pairs": 23}, (1, 2, 3, 4, 5), 0, "cannot hold 23"),
    ({"fours": 6}, (1, 2, 3, 4, 5), 0, "cannot hold 6"),
    ({}, (1, 2, 3, 4), 0, "five dice"),
    ({}, (1, 2, 3, 4, 7), 0, "five dice"),
    ({}, (1, 2, 3, 4, 5), 3, "rolls_left"),
    ({box: 5 if box == "chance" else 0 for box in YATZY.names}, (1, 2, 3, 4, 5), 0, "full"),
    ({"chance": 0}, (1, 2, 3, 4, 5), 0, "chance cannot hold 0"),
])
def test_impossible_situations_are_refused(card, dice, rolls_left, message):
    with pytest.raises(ValueError, match=message):
        game_coach.rank_options(load_game(YATZY), card, dice, rolls_left)


def test_the_target_chances_of_yatzys_boxes_match_brute_force():
    rng = random.Random("yatzy-chances")
    for box in target_boxes(YATZY):
        for size in (1, 3):  # only the boxes' targets differ from Yahtzee's, whose test takes every size
            held = tuple(sorted(rng.randint(1, 6) for _ in range(size)))
            for rolls in (1, 2):
                assert target_chance(box, held, rolls, YATZY) == \
                    pytest.approx(brute_chance(box, held, rolls, YATZY), abs=1e-12), (box, held)
    assert makes_target("small_straight", (2, 3, 4, 5, 6), YATZY) is False  # exactly 1-2-3-4-5
    assert makes_target("two_pairs", (4, 4, 4, 4, 2), YATZY) is False


def test_the_reasons_speak_of_yatzys_targets_and_bonus():
    table = load_game(YATZY)
    card = {box: 0 for box in YATZY.names if box not in ("small_straight", "chance", "one_pair")}
    options = game_coach.rank_options(table, card, (1, 2, 3, 4, 6), 2)
    reason = explain(card, options, 2, game=YATZY)
    assert reason.opening == "hold_target" and reason.facts[0].box == "small_straight"
    assert reason.facts[0].value == pytest.approx(1 - (5 / 6) ** 2)  # a five in two rolls: exactly 1-2-3-4-5
    card = {"sixes": 24, "fives": 20, "fours": 12}
    options = game_coach.rank_options(table, card, (3, 3, 3, 1, 2), 0)
    threes = next(o for o in options if o.box == "threes")
    reason = explain(card, [threes, *options], 0, game=YATZY)
    assert reason.bonus == "earned"  # 24 + 20 + 12 + 9 = 65: the 50 is Yatzy's, at 63
