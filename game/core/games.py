"""The games, as values: Yahtzee and Yatzy, the Scandinavian game (``../shared/RULES.md``).

A :class:`Game` is data: its boxes in the sheet's order, each with its section and how it
scores a roll (a :data:`Scorer`, built from the few shapes below), its upper bonus, and
whether a second five-alike does anything beyond its boxes (Yahtzee's Joker and bonus,
whose four presets stay in :mod:`game.core.rules`). A variant is a new value: Yatzy
without the bonus is ``dataclasses.replace(YATZY, key="...", bonus=0)``; Maxi Yatzy would
be new boxes and a table, not edits across the package.

>>> YATZY.score("two_pairs", (3, 3, 3, 5, 5)), YATZY.score("three_of_a_kind", (4, 4, 4, 1, 2))
(16, 12)
>>> YATZY.score("small_straight", (2, 3, 4, 5, 6)), YAHTZEE.score("small_straight", (2, 3, 4, 5, 6))
(0, 30)
>>> len(YATZY.boxes), YATZY.upper_names, YATZY.bonus, YATZY.max_score
(15, ('ones', 'twos', 'threes', 'fours', 'fives', 'sixes'), 50, 374)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from itertools import combinations_with_replacement
from typing import Literal

Dice = tuple[int, ...]
#: How a box scores a roll: the points its dice make there (0 when they do not fit).
Scorer = Callable[[Dice], int]
Section = Literal["upper", "lower"]


# --- the shapes of a box's score ---------------------------------------------------------------


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


# --- the value -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Box:
    """One box of the sheet: its name (the catalogs' key), its section and its scorer."""

    name: str
    section: Section
    score: Scorer


@dataclass(frozen=True)
class Game:
    """One game's rules as data. ``five_alike_extra``: a second five-alike does more than
    fill a box (Yahtzee's Joker and 100-point bonus, by preset); False: only what its dice
    score in the box they go in (Yatzy)."""

    key: str
    boxes: tuple[Box, ...]
    bonus: int
    bonus_threshold: int
    five_alike_extra: bool

    # Derived from the boxes once per value (cached_property writes past the frozen fields).
    @cached_property
    def names(self) -> tuple[str, ...]:
        return tuple(b.name for b in self.boxes)

    @cached_property
    def upper_names(self) -> tuple[str, ...]:
        return tuple(b.name for b in self.boxes if b.section == "upper")

    def score(self, box: str, dice: Dice) -> int:
        """What ``dice`` score in ``box`` by the plain rules (no Joker); KeyError for a box not in this game."""
        return self._scorers[box](tuple(dice))

    @cached_property
    def _scorers(self) -> dict[str, Scorer]:
        return {b.name: b.score for b in self.boxes}

    @cached_property
    def max_score(self) -> int:
        """The largest grand total without any five-alike extra (Yatzy's whole range)."""
        rolls = list(combinations_with_replacement(range(1, 7), 5))
        best = sum(max(b.score(r) for r in rolls) for b in self.boxes)
        upper = sum(max(b.score(r) for r in rolls) for b in self.boxes if b.section == "upper")
        return best + (self.bonus if upper >= self.bonus_threshold else 0)


def _upper() -> tuple[Box, ...]:
    names = ("ones", "twos", "threes", "fours", "fives", "sixes")
    return tuple(Box(name, "upper", faces_of(face)) for face, name in enumerate(names, 1))


#: Yahtzee as printed in the United States (its Joker presets: game.core.rules).
YAHTZEE = Game("yahtzee", (
    *_upper(),
    Box("three_of_a_kind", "lower", kind_total(3)), Box("four_of_a_kind", "lower", kind_total(4)),
    Box("full_house", "lower", full_house(25)), Box("small_straight", "lower", run_of(4, 30)),
    Box("large_straight", "lower", run_of(5, 40)), Box("yahtzee", "lower", five_alike(50)),
    Box("chance", "lower", chance),
), bonus=35, bonus_threshold=63, five_alike_extra=True)

#: Yatzy as the Scandinavian sheets print it, boxes in their order.
YATZY = Game("yatzy", (
    *_upper(),
    Box("one_pair", "lower", kind_only(2)), Box("two_pairs", "lower", two_pairs),
    Box("three_of_a_kind", "lower", kind_only(3)), Box("four_of_a_kind", "lower", kind_only(4)),
    Box("small_straight", "lower", exactly((1, 2, 3, 4, 5), 15)),
    Box("large_straight", "lower", exactly((2, 3, 4, 5, 6), 20)),
    Box("full_house", "lower", full_house(None)), Box("chance", "lower", chance),
    Box("yatzy", "lower", five_alike(50)),
), bonus=50, bonus_threshold=63, five_alike_extra=False)

GAMES: dict[str, Game] = {game.key: game for game in (YAHTZEE, YATZY)}
