"""The points still to come from a card: a few turns worked out exactly, then the spread
table's quantiles, kept by card state: the first pass of the finish range
(:mod:`game.strategy.finish_range`, which says when a finer pass is wanted).

- **At most** :data:`EXACT_OPEN` **boxes open: exactly**, every outcome of every turn left
  (:func:`game.strategy.turn_outcomes.turn_outcomes`: each roll and keep of a turn),
  chained to the end of the game.
- **Earlier, at a turn's start:** the next :data:`DEPTH` turns exactly (two), and the
  points still to come from each card they can leave taken from that card: exactly if it
  has at most EXACT_OPEN boxes open, else as its state's 64 quantiles in the spread table
  (:mod:`game.strategy.spread`), each an equal share at its whole point. Where
  :func:`game.strategy.win_chances.forecast` works out one turn, two are needed here: a
  percentile reads the distribution function at one level, where the quantiles' steps of
  1/64 average out over the ~40 outcomes of one turn to 1 point and more in 1% of the
  percentiles (up to 4), over the ~1,600 of two in 0.1% (where it is nearly flat).
- **Mid-turn:** the rest of this turn exactly from the dice and re-rolls left (the keeps
  the value table picks), then each card it can leave from its turn's start as above, one
  exact turn less for a card it leaves with less than :data:`DEEP_CHANCE`.

The distributions of the points still to come are kept by card state (the least recently
used dropped beyond :data:`CACHE_FLOATS`), so the later rolls of a turn, the card a turn
leaves and the other players' unchanged cards cost little.
"""

from __future__ import annotations

from array import array
from collections import OrderedDict
from collections.abc import Generator, Mapping, Sequence
from operator import add
from typing import TYPE_CHECKING

from game.strategy.score_frontier import Exact
from game.strategy.turn_outcomes import Outcome, turn_outcomes
from game.strategy.turns import State, after_state, full_mask, open_count

if TYPE_CHECKING:
    from game.core import rules
    from game.strategy.spread import Spread
    from game.strategy.tables import Table

#: Points still to come as ``(low, probs)``: the chance of ``low + i`` points at ``i``.
ToCome = tuple[int, Sequence[float]]

#: The open boxes up to which the points still to come are worked out exactly.
EXACT_OPEN = 3
#: How many turns are worked out exactly from a turn's start before the spread table's
#: quantiles stand for the points still to come (docs/strategy.md, "Finish range": with one,
#: up to 4 points off the exact percentiles; with two, within a point but where the exact
#: distribution function hardly rises about the 10th or 90th percentile).
DEPTH = 2
#: Mid-turn, a card this turn leaves with at least this chance is worked out DEPTH turns
#: ahead, the others one turn less (with no re-roll left the turn leaves one card: as at the
#: start of the next turn).
DEEP_CHANCE = 0.15
#: How many chances the kept distributions may hold in all (8 bytes each: 8 MB), the least
#: recently used dropped first: one player's game needs 150,000-250,000.
CACHE_FLOATS = 1_000_000

#: The points still to come from each card state lately worked out, by the tables'
#: identities, the state and the exact turns (0: exact): the tables, ``low``, and the
#: chance of ``low + i`` points at ``i``.
_TO_COME: OrderedDict[tuple[int, int, State, int], tuple[Table, Spread, int, array[float]]] = OrderedDict()
_KEPT = [0]  # how many chances _TO_COME holds


def first_pass(table: Table, spread: Spread, filled: Mapping[str, int], state: State,
               dice: rules.Dice | None = None,
               rolls_left: int | None = None) -> Generator[None, None, tuple[int, Sequence[float]]]:
    """The points still to come from ``filled`` (in state ``state``, not full) at its turn's
    start, or with ``dice`` on the table and ``rolls_left`` re-rolls left, as ``(low, probs)``."""
    if dice is None:
        return (yield from to_come(table, spread, filled, state, DEPTH))
    assert rolls_left is not None
    yield
    outcomes = turn_outcomes(table, filled, dice, rolls_left)
    share: dict[State, float] = {}
    for (box, written, _), chance in outcomes.items():
        nxt = after_state(table, state, box, written)
        share[nxt] = share.get(nxt, 0.0) + chance
    deep = frozenset(s for s, chance in share.items() if chance >= DEEP_CHANCE)
    return (yield from _mixture(table, spread, filled, state, outcomes, DEPTH - 1, deep))


def exact_of(table: Table, spread: Spread) -> Exact:
    """The exact points still to come of a card with at most EXACT_OPEN boxes open (kept)."""
    def known(filled: Mapping[str, int], state: State) -> Generator[None, None, ToCome] | None:
        return to_come(table, spread, filled, state, 0) if open_count(table, filled) <= EXACT_OPEN else None
    return known


def clear_caches() -> None:
    """Forget every card's distribution (tools/finish_range_check.py times cold calls)."""
    _TO_COME.clear()
    _KEPT[0] = 0


def to_come(table: Table, spread: Spread, filled: Mapping[str, int], state: State,
             depth: int) -> Generator[None, None, ToCome]:
    """The points still to come from the turn's start of ``filled`` (in state ``state``, not
    full) as ``(low, probs)``: exact with at most EXACT_OPEN boxes open, else ``depth``
    exact turns, each card they leave exact or as its state's quantiles."""
    exact = open_count(table, filled) <= EXACT_OPEN
    key = (id(table), id(spread), state, 0 if exact else depth)
    hit = _TO_COME.get(key)
    if hit is not None and hit[0] is table and hit[1] is spread:
        _TO_COME.move_to_end(key)
        return hit[2], hit[3]
    yield
    low, probs = yield from _mixture(table, spread, filled, state, turn_outcomes(table, filled), depth - 1)
    kept = array("d", probs)
    if hit is not None:  # another table's under a reused id
        _KEPT[0] -= len(hit[3])
    _TO_COME[key] = (table, spread, low, kept)
    _KEPT[0] += len(kept)
    while _KEPT[0] > CACHE_FLOATS and len(_TO_COME) > 1:
        _KEPT[0] -= len(_TO_COME.popitem(last=False)[1][3])
    return low, kept


def _mixture(table: Table, spread: Spread, filled: Mapping[str, int], state: State,
             outcomes: Mapping[Outcome, float], depth: int,
             deep: frozenset[State] = frozenset()) -> Generator[None, None, tuple[int, list[float]]]:
    """The points still to come over a turn's ``outcomes`` (box, points written, points gained)
    and the cards they leave: exact for a card with at most EXACT_OPEN boxes open, else
    ``depth`` exact turns (one more for a card in ``deep``) and then its state's quantiles,
    each an equal share at its whole point (a spread table without them: the mean, split
    between the two nearest whole points)."""
    full = full_mask(table.game)
    dense: list[tuple[float, int, Sequence[float]]] = []  # (chance, points gained + low, probs)
    lumps: list[tuple[float, int, Sequence[int]]] = []  # (chance, points gained, quantiles)
    for (box, written, gained), chance in outcomes.items():
        nxt = after_state(table, state, box, written)
        if nxt[0] == full:
            dense.append((chance, gained, (1.0,)))
            continue
        later = {**filled, box: written}
        turns = depth + 1 if nxt in deep else depth
        if turns > 0 or open_count(table, later) <= EXACT_OPEN:
            later_low, probs = yield from to_come(table, spread, later, nxt, turns)
            dense.append((chance, gained + later_low, probs))
        elif (quantiles := spread.points(*nxt)) is not None:
            lumps.append((chance, gained, quantiles))
        else:
            mean = table.value(*nxt)
            floor = int(mean // 1)
            dense.append((chance, gained + floor, (1.0 + floor - mean, mean - floor)))
    low = min([start for _, start, _ in dense] + [gained + q[0] for _, gained, q in lumps])
    high = max([start + len(p) for _, start, p in dense] + [gained + q[-1] + 1 for _, gained, q in lumps])
    out = [0.0] * (high - low)
    for chance, start, p in dense:
        at = start - low
        out[at:at + len(p)] = map(add, out[at:at + len(p)], map(chance.__mul__, p))
    for chance, gained, lumped in lumps:
        share, at = chance / len(lumped), gained - low
        for x in lumped:
            out[at + x] += share
    return low, out
