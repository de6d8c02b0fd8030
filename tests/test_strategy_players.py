"""Computer players: legal moves at every level, the optimal one follows the coach."""

import dataclasses
import random

import pytest

from game import rules
from game.strategy import coach, players, tables
from game.strategy.players import HoldDice, ScoreBox
from tests.test_strategy_coach import random_card, random_dice


def _check_legal(move, preset, filled, dice, rolls_left):
    if isinstance(move, HoldDice):
        assert rolls_left > 0 and len(move.held) == 5 and all(isinstance(h, bool) for h in move.held)
    else:
        assert isinstance(move, ScoreBox) and move.box in rules.legal_scores(preset, filled, dice)


@pytest.mark.parametrize("level", players.LEVELS)
@pytest.mark.parametrize("preset", rules.PRESETS)
def test_every_action_is_legal(level, preset):
    rng = random.Random(f"{level}-{preset}")
    for _ in range(150):
        filled, dice, rolls_left = random_card(rng), random_dice(rng), rng.randrange(3)
        move = players.decide(level, preset, filled, dice, rolls_left, rng)
        _check_legal(move, preset, filled, dice, rolls_left)


def test_optimal_takes_the_coachs_best_option():
    rng = random.Random(3)
    table = tables.load_preset("official")
    for _ in range(100):
        filled, dice, rolls_left = random_card(rng), random_dice(rng), rng.randrange(3)
        best = coach.rank_options(table, filled, dice, rolls_left)[0]
        expected = ScoreBox(best.box) if best.kind == "score" else HoldDice(best.hold)
        assert players.decide("optimal", "official", filled, dice, rolls_left, rng, table) == expected


def test_noisy_mostly_avoids_big_mistakes():
    rng = random.Random(4)
    picks = [players.decide("noisy", "official", {}, (6, 6, 6, 6, 6), 2, rng) for _ in range(200)]
    assert picks.count(ScoreBox("yahtzee")) > 190  # anything else loses 50 points or more


def test_greedy_rules_of_thumb():
    rng = random.Random(0)
    assert players.decide("greedy", "official", {}, (2, 3, 4, 5, 6), 2, rng) == ScoreBox("large_straight")
    assert players.decide("greedy", "official", {}, (3, 3, 1, 6, 6), 1, rng) == \
        HoldDice((False, False, False, True, True))
    assert players.decide("greedy", "official", {}, (3, 3, 1, 6, 5), 0, rng) == ScoreBox("chance")


def test_moves_are_frozen_values():
    """A move is a value: equal when it says the same, hashable, and it cannot be changed."""
    assert HoldDice((True,) * 5) == HoldDice((True,) * 5) != ScoreBox("chance")
    assert len({ScoreBox("chance"), ScoreBox("chance"), HoldDice((False,) * 5)}) == 2
    with pytest.raises(dataclasses.FrozenInstanceError):
        ScoreBox("chance").box = "yahtzee"  # type: ignore[misc]


def test_the_levels_have_one_source():
    from game.core import players as seats
    from game.core.players import LEVEL_NAMES
    from game.strategy import LEVEL_MEANS, LEVELS

    assert LEVELS is seats.LEVELS == players.LEVELS == ("to_win", "optimal", "noisy", "greedy")
    assert set(LEVEL_MEANS) == set(LEVEL_NAMES) == set(LEVELS)


def test_bad_level_or_table_is_refused():
    rng = random.Random(0)
    with pytest.raises(ValueError):
        players.decide("expert", "official", {}, (1, 2, 3, 4, 5), 0, rng)
    with pytest.raises(ValueError):
        players.decide("optimal", "free_choice", {}, (1, 2, 3, 4, 5), 0, rng, tables.load_preset("official"))


@pytest.mark.parametrize("level", players.LEVELS)
def test_whole_games_are_reproducible(level):
    first = [players.play_solitaire(level, "official", random.Random(seed)) for seed in range(3)]
    again = [players.play_solitaire(level, "official", random.Random(seed)) for seed in range(3)]
    assert first == again and all(0 <= s <= rules.MAX_SCORE for s in first)


@pytest.mark.parametrize("level", ["noisy", "greedy"])
def test_the_means_shown_to_players_hold_up(level):
    """The dialog's figures: 300 fresh games land within 4 standard errors of them (sd ~ 65)."""
    table = tables.load_preset("official")
    rng = random.Random(2026)
    scores = [players.play_solitaire(level, "official", rng, table) for _ in range(300)]
    mean = sum(scores) / len(scores)
    assert abs(mean - players.LEVEL_MEANS[level]) < 4 * 65 / len(scores) ** 0.5
