"""The exact outcomes of a turn played by the optimal policy, and of the last turns of a game
(any game: :mod:`game.strategy.turns` sees it through its table).

A turn from a card ends with one box filled: this module gives the chance of every
(box, points in it, points the turn adds) — bonuses included — when every keep and the
box are the ones the coach ranks first (game.strategy.coach). The chances are pushed
forward through the turn's three rolls with the same keep tables the values are computed
with: a keep re-rolls its missing dice, each showing a face with chance 1/6.

:func:`points_to_come` chains turns to the end of the game: the exact distribution of the
points a card still adds, cheap while few boxes are open (win chances use it there).

>>> from game.core.games import YATZY
>>> from game.strategy.tables import load_preset
>>> lowest = {b: min(rules.possible_box_values(b)) for b in rules.BOXES}  # a card of its lowest scores
>>> outcomes = turn_outcomes(load_preset("official"), {b: v for b, v in lowest.items() if b != "yahtzee"})
>>> round(outcomes[("yahtzee", 50, 50)], 4)  # the chance of a Yahtzee in three rolls, going for it
0.046
>>> no_yahtzee = {b: v for b, v in lowest.items() if b != "yahtzee"}
>>> mid = turn_outcomes(load_preset("official"), no_yahtzee, (6, 6, 6, 6, 1), 1)  # mid-turn: one re-roll left
>>> round(mid[("yahtzee", 50, 50)], 4)  # four sixes held: the fifth with chance 1/6
0.1667
>>> to_come = points_to_come(load_preset("official"), {b: v for b, v in lowest.items() if b != "chance"})
>>> min(to_come), max(to_come), round(sum(to_come.values()), 12)
(5, 30, 1.0)
>>> from game.strategy.game_tables import load_ruleset
>>> yatzy = load_ruleset("yatzy")
>>> low = {b: 0 if b != "chance" else 5 for b in YATZY.names if b != "yatzy"}  # all but Yatzy filled
>>> round(turn_outcomes(yatzy, low)[("yatzy", 50, 50)], 4)
0.046
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from game.core import rules
from game.strategy.coach import YAHTZEE_ROWS
from game.strategy.rolls import CHILDREN, PARENTS, ROLL_INDEX, ROLL_OFFSET, ROLL_PROBS, ROLLS, sub_keeps
from game.strategy.tables import YAHTZEE_BIT, Table
from game.strategy.turns import State, columns, full_mask, gained, state_of, turn_values, value_after

#: One outcome of a turn: the box filled, the points written in it, the points the turn adds
#: (the box's, plus an upper bonus it earns, plus a Yahtzee bonus).
Outcome = tuple[str, int, int]
_KEEPS_OF_ROLL = tuple(sub_keeps(roll) for roll in ROLLS)


def _reroll(keep_mass: list[float]) -> list[float]:
    """The chance of each of the 252 rolls after re-rolling from keeps with these masses
    (462 entries, by keep index): a keep one die short passes 1/6 to each keep one die larger."""
    mass = keep_mass[:]
    for k in range(ROLL_OFFSET):
        if mass[k]:
            share = mass[k] / 6.0
            for child in CHILDREN[k]:
                mass[child] += share
    return mass[ROLL_OFFSET:]


def _keep(rolls: list[float], values: list[float]) -> list[float]:
    """Each roll's mass moved to the keep inside it of highest value (the first of equals)."""
    mass = [0.0] * (ROLL_OFFSET + len(ROLLS))
    if sum(1 for m in rolls if m) > _FEW:
        best = _best_keeps(values)
        for r, m in enumerate(rolls, start=ROLL_OFFSET):
            if m:
                mass[best[r]] += m
        return mass
    for r, m in enumerate(rolls):
        if m:
            keeps = _KEEPS_OF_ROLL[r]
            top = keeps[0]
            for k in keeps:
                if values[k] > values[top]:
                    top = k
            mass[top] += m
    return mass


#: Above so many rolls, :func:`_keep` finds every keep's best keep inside it at once.
_FEW = 16


def _best_keeps(values: list[float]) -> list[int]:
    """For each keep, the keep inside it (itself included) of highest value, the first (lowest
    index) of equals: from the keeps one die smaller, smallest first (each keep inside another
    is inside one of those, or is the other)."""
    best = list(range(len(values)))
    for k in range(1, len(values)):
        top = best[k]
        for p in PARENTS[k]:
            b = best[p]
            if values[b] > values[top] or (values[b] == values[top] and b < top):
                top = b
        best[k] = top
    return best


def turn_outcomes(table: Table, filled: Mapping[str, int], dice: Sequence[int] | None = None,
                  rolls_left: int = 2) -> dict[Outcome, float]:
    """The chance of every outcome of one turn played optimally from ``filled`` (not full),
    in the game of ``table``: from the turn's start, or, with ``dice``, from these dice with
    ``rolls_left`` re-rolls still allowed (0, 1 or 2) and the rest of the turn played optimally."""
    turn = turn_values(table, filled)
    stages: tuple[int, ...] = (2, 1)
    if dice is None:
        rolls = list(ROLL_PROBS)
    else:
        if rolls_left not in (0, 1, 2):
            raise ValueError(f"rolls_left is 0, 1 or 2, not {rolls_left!r}")
        rolls = [0.0] * len(ROLLS)
        rolls[ROLL_INDEX[tuple(sorted(dice))]] = 1.0
        stages = (2, 1)[2 - rolls_left:]
    for left in stages:
        rolls = _reroll(_keep(rolls, turn.keeps(left)))
    state = state_of(table, filled)
    choices = _choices(table, filled, state)
    out: dict[Outcome, float] = {}
    for r, m in enumerate(rolls):
        if not m:
            continue
        box, written = choices[r]
        bonus = table.game.five_alike_bonus(filled, ROLLS[r]) if r in YAHTZEE_ROWS else 0
        key = (box, written, gained(table, state, box, written) + bonus)
        out[key] = out.get(key, 0.0) + m
    return out


def _choices(table: Table, filled: Mapping[str, int], state: State) -> list[tuple[str, int]]:
    """For each of the 252 rolls, the box the coach fills and the points written: the best
    by :func:`~game.strategy.turns.value_after`, the first of equals in box order. Column by
    column as the turn's values are (the legal boxes per roll cost 5 times as much), except
    five of a kind once Yahtzee's box is filled, where the Joker rules decide."""
    best: list[tuple[str, int]] = [("", 0)] * len(ROLLS)
    top = [float("-inf")] * len(ROLLS)
    for box, written in columns(table, state[0]):
        worth = {p: value_after(table, state, box, p) for p in set(written)}
        for r, p in enumerate(written):
            if worth[p] > top[r]:
                top[r], best[r] = worth[p], (box, p)
    if table.game.five_alike_extra and state[0] & YAHTZEE_BIT:
        for row in YAHTZEE_ROWS:
            legal = rules.legal_scores(table.preset, filled, ROLLS[row])
            box = max(legal, key=lambda b: value_after(table, state, b, legal[b]))  # the first of equals
            best[row] = (box, legal[box])
    return best


def points_to_come(table: Table, filled: Mapping[str, int]) -> dict[int, float]:
    """The exact distribution of the points a card still adds under optimal play
    (``{points: chance}``); its cost grows fast with the boxes open (one or two: milliseconds)."""
    return _to_come(table, dict(filled), {})


def _to_come(table: Table, filled: dict[str, int], seen: dict[State, dict[int, float]]) -> dict[int, float]:
    key = state_of(table, filled)
    if key[0] == full_mask(table.game):
        return {0: 1.0}
    if key not in seen:
        dist: dict[int, float] = {}
        for (box, written, points), chance in turn_outcomes(table, filled).items():
            for later, p in _to_come(table, {**filled, box: written}, seen).items():
                dist[points + later] = dist.get(points + later, 0.0) + chance * p
        seen[key] = dist
    return seen[key]
