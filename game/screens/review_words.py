"""A review's words shared by its report, its chart and its dialog: the rating, the dice,
the points lost, and what the dialog says before a review is drawn (light to import: no coach).

The strategy grades a game with a code (:data:`game.strategy.review.RATINGS`: "expert",
"strong"...); these are the words a player reads for it, in the language spoken now.

>>> from game.core.language import activate
>>> activate(None)
>>> rating_words("expert"), rating_words("unrated"), dice_words((1, 3, 3, 5, 6)), minus(4.25)
('expert', 'unrated', '1-3-3-5-6', '−4.2')
"""

from __future__ import annotations

from collections.abc import Iterable

from game.core.labels import N_
from game.core.language import _, pgettext
from game.core.numbers import decimal
from game.screens.markup import escape

#: Every rating code of game.strategy.review (its bands, the lowest, and "no decision yet"), as shown.
RATING_NAMES: dict[str, str] = {
    # Translators: a player's level in a game's review, from the points lost per decision
    # ("expert" is below 0.2 on Tom Verhoeff's proficiency scale).
    "expert": N_("rating", "expert"), "strong": N_("rating", "strong"), "good": N_("rating", "good"),
    "fair": N_("rating", "fair"), "learning": N_("rating", "learning"),
    # Translators: the rating of a review with no decision in it yet.
    "unrated": N_("rating", "unrated"),
}


def rating_words(code: str) -> str:
    """The word for a review's rating code; an unknown code as it is (never raised over)."""
    return pgettext("rating", RATING_NAMES[code]) if code in RATING_NAMES else code


def dice_words(dice: Iterable[int]) -> str:
    """The dice as the coach writes held faces ("5-5-2"): digits, the same in every language."""
    return "-".join(map(str, dice))


def points(value: float) -> str:
    """Points of expected score: two decimals below 1 (a loss of 0.04 is not 0.0), else one."""
    return decimal(value, 2 if 0 < value < 1 else 1)


def minus(loss: float) -> str:
    """A loss as the chart marks it: a true minus sign, then its points."""
    return f"\u2212{points(loss)}"


def _empty(text: str) -> str:
    return f'<p class="empty">{escape(text)}</p>'


def no_games_html() -> str:
    """The review dialog with no finished game kept."""
    return _empty(_("No finished games yet: the last 50 are kept here."))


def asking_html() -> str:
    """The review dialog while the coach's strategy table loads."""
    return _empty(_("Asking the coach…"))


def no_table_html() -> str:
    """The review dialog when the coach's strategy table, or the review's own modules
    (game/web/later.py), could not be loaded: offline, before the service worker kept them."""
    return _empty(_("The review needs the strategy table, which could not be loaded."))
