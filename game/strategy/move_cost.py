"""What one move costs against the best, in points of expected final score.

The review values every decision of a finished game this way (:mod:`game.strategy.review`),
and the coach's word before a costly move values the move about to be made the same way
(:mod:`game.session.second_look`), so the two never disagree on a loss.

A hold is valued as the coach's option that keeps the same faces; re-rolling with all five
held changes nothing and is valued as the best option of the same dice with one roll fewer
(the coach does not list it). A box is the coach's option that fills it.

>>> from game.strategy.tables import load_preset
>>> table = load_preset("official")
>>> cost = score_cost(table, {}, (5, 5, 5, 5, 5), 2, 0, "chance")
>>> cost.best.box, round(cost.loss, 1), cost.chosen.box
('yahtzee', 75.9, 'chance')
>>> hold_cost(table, {}, (5, 5, 5, 5, 5), 2, 0, (True,) * 5).loss  # the Yahtzee stays: nothing lost
0.0
>>> round(hold_cost(table, {}, (5, 5, 5, 5, 5), 2, 0, (False,) * 5).loss, 1)
71.4
>>> hold_cost(table, {}, (5, 5, 5, 2, 1), 2, 0, (True, True, True, False, False)).loss
0.0
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from game.core import rules
from game.strategy.options import Option
from game.strategy.ranking import rank_options
from game.strategy.reasons import Reason, explain
from game.strategy.tables import Table

#: A loss below this counts as a tie with the best option: two equal values summed in a
#: different order may differ in their last bits.
TIE = 1e-9


@dataclass(frozen=True)
class MoveCost:
    """A move set against the coach's best: ``after`` is the expected final score the move
    leaves, ``loss`` = ``best.value - after`` (0.0 for a tie, never negative); ``chosen`` is
    the coach's option the move is, None for a re-roll with every die held; ``reason`` says
    why the best is best, against the move."""

    chosen: Option | None
    best: Option
    after: float
    loss: float
    reason: Reason
    options: tuple[Option, ...]  # the coach's ranking of the situation, best first


def hold_cost(table: Table, filled: Mapping[str, int], dice: rules.Dice, rolls_left: int, bonuses: int,
              held: Sequence[bool], options: Sequence[Option] | None = None) -> MoveCost:
    """The cost of re-rolling the dice not ``held`` (``rolls_left`` ≥ 1; ``options``: the
    situation's ranking when the caller has it)."""
    ranked = list(options) if options is not None else rank_options(table, filled, dice, rolls_left, bonuses)
    faces = tuple(sorted(d for d, h in zip(dice, held, strict=True) if h))
    chosen: Option | None = None
    if all(held):  # a re-roll that changes nothing: the same dice, one roll fewer
        after = rank_options(table, filled, dice, rolls_left - 1, bonuses)[0].value
    else:
        chosen = next(o for o in ranked if o.kind == "hold" and o.held_faces == faces)
        after = chosen.value
    return _cost(filled, ranked, rolls_left, chosen, after, table)


def score_cost(table: Table, filled: Mapping[str, int], dice: rules.Dice, rolls_left: int, bonuses: int,
               box: str, options: Sequence[Option] | None = None) -> MoveCost:
    """The cost of filling ``box`` with ``dice`` now; ``ValueError`` if the box cannot take them."""
    ranked = list(options) if options is not None else rank_options(table, filled, dice, rolls_left, bonuses)
    chosen = next((o for o in ranked if o.kind == "score" and o.box == box), None)
    if chosen is None:
        raise ValueError(f"{box} cannot be filled with {dice}")
    return _cost(filled, ranked, rolls_left, chosen, chosen.value, table)


def _cost(filled: Mapping[str, int], ranked: list[Option], rolls_left: int, chosen: Option | None,
          after: float, table: Table) -> MoveCost:
    loss = ranked[0].value - after
    return MoveCost(chosen, ranked[0], after, loss if loss >= TIE else 0.0,
                    explain(filled, ranked, rolls_left, chosen, game=table.game), tuple(ranked))
