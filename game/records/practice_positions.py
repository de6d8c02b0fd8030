"""Your mistakes to practise: a finished game's costliest decisions, as positions to answer again.

Which decisions (docs/daily.md, "Your mistakes to practise"): those of the people who played
at this device (never a computer's, nor a friend's by link, who played on their own phone),
that lost at least :data:`MIN_LOSS` against optimal play, the :data:`PER_GAME` costliest of
each person, as the review finds them (game.strategy.review). A re-roll with all five dice
held is no choice a position can offer again (the coach lists none such), so it is left out.

A kept position (game.records.practice_record) is answered as one of Today's ten:
:func:`as_position` ranks its options with its rule set's table, and the ten's grading
grades the choice (game.daily.practice_play).

>>> from game.core.dice import ScriptedDice
>>> from game.core.state import new_game
>>> from game.strategy.tables import load_preset
>>> state = new_game(["Ann"], seed="practice").roll(ScriptedDice([5, 5, 5, 5, 5])).score("chance")
>>> (spot,) = from_game(state, load_preset("official"), "g1", "2026-12-01")
>>> spot.chosen, spot.dice, spot.rolls_left, round(spot.loss, 1)
('box:chance', (5, 5, 5, 5, 5), 2, 75.9)
>>> as_position(spot, load_preset("official")).best.box
'yahtzee'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.core.card import Score
from game.core.rulesets import rules_of
from game.core.state import GameState
from game.daily.levels import casual_loss
from game.daily.puzzle import Position, phase_of
from game.records.history import FinishedGame
from game.records.practice_record import LOOK_AT, PracticePosition
from game.strategy.ranking import rank_options
from game.strategy.review import Decision, Review, costliest, review
from game.strategy.tables import Table

#: The smallest loss kept: the ten's own margin (game.daily.puzzle.MARGIN), the coach's "solid":
#: below a point, the best and the choice made are too close to be worth another go.
MIN_LOSS = 1.0
#: The costliest decisions kept of each person's game: a handful, as a review lists its three.
PER_GAME = 5


@dataclass(frozen=True)
class _Before:
    """A person's card just before one of their turns: boxes and points in the card's order,
    and the Yahtzee bonuses earned."""

    filled: tuple[tuple[str, int], ...]
    bonuses: int


def _cards(state: GameState, seat: int) -> list[_Before]:
    """The card of ``seat`` before each of their turns (index: turn - 1)."""
    filled: dict[str, int] = {}
    bonuses = 0
    cards = [_Before((), 0)]
    for move in state.moves:
        if move.seat == seat and isinstance(move, Score):
            filled[move.box] = move.points
            bonuses += 1 if move.bonus else 0
            cards.append(_Before(state.game.ordered(filled), bonuses))
    return cards


def _code(decision: Decision) -> str | None:
    """The decision as the ten writes a choice, or None for a re-roll of nothing."""
    if decision.box is not None:
        return f"box:{decision.box}"
    if len(decision.held_faces) == 5:
        return None
    return "hold:" + "".join(map(str, decision.held_faces))


def seats_to_practise(state: GameState) -> tuple[int, ...]:
    """The seats whose decisions are practised: the people at this device."""
    return tuple(seat for seat, player in enumerate(state.players) if player.is_human)


def positions_of(state: GameState, seat: int, table: Table, game_id: str, finished: str,
                 reviewed: Review | None = None) -> tuple[PracticePosition, ...]:
    """The costliest decisions of ``seat`` in ``state`` (none for a seat not practised),
    costliest first; ``game_id`` and ``finished`` (ISO) say where they come from;
    ``reviewed``: the seat's review, if it is at hand."""
    if seat not in seats_to_practise(state):
        return ()
    cards = _cards(state, seat)
    kept = []
    decisions = (reviewed or review(state, seat, table)).decisions
    worth = [d for d in decisions if d.loss >= MIN_LOSS and _code(d) is not None]
    for decision in costliest(worth, PER_GAME):
        code = _code(decision)
        assert code is not None
        before = cards[decision.turn - 1]
        kept.append(PracticePosition(state.ruleset, before.filled, before.bonuses, decision.dice,
                                     decision.rolls_left, code, decision.loss, game_id, finished))
    return tuple(kept)


def from_game(state: GameState, table: Table, game_id: str, finished: str) -> tuple[PracticePosition, ...]:
    """Every practised seat's costliest decisions in a game (:func:`positions_of`)."""
    return tuple(spot for seat in seats_to_practise(state)
                 for spot in positions_of(state, seat, table, game_id, finished))


def waiting(kept: Sequence[tuple[FinishedGame, str]], since: int) -> list[tuple[FinishedGame, str]]:
    """The games kept for review (``History.all()``, newest first) not yet looked at: kept
    after ``since``, the newest :data:`~game.records.practice_record.LOOK_AT`, the oldest
    first, so that ``since`` only moves on (game.web.practice_dialog.gather)."""
    return list(reversed([(entry, text) for entry, text in kept if entry.at > since][:LOOK_AT]))


def as_position(spot: PracticePosition, table: Table) -> Position:
    """The kept position as one of the ten: its options ranked by ``table`` (its rule set's),
    so that the ten's grading grades an answer. ``ValueError`` for another rule set's table."""
    if table.preset != spot.ruleset:
        raise ValueError(f"the table given is for {table.preset!r}, not {spot.ruleset!r}")
    options = tuple(rank_options(table, dict(spot.filled), spot.dice, spot.rolls_left, spot.yahtzee_bonuses))
    game = rules_of(spot.ruleset)[0]
    return Position(date=spot.finished, index=0, phase=phase_of(len(spot.filled), game.turns),
                    kind="hold" if spot.rolls_left else "box", filled=spot.filled,
                    yahtzee_bonuses=spot.yahtzee_bonuses, dice=spot.dice, rolls_left=spot.rolls_left,
                    options=options, greedy=options[0], casual_loss=casual_loss(options), ruleset=spot.ruleset)
