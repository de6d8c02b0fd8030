"""Grading the day's ten: a choice's loss, its colour, the grid and the par.

The *loss* of a choice is the review's (game.strategy.review): the best option's expected
final score minus the choice's, in points. Its colour:

====  ==========  ============================================================
 🟩    exact       the best choice (a loss below ``review.TIE``, float noise)
 🟨    small       under :data:`SMALL` points: Casual's kind of slip
 🟧    larger      under :data:`LARGE` points
 🟥    more        :data:`LARGE` points or more: a beginner's blunder
====  ==========  ============================================================

Every position's runner-up loses at least ``puzzle.MARGIN`` (1 point), so a colour other
than 🟩 always means at least a point. The thresholds separate the computers (data from
the puzzles of 365 days, docs/daily.md): of Casual's mistakes 3 in 4 are 🟨 and almost
none 🟥; of Beginner's about a fifth are 🟨, two fifths 🟧 and two fifths 🟥. 3 points is
also where the coach starts calling a choice "clear" (game.strategy.advice.CONFIDENCE).

The *par* is what the Casual and Beginner computers lose on the same ten: Beginner's
choices are fixed, Casual's loss is its expected loss on each position (no draw, so no luck).

The colour is the number's the player reads, "Points lost: 8.0" (:func:`shown`): a loss of
7.989 is 🟥, as 8.0 is, and 2.96 is 🟧, as 3.0 is.

>>> colour(0.0), colour(1.2), colour(3.0), colour(12.5)
('exact', 'small', 'larger', 'more')
>>> colour(7.989), colour(7.949), colour(2.96), colour(2.949)
('more', 'larger', 'larger', 'small')
>>> grid(["exact", "exact", "small", "larger", "more", "exact", "exact", "exact", "small", "exact"])
'🟩🟩🟨🟧🟥🟩🟩🟩🟨🟩'
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from game.daily.levels import option_of_box, option_of_hold
from game.daily.puzzle import Position, Puzzle
from game.strategy.options import Option
from game.strategy.reasons import Reason, explain
from game.strategy.review import TIE

#: How far a choice is from the best, as a code (the screens word it; :data:`SQUARES` draws it).
Colour = Literal["exact", "small", "larger", "more"]
COLOURS: tuple[Colour, ...] = ("exact", "small", "larger", "more")
SQUARES: dict[Colour, str] = {"exact": "🟩", "small": "🟨", "larger": "🟧", "more": "🟥"}
#: A loss below this is 🟨 (from ``puzzle.MARGIN`` up); docs/daily.md, "Colours".
SMALL = 3.0
#: A loss below this is 🟧, from it 🟥.
LARGE = 8.0


#: Decimals of a loss as the screens write it (game.screens.ten_view).
SHOWN_DECIMALS = 1


def shown(loss: float) -> float:
    """A loss as the player reads it: rounded to :data:`SHOWN_DECIMALS` as the screens
    round it (Python's formatting, nearest to the exact binary value).

    >>> shown(7.989), shown(2.95), shown(3.05)
    (8.0, 3.0, 3.0)
    """
    return float(f"{loss:.{SHOWN_DECIMALS}f}")


def colour(loss: float) -> Colour:
    """The colour of a loss in points (see the module's table), graded on :func:`shown`."""
    if loss < TIE:
        return "exact"
    points = shown(loss)
    if points < SMALL:
        return "small"
    if points < LARGE:
        return "larger"
    return "more"


def grid(colours: Sequence[Colour]) -> str:
    """The squares of the colours, in order: the result as shared, with no spoiler."""
    return "".join(SQUARES[c] for c in colours)


@dataclass(frozen=True)
class Graded:
    """A choice made at a position: the option, its loss and colour, and the coach's reason
    for the best option against it (``game.screens.reason_words`` words it)."""

    position: Position
    chosen: Option
    loss: float
    colour: Colour
    reason: Reason

    @property
    def best(self) -> Option:
        return self.position.best


def hold_choice(position: Position, held_faces: Sequence[int]) -> Option:
    """The option of holding these faces and re-rolling the rest (positions do not matter).

    Raises ``ValueError`` when no roll is left, when the faces are not among the dice,
    and for all five dice: re-rolling none is no choice here; the player picks a box.
    """
    if position.rolls_left == 0:
        raise ValueError("no roll is left: choose a box")
    remaining = list(position.dice)
    for face in held_faces:
        if face not in remaining:
            raise ValueError(f"the dice {position.dice} do not show the faces {tuple(held_faces)}")
        remaining.remove(face)
    option = option_of_hold(position.options, held_faces)
    if option is None:
        raise ValueError("holding all five dice re-rolls nothing: choose a box instead")
    return option


def box_choice(position: Position, box: str) -> Option:
    """The option of filling ``box`` now; ``ValueError`` when the rules do not allow it."""
    option = option_of_box(position.options, box)
    if option is None:
        raise ValueError(f"{box!r} cannot be filled at this position")
    return option


def grade(position: Position, chosen: Option) -> Graded:
    """Grade one of the position's options (:func:`hold_choice`, :func:`box_choice`)."""
    if chosen not in position.options:
        raise ValueError("that option is not one of this position's")
    loss = chosen.loss if chosen.loss >= TIE else 0.0
    reason = explain(position.card, position.options, position.rolls_left, chosen, game=position.game)
    return Graded(position, chosen, loss, colour(loss), reason)


@dataclass(frozen=True)
class Result:
    """The ten graded: the points lost in all and the grid."""

    graded: tuple[Graded, ...]

    @property
    def total_loss(self) -> float:
        return math.fsum(g.loss for g in self.graded)

    @property
    def colours(self) -> tuple[Colour, ...]:
        return tuple(g.colour for g in self.graded)

    @property
    def grid(self) -> str:
        return grid(self.colours)

    @property
    def exact(self) -> int:
        """How many choices were the best."""
        return self.colours.count("exact")


def result(puzzle: Puzzle, chosen: Sequence[Option]) -> Result:
    """Grade a whole puzzle: one chosen option per position, in order."""
    if len(chosen) != len(puzzle.positions):
        raise ValueError(f"{len(puzzle.positions)} choices are needed, not {len(chosen)}")
    return Result(tuple(grade(p, c) for p, c in zip(puzzle.positions, chosen, strict=True)))


@dataclass(frozen=True)
class Par:
    """What the computers lose on a puzzle: Casual (expected) and Beginner (its choices),
    with Beginner's grid (Casual's choices are a spread, so it has none)."""

    casual: float
    beginner: float
    beginner_grid: str


def par(puzzle: Puzzle) -> Par:
    """The par of ``puzzle``.

    >>> from game.daily.puzzle import todays_ten
    >>> from game.strategy.tables import load_preset
    >>> day = par(todays_ten("2024-05-01", load_preset("official")))
    >>> 0 < day.casual < day.beginner, len(day.beginner_grid)
    (True, 10)
    """
    beginner = result(puzzle, [p.greedy for p in puzzle.positions])
    casual = math.fsum(p.casual_loss for p in puzzle.positions)
    return Par(casual, beginner.total_loss, beginner.grid)
