"""Dice combinatorics shared by the coach and the table generator: rolls, keeps, odds.

A *roll* is the sorted 5-tuple of faces (252 of them); a *keep* is the sorted tuple of
the 0 to 5 faces held before a re-roll (462 of them, the rolls included). Order never
matters for scoring or for the odds, so both are indexed as sorted multisets.

Keeps are numbered by size, then lexicographically, so the rolls form the last block:
``KEEP_INDEX[ROLLS[r]] == ROLL_OFFSET + r``.

>>> len(ROLLS), len(KEEPS), ROLL_OFFSET
(252, 462, 210)
>>> KEEPS[CHILDREN[KEEP_INDEX[(2, 5, 5, 6)]][0]]
(1, 2, 5, 5, 6)
>>> round(sum(ROLL_PROBS), 12)
1.0
"""

from __future__ import annotations

import functools
from itertools import combinations_with_replacement
from math import factorial

from game.core import rules
from game.core.games import Game

FACES = (1, 2, 3, 4, 5, 6)
#: Where a state's upper subtotal is capped: at the bonus threshold, above which nothing changes.
UP_CAP = rules.UPPER_BONUS_THRESHOLD

#: Every keep, by size (0..5) then lexicographically.
KEEPS: tuple[tuple[int, ...], ...] = tuple(
    keep for size in range(6) for keep in combinations_with_replacement(FACES, size)
)
KEEP_INDEX: dict[tuple[int, ...], int] = {keep: i for i, keep in enumerate(KEEPS)}
#: First keep index of each size: SIZE_START[s] .. SIZE_START[s + 1] - 1 hold the keeps of size s.
SIZE_START: tuple[int, ...] = tuple(
    min(i for i, k in enumerate(KEEPS) if len(k) == s) for s in range(6)
) + (len(KEEPS),)
ROLL_OFFSET = SIZE_START[5]


def _as_dice(keep: tuple[int, ...]) -> rules.Dice:
    """A keep of five dice, typed as the five dice it is."""
    a, b, c, d, e = keep
    return a, b, c, d, e


ROLLS: tuple[rules.Dice, ...] = tuple(map(_as_dice, KEEPS[ROLL_OFFSET:]))
ROLL_INDEX: dict[tuple[int, ...], int] = {roll: i for i, roll in enumerate(ROLLS)}


def multiset_probability(faces: tuple[int, ...]) -> float:
    """Chance that rolling ``len(faces)`` dice shows exactly this multiset.

    >>> multiset_probability((3, 3))
    0.027777777777777776
    """
    ways = factorial(len(faces))
    for face in set(faces):
        ways //= factorial(faces.count(face))
    return ways / 6.0 ** len(faces)  # 6.0: a float power, exact up to 6**5


ROLL_PROBS: tuple[float, ...] = tuple(multiset_probability(roll) for roll in ROLLS)

#: For each keep of size < 5, the keeps one die larger, one per face 1..6 (a re-rolled die
#: shows each face with chance 1/6, so a keep's value is the mean of its children's).
CHILDREN: tuple[tuple[int, ...], ...] = tuple(
    tuple(KEEP_INDEX[tuple(sorted(keep + (face,)))] for face in FACES) for keep in KEEPS[:ROLL_OFFSET]
)


def _parents(keep: tuple[int, ...]) -> tuple[int, ...]:
    """The distinct keeps one die smaller (every multiset inside ``keep`` is reached by these steps)."""
    out: list[int] = []
    for face in sorted(set(keep)):
        smaller = list(keep)
        smaller.remove(face)
        out.append(KEEP_INDEX[tuple(smaller)])
    return tuple(out)


#: For each keep, the distinct keeps one die smaller (empty for the empty keep).
PARENTS: tuple[tuple[int, ...], ...] = tuple(_parents(keep) for keep in KEEPS)


def sub_keeps(roll: tuple[int, ...]) -> tuple[int, ...]:
    """Indices of every distinct keep inside ``roll`` (itself included), smallest first.

    >>> [KEEPS[k] for k in sub_keeps((4, 4, 6))]
    [(), (4,), (6,), (4, 4), (4, 6), (4, 4, 6)]
    """
    found = {KEEP_INDEX[tuple(sorted(roll))]}
    frontier = list(found)
    while frontier:
        nxt = [p for k in frontier for p in PARENTS[k] if p not in found]
        found.update(nxt)
        frontier = list(set(nxt))
    return tuple(sorted(found))


def face_counts(roll: tuple[int, ...]) -> tuple[int, ...]:
    """How many dice show each face 1..6.

    >>> face_counts((1, 3, 3, 6, 6))
    (1, 0, 2, 0, 0, 2)
    """
    return tuple(roll.count(face) for face in FACES)


def _reachable_upper_subtotals(upper_mask: int) -> tuple[int, ...]:
    """Upper subtotals (capped at :data:`UP_CAP`, 63) some game reaches with these upper boxes filled.

    Bit f-1 of ``upper_mask`` is set when the box of face f is filled; that box holds
    f times 0..5, whatever the Joker preset.

    >>> _reachable_upper_subtotals(0b100000)
    (0, 6, 12, 18, 24, 30)
    """
    totals = {0}
    for face in FACES:
        if upper_mask >> (face - 1) & 1:
            totals = {min(UP_CAP, t + face * n) for t in totals for n in range(6)}
    return tuple(sorted(totals))


#: REACHABLE_UPS[upper_mask]: the reachable upper subtotals, increasing.
REACHABLE_UPS: tuple[tuple[int, ...], ...] = tuple(_reachable_upper_subtotals(m) for m in range(1 << len(FACES)))


def keep_values(roll_values: list[float]) -> list[float]:
    """Each keep's value from the 252 rolls' values: the mean over the next die of the keep
    one die larger (a re-rolled die shows each face with chance 1/6). The rolls' own
    values come last, as keeps of five."""
    ev = [0.0] * ROLL_OFFSET + roll_values
    for k in range(ROLL_OFFSET - 1, -1, -1):
        a, b, c, d, e, f = CHILDREN[k]
        ev[k] = (ev[a] + ev[b] + ev[c] + ev[d] + ev[e] + ev[f]) / 6.0
    return ev


def best_in_roll(keep_values: list[float]) -> list[float]:
    """For each roll, the value of the best keep inside it, itself included (a max over
    the keeps one die smaller, recursively)."""
    best = keep_values[:]
    for k in range(1, len(best)):
        for p in PARENTS[k]:
            if best[p] > best[k]:
                best[k] = best[p]
    return best[ROLL_OFFSET:]


@functools.cache
def plain_points(game: Game) -> tuple[tuple[int, ...], ...]:
    """Per box of ``game`` in the card's order, the points each of the 252 rolls writes there
    by its plain rules (the coaches and the forecasts share it: game.strategy.turns)."""
    return tuple(tuple(game.score(box, roll) for roll in ROLLS) for box in game.names)
