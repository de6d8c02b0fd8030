"""Why the Joker rules close a box for the dice on the table, as a value.

:func:`game.core.rules.box_options` maps a closed box to a :class:`Closed`: the rule that
closes it and the upper box of the Yahtzee's face. The screen and the live region word
it in the player's language (:func:`game.screens.closed_box.why_closed`); ``str()`` is
the English, for code outside the game (the command line, a log).

>>> str(Closed("own_upper_first", "twos"))
'a further Yahtzee must go in Twos while it is open'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from game.core.labels import BOX_NAMES

#: ``lower_first``: the upper box is filled and a lower box is open (official, upper box or a
#: kind); ``own_upper_first``: the upper box is open (official); ``own_upper_or_kind``: the
#: upper box is open, and it or 3/4 of a kind must take it (upper box or a kind).
JokerRule = Literal["lower_first", "own_upper_first", "own_upper_or_kind"]


@dataclass(frozen=True)
class Closed:
    """A box the Joker rules close now: by ``rule``, for a Yahtzee of the face of ``upper``."""

    rule: JokerRule
    upper: str  # the upper box of the Yahtzee's face ("twos")

    def __str__(self) -> str:
        label = BOX_NAMES[self.upper]
        if self.rule == "lower_first":
            return "a further Yahtzee must go in a lower box while one is open"
        if self.rule == "own_upper_first":
            return f"a further Yahtzee must go in {label} while it is open"
        return f"while {label} is open, a further Yahtzee goes there or in 3/4 of a kind"
