"""Why the Joker rules close a box, in the player's language (the card's ✕ and the live region).

>>> from game.core.language import activate
>>> activate(None)
>>> why_closed(Closed("own_upper_first", "twos"))
'A further Yahtzee must go in Twos while it is open.'
"""

from __future__ import annotations

from game.core.joker import Closed
from game.core.labels import box_label
from game.core.language import _


def why_closed(closed: Closed) -> str:
    """The rule that closes a box now, as a sentence."""
    values = {"upper": box_label(closed.upper)}
    if closed.rule == "lower_first":
        # Translators: "Yahtzee" is five of a kind: use your five-of-a-kind box's name.
        return _("A further Yahtzee must go in a lower box while one is open.")
    if closed.rule == "own_upper_first":
        # Translators: "Yahtzee" is five of a kind; %(upper)s, the upper box of its face ("Twos").
        return _("A further Yahtzee must go in %(upper)s while it is open.") % values
    # Translators: "Yahtzee" is five of a kind; %(upper)s, the upper box of its face ("Twos").
    return _("While %(upper)s is open, a further Yahtzee goes there or in 3 or 4 of a kind.") % values


def closed_label(box: str, closed: Closed) -> str:
    """The closed box's accessible name: which box, and why it is closed."""
    return _("%(box)s is closed: %(why)s") % {"box": box_label(box), "why": why_closed(closed)}
