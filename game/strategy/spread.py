"""The spread table of one preset: how far the points still to come stray from their mean.

For every state of :mod:`game.strategy.tables` (same states, same order) it holds the
standard deviation of the points a solitaire game still scores from there under optimal
play, so that with the value table's mean a player's final score can be forecast
(:mod:`game.strategy.win_chances`). ``tools/gen_spread.py`` writes the files; this module
only reads.

File layout (little-endian), ``assets/strategy/<preset>.spread.bin``::

    header  "YZS1", u8 format 1, u8 q (values are multiples of 2**-q points),
            16-byte preset name, u32 values
    body    zlib of every value as u16, in 2 byte planes (all low bytes, then all high bytes)

>>> spread = Spread.from_values("official", [0.5] * STATE_COUNT)
>>> spread.sd(0, 0, 0), spread.sd(FULL_MASK, 63, 0)
(0.5, 0.0)
"""

from __future__ import annotations

import struct
import sys
import zlib
from array import array
from collections.abc import Sequence

from game.core import rules
from game.strategy.tables import FULL_MASK, STATE_COUNT, TableError, from_byte_planes, open_file, state_index

MAGIC = b"YZS1"
FORMAT = 1
HEADER = struct.Struct("<4sBB16sI")


class Spread:
    """Standard deviations by state; build with :func:`load_spread`."""

    def __init__(self, preset: str, values: Sequence[float] | Sequence[int], scale: float) -> None:
        self.preset = rules.check_preset(preset)
        self._values, self._scale = values, scale

    @classmethod
    def from_values(cls, preset: str, values: Sequence[float]) -> Spread:
        """A spread table of plain floats in table order (tests build exact ones this way)."""
        if len(values) != STATE_COUNT:
            raise TableError(f"{len(values)} values given, {STATE_COUNT} states exist")
        return cls(preset, values, 1.0)

    def sd(self, mask: int, up: int, y: int) -> float:
        """The standard deviation of the points still to come (0 once the card is full).

        Raises :class:`~game.strategy.tables.UnreachableState` for a state no game reaches.
        """
        if mask == FULL_MASK:
            state_index(mask - (mask & 1), up, y)  # checks up and y the same way
            return 0.0
        return self._values[state_index(mask, up, y)] * self._scale


def encode(preset: str, values: Sequence[int], q: int) -> bytes:
    """The file for ``values`` (integers, multiples of 2**-q points, in table order)."""
    data = array("H", values)
    if sys.byteorder != "little":
        data.byteswap()
    raw = data.tobytes()
    planes = raw[0::2] + raw[1::2]
    name = rules.check_preset(preset).encode()
    return HEADER.pack(MAGIC, FORMAT, q, name, len(values)) + zlib.compress(planes, 9)


def load_spread(preset: str, data: bytes) -> Spread:
    """Decode a spread file, refusing one that is damaged or belongs to another preset.

    >>> load_spread("official", encode("official", [3] * STATE_COUNT, 2)).sd(0, 0, 0)
    0.75
    >>> load_spread("free_choice", encode("official", [3] * STATE_COUNT, 2))
    Traceback (most recent call last):
    ...
    game.strategy.tables.TableError: this spread table is for official, not free_choice
    """
    (q, count), planes = open_file(data, HEADER, MAGIC, FORMAT, preset, "spread table")
    if len(planes) != 2 * count:
        raise TableError("the spread table is damaged (wrong length)")
    return Spread(preset, from_byte_planes(planes, count, 2), 2.0 ** -q)
