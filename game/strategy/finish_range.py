"""A player's finish range: the 10th and 90th percentiles of the final score under optimal play.

From any situation (a card at a turn's start, or mid-turn with dice on the table and
re-rolls left) the final score is the points on the card plus the points still to come,
played by the optimal strategy for the average (the coach's keeps and boxes). This module
works out their distribution and reads the percentiles off it (:func:`percentile`):

- **The first pass** (:mod:`game.strategy.exact_turns`): the next two turns exactly, then
  each card they can leave exactly (at most three boxes open) or as its state's 64
  quantiles in the spread table; mid-turn, the rest of this turn first. Cheap, and kept by
  card state from call to call.
- **Where that could leave a percentile more than a point off** (:func:`settled`: the
  distribution function about it is so flat that an error of :data:`UNSURE` would move it
  further), **the finer pass** (:mod:`game.strategy.score_frontier`): turn by turn over
  every card state reached with a chance of at least :data:`REFINED`, the ways to it
  summed. One position in eight of Yahtzee with six boxes open or more (one in twenty of
  Yatzy), at 5-20 times the first pass's cost.

docs/strategy.md ("Finish range") has the error against exact percentiles and simulated
games (``tools/finish_range_check.py``) and the cost per call. The page shows the first
pass's range at once and the finer one when it is known (game.session.finish_ranges).

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

from bisect import bisect_left
from collections.abc import Generator, Mapping
from typing import TYPE_CHECKING, TypeVar, cast

from game.strategy import exact_turns, score_frontier
from game.strategy.score_frontier import to_come_steps
from game.strategy.turn_outcomes import turn_outcomes
from game.strategy.turns import State, full_mask, open_count, state_of
from game.strategy.win_chances import Forecast

if TYPE_CHECKING:
    from game.core import rules
    from game.core.state import GameState
    from game.strategy.spread import Spread
    from game.strategy.tables import Table

T = TypeVar("T")
#: Work that pauses (yields None) between its parts and returns a T.
Steps = Generator[None, None, T]
#: A finish range: the 10th and the 90th percentile of the final score.
Range = tuple[int, int]

#: The percentiles of the finish range: the 10th and the 90th.
FINISH_QUANTILES = (0.10, 0.90)
#: How far the first pass's distribution function is taken to be from the exact one about a
#: percentile: where that error could move a percentile more than a point, the finer pass is
#: taken (docs/strategy.md, "Finish range": the first pass's percentiles more than a point off
#: were within 0.141 percentage points of q there, in the 11,200 measured).
UNSURE = 0.002
#: The finer pass's threshold (game.strategy.score_frontier): a card state reached with at
#: least this chance is worked out one more turn.
REFINED = 0.002
#: How far below q a distribution function may fall and still reach q: sums of floats (a
#: chance of exactly 10% may add up to 0.09999999999999998).
SLACK = 1e-9


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


def settled(forecast: Forecast, q: float, unsure: float | None = None) -> bool:
    """Whether the ``q``-percentile of ``forecast`` is within a point of the exact one for
    any distribution function within ``unsure`` (by default :data:`UNSURE`, read at the
    call: tools/finish_range_check.py sets it) of its own: it is below ``q - unsure`` two
    points under that percentile and reaches ``q + unsure`` one point over it.

    >>> f = Forecast(10, (0.05, 0.05, 0.8, 0.1))  # 10 to 13 points: the 10th percentile is 11
    >>> settled(f, 0.10), settled(f, 0.10, 0.06), settled(f, 0.90)
    (True, True, True)
    >>> flat = Forecast(10, (0.099, 0.0005, 0.0005, 0.9))  # 10% reached at 12; P(<= 11) = 9.95%
    >>> percentile(flat, 0.10), settled(flat, 0.10), settled(flat, 0.10, 0.0005)
    (12, False, True)
    """
    unsure = UNSURE if unsure is None else unsure
    s = percentile(forecast, q)
    cumulative, n = forecast.cumulative, len(forecast.probs)
    under = cumulative[min(max(s - 1 - forecast.low, 0), n)]  # P(final <= s - 2)
    over = cumulative[min(max(s + 2 - forecast.low, 0), n)]  # P(final <= s + 1)
    return under < q - unsure and over >= q + unsure


def finish_range(table: Table, spread: Spread, filled: Mapping[str, int], points: int,
                 dice: rules.Dice | None = None, rolls_left: int | None = None) -> Range:
    """The 10th and 90th percentiles of the final score (:data:`FINISH_QUANTILES`) of a
    card with ``points`` on it (its grand total: the upper bonus and Yahtzee bonuses
    included) under optimal play, in the game of ``table`` (``spread``: that game's spread
    table): from the turn's start, or with ``dice`` on the table and ``rolls_left`` (0, 1 or
    2) re-rolls still allowed. A full card's is ``(points, points)``."""
    return run(finish_range_steps(table, spread, filled, points, dice, rolls_left))


def finish_range_steps(table: Table, spread: Spread, filled: Mapping[str, int], points: int,
                       dice: rules.Dice | None = None, rolls_left: int | None = None) -> Steps[Range]:
    """:func:`finish_range` as steps: it pauses (yields) before each turn or card state it
    works out (about a millisecond in CPython, ten on a phone's Pyodide), so that the page
    can answer a click between them; a turn already worked out costs no pause.

    >>> from game.strategy.game_tables import load_ruleset
    >>> from game.strategy.game_spread import load_ruleset_spread
    >>> table, spread = load_ruleset("official"), load_ruleset_spread("official")
    >>> steps = finish_range_steps(table, spread, {"chance": 20}, 20)
    >>> next(steps) is None  # a pause, before the first turn worked out
    True
    >>> run(steps), finish_range(table, spread, {"chance": 20}, 20)
    ((183, 301), (183, 301))
    """
    return _range((yield from _final_steps(table, spread, filled, points, dice, rolls_left)))


def first_range_steps(table: Table, spread: Spread, filled: Mapping[str, int], points: int,
                      dice: rules.Dice | None = None, rolls_left: int | None = None) -> Steps[tuple[Range, bool]]:
    """The first pass's range, and whether it is sure (:func:`settled` at both percentiles,
    or exact): where it is not, :func:`finer_range_steps` gives the range to show."""
    forecast, sure = yield from _first_steps(table, spread, filled, points, dice, rolls_left)
    return _range(forecast), sure


def finer_range_steps(table: Table, spread: Spread, filled: Mapping[str, int], points: int,
                      dice: rules.Dice | None = None, rolls_left: int | None = None) -> Steps[Range]:
    """The finer pass's range (:mod:`game.strategy.score_frontier`), wanted where the first is not sure."""
    return _range((yield from _finer_steps(table, spread, filled, points, dice, rolls_left)))


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


def first_forecast(table: Table, spread: Spread, filled: Mapping[str, int], points: int,
                   dice: rules.Dice | None = None, rolls_left: int | None = None) -> Forecast:
    """The distribution of the final score by the first pass alone: what :func:`settled` is asked of."""
    return run(_first_steps(table, spread, filled, points, dice, rolls_left))[0]


def clear_caches() -> None:
    """Forget every card's distribution and turn outcomes kept (tools/finish_range_check.py
    times cold calls)."""
    exact_turns.clear_caches()
    score_frontier.clear_caches()


def _range(forecast: Forecast) -> Range:
    low, high = FINISH_QUANTILES
    return percentile(forecast, low), percentile(forecast, high)


def _final_steps(table: Table, spread: Spread, filled: Mapping[str, int], points: int,
                 dice: rules.Dice | None, rolls_left: int | None) -> Steps[Forecast]:
    """The first pass's distribution where it is sure, else the finer pass's."""
    forecast, sure = yield from _first_steps(table, spread, filled, points, dice, rolls_left)
    return forecast if sure else (yield from _finer_steps(table, spread, filled, points, dice, rolls_left))


def _open_state(table: Table, filled: Mapping[str, int], dice: rules.Dice | None,
                rolls_left: int | None) -> State | None:
    """The card's state, None once it is full; dice on the table need the re-rolls left."""
    if dice is not None and rolls_left is None:
        raise ValueError("dice on the table need the re-rolls left")
    state = state_of(table, filled)
    return None if state[0] == full_mask(table.game) else state


def _first_steps(table: Table, spread: Spread, filled: Mapping[str, int], points: int,
                 dice: rules.Dice | None, rolls_left: int | None) -> Steps[tuple[Forecast, bool]]:
    if (state := _open_state(table, filled, dice, rolls_left)) is None:
        return Forecast.certain(points), True
    low, probs = yield from exact_turns.first_pass(table, spread, filled, state, dice, rolls_left)
    forecast = Forecast(points + low, tuple(probs))
    # two exact turns from five open reach three: nothing stood in for by quantiles
    exact = open_count(table, filled) <= exact_turns.EXACT_OPEN + exact_turns.DEPTH
    return forecast, exact or all(settled(forecast, q) for q in FINISH_QUANTILES)


def _finer_steps(table: Table, spread: Spread, filled: Mapping[str, int], points: int,
                 dice: rules.Dice | None, rolls_left: int | None) -> Steps[Forecast]:
    if (state := _open_state(table, filled, dice, rolls_left)) is None:
        return Forecast.certain(points)
    yield
    outcomes = turn_outcomes(table, filled, dice, 2 if rolls_left is None else rolls_left)
    low, probs = yield from to_come_steps(table, spread, filled, state, outcomes, REFINED,
                                          exact_turns.exact_of(table, spread))
    return Forecast(points + low, tuple(probs))


def state_finish_range(state: GameState, player: int, table: Table, spread: Spread) -> Range:
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
