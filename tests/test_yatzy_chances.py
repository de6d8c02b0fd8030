"""Forecasts of a Yatzy card's final score (issue 42): the turn's exact outcomes and the last
turns' exact distribution, through game.strategy.turns, checked against the value table and
against an independent count of the same turn."""

from __future__ import annotations

import itertools

import pytest

from game.core.games import YATZY
from game.strategy.game_spread import load_ruleset_spread
from game.strategy.game_tables import GameTable, load_ruleset
from game.strategy.to_win import Goal, rank_to_win
from game.strategy.turn_outcomes import points_to_come, turn_outcomes
from game.strategy.turns import state_of
from game.strategy.win_chances import forecast, win_chances

#: Each Yatzy box at a value some card holds: a full card but for the boxes a test leaves open.
LOW = {"ones": 2, "twos": 4, "threes": 6, "fours": 8, "fives": 10, "sixes": 12, "one_pair": 8, "two_pairs": 14,
       "three_of_a_kind": 9, "four_of_a_kind": 0, "small_straight": 0, "large_straight": 20, "full_house": 0,
       "chance": 17, "yatzy": 0}


@pytest.fixture(scope="module")
def table() -> GameTable:
    return load_ruleset("yatzy")


def card_without(*open_boxes: str) -> dict[str, int]:
    return {box: points for box, points in LOW.items() if box not in open_boxes}


def test_the_card_used_is_one_yatzy_can_hold() -> None:
    assert set(LOW) == set(YATZY.names) and all(YATZY.can_hold(box, points) for box, points in LOW.items())


def test_one_box_open_the_turn_is_counted_independently(table: GameTable) -> None:
    """Yatzy alone open: the coach goes for five alike, and the chance of scoring 50 is the
    chance of five alike in three rolls keeping the most common face, or rolling all five
    again when no two match (which beats keeping one): counted here over the sizes of the
    largest group, by hand (0.04603)."""
    outcomes = turn_outcomes(table, card_without("yatzy"))

    def largest(dice: tuple[int, ...]) -> int:
        return max(dice.count(f) for f in range(1, 7))

    def reroll(n: int) -> dict[int, float]:
        """The largest group after keeping n alike (of one face: 1s, by symmetry) and rolling
        the others, or all five when n is 1."""
        kept = (1,) * n if n > 1 else ()
        out: dict[int, float] = {}
        for rest in itertools.product(range(1, 7), repeat=5 - len(kept)):
            m = largest(kept + rest)
            out[m] = out.get(m, 0.0) + 6.0 ** -len(rest)
        return out
    dist = reroll(1)  # the first roll: five dice
    for _ in range(2):
        nxt: dict[int, float] = {}
        for n, p in dist.items():
            for m, q in (reroll(n).items() if n < 5 else [(5, 1.0)]):
                nxt[m] = nxt.get(m, 0.0) + p * q
        dist = nxt
    assert outcomes[("yatzy", 50, 50)] == pytest.approx(dist[5], abs=1e-12)
    assert outcomes[("yatzy", 0, 0)] == pytest.approx(1 - dist[5], abs=1e-12)


@pytest.mark.parametrize("open_boxes", [("chance",), ("sixes", "yatzy"), ("one_pair", "full_house"),
                                        ("small_straight", "large_straight")])
def test_the_last_turns_mean_is_the_tables_value(table: GameTable, open_boxes: tuple[str, ...]) -> None:
    """The exact distribution of the points to come, under the coach's play, has the value
    table's mean (to the table's rounding: 2**-8 points) and sums to 1."""
    card = card_without(*open_boxes)
    dist = points_to_come(table, card)
    mean = sum(points * p for points, p in dist.items())
    assert sum(dist.values()) == pytest.approx(1.0, abs=1e-12)
    assert mean == pytest.approx(table.value(*state_of(table, card)), abs=2 ** -8)


def test_a_forecast_of_the_last_boxes_is_exact_and_the_chances_add_up(table: GameTable) -> None:
    ann, ben = card_without("chance", "yatzy"), card_without("full_house")
    totals = [YATZY.totals(card).grand_total for card in (ann, ben)]
    spread = load_ruleset_spread("yatzy")
    forecasts = [forecast(table, spread, card, total) for card, total in zip((ann, ben), totals, strict=True)]
    assert forecasts[0].mean - totals[0] == pytest.approx(table.value(*state_of(table, ann)), abs=2 ** -8)
    chances = win_chances(forecasts)
    assert sum(chances) == pytest.approx(1.0, abs=1e-12) and all(0 < c < 1 for c in chances)


def test_the_box_for_each_final_roll_is_the_coachs_first_choice(table: GameTable) -> None:
    """turn_outcomes takes the boxes column by column; here roll by roll, from the game's
    legal boxes and the game coach's values (the first of equals in the card's order)."""
    import random

    from game.strategy.game_coach import _after
    from game.strategy.rolls import ROLLS
    from game.strategy.turn_outcomes import _choices

    rng = random.Random(42)
    for _ in range(8):
        open_boxes = rng.sample(YATZY.names, rng.randint(2, 5))
        card = card_without(*open_boxes)
        mask, up, y = state_of(table, card)
        for roll, (box, written) in zip(ROLLS, _choices(table, card, (mask, up, y)), strict=True):
            legal = YATZY.legal_scores("official", card, roll)
            index = YATZY.names.index
            best = max(legal, key=lambda b: _after(table, mask, up, index(b), legal[b]))  # noqa: B023 (used at once)
            assert (box, written) == (best, legal[best]), (card, roll)


@pytest.mark.parametrize("open_boxes", [YATZY.names, YATZY.names[:8], YATZY.names[5:10]])
def test_earlier_forecasts_come_from_the_spread_table_with_the_tables_mean(table: GameTable,
                                                                            open_boxes: tuple[str, ...]) -> None:
    """With more boxes open, the next turn is exact and each card it leaves is forecast by its
    64 quantiles in Yatzy's spread table: the mean is the table's to within the quantiles'
    rounding (whole points, midpoints: docs/strategy.md measured Yahtzee's within a point)."""
    card = card_without(*open_boxes)
    total = YATZY.totals(card).grand_total
    f = forecast(table, load_ruleset_spread("yatzy"), card, total)
    assert sum(f.probs) == pytest.approx(1.0, abs=1e-9)
    assert f.mean - total == pytest.approx(table.value(*state_of(table, card)), abs=1.0)


def test_playing_to_win_ranks_a_yatzy_roll_by_the_chance_of_the_target(table: GameTable) -> None:
    """From the start, 6-6-6 on the first roll: keeping the sixes is the best for 280 as for the
    average, and a far target ranks every option below a near one's chance."""
    spread = load_ruleset_spread("yatzy")
    far = rank_to_win(table, spread, {}, (6, 6, 6, 2, 3), 2, Goal.reach(280))
    near = rank_to_win(table, spread, {}, (6, 6, 6, 2, 3), 2, Goal.reach(200))
    assert far[0].option.held_faces == (6, 6, 6) and 0.2 < far[0].chance < 0.4
    assert all(0.0 <= r.chance <= 1.0 for r in far) and [r.chance for r in far] == sorted((r.chance for r in far),
                                                                                           reverse=True)
    best_near = {r.option: r.chance for r in near}
    assert all(r.chance < best_near[r.option] for r in far)


def test_the_review_of_a_yatzy_duel_finds_where_winning_and_the_average_part(table: GameTable) -> None:
    """A game of two played by Yatzy's optimal policy: each decision of the first player where
    playing to win differs is the one rank_to_win finds against the other's forecast, with
    Yatzy's totals (its 50-point bonus) on the cards."""
    from game.strategy.review import review
    from game.strategy.review_to_win import parting
    from tests.test_to_win import optimal_game

    spread = load_ruleset_spread("yatzy")
    state, moments = optimal_game("yatzy-parting-5", ruleset="yatzy")
    result = review(state, 0, table)
    assert len(moments) == len(result.decisions)
    expected = []
    for (cards, _bonuses, dice, rolls_left), decision in zip(moments, result.decisions, strict=True):
        goal = Goal.win([forecast(table, spread, cards[1], YATZY.totals(cards[1]).grand_total)])
        ranked = rank_to_win(table, spread, cards[0], dice, rolls_left, goal)
        average = next(r.chance for r in ranked if r.option == decision.best)
        if ranked[0].option != decision.best and ranked[0].chance - average >= 0.0005:
            expected.append((decision.number, ranked[0].option, ranked[0].chance, average))
    found = parting(state, 0, table, spread, result)
    assert [(p.decision.number, p.to_win.option, p.to_win.chance, p.average) for p in found] == expected
    assert all(p.chosen == p.average for p in found)  # an optimal player chose the average's best
    assert found, "this seed's game has decisions where they part (a regression would hide them)"
