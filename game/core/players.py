"""Who sits at the table: a name and who plays the seat, a person or a computer level.

>>> [p.name for p in make_players(["Ann", "", Player("Bot", "optimal")])]
['Ann', 'Player 2', 'Bot']
>>> make_players([Player("X", "wizard")])
Traceback (most recent call last):
...
game.core.errors.SetupError: unknown player kind 'wizard'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, TypeGuard, get_args

from game.core.errors import SetupError
from game.core.labels import N_
from game.core.language import pgettext
from game.core.names import clean_name

#: The computer levels, strongest first (game.strategy plays them).
ComputerLevel = Literal["optimal", "noisy", "greedy"]
#: Who plays a seat: a person at this device, a friend on their own device (the turn
#: travels by link: game.core.turn_link), or a computer level.
PlayerKind = Literal["human", "link", "optimal", "noisy", "greedy"]
LEVELS: tuple[ComputerLevel, ...] = get_args(ComputerLevel)
PLAYER_KINDS: tuple[PlayerKind, ...] = get_args(PlayerKind)
#: The seats of one game (the New game dialog offers as many rows).
MAX_PLAYERS = 6
#: The computer levels as the screen names them (context "computer level" in the catalogs).
LEVEL_NAMES: dict[ComputerLevel, str] = {
    "optimal": N_("computer level", "Optimal"), "noisy": N_("computer level", "Casual"),
    "greedy": N_("computer level", "Beginner"),
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


def make_players(players: Sequence[Player | str]) -> tuple[Player, ...]:
    if not 1 <= len(players) <= MAX_PLAYERS:
        raise SetupError(f"a game has 1 to {MAX_PLAYERS} players, not {len(players)}")
    seats = []
    for number, player in enumerate(players, start=1):
        if isinstance(player, str):
            player = Player(player)
        if player.kind not in PLAYER_KINDS:
            raise SetupError(f"unknown player kind {player.kind!r}")
        seats.append(Player(clean_name(player.name, f"Player {number}"), player.kind))
    return tuple(seats)
