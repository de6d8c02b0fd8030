"""What the engine refuses, as exceptions (all are ``ValueError`` subclasses).

An :class:`IllegalAction` leaves the state exactly as it was (states are immutable). It
says why as a code, :attr:`IllegalAction.reason`, which the session words in the player's
language (:func:`game.session.words.refused`); its message, in English, is for
developers. A :class:`SetupError` is a game that cannot be started.

>>> issubclass(BoxClosed, IllegalAction) and issubclass(IllegalAction, ValueError)
True
>>> err = BoxFilled("Twos is already filled", "box_filled", box="twos")
>>> err.reason, err.box, str(err)
('box_filled', 'twos', 'Twos is already filled')
"""

from __future__ import annotations

from typing import Literal

from game.core.joker import Closed

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
    """A game that cannot be started: no players, too many, an unknown preset or kind."""
