"""tools/game_solver.py: Yatzy's exact optimal strategy, from the game's data.

The start value is the one two independent solvers publish (precisit/yatzy-solver,
dlangk/yatzy: 248.4399893779); every last turn is checked against a turn evaluated here in
plain Python (game.strategy.rolls' keep and hold helpers); a variant built from data alone
is solved by the same code.
"""

from __future__ import annotations

import dataclasses

import pytest

from game.core.games import YAHTZEE, YATZY, Game
from game.strategy import rolls as R
from tests.support import load_tool

game_solver = load_tool("game_solver")

PUBLISHED_START = 248.4399893779


def last_turn(game: Game, box: str, up: int) -> float:
    """The value of the last turn, only ``box`` open, the upper subtotal ``up``: three rolls,
    two holds, the dice scored in ``box`` (the bonus if its points reach the threshold)."""
    upper = box in game.upper_names

    def scored(roll: tuple[int, ...]) -> float:
        points = game.score(box, roll)
        reached = upper and up < game.bonus_threshold <= up + points
        return points + (game.bonus if reached else 0)

    values = [float(scored(roll)) for roll in R.ROLLS]
    for _ in range(2):  # two re-rolls: the best keep inside each roll, then the next roll's mean
        values = R.best_in_roll(R.keep_values(values))
    return sum(p * v for p, v in zip(R.ROLL_PROBS, values, strict=True))


def test_the_start_value_is_the_published_one():
    assert game_solver.solved(YATZY)[0, 0] == pytest.approx(PUBLISHED_START, abs=5e-11)
    assert game_solver.state_count(YATZY) == 1_430_528  # the reachable states, as the issue counts them


@pytest.mark.parametrize("box", YATZY.names)
def test_every_last_turn_against_a_turn_played_out_here(box):
    V = game_solver.solved(YATZY)
    full = (1 << len(YATZY.boxes)) - 1
    mask = full & ~(1 << YATZY.names.index(box))
    for up in R.REACHABLE_UPS[mask & 63]:
        assert V[mask, up] == pytest.approx(last_turn(YATZY, box, up), abs=1e-9), (box, up)


def test_a_variant_from_data_alone_is_solved_by_the_same_code():
    """Yatzy's upper section with Chance and Yatzy, without and with the bonus: the bonus
    can only add, and by less than its 50 points."""
    small = dataclasses.replace(YATZY, key="test_small", boxes=YATZY.boxes[:6] + YATZY.boxes[-2:])
    without = dataclasses.replace(small, key="test_small_no_bonus", bonus=0)
    with_bonus, plain = game_solver.solved(small)[0, 0], game_solver.solved(without)[0, 0]
    assert 0 < with_bonus - plain < 50
    last = (1 << len(small.boxes)) - 1 & ~(1 << 7)  # only Yatzy left, nothing scored above
    assert game_solver.solved(small)[last, 0] == pytest.approx(last_turn(small, "yatzy", 0), abs=1e-12)


def test_yahtzee_is_not_this_solvers():
    with pytest.raises(ValueError, match="its own solver"):
        game_solver.check_solvable(YAHTZEE)
