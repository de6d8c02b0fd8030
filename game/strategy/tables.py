"""The optimal-strategy value table of one preset: file format, decoding and look-up.

The table holds, for every reachable state at the start of a turn, the expected points
still to come under optimal play. A state is ``(mask, up, y)``: the 13-bit mask of filled
boxes (bit i is ``rules.BOXES[i]``), the upper subtotal capped at 63, and ``y`` = 1 when the
Yahtzee box holds 50. ``tools/gen_tables.py`` writes the files; this module only reads.

File layout (little-endian), ``assets/strategy/<preset>.bin``::

    header  "YZV1", u8 format 1, u8 q (values are multiples of 2**-q), 16-byte preset name,
            f64 exact start value, u32 runs, u32 values
    body    zlib of: the first value of each run as u32 (4 byte planes: all low bytes,
            then the next...), then every other value as a u16 step from the one before
            it in its run (2 byte planes)

A *run* is the states of one ``(mask, y)`` in increasing ``up`` (only reachable ``up``),
masks 0..8190 in order, y = 0 before y = 1. The integer stored for a state is
``W = round((V + 35 * [up >= 63]) * 2**q)``: adding the upper bonus already earned makes
W non-decreasing in ``up`` and the steps lie in 0..35 * 2**q, so u16 fits them (q <= 10).

>>> table = Table.from_values("official", [0.0] * STATE_COUNT, start=0.0)
>>> table.value(0b1, 3, 0)
0.0
"""

from __future__ import annotations

import struct
import sys
import zlib
from array import array
from collections.abc import Iterator, Sequence
from itertools import accumulate
from pathlib import Path

from game.core import rules
from game.strategy.rolls import REACHABLE_UPS

MAGIC = b"YZV1"
FORMAT = 1
HEADER = struct.Struct("<4sBB16sdII")
FULL_MASK = (1 << len(rules.BOXES)) - 1
YAHTZEE_BIT = 1 << rules.BOXES.index("yahtzee")
ASSET_DIR = Path(__file__).resolve().parents[2] / "assets" / "strategy"

#: UP_POS[upper_mask][up]: position of ``up`` in its run, -1 when no game reaches it.
UP_POS: tuple[tuple[int, ...], ...] = tuple(
    tuple(ups.index(u) if u in ups else -1 for u in range(64)) for ups in REACHABLE_UPS
)


class TableError(ValueError):
    """Bytes that are not a strategy table for the preset asked for."""


def runs() -> Iterator[tuple[int, int, tuple[int, ...]]]:
    """Every run ``(mask, y, ups)`` in file order.

    >>> next(runs())
    (0, 0, (0,))
    """
    for mask in range(FULL_MASK):
        ups = REACHABLE_UPS[mask & 63]
        yield mask, 0, ups
        if mask & YAHTZEE_BIT:
            yield mask, 1, ups


def _run_starts() -> tuple[list[int], int]:
    """Offset of each run, indexed ``mask * 2 + y`` (-1 for no run), and the number of states."""
    starts = [-1] * (2 * FULL_MASK)
    offset = 0
    for mask, y, ups in runs():
        starts[2 * mask + y] = offset
        offset += len(ups)
    return starts, offset


RUN_STARTS, STATE_COUNT = _run_starts()


def state_index(mask: int, up: int, y: int) -> int:
    """Position of a state in the table; raises :class:`KeyError` for an unreachable one.

    >>> state_index(0, 0, 0)
    0
    """
    start = RUN_STARTS[2 * mask + y] if 0 <= mask < FULL_MASK else -1
    pos = UP_POS[mask & 63][up] if 0 <= up < 64 else -1
    if start < 0 or pos < 0:
        raise KeyError(f"no reachable state has mask {mask:#x}, upper subtotal {up}, y {y}")
    return start + pos


class Table:
    """The values of one preset, looked up by state. Build with :func:`load_table`."""

    def __init__(self, preset: str, values: Sequence[float] | Sequence[int], scale: float,
                 bonus_offset: float, start: float):
        self.preset = rules.check_preset(preset)
        self._values = values
        self._scale = scale
        self._offset = bonus_offset  # 35 when values include the bonus already earned
        self.start = start  # exact (unquantized) expected score of a whole game
        self.cache: dict[tuple[int, int, int], object] = {}  # per-state turn values (coach)

    @classmethod
    def from_values(cls, preset: str, values: Sequence[float], start: float) -> Table:
        """A table of plain floats in :func:`runs` order (tests build exact tables this way)."""
        if len(values) != STATE_COUNT:
            raise TableError(f"{len(values)} values given, {STATE_COUNT} states exist")
        return cls(preset, values, 1.0, 0.0, start)

    def value(self, mask: int, up: int, y: int) -> float:
        """Expected points still to come from this state with optimal play (0 once the card is full).

        The state must be reachable (:func:`state_index` says); the coach checks the card first.
        """
        if mask == FULL_MASK:
            return 0.0
        v = self._values[RUN_STARTS[2 * mask + y] + UP_POS[mask & 63][up]] * self._scale
        return v - self._offset if up >= 63 else v


def _planes(data: bytes, count: int, width: int) -> array:
    """Undo the byte planes: ``width`` runs of ``count`` bytes -> ``count`` little-endian ints."""
    inter = bytearray(count * width)
    for i in range(width):
        inter[i::width] = data[i * count:(i + 1) * count]
    out = array("I" if width == 4 else "H")
    if out.itemsize != width:
        raise TableError("this platform's array types do not have the sizes the table needs")
    out.frombytes(bytes(inter))
    if sys.byteorder == "big":
        out.byteswap()
    return out


def load_table(preset: str, data: bytes) -> Table:
    """Decode the bytes of ``assets/strategy/<preset>.bin`` (the browser fetches them).

    Raises :class:`TableError` if the bytes are damaged or belong to another preset.
    """
    if len(data) < HEADER.size:
        raise TableError("too short for a strategy table")
    magic, fmt, q, name, start, n_runs, n_values = HEADER.unpack_from(data)
    if magic != MAGIC or fmt != FORMAT:
        raise TableError("not a strategy table of a format this code reads")
    if name.rstrip(b"\0").decode() != preset:
        raise TableError(f"this table is for preset {name.rstrip(bytes(1)).decode()!r}, not {preset!r}")
    if n_values != STATE_COUNT:
        raise TableError(f"table has {n_values} states, this code expects {STATE_COUNT}")
    try:
        body = zlib.decompress(data[HEADER.size:])
    except zlib.error as exc:
        raise TableError(f"damaged table: {exc}") from None
    n_steps = n_values - n_runs
    if len(body) != 4 * n_runs + 2 * n_steps:
        raise TableError("damaged table: wrong body length")
    firsts = _planes(body[:4 * n_runs], n_runs, 4)
    steps = _planes(body[4 * n_runs:], n_steps, 2)
    values = array("i")  # W < 2**31: values stay below 400 points
    pos = 0
    for first, (_, _, ups) in zip(firsts, runs(), strict=True):
        # accumulate runs in C: the run's first value, then its steps added one by one
        values.extend(accumulate(steps[pos:pos + len(ups) - 1], initial=first))
        pos += len(ups) - 1
    return Table(preset, values, 2.0 ** -q, 35.0, start)


def table_path(preset: str) -> Path:
    """Where the shipped table of ``preset`` lives in a checkout."""
    return ASSET_DIR / f"{rules.check_preset(preset)}.bin"


_LOADED: dict[str, Table] = {}


def load_preset(preset: str) -> Table:
    """CPython convenience: read and decode the shipped table once per process."""
    if preset not in _LOADED:
        _LOADED[preset] = load_table(preset, table_path(preset).read_bytes())
    return _LOADED[preset]
