"""Every option ranked by the chance to reach a target or to win, beside its expected score.

The coach (:mod:`game.strategy.coach`) ranks by the expected final score. Chasing a score
(a friend's 231, the leader's total, one's own best) is another aim: the chance that the
final score reaches it. A :class:`Goal` says what each final score is worth, between 0 and
1: 1 from the target up, or, in a game of several, the chance that the score wins against
the others' forecasts (:func:`game.strategy.win_chances.win_share`).

How an option's chance is worked out: the rest of this turn is solved exactly for the goal
(every roll and keep, each decision the one with the best chance), and the turns after it
are played by the optimal strategy for the average, their points still to come taken from
the card the turn leaves: exact with at most :data:`~game.strategy.win_chances.EXACT_OPEN`
boxes open (:func:`~game.strategy.turn_outcomes.points_to_come`), else its 64 quantiles in the
spread table (:mod:`game.strategy.spread`). docs/strategy.md ("Playing to win") has the
error of this against the best play for the goal and against simulation.

>>> from game.strategy.tables import load_preset
>>> table, flat = load_preset("official"), Spread.from_values("official", [0.0] * 536320)
>>> card = {b: 0 for b in rules.BOXES if b not in ("chance", "full_house", "yahtzee")} | {"chance": 5}
>>> rank_options(table, card, (3, 3, 3, 5, 5), 2)[0].box  # for the average: take the 25 now
'full_house'
>>> ranked = rank_to_win(table, flat, card, (3, 3, 3, 5, 5), 2, Goal.reach(55))  # 50 more to come
>>> [(r.option.held_faces, r.option.box, round(r.chance, 3)) for r in ranked[:2]]
[((3, 3, 3), None, 0.135), ((3, 3, 3, 5), None, 0.095)]
>>> next(round(r.chance, 3) for r in ranked if r.option.box == "full_house")  # then a Yahtzee next turn
0.046
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from game.core import rules
from game.strategy.coach import YAHTZEE_ROWS
from game.strategy.options import Option
from game.strategy.ranking import rank_options
from game.strategy.rolls import KEEP_INDEX, best_in_roll, keep_values
from game.strategy.spread import Spread
from game.strategy.tables import YAHTZEE_BIT, Table
from game.strategy.turn_outcomes import points_to_come
from game.strategy.turns import State, after_state, columns, full_mask, gained, open_count, state_of
from game.strategy.win_chances import EXACT_OPEN, Forecast, add_shape, win_share

#: The points still to come from a card, as (points, chance) pairs.
ToCome = tuple[tuple[int, float], ...]


@dataclass(frozen=True)
class Goal:
    """What each final score is worth: 0 below ``low``, ``steps[s - low]`` from there, and
    the last step above (a goal never falls as the score rises).

    >>> goal = Goal.reach(231)
    >>> goal.worth(230), goal.worth(231), goal.worth(400)
    (0.0, 1.0, 1.0)
    """

    low: int
    steps: tuple[float, ...]

    @classmethod
    def reach(cls, target: int) -> Goal:
        """Reach ``target`` or more (to beat a score s, reach s + 1)."""
        return cls(target, (1.0,))

    @classmethod
    def win(cls, others: Sequence[Forecast]) -> Goal:
        """Finish first against the other players' final scores (a tie shares the win).

        >>> Goal.win([Forecast(199, (0.5, 0.5))]).steps
        (0.25, 0.75, 1.0)
        """
        if not others:
            return cls.reach(0)
        low = min(f.low for f in others)
        high = max(f.low + len(f.probs) for f in others)  # from here every other score is lower
        return cls(low, tuple(win_share(s, others) for s in range(low, high + 1)))

    def worth(self, score: int) -> float:
        n = score - self.low
        return 0.0 if n < 0 else self.steps[min(n, len(self.steps) - 1)]


@dataclass(frozen=True)
class Ranked:
    """One option with the chance of the goal if it is taken (and the rest played as above)."""

    option: Option  # the coach's: its expected final score and its loss for the average
    chance: float


def rank_to_win(table: Table, spread: Spread, filled: Mapping[str, int], dice: tuple[int, ...],
                rolls_left: int, goal: Goal, yahtzee_bonuses: int = 0) -> list[Ranked]:
    """The coach's options, best chance of ``goal`` first (equal chances: the better average first)."""
    options = rank_options(table, filled, dice, rolls_left, yahtzee_bonuses)
    game = table.game
    on_card = game.totals(filled, yahtzee_bonuses).grand_total
    key = (id(table), id(spread), state_of(table, filled), on_card, goal)
    turn = _TURNS.get(key)
    if turn is None or turn.table is not table or turn.spread is not spread:
        if len(_TURNS) >= 4:  # the decisions of one turn share it; keep a few for the players in turn
            _TURNS.clear()
        turn = _TURNS[key] = _Turn(table, spread, filled, on_card, goal)
    bonus = game.five_alike_bonus(filled, rules.check_dice(dice))
    keeps = turn.keeps(rolls_left) if rolls_left else []
    ranked = [Ranked(o, turn.after(o.box, o.points, bonus) if o.box is not None
                     else keeps[_keep_index(o.held_faces)]) for o in options]
    ranked.sort(key=lambda r: (-r.chance, -r.option.value))
    return ranked


#: The turns solved lately, by table, spread, state, points on the card and goal (the second and
#: third decisions of a turn reuse the first's).
_TURNS: dict[tuple[int, int, State, int, Goal], _Turn] = {}


def _keep_index(faces: tuple[int, ...]) -> int:
    return KEEP_INDEX[tuple(sorted(faces))]


class _Turn:
    """One turn's chances of the goal, every decision taken for the goal."""

    def __init__(self, table: Table, spread: Spread, filled: Mapping[str, int], on_card: int, goal: Goal):
        self.table, self.spread, self.filled, self.on_card, self.goal = table, spread, filled, on_card, goal
        self.state = state_of(table, filled)
        self._later: dict[State, ToCome] = {}
        self._keeps: dict[int, list[float]] = {}
        self.roll0 = self._score_now()

    def after(self, box: str, points: int, bonus: int) -> float:
        """The chance of the goal after writing ``points`` in ``box`` (``bonus``: a Yahtzee bonus it earns)."""
        total, worth = self.on_card + gained(self.table, self.state, box, points) + bonus, self.goal.worth
        nxt = after_state(self.table, self.state, box, points)
        return sum(p * worth(total + r) for r, p in self._to_come(nxt, box, points))

    def _to_come(self, state: State, box: str, points: int) -> ToCome:
        later = self._later.get(state)
        if later is None:
            later = self._later[state] = to_come(self.table, self.spread, {**self.filled, box: points})
        return later

    def _score_now(self) -> list[float]:
        """For each of the 252 rolls: the chance of the goal after its best box."""
        cols: list[list[float]] = []
        for box, written in columns(self.table, self.state[0]):
            by_points = {p: self.after(box, p, 0) for p in set(written)}
            cols.append(list(map(by_points.__getitem__, written)))
        best = list(map(max, *cols)) if len(cols) > 1 else cols[0]
        if self.table.game.five_alike_extra and self.state[0] & YAHTZEE_BIT:  # Jokers: the rules say which boxes
            bonus = rules.YAHTZEE_BONUS * self.state[2]  # take five of a kind
            for f, row in enumerate(YAHTZEE_ROWS, start=1):
                legal = rules.legal_scores(self.table.preset, self.filled, (f,) * 5)
                best[row] = max(self.after(b, p, bonus) for b, p in legal.items())
        return best

    def keeps(self, rolls_left: int) -> list[float]:
        """The chance of each of the 462 keeps with ``rolls_left`` (1 or 2) rolls to come."""
        if rolls_left not in self._keeps:
            rolls = self.roll0 if rolls_left == 1 else best_in_roll(self.keeps(rolls_left - 1))
            self._keeps[rolls_left] = keep_values(rolls)
        return self._keeps[rolls_left]


def to_come(table: Table, spread: Spread, filled: Mapping[str, int]) -> ToCome:
    """The points a card still adds under optimal play for the average: exact with at most
    ``EXACT_OPEN`` boxes open, else the spread table's quantiles for its state.

    >>> from game.strategy.tables import load_preset
    >>> flat = Spread.from_values("official", [0.0] * 536320)
    >>> to_come(load_preset("official"), flat, {b: 0 for b in rules.UPPER_BOXES})  # no quantiles: the mean
    ((141, 0.263671875), (142, 0.736328125))
    >>> card = {b: min(rules.possible_box_values(b)) for b in rules.BOXES if b != "chance"}
    >>> later = to_come(load_preset("official"), flat, card)  # exact: Chance alone is open
    >>> later[0][0], later[-1][0], round(sum(p for _, p in later), 12)
    (5, 30, 1.0)
    """
    state = state_of(table, filled)
    if state[0] == full_mask(table.game):
        return ((0, 1.0),)
    if open_count(table, filled) <= EXACT_OPEN:
        dist = points_to_come(table, filled)
    else:
        dist = {}
        add_shape(dist, table, spread, state, 0, 1.0)
    return tuple((r, p) for r, p in sorted(dist.items()) if p)
