"""Playing Today's ten: one attempt at a day's puzzle, as immutable values.

The player answers the ten positions in order. At each, the dice can be held and rolled
(while rolls are left) or a box chosen, as in a game; the choice is graded at once
(:mod:`game.daily.grading`) and shown, and :func:`next_position` moves on. The board of a
position is a :class:`~game.core.state.GameState` of one player, so the screens draw its
dice and card as they draw the game's.

An attempt is scored (the first one of the day, on that day) or practice: another go, an
earlier day, a friend's link to a past day. Which one it is, and what is stored, the
caller decides (game.records); this module only plays.

>>> from game.daily.puzzle import todays_ten
>>> from game.strategy.tables import load_preset
>>> play = TenPlay(todays_ten("2024-05-01", load_preset("official")), practice=False)
>>> play.index, play.position.index, play.done
(0, 0, False)
>>> best = play.position.best
>>> answered = choose_box(play, best.box) if best.kind == "score" else choose_hold(play, best.held_faces)
>>> answered.last.colour, answered.showing
('exact', True)
>>> next_position(answered).index
1
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from game.core.card import Card
from game.core.players import Player
from game.core.state import NO_HOLDS, GameState, new_game_in
from game.daily.grading import Graded, Result, box_choice, grade, hold_choice, result
from game.daily.puzzle import Position, Puzzle

ROLLS_PER_TURN = 3


@dataclass(frozen=True)
class TenPlay:
    """An attempt: the puzzle, whether it is practice, the choices graded so far, the dice
    the player holds at the current position, and whether the last grading is on screen."""

    puzzle: Puzzle
    practice: bool
    graded: tuple[Graded, ...] = ()
    held: tuple[bool, ...] = NO_HOLDS
    showing: bool = False  # the last choice's grading is shown, until "next"

    @property
    def index(self) -> int:
        """The position on screen: the one being answered, or the one just graded."""
        return len(self.graded) - 1 if self.showing else len(self.graded)

    @property
    def done(self) -> bool:
        return len(self.graded) == len(self.puzzle.positions)

    @property
    def position(self) -> Position:
        return self.puzzle.positions[min(self.index, len(self.puzzle.positions) - 1)]

    @property
    def last(self) -> Graded | None:
        return self.graded[-1] if self.graded else None

    @property
    def result(self) -> Result | None:
        """The ten graded, once all are answered."""
        return result(self.puzzle, [g.chosen for g in self.graded]) if self.done else None

    @property
    def codes(self) -> tuple[str, ...]:
        """The choices so far as :func:`choice_code` writes them (what is stored)."""
        return tuple(choice_code(g) for g in self.graded)


def choice_code(graded: Graded) -> str:
    """A choice as a short stable text: ``box:<box>`` or ``hold:<faces>``.

    >>> from game.daily.puzzle import todays_ten
    >>> from game.strategy.tables import load_preset
    >>> position = todays_ten("2024-05-01", load_preset("official")).positions[0]
    >>> choice_code(grade(position, hold_choice(position, position.dice[:2])))[:5]
    'hold:'
    """
    chosen = graded.chosen
    return f"box:{chosen.box}" if chosen.kind == "score" else "hold:" + "".join(map(str, sorted(chosen.held_faces)))


def replay(puzzle: Puzzle, practice: bool, codes: Sequence[str]) -> TenPlay:
    """The attempt after the stored choices ``codes``, ready for the next position.
    ``ValueError`` for a code that is not a choice of its position (a damaged record)."""
    play = TenPlay(puzzle, practice)
    for code in codes[:len(puzzle.positions)]:
        kind, _, what = code.partition(":")
        if kind == "box":
            play = choose_box(play, what)
        elif kind == "hold" and (what == "" or what.isdigit()):  # "hold:" rolls all five again
            play = choose_hold(play, tuple(int(face) for face in what))
        else:
            raise ValueError(f"not a choice: {code!r}")
        play = dataclasses.replace(play, showing=False)
    return play


def board_of(play: TenPlay) -> GameState:
    """The current position as a one-player game: its card, its dice, the rolls used, and
    the dice the player holds (none while a grading is shown)."""
    position = play.position
    # The name never shows: the card leaves a slot for it, which the dialog fills itself.
    state = new_game_in(position.ruleset, [Player("ten")], seed=f"ten:{position.date}:{position.index}")
    card = Card(position.filled, position.yahtzee_bonuses, state.game)
    return dataclasses.replace(state, cards=(card,), turn=len(position.filled),
                               rolls_used=ROLLS_PER_TURN - position.rolls_left, dice=position.dice,
                               held=NO_HOLDS if play.showing else play.held)


def toggle_die(play: TenPlay, die: int) -> TenPlay:
    """Hold or release die ``die`` (0-4) of the current position, while rolls are left."""
    if play.showing or play.done or play.position.rolls_left == 0 or not 0 <= die < 5:
        return play
    held = list(play.held)
    held[die] = not held[die]
    return dataclasses.replace(play, held=tuple(held))


def choose_hold(play: TenPlay, faces: Sequence[int] | None = None) -> TenPlay:
    """Answer with a hold: ``faces``, or the dice the player holds. ``ValueError`` (from
    :func:`~game.daily.grading.hold_choice`) when no roll is left or all five are held."""
    if play.showing or play.done:
        return play
    position = play.position
    if faces is None:
        faces = [face for face, held in zip(position.dice, play.held, strict=True) if held]
    graded = grade(position, hold_choice(position, faces))
    return dataclasses.replace(play, graded=(*play.graded, graded), held=NO_HOLDS, showing=True)


def choose_box(play: TenPlay, box: str) -> TenPlay:
    """Answer with a box; ``ValueError`` when the rules do not allow it here."""
    if play.showing or play.done:
        return play
    graded = grade(play.position, box_choice(play.position, box))
    return dataclasses.replace(play, graded=(*play.graded, graded), held=NO_HOLDS, showing=True)


def next_position(play: TenPlay) -> TenPlay:
    """From a grading on screen to the next position (or to the result, after the tenth)."""
    return dataclasses.replace(play, showing=False) if play.showing else play
