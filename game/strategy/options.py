"""The coach's options as values, and their names in words.

Below the coach, the reasons and the review alike: each of them ranks, explains or
grades options, and all of them name one the same way (:func:`describe`).

>>> describe(Option("score", 250.0, 0.0, box="chance", points=22))
'Score 22 in Chance'
>>> describe(Option("hold", 250.0, 0.0, hold=(True,) * 3 + (False,) * 2, held_faces=(6, 6, 6)))
'Hold 6-6-6, roll 2'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Protocol

from game.core.rules import BOX_LABELS

#: What an option does: re-roll the dice not held, or fill a box now.
OptionKind = Literal["hold", "score"]
#: One flag per die, True for the dice an option keeps.
Hold = tuple[bool, bool, bool, bool, bool]


@dataclass(frozen=True)
class Option:
    """One choice. ``value`` is the expected final score (points on the card included)."""

    kind: OptionKind  # "hold" (re-roll the other dice) or "score" (fill ``box`` now)
    value: float
    loss: float  # best value minus this one, >= 0
    hold: Hold | None = None  # dice positions kept
    held_faces: tuple[int, ...] = ()
    box: str | None = None
    points: int = 0  # written in ``box`` (a Yahtzee bonus comes on top)


class Choice(Protocol):
    """A choice as it is named: a coach's :class:`Option`, or what a player did (a review's decision)."""

    @property
    def box(self) -> str | None: ...
    @property
    def points(self) -> int: ...
    @property
    def held_faces(self) -> tuple[int, ...]: ...


def describe(choice: Choice) -> str:
    """Words for one option, or for what a player did."""
    if choice.box is not None:  # a score names its box, a hold has none
        return f"Score {choice.points} in {BOX_LABELS[choice.box]}"
    if not choice.held_faces:
        return "Roll all five"
    rest = 5 - len(choice.held_faces)
    return f"Hold {'-'.join(map(str, choice.held_faces))}, roll {rest}"
