"""The finer pass of the finish range (game.strategy.score_frontier) and when it is taken.

The forward pass is checked against exact distributions worked out another way
(game.strategy.turn_outcomes.points_to_come, and the finish range's own exact chaining);
the flat positions are ones where the coarse pass was more than a point off the exact
percentiles of tools/finish_range_check.py's backward pass over every state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

from game.strategy import exact_turns
from game.strategy import finish_range as FR
from game.strategy.finish_range import FINISH_QUANTILES, finish_range, settled
from game.strategy.game_spread import load_ruleset_spread
from game.strategy.game_tables import load_ruleset
from game.strategy.score_frontier import to_come_steps
from game.strategy.turn_outcomes import points_to_come, turn_outcomes
from game.strategy.turns import State, state_of


def _never(filled: Mapping[str, int], state: State) -> None:
    return None


def _close(low: int, probs: Sequence[float], other: Mapping[int, float]) -> None:
    mine = {low + i: p for i, p in enumerate(probs) if p > 1e-15}
    assert set(mine) == {s for s, p in other.items() if p > 1e-15}
    assert all(abs(mine[s] - other[s]) < 1e-12 for s in mine)


@pytest.mark.parametrize("ruleset", ["official", "yatzy"])
def test_the_forward_pass_with_nothing_left_as_quantiles_is_exact(ruleset: str) -> None:
    """Threshold 0: every state reached is worked out, to the end of the game."""
    table, spread = load_ruleset(ruleset), load_ruleset_spread(ruleset)
    names = table.game.names
    filled = {b: 0 for b in names[: len(names) - 3]} | {names[0]: 3}  # three ones, the rest crossed out
    low, probs = FR.run(to_come_steps(table, spread, filled, state_of(table, filled),
                                      turn_outcomes(table, filled), 0.0, _never))
    _close(low, probs, points_to_come(table, filled))


@pytest.mark.parametrize("ruleset", ["official", "yatzy"])
def test_the_forward_pass_takes_the_exact_cards_it_is_given(ruleset: str) -> None:
    """Five boxes open: two turns worked out, then the exact distributions of three open,
    as the coarse pass does from a turn's start (both exact there)."""
    table, spread = load_ruleset(ruleset), load_ruleset_spread(ruleset)
    names = table.game.names
    filled = {b: 0 for b in names[3: len(names) - 2]}
    state = state_of(table, filled)
    exact = exact_turns.exact_of(table, spread)
    low, probs = FR.run(to_come_steps(table, spread, filled, state, turn_outcomes(table, filled), 0.0, exact))
    coarse_low, coarse = FR.run(exact_turns.to_come(table, spread, filled, state, exact_turns.DEPTH))
    _close(low, probs, {coarse_low + i: p for i, p in enumerate(coarse)})


@pytest.mark.parametrize("ruleset, filled, points, dice, rolls_left, first, exact", [
    # the backward pass's exact percentiles (docs/strategy.md, "Finish range"); the first
    # pass's 90th percentile was 6 points off, where P(final <= s) rises 0.03 percentage
    # points a point
    ("official", {"fives": 20}, 20, (2, 6, 6, 6, 6), 1, (231, 348), (231, 354)),
    ("official", {"twos": 0, "threes": 12, "fours": 20, "four_of_a_kind": 0, "full_house": 0}, 70, None, None,
     (206, 293), (206, 291)),
    ("yatzy", {"twos": 0, "sixes": 24, "one_pair": 0, "two_pairs": 0, "four_of_a_kind": 0, "large_straight": 0,
               "full_house": 0, "chance": 5}, 152, None, None, (197, 286), (197, 288)),
])
def test_a_percentile_where_the_distribution_is_flat_is_worked_out_finer(
        ruleset, filled, points, dice, rolls_left, first, exact) -> None:
    table, spread = load_ruleset(ruleset), load_ruleset_spread(ruleset)
    FR.clear_caches()
    forecast = FR.first_forecast(table, spread, filled, points, dice, rolls_left)
    assert tuple(FR.percentile(forecast, q) for q in FINISH_QUANTILES) == first  # the first pass alone
    assert not all(settled(forecast, q) for q in FINISH_QUANTILES)
    found = finish_range(table, spread, filled, points, dice, rolls_left)
    assert max(abs(a - b) for a, b in zip(found, exact, strict=True)) <= 1, found
