"""Review of a game: every decision of one player, valued by the coach against optimal play.

A *decision* follows every roll: the player either re-rolls some dice (a hold decision:
what they held is the ``held`` of the turn's next :class:`~game.core.state.Roll`) or fills a
box (a box decision). For each one the coach's :func:`~game.strategy.coach.rank_options`
gives the expected final score of what the player did and of the best option; the
difference is the *loss*, in points of expected final score.

Re-rolling with all five dice held is legal in the engine but changes nothing: it is
valued as the best option of the same dice with one roll fewer left (the coach does not
list it, since on the last re-roll it is the same as scoring now). Its loss is what that
wasted roll costs, often 0.

>>> from game.core.dice import ScriptedDice
>>> from game.core.state import new_game
>>> from game.strategy.tables import load_preset
>>> state = new_game(["Ann"], seed="review-doc").roll(ScriptedDice([5, 5, 5, 5, 5])).score("chance")
>>> decision = review(state, 0, load_preset("official")).decisions[0]
>>> decision.box, decision.best.box, round(decision.loss, 1)
('chance', 'yahtzee', 75.9)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from game.core import rules
from game.core.card import Roll, Score
from game.core.games import Game
from game.core.rulesets import rules_of
from game.core.state import ROLLS_PER_TURN, GameState
from game.strategy.move_cost import TIE, hold_cost, score_cost
from game.strategy.options import Option, OptionKind
from game.strategy.reasons import Reason
from game.strategy.tables import Table

__all__ = ["COSTLIEST", "TIE", "Decision", "Review", "costliest", "decision_count", "losses", "rating", "review"]

#: Rating bands: (mean loss per decision below this, the rating's code). Tom Verhoeff, Optimal
#: Solitaire Yahtzee Advisor / proficiency test: its analysis reports the mean difference in
#: expected final score per choice and says "Aim for a value below 0.2"; we call that level
#: "expert". The other bands are this game's own choice, not Verhoeff's. The codes are
#: values, not words: game.screens.review_words words them in the player's language.
RATINGS: tuple[tuple[float, str], ...] = (
    (0.2, "expert"),
    (0.5, "strong"),
    (1.0, "good"),
    (2.0, "fair"),
)
LOWEST_RATING = "learning"
#: The rating of a review with no decision yet.
NO_RATING = "unrated"
COSTLIEST = 3


@dataclass(frozen=True)
class Decision:
    """One decision of the player: the situation, what they did, what optimal play does.

    ``before`` is the expected final score just before the decision with best play
    (``best.value``), ``after`` the one the player's choice left (the chosen option's
    value). Both count the points already on the card and every Yahtzee bonus.
    """

    number: int  # 1, 2, ... in the order played (this player's decisions only)
    turn: int  # 1-13: this player's turn
    roll: int  # 1-3: the roll just made
    dice: rules.Dice  # as they lie on the table
    rolls_left: int  # 2, 1 or 0
    kind: OptionKind  # what the player did: "hold" (and re-roll the rest) or "score"
    held: tuple[bool, ...] | None  # kind "hold": the positions the player held
    held_faces: tuple[int, ...]  # kind "hold": the faces held, smallest first
    box: str | None  # kind "score": the box filled
    points: int  # kind "score": the points written in it (a Yahtzee bonus comes on top)
    best: Option  # the coach's best option
    before: float
    after: float
    loss: float  # before - after: 0.0 when the choice ties the best, never negative
    reason: Reason  # why the best option is best, against what the player did

    @property
    def optimal(self) -> bool:
        return self.loss == 0.0


@dataclass(frozen=True)
class Review:
    """A player's game, decision by decision.

    ``path`` is the expected final score through the game: ``path[0]`` is the table's
    start value (an empty card, before any dice), ``path[i]`` the value after decision
    ``i`` (``decisions[i - 1].after``). Once the player's card is full its last point is
    exactly the final grand total. The path moves for two reasons only:

    - *luck*: from one decision's ``after`` to the next one's ``before`` only the dice
      act, and on average they move the expected score by nothing (up, a good roll; down,
      a bad one);
    - *loss*: within a decision it drops from ``before`` to ``after`` by the decision's
      loss, never rises.

    So ``path[-1] - path[0] == luck - total_loss``; :attr:`luck` is the sum of the dice's
    part (it also takes up the strategy table's rounding, a few thousandths of a point).
    """

    seat: int
    name: str
    preset: str
    decisions: tuple[Decision, ...]
    total_loss: float
    mean_loss: float  # per decision; 0.0 without decisions
    rating: str  # a code of RATINGS, LOWEST_RATING or NO_RATING (game.screens.review_words words it)
    costliest: tuple[Decision, ...]  # up to three with a loss, largest first, earlier first on ties
    path: tuple[float, ...]
    final_total: int | None  # the grand total once this player's card is full, else None

    @property
    def finished(self) -> bool:
        return self.final_total is not None

    @property
    def game(self) -> Game:
        """The game reviewed (``preset`` is its rule set: game.core.rulesets)."""
        return rules_of(self.preset)[0]

    @property
    def start(self) -> float:
        return self.path[0]

    @property
    def luck(self) -> float:
        """How far the dice moved the expected final score, all decisions' losses set aside."""
        return self.path[-1] - self.path[0] + self.total_loss


def rating(mean_loss: float) -> str:
    """The rating's code for a mean loss per decision (see :data:`RATINGS`).

    >>> rating(0.0), rating(0.2), rating(0.75), rating(5.0)
    ('expert', 'strong', 'good', 'learning')
    """
    for below, code in RATINGS:
        if mean_loss < below:
            return code
    return LOWEST_RATING


def review(state: GameState, seat: int, table: Table) -> Review:
    """Review ``seat``'s moves in ``state`` (a finished game, or one still going).

    Only that seat's moves count, so in a game of several players each gets their own
    review. In a turn still going, the last roll has no decision yet and is left out.
    Raises ``ValueError`` for a seat that is not at the table or a table of another preset.
    """
    if type(seat) is not int or not 0 <= seat < len(state.players):
        raise ValueError(f"there is no seat {seat!r} in this game")
    if table.preset != state.ruleset:
        raise ValueError(f"the table given is for preset {table.preset!r}, not {state.ruleset!r}")
    filled: dict[str, int] = {}
    decisions: list[Decision] = []
    for turn, roll_number, move, following, bonuses in _situations(state, seat, filled):
        decisions.append(_decision(len(decisions) + 1, turn, roll_number, move, following, table, filled, bonuses))
    final_total = None
    if len(filled) == state.game.turns:
        bonuses = sum(1 for m in state.moves if m.seat == seat and isinstance(m, Score) and m.bonus)
        final_total = state.game.totals(filled, bonuses).grand_total
        if final_total != state.cards[seat].totals.grand_total:
            raise ValueError(f"the moves of seat {seat} do not add up to the score on its card")
    path = [table.start, *(d.after for d in decisions)]
    if final_total is not None:
        path[-1] = float(final_total)  # equal already; written so, it is exact by construction
    total = math.fsum(d.loss for d in decisions)
    mean = total / len(decisions) if decisions else 0.0
    return Review(
        seat=seat, name=state.players[seat].name, preset=state.ruleset, decisions=tuple(decisions),
        total_loss=total, mean_loss=mean, rating=rating(mean) if decisions else NO_RATING,
        costliest=costliest(decisions), path=tuple(path), final_total=final_total,
    )


#: One decision's situation: turn, roll number, the roll, what followed it, Yahtzee bonuses so far.
Situation = tuple[int, int, Roll, Roll | Score, int]


def _situations(state: GameState, seat: int, filled: dict[str, int]) -> Iterator[Situation]:
    """Each decision of ``seat``'s: (turn, roll number, the roll, what followed it, Yahtzee
    bonuses so far), ``filled`` kept up to date as the boxes fill (read it at each step). A
    roll still on the table has no decision yet and ends the walk."""
    moves = [m for m in state.moves if m.seat == seat]
    bonuses, turn, roll_number = 0, 1, 0
    for i, move in enumerate(moves):
        if isinstance(move, Score):
            filled[move.box] = move.points
            bonuses += 1 if move.bonus else 0
            turn, roll_number = turn + 1, 0
            continue
        roll_number += 1
        if i + 1 == len(moves):
            return  # the roll on the table now: the player has not decided yet
        yield turn, roll_number, move, moves[i + 1], bonuses


def decision_count(state: GameState, seat: int) -> int:
    """How many decisions ``seat`` has made in ``state`` (each roll followed by a move of theirs)."""
    return sum(1 for _ in _situations(state, seat, {}))


def losses(state: GameState, seat: int, table: Table, known: Sequence[float] = (),
           limit: int | None = None) -> tuple[float, ...]:
    """The loss of each decision of ``seat``'s so far, in order; ``known``: the losses of its
    first decisions, worked out before (valued again only from there on: a game going on
    adds a decision or two per move); ``limit``: at most so many more. The review's own
    losses, decision by decision.

    >>> from game.core.dice import ScriptedDice
    >>> from game.core.state import new_game
    >>> from game.strategy.tables import load_preset
    >>> state = new_game(["Ann"], seed="review-doc").roll(ScriptedDice([5, 5, 5, 5, 5])).score("chance")
    >>> [round(x, 1) for x in losses(state, 0, load_preset("official"))]
    [75.9]
    """
    filled: dict[str, int] = {}
    out = list(known)
    for number, (turn, roll_number, move, following, bonuses) in enumerate(_situations(state, seat, filled)):
        if limit is not None and len(out) >= len(known) + limit:
            break
        if number >= len(known):
            out.append(_decision(number + 1, turn, roll_number, move, following, table, filled, bonuses).loss)
    return tuple(out)


def costliest(decisions: Iterable[Decision], count: int = COSTLIEST) -> tuple[Decision, ...]:
    """The ``count`` decisions that lost most, largest loss first, the earlier first on a tie.

    Decisions without a loss are left out, so a flawless game has none.
    """
    return tuple(sorted((d for d in decisions if d.loss > 0), key=lambda d: (-d.loss, d.number))[:count])


def _decision(number: int, turn: int, roll_number: int, move: Roll, following: Roll | Score,
              table: Table, filled: dict[str, int], bonuses: int) -> Decision:
    rolls_left = ROLLS_PER_TURN - roll_number
    held: tuple[bool, ...] | None = None
    faces: tuple[int, ...] = ()
    box, points = None, 0
    if isinstance(following, Score):
        box, points = following.box, following.points
        try:
            cost = score_cost(table, filled, move.dice, rolls_left, bonuses, box)
        except ValueError:
            raise ValueError(f"turn {turn}: {box} cannot be filled with {move.dice}") from None
    else:
        held = following.held
        faces = tuple(sorted(d for d, h in zip(move.dice, held, strict=True) if h))
        cost = hold_cost(table, filled, move.dice, rolls_left, bonuses, held)
    return Decision(
        number=number, turn=turn, roll=roll_number, dice=move.dice, rolls_left=rolls_left,
        kind="score" if box else "hold", held=held, held_faces=faces, box=box, points=points,
        best=cost.best, before=cost.best.value, after=cost.after, loss=cost.loss, reason=cost.reason,
    )
