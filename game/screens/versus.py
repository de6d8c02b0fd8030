"""Your game against perfect play, on the end screen: what share of perfectly played games
each person's final score beats.

Every person is compared, at this device or a friend by link (the final card is the same
on every device); computers are not (their play is not a person's game, and Optimal is
the very policy compared with). Each line is an element carrying ``data-versus-optimal``
and ``data-seat``; names go in the usual text slots.

>>> from game.core.state import new_game
>>> from game.strategy.distribution import _EXAMPLE, parse_distribution
>>> share_words(0.0), share_words(0.434), share_words(0.9951)
('less than 1%', '43%', 'more than 99%')
>>> versus_html(new_game(["Ann"], seed="s"), parse_distribution(_EXAMPLE, "official"))  # not over yet
''
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.language import _
from game.core.numbers import decimal, percent
from game.core.state import GameState
from game.screens.markup import escape, name_slot

if TYPE_CHECKING:
    from game.strategy.distribution import ScoreDistribution


def compared_seats(state: GameState) -> tuple[int, ...]:
    """The seats compared with perfect play: every person, and no computer.

    >>> from game.core.players import Player
    >>> from game.core.state import new_game
    >>> compared_seats(new_game(["Ann", Player("Bot", "optimal"), Player("Cy", "link")], seed="s"))
    (0, 2)
    """
    return tuple(seat for seat, player in enumerate(state.players) if player.kind in ("human", "link"))


def share_words(share: float) -> str:
    """A share (0.0 to 1.0) in whole percent as the language writes it, never rounded to 0% or 100%."""
    if share < 0.01:
        # Translators: %(percent)s is 1% as the language writes it ("1 %" in German).
        return _("less than %(percent)s") % {"percent": percent(0.01)}
    if share > 0.99:
        return _("more than %(percent)s") % {"percent": percent(0.99)}
    return percent(share)


def versus_html(state: GameState, perfect: ScoreDistribution | None) -> str:
    """One line per person compared (none before the end, or without the distribution).

    >>> from dataclasses import replace
    >>> from game.core.card import Card
    >>> from game.core.state import new_game
    >>> from game.strategy.distribution import _EXAMPLE, parse_distribution
    >>> over = replace(new_game(["Ann"], seed="s"), turn=13, cards=(Card().with_box("chance", 30, 0),))
    >>> versus_html(over, parse_distribution(_EXAMPLE, "official"))
    '<p class="versus" data-versus-optimal data-seat="0">Your 30 beats less than 1% of perfectly played games \
(optimal play averages 251.5).</p>'
    """
    seats = compared_seats(state)
    if perfect is None or not state.over or not seats:
        return ""
    totals = state.grand_totals()
    average = decimal(perfect.mean, 1)

    def values(seat: int) -> dict[str, object]:
        # Escaped text and markup: the sentences around them are escaped before they are filled.
        return {"score": totals[seat], "share": escape(share_words(perfect.share_beaten(totals[seat]))),
                "average": average, "name": name_slot(seat)}

    if len(state.players) == 1:
        line = _("Your %(score)d beats %(share)s of perfectly played games (optimal play averages %(average)s).")
        return f'<p class="versus" data-versus-optimal data-seat="0">{escape(line) % values(0)}</p>'
    if len(seats) == 1:
        single = _("%(name)s’s %(score)d beats %(share)s of perfectly played games (optimal play averages "
                   "%(average)s).")
        return (f'<p class="versus" data-versus-optimal data-seat="{seats[0]}">'
                f"{escape(single) % values(seats[0])}</p>")
    # Translators: %(name)s is a player's name; rephrase around it as needed (it is not declined).
    listed = escape(_("%(name)s’s %(score)d beats %(share)s of perfectly played games."))
    items = "".join(f'<li data-versus-optimal data-seat="{seat}">{listed % values(seat)}</li>' for seat in seats)
    note = escape(_("Optimal play averages %(average)s.") % {"average": average})
    return f'<ul class="versus">{items}</ul><p class="versus-note">{note}</p>'

