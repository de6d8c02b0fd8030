"""Each player's chance to win from the current position, and the chance to beat a friend's score.

Every player's final score is their points so far plus the points still to come, which
depend only on their own card (dice are independent between players). For each player
this module takes a *forecast* of the points still to come — a distribution over whole
points — and combines them exactly: a player wins when every other final score is lower,
and a tie for the top shares the win equally (two tied players get half each).

The forecast of a card is the optimal strategy's. With at most :data:`EXACT_OPEN` boxes
open it is exact (:mod:`game.strategy.turn_outcomes`: every roll and keep of the turns
left, a few milliseconds). Earlier, the next turn is exact and each card it can leave is
forecast by the spread table's quantiles of its points still to come
(:mod:`game.strategy.spread`: 64 of them, on the whole points where the scores fall). The
first turn's lumps (which box, how many points) are then right, and the quantiles' steps
average out over its outcomes. The error against the
exact distribution and against simulated games is measured by
``tools/win_chance_check.py`` (docs/strategy.md, "Win chances").

>>> a, b = Forecast.certain(200), Forecast.normal(180, 20.0, 10.0)
>>> [round(p, 4) for p in win_chances([a, b])]
[0.5, 0.5]
>>> round(beat_chance(Forecast.normal(0, 250.0, 60.0), 250), 3)
0.497
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import accumulate
from typing import TYPE_CHECKING

from game.strategy.turn_outcomes import points_to_come, turn_outcomes
from game.strategy.turns import State, after_state, full_mask, open_count, state_of

if TYPE_CHECKING:
    from game.strategy.spread import Spread
    from game.strategy.tables import Table

#: The open boxes up to which a forecast is exact. In CPython from a cold turn cache, two
#: open boxes cost ~6 ms and three ~22 ms (up to 56); the forecast one turn ahead costs
#: ~2 ms whatever the boxes open, and is within a point of win chance (docs/strategy.md).
EXACT_OPEN = 2
#: How far the normal forecast reaches each side of its mean, in standard deviations
#: (the mass beyond 7 sd, about 1e-12, is left out and the rest renormalized).
REACH = 7.0


@dataclass(frozen=True)
class Forecast:
    """A player's final score as a distribution: ``probs[i]`` is the chance of ``low + i`` points."""

    low: int
    probs: tuple[float, ...]
    #: cumulative[i]: the chance of a final score below ``low + i`` (one more entry than probs)
    cumulative: tuple[float, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "cumulative", (0.0, *accumulate(self.probs)))

    @classmethod
    def certain(cls, points: int) -> Forecast:
        """A final score known already (a full card).

        >>> Forecast.certain(231).mean
        231.0
        """
        return cls(points, (1.0,))

    @classmethod
    def normal(cls, points: int, mean: float, sd: float) -> Forecast:
        """``points`` so far plus a normal ``mean`` ± ``sd`` still to come, rounded to whole points.

        >>> f = Forecast.normal(100, 50.0, 10.0)
        >>> round(f.mean, 3), f.low >= 100
        (150.0, True)
        """
        if sd <= 0.0:
            return cls.certain(points + round(mean))
        lo = max(0, math.floor(mean - REACH * sd))
        hi = math.ceil(mean + REACH * sd)
        edges = [_phi((s - 0.5 - mean) / sd) for s in range(lo, hi + 2)]
        edges[0] = 0.0  # nothing below lo: the rest is lo's (a remaining score is never negative)
        probs = [b - a for a, b in zip(edges, edges[1:], strict=False)]
        total = sum(probs)
        return cls(points + lo, tuple(p / total for p in probs))

    @property
    def mean(self) -> float:
        return sum((self.low + i) * p for i, p in enumerate(self.probs))

    def below(self, score: int) -> float:
        """The chance of a final score lower than ``score``."""
        n = score - self.low
        return 0.0 if n <= 0 else self.cumulative[n] if n < len(self.probs) else 1.0

    def at(self, score: int) -> float:
        n = score - self.low
        return self.probs[n] if 0 <= n < len(self.probs) else 0.0


def _phi(z: float) -> float:
    """The standard normal distribution function."""
    return 0.5 * math.erfc(-z / math.sqrt(2.0))


def win_chances(forecasts: Sequence[Forecast]) -> tuple[float, ...]:
    """Each player's chance to finish first, a tie for first shared equally; they sum to 1.

    >>> [round(p, 3) for p in win_chances([Forecast(0, (0.5, 0.5)), Forecast.certain(1)])]
    [0.25, 0.75]
    """
    out = []
    for i, me in enumerate(forecasts):
        others = [f for j, f in enumerate(forecasts) if j != i]
        chance = 0.0
        for k, p in enumerate(me.probs):
            if p:
                chance += p * win_share(me.low + k, others)
        out.append(chance)
    return tuple(out)


def win_share(score: int, others: Sequence[Forecast]) -> float:
    """What a final ``score`` wins against the others' final scores: the chance that all are
    lower, plus a tie for first shared equally (half the win against one tied, and so on).

    >>> win_share(200, [Forecast(199, (0.5, 0.5))])
    0.75
    """
    # ties[m]: the chance that every other is at most `score` and m of them equal it
    ties = [1.0]
    for other in others:
        lower, equal = other.below(score), other.at(score)
        ties = [a * lower + (ties[m - 1] * equal if m else 0.0) for m, a in enumerate(ties + [0.0])]
    return sum(t / (m + 1) for m, t in enumerate(ties))


def beat_chance(forecast: Forecast, beat: int) -> float:
    """The chance of a final score above ``beat`` (a friend's score to beat; a tie does not beat it)."""
    return 1.0 - forecast.below(beat + 1)


def forecast(table: Table, spread: Spread, filled: Mapping[str, int], points: int) -> Forecast:
    """One player's final score: ``points`` on the card so far, the rest forecast from its
    state in ``table``'s game (``spread``: that game's spread table).

    A spread table without quantiles (tests build such) gives a normal forecast earlier on.

    >>> from game.strategy.tables import STATE_COUNT, Table
    >>> from game.strategy.spread import Spread
    >>> table = Table.from_values("official", [10.0] * STATE_COUNT, start=10.0)
    >>> f = forecast(table, Spread.from_values("official", [2.0] * STATE_COUNT), {"chance": 20}, 20)
    >>> round(f.mean, 6), forecast(table, Spread.from_values("official", [2.0] * STATE_COUNT), {}, 0).low
    (30.0, 0)
    """
    state = state_of(table, filled)
    if state[0] == full_mask(table.game):
        return Forecast.certain(points)
    if open_count(table, filled) <= EXACT_OPEN:
        return _spelled_out(points, points_to_come(table, filled))
    if spread.points(*state) is None:
        return Forecast.normal(points, table.value(*state), spread.sd(*state))
    to_come: dict[int, float] = {}
    for (box, written, gained), chance in turn_outcomes(table, filled).items():
        add_shape(to_come, table, spread, after_state(table, state, box, written), gained, chance)
    return _spelled_out(points, to_come)


def add_shape(to_come: dict[int, float], table: Table, spread: Spread, state: State,
              gained: int, chance: float) -> None:
    """Add to ``to_come`` (``{points: chance}``) ``chance`` times the distribution of the points
    still to come from ``state`` (not full), shifted by ``gained``: each quantile an equal
    share at its whole point (where the table has none, the mean, split between the two
    nearest whole points)."""
    quantiles = spread.points(*state)
    if quantiles is None:
        mean = table.value(*state)
        low = math.floor(mean)
        to_come[gained + low] = to_come.get(gained + low, 0.0) + chance * (1.0 + low - mean)
        to_come[gained + low + 1] = to_come.get(gained + low + 1, 0.0) + chance * (mean - low)
        return
    share = chance / len(quantiles)
    for x in quantiles:
        to_come[gained + x] = to_come.get(gained + x, 0.0) + share


def _spelled_out(points: int, to_come: Mapping[int, float]) -> Forecast:
    """``points`` plus a distribution given as ``{points still to come: chance}``."""
    low = min(to_come)
    return Forecast(points + low, tuple(to_come.get(low + i, 0.0) for i in range(max(to_come) - low + 1)))
