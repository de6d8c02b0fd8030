"""What a session helper decided, as a value the game manager applies in one pass.

The helpers (the games on the board and in tabs, friends by link, the end of a game)
never reach back into the manager: each takes what it needs and returns an
:class:`Outcome`, the way cosmicpython's handlers return what happened.
:meth:`game.session.manager.App.apply` carries it out, down one path: put a game on
the board, draw and save it (one ``actuate``), then the words, the notices and
the questions.

>>> from game.core.state import new_game
>>> outcome = Outcome(board=OnBoard(new_game(["Ann"], seed="s"), keep=False), said=("Resumed: Ann.",))
>>> outcome.board.keep, outcome.said, outcome.forget_link
(False, ('Resumed: Ann.',), False)
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.state import GameState
from game.records.game_slot import Challenge, SavedGame


@dataclass(frozen=True)
class OnBoard:
    """A game to put on the board, and how."""

    state: GameState
    challenge: Challenge | None = None  # a friend's score to beat on this seed
    game: str | None = None  # its id, if known (a link game's is the same on every device)
    adopt: SavedGame | None = None  # the stored record this tab now shows (its revision)
    keep: bool = True  # save it after drawing; False: it is the stored game already
    read_only: bool = False  # a finished link game, only shown: nothing is written
    draw: bool = True  # False: catching up draws it, step by step
    hints: bool = False  # switch the coach's hints on (real dice are typed in with hints)


@dataclass(frozen=True)
class CatchUp:
    """Turns played elsewhere to show one step at a time before ``final`` is played on."""

    steps: tuple[GameState, ...]
    final: GameState
    game: str  # the link game's id


@dataclass(frozen=True)
class Outcome:
    """Everything a helper wants done; empty fields do nothing."""

    board: OnBoard | None = None
    catch_up: CatchUp | None = None
    forget_link: bool = False  # the link that opened the page is used up
    said: tuple[str, ...] = ()  # for the live region
    notices: tuple[str, ...] = ()  # lasting notices (a link or a save that cannot be read)
    ask_link: str | None = None  # the question: play the link's game or keep mine?
    ask_name: tuple[str, str, int] | None = None  # (entry id, name, score) of a new high score
    high_scores: str | None = None  # open the high-score table with this entry marked
