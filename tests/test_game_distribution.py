"""tools/game_distribution.py: the exact final-score distribution of a game like Yatzy.

Checked against the solver where both are cheap: from states of the last turns (the solver
run only that far back), the distribution of the points still to come sums to 1 and its
mean is the solver's value, the upper bonus included. The shipped entry (the whole game from
the empty card, minutes of work) is checked from the asset: it goes with the shipped table,
its mean is the table's start value, and its shares and figures agree.
"""

from __future__ import annotations

import hashlib
import json
import math

import numpy as np
import pytest

from game.core.games import YATZY
from game.strategy.game_tables import game_table_path, load_game
from tools import game_distribution as GD
from tools import game_solver
from tools import score_distribution as SD

FULL = (1 << len(YATZY.boxes)) - 1


@pytest.mark.parametrize(("open_boxes", "up"), [
    (("chance", "yatzy"), 0), (("sixes", "chance"), 45), (("sixes", "fives", "two_pairs"), 40),
    (("ones", "small_straight", "full_house"), 62),
])
def test_from_a_late_state_the_mean_is_the_solvers_value(open_boxes, up):
    V = game_solver.solve(YATZY, down_to=len(YATZY.boxes) - 3)
    mask = FULL & ~sum(1 << YATZY.names.index(box) for box in open_boxes)
    ends, dist = GD.final_states(YATZY, V, mask, up)
    final = dist.sum(axis=0)
    assert final.sum() == pytest.approx(1.0, abs=1e-12)
    assert final @ np.arange(final.size) == pytest.approx(V[mask, up], abs=1e-9)
    assert set(ends[:, 0]) == {FULL} and set(ends[:, 2]) == {0}  # no y in Yatzy


def test_the_shipped_entry_goes_with_the_shipped_table():
    entry = json.loads(SD.OUT.read_text())["games"]["yatzy"]
    assert entry["table_sha256"] == hashlib.sha256(game_table_path(YATZY).read_bytes()).hexdigest()
    assert abs(entry["mean"] - load_game(YATZY).start) < 1e-3
    ppm, first = entry["cumulative_ppm"], entry["first"]
    assert all(b >= a for a, b in zip(ppm, ppm[1:], strict=False)) and ppm[-1] == 1_000_000 and ppm[0] > 0
    p = {first + i: (ppm[i] - (ppm[i - 1] if i else 0)) / 1e6 for i in range(len(ppm))}
    mean = sum(s * q for s, q in p.items())
    assert abs(mean - entry["mean"]) < 0.01
    assert abs(math.sqrt(sum((s - mean) ** 2 * q for s, q in p.items())) - entry["sd"]) < 0.05
    running = 0.0
    for score in sorted(p):
        running += p[score]
        for q, at in entry["percentiles"].items():
            if at == score:
                assert running >= int(q) / 100 - 1e-6
    assert 0.3 < entry["upper_bonus"] < 0.9 and first + len(ppm) - 1 <= YATZY.max_score
