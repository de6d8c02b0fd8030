"""The shapes of a box's score: each builds a :data:`Scorer`, the points a roll makes in a
box (0 when its dice do not fit). The games (:mod:`game.core.games`) are built from them.

>>> kind_only(3)((4, 4, 4, 1, 2)), kind_total(3)((4, 4, 4, 1, 2)), two_pairs((3, 3, 3, 5, 5))
(12, 15, 16)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

Dice = tuple[int, ...]
#: How a box scores a roll: the points its dice make there (0 when they do not fit).
Scorer = Callable[[Dice], int]



def faces_of(face: int) -> Scorer:
    """An upper box: the dice showing ``face``, summed."""
    return lambda dice: face * dice.count(face)


def kind_total(n: int) -> Scorer:
    """Yahtzee's 3/4 of a kind: ``n`` dice alike, all five dice summed."""
    return lambda dice: sum(dice) if max(Counter(dice).values()) >= n else 0


def kind_only(n: int) -> Scorer:
    """Yatzy's pair, 3 and 4 of a kind: ``n`` dice alike, only those ``n`` summed (the highest face that has them)."""
    return lambda dice: n * max((f for f, c in Counter(dice).items() if c >= n), default=0)


def two_pairs(dice: Dice) -> int:
    """Yatzy's two pairs: two pairs of different faces, those four dice (a full house holds two)."""
    paired = [f for f, c in Counter(dice).items() if c >= 2]
    return 2 * sum(sorted(paired)[-2:]) if len(paired) >= 2 else 0


def full_house(points: int | None) -> Scorer:
    """Three of one face and two of another: ``points``, or the dice's sum when None (Yatzy)."""
    return lambda dice: (sum(dice) if points is None else points) if sorted(Counter(dice).values()) == [2, 3] else 0


def run_of(length: int, points: int) -> Scorer:
    """Yahtzee's straights: any ``length`` faces in a row among the dice."""
    return lambda dice: points if any(set(range(a, a + length)) <= set(dice) for a in range(1, 8 - length)) else 0


def exactly(faces: tuple[int, ...], points: int) -> Scorer:
    """Yatzy's straights: exactly these five faces (1-2-3-4-5 or 2-3-4-5-6)."""
    return lambda dice: points if sorted(dice) == list(faces) else 0


def five_alike(points: int) -> Scorer:
    return lambda dice: points if len(set(dice)) == 1 else 0


def chance(dice: Dice) -> int:
    return sum(dice)
