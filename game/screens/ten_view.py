"""Today's ten on screen: a position to answer, its grading, and the day's result, as HTML.

The position is drawn as the game's own board (its dice and its card, from
:func:`game.daily.play.board_of`), so it reads as a moment of a real game; the
dialog's controls carry ``ten-`` ids and the dialog's own input bindings
(game/web/inputs.py) take its dice and boxes before the board's do. Every word comes from
the catalogs; the squares are the result's only symbols, and each has its words beside it.

>>> from game.core.language import activate
>>> from game.daily.puzzle import todays_ten
>>> from game.daily.play import TenPlay
>>> from game.strategy.tables import load_preset
>>> activate(None)
>>> play = TenPlay(todays_ten("2024-05-01", load_preset("official")), practice=False)
>>> "Decision 1 of 10" in ten_html(play)
True
"""

from __future__ import annotations

import datetime

from game.core.language import _, ngettext
from game.core.numbers import decimal, long_date
from game.core.players import level_name
from game.daily.grading import SHOWN_DECIMALS, Colour, Graded, par
from game.daily.play import TenPlay, board_of
from game.daily.puzzle import day_number
from game.records.daily_stats import TenStats
from game.screens.board import dice_html
from game.screens.choice_words import choice_words
from game.screens.markup import escape
from game.screens.reason_words import reason_words
from game.screens.scorecard import scorecard_html
from game.screens.ten_days import days_html, squares_html


def _p(css: str, text: str) -> str:
    return f'<p class="{css}">{escape(text)}</p>'


def _button(ident: str, text: str, primary: bool = False) -> str:
    css = ' class="primary"' if primary else ""
    return f'<button type="button" id="{ident}"{css}>{escape(text)}</button>'


def verdict_words(colour: Colour, loss: float) -> str:
    """What one graded choice cost, in words (the square is drawn beside it)."""
    points = decimal(loss, SHOWN_DECIMALS)  # the number the colour is graded on
    if colour == "exact":
        return _("The best choice.")
    if colour == "small":
        return _("A small slip. Points lost: %(points)s") % {"points": points}
    if colour == "larger":
        return _("A costly choice. Points lost: %(points)s") % {"points": points}
    return _("A blunder. Points lost: %(points)s") % {"points": points}


def _progress(play: TenPlay) -> str:
    position = play.position
    # Translators: Today's ten: which of the ten decisions this is, and when in its game it comes.
    text = _("Decision %(number)d of %(count)d · turn %(turn)d, after roll %(roll)d") % {
        "number": position.index + 1, "count": len(play.puzzle.positions), "turn": position.turn,
        "roll": position.roll}
    return _p("ten-progress", text) + _practice(play)


def _practice(play: TenPlay) -> str:
    """The practice line, naming the day played (the archive opens any day)."""
    if not play.practice:
        return ""
    day = long_date(datetime.date.fromisoformat(play.puzzle.date))
    # Translators: Today's ten: a go that does not count, at the day named (any day can be played again).
    return _p("ten-practice", _("Practice, %(date)s: this go is not scored.") % {"date": day})


def _graded_html(graded: Graded, last: bool) -> str:
    game = graded.position.game
    best = _("Best: %(choice)s") % {"choice": choice_words(graded.best, game)}
    # Translators: Today's ten: the button that goes on to the next of the ten decisions.
    follow = _("See the result") if last else _("Next")
    return (f'<p class="ten-verdict">{squares_html([graded.colour])} '
            f'{escape(verdict_words(graded.colour, graded.loss))}</p>'
            + ("" if graded.colour == "exact" else _p("ten-best", best))
            + _p("ten-reason", reason_words(graded.reason, game))
            + f'<p class="ten-actions">{_button("ten-next", follow, primary=True)}</p>')


def ten_html(play: TenPlay, problem: str = "", stats: TenStats | None = None) -> str:
    """The dialog's body: the result once all ten are answered (with the player's days,
    ``stats``, when they are kept); else the position, asked or graded;
    ``problem``, a refusal of the last action in words (shown above the dice)."""
    if play.done and not play.showing:
        return result_html(play, stats)
    position, state = play.position, board_of(play)
    graded = play.last if play.showing else None
    hint_box = graded.best.box if graded is not None else None
    hint_dice = graded.best.hold if graded is not None and graded.best.hold is not None else None
    if graded is not None:
        middle = _graded_html(graded, last=play.done)
    else:
        ask = (_("Hold the dice you keep and roll, or choose a box.") if position.rolls_left
               else _("No roll left: choose a box."))
        # Translators: Today's ten: roll the dice not held (the choice of a hold is then graded).
        others = _("Roll the others")
        roll = f'<p class="ten-actions">{_button("ten-roll", others, primary=True)}</p>'
        middle = _p("ten-ask", ask) + (roll if position.rolls_left else "")
    refused = _p("ten-problem", problem) if problem else ""  # said by the dialog's live region
    dice = escape(_("Dice: press 1 to 5 to hold"))  # the board's group name: the keys work here too
    return (_progress(play) + refused
            + f'<div class="dice ten-dice" role="group" aria-label="{dice}">{dice_html(state, hint=hint_dice)}</div>'
            + middle + f'<div class="pad ten-pad">{scorecard_html(state, hint=hint_box, card_buttons=False)}</div>')


def result_html(play: TenPlay, stats: TenStats | None = None) -> str:
    """The day's result: the squares, the points lost, the par, what next, and the player's days."""
    outcome = play.result
    if outcome is None:
        return ""
    day = par(play.puzzle)
    exact = outcome.exact
    summary = ngettext("%(exact)d best choice of ten.", "%(exact)d best choices of ten.", exact) % {"exact": exact}
    lost = _("Points lost in all: %(points)s") % {"points": decimal(outcome.total_loss, 1)}
    casual = _("%(level)s would lose %(points)s.") % {"level": level_name("noisy"), "points": decimal(day.casual, 1)}
    beginner = _("%(level)s would lose %(points)s.") % {"level": level_name("greedy"),
                                                        "points": decimal(day.beginner, 1)}
    practice = _practice(play)
    share = _button("ten-share", _("Share the result"), primary=True)
    again = _button("ten-again", _("Play again as practice"))
    grid = f'<p class="ten-grid" aria-hidden="true">{squares_html(outcome.colours)}</p>'
    days = "" if stats is None else f'<section class="ten-days-played">{days_html(stats)}</section>'
    return (practice + grid + _p("ten-summary", summary) + _p("ten-lost", lost)
            + _p("ten-par", f"{casual} {beginner}")
            + f'<p class="ten-actions">{share} {again}</p>' + days)


def share_text(play: TenPlay, link: str) -> str:
    """The result for a chat: the game, the date, the points lost, the squares and the day's
    link; no position and no choice, so that a friend can still play it."""
    outcome = play.result
    if outcome is None:
        return link
    number = day_number(play.puzzle.date)
    values = {"date": long_date(datetime.date.fromisoformat(play.puzzle.date)),
              "points": decimal(outcome.total_loss, 1), "number": number,
              "game": play.position.game.title_words()}
    if number is None:  # a day before the ten existed: no number to compare
        head = (_("%(game)s · Today's ten, %(date)s, as practice: %(points)s points lost") if play.practice
                else _("%(game)s · Today's ten, %(date)s: %(points)s points lost")) % values
    elif play.practice:
        # Translators: a shared result's first line. Keep "Dice Pad #57"
        # (the day's number) and the game's name (Yahtzee, Yatzy) as they
        # are: friends and chat bots compare one day's results by them.
        head = _("Dice Pad #%(number)d · %(game)s · Today's ten, %(date)s, as practice: "
                 "%(points)s points lost") % values
    else:
        head = _("Dice Pad #%(number)d · %(game)s · Today's ten, %(date)s: %(points)s points lost") % values
    return f"{head}\n{outcome.grid}\n{link}"
