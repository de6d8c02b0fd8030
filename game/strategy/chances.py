"""The chance that a hold makes a box's combination by the end of the turn, going for it.

A box's *target* is the combination a player rolls for: three or more of its face for an
upper box (three of each face is par for the upper bonus), the combination itself for
3 and 4 of a kind, Full house, the straights and Yahtzee (by the plain rules: a Joker is
a matter of the card, not of the dice). Chance has none: any roll scores.

*Going for it* means every re-roll keeps the dice that give the target its best chance;
the player may stop as soon as it is made. :func:`target_chance` is that best chance,
exact: the mean over the 252 rolls' probabilities and a maximum over the 462 keeps, as
the coach computes values (game.strategy.coach), with 1 or 0 in place of points.

>>> round(target_chance("large_straight", (2, 3, 4, 5), 2), 4)   # 1 - (4/6)**2
0.5556
>>> round(target_chance("yahtzee", (6, 6, 6), 1), 4)              # both dice sixes
0.0278
"""

from __future__ import annotations

from game.core.games import YAHTZEE, Game
from game.strategy.rolls import KEEP_INDEX, ROLLS, best_in_roll, keep_values


def target_boxes(game: Game) -> tuple[str, ...]:
    """The boxes of ``game`` with a target (Chance has none), in the card's order.

    >>> from game.core.games import YATZY
    >>> target_boxes(YATZY)[6:9]
    ('one_pair', 'two_pairs', 'three_of_a_kind')
    """
    return tuple(box for box in game.names if box != "chance")


#: Yahtzee's boxes with a target.
TARGET_BOXES: tuple[str, ...] = target_boxes(YAHTZEE)
#: The count of a face that makes an upper box's target: par, three of each face.
UPPER_TARGET_COUNT = 3


def makes_target(box: str, roll: tuple[int, ...], game: Game = YAHTZEE) -> bool:
    """Whether five dice show ``box``'s target in ``game`` (by its plain rules: a box's
    points are above 0; an upper box: three or more of its face).

    >>> makes_target("fives", (5, 5, 5, 1, 2)), makes_target("full_house", (3, 3, 3, 3, 3))
    (True, False)
    """
    if box in game.upper_names:
        return roll.count(game.upper_names.index(box) + 1) >= UPPER_TARGET_COUNT
    if box not in target_boxes(game):
        raise ValueError(f"{box!r} has no target")
    return game.score(box, roll) > 0


_TABLES: dict[tuple[str, str, int], list[float]] = {}


def _chances(box: str, rolls_left: int, game: Game) -> list[float]:
    """Every keep's chance of ``box``'s target with ``rolls_left`` (1 or 2) rolls to come.
    Computed once per process (a few milliseconds), as hints first ask."""
    key = (game.key, box, rolls_left)
    if key not in _TABLES:
        made = [1.0 if makes_target(box, roll, game) else 0.0 for roll in ROLLS]
        values = keep_values(made)
        if rolls_left == 2:
            values = keep_values(best_in_roll(values))
        _TABLES[key] = values
    return _TABLES[key]


def target_chance(box: str, held: tuple[int, ...], rolls_left: int, game: Game = YAHTZEE) -> float:
    """The chance that holding ``held`` (faces) and re-rolling the rest, with ``rolls_left``
    rolls to come (1 or 2, this one included), shows ``box``'s target at the end, going for it.

    >>> from game.core.games import YATZY
    >>> round(target_chance("small_straight", (1, 2, 3, 4), 1, YATZY), 4)   # a five: 1/6
    0.1667
    """
    if rolls_left not in (1, 2):
        raise ValueError(f"rolls_left is 1 or 2 for a hold, not {rolls_left!r}")
    return _chances(box, rolls_left, game)[KEEP_INDEX[tuple(sorted(held))]]
