"""The day's randomness: a seed from the date and SplitMix64, integer arithmetic only.

Python's ``random`` is not used on purpose: its Mersenne Twister is stable, but the
algorithms that turn its bits into ``randrange``, ``choice`` or ``shuffle`` have changed
between Python versions, and the page (Pyodide) runs a newer Python than CI. Here every
draw is a few 64-bit integer operations, the same in any Python on any machine, and the
only floats made are exact (a 53-bit integer times 2**-53).

The seed is the first 8 bytes of SHA-256 of ``"yahtzee-ten:YYYY-MM-DD"``; SplitMix64 is
Steele, Lea and Flood's generator (Java's ``SplittableRandom``), seeded as Vigna's
reference ``splitmix64.c``; its reference outputs for seed 1234567 are pinned in the tests.

>>> rng = SplitMix64(1234567)
>>> rng.next_u64(), rng.next_u64()
(6457827717110365317, 3203168211198807973)
>>> day, again = day_rng("2024-05-01"), day_rng("2024-05-01")
>>> [day.die() for _ in range(5)] == [again.die() for _ in range(5)]
True
"""

from __future__ import annotations

import datetime
import hashlib
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
#: What the date is hashed with, after the game's key (``yahtzee-ten:``, ``yatzy-ten:``): a
#: new suffix would give every date new positions.
SEED_SUFFIX = "-ten:"


def check_date(date: datetime.date | str) -> str:
    """The date as ``YYYY-MM-DD``; raises ``ValueError`` for anything else.

    Only that exact shape is taken (a link's ``?ten=`` value comes here): no time, no
    other separator, no missing zero, so that one day has one spelling and one seed.

    >>> check_date("2024-05-01"), check_date(datetime.date(2024, 5, 1))
    ('2024-05-01', '2024-05-01')
    >>> check_date("2024-5-1")
    Traceback (most recent call last):
    ...
    ValueError: a date is written YYYY-MM-DD, not '2024-5-1'
    """
    if isinstance(date, datetime.date):
        text = date.isoformat()
    else:
        text = date
    ok = isinstance(text, str) and len(text) == 10 and text[4] == text[7] == "-" \
        and (text[:4] + text[5:7] + text[8:]).isdigit() and text.isascii()
    if ok:
        try:
            ok = datetime.date.fromisoformat(text).isoformat() == text
        except ValueError:
            ok = False
    if not ok:
        raise ValueError(f"a date is written YYYY-MM-DD, not {text!r}")
    return text


def date_seed(date: datetime.date | str, game: str = "yahtzee") -> int:
    """The 64-bit seed of a date's ten of ``game`` (a game's key: each game deals its own).

    >>> date_seed("2024-05-01") == int.from_bytes(
    ...     hashlib.sha256(b"yahtzee-ten:2024-05-01").digest()[:8], "big")
    True
    >>> date_seed("2024-05-01", "yatzy") == date_seed("2024-05-01")
    False
    """
    digest = hashlib.sha256((game + SEED_SUFFIX + check_date(date)).encode("ascii")).digest()
    return int.from_bytes(digest[:8], "big")


class SplitMix64:
    """SplitMix64: a 64-bit state advanced by a constant, each output mixed from it."""

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next_u64(self) -> int:
        """The next 64-bit output (0 to 2**64 - 1)."""
        self.state = (self.state + GOLDEN) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``0 .. n - 1``, without bias: draws past the last whole
        multiple of ``n`` are drawn again (for n = 6 that is 4 draws in 2**64).

        >>> rng = SplitMix64(1)
        >>> sorted({rng.below(6) for _ in range(200)})
        [0, 1, 2, 3, 4, 5]
        """
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, not {n!r}")
        limit = (1 << 64) - (1 << 64) % n
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def die(self) -> int:
        """One die: 1 to 6."""
        return self.below(6) + 1

    def random(self) -> float:
        """A float in [0, 1): the top 53 bits over 2**53, exact in IEEE doubles everywhere."""
        return (self.next_u64() >> 11) * (1.0 / (1 << 53))

    def chance(self, numerator: int, denominator: int) -> bool:
        """True with probability ``numerator / denominator``, decided on integers.

        >>> SplitMix64(5).chance(0, 3), SplitMix64(5).chance(3, 3)
        (False, True)
        """
        return self.below(denominator) < numerator

    def choices(self, population: Sequence[T], weights: Sequence[float], /) -> list[T]:
        """One item drawn with the given weights, as a list (the shape of ``random.Random.choices``,
        which :func:`game.strategy.players.decide` calls). The running sums and the
        comparison are plain IEEE additions and one product, the same on every machine.

        >>> SplitMix64(9).choices(["a", "b", "c"], [0.0, 1.0, 0.0])
        ['b']
        """
        if not population or len(population) != len(weights):
            raise ValueError("choices() needs as many weights as items, and at least one")
        total = 0.0
        for w in weights:
            total += w
        point = self.random() * total
        running = 0.0
        for item, w in zip(population, weights, strict=True):
            running += w
            if point < running:
                return [item]
        return [population[-1]]  # point == total cannot happen (random() < 1); rounding aside


def day_rng(date: datetime.date | str, game: str = "yahtzee") -> SplitMix64:
    """The generator of one date's puzzle of ``game`` (its key).

    >>> day_rng("2024-05-01").next_u64() == SplitMix64(date_seed("2024-05-01")).next_u64()
    True
    """
    return SplitMix64(date_seed(date, game))
