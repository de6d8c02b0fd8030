"""What the engine refuses, as exceptions (all are ``ValueError`` subclasses).

An :class:`IllegalAction` leaves the state exactly as it was (states are immutable). It
says why as a code, :attr:`IllegalAction.reason`, which the session words in the player's
language (:func:`game.session.words.refused`); its message, in English, is for
developers. A :class:`SetupError` is a game that cannot be started, its reason a code
too (:attr:`SetupError.reason`, worded by :func:`game.session.words.cannot_start`).

>>> issubclass(BoxClosed, IllegalAction) and issubclass(IllegalAction, ValueError)
True
>>> err = BoxFilled("Twos is already filled", "box_filled", box="twos")
>>> err.reason, err.box, str(err)
('box_filled', 'twos', 'Twos is already filled')
"""

from __future__ import annotations

from typing import Literal

from game.core.joker import Closed

#: Why a game cannot be started: a player count outside 1 to 6, a seat of an unknown kind,
#: a blank name with no default to give, unknown rules, a friend by link in a game of real
#: dice, or a roll-off that never ends (a broken dice source).
SetupProblem = Literal["player_count", "player_kind", "blank_name", "unknown_preset", "real_dice_link",
                       "roll_off_tied"]
#: Why the engine refused an action.
Refusal = Literal[
    "game_over", "no_rolls_left", "roll_first", "hold_after_first_roll", "first_roll_all_five", "box_filled",
    "box_closed", "unknown_box", "die_position", "holds_shape", "dice_faces", "held_dice_changed",
]


class IllegalAction(ValueError):
    """An action the rules refuse: ``reason`` says why (``box``: the box it is about,
    ``closed``: the Joker rule that closes it); the state is unchanged."""

    def __init__(self, message: str, reason: Refusal, *, box: str | None = None,
                 closed: Closed | None = None) -> None:
        super().__init__(message)
        self.reason, self.box, self.closed = reason, box, closed


class GameOverError(IllegalAction):
    pass


class NoRollsLeft(IllegalAction):
    pass


class NotRolledYet(IllegalAction):
    pass


class BoxFilled(IllegalAction):
    pass


class BoxClosed(IllegalAction):
    """The Joker rules close this box for the dice on the table."""


class InvalidDice(IllegalAction):
    """A face outside 1-6, the wrong number of dice, or held dice that changed."""


class UnknownBox(IllegalAction):
    pass


class SetupError(ValueError):
    """A game that cannot be started: ``reason`` says why, ``number`` is the fact it is
    about (how many players were asked for, or the player's number, from 1), if any. The
    message, in English, is for developers.

    >>> err = SetupError("a game has 1 to 6 players, not 7", "player_count", number=7)
    >>> err.reason, err.number
    ('player_count', 7)
    """

    def __init__(self, message: str, reason: SetupProblem, *, number: int | None = None) -> None:
        super().__init__(message)
        self.reason, self.number = reason, number
