"""Why the coach's best move is best, in one or two sentences with exact numbers.

The sentences contrast the best option with the runner-up (the vocabulary comes from the
contrasts that occur most often in play: docs/strategy.md, "Reasons in words"):

- a **hold** names the target it gives the best chance of, and that chance by the end
  of the turn, going for it (:mod:`game.strategy.chances`);
- a **score** says what it writes, and when it is an upper box how the card stands for
  the upper bonus: how much it still needs and how far ahead of par (three of each face);
- then what the runner-up is worth against it, in points of expected final score: what
  rolling on, or keeping a box open, is worth against scoring now.

A :class:`Reason` is values: what the best option does, what the runner-up is against
it, and every number, in :attr:`Reason.facts` under a name that says what it is, so that
tests recompute each one independently. Its words, whole sentences per language, are
``game.screens.reason_words``.

>>> from game.strategy.coach import rank_options
>>> from game.strategy.tables import load_preset
>>> options = rank_options(load_preset("official"), {}, (2, 3, 4, 5, 5), rolls_left=2)
>>> reason = explain({}, options, 2)
>>> reason.opening, reason.contrast, [(f.name, round(f.value, 3), f.box) for f in reason.facts]
('hold_target', 'next_target', [('target_chance', 0.556, 'large_straight'), ('gap', 1.86, None), \
('runner_target_chance', 0.089, 'large_straight')])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from game.core.games import YAHTZEE, Game
from game.strategy.chances import target_boxes, target_chance
from game.strategy.options import NEGLIGIBLE, Option

__all__ = ["NEGLIGIBLE", "Bonus", "Contrast", "Fact", "Opening", "Reason", "best_target", "explain", "par_difference"]


#: What the best option does: a hold that goes for a target, a hold that keeps the most
#: points in reach (no target it improves), a score, a box scratched.
Opening = Literal["hold_target", "hold_keep", "score", "scratch"]
#: How an upper box scored leaves the upper bonus: just earned, out of reach, or still to
#: make (then ``bonus_needed`` and ``par_difference`` say how it stands).
Bonus = Literal["earned", "out_of_reach", "pace"]
#: What the runner-up is against it: none (the only choice), the same (the review, when the
#: player chose the best), the player's choice (a review's hold), rolling on, keeping a box
#: open, another hold's chance of the same target, or just another option.
Contrast = Literal["only", "same", "your_choice", "roll_on", "keep_open", "next_target", "next"]


@dataclass(frozen=True)
class Fact:
    """One number a reason states: what it is (``name``) and its exact value."""

    name: str  # "target_chance", "runner_target_chance", "gap", "bonus_needed", "par_difference"
    value: float
    box: str | None = None  # the box a target chance is about


@dataclass(frozen=True)
class Reason:
    """Why ``best`` is best, as values (``game.screens.reason_words`` words them): what it
    does, how it leaves the upper bonus, what ``runner`` is against it, and every number."""

    best: Option
    opening: Opening
    bonus: Bonus | None
    runner: Option | None
    contrast: Contrast
    facts: tuple[Fact, ...]

    def fact(self, name: str) -> Fact:
        """The fact called ``name`` (the reason has it: its opening and contrast say so)."""
        return next(f for f in self.facts if f.name == name)


def par_difference(filled: Mapping[str, int], game: Game = YAHTZEE) -> int:
    """How far the upper subtotal is above par: three of each filled upper box's face.

    >>> par_difference({"fives": 20, "twos": 4})
    3
    """
    par = sum(3 * (i + 1) for i, box in enumerate(game.upper_names) if box in filled)
    return game.upper_total(filled) - par


def best_target(held: tuple[int, ...], rolls_left: int, filled: Mapping[str, int],
                game: Game = YAHTZEE) -> tuple[str, float] | None:
    """The open box whose target the hold most improves on re-rolling all five dice, with
    its chance; None when no open box has a target the hold does not already make.

    Upper boxes count only when the hold keeps their face. Ties go to the card's order.

    >>> best_target((2, 3, 4, 5), 2, {})[0]
    'large_straight'
    """
    found: tuple[float, str, float] | None = None
    for box in target_boxes(game):
        if box in filled:
            continue
        if box in game.upper_names and game.upper_names.index(box) + 1 not in held:
            continue
        chance = target_chance(box, held, rolls_left, game)
        if chance >= 1.0:  # made by the dice held: nothing to aim at
            continue
        lift = chance - target_chance(box, (), rolls_left, game)
        if lift > 0 and (found is None or lift > found[0]):
            found = (lift, box, chance)
    return None if found is None else (found[1], found[2])


def _bonus(filled: Mapping[str, int], box: str, points: int, facts: list[Fact], game: Game) -> Bonus | None:
    """How the card stands for the upper bonus once ``points`` are in the upper ``box``."""
    after = {**filled, box: points}
    subtotal, threshold = game.upper_total(after), game.bonus_threshold
    if subtotal >= threshold:
        return "earned" if game.upper_total(filled) < threshold else None
    if all(b in after for b in game.upper_names):
        return "out_of_reach"
    facts.append(Fact("bonus_needed", threshold - subtotal))
    facts.append(Fact("par_difference", par_difference(after, game)))
    return "pace"


def _opening(best: Option, filled: Mapping[str, int], rolls_left: int, facts: list[Fact],
             game: Game) -> tuple[Opening, tuple[str, float] | None, Bonus | None]:
    """What the best option does, the target it goes for, and how it leaves the upper bonus."""
    if best.kind == "hold":
        target = best_target(best.held_faces, rolls_left, filled, game)
        if target is None:
            return "hold_keep", None, None
        facts.append(Fact("target_chance", target[1], box=target[0]))
        return "hold_target", target, None
    assert best.box is not None
    bonus = _bonus(filled, best.box, best.points, facts, game) if best.box in game.upper_names else None
    return ("scratch" if best.points == 0 else "score"), None, bonus


def explain(filled: Mapping[str, int], options: Sequence[Option], rolls_left: int,
            versus: Option | None = None, game: Game = YAHTZEE) -> Reason:
    """The reason for ``options[0]`` (the coach's ranking of one situation of ``game``, best
    first), against the runner-up, or against ``versus`` (what a player chose: the review)."""
    best, facts = options[0], list[Fact]()
    opening, target, bonus = _opening(best, filled, rolls_left, facts, game)
    runner = versus if versus is not None else options[1] if len(options) > 1 else None
    contrast: Contrast
    if runner is None:
        contrast = "only"
    elif runner == best:
        contrast = "same"
    else:
        facts.append(Fact("gap", runner.loss))
        if versus is not None and (best.kind == "hold" or runner.kind == "hold"):
            contrast = "your_choice"
        elif best.kind == "score" and runner.kind == "hold":
            contrast = "roll_on"
        elif best.kind == "score" and runner.kind == "score":
            contrast = "keep_open"
        elif best.kind == "hold" and runner.kind == "hold" and target is not None:
            # The runner-up's chance of the same target: what the better hold buys.
            other = target_chance(target[0], runner.held_faces, rolls_left, game)
            facts.append(Fact("runner_target_chance", other, box=target[0]))
            contrast = "next_target"
        else:
            contrast = "next"
    return Reason(best, opening, bonus, runner, contrast, tuple(facts))
