"""The pure-Python coach: agreement with the NumPy tables, legality of every option, table files."""

import ast
import doctest
import importlib
import math
import random
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import rules
from game.strategy import coach, rolls, tables
from tools import gen_tables as G
from tools import strategy_solver as S

STRATEGY_MODULES = ["game.strategy.rolls", "game.strategy.tables", "game.strategy.coach",
                    "game.strategy.players", "game.cli"]
HALF_QUANTUM = 2.0 ** -G.Q_BITS / 2


def random_card(rng: random.Random, joker_bias: bool = True) -> dict[str, int]:
    """A score card some game can reach, not full; often with a filled Yahtzee box (Jokers)."""
    while True:
        filled: dict[str, int] = {}
        for box in rules.BOXES:
            if rng.random() < (0.8 if box == "yahtzee" and joker_bias else 0.5):
                filled[box] = rng.choice(sorted(rules.possible_box_values(box)))
        if len(filled) < len(rules.BOXES):
            return filled


def random_dice(rng: random.Random) -> tuple[int, ...]:
    if rng.random() < 0.25:  # five of a kind: where the Joker rules act
        return (rng.randint(1, 6),) * 5
    return tuple(rng.randint(1, 6) for _ in range(5))


@pytest.mark.parametrize("preset", rules.PRESETS)
def test_coach_agrees_with_numpy_on_300_random_situations(preset):
    rng = random.Random(f"agree-{preset}")
    V = S.solved(preset)
    exact = tables.Table.from_values(preset, V[G.MASK, G.UP, G.Y].tolist(), float(V[0, 0, 0]))
    shipped = tables.load_preset(preset)
    cases = [(random_card(rng), random_dice(rng), rng.randrange(3)) for _ in range(300)]
    states = np.array([coach.state_of(filled) for filled, _, _ in cases]).T
    numpy_values = S.turn(preset, V, *states)
    for i, (filled, dice, rolls_left) in enumerate(cases):
        on_card = rules.grand_total(filled)
        r = rolls.ROLL_INDEX[tuple(sorted(dice))]
        for table, tolerance in ((exact, 1e-9), (shipped, HALF_QUANTUM + 1e-9)):
            options = coach.rank_options(table, filled, dice, rolls_left)
            best = numpy_values[f"roll{rolls_left}"][r, i]
            assert options[0].value - on_card == pytest.approx(best, abs=tolerance)
            for o in options:
                if o.kind == "hold":
                    expected = numpy_values[f"keep{rolls_left}"][rolls.KEEP_INDEX[o.held_faces], i]
                else:
                    expected = numpy_values["box"][rules.BOXES.index(o.box), r, i]
                assert o.value - on_card == pytest.approx(expected, abs=tolerance), (filled, dice, o)


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32), preset=st.sampled_from(rules.PRESETS))
def test_every_listed_option_is_legal_and_ranked(seed, preset):
    rng = random.Random(seed)
    filled, dice, rolls_left = random_card(rng), random_dice(rng), rng.randrange(3)
    options = coach.rank_options(tables.load_preset(preset), filled, dice, rolls_left)
    legal = rules.legal_scores(preset, filled, dice)
    boxes = [o for o in options if o.kind == "score"]
    holds = [o for o in options if o.kind == "hold"]
    assert {o.box: o.points for o in boxes} == legal and len(boxes) == len(legal)
    if rolls_left == 0:
        assert holds == []
    else:
        distinct = math.prod(dice.count(f) + 1 for f in set(dice)) - 1  # every multiset but all five
        assert len(holds) == distinct == len({o.held_faces for o in holds})
    for o in holds:
        assert len(o.hold) == 5 and not all(o.hold) and all(isinstance(h, bool) for h in o.hold)
        assert tuple(sorted(d for d, h in zip(dice, o.hold, strict=True) if h)) == o.held_faces
    values = [o.value for o in options]
    assert values == sorted(values, reverse=True)
    assert options[0].loss == 0 and all(o.loss == pytest.approx(values[0] - o.value) for o in options)


@pytest.mark.parametrize("preset", rules.PRESETS)
def test_table_values_satisfy_the_turn_equation_under_game_rules(preset):
    """A second method: each state's stored value = the mean over first rolls of the coach's best
    option, which scores with game.core.rules itself (Jokers included). Both sides are quantized."""
    table = tables.load_preset(preset)
    rng = random.Random(f"bellman-{preset}")
    for _ in range(60):
        filled = random_card(rng)
        mask, up, y = coach.state_of(filled)
        on_card = rules.grand_total(filled)
        mean = sum(p * (coach.rank_options(table, filled, roll, 2)[0].value - on_card)
                   for roll, p in zip(rolls.ROLLS, rolls.ROLL_PROBS, strict=True))
        assert mean == pytest.approx(table.value(mask, up, y), abs=2 * HALF_QUANTUM), filled


def test_best_option_examples():
    table = tables.load_preset("official")
    best = coach.rank_options(table, {}, (1, 2, 3, 4, 5), 0)[0]
    assert (best.kind, best.box, best.points) == ("score", "large_straight", 40)
    best = coach.rank_options(table, {"yahtzee": 50}, (4, 4, 4, 4, 4), 2)[0]
    assert (best.box, best.points) == ("fours", 20)  # forced Joker, plus the 100 bonus
    assert best.value == pytest.approx(50 + 100 + 20 + table.value(1 << 3 | 1 << 11, 20, 1))


def test_values_include_the_card_and_bonuses():
    table = tables.load_preset("official")
    filled = {"sixes": 30, "fives": 25, "yahtzee": 50}
    plain = coach.rank_options(table, filled, (4, 4, 1, 2, 6), 1)
    bonus = coach.rank_options(table, filled, (4, 4, 1, 2, 6), 1, yahtzee_bonuses=2)
    assert [o.value + 200 for o in plain] == pytest.approx([o.value for o in bonus])
    # Four fours take the upper subtotal from 55 to 71: the 35 bonus is part of the gain.
    four = next(o for o in coach.rank_options(table, filled, (4, 4, 4, 4, 1), 0) if o.box == "fours")
    assert four.value == pytest.approx(105 + 16 + 35 + table.value(0b111000 | 1 << 11, 63, 1))


@pytest.mark.parametrize(("filled", "dice", "rolls_left"), [
    ({}, (1, 2, 3), 0), ({}, (1, 2, 3, 4, 7), 0), ({}, (1, 2, 3, 4, 5), 3),
    ({"threes": 4}, (1, 2, 3, 4, 5), 0), ({"sevens": 0}, (1, 2, 3, 4, 5), 0),
    ({b: 0 for b in rules.BOXES}, (1, 2, 3, 4, 5), 0),
])
def test_impossible_situations_are_refused(filled, dice, rolls_left):
    with pytest.raises(ValueError):
        coach.rank_options(tables.load_preset("official"), filled, dice, rolls_left)


def test_damaged_or_foreign_tables_are_refused():
    data = tables.table_path("official").read_bytes()
    for bad in (data[:20], data[:-100], b"XXXX" + data[4:], data[:100] + bytes(50) + data[150:]):
        with pytest.raises(tables.TableError):
            tables.load_table("official", bad)
    with pytest.raises(tables.TableError):
        tables.load_table("free_choice", data)
    with pytest.raises(ValueError):
        coach.advise("free_choice", {}, (1, 2, 3, 4, 5), 0, tables.load_preset("official"))


def test_state_index_refuses_unreachable_states():
    """More in test_strategy_states.py: the table's look-ups refuse these too."""
    assert tables.state_index(0, 0, 0) == 0
    for state in ((0, 5, 0), (1, 6, 0), (0, 0, 1), (tables.FULL_MASK, 63, 0)):
        with pytest.raises(tables.UnreachableState):
            tables.state_index(*state)


@pytest.mark.parametrize("name", STRATEGY_MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0


@pytest.mark.parametrize("path", sorted(Path(coach.__file__).parent.glob("*.py")), ids=lambda p: p.name)
def test_strategy_package_imports_no_numpy(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imported = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import)
                for alias in node.names}
    imported |= {(node.module or "").split(".")[0] for node in ast.walk(tree)
                 if isinstance(node, ast.ImportFrom)}
    assert not imported & {"numpy", "js", "pyodide", "pyscript"}
