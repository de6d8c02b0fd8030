"""Who sits at the table: a name and who plays the seat, a person or a computer level.

>>> [p.name for p in make_players(["Ann", "", Player("Bot", "optimal")], lambda number: f"Seat {number}")]
['Ann', 'Seat 2', 'Bot']
>>> make_players([Player("X", "wizard")])
Traceback (most recent call last):
...
game.core.errors.SetupError: unknown player kind 'wizard'
>>> make_players([""])
Traceback (most recent call last):
...
game.core.errors.SetupError: player 1 has no name
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal, TypeGuard, get_args

from game.core.errors import SetupError
from game.core.labels import N_
from game.core.language import pgettext
from game.core.names import clean_name

#: The computer levels, strongest first (game.strategy plays them). ``to_win`` plays each
#: move for its best chance to win a game of several; alone, it plays as ``optimal``.
ComputerLevel = Literal["to_win", "optimal", "noisy", "greedy"]
#: Who plays a seat: a person at this device, a friend on their own device (the turn
#: travels by link: game.core.turn_link), or a computer level.
PlayerKind = Literal["human", "link", "to_win", "optimal", "noisy", "greedy"]
LEVELS: tuple[ComputerLevel, ...] = get_args(ComputerLevel)
PLAYER_KINDS: tuple[PlayerKind, ...] = get_args(PlayerKind)
#: The seats of one game (the New game dialog offers as many rows).
MAX_PLAYERS = 6
#: The computer levels as the screen names them (context "computer level" in the catalogs).
LEVEL_NAMES: dict[ComputerLevel, str] = {
    "to_win": N_("computer level", "Competitor"), "optimal": N_("computer level", "Optimal"),
    "noisy": N_("computer level", "Casual"), "greedy": N_("computer level", "Beginner"),
}


def level_name(level: ComputerLevel) -> str:
    """A computer level's name in the language spoken now (``optimal``: "Optimal")."""
    return pgettext("computer level", LEVEL_NAMES[level])


def is_kind(value: object) -> TypeGuard[PlayerKind]:
    """Whether ``value`` (from a save or a form) names a player kind."""
    return value in PLAYER_KINDS


def is_level(value: object) -> TypeGuard[ComputerLevel]:
    """Whether ``value`` names a computer level (a seat a computer plays)."""
    return value in LEVELS


@dataclass(frozen=True)
class Player:
    """A seat at the table: a name and who plays it (a person or a computer level)."""

    name: str
    kind: PlayerKind = "human"

    @property
    def is_human(self) -> bool:
        """A person at this device (who may act on this board)."""
        return self.kind == "human"

    @property
    def is_computer(self) -> bool:
        return is_level(self.kind)


def make_players(players: Sequence[Player | str],
                 default_name: Callable[[int], str] | None = None) -> tuple[Player, ...]:
    """The seats, names cleaned; a blank name becomes ``default_name(number)`` (the player's
    number, from 1), which the caller words in the language spoken (``Player 2``): the
    engine makes no words. Without ``default_name`` a blank name is a :class:`SetupError`.
    """
    if not 1 <= len(players) <= MAX_PLAYERS:
        raise SetupError(f"a game has 1 to {MAX_PLAYERS} players, not {len(players)}", "player_count",
                         number=len(players))
    seats = []
    for number, player in enumerate(players, start=1):
        if isinstance(player, str):
            player = Player(player)
        if player.kind not in PLAYER_KINDS:
            raise SetupError(f"unknown player kind {player.kind!r}", "player_kind", number=number)
        # A default name is given once, in the language of that moment, and is the seat's
        # name from then on, stored with the game as if typed: a saved game (or a link sent
        # to a friend) keeps the name it started with whatever language shows it later, as
        # every device and every record (high scores, history) must name the seat alike.
        name = clean_name(player.name, "") or clean_name(default_name(number) if default_name else "", "")
        if not name:
            raise SetupError(f"player {number} has no name", "blank_name", number=number)
        seats.append(Player(name, player.kind))
    return tuple(seats)
