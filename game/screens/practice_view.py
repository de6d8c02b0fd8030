"""Your mistakes to practise, on screen: a position of your games to answer again, its
grading with "Try again", the end of the go, and the review's button, as HTML.

Drawn in Today's ten's dialog as the ten's own positions are (the game's board: its dice
and its card), with the same controls (``ten-roll``, ``ten-next``, the dice and boxes), so
the same keys work; the practice's own buttons carry ``data-practice`` (game/web/inputs.py).

>>> from game.core.language import activate
>>> from game.records.practice_positions import as_position
>>> from game.daily.practice_play import PracticePlay, choose_box
>>> from game.records.practice_record import PracticePosition
>>> from game.strategy.tables import load_preset
>>> activate(None)
>>> spot = PracticePosition("official", (), 0, (5, 5, 5, 5, 5), 2, "box:chance", 75.9, "g1", "2026-12-01")
>>> play = PracticePlay(((spot.key(), as_position(spot, load_preset("official"))),))
>>> "Position 1 of 1" in practice_html(play, [spot]), "Try again" in practice_html(choose_box(play, "chance"), [spot])
(True, True)
>>> count_words(4)
'Practise: 4 positions from your games'
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence

from game.core.language import _, ngettext
from game.core.numbers import decimal, long_date
from game.daily.practice_play import PracticePlay, board_of
from game.records.practice_record import PracticePosition
from game.screens.board import dice_html
from game.screens.choice_words import choice_words
from game.screens.markup import escape
from game.screens.reason_words import reason_words
from game.screens.scorecard import scorecard_html
from game.screens.ten_days import squares_html
from game.screens.ten_view import verdict_words


def _p(css: str, text: str) -> str:
    return f'<p class="{css}">{escape(text)}</p>'


def _button(action: str, text: str, primary: bool = False, ident: str = "") -> str:
    """A button of the practice: ``action`` for data-practice, or ``ident`` for the ten's own controls."""
    css = ' class="primary"' if primary else ""
    what = f'id="{ident}"' if ident else f'data-practice="{escape(action)}"'
    return f'<button type="button" {what}{css}>{escape(text)}</button>'


def count_words(count: int) -> str:
    """The dialog's button to the practice, with how many positions wait there."""
    # Translators: Today's ten: the button to the costliest decisions of the player's own games, to play again.
    return ngettext("Practise: %(count)d position from your games", "Practise: %(count)d positions from your games",
                    count) % {"count": count}


def _chosen(spot: PracticePosition, play: PracticePlay) -> str:
    """What the player did in the game, and what it cost: the mistake to mend."""
    position = play.position
    kind, _colon, what = spot.chosen.partition(":")
    chosen = next((o for o in position.options if (o.box == what if kind == "box" else
                                                   o.kind == "hold" and "".join(map(str, o.held_faces)) == what)),
                  None)
    done = choice_words(chosen, position.game) if chosen is not None else spot.chosen
    day = long_date(datetime.date.fromisoformat(spot.finished))
    # Translators: your mistakes to practise: the game the position comes from (its date), what the player
    # chose there ("Score 25 in Chance") and the points of expected score it lost.
    return _p("practice-then", _("In your game of %(date)s you chose: %(choice)s. Points lost: %(points)s")
              % {"date": day, "choice": done, "points": decimal(spot.loss, 1)})


def _graded(play: PracticePlay) -> str:
    graded = play.last
    assert graded is not None
    game = graded.position.game
    verdict = (f'<p class="ten-verdict">{squares_html([graded.colour])} '
               f'{escape(verdict_words(graded.colour, graded.loss))}</p>')
    last = play.index + 1 == len(play.positions)
    # Translators: your mistakes to practise: the button on to the next position of the player's games.
    follow = _button("", _("See how it went") if last else _("Next position"), primary=True, ident="ten-next")
    if play.solved:
        said = _p("practice-solved", _("Solved: this position leaves your practice list."))
        return (verdict + said + _p("ten-reason", reason_words(graded.reason, game))
                + f'<p class="ten-actions">{follow}</p>')
    if play.revealed:
        best = _p("ten-best", _("Best: %(choice)s") % {"choice": choice_words(graded.best, game)})
        kept = _p("practice-kept", _("The position stays in your practice list for another day."))
        return (verdict + best + _p("ten-reason", reason_words(graded.reason, game)) + kept
                + f'<p class="ten-actions">{follow}</p>')
    # Translators: your mistakes to practise: after a choice that was not the best (or near it).
    said = _p("practice-retry", _("Not yet: try again, or see the best."))
    again = _button("again", _("Try again"), primary=True)
    show = _button("reveal", _("Show the best"))
    return verdict + said + f'<p class="ten-actions">{again} {show}</p>'


def practice_html(play: PracticePlay, spots: Sequence[PracticePosition], problem: str = "") -> str:
    """The dialog's body: the position on screen, asked or graded (``spots``: the kept
    positions in the play's order), or the end of the go; ``problem``: a refusal in words."""
    if not play.positions:
        return empty_html()
    if play.done:
        return done_html(play)
    position, state = play.position, board_of(play)
    graded = play.last
    shown = graded is not None and (play.solved or play.revealed)
    hint_box = graded.best.box if shown and graded is not None else None
    hint_dice = graded.best.hold if shown and graded is not None else None
    # Translators: your mistakes to practise: which position this is, and when in its game it came.
    progress = _("Position %(number)d of %(count)d · turn %(turn)d, after roll %(roll)d") % {
        "number": play.index + 1, "count": len(play.positions), "turn": position.turn, "roll": position.roll}
    if graded is not None:
        middle = _graded(play)
    else:
        ask = (_("Hold the dice you keep and roll, or choose a box.") if position.rolls_left
               else _("No roll left: choose a box."))
        roll = _button("", _("Roll the others"), primary=True, ident="ten-roll") if position.rolls_left else ""
        # Translators: your mistakes to practise: skip this position for now (it stays in the list).
        skip = _button("skip", _("Skip"))
        middle = _p("ten-ask", ask) + f'<p class="ten-actions">{roll} {skip}</p>'
    refused = _p("ten-problem", problem) if problem else ""
    dice = escape(_("Dice: press 1 to 5 to hold"))
    return (_p("ten-progress", progress) + _chosen(spots[play.index], play) + refused
            + f'<div class="dice ten-dice" role="group" aria-label="{dice}">{dice_html(state, hint=hint_dice)}</div>'
            + middle + f'<div class="pad ten-pad">{scorecard_html(state, hint=hint_box, card_buttons=False)}</div>')


def done_html(play: PracticePlay) -> str:
    """The end of a go: how many were solved, how many are left, and what next."""
    solved, left = len(play.solved_keys), len(play.positions) - len(play.solved_keys)
    said = ngettext("%(count)d position solved.", "%(count)d positions solved.", solved) % {"count": solved}
    rest = (ngettext("%(count)d position is left to practise.", "%(count)d positions are left to practise.", left)
            % {"count": left}) if left else _("Your practice list is empty: well played.")
    # Translators: your mistakes to practise: another go at the positions still in the list.
    again = _button("open", _("Practise again"), primary=True) if left else ""
    back = _button("", _("Back to today's ten"), primary=not left, ident="ten-today")
    return _p("practice-done", f"{said} {rest}") + f'<p class="ten-actions">{again} {back}</p>'


def empty_html() -> str:
    """No position to practise in this game."""
    said = _("Nothing to practise yet: after each game, its costliest decisions wait here for another go.")
    back = _button("", _("Back to today's ten"), primary=True, ident="ten-today")
    return _p("practice-empty", said) + f'<p class="ten-actions">{back}</p>'


def review_button_html(count: int, new: int, game_id: str, seat: int, ruleset: str) -> str:
    """The review's way to the practice: its ``count`` positions, ``new`` of them not yet in
    the list; nothing when the game gave none."""
    if count == 0:
        return ""
    if new:
        # Translators: the review: add this game's costliest decisions to the practice and play them.
        text = ngettext("Practise this position", "Practise these %(count)d positions", count) % {"count": count}
        return f'<p class="review-practise">{_button(f"add:{game_id}:{seat}", text)}</p>'
    there = ngettext("This position is already in your practice list.",
                     "These %(count)d positions are already in your practice list.", count) % {"count": count}
    # Translators: the review: the button to the practice, when this game's positions are already there.
    follow = _button(f"open:{ruleset}", _("Open the practice"))
    return f'<p class="review-practise">{escape(there)} {follow}</p>'
