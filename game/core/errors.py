"""What the engine refuses, as exceptions whose message says why (all are ``ValueError`` subclasses).

An :class:`IllegalAction` leaves the state exactly as it was (states are immutable), so
the session layer only has to say the message. A :class:`SetupError` is a game that
cannot be started.

>>> issubclass(BoxClosed, IllegalAction) and issubclass(IllegalAction, ValueError)
True
"""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules refuse; the message says why, and the state is unchanged."""


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
