"""The coach's question before a costly move, in the player's language: what the move
gives up, then the coach's reason for the best (the review's words for the same loss).

>>> from game.core.language import activate
>>> from game.core.games import YAHTZEE
>>> from game.strategy.tables import load_preset
>>> from game.strategy.move_cost import hold_cost
>>> activate(None)
>>> cost = hold_cost(load_preset("official"), {}, (5, 5, 5, 2, 1), 2, 0, (False, True, False, False, True))
>>> costly_words(cost, None, (False, True, False, False, True), YAHTZEE)[:60]
'Holding 1-5 and rolling the rest gives up 14.9 points. Holdi'
>>> costly_words(cost, None, (False,) * 5, YAHTZEE)[:48]
'Rolling all five dice gives up 14.9 points. Hold'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.core.language import _
from game.screens.markup import escape
from game.screens.reason_words import reason_words
from game.screens.review_words import points

if TYPE_CHECKING:
    from game.core.games import Game
    from game.strategy.move_cost import MoveCost


def dialog_html(text: str) -> str:
    """The question's dialog, asking ``text`` (our own words: no player input reaches it).
    Made when first asked, not in index.html: its words come with the later archive, as
    the question only can (it needs a strategy table), and not with every first visit.

    >>> html = dialog_html("Scoring Chance now gives up 6.3 points.")
    >>> html.count('data-costly="'), 'autofocus' in html, 'data-cancel="again"' in html
    (3, True, True)
    """
    buttons = "".join(
        f'<button type="submit" data-costly="{answer}"{extra}>{escape(words)}</button>'
        for answer, words, extra in (("best", _("Show the best"), ""), ("keep", _("Keep my choice"), ""),
                                     ("again", _("Try again"), ' class="primary" autofocus')))
    title = escape(_("A costly move"))
    # "again" is Escape's answer too (game.web.inputs CANCELS): nothing moves.
    return (f'<dialog id="costly-dialog" aria-labelledby="costly-title" aria-describedby="costly-text" '
            f'data-cancel="again"><form method="dialog"><h2 id="costly-title">{title}</h2>'
            f'<p id="costly-text">{escape(text)}</p><p class="dialog-buttons">{buttons}</p></form></dialog>')


def choose_again() -> str:
    # Translators: said when the player answers "Try again" to the coach's warning before a costly move.
    return _("Choose again: nothing was moved.")


def costly_words(cost: MoveCost, box: str | None, held: Sequence[bool], game: Game) -> str:
    """What filling ``box`` (None: rolling with ``held`` kept) gives up, and why the best is better."""
    values = {"loss": points(cost.loss)}
    if box is not None:
        # Translators: asked before a person fills a box that loses expected points;
        # %(loss)s is a decimal number of points, e.g. "6.3". The coach's reason follows.
        said = _("Scoring %(box)s now gives up %(loss)s points.") % {**values, "box": game.box_label(box)}
    elif all(held):
        said = _("Rolling again with every die held gives up %(loss)s points.") % values
    elif not any(held):
        # Translators: %(loss)s is a decimal number of points, e.g. "6.3".
        said = _("Rolling all five dice gives up %(loss)s points.") % values
    else:
        faces = "-".join(map(str, cost.chosen.held_faces if cost.chosen is not None else ()))
        # Translators: %(faces)s are the dice kept, e.g. "1-5"; %(loss)s a decimal number of points.
        said = _("Holding %(faces)s and rolling the rest gives up %(loss)s points.") % {**values, "faces": faces}
    return f"{said} {reason_words(cost.reason, game)}"

