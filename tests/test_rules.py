"""Every box, the seeds' worked examples, the edge cases and the four Joker presets."""

import pytest

from game import rules
from game.core.rules import box_score, legal_scores, yahtzee_bonus

ALL_OPEN: dict[str, int] = {}


@pytest.mark.parametrize(
    ("box", "expected"),
    [("fives", 15), ("twos", 2), ("sixes", 6), ("ones", 0), ("threes", 0), ("fours", 0)],
)
def test_seed_upper_example_5_2_5_6_5(box, expected):
    assert legal_scores("official", ALL_OPEN, (5, 2, 5, 6, 5))[box] == expected


def test_seed_002_upper_example_3_3_3_2_5():
    scores = legal_scores("official", ALL_OPEN, (3, 3, 3, 2, 5))
    assert (scores["threes"], scores["twos"], scores["fives"]) == (9, 2, 5)


@pytest.mark.parametrize("dice", [(1, 1, 2, 1, 2), (3, 3, 2, 3, 2), (2, 2, 2, 6, 6)])
def test_full_houses_from_the_seeds(dice):
    assert box_score("full_house", dice) == 25


def test_seed_001_2_3_2_5_4_is_small_but_not_large():
    assert box_score("small_straight", (2, 3, 2, 5, 4)) == 30
    assert box_score("large_straight", (2, 3, 2, 5, 4)) == 0


def test_seed_000_6_3_2_5_4_follows_rules_md():
    # Seed 000 says 6-3-2-5-4 scores "30 in small straight or 0 in large straight". Those
    # faces are 2-3-4-5-6, which RULES.md names a large straight (40); RULES.md settles it
    # (docs/rules-decisions.md). It is a small straight too.
    assert box_score("small_straight", (6, 3, 2, 5, 4)) == 30
    assert box_score("large_straight", (6, 3, 2, 5, 4)) == 40


@pytest.mark.parametrize(
    ("dice", "small"),
    [((1, 2, 3, 3, 4), 30), ((1, 2, 3, 4, 6), 30), ((3, 4, 4, 6, 6), 0), ((3, 4, 5, 6, 6), 30),
     ((1, 2, 4, 5, 6), 0), ((1, 3, 4, 5, 6), 30), ((2, 3, 4, 5, 5), 30), ((1, 1, 2, 2, 3), 0)],
)
def test_small_straight_edge_cases(dice, small):
    assert box_score("small_straight", dice) == small


@pytest.mark.parametrize(
    ("dice", "large"), [((1, 2, 3, 4, 5), 40), ((5, 4, 3, 2, 6), 40), ((1, 2, 3, 4, 6), 0), ((1, 3, 4, 5, 6), 0)]
)
def test_large_straight(dice, large):
    assert box_score("large_straight", dice) == large


def test_kinds_score_the_sum_of_all_dice():
    assert box_score("three_of_a_kind", (5, 5, 5, 2, 1)) == 18  # seed 002's example
    assert box_score("four_of_a_kind", (2, 2, 2, 6, 2)) == 14  # seed 002's example
    assert box_score("three_of_a_kind", (2, 2, 2, 6, 2)) == 14
    assert box_score("three_of_a_kind", (5, 5, 4, 2, 1)) == 0
    assert box_score("four_of_a_kind", (5, 5, 5, 2, 1)) == 0
    assert box_score("four_of_a_kind", (4, 4, 4, 4, 4)) == 20


def test_yahtzee_and_chance():
    assert box_score("yahtzee", (4, 4, 4, 4, 4)) == 50
    assert box_score("yahtzee", (4, 4, 4, 4, 3)) == 0
    assert box_score("chance", (1, 3, 4, 6, 6)) == 20
    assert box_score("chance", (1, 1, 1, 1, 2)) == 6


def test_five_of_a_kind_is_no_full_house_or_straight_outside_joker():
    scores = legal_scores("official", ALL_OPEN, (3, 3, 3, 3, 3))
    assert scores["full_house"] == 0
    assert scores["small_straight"] == 0
    assert scores["yahtzee"] == 50


def test_any_roll_may_be_scratched_in_any_open_box():
    scores = legal_scores("official", {"ones": 2}, (2, 3, 3, 4, 6))
    assert set(scores) == set(rules.BOXES) - {"ones"}
    assert scores["fives"] == 0  # seed 000: 2-3-3-4-6 in Fives is a zero score
    assert scores["large_straight"] == 0


@pytest.mark.parametrize(("subtotal_boxes", "bonus"), [
    ({"sixes": 24, "fives": 20, "fours": 12, "threes": 6}, 0),  # 62
    ({"sixes": 24, "fives": 20, "fours": 12, "threes": 6, "ones": 1}, 35),  # 63
    ({"sixes": 18, "fives": 15, "fours": 12, "threes": 9, "twos": 6, "ones": 3}, 35),  # three of each: 63
])
def test_upper_bonus_at_62_and_63(subtotal_boxes, bonus):
    assert rules.upper_bonus(subtotal_boxes) == bonus
    totals = rules.totals(subtotal_boxes)
    assert totals.upper_total == totals.upper_subtotal + bonus


def test_yahtzee_bonus_after_50_not_after_0():
    assert yahtzee_bonus({"yahtzee": 50}, (2, 2, 2, 2, 2)) == 100
    assert yahtzee_bonus({"yahtzee": 0}, (2, 2, 2, 2, 2)) == 0
    assert yahtzee_bonus({}, (2, 2, 2, 2, 2)) == 0  # the first Yahtzee goes in the box, no bonus
    assert yahtzee_bonus({"yahtzee": 50}, (2, 2, 2, 2, 3)) == 0


def test_totals_as_on_the_pad():
    filled = {"sixes": 30, "fives": 25, "fours": 20, "yahtzee": 50, "chance": 22, "full_house": 25}
    t = rules.totals(filled, yahtzee_bonuses=2)
    assert t == rules.Totals(75, 35, 110, 200, 297, 407)
    assert rules.grand_total(filled, 2) == t.grand_total
    assert rules.lower_total(filled, 2) == t.lower_total


# --- 3-3-3-3-3 under each preset --------------------------------------------------------

THREES = (3, 3, 3, 3, 3)
LOWER_FULL_VALUE = {"three_of_a_kind": 15, "four_of_a_kind": 15, "full_house": 25,
                    "small_straight": 30, "large_straight": 40, "chance": 15}
ALL_LOWER_FILLED = {box: 0 for box in rules.LOWER_BOXES} | {"yahtzee": 50}


@pytest.mark.parametrize("yahtzee_box", [50, 0])
def test_joker_official_upper_open(yahtzee_box):
    assert legal_scores("official", {"yahtzee": yahtzee_box}, THREES) == {"threes": 15}


def test_joker_official_upper_filled():
    filled = {"yahtzee": 50, "threes": 9, "ones": 3}
    assert legal_scores("official", filled, THREES) == LOWER_FULL_VALUE


def test_joker_official_lower_full():
    filled = ALL_LOWER_FILLED | {"threes": 9, "ones": 3}
    assert legal_scores("official", filled, THREES) == {"twos": 0, "fours": 0, "fives": 0, "sixes": 0}


def test_joker_official_lower_full_upper_open_still_goes_up():
    assert legal_scores("official", ALL_LOWER_FILLED, THREES) == {
        "threes": 15}


def test_joker_free_choice():
    open_upper = legal_scores("free_choice", {"yahtzee": 50}, THREES)
    assert open_upper == LOWER_FULL_VALUE | {"ones": 0, "twos": 0, "threes": 15, "fours": 0, "fives": 0, "sixes": 0}
    filled = legal_scores("free_choice", {"yahtzee": 0, "threes": 9}, THREES)
    assert filled == LOWER_FULL_VALUE | {"ones": 0, "twos": 0, "fours": 0, "fives": 0, "sixes": 0}
    full = legal_scores("free_choice", ALL_LOWER_FILLED | {"threes": 9}, THREES)
    assert full == {"ones": 0, "twos": 0, "fours": 0, "fives": 0, "sixes": 0}


def test_joker_wild_after_upper():
    open_upper = legal_scores("wild_after_upper", {"yahtzee": 50}, THREES)
    # Nothing is forced, but the patterns score 0 while Threes is open.
    assert open_upper == {"ones": 0, "twos": 0, "threes": 15, "fours": 0, "fives": 0, "sixes": 0,
                          "three_of_a_kind": 15, "four_of_a_kind": 15, "full_house": 0,
                          "small_straight": 0, "large_straight": 0, "chance": 15}
    filled = legal_scores("wild_after_upper", {"yahtzee": 0, "threes": 6}, THREES)
    assert filled == LOWER_FULL_VALUE | {"ones": 0, "twos": 0, "fours": 0, "fives": 0, "sixes": 0}
    full = legal_scores("wild_after_upper", ALL_LOWER_FILLED | {"threes": 6}, THREES)
    assert full == {"ones": 0, "twos": 0, "fours": 0, "fives": 0, "sixes": 0}


def test_joker_upper_or_kind():
    open_upper = legal_scores("upper_or_kind", {"yahtzee": 50}, THREES)
    assert open_upper == {"threes": 15, "three_of_a_kind": 15, "four_of_a_kind": 15}
    kinds_filled = legal_scores("upper_or_kind", {"yahtzee": 50, "three_of_a_kind": 0, "four_of_a_kind": 0}, THREES)
    assert kinds_filled == {"threes": 15}
    filled = legal_scores("upper_or_kind", {"yahtzee": 50, "threes": 6}, THREES)
    assert filled == LOWER_FULL_VALUE
    full = legal_scores("upper_or_kind", ALL_LOWER_FILLED | {"threes": 6}, THREES)
    assert full == {"ones": 0, "twos": 0, "fours": 0, "fives": 0, "sixes": 0}


@pytest.mark.parametrize("preset", rules.PRESETS)
def test_first_yahtzee_is_no_joker(preset):
    scores = legal_scores(preset, {}, THREES)
    assert scores["yahtzee"] == 50 and scores["full_house"] == 0 and len(scores) == 13


def test_seed_002_joker_example_five_fours_into_large_straight():
    filled = {"yahtzee": 0, "fours": 12}
    assert legal_scores("official", filled, (4, 4, 4, 4, 4))["large_straight"] == 40


def test_closed_boxes_say_why():
    options = rules.box_options("official", {"yahtzee": 50}, THREES)
    assert options["chance"] == rules.Closed("own_upper_first", "threes") and "Threes" in str(options["chance"])
    assert options["threes"] == 15


@pytest.mark.parametrize(("call", "message"), [
    (lambda: legal_scores("official", {}, (1, 2, 3, 4, 7)), "1 to 6"),
    (lambda: legal_scores("official", {}, (1, 2, 3, 4)), "five dice"),
    (lambda: legal_scores("house", {}, (1, 2, 3, 4, 5)), "unknown preset"),
    (lambda: legal_scores("official", {"sevens": 1}, (1, 2, 3, 4, 5)), "unknown box"),
])
def test_bad_arguments_are_refused_clearly(call, message):
    with pytest.raises(rules.RulesError, match=message):
        call()


def test_maximums():
    assert rules.MAX_SCORE == 1575 and rules.MAX_SCORE_WITHOUT_BONUS == 375
