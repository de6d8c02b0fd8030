"""The games as values (game.core.games): Yatzy's sheet scored against a second, independent
implementation written here, its edge cases one by one, and Yahtzee's boxes against
game.core.rules."""

from __future__ import annotations

import dataclasses
from itertools import combinations_with_replacement, product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.core import rules
from game.core.games import GAMES, YAHTZEE, YATZY

DICE = st.tuples(*[st.integers(1, 6)] * 5)
ROLLS = list(combinations_with_replacement(range(1, 7), 5))


def sheet(box: str, dice: tuple[int, ...]) -> int:
    """Yatzy as RULES.md words it, written from the counts of each face (not from the module's shapes)."""
    counts = [dice.count(face) for face in range(1, 7)]  # counts[f - 1]: how many dice show f
    upper = ("ones", "twos", "threes", "fours", "fives", "sixes")
    if box in upper:
        face = upper.index(box) + 1
        return face * counts[face - 1]
    at_least = {"one_pair": 2, "three_of_a_kind": 3, "four_of_a_kind": 4}
    if box in at_least:
        for face in range(6, 0, -1):  # the highest face that has them
            if counts[face - 1] >= at_least[box]:
                return face * at_least[box]
        return 0
    if box == "two_pairs":
        faces = [face for face in range(6, 0, -1) if counts[face - 1] >= 2]
        return 2 * (faces[0] + faces[1]) if len(faces) >= 2 else 0
    if box == "small_straight":
        return 15 if counts == [1, 1, 1, 1, 1, 0] else 0
    if box == "large_straight":
        return 20 if counts == [0, 1, 1, 1, 1, 1] else 0
    if box == "full_house":
        return sum(dice) if sorted(c for c in counts if c) == [2, 3] else 0
    if box == "chance":
        return sum(dice)
    if box == "yatzy":
        return 50 if 5 in counts else 0
    raise AssertionError(box)


@given(DICE)
def test_every_yatzy_box_scores_as_the_sheet_says(dice):
    for box in YATZY.names:
        assert YATZY.score(box, dice) == sheet(box, dice), (box, dice)


def test_every_roll_in_every_yatzy_box():
    """All 7,776 ordered rolls, not just a sample: the order of the dice never matters."""
    for dice in product(range(1, 7), repeat=5):
        for box in YATZY.names:
            assert YATZY.score(box, dice) == sheet(box, dice), (box, dice)


@pytest.mark.parametrize(("box", "dice", "points"), [
    ("two_pairs", (3, 3, 3, 5, 5), 16),  # a full house holds two pairs
    ("two_pairs", (4, 4, 4, 4, 2), 0),  # four alike is not two pairs
    ("two_pairs", (6, 6, 6, 6, 6), 0),  # nor is five alike
    ("two_pairs", (1, 1, 6, 6, 6), 14),
    ("one_pair", (2, 2, 5, 5, 1), 10),  # the highest pair
    ("one_pair", (6, 6, 6, 6, 6), 12),  # a second Yatzy fits the pair (RULES.md)
    ("three_of_a_kind", (4, 4, 4, 1, 2), 12),  # only its three dice
    ("three_of_a_kind", (5, 5, 5, 5, 5), 15),
    ("four_of_a_kind", (2, 2, 2, 2, 6), 8),  # only its four dice
    ("four_of_a_kind", (2, 2, 2, 6, 6), 0),
    ("full_house", (6, 6, 6, 6, 6), 0),  # five alike is not a full house
    ("full_house", (2, 2, 6, 6, 6), 22),  # worth its dice
    ("small_straight", (1, 2, 3, 4, 6), 0),  # exactly 1-2-3-4-5
    ("small_straight", (5, 3, 1, 2, 4), 15),
    ("large_straight", (1, 2, 3, 4, 5), 0),  # exactly 2-3-4-5-6
    ("large_straight", (6, 5, 4, 3, 2), 20),
    ("yatzy", (3, 3, 3, 3, 3), 50),
    ("chance", (6, 6, 6, 6, 5), 29),
])
def test_the_sheets_edge_cases(box, dice, points):
    assert YATZY.score(box, dice) == points


def test_yatzy_as_data():
    assert YATZY.names == ("ones", "twos", "threes", "fours", "fives", "sixes", "one_pair", "two_pairs",
                           "three_of_a_kind", "four_of_a_kind", "small_straight", "large_straight",
                           "full_house", "chance", "yatzy")
    assert (YATZY.bonus, YATZY.bonus_threshold, YATZY.five_alike_extra) == (50, 63, False)
    assert YATZY.max_score == 374  # RULES.md: the largest possible score
    assert set(GAMES) == {"yahtzee", "yatzy"}


def test_yahtzees_boxes_score_as_its_rules():
    """The Yahtzee value and game.core.rules agree on every roll in every box (no Joker)."""
    assert YAHTZEE.names == rules.BOXES and YAHTZEE.upper_names == rules.UPPER_BOXES
    assert (YAHTZEE.bonus, YAHTZEE.bonus_threshold) == (rules.UPPER_BONUS, rules.UPPER_BONUS_THRESHOLD)
    for dice in ROLLS:
        for box in rules.BOXES:
            assert YAHTZEE.score(box, dice) == rules.box_score(box, dice), (box, dice)


def test_a_variant_is_a_new_value():
    """Yatzy without the bonus, from data alone: the same boxes, bonus 0; Yatzy is untouched."""
    plain = dataclasses.replace(YATZY, key="yatzy_no_bonus", bonus=0)
    assert plain.names == YATZY.names and plain.max_score == 374 - 50 and YATZY.bonus == 50
    with pytest.raises(KeyError):
        YATZY.score("yahtzee", (1, 1, 1, 1, 1))


def test_rules_possible_values_are_the_yahtzee_values_can_hold():
    """What a saved Yahtzee card may hold (rules.possible_box_values, Joker included) is what some roll scores."""
    for box in rules.BOXES:
        assert {p for p in range(-1, 60) if YAHTZEE.can_hold(box, p)} == rules.possible_box_values(box), box


def test_a_game_of_yatzy_and_a_variant_play_through_from_data():
    """The state takes any game value: fifteen turns of Yatzy, and of Yatzy without the bonus
    (registered for the test only), scored and totalled by their own rules."""
    from game.core.dice import ScriptedDice
    from game.core.state import new_game
    plain = dataclasses.replace(YATZY, key="yatzy_no_bonus", bonus=0)
    for game in (YATZY, plain):
        GAMES.setdefault(game.key, game)
        try:
            state = new_game(["Ann"], seed="v", game=game)
            for face in (1, 2, 3, 4, 5, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6):
                open_boxes = [b for b in game.names if b not in state.cards[0].filled]
                state = state.roll(ScriptedDice((face,) * 5)).score(open_boxes[0])
        finally:
            if game is plain:
                del GAMES[plain.key]
        assert state.over and state.turn == 15
        filled = state.cards[0].filled
        assert filled["sixes"] == 30 and filled["one_pair"] == 12 and filled["yatzy"] == 50
        upper = 5 + 10 + 15 + 20 + 25 + 30
        lower = 12 + 0 + 18 + 24 + 0 + 0 + 0 + 30 + 50
        assert state.cards[0].totals.grand_total == upper + game.bonus + lower
