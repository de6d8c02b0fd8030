"""Playing your mistakes again: the positions of your games, one at a time, until solved.

At each position the dice can be held and rolled (while rolls were left) or a box chosen,
as in Today's ten, and the choice is graded as the ten grades it (game.daily.grading). An
answer that is the best or near it (:func:`solved`) solves the position, which then
leaves the list kept; any other says what it lost and offers another go (:func:`try_again`)
or the best (:func:`reveal`), and the position stays in the list.

>>> from game.records.practice_positions import as_position
>>> from game.records.practice_record import PracticePosition
>>> from game.strategy.tables import load_preset
>>> spot = PracticePosition("official", (), 0, (5, 5, 5, 5, 5), 2, "box:chance", 75.9, "g1", "2026-12-01")
>>> play = PracticePlay(((spot.key(), as_position(spot, load_preset("official"))),))
>>> wrong = choose_box(play, "chance")
>>> wrong.last.colour, wrong.solved, try_again(wrong).last
('more', False, None)
>>> right = choose_box(try_again(wrong), "yahtzee")
>>> right.solved, right.solved_keys == (spot.key(),), next_position(right).done
(True, True, True)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from game.core.card import Card
from game.core.players import Player
from game.core.state import NO_HOLDS, ROLLS_PER_TURN, GameState, new_game_in
from game.daily.grading import Graded, box_choice, grade, hold_choice, shown
from game.daily.puzzle import Position

#: An answer losing less than this (as the player reads it, to a tenth) solves a position:
#: the best (🟩), or within half a point, half of the smallest mistake kept
#: (game.records.practice_positions.MIN_LOSS): a choice the coach's values barely tell from the best.
NEAR = 0.5


def near(graded: Graded) -> bool:
    """Whether a graded answer solves its position: the best, or a loss under :data:`NEAR`
    as the player reads it (0.44 is 0.4 and solves; 0.46 is 0.5 and does not)."""
    return graded.colour == "exact" or shown(graded.loss) < NEAR


@dataclass(frozen=True)
class PracticePlay:
    """A go at the positions (each with its kept key), the one on screen, the dice held, the
    last answer's grading (None while asking), whether the best is shown, the keys solved."""

    positions: tuple[tuple[str, Position], ...]
    index: int = 0
    held: tuple[bool, ...] = NO_HOLDS
    last: Graded | None = None
    revealed: bool = False
    solved_keys: tuple[str, ...] = ()
    tries: int = 0  # answers given at this position

    @property
    def done(self) -> bool:
        return self.index >= len(self.positions)

    @property
    def position(self) -> Position:
        return self.positions[min(self.index, len(self.positions) - 1)][1]

    @property
    def key(self) -> str:
        return self.positions[min(self.index, len(self.positions) - 1)][0]

    @property
    def showing(self) -> bool:
        """An answer's grading is on screen."""
        return self.last is not None

    @property
    def solved(self) -> bool:
        """The position on screen was just solved."""
        return self.last is not None and near(self.last)

    @property
    def answering(self) -> bool:
        return not self.done and self.last is None


def board_of(play: PracticePlay) -> GameState:
    """The position on screen as a one-player game: its card, its dice, the rolls used, and
    the dice held (none while a grading is shown), as the ten draws its own."""
    position = play.position
    state = new_game_in(position.ruleset, [Player("practice")], seed="practice")
    card = Card(position.filled, position.yahtzee_bonuses, state.game)
    return dataclasses.replace(state, cards=(card,), turn=len(position.filled),
                               rolls_used=ROLLS_PER_TURN - position.rolls_left, dice=position.dice,
                               held=NO_HOLDS if play.showing else play.held)


def toggle_die(play: PracticePlay, die: int) -> PracticePlay:
    """Hold or release die ``die`` (0-4), while asking and rolls are left."""
    if not play.answering or play.position.rolls_left == 0 or not 0 <= die < 5:
        return play
    held = list(play.held)
    held[die] = not held[die]
    return dataclasses.replace(play, held=tuple(held))


def _answered(play: PracticePlay, graded: Graded) -> PracticePlay:
    solved = (*play.solved_keys, play.key) if near(graded) else play.solved_keys
    return dataclasses.replace(play, last=graded, held=NO_HOLDS, solved_keys=solved, tries=play.tries + 1)


def choose_hold(play: PracticePlay, faces: Sequence[int] | None = None) -> PracticePlay:
    """Answer with a hold (``faces``, or the dice held); ``ValueError`` when no roll is left
    or all five are held (game.daily.grading.hold_choice)."""
    if not play.answering:
        return play
    position = play.position
    if faces is None:
        faces = [face for face, held in zip(position.dice, play.held, strict=True) if held]
    return _answered(play, grade(position, hold_choice(position, faces)))


def choose_box(play: PracticePlay, box: str) -> PracticePlay:
    """Answer with a box; ``ValueError`` when the rules do not allow it here."""
    if not play.answering:
        return play
    return _answered(play, grade(play.position, box_choice(play.position, box)))


def try_again(play: PracticePlay) -> PracticePlay:
    """Another go at the position on screen, after an answer that did not solve it."""
    if play.last is None or play.solved or play.revealed:
        return play
    return dataclasses.replace(play, last=None)


def reveal(play: PracticePlay) -> PracticePlay:
    """Show the best after an answer that did not solve it (the position stays in the list)."""
    return dataclasses.replace(play, revealed=True) if play.last is not None else play


def next_position(play: PracticePlay) -> PracticePlay:
    """On to the next position (after an answer, or skipping one not yet answered)."""
    if play.done:
        return play
    return dataclasses.replace(play, index=play.index + 1, held=NO_HOLDS, last=None, revealed=False, tries=0)
