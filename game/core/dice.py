"""Where dice faces come from: an injected source, seeded or scripted.

Each face is derived from (seed, player, turn, roll, position) alone, not drawn from a
running stream. So holding different dice never shifts a later roll: two people who
share a seed and make the same holds see the same dice, which challenge links rely on.

>>> source = SeededDice("kitchen-table")
>>> source.face(0, 0, 0, 0) == SeededDice("kitchen-table").face(0, 0, 0, 0)
True
>>> 1 <= source.face(2, 12, 2, 4) <= 6
True
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from typing import Protocol

#: The ``turn`` number used for the roll-off that decides who starts.
ROLL_OFF_TURN = -1


class DiceSource(Protocol):
    """Anything that can say what a die shows."""

    def face(self, player: int, turn: int, roll: int, position: int) -> int:
        """The face of die ``position`` (0-4) on roll ``roll`` (0-2) of ``player``'s turn ``turn``.

        For the roll-off, ``turn`` is :data:`ROLL_OFF_TURN` and ``roll`` counts the rounds.
        """
        ...


class SeededDice:
    """Faces from SHA-256 of the seed and the die's coordinates: reproducible everywhere.

    SHA-256 rather than ``random.Random`` because its output is specified: the same seed
    gives the same dice in CPython, in Pyodide and in any later Python version.
    """

    def __init__(self, seed: str) -> None:
        self.seed = seed

    def face(self, player: int, turn: int, roll: int, position: int) -> int:
        digest = hashlib.sha256(f"{self.seed}|{player}|{turn}|{roll}|{position}".encode()).digest()
        # 2**64 mod 6 is 4, so the bias is 4 in 2**64: far below anything measurable.
        return int.from_bytes(digest[:8], "big") % 6 + 1


class ScriptedDice:
    """Faces taken in order from a list: for tests and for physical dice typed in.

    >>> dice = ScriptedDice([6, 6, 6, 6, 6])
    >>> [dice.face(0, 0, 0, i) for i in range(5)]
    [6, 6, 6, 6, 6]
    """

    def __init__(self, faces: Iterable[int]) -> None:
        self._faces = list(faces)
        self._next = 0

    def face(self, player: int, turn: int, roll: int, position: int) -> int:
        if self._next >= len(self._faces):
            raise IndexError("the scripted dice have run out")
        value = self._faces[self._next]
        self._next += 1
        return value

    def push(self, faces: Iterable[int]) -> None:
        """Queue more faces."""
        self._faces.extend(faces)


def new_seed() -> str:
    """A fresh random seed, short enough to share in a link.

    >>> len(new_seed())
    12
    """
    import secrets  # here, not at the top: start-up time in the browser (docs/performance.md)

    return secrets.token_urlsafe(9)
