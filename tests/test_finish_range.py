"""The finish range (game.strategy.finish_range, issue 44): the 10th and 90th percentiles of
the final score under optimal play, at a turn's start and mid-turn, for Yahtzee and Yatzy.

The exact distributions here are worked out apart from the module: the rest of a turn by
enumerating every roll with the coach's choice at each decision (game.strategy.ranking),
and the later turns the same way (one or two boxes open) or by
:func:`game.strategy.turn_outcomes.points_to_come` (three). tools/finish_range_check.py
measures the earlier phases against the exact pass over every state and against simulation.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Mapping
from functools import cache
from itertools import combinations_with_replacement
from pathlib import Path

import pytest

from game.core.dice import ScriptedDice
from game.core.rulesets import rules_of
from game.core.state import new_game_in
from game.strategy import finish_range as FR
from game.strategy.finish_range import FINISH_QUANTILES, finish_range, percentile, state_finish_range
from game.strategy.game_spread import load_ruleset_spread
from game.strategy.game_tables import load_ruleset
from game.strategy.ranking import rank_options
from game.strategy.rolls import multiset_probability
from game.strategy.turn_outcomes import points_to_come, turn_outcomes
from game.strategy.win_chances import Forecast

ROOT = Path(__file__).resolve().parent.parent
RULESETS = ("official", "yatzy")


def _brute_percentile(forecast: Forecast, q: float) -> int:
    total = 0.0
    for i, p in enumerate(forecast.probs):
        total += p
        if total >= q - 1e-9:
            return forecast.low + i
    return forecast.low + len(forecast.probs) - 1


def test_percentile_is_the_least_score_whose_distribution_function_reaches_q() -> None:
    rng = random.Random(44)
    for _ in range(500):
        probs = [rng.random() ** 4 if rng.random() < 0.8 else 0.0 for _ in range(rng.randint(1, 12))]
        if not sum(probs):
            probs[0] = 1.0
        forecast = Forecast(rng.randint(0, 300), tuple(p / sum(probs) for p in probs))
        for q in (*FINISH_QUANTILES, rng.random() or 0.5, 1.0):
            assert percentile(forecast, q) == _brute_percentile(forecast, q)
    assert FINISH_QUANTILES == (0.10, 0.90)
    # A distribution function that reaches 10% exactly, as sums of floats give it, reaches it.
    assert percentile(Forecast(5, (0.05, 0.05, 0.9)), 0.1) == 6
    assert percentile(Forecast.certain(231), 0.1) == percentile(Forecast.certain(231), 0.9) == 231
    with pytest.raises(ValueError):
        percentile(Forecast.certain(1), 0.0)


def _tables(ruleset: str):
    return load_ruleset(ruleset), load_ruleset_spread(ruleset)


def _card(ruleset: str, open_boxes: int, rng: random.Random) -> dict[str, int]:
    """A card of random points with ``open_boxes`` boxes open."""
    game = rules_of(ruleset)[0]
    closed = rng.sample(list(game.names), len(game.names) - open_boxes)
    return {b: game.score(b, tuple(sorted(rng.randint(1, 6) for _ in range(5)))) for b in closed}


def _key(filled: Mapping[str, int]) -> tuple[tuple[str, int], ...]:
    return tuple(sorted(filled.items()))


@cache
def _rest_of_turn(ruleset: str, card: tuple[tuple[str, int], ...], dice: tuple[int, ...],
                  rolls_left: int) -> dict[tuple[str, int, int], float]:
    """The rest of a turn, every roll enumerated, each decision the coach's best option:
    the chance of each (box, points written, points the card gains)."""
    table, game = load_ruleset(ruleset), rules_of(ruleset)[0]
    filled = dict(card)
    best = rank_options(table, filled, dice, rolls_left)[0]
    if best.box is None:
        return _after_hold(ruleset, card, tuple(best.held_faces), rolls_left - 1)
    assert best.points is not None
    after = {**filled, best.box: best.points}
    bonus = game.five_alike_bonus(filled, dice)
    gained = game.totals(after).grand_total - game.totals(filled).grand_total + bonus
    return {(best.box, best.points, gained): 1.0}


@cache
def _after_hold(ruleset: str, card: tuple[tuple[str, int], ...], kept: tuple[int, ...],
                rolls_left: int) -> dict[tuple[str, int, int], float]:
    """The rest of a turn once ``kept`` is held and the other dice rolled, ``rolls_left`` after it."""
    out: dict[tuple[str, int, int], float] = {}
    for rolled in combinations_with_replacement(range(1, 7), 5 - len(kept)):
        chance = multiset_probability(rolled)
        for outcome, p in _rest_of_turn(ruleset, card, tuple(sorted(kept + rolled)), rolls_left).items():
            out[outcome] = out.get(outcome, 0.0) + chance * p
    return out


def _first_rolls() -> list[tuple[tuple[int, ...], float]]:
    return [(roll, multiset_probability(roll)) for roll in combinations_with_replacement(range(1, 7), 5)]


@cache
def _brute_to_come(ruleset: str, card: tuple[tuple[str, int], ...]) -> dict[int, float]:
    """The points still to come, every turn left enumerated as :func:`_rest_of_turn`."""
    if len(card) == len(rules_of(ruleset)[0].names):
        return {0: 1.0}
    out: dict[int, float] = {}
    for roll, chance in _first_rolls():
        for (box, written, gained), p in _rest_of_turn(ruleset, card, roll, 2).items():
            for later, r in _brute_to_come(ruleset, _key({**dict(card), box: written})).items():
                out[gained + later] = out.get(gained + later, 0.0) + chance * p * r
    return out


def _later(ruleset: str, filled: Mapping[str, int], enumerated: int = 1) -> dict[int, float]:
    """The exact points still to come from a card's turn start: enumerated with up to
    ``enumerated`` boxes open, else :func:`points_to_come`."""
    game = rules_of(ruleset)[0]
    if len(game.names) - len(filled) <= enumerated:
        return _brute_to_come(ruleset, _key(filled))
    return points_to_come(load_ruleset(ruleset), filled)


def _exact_range(points: int, to_come: Mapping[int, float]) -> tuple[int, int]:
    low = min(to_come)
    forecast = Forecast(points + low, tuple(to_come.get(low + i, 0.0) for i in range(max(to_come) - low + 1)))
    return percentile(forecast, 0.10), percentile(forecast, 0.90)


@pytest.mark.parametrize("ruleset", ["official", "free_choice", "wild_after_upper", "upper_or_kind", "yatzy"])
def test_a_whole_games_finish_range_is_the_forward_passs(ruleset: str) -> None:
    """The empty card's, against the exact final-score distribution of a forward pass
    (assets/strategy/distribution.json, tools/score_distribution.py: another computation)."""
    asset = json.loads((ROOT / "assets" / "strategy" / "distribution.json").read_text())
    entry = asset["games"][ruleset] if ruleset in asset.get("games", {}) else asset["presets"][ruleset]
    cumulative = entry["cumulative_ppm"]  # millionths of P(final <= first + i)
    expected = tuple(entry["first"] + next(i for i, c in enumerate(cumulative) if c >= q * 1_000_000)
                     for q in FINISH_QUANTILES)
    table, spread = _tables(ruleset)
    assert finish_range(table, spread, {}, 0) == expected


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_finish_range_at_a_turns_start_is_the_exact_one_with_up_to_three_boxes_open(ruleset: str) -> None:
    table, spread = _tables(ruleset)
    rng = random.Random(f"start {ruleset}")
    game = rules_of(ruleset)[0]
    for open_boxes, cards in ((1, 4), (2, 4), (3, 3)):
        for n in range(cards):
            filled = _card(ruleset, open_boxes, rng)
            points = game.totals(filled).grand_total
            later = _later(ruleset, filled, enumerated=2 if n == 0 else 1)  # one card of two enumerated whole
            assert finish_range(table, spread, filled, points) == _exact_range(points, later)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_finish_range_mid_turn_is_the_exact_one_with_up_to_three_boxes_open(ruleset: str) -> None:
    table, spread = _tables(ruleset)
    rng = random.Random(f"mid {ruleset}")
    game = rules_of(ruleset)[0]
    for open_boxes, positions in ((1, 6), (2, 6), (3, 3)):
        for n in range(positions):
            filled = _card(ruleset, open_boxes, rng)
            points = game.totals(filled).grand_total
            dice = tuple(rng.randint(1, 6) for _ in range(5))
            rolls_left = n % 3
            to_come: dict[int, float] = {}
            for (box, written, gained), p in _rest_of_turn(ruleset, _key(filled), tuple(sorted(dice)),
                                                           rolls_left).items():
                for later, r in _later(ruleset, {**filled, box: written}).items():
                    to_come[gained + later] = to_come.get(gained + later, 0.0) + p * r
            FR.clear_caches()
            assert finish_range(table, spread, filled, points, dice, rolls_left) == _exact_range(points, to_come)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_turns_outcomes_from_dice_on_the_table_are_the_coachs_choices_enumerated(ruleset: str) -> None:
    """turn_outcomes mid-turn (as the finish range and tools/finish_range_check.py use it)."""
    table = load_ruleset(ruleset)
    rng = random.Random(f"outcomes {ruleset}")
    game = rules_of(ruleset)[0]
    for n in range(12):
        filled = _card(ruleset, rng.randint(1, len(game.names)), rng)
        if ruleset == "official" and "yahtzee" in filled and n % 2:
            filled["yahtzee"] = 50  # a later five-alike earns the bonus (and, Joker, picks its box)
        dice = (rng.randint(1, 6),) * 5 if n % 4 == 1 else tuple(rng.randint(1, 6) for _ in range(5))
        rolls_left = n % 3
        got = turn_outcomes(table, filled, dice, rolls_left)
        expected = _rest_of_turn(ruleset, _key(filled), tuple(sorted(dice)), rolls_left)
        assert got.keys() == expected.keys()
        assert all(abs(got[k] - expected[k]) < 1e-12 for k in got)
        assert abs(sum(got.values()) - 1.0) < 1e-12


def test_a_yahtzee_bonus_to_come_and_one_on_the_card_count() -> None:
    table, spread = _tables("official")
    card = {b: 0 for b in ("ones", "twos", "threes", "fours", "fives", "sixes", "three_of_a_kind",
                           "four_of_a_kind", "full_house", "small_straight", "large_straight", "chance")}
    card["yahtzee"] = 50
    card.pop("chance")
    # Chance alone open, Yahtzee scored 50: five sixes on the last roll earn 100 more (and 30 in Chance).
    assert finish_range(table, spread, card, 50, (6, 6, 6, 6, 6), 0) == (180, 180)
    assert finish_range(table, spread, card, 150, (6, 6, 6, 6, 6), 0) == (280, 280)  # a bonus earned before


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_full_card_finishes_where_it_stands(ruleset: str) -> None:
    table, spread = _tables(ruleset)
    game = rules_of(ruleset)[0]
    filled = _card(ruleset, 0, random.Random(3))
    total = game.totals(filled).grand_total
    assert finish_range(table, spread, filled, total) == (total, total)
    assert finish_range(table, spread, filled, total + 200) == (total + 200, total + 200)


def test_dice_need_the_rolls_left() -> None:
    table, spread = _tables("official")
    with pytest.raises(ValueError):
        finish_range(table, spread, {}, 0, (1, 2, 3, 4, 5))
    with pytest.raises(ValueError):
        finish_range(table, spread, {}, 0, (1, 2, 3, 4, 5), 3)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_kept_distribution_gives_what_a_cold_one_does(ruleset: str) -> None:
    table, spread = _tables(ruleset)
    rng = random.Random(f"cache {ruleset}")
    game = rules_of(ruleset)[0]
    cases = []
    for open_boxes in (13, 8, 5, 4):
        filled = _card(ruleset, min(open_boxes, len(game.names)), rng)
        dice = tuple(rng.randint(1, 6) for _ in range(5))
        cases.append((filled, game.totals(filled).grand_total, dice, rng.randint(0, 2)))
    warm = [(finish_range(table, spread, f, p), finish_range(table, spread, f, p, d, r)) for f, p, d, r in cases]
    cold = []
    for f, p, d, r in cases:
        FR.clear_caches()
        start = finish_range(table, spread, f, p)
        FR.clear_caches()
        cold.append((start, finish_range(table, spread, f, p, d, r)))
    assert warm == cold
    for (start, mid), (_, p, _, _) in zip(warm, cases, strict=True):
        assert p <= start[0] <= start[1] and p <= mid[0] <= mid[1]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_state_finish_range_mid_turn_for_the_player_to_move_else_from_the_card(ruleset: str) -> None:
    table, spread = _tables(ruleset)
    state = new_game_in(ruleset, ["Ann", "Bob"], seed="issue 44")
    # Three turns each: the coach's box for the first roll.
    for _ in range(6):
        state = state.roll()
        seat = state.current_seat
        best = next(o for o in rank_options(table, state.cards[seat].filled, state.dice, 0))
        state = state.score(best.box)
    seat = state.current_seat
    other = 1 - seat
    at_start = state_finish_range(state, seat, table, spread)
    card = state.cards[seat]
    assert at_start == finish_range(table, spread, card.filled, card.totals.grand_total)
    state = state.roll(ScriptedDice([6, 6, 6, 2, 1]))
    assert state.rolls_left == 2
    assert state_finish_range(state, seat, table, spread) == finish_range(
        table, spread, card.filled, card.totals.grand_total, (6, 6, 6, 2, 1), 2)
    other_card = state.cards[other]
    assert state_finish_range(state, other, table, spread) == finish_range(
        table, spread, other_card.filled, other_card.totals.grand_total)


def test_state_finish_range_of_a_finished_game_is_the_final_score() -> None:
    table, spread = _tables("yatzy")
    state = new_game_in("yatzy", ["Ann"], seed="over")
    while not state.over:
        state = state.roll()
        best = rank_options(table, state.cards[0].filled, state.dice, 0)[0]
        state = state.score(best.box)
    total = state.cards[0].totals.grand_total
    assert state_finish_range(state, 0, table, spread) == (total, total)


@pytest.mark.parametrize("args, ruleset, filled, points, dice, rolls_left", [
    (["--preset", "official", "--filled", "ones=3,yahtzee=50", "--dice", "3,3,4,5,6", "--rolls-left", "2",
      "--yahtzee-bonuses", "1"], "official", {"ones": 3, "yahtzee": 50}, 153, (3, 3, 4, 5, 6), 2),
    (["--game", "yatzy", "--filled", "one_pair=12", "--dice", "1,2,3,4,6", "--rolls-left", "1"],
     "yatzy", {"one_pair": 12}, 12, (1, 2, 3, 4, 6), 1),
])
def test_the_command_lines_json_gives_the_finish_range(args, ruleset, filled, points, dice, rolls_left) -> None:
    done = subprocess.run([sys.executable, "-m", "game.cli", *args, "--json", "--top", "1"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    table, spread = _tables(ruleset)
    assert out["finish_range"] == list(finish_range(table, spread, filled, points, dice, rolls_left))
    assert out["on_card"] == points
