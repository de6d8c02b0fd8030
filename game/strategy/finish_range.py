"""A player's finish range: the 10th and 90th percentiles of the final score under optimal play.

From any situation (a card at a turn's start, or mid-turn with dice on the table and
re-rolls left) the final score is the points on the card plus the points still to come,
played by the optimal strategy for the average (the coach's keeps and boxes). This module
works out their distribution and reads the percentiles off it (:func:`percentile`):

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
leaves and the other players' unchanged cards cost little. docs/strategy.md ("Finish
range") has the error against exact percentiles and simulated games
(``tools/finish_range_check.py``) and the cost per call.

>>> from game.strategy.game_tables import load_ruleset
>>> from game.strategy.game_spread import load_ruleset_spread
>>> table, spread = load_ruleset("official"), load_ruleset_spread("official")
>>> finish_range(table, spread, {}, 0)  # a whole game of Yahtzee, official rules
(194, 318)
>>> card = {b: 0 for b in ("ones", "twos", "threes", "fours", "fives", "sixes", "three_of_a_kind",
...                        "four_of_a_kind", "full_house", "small_straight", "large_straight")}
>>> finish_range(table, spread, card, 0)  # Yahtzee and Chance open: a Yahtzee is under 10% likely
(22, 28)
>>> finish_range(table, spread, card, 0, (6, 6, 6, 6, 6), 0)  # five sixes: 50, then Chance
(68, 77)
>>> yatzy = load_ruleset("yatzy")
>>> finish_range(yatzy, load_ruleset_spread("yatzy"), {}, 0)
(203, 299)
"""

from __future__ import annotations

from array import array
from bisect import bisect_left
from collections import OrderedDict
from collections.abc import Generator, Mapping, Sequence
from operator import add
from typing import TYPE_CHECKING, TypeVar, cast

from game.strategy.turn_outcomes import Outcome, turn_outcomes
from game.strategy.turns import State, after_state, full_mask, open_count, state_of
from game.strategy.win_chances import Forecast

if TYPE_CHECKING:
    from game.core import rules
    from game.core.state import GameState
    from game.strategy.spread import Spread
    from game.strategy.tables import Table

T = TypeVar("T")
#: Work that pauses (yields None) between its parts and returns a T.
Steps = Generator[None, None, T]

#: The percentiles of the finish range: the 10th and the 90th.
FINISH_QUANTILES = (0.10, 0.90)
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
#: How far below q a distribution function may fall and still reach q: sums of floats (a
#: chance of exactly 10% may add up to 0.09999999999999998).
SLACK = 1e-9
#: How many chances the kept distributions may hold in all (8 bytes each: 8 MB), the least
#: recently used dropped first: one player's game needs 150,000-250,000.
CACHE_FLOATS = 1_000_000

#: The points still to come from each card state lately worked out, by the tables'
#: identities, the state and the exact turns (0: exact): the tables, ``low``, and the
#: chance of ``low + i`` points at ``i``.
_TO_COME: OrderedDict[tuple[int, int, State, int], tuple[Table, Spread, int, array[float]]] = OrderedDict()
_KEPT = [0]  # how many chances _TO_COME holds


def percentile(forecast: Forecast, q: float) -> int:
    """The least score s with P(final <= s) >= q (0 < q <= 1), ``q`` reached to within
    :data:`SLACK`: a whole score where the final score can be, never between two.

    >>> f = Forecast(10, (0.25, 0.25, 0.5))  # 10, 11 or 12 points
    >>> percentile(f, 0.10), percentile(f, 0.5), percentile(f, 0.51), percentile(f, 0.90)
    (10, 11, 12, 12)
    >>> percentile(Forecast(0, (0.1, 0.9)), 0.1)  # exactly 10% at 0: 0
    0
    """
    if not 0.0 < q <= 1.0:
        raise ValueError(f"q is a chance above 0 and at most 1, not {q!r}")
    i = bisect_left(forecast.cumulative, q - SLACK, 1)  # cumulative[i] = P(final < low + i)
    return forecast.low + min(i, len(forecast.probs)) - 1


def finish_range(table: Table, spread: Spread, filled: Mapping[str, int], points: int,
                 dice: rules.Dice | None = None, rolls_left: int | None = None) -> tuple[int, int]:
    """The 10th and 90th percentiles of the final score (:data:`FINISH_QUANTILES`) of a
    card with ``points`` on it (its grand total: the upper bonus and Yahtzee bonuses
    included) under optimal play, in the game of ``table`` (``spread``: that game's spread
    table): from the turn's start, or with ``dice`` on the table and ``rolls_left`` (0, 1 or
    2) re-rolls still allowed. A full card's is ``(points, points)``."""
    return run(finish_range_steps(table, spread, filled, points, dice, rolls_left))


def finish_range_steps(table: Table, spread: Spread, filled: Mapping[str, int], points: int,
                       dice: rules.Dice | None = None, rolls_left: int | None = None) -> Steps[tuple[int, int]]:
    """:func:`finish_range` as steps: it pauses (yields) before each turn it works out (about
    a millisecond in CPython, ten on a phone's Pyodide), so that the page can answer a click
    between them (game.session.finish_ranges); a turn already worked out costs no pause.

    >>> from game.strategy.game_tables import load_ruleset
    >>> from game.strategy.game_spread import load_ruleset_spread
    >>> table, spread = load_ruleset("official"), load_ruleset_spread("official")
    >>> steps = finish_range_steps(table, spread, {"chance": 20}, 20)
    >>> next(steps) is None  # a pause, before the first turn worked out
    True
    >>> run(steps), finish_range(table, spread, {"chance": 20}, 20)
    ((183, 301), (183, 301))
    """
    final = yield from _final_steps(table, spread, filled, points, dice, rolls_left)
    low, high = FINISH_QUANTILES
    return percentile(final, low), percentile(final, high)


def run(steps: Steps[T]) -> T:
    """What ``steps`` return, run through without pausing."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return cast("T", done.value)


def final_forecast(table: Table, spread: Spread, filled: Mapping[str, int], points: int,
                   dice: rules.Dice | None = None, rolls_left: int | None = None) -> Forecast:
    """The distribution of the final score that :func:`finish_range` reads its percentiles off."""
    return run(_final_steps(table, spread, filled, points, dice, rolls_left))


def _final_steps(table: Table, spread: Spread, filled: Mapping[str, int], points: int,
                 dice: rules.Dice | None, rolls_left: int | None) -> Steps[Forecast]:
    if dice is not None and rolls_left is None:
        raise ValueError("dice on the table need the re-rolls left")
    state = state_of(table, filled)
    if state[0] == full_mask(table.game):
        return Forecast.certain(points)
    if dice is None:
        low, probs = yield from _to_come(table, spread, filled, state, DEPTH)
    else:
        assert rolls_left is not None
        yield
        outcomes = turn_outcomes(table, filled, dice, rolls_left)
        share: dict[State, float] = {}
        for (box, written, _), chance in outcomes.items():
            nxt = after_state(table, state, box, written)
            share[nxt] = share.get(nxt, 0.0) + chance
        deep = frozenset(s for s, chance in share.items() if chance >= DEEP_CHANCE)
        low, probs = yield from _mixture(table, spread, filled, state, outcomes, DEPTH - 1, deep)
    return Forecast(points + low, tuple(probs))


def state_finish_range(state: GameState, player: int, table: Table, spread: Spread) -> tuple[int, int]:
    """:func:`finish_range` of seat ``player`` in a game: mid-turn when it is their turn and
    dice are on the table, else from their card as it stands (at their next turn's start,
    or final once the card is full). ``table`` and ``spread``: the game's rule set's
    (``state.ruleset``: a Yahtzee preset's :class:`~game.strategy.tables.Table` and
    :class:`~game.strategy.spread.Spread`, or Yatzy's ``GameTable`` and ``GameSpread``)."""
    card = state.cards[player]
    points = card.totals.grand_total
    if state.current_seat == player and state.dice is not None:
        return finish_range(table, spread, card.filled, points, state.dice, state.rolls_left)
    return finish_range(table, spread, card.filled, points)


def clear_caches() -> None:
    """Forget every card's distribution (tools/finish_range_check.py times cold calls)."""
    _TO_COME.clear()
    _KEPT[0] = 0


def _to_come(table: Table, spread: Spread, filled: Mapping[str, int], state: State,
             depth: int) -> Steps[tuple[int, Sequence[float]]]:
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
             deep: frozenset[State] = frozenset()) -> Steps[tuple[int, list[float]]]:
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
            later_low, probs = yield from _to_come(table, spread, later, nxt, turns)
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
