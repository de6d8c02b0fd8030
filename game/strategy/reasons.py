"""Why the coach's best move is best, in one or two sentences with exact numbers.

The sentences contrast the best option with the runner-up (the vocabulary comes from the
contrasts that occur most often in play: docs/strategy.md, "Reasons in words"):

- a **hold** names the target it gives the best chance of, and that chance by the end
  of the turn, going for it (:mod:`game.strategy.chances`);
- a **score** says what it writes, and when it is an upper box how the card stands for
  the upper bonus: how much it still needs and how far ahead of par (three of each face);
- then what the runner-up is worth against it, in points of expected final score: what
  rolling on, or keeping a box open, is worth against scoring now.

Every number in the text is in :attr:`Reason.facts`, under a name that says what it is,
so that tests recompute each one independently.

>>> from game.strategy.coach import rank_options
>>> from game.strategy.tables import load_preset
>>> options = rank_options(load_preset("official"), {}, (2, 3, 4, 5, 5), rolls_left=2)
>>> print(explain({}, options, 2).text)
Holding 2-3-4-5 gives a 55.6% chance of a Large straight by the end of the turn, going for it. \
The next best choice, Hold 5-5, roll 3, gives it 8.9% and is worth 1.9 points less.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from game.core import rules
from game.strategy.chances import TARGET_BOXES, target_chance, target_label
from game.strategy.options import Option, describe

#: Below this gap the runner-up is called as good as the best (the number is then shown
#: as "less than 0.05 points"): values are quantized to about a thousandth of a point.
NEGLIGIBLE = 0.05


@dataclass(frozen=True)
class Fact:
    """One number a reason states: what it is (``name``), its exact value, and its text."""

    name: str  # "target_chance", "runner_target_chance", "gap", "bonus_needed", "par_difference"
    value: float
    shown: str
    box: str | None = None  # the box a target chance is about


@dataclass(frozen=True)
class Reason:
    """The words, and every number in them."""

    text: str
    facts: tuple[Fact, ...]


def par_difference(filled: Mapping[str, int]) -> int:
    """How far the upper subtotal is above par: three of each filled upper box's face.

    >>> par_difference({"fives": 20, "twos": 4})
    3
    """
    par = sum(3 * (i + 1) for i, box in enumerate(rules.UPPER_BOXES) if box in filled)
    return rules.upper_subtotal(filled) - par


def best_target(held: tuple[int, ...], rolls_left: int, filled: Mapping[str, int]) -> tuple[str, float] | None:
    """The open box whose target the hold most improves on re-rolling all five dice, with
    its chance; None when no open box has a target the hold does not already make.

    Upper boxes count only when the hold keeps their face. Ties go to the card's order.

    >>> best_target((2, 3, 4, 5), 2, {})[0]
    'large_straight'
    """
    found: tuple[float, str, float] | None = None
    for box in TARGET_BOXES:
        if box in filled:
            continue
        if box in rules.UPPER_BOXES and rules.UPPER_BOXES.index(box) + 1 not in held:
            continue
        chance = target_chance(box, held, rolls_left)
        if chance >= 1.0:  # made by the dice held: nothing to aim at
            continue
        lift = chance - target_chance(box, (), rolls_left)
        if lift > 0 and (found is None or lift > found[0]):
            found = (lift, box, chance)
    return None if found is None else (found[1], found[2])


def _percent(chance: float) -> str:
    return f"{100 * chance:.1f}%"


def _points(gap: float) -> str:
    return "less than 0.05 points" if gap < NEGLIGIBLE else f"{gap:.1f} points"


def _bonus_clause(filled: Mapping[str, int], box: str, points: int, facts: list[Fact]) -> str:
    """How the card stands for the upper bonus once ``points`` are in the upper ``box``."""
    after = {**filled, box: points}
    subtotal = rules.upper_subtotal(after)
    if subtotal >= rules.UPPER_BONUS_THRESHOLD:
        if rules.upper_subtotal(filled) < rules.UPPER_BONUS_THRESHOLD:
            return ", which earns the upper bonus"
        return ""
    if all(b in after for b in rules.UPPER_BOXES):
        return ", and the upper bonus is out of reach"
    need = rules.UPPER_BONUS_THRESHOLD - subtotal
    diff = par_difference(after)
    pace = "on par" if diff == 0 else f"{abs(diff)} {'ahead of' if diff > 0 else 'behind'} par"
    facts.append(Fact("bonus_needed", need, f"needs {need} more"))
    facts.append(Fact("par_difference", diff, pace))
    return f"; the upper bonus then needs {need} more, and the card is {pace}"


def explain(filled: Mapping[str, int], options: Sequence[Option], rolls_left: int,
            versus: Option | None = None) -> Reason:
    """The reason for ``options[0]`` (the coach's ranking of one situation, best first),
    against the runner-up, or against ``versus`` (what a player chose: the review)."""
    best, facts = options[0], []
    words: list[str] = []
    target = None
    if best.kind == "hold":
        target = best_target(best.held_faces, rolls_left, filled)
        held = "-".join(map(str, best.held_faces)) if best.held_faces else None
        doing = f"Holding {held}" if held else "Rolling all five"
        if target is None:
            words.append(f"{doing} keeps the most points in reach.")
        else:
            box, chance = target
            facts.append(Fact("target_chance", chance, _percent(chance), box=box))
            words.append(f"{doing} gives a {_percent(chance)} chance of {target_label(box)} by the end of "
                         "the turn, going for it.")
    else:
        assert best.box is not None
        label = rules.BOX_LABELS[best.box]
        if best.points == 0:
            words.append(f"Scratching {label} costs the least of the boxes you could fill")
        else:
            words.append(f"Score {best.points} in {label} now")
        if best.box in rules.UPPER_BOXES:
            words[-1] += _bonus_clause(filled, best.box, best.points, facts)
        words[-1] += "."
    runner = versus if versus is not None else options[1] if len(options) > 1 else None
    if runner is None:
        words.append("It is the only choice.")
    elif runner == best:
        words.append("Your choice was this one.")
    else:
        gap = runner.loss
        facts.append(Fact("gap", gap, _points(gap)))
        if versus is not None and (best.kind == "hold" or runner.kind == "hold"):
            words.append(f"Your choice, {describe(runner)}, is worth {_points(gap)} less.")
        elif best.kind == "score" and runner.kind == "hold":
            words.append(f"Rolling on ({describe(runner)}) is worth {_points(gap)} less.")
        elif best.kind == "score" and runner.kind == "score":
            assert runner.box is not None
            words.append(f"Keeping {rules.BOX_LABELS[runner.box]} open is worth {_points(gap)} more than "
                         f"scoring {runner.points} there now.")
        elif best.kind == "hold" and runner.kind == "hold" and target is not None:
            # The runner-up's chance of the same target: what the better hold buys.
            other = target_chance(target[0], runner.held_faces, rolls_left)
            facts.append(Fact("runner_target_chance", other, _percent(other), box=target[0]))
            words.append(f"The next best choice, {describe(runner)}, gives it {_percent(other)} and is worth "
                         f"{_points(gap)} less.")
        else:
            words.append(f"The next best choice, {describe(runner)}, is worth {_points(gap)} less.")
    return Reason(" ".join(words), tuple(facts))
