"""Where playing to win and playing for the average parted ways in a game with a goal (issue 33).

The review (:mod:`game.strategy.review`) values each decision of one player for the
average. In a game of several the player also had a goal: to finish first; in a
challenge, to beat the friend's score. Here each of their decisions is ranked again by the
chance of that goal (:mod:`game.strategy.to_win`), given every card as it stood at that
moment (the others' forecasts from the win chances), and the decisions where the best
choice for the goal is another than the best for the average are kept, with the chance of
each and of what the player did.

>>> from game.core.dice import ScriptedDice
>>> from game.core.state import new_game
>>> from game.strategy.review import review
>>> from game.strategy import spread as SP
>>> from game.strategy.tables import load_preset
>>> table, spread = load_preset("official"), SP.load_preset("official")
>>> state = new_game(["Ann"], seed="doc").roll(ScriptedDice([5, 5, 5, 5, 5])).score("chance")
>>> parting(state, 0, table, spread, review(state, 0, table))  # alone: no one to beat
()
>>> parting(state, 0, table, spread, review(state, 0, table), beat=231)  # one turn played: no decision yet
()
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from game.core.card import Roll, Score
from game.core.state import ROLLS_PER_TURN, GameState
from game.strategy.advice import Aim
from game.strategy.review import Decision, Review
from game.strategy.spread import Spread
from game.strategy.tables import Table
from game.strategy.to_win import Goal, Ranked, rank_to_win
from game.strategy.win_chances import Forecast, forecast


@dataclass(frozen=True)
class Parting:
    """A decision where the best choice for the goal was another than the best for the average."""

    decision: Decision  # the review's: the situation, what the player did, the average's best
    to_win: Ranked  # the best choice for the goal, with its chance
    average: float  # the chance of the goal with the average's best choice
    chosen: float | None  # the chance of the goal with what the player did (None: all five held)


def parting(state: GameState, seat: int, table: Table, spread: Spread, review: Review,
            beat: int | None = None) -> tuple[Parting, ...]:
    """The decisions of ``review`` (``seat``'s, in ``state``) where the goal and the average
    part ways. The goal: to win a game of several, or alone, to beat ``beat`` (a challenge's
    score); alone without one there is none."""
    return tuple(p for p in partings(state, seat, table, spread, review, beat) if p is not None)


def partings(state: GameState, seat: int, table: Table, spread: Spread, review: Review,
             beat: int | None = None) -> Iterator[Parting | None]:
    """:func:`parting` one decision at a time: None after each (a page lets the browser in
    between: a whole game takes about half a second in CPython), a :class:`Parting` where found."""
    alone = len(state.players) < 2
    if alone and beat is None:
        return
    cards: list[dict[str, int]] = [{} for _ in state.players]
    bonuses = [0] * len(state.players)
    forecasts: dict[tuple[tuple[str, int], ...], Forecast] = {}
    decisions = iter(review.decisions)
    mine = [i for i, m in enumerate(state.moves) if m.seat == seat]
    for k, i in enumerate(mine):
        move = state.moves[i]
        # the others' cards as they stood: every move before this one
        for m in state.moves[mine[k - 1] + 1 if k else 0:i]:
            _apply(m, cards, bonuses)
        if isinstance(move, Score):
            _apply(move, cards, bonuses)
            continue
        if k + 1 == len(mine):
            break  # the roll on the table: no decision yet (the review leaves it out too)
        decision = next(decisions)
        if beat is not None and alone:
            goal = Goal.reach(beat + 1)
        else:
            goal = Goal.win([_forecast(table, spread, cards[j], bonuses[j], forecasts)
                             for j in range(len(cards)) if j != seat])
        ranked = rank_to_win(table, spread, cards[seat], move.dice, ROLLS_PER_TURN - decision.roll, goal, bonuses[seat])
        aim = Aim(beat if alone else None, tuple(ranked))
        if aim.differs(decision.best):
            yield Parting(decision, aim.best, aim.chance_of(decision.best), _chosen(ranked, decision))
        yield None


def _apply(move: Roll | Score, cards: list[dict[str, int]], bonuses: list[int]) -> None:
    if isinstance(move, Score):
        cards[move.seat][move.box] = move.points
        bonuses[move.seat] += 1 if move.bonus else 0


def _forecast(table: Table, spread: Spread, filled: dict[str, int], bonuses: int,
              seen: dict[tuple[tuple[str, int], ...], Forecast]) -> Forecast:
    key = (*sorted(filled.items()), ("bonuses", bonuses))
    if key not in seen:
        seen[key] = forecast(table, spread, filled, table.game.totals(filled, bonuses).grand_total)
    return seen[key]


def _chosen(ranked: list[Ranked], decision: Decision) -> float | None:
    """The chance of the goal with what the player did."""
    for r in ranked:
        if decision.box is not None and r.option.box == decision.box:
            return r.chance
        if decision.box is None and r.option.box is None and r.option.held_faces == decision.held_faces:
            return r.chance
    return None
