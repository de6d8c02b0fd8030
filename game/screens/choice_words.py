"""The coach's options and its confidence, in the player's language.

The strategy names options by values (:class:`game.strategy.options.Choice`: a box and its
points, or the faces held); these are their words on the board, the review and the coach
panel and in the coach's reasons.

>>> from game.core.language import activate
>>> from game.strategy.options import Option
>>> activate(None)
>>> from game.core.games import YATZY
>>> choice_words(Option("hold", 250.0, 0.0, hold=(True,) * 3 + (False,) * 2, held_faces=(6, 6, 6)), YATZY)
'Hold 6-6-6, roll 2'
>>> choice_words(Option("score", 250.0, 0.0, box="one_pair", points=12), YATZY)
'Score 12 in One pair'
>>> confidence_words("toss-up")
'toss-up'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.labels import N_
from game.core.language import _, ngettext, pgettext

if TYPE_CHECKING:  # options exist once the strategy is here, with the later archive (tools/python_archives.py)
    from game.core.games import Game
    from game.strategy.options import Choice

#: The coach's confidence in its best move (game.strategy.advice.CONFIDENCE), as shown.
CONFIDENCE: dict[str, str] = {
    "clear": N_("confidence", "clear"), "solid": N_("confidence", "solid"),
    "close": N_("confidence", "close"), "toss-up": N_("confidence", "toss-up"),
}


def choice_words(choice: Choice, game: Game) -> str:
    """Words for one option, or for what a player did (a review's decision), in ``game``
    (whose boxes it names: Yatzy's differ from Yahtzee's, in name and in kind)."""
    if choice.box is not None:  # a score names its box, a hold has none
        box = game.box_label(choice.box)
        return _("Score %(points)d in %(box)s") % {"points": choice.points, "box": box}
    if not choice.held_faces:
        return _("Roll all five")
    faces, count = "-".join(map(str, choice.held_faces)), 5 - len(choice.held_faces)
    return ngettext("Hold %(faces)s, roll %(count)d", "Hold %(faces)s, roll %(count)d", count) % {
        "faces": faces, "count": count}


def confidence_words(confidence: str) -> str:
    """How sure the coach is: "clear", "solid", "close" or "toss-up"."""
    return pgettext("confidence", CONFIDENCE[confidence])
