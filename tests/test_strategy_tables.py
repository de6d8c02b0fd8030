"""The NumPy solver: scoring against game.core.rules, the start values, the shipped files, quantization.

The four presets are solved once per test process (``strategy_solver.solved``), about
5 s each on two cores; the other strategy tests share those arrays.
"""

import random

import numpy as np
import pytest

from game import rules
from game.strategy import rolls as R
from game.strategy import tables as T
from tools import gen_tables as G
from tools import strategy_solver as S

#: Published: 254.58772873 (official rules, e.g. Glenn 2006; Woodward 2003) and 254.5896
#: (Verhoeff, whose Joker rule is our "wild after its upper box").
PUBLISHED = {"official": 254.5877287, "wild_after_upper": 254.5896095}
#: Computed here; checked by simulation (test_strategy_simulation.py), by an independent
#: brute-force solver (test_strategy_independent.py) and by the coach's Bellman check.
COMPUTED = {"free_choice": 254.7112726, "upper_or_kind": 254.5882406}


@pytest.mark.parametrize("preset", rules.PRESETS)
def test_start_value(preset):
    expected = {**PUBLISHED, **COMPUTED}[preset]
    assert S.solved(preset)[0, 0, 0] == pytest.approx(expected, abs=1e-6)


def test_plain_scores_equal_rules_box_score():
    for r, roll in enumerate(R.ROLLS):
        assert S.SCORES[r].tolist() == [rules.box_score(box, roll) for box in rules.BOXES]


def _card(mask: int, up: int, y: int) -> dict[str, int]:
    """A score card with these filled boxes, upper subtotal ``up`` (min 63) and Yahtzee 50 iff y."""
    filled = {box: 0 for i, box in enumerate(rules.BOXES) if mask >> i & 1}
    if "yahtzee" in filled:
        filled["yahtzee"] = 50 * y
    faces = [f for f in range(6, 0, -1) if mask >> (f - 1) & 1]

    def fill(i: int, left: int) -> bool:  # depth-first: n dice of each face, summing to `left`
        if i == len(faces):
            return left <= 0 if up == 63 else left == 0
        f = faces[i]
        for n in range(5, -1, -1):
            if f * n <= left or up == 63:
                filled[rules.UPPER_BOXES[f - 1]] = f * n
                if fill(i + 1, left - f * n):
                    return True
        return False

    assert fill(0, up), (mask, up)
    return filled


@pytest.mark.parametrize("preset", rules.PRESETS)
def test_joker_scoring_equals_rules_for_every_filled_pattern(preset):
    """With V = 0 and no upper subtotal, a box value is its points plus any Yahtzee bonus."""
    masks = np.array([m for m in range(S.FULL_MASK) if m & S.YAHTZEE_BIT])
    ys = masks >> 3 & 1  # both kinds of Yahtzee box, alternately
    V = np.zeros((S.FULL_MASK + 1, 64, 2))
    joker = S.joker_scores(preset)
    for lo in range(0, masks.size, 512):
        mask, y = masks[lo:lo + 512], ys[lo:lo + 512]
        box = S.box_values(V, mask, np.zeros_like(mask), y, joker)[:, S.ROLL_POS]
        for i, (m, yy) in enumerate(zip(mask.tolist(), y.tolist(), strict=True)):
            filled = {b: (50 * yy if b == "yahtzee" else 0) for k, b in enumerate(rules.BOXES) if m >> k & 1}
            for f in R.FACES:
                dice = (f,) * 5
                got = box[:, R.ROLL_INDEX[dice], i]
                bonus = rules.yahtzee_bonus(filled, dice)
                assert {b: got[k] - bonus for k, b in enumerate(rules.BOXES) if np.isfinite(got[k])} \
                    == rules.legal_scores(preset, filled, dice), (preset, filled, dice)


@pytest.mark.parametrize("preset", rules.PRESETS)
def test_box_values_equal_points_bonuses_and_next_state(preset):
    """Random V, random states, every roll: the value of each box recomputed from game.core.rules."""
    rng = random.Random(preset)
    V = np.random.default_rng(7).uniform(0, 300, (S.FULL_MASK + 1, 64, 2))
    cases = []
    for _ in range(60):
        mask = rng.randrange(S.FULL_MASK)
        y = rng.randrange(2) if mask & S.YAHTZEE_BIT else 0
        cases.append((mask, rng.choice(R.REACHABLE_UPS[mask & 63]), y))
    mask, up, y = (np.array(c) for c in zip(*cases, strict=True))
    box = S.box_values(V, mask, up, y, S.joker_scores(preset))[:, S.ROLL_POS]
    for i, (m, u, yy) in enumerate(cases):
        filled = _card(m, u, yy)
        for r in rng.sample(range(len(R.ROLLS)), 20) + [R.ROLL_INDEX[(f,) * 5] for f in R.FACES]:
            dice = R.ROLLS[r]
            legal = rules.legal_scores(preset, filled, dice)
            for k, b in enumerate(rules.BOXES):
                if b not in legal:
                    assert box[k, r, i] == -np.inf
                    continue
                pts = legal[b]
                after = {**filled, b: pts}
                expected = pts + rules.yahtzee_bonus(filled, dice) \
                    + rules.upper_bonus(after) - rules.upper_bonus(filled) \
                    + V[m | 1 << k, min(63, rules.upper_subtotal(after)), int(after.get("yahtzee") == 50)]
                assert box[k, r, i] == pytest.approx(expected, abs=1e-9), (filled, dice, b)


@pytest.mark.parametrize("preset", rules.PRESETS)
def test_fresh_generation_matches_shipped_file_byte_for_byte(preset):
    shipped = T.table_path(preset).read_bytes()
    fresh = G.encode(preset, S.solved(preset))
    assert len(shipped) <= 600_000
    assert fresh == shipped, f"assets/strategy/{preset}.bin is stale: run python tools/gen_tables.py"


@pytest.mark.parametrize("preset", rules.PRESETS)
def test_decoded_table_is_within_half_a_quantum(preset):
    V = S.solved(preset)
    table = T.load_table(preset, T.table_path(preset).read_bytes())
    decoded = np.array(table._values) * 2.0 ** -G.Q_BITS - 35.0 * (G.UP >= 63)
    assert np.abs(decoded - V[G.MASK, G.UP, G.Y]).max() <= 2.0 ** -G.Q_BITS / 2 + 1e-9
    assert table.start == V[0, 0, 0]


@pytest.mark.parametrize("preset", rules.PRESETS)
def test_deciding_from_the_quantized_table_loses_under_1e_4_points_per_game(preset):
    """Exact expected loss: the coach's policy on the shipped values, priced with exact values."""
    V = S.solved(preset)
    played = S.policy_values(preset, G.dequantize(G.quantize(V)), workers=2)
    loss = V[0, 0, 0] - played[0, 0, 0]
    assert -1e-9 <= loss < 1e-4


def test_the_pages_decoding_in_parts_gives_the_same_table():
    """game.strategy.table_decoding (the page's, a part at a time) against load_table, every state."""
    from game.strategy.table_decoding import RUNS_PER_PART, decoding

    data = T.table_path("official").read_bytes()
    *pauses, table = decoding("official", data)
    whole = T.load_table("official", data)
    n_runs = sum(1 for _ in T.runs())
    assert set(pauses) == {None} and len(pauses) == 1 + -(-n_runs // RUNS_PER_PART)  # the inflate, then each part
    assert list(table._values) == list(whole._values) and table.start == whole.start
    with pytest.raises(T.TableError):
        list(decoding("official", data[:-9]))
