"""The coach's reasons: every number a sentence states, recomputed another way.

- a target's chance by brute force: every ordered outcome of the dice re-rolled, and for
  the next re-roll every subset of the five positions (not the 462-keep recursion of
  game.strategy.chances);
- each option's value straight from the rules and the table: a score is its points plus
  any upper bonus and Yahtzee bonus plus the table's value of the next state; a hold the
  mean over the ordered outcomes of the best choice after them, recursively (not the
  coach's keep arrays);
- the upper bonus's need and the card's pace from the card itself.
"""

from __future__ import annotations

import random
import re
from functools import cache, lru_cache
from itertools import combinations, product

import pytest

from game.core import rules
from game.core.games import YAHTZEE, Game
from game.screens.reason_words import fact_words, reason_words
from game.strategy.chances import TARGET_BOXES, makes_target, target_chance
from game.strategy.coach import rank_options
from game.strategy.options import Option
from game.strategy.reasons import NEGLIGIBLE, Reason, explain
from game.strategy.tables import Table, load_preset

UPPER_FACE = {box: i + 1 for i, box in enumerate(rules.UPPER_BOXES)}


@cache
def brute_chance(box: str, held: tuple[int, ...], rolls: int, game: Game = YAHTZEE) -> float:
    """Going for ``box``'s target: roll the free dice, stop once made, else keep the best subset."""
    total = 0.0
    free = 5 - len(held)
    for outcome in product(range(1, 7), repeat=free):
        dice = held + outcome
        if rolls == 1 or makes_target(box, dice, game):
            total += makes_target(box, dice, game)
        else:
            total += max(brute_chance(box, tuple(sorted(dice[i] for i in keep)), rolls - 1, game)
                         for size in range(6) for keep in combinations(range(5), size))
    return total / 6 ** free


class BruteValues:
    """Each option's expected final score, from the rules and the table only."""

    def __init__(self, table: Table, filled: dict[str, int], bonuses: int) -> None:
        self.table, self.filled, self.bonuses = table, filled, bonuses
        self.on_card = rules.grand_total(filled, bonuses)
        self.best = lru_cache(maxsize=None)(self._best)
        self.hold = lru_cache(maxsize=None)(self._hold)

    def score(self, dice: tuple[int, ...], box: str, points: int) -> float:
        after = {**self.filled, box: points}
        bonus = rules.yahtzee_bonus(self.filled, dice)
        upper = rules.UPPER_BONUS if rules.upper_subtotal(after) >= 63 > rules.upper_subtotal(self.filled) else 0
        up = min(63, rules.upper_subtotal(after))
        mask = sum(1 << rules.BOXES.index(b) for b in after)
        y = int(after.get("yahtzee") == 50)
        future = self.table.value(mask, up, y) if len(after) < 13 else 0.0
        return self.on_card + bonus + points + upper + future

    def _best(self, dice: tuple[int, ...], rolls: int) -> float:
        values = [self.score(dice, b, p) for b, p in rules.legal_scores(self.table.preset, self.filled, dice).items()]
        if rolls:
            values += [self.hold(tuple(sorted(k)), rolls) for k in _sub_holds(dice)]
        return max(values)

    def _hold(self, held: tuple[int, ...], rolls: int) -> float:
        free = 5 - len(held)
        return sum(self.best(tuple(sorted(held + o)), rolls - 1) for o in product(range(1, 7), repeat=free)) / 6 ** free

    def option(self, dice: tuple[int, ...], option: Option, rolls: int) -> float:
        if option.kind == "score":
            assert option.box is not None
            return self.score(dice, option.box, option.points)
        return self.hold(option.held_faces, rolls)


def _sub_holds(dice: tuple[int, ...]) -> set[tuple[int, ...]]:
    return {tuple(sorted(dice[i] for i in keep)) for size in range(5) for keep in combinations(range(5), size)}


def random_position(rng: random.Random) -> tuple[dict[str, int], tuple[int, ...], int, int]:
    """A card (reachable: any legal value in any box), dice, rolls left and Yahtzee bonuses."""
    boxes = rng.sample(rules.BOXES, rng.randrange(13))
    filled = {box: rng.choice(sorted(rules.possible_box_values(box))) for box in boxes}
    bonuses = rng.randrange(2) if filled.get("yahtzee") == 50 else 0
    dice = tuple(rng.randint(1, 6) for _ in range(5))
    return filled, dice, rng.randrange(3), bonuses


def _check_facts(reason: Reason, filled: dict[str, int], dice: tuple[int, ...], rolls: int,
                 options: list[Option], brute: BruteValues | None) -> None:
    best = options[0]
    text = reason_words(reason, YAHTZEE)
    for fact in reason.facts:
        shown = fact_words(fact)
        assert shown in text or (fact.name == "par_difference" and fact.value == 0), (fact, text)
        if fact.name == "target_chance":
            assert fact.box in TARGET_BOXES and fact.box not in filled
            exact = brute_chance(fact.box, best.held_faces, rolls)
            assert fact.value == pytest.approx(exact, abs=1e-12)
            assert shown == f"{100 * exact:.1f}%"
        elif fact.name == "runner_target_chance":
            assert fact.box == next(f.box for f in reason.facts if f.name == "target_chance")
            exact = brute_chance(fact.box, options[1].held_faces, rolls)
            assert fact.value == pytest.approx(exact, abs=1e-12) and shown == f"{100 * exact:.1f}%"
        elif fact.name == "gap":
            runner = options[1]
            if brute is not None:
                exact = brute.option(dice, best, rolls) - brute.option(dice, runner, rolls)
                assert fact.value == pytest.approx(exact, abs=1e-9)
            else:
                exact = fact.value
            assert shown == ("0.05" if exact < NEGLIGIBLE else f"{exact:.1f}") or \
                abs(exact - round(exact, 1)) > 0.0499  # only a rounding edge may differ
            assert (f"within {shown} points" if exact < NEGLIGIBLE else f"{shown} points") in text
        elif fact.name in ("bonus_needed", "par_difference"):
            assert best.box in rules.UPPER_BOXES
            after = {**filled, best.box: best.points}
            subtotal = sum(after.get(b, 0) for b in rules.UPPER_BOXES)
            if fact.name == "bonus_needed":
                assert fact.value == 63 - subtotal > 0 and f"needs {63 - subtotal} more" in text
            else:
                pace = subtotal - sum(3 * UPPER_FACE[b] for b in rules.UPPER_BOXES if b in after)
                assert fact.value == pace
                assert ("is on par" if pace == 0 else f"{pace} point{'s' * (pace != 1)} ahead of par" if pace > 0
                        else f"{-pace} point{'s' * (pace != -1)} behind par") in text
        else:
            pytest.fail(f"a fact no test recomputes: {fact}")
    # Every percentage and every "N.N points" in the text is one of the facts.
    said = {fact_words(fact) for fact in reason.facts}
    for number in re.findall(r"\d+\.\d+(?=%| points)", text):
        assert number in said or f"{number}%" in said, (number, text)


@pytest.mark.parametrize("preset", rules.PRESETS)
def test_every_number_of_the_reasons_recomputed(preset: str) -> None:
    table = load_preset(preset)
    rng = random.Random(f"reasons-{preset}")
    checked = with_brute = 0
    while checked < 150:
        filled, dice, rolls, bonuses = random_position(rng)
        options = rank_options(table, filled, dice, rolls, bonuses)
        reason = explain(filled, options, rolls)
        # Brute values for every position with no re-roll left, one in four with one, one
        # in twelve with two (each of those takes about a second).
        brute = BruteValues(table, filled, bonuses) if checked % (1, 4, 12)[rolls] == 0 else None
        _check_facts(reason, filled, dice, rolls, options, brute)
        checked += 1
        with_brute += brute is not None
    assert with_brute >= 40


def test_a_hold_names_its_target_and_a_score_the_bonus_pace() -> None:
    table = load_preset("official")
    options = rank_options(table, {}, (2, 3, 4, 5, 5), 2)
    reason = explain({}, options, 2)
    assert [f.name for f in reason.facts] == ["target_chance", "gap", "runner_target_chance"]
    assert reason.facts[0].box == "large_straight" and fact_words(reason.facts[0]) == "55.6%"  # 1 - (4/6)**2
    filled = {"sixes": 24, "fives": 15}
    options = rank_options(table, filled, (4, 4, 4, 1, 2), 0)
    assert options[0].box == "fours"
    reason = explain(filled, options, 0)
    assert reason.bonus == "pace"
    said = reason_words(reason, YAHTZEE)
    assert "needs 12 more points" in said and "6 points ahead of par" in said  # 63-51; 51-45


def test_the_review_contrasts_the_best_with_the_players_choice() -> None:
    table = load_preset("official")
    options = rank_options(table, {}, (5, 5, 5, 5, 5), 0)
    chance = next(o for o in options if o.box == "chance")
    reason = explain({}, options, 0, versus=chance)
    assert reason.facts[-1].name == "gap" and reason.facts[-1].value == pytest.approx(chance.loss)
    assert reason.contrast == "keep_open" and "Keeping Chance open" in reason_words(reason, YAHTZEE)


def test_the_pattern_chances_match_brute_force_for_every_target_and_hold_size() -> None:
    rng = random.Random("chances")
    for box in TARGET_BOXES:
        for size in range(5):
            held = tuple(sorted(rng.randint(1, 6) for _ in range(size)))
            for rolls in (1, 2):
                assert target_chance(box, held, rolls) == pytest.approx(brute_chance(box, held, rolls), abs=1e-12)
