"""tools/game_solver.py: Yatzy's exact optimal strategy, from the game's data.

A variant built from data alone is solved by the same code. The whole of Yatzy is solved
only by tools/gen_tables.py: the shipped table's checks (tests/test_game_tables.py) compare
the solver's last three turns with it, its header with the published start value, and
every last turn and a sample of earlier states with turns played out in plain Python.
"""

from __future__ import annotations

import dataclasses

import pytest

from game.core.games import YAHTZEE, YATZY
from tests.support import load_tool
from tests.test_game_tables import turn_value

game_solver = load_tool("game_solver")


def test_a_variant_from_data_alone_is_solved_by_the_same_code():
    """Yatzy's upper section with Chance and Yatzy, without and with the bonus: the bonus
    can only add, and by less than its 50 points."""
    small = dataclasses.replace(YATZY, key="test_small", boxes=YATZY.boxes[:6] + YATZY.boxes[-2:])
    without = dataclasses.replace(small, key="test_small_no_bonus", bonus=0)
    with_bonus, plain = game_solver.solved(small)[0, 0], game_solver.solved(without)[0, 0]
    assert 0 < with_bonus - plain < 50
    last = (1 << len(small.boxes)) - 1 & ~(1 << 7)  # only Yatzy left, nothing scored above
    expected = turn_value(small, lambda *_: 0.0, last, 0)
    assert game_solver.solved(small)[last, 0] == pytest.approx(expected, abs=1e-12)


def test_yahtzee_is_not_this_solvers():
    with pytest.raises(ValueError, match="its own solver"):
        game_solver.check_solvable(YAHTZEE)
