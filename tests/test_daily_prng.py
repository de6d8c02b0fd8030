"""Today's ten: the date's seed, SplitMix64 and the deterministic exp (game.daily.prng, levels)."""

from __future__ import annotations

import ast
import datetime
import hashlib
import math
import random
from collections import Counter
from pathlib import Path

import pytest

from game.daily import levels
from game.daily.prng import MASK64, SplitMix64, check_date, date_seed, day_rng
from game.strategy.options import Option

DAILY = Path(__file__).resolve().parents[1] / "game" / "daily"


def test_splitmix64_matches_the_reference_outputs() -> None:
    # Vigna's splitmix64.c seeded with 1234567 (also Rosetta Code's "Pseudo-random numbers/Splitmix64").
    rng = SplitMix64(1234567)
    assert [rng.next_u64() for _ in range(5)] == [
        6457827717110365317, 3203168211198807973, 9817491932198370423, 4593380528125082431, 16408922859458223821,
    ]


def test_the_seed_is_sha256_of_the_prefixed_date() -> None:
    expected = int.from_bytes(hashlib.sha256(b"yahtzee-ten:2024-05-01").digest()[:8], "big")
    assert date_seed("2024-05-01") == expected == 8817001643431040173
    assert date_seed(datetime.date(2024, 5, 1)) == expected
    assert date_seed("2024-05-02") != expected


def test_a_dates_first_draws_are_pinned() -> None:
    rng = day_rng("2024-05-01")
    assert [rng.next_u64() for _ in range(3)] == [9267205827711515359, 8078351631948116625, 12465103606712354198]
    rng = day_rng("2024-05-01")
    assert [rng.die() for _ in range(10)] == [2, 4, 3, 6, 5, 4, 4, 5, 4, 3]


@pytest.mark.parametrize("text", ["2024-5-1", "2024/05/01", "2024-02-30", "20240501", " 2024-05-01", "2024-05-01T00",
                                  "２０２４-05-01", "", "2024-13-01"])
def test_check_date_takes_one_spelling_of_a_real_day(text: str) -> None:
    with pytest.raises(ValueError):
        check_date(text)


def test_check_date_accepts_dates_and_their_iso_text() -> None:
    assert check_date("2028-02-29") == "2028-02-29"
    assert check_date(datetime.date(2026, 12, 31)) == "2026-12-31"


def test_below_is_uniform_and_in_range() -> None:
    rng = SplitMix64(77)
    counts = Counter(rng.below(6) for _ in range(60_000))
    assert set(counts) == set(range(6))
    assert all(abs(c - 10_000) < 400 for c in counts.values())  # about 4 standard deviations
    assert all(0 <= rng.below(1) == 0 for _ in range(10))
    big = 3 * (1 << 62)  # a bound where rejection happens a quarter of the time
    assert all(0 <= rng.below(big) < big for _ in range(1000))
    with pytest.raises(ValueError):
        rng.below(0)


def test_random_is_an_exact_53_bit_fraction() -> None:
    rng, again = SplitMix64(5), SplitMix64(5)
    for _ in range(1000):
        x = rng.random()
        assert 0.0 <= x < 1.0
        assert x * (1 << 53) == again.next_u64() >> 11  # exact: no rounding anywhere


def test_choices_follows_the_weights() -> None:
    rng = SplitMix64(11)
    picks = Counter(rng.choices("abc", [1.0, 2.0, 1.0])[0] for _ in range(40_000))
    assert abs(picks["b"] / 40_000 - 0.5) < 0.01 and abs(picks["a"] / 40_000 - 0.25) < 0.01
    assert Counter(rng.choices("ab", [0.0, 3.0])[0] for _ in range(100)) == {"b": 100}
    with pytest.raises(ValueError):
        rng.choices("ab", [1.0])


def test_the_state_stays_64_bits() -> None:
    rng = SplitMix64(-1)
    for _ in range(100):
        assert 0 <= rng.next_u64() <= MASK64 and 0 <= rng.state <= MASK64


def test_exp_neg_is_exp_and_its_bits_are_pinned() -> None:
    for x in [i / 64 for i in range(0, 64 * 40)]:
        assert math.isclose(levels.exp_neg(x), math.exp(-x), rel_tol=1e-13), x  # each unit of x adds a rounding
    # The bits themselves: the same in every Python (basic IEEE operations only).
    assert [levels.exp_neg(x).hex() for x in (0.5, 1.0, 2.75, 13.125)] == [
        "0x1.368b2fc6f9609p-1", "0x1.78b56362cef38p-2", "0x1.05d93892fa011p-4", "0x1.0bba872f18a5bp-19"]
    assert levels.exp_neg(0.0) == 1.0 and levels.exp_neg(61.0) == 0.0
    with pytest.raises(ValueError):
        levels.exp_neg(-0.5)


def test_casual_loss_is_the_mean_of_its_choices() -> None:
    options = [Option("score", 250.0, 0.0, box="yahtzee", points=50),
               Option("score", 248.5, 1.5, box="chance", points=30),
               Option("score", 240.0, 10.0, box="ones", points=0)]
    weights = [1.0, math.exp(-1.5), math.exp(-10.0)]
    expected = (1.5 * weights[1] + 10.0 * weights[2]) / sum(weights)
    assert math.isclose(levels.casual_loss(options), expected, rel_tol=1e-12)
    rng = SplitMix64(3)
    drawn = [levels.casual_pick(options, rng).loss for _ in range(20_000)]
    assert abs(sum(drawn) / len(drawn) - expected) < 0.03


def test_the_daily_package_never_uses_the_random_module() -> None:
    for path in DAILY.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            assert not any(n.split(".")[0] in ("random", "secrets") for n in names), path.name
            if isinstance(node, ast.Attribute):
                assert node.attr != "exp" or not isinstance(node.value, ast.Name) or node.value.id != "math", \
                    f"{path.name} calls math.exp: the platform's libm may differ in the last bit"


def test_casual_chooses_as_the_noisy_computer_does() -> None:
    # Same temperature, same weights (up to exp's last bit): over many draws the game's own
    # noisy computer (random.Random) and the puzzle's Casual lose the same on average.
    from game.strategy import coach, players, tables

    table = tables.load_preset("official")
    filled, dice = {"ones": 2, "chance": 21}, (1, 2, 3, 4, 6)
    options = coach.rank_options(table, filled, dice, 2)
    assert levels.casual_weights(options) == pytest.approx(
        [math.exp(-o.loss / players.NOISY_TEMPERATURE) for o in options], rel=1e-14)
    loss_of = {(o.kind, o.hold, o.box): o.loss for o in options}
    rng = random.Random(8)
    noisy = []
    for _ in range(4000):
        move = players.decide("noisy", "official", filled, dice, 2, rng, table)
        key = ("hold", move.held, None) if isinstance(move, players.HoldDice) else ("score", None, move.box)
        noisy.append(loss_of[key])
    day = SplitMix64(8)
    casual = [levels.casual_pick(options, day).loss for _ in range(4000)]
    expected = levels.casual_loss(options)
    assert abs(sum(noisy) / 4000 - expected) < 0.08 and abs(sum(casual) / 4000 - expected) < 0.08
