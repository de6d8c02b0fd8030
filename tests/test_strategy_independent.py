"""A second, independent solver for small end games, checked against the NumPy tables.

Brute force in plain Python: dice as positions (all 6**n outcomes, all 32 holds), every
score from ``game.core.rules.legal_scores``/``yahtzee_bonus``/``upper_bonus``; nothing from the
solver or from game.strategy. On end games with two open boxes it must give
the solver's values to 1e-9, for every preset: this checks the Joker handling of the
two presets no published value covers.
"""

from functools import cache
from itertools import product

import pytest

from game import rules
from tools import strategy_solver as S

HOLDS = list(product((False, True), repeat=5))
OUTCOMES = {n: list(product(range(1, 7), repeat=n)) for n in range(6)}


def brute_force_future(preset: str, filled: dict[str, int]) -> float:
    """Expected points still to come from the start of a turn, optimal play."""

    @cache
    def future(card: frozenset) -> float:
        filled = dict(card)
        if len(filled) == len(rules.BOXES):
            return 0.0

        @cache
        def score_now(dice: tuple) -> float:
            best = -1.0
            for box, pts in rules.legal_scores(preset, filled, dice).items():
                after = {**filled, box: pts}
                upper_bonus = rules.upper_bonus(after) - rules.upper_bonus(filled)
                gain = pts + rules.yahtzee_bonus(filled, dice) + upper_bonus
                best = max(best, gain + future(frozenset(after.items())))
            return best

        @cache
        def best(dice: tuple, rolls_left: int) -> float:
            if rolls_left == 0:
                return score_now(dice)
            kept = (tuple(sorted(d for d, h in zip(dice, hold, strict=True) if h)) for hold in HOLDS)
            return max(after_hold(k, rolls_left - 1) for k in kept)

        @cache
        def after_hold(kept: tuple, rolls_left: int) -> float:
            outs = OUTCOMES[5 - len(kept)]
            return sum(best(tuple(sorted(kept + o)), rolls_left) for o in outs) / len(outs)

        return after_hold((), 2)

    return future(frozenset(filled.items()))


def _all_but(open_boxes: set[str], **values: int) -> dict[str, int]:
    filled = {box: 0 for box in rules.BOXES if box not in open_boxes}
    filled.update(values)
    return filled


END_GAMES = [
    # A Joker with its upper box open, bonus 100, upper bonus in reach (50 + 3 fives = 65).
    _all_but({"fives", "full_house"}, yahtzee=50, sixes=30, fours=16, threes=3),
    # Joker rules with a Yahtzee box of 0: no bonus, but the Joker may still fill a straight.
    _all_but({"twos", "large_straight"}, fives=25, sixes=30),
    # Every lower box filled: where a Joker may go in the upper section.
    _all_but({"ones", "twos"}, yahtzee=50, sixes=30, fives=20, fours=12),
    # The Yahtzee box open beside a 4 of a kind.
    _all_but({"yahtzee", "four_of_a_kind"}),
    # Own upper box filled: the Joker's lower boxes, with 3 of a kind open too.
    _all_but({"small_straight", "three_of_a_kind"}, yahtzee=50, sixes=24),
]


@pytest.mark.parametrize("preset", rules.PRESETS)
@pytest.mark.parametrize("filled", END_GAMES, ids=lambda f: "+".join(b for b in rules.BOXES if b not in f))
def test_brute_force_end_games_equal_the_tables(preset, filled):
    mask = sum(1 << i for i, box in enumerate(rules.BOXES) if box in filled)
    up = min(63, rules.upper_subtotal(filled))
    y = int(filled.get("yahtzee") == 50)
    assert S.solved(preset)[mask, up, y] == pytest.approx(brute_force_future(preset, filled), abs=1e-9)
