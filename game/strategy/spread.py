"""The spread table of one preset: how the points still to come stray from their mean.

For every state of :mod:`game.strategy.tables` (same states, same order) it holds the
standard deviation of the points a solitaire game still scores from there under optimal
play, and their *shape*: the quantiles of their exact distribution at the midpoints
``(i + 0.5) / n``, standardized (``(quantile - mean) / sd``). With the value table's mean
a player's final score can be forecast (:mod:`game.strategy.win_chances`).
``tools/gen_spread.py`` writes the files (``tools/spread_shapes.py`` makes the shapes,
which states share); this module only reads.

File layout (little-endian), ``assets/strategy/<preset>.spread.bin``::

    header  "YZS1", u8 format 2, u8 q (deviations are multiples of 2**-q points),
            16-byte preset name, u8 n (quantiles per shape, 0: no shapes),
            u8 z (quantiles are multiples of 2**-z sd), u32 shapes, u32 values
    body    zlib of: every deviation as u16, in 2 byte planes (all low bytes, then all
            high bytes); every state's shape number as u16; every shape's n quantiles as i16

>>> spread = Spread.from_values("official", [0.5] * STATE_COUNT)
>>> spread.sd(0, 0, 0), spread.sd(FULL_MASK, 63, 0), spread.shape(0, 0, 0)
(0.5, 0.0, None)
"""

from __future__ import annotations

import struct
import sys
import zlib
from array import array
from collections.abc import Sequence

from game.core import rules
from game.strategy.tables import ASSET_DIR, FULL_MASK, STATE_COUNT, TableError, from_byte_planes, open_file, state_index

MAGIC = b"YZS1"
FORMAT = 2
HEADER = struct.Struct("<4sBB16sBBII")


class Spread:
    """Standard deviations and shapes by state; build with :func:`load_spread`."""

    def __init__(self, preset: str, values: Sequence[float] | Sequence[int], scale: float,
                 shape_of: Sequence[int] = (), book: Sequence[float] | Sequence[int] = (),
                 quantiles: int = 0, z_scale: float = 1.0) -> None:
        self.preset = rules.check_preset(preset)
        self._values, self._scale = values, scale
        self._shape_of, self._book, self._n, self._z_scale = shape_of, book, quantiles, z_scale

    @classmethod
    def from_values(cls, preset: str, values: Sequence[float]) -> Spread:
        """A spread table of plain floats in table order, without shapes (tests build such)."""
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

    def shape(self, mask: int, up: int, y: int) -> tuple[float, ...] | None:
        """The standardized quantiles of the points still to come at the midpoints
        ``(i + 0.5) / n`` (None if this table has no shapes). Raises like :meth:`sd`;
        a full card has none to give."""
        if not self._n:
            return None
        at = self._shape_of[state_index(mask, up, y)] * self._n
        return tuple(v * self._z_scale for v in self._book[at:at + self._n])


def encode(preset: str, values: Sequence[int], q: int, shape_of: Sequence[int] = (),
           book: Sequence[Sequence[int]] = (), z: int = 0) -> bytes:
    """The file for ``values`` (integers, multiples of 2**-q points, in table order) and, if
    given, each state's shape number and the shapes (integers, multiples of 2**-z sd)."""
    n = len(book[0]) if book else 0
    raw = _little("H", values)
    body = raw[0::2] + raw[1::2] + _little("H", shape_of) + _little("h", [v for s in book for v in s])
    name = rules.check_preset(preset).encode()
    return HEADER.pack(MAGIC, FORMAT, q, name, n, z, len(book), len(values)) + zlib.compress(body, 9)


def _little(code: str, values: Sequence[int]) -> bytes:
    data = array(code, values)
    if sys.byteorder != "little":
        data.byteswap()
    return data.tobytes()


def load_spread(preset: str, data: bytes) -> Spread:
    """Decode a spread file, refusing one that is damaged or belongs to another preset.

    >>> load_spread("official", encode("official", [3] * STATE_COUNT, 2)).sd(0, 0, 0)
    0.75
    >>> one = encode("official", [3] * STATE_COUNT, 2, [0] * STATE_COUNT, [[-32, 0, 32]], 5)
    >>> load_spread("official", one).shape(0, 0, 0)
    (-1.0, 0.0, 1.0)
    >>> load_spread("free_choice", encode("official", [3] * STATE_COUNT, 2))
    Traceback (most recent call last):
    ...
    game.strategy.tables.TableError: this spread table is for official, not free_choice
    """
    (q, n, z, n_shapes, count), body = open_file(data, HEADER, MAGIC, FORMAT, preset, "spread table")
    if len(body) != 2 * count + (2 * count + 2 * n * n_shapes if n else 0):
        raise TableError("the spread table is damaged (wrong length)")
    values = from_byte_planes(body[:2 * count], count, 2)
    if not n:
        return Spread(preset, values, 2.0 ** -q)
    shape_of, book = array("H"), array("h")
    shape_of.frombytes(body[2 * count:4 * count])
    book.frombytes(body[4 * count:])
    if sys.byteorder != "little":
        shape_of.byteswap()
        book.byteswap()
    if max(shape_of) >= n_shapes:
        raise TableError("the spread table is damaged (a shape it does not hold)")
    return Spread(preset, values, 2.0 ** -q, shape_of, book, n, 2.0 ** -z)


_LOADED: dict[str, Spread] = {}


def load_preset(preset: str) -> Spread:
    """CPython convenience: read and decode the shipped spread table once per process
    (as :func:`game.strategy.tables.load_preset` reads the strategy table)."""
    if preset not in _LOADED:
        _LOADED[preset] = load_spread(preset, (ASSET_DIR / f"{preset}.spread.bin").read_bytes())
    return _LOADED[preset]
