"""The review screen: where a game's expected points were lost, costliest first.

HTML built from a :class:`~game.strategy.review.Review`; the player's name sits in a
``data-name-seat="0"`` slot that the DOM layer fills as text. What the player did is
worded by :func:`game.screens.choice_words.choice_words`, as the coach's options are, and
every sentence comes from the catalogs (``data-*`` attributes keep dot decimals: a contract).

>>> from game.core.dice import ScriptedDice
>>> from game.core.language import activate
>>> from game.core.state import new_game
>>> from game.strategy.review import review
>>> from game.strategy.tables import load_preset
>>> activate(None)
>>> state = new_game(["Ann"], seed="doc").roll(ScriptedDice([5, 5, 5, 5, 5])).score("chance")
>>> html = review_html(review(state, 0, load_preset("official")))
>>> "Score 25 in Chance" in html and "lost <strong>75.87</strong>" in html
True
>>> "Points given up: <strong>75.9</strong>" in html
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.core.games import YAHTZEE, Game
from game.core.language import _, ngettext, pgettext
from game.core.numbers import decimal, percent
from game.screens.charts import review_svg
from game.screens.choice_words import choice_words
from game.screens.markup import escape, name_slot, unbroken_faces
from game.screens.reason_words import reason_words
from game.screens.review_words import dice_words, rating_words
from game.strategy.review import Decision, Review

if TYPE_CHECKING:  # the review of playing to win comes after the review, with the spread table
    from game.strategy.review_to_win import Parting


def _html(message: str, **markup: object) -> str:
    """A catalog's sentence as HTML, its placeholders filled with markup (name slots, <strong>)."""
    return escape(message) % markup


def _row(d: Decision, game: Game) -> str:
    mark = ' class="loss"' if d.loss else ""
    # Translators: in the review's table, the Optimal column when the player's choice was the best.
    optimal = pgettext("review table", "✓ same") if not d.loss else choice_words(d.best, game)
    dice, chosen, best, reason = (unbroken_faces(escape(text)) for text in (
        dice_words(d.dice), choice_words(d, game), optimal, reason_words(d.reason, game)))
    return (f'<tr{mark} data-decision="{d.number}" data-loss="{d.loss:.6f}"><td>{d.turn}</td><td>{d.roll}</td>'
            f"<td>{dice}</td><td>{chosen}</td>"
            f"<td>{best}</td><td>{escape(decimal(d.loss, 2) if d.loss else decimal(0))}</td>"
            f"<td data-coach-reason>{reason}</td></tr>")


def _head() -> str:
    """The decisions table's column headers."""
    columns = [
        pgettext("review table", "Turn"), pgettext("review table", "Roll"), pgettext("review table", "Dice"),
        # Translators: the review table's column of what the player chose.
        pgettext("review table", "You"),
        # Translators: the review table's column of the coach's best choice.
        pgettext("review table", "Optimal"),
        # Translators: the review table's column of the points of expected score lost.
        pgettext("review table", "Lost"),
        # Translators: the review table's column of the coach's reason.
        pgettext("review table", "Why"),
    ]
    return "<thead><tr>" + "".join(f'<th scope="col">{escape(c)}</th>' for c in columns) + "</tr></thead>"


def _summary(review: Review) -> str:
    """Who, how much was lost over how many decisions, the mean and its rating."""
    count = len(review.decisions)
    sentence = ngettext(
        "%(name)s: %(lost)s points of expected score lost over %(count)d decision; mean %(mean)s per "
        "decision: %(rating)s",
        "%(name)s: %(lost)s points of expected score lost over %(count)d decisions; mean %(mean)s per "
        "decision: %(rating)s", count)
    said = _html(sentence, name=name_slot(0), count=count,
                 lost=f'<strong data-total-loss="{review.total_loss:.6f}">{escape(decimal(review.total_loss, 2))}'
                      "</strong>",
                 mean=f"<strong>{escape(decimal(review.mean_loss, 3))}</strong>",
                 rating=f'<strong class="rating">{escape(rating_words(review.rating))}</strong>')
    # Translators: "expert" is the review's rating of that name (context "rating").
    note = _("(below %(limit)s per decision is expert level on Tom Verhoeff's proficiency scale)")
    return (_given_up(review)
            + f'<p class="review-summary">{said} <small>{_html(note, limit=escape(decimal(0.2, 1)))}</small></p>')


def _given_up(review: Review) -> str:
    """The rating and, beside it, the points given up against perfect play: the sum of the
    decisions' losses (the number the coach panel and the end screen keep as the game goes)."""
    # Translators: the review's headline: the player's rating ("expert", context "rating").
    rating = _html(_("Rating: %(rating)s"), rating=f"<strong>{escape(rating_words(review.rating))}</strong>")
    # Translators: the points of expected score lost against perfect play, all decisions summed.
    given = _html(_("Points given up: %(points)s"), points=f"<strong>{escape(decimal(review.total_loss, 1))}</strong>")
    return (f'<p class="review-headline"><span class="review-rating">{rating}</span> '
            f'<span class="review-given-up" data-given-up="{review.total_loss:.6f}">{given}</span></p>')


def _costly(d: Decision, game: Game) -> str:
    """One of the costliest decisions: when, what the player did, the best, the loss, why."""
    # Translators: one of the review's costliest decisions; the dice as digits ("5-5-2-3-1"), then
    # what the player chose and the coach's best choice ("Score 25 in Chance", "Hold 6-6, roll 3").
    sentence = _("Turn %(turn)d, roll %(roll)d (%(dice)s): %(choice)s — best was %(best)s; lost %(loss)s")
    said = _html(sentence, turn=d.turn, roll=d.roll, dice=dice_words(d.dice), choice=escape(choice_words(d, game)),
                 best=escape(choice_words(d.best, game)), loss=f"<strong>{escape(decimal(d.loss, 2))}</strong>")
    return (f'<li data-decision="{d.number}">{said}'
            f'<p class="coach-reason" data-coach-reason>{escape(reason_words(d.reason, game))}</p></li>')


def review_html(review: Review) -> str:
    """The whole review: the summary, the costliest decisions, the chart and every decision."""
    if review.costliest:
        items = "".join(_costly(d, review.game) for d in review.costliest)
        heading = escape(_("Costliest decisions"))
        costliest = f'<h3>{heading}</h3><ol class="costliest">{items}</ol>'
    else:
        flawless = escape(_("Every decision matched optimal play."))
        costliest = f'<p class="flawless">{flawless}</p>'
    rows = "".join(_row(d, review.game) for d in review.decisions)
    table = f'<table class="decisions">{_head()}<tbody>{rows}</tbody></table>'
    chart = review_svg(review, _("Expected final score"))
    every = escape(_("Every decision"))
    return (_summary(review) + costliest + f'<figure class="review-chart">{chart}</figure>'
            f"<details><summary>{every}</summary>{table}</details>")


def parting_html(partings: Sequence[Parting], beat: int | None = None, game: Game = YAHTZEE) -> str:
    """The decisions where the best choice for the goal was another than the best for the
    average, each with its chance and that of what the player did. The goal: to win a game
    of several, or with ``beat`` (a challenge's score, alone), to beat it."""
    title = _("Playing to win")
    heading = f"<h3>{escape(title)}</h3>"
    if not partings:
        said = escape(_("Every best choice for the average was also the best chance to win.") if beat is None else
                      _("Every best choice for the average was also the best chance to beat %(score)d.")
                      % {"score": beat})
        return f'<section class="review-to-win">{heading}<p>{said}</p></section>'
    items = "".join(_parting(p, beat, game) for p in partings)
    return f'<section class="review-to-win">{heading}<ol class="parting">{items}</ol></section>'


def _parting(p: Parting, beat: int | None, game: Game) -> str:
    d = p.decision
    if beat is None:
        # Translators: the review, in a game of several; each choice has its chance to win in brackets,
        # e.g. "Turn 11, roll 1 (5-3-6-5-2): to win, Hold 5-5, roll 3 (2.7%); for the average, Hold 2-3-5-6,
        # roll 1 (2.6%); you: Hold 2-3-5-6, roll 1 (2.6%)".
        sentence = _("Turn %(turn)d, roll %(roll)d (%(dice)s): to win, %(to_win)s (%(chance)s); for the average, "
                     "%(average)s (%(average_chance)s); you: %(choice)s (%(chosen)s)")
    else:
        # Translators: the review of a challenge (a friend's score to beat); each choice has its chance to
        # beat the score in brackets, e.g. "Turn 12, roll 2 (6-6-2-3-1): to beat 231, Hold 6-6, roll 1 (18.0%);
        # for the average, Score 25 in Full house (9.0%); you: Score 25 in Full house (9.0%)".
        sentence = _("Turn %(turn)d, roll %(roll)d (%(dice)s): to beat %(score)d, %(to_win)s (%(chance)s); "
                     "for the average, %(average)s (%(average_chance)s); you: %(choice)s (%(chosen)s)")
    said = _html(sentence, turn=d.turn, roll=d.roll, dice=dice_words(d.dice), score=beat,
                 to_win=f"<strong>{escape(choice_words(p.to_win.option, game))}</strong>",
                 chance=escape(percent(p.to_win.chance, 1)), average=escape(choice_words(d.best, game)),
                 average_chance=escape(percent(p.average, 1)), choice=escape(choice_words(d, game)),
                 chosen=escape(percent(p.chosen, 1)) if p.chosen is not None else "–")
    return f'<li data-decision="{d.number}" data-win-chance="{p.to_win.chance:.4f}">{said}</li>'
