"""The coach's options as values.

Below the coach, the reasons and the review alike: each of them ranks, explains or
grades options. Their names in words are the screens' (``game.screens.choice_words``).

>>> option = Option("hold", 250.0, 0.0, hold=(True,) * 3 + (False,) * 2, held_faces=(6, 6, 6))
>>> option.box is None, option.held_faces
(True, (6, 6, 6))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Protocol

#: Below this gap an option is called as good as the best, to within this much (the coach's
#: reasons say so): values are quantized to about a thousandth of a point.
NEGLIGIBLE = 0.05
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
