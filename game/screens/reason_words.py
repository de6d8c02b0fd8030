"""The coach's reasons in words: whole sentences per language, with exact numbers.

A :class:`~game.strategy.reasons.Reason` is values (what the best option does, what the
runner-up is against it, and every number); here each case is one whole sentence in the
catalogs, never a sentence glued from pieces, since word order and grammar differ from
one language to the next. A reason is two sentences, or more when an upper box's score
leaves the upper bonus to make.

>>> from game.core.language import activate
>>> from game.core.games import YAHTZEE
>>> from game.strategy.coach import rank_options
>>> from game.strategy.reasons import explain
>>> from game.strategy.tables import load_preset
>>> activate(None)
>>> options = rank_options(load_preset("official"), {}, (2, 3, 4, 5, 5), rolls_left=2)
>>> print(reason_words(explain({}, options, 2), YAHTZEE))
Holding 2-3-4-5 gives a 55.6% chance of a Large straight by the end of the turn, going for it. \
The next best choice, Hold 5-5, roll 3, gives it 8.9% and is worth 1.9 points less.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.games import Game
from game.core.language import _, ngettext
from game.core.numbers import decimal, percent
from game.screens.choice_words import choice_words
from game.strategy.options import NEGLIGIBLE

if TYPE_CHECKING:  # the reasons import the pattern chances, built when first hinted (tests/test_layers.py)
    from game.strategy.reasons import Fact, Reason

def fact_words(fact: Fact) -> str:
    """A fact's number as the reason shows it: a chance as a percentage, points with one
    decimal (a gap below :data:`~game.strategy.reasons.NEGLIGIBLE` as that bound)."""
    if fact.name in ("target_chance", "runner_target_chance"):
        return percent(fact.value, 1)
    if fact.name == "gap":
        return decimal(NEGLIGIBLE, 2) if fact.value < NEGLIGIBLE else decimal(fact.value, 1)
    return str(abs(int(fact.value)))


def _opening(reason: Reason, game: Game) -> str:
    best = reason.best
    faces = "-".join(map(str, best.held_faces))
    if reason.opening == "hold_keep":
        return (_("Holding %(faces)s keeps the most points in reach.") % {"faces": faces} if faces
                else _("Rolling all five keeps the most points in reach."))
    if reason.opening == "hold_target":
        fact = reason.fact("target_chance")
        values = {"faces": faces, "chance": fact_words(fact), "target": game.target_words(str(fact.box))}
        # Translators: %(chance)s is a percentage ("55.6%"); %(target)s what the dice go for ("a Large straight").
        return (_("Holding %(faces)s gives a %(chance)s chance of %(target)s by the end of the turn, going for it.")
                % values if faces else
                _("Rolling all five gives a %(chance)s chance of %(target)s by the end of the turn, going for it.")
                % values)
    box = game.box_label(str(best.box))
    if reason.opening == "scratch":
        return _("Scratching %(box)s costs the least of the boxes you could fill.") % {"box": box}
    return _("Score %(points)d in %(box)s now.") % {"points": best.points, "box": box}


def _bonus(reason: Reason) -> list[str]:
    if reason.bonus == "earned":
        return [_("That earns the upper bonus.")]
    if reason.bonus == "out_of_reach":
        return [_("The upper bonus is then out of reach.")]
    if reason.bonus is None:
        return []
    need = int(reason.fact("bonus_needed").value)
    pace = int(reason.fact("par_difference").value)
    said = [ngettext("The upper bonus then needs %(count)d more point.",
                     "The upper bonus then needs %(count)d more points.", need) % {"count": need}]
    if pace == 0:
        # Translators: par is three of each face in the upper boxes filled so far (63 for all six).
        said.append(_("The card is on par."))
    elif pace > 0:
        said.append(ngettext("The card is %(count)d point ahead of par.",
                             "The card is %(count)d points ahead of par.", pace) % {"count": pace})
    else:
        said.append(ngettext("The card is %(count)d point behind par.",
                             "The card is %(count)d points behind par.", -pace) % {"count": -pace})
    return said


def _contrast(reason: Reason, game: Game) -> str:
    if reason.contrast == "only":
        return _("It is the only choice.")
    if reason.contrast == "same":
        return _("Your choice was this one.")
    assert reason.runner is not None
    gap = reason.fact("gap")
    close = gap.value < NEGLIGIBLE
    values = {"choice": choice_words(reason.runner, game), "gap": fact_words(gap), "points": reason.runner.points,
              "box": game.box_label(reason.runner.box) if reason.runner.box else ""}
    if reason.contrast == "your_choice":
        # Translators: %(gap)s is always a number with decimals ("1.9", "0.05"), in points of expected final score.
        return (_("Your choice, %(choice)s, is as good to within %(gap)s points.") if close
                else _("Your choice, %(choice)s, is worth %(gap)s points less.")) % values
    if reason.contrast == "roll_on":
        return (_("Rolling on (%(choice)s) is as good to within %(gap)s points.") if close
                else _("Rolling on (%(choice)s) is worth %(gap)s points less.")) % values
    if reason.contrast == "keep_open":
        return (_("Keeping %(box)s open is as good as scoring %(points)d there now, to within %(gap)s points.")
                if close else
                _("Keeping %(box)s open is worth %(gap)s points more than scoring %(points)d there now.")) % values
    if reason.contrast == "next_target":
        values["chance"] = fact_words(reason.fact("runner_target_chance"))
        return (_("The next best choice, %(choice)s, gives it %(chance)s and is as good to within %(gap)s points.")
                if close else
                _("The next best choice, %(choice)s, gives it %(chance)s and is worth %(gap)s points less.")) % values
    return (_("The next best choice, %(choice)s, is as good to within %(gap)s points.") if close
            else _("The next best choice, %(choice)s, is worth %(gap)s points less.")) % values


def reason_words(reason: Reason, game: Game) -> str:
    """The reason in the language spoken now: what the best option does, then the runner-up
    (the boxes by ``game``'s names)."""
    return " ".join([_opening(reason, game), *_bonus(reason), _contrast(reason, game)])
