"""The points still to come, worked out turn by turn over every card state likely enough.

The finish range's first pass (:mod:`game.strategy.exact_turns`) works out a fixed number
of turns exactly and stands the spread table's 64 quantiles in for the rest: each state's
distribution function is then off by up to 1/128, and where those errors do not cancel
(one card state reached by many ways, its quantiles off alike in each) the 10th or 90th
percentile of the final score can be a few points off where the distribution function
hardly rises. This pass is the finer one :mod:`game.strategy.finish_range` falls back on
there: a forward pass, one turn at a time, over the card states reached and the points
gained on the way there, in which a state stands in as its quantiles only when the chance
of reaching it, **by all ways together**, is under ``threshold`` (a state reached with
more is worked out one turn more). Summing the ways before choosing is what makes it fine:
a tree that chooses per way leaves a state reached by forty ways at a fortieth of its
chance each, and keeps its errors (docs/strategy.md, "Finish range").

>>> from game.strategy.game_tables import load_ruleset
>>> from game.strategy.game_spread import load_ruleset_spread
>>> from game.strategy.turn_outcomes import turn_outcomes
>>> from game.strategy.turns import state_of
>>> from game.strategy.exact_turns import exact_of
>>> from game.strategy.finish_range import run
>>> table, spread = load_ruleset("official"), load_ruleset_spread("official")
>>> card = {"chance": 20}
>>> state = state_of(table, card)
>>> steps = to_come_steps(table, spread, card, state, turn_outcomes(table, card), 0.01, exact_of(table, spread))
>>> low, probs = run(steps)
>>> round(sum(probs), 9), low + max(range(len(probs)), key=probs.__getitem__) > 150
(1.0, True)
"""

from __future__ import annotations

from collections import Counter, OrderedDict
from collections.abc import Callable, Generator, Mapping, Sequence
from typing import TYPE_CHECKING

from game.strategy.turn_outcomes import Outcome, turn_outcomes
from game.strategy.turns import State, after_state, full_mask

if TYPE_CHECKING:
    from game.strategy.spread import Spread
    from game.strategy.tables import Table

#: A card state's exact points still to come, ``(low, probs)``, as steps (at most the
#: caller's exact number of open boxes), or None where the state is not exact.
Exact = Callable[[Mapping[str, int], State], "Generator[None, None, tuple[int, Sequence[float]]] | None"]

#: The states of one turn's end: each with its card and the chance of each points gained so far.
_Level = dict[State, tuple[dict[str, int], dict[int, float]]]

#: How many card states' turn outcomes are kept: the finer passes of one turn's rolls, and
#: of the turns after, reach mostly the same states (a few kilobytes each).
KEPT_TURNS = 1024
_TURNS: OrderedDict[tuple[int, State], tuple[Table, dict[Outcome, float]]] = OrderedDict()


def to_come_steps(table: Table, spread: Spread, filled: Mapping[str, int], state: State,
                  outcomes: Mapping[Outcome, float], threshold: float,
                  exact: Exact) -> Generator[None, None, tuple[int, list[float]]]:
    """The points still to come after a turn's ``outcomes`` (box, points written, points
    gained) from ``filled`` (in state ``state``) as ``(low, probs)``: each card state reached
    with a chance of at least ``threshold`` taken from ``exact`` where it knows it, else
    worked out a turn more (:func:`turn_outcomes`); the others as their spread table's quantiles
    (an exact one too: under ``threshold`` it would change nothing that shows, and costs),
    each an equal share at its whole point (without quantiles: the mean, split between its
    two nearest whole points). Pauses (yields) before each state it takes."""
    full = full_mask(table.game)
    out: dict[int, float] = {}
    level: _Level = {}
    _spread_out(table, state, filled, {0: 1.0}, outcomes, full, level, out)
    while level:
        later: _Level = {}
        for st, (card, ways) in level.items():
            yield  # a pause at each state: a level can hold a thousand
            if sum(ways.values()) < threshold:
                _lumps(table, spread, st, ways, out)
            elif (known := exact(card, st)) is not None:
                low, probs = yield from known
                for at, chance in ways.items():
                    for i, p in enumerate(probs, at + low):
                        out[i] = out.get(i, 0.0) + chance * p
            else:
                _spread_out(table, st, card, ways, _turn_outcomes(table, card, st), full, later, out)
        level = later
    low, high = min(out), max(out)
    probs = [0.0] * (high - low + 1)
    for at, chance in out.items():
        probs[at - low] += chance
    return low, probs


def _turn_outcomes(table: Table, filled: Mapping[str, int], state: State) -> dict[Outcome, float]:
    """:func:`turn_outcomes` from the turn's start of ``filled``, kept by card state."""
    key = (id(table), state)
    hit = _TURNS.get(key)
    if hit is not None and hit[0] is table:
        _TURNS.move_to_end(key)
        return hit[1]
    outcomes = turn_outcomes(table, filled)
    _TURNS[key] = (table, outcomes)
    _TURNS.move_to_end(key)
    if len(_TURNS) > KEPT_TURNS:
        _TURNS.popitem(last=False)
    return outcomes


def clear_caches() -> None:
    """Forget the turn outcomes kept."""
    _TURNS.clear()


def _spread_out(table: Table, state: State, filled: Mapping[str, int], ways: Mapping[int, float],
                outcomes: Mapping[Outcome, float], full: int, later: _Level, out: dict[int, float]) -> None:
    """Carry ``ways`` (points gained so far: chance) through one turn's ``outcomes`` into the
    states they leave (``later``), or into ``out`` where the card is then full."""
    for (box, written, gained), chance in outcomes.items():
        nxt = after_state(table, state, box, written)
        if nxt[0] == full:
            for at, c in ways.items():
                out[at + gained] = out.get(at + gained, 0.0) + c * chance
            continue
        entry = later.get(nxt)
        if entry is None:
            entry = later[nxt] = ({**filled, box: written}, {})
        into = entry[1]
        for at, c in ways.items():
            into[at + gained] = into.get(at + gained, 0.0) + c * chance


def _lumps(table: Table, spread: Spread, state: State, ways: Mapping[int, float], out: dict[int, float]) -> None:
    """Add a state's points still to come as its quantiles (each 1/n of the chance), after each way."""
    quantiles = spread.points(*state)
    if quantiles is None:
        mean = table.value(*state)
        floor = int(mean // 1)
        shares: Sequence[tuple[int, float]] = ((floor, 1.0 + floor - mean), (floor + 1, mean - floor))
    else:
        n = len(quantiles)
        shares = [(x, k / n) for x, k in Counter(quantiles).items()]
    for at, chance in ways.items():
        for x, share in shares:
            out[at + x] = out.get(at + x, 0.0) + chance * share
