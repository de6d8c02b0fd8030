"""Points given up against perfect play, in words: the coach panel's tally and the end
screen's line (the sums of game.session.given_up). They show only once a strategy table is
here, so they travel in the later archive with it.

>>> from game.core.language import activate
>>> activate(None)
"""

from __future__ import annotations

from game.core.language import _, list_separator
from game.core.numbers import decimal
from game.core.state import GameState
from game.screens.markup import escape, name_slot


def given_up_html(state: GameState, given_up: tuple[float, ...] | None) -> str:
    """Each player's points given up against perfect play, at the end (the sum of each
    decision's loss: game.session.given_up); nothing before the end or until known.

    >>> from dataclasses import replace
    >>> from game.core.state import new_game
    >>> over = replace(new_game(["Ann", "Ben"], seed="s"), turn=26)
    >>> print(given_up_html(over, (12.44, 0.0)))
    <p class="given-up" data-given-up="12.44,0.00">Points given up against perfect play: \
<span class="name" data-name-seat="0"></span> 12.4, <span class="name" data-name-seat="1"></span> 0.0.</p>
    >>> given_up_html(replace(over, players=over.players[:1], cards=over.cards[:1], turn=13), (3.0,))[-48:]
    'You gave up 3.0 points against perfect play.</p>'
    """
    if given_up is None or not state.over:
        return ""
    data = ",".join(f"{loss:.2f}" for loss in given_up)
    if len(state.players) == 1:
        # Translators: at the end of a solo game; %(points)s is a decimal number, e.g. "12.4".
        line = escape(_("You gave up %(points)s points against perfect play.")) % {"points": decimal(given_up[0], 1)}
    else:
        items = escape(list_separator()).join(f"{name_slot(seat)} {decimal(loss, 1)}"
                                              for seat, loss in enumerate(given_up))
        # Translators: at the end of a game of several; %(players)s lists "Ann 12.4, Ben 3.1".
        line = escape(_("Points given up against perfect play: %(players)s.")) % {"players": items}
    return f'<p class="given-up" data-given-up="{data}">{line}</p>'


def given_up_line(given_up: float) -> str:
    """The coach panel's tally of the player to move.

    >>> given_up_line(3.214)
    '<p class="coach-given-up" data-given-up="3.21">Points given up so far: 3.2.</p>'
    """
    # Translators: in the coach panel; %(points)s is a decimal number of points, e.g. "3.2".
    so_far = _("Points given up so far: %(points)s.") % {"points": decimal(given_up, 1)}
    return f'<p class="coach-given-up" data-given-up="{given_up:.2f}">{escape(so_far)}</p>'
