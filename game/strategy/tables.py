"""The optimal-strategy value table of one preset: file format, decoding and look-up.

The table holds, for every reachable state at the start of a turn, the expected points
still to come under optimal play. A state is ``(mask, up, y)``: the 13-bit mask of filled
boxes (bit i is ``rules.BOXES[i]``), the upper subtotal capped at 63 (the bonus threshold:
above it nothing changes), and ``y`` = 1 when the Yahtzee box holds 50. A state no game
reaches (Fours alone and a subtotal of 30; ``y`` = 1 with the Yahtzee box open) has no
value: :meth:`Table.value` raises :class:`UnreachableState`. ``tools/gen_tables.py`` writes
the files; this module only reads.

File layout (little-endian), ``assets/strategy/<preset>.bin``::

    header  "YZV1", u8 format 1, u8 q (values are multiples of 2**-q), 16-byte preset name,
            f64 exact start value, u32 runs, u32 values
    body    zlib of: the first value of each run as u32 (4 byte planes: all low bytes,
            then the next...), then every other value as a u16 step from the one before
            it in its run (2 byte planes)

A *run* is the states of one ``(mask, y)`` in increasing ``up`` (only reachable ``up``),
masks 0..8190 in order, y = 0 before y = 1. The integer stored for a state is
``W = round((V + 35 * [up >= 63]) * 2**q)`` (35 is the upper bonus, :data:`BONUS_OFFSET`):
adding the bonus already earned makes W non-decreasing in ``up`` and the steps lie in
0..35 * 2**q, so u16 fits them (q <= 10).

>>> table = Table.from_values("official", [0.0] * STATE_COUNT, start=0.0)
>>> table.value(0b1, 3, 0)
0.0
"""

from __future__ import annotations

import struct
import sys
import zlib
from array import array
from collections.abc import Iterable, Iterator, Sequence
from itertools import accumulate
from pathlib import Path
from typing import Any

from game.core import rules
from game.core.games import YAHTZEE, Game
from game.strategy.rolls import REACHABLE_UPS, UP_CAP

MAGIC = b"YZV1"
FORMAT = 1
HEADER = struct.Struct("<4sBB16sdII")
FULL_MASK = (1 << len(rules.BOXES)) - 1
UPPER_MASK = (1 << len(rules.UPPER_BOXES)) - 1  # the upper boxes are bits 0-5
YAHTZEE_BIT = 1 << rules.BOXES.index("yahtzee")
#: What a stored value adds once the upper bonus is earned (the file format's offset).
BONUS_OFFSET = rules.UPPER_BONUS
ASSET_DIR = Path(__file__).resolve().parents[2] / "assets" / "strategy"

#: UP_POS[upper_mask][up]: position of ``up`` in its run, -1 when no game reaches it.
UP_POS: tuple[tuple[int, ...], ...] = tuple(
    tuple(ups.index(u) if u in ups else -1 for u in range(UP_CAP + 1)) for ups in REACHABLE_UPS
)


class TableError(ValueError):
    """What a strategy table refuses: bytes that are not a table of the preset asked for,
    or a look-up of a state no game reaches (:class:`UnreachableState`)."""


class UnreachableState(TableError):
    """A state ``(mask, up, y)`` that no game reaches at the start of a turn; the message says why.

    >>> Table.from_values("official", [0.0] * STATE_COUNT, start=0.0).value(0b1000, 30, 0)
    Traceback (most recent call last):
    ...
    game.strategy.tables.UnreachableState: no game reaches the state mask=0x0008 (Fours), up=30, y=0: \
the upper boxes filled (Fours) cannot total 30
    """

    def __init__(self, mask: int, up: int, y: int, reason: str) -> None:
        self.mask, self.up, self.y = mask, up, y
        super().__init__(f"no game reaches the state mask={_mask_text(mask)}, up={up!r}, y={y!r}: {reason}")


def _mask_text(mask: int) -> str:
    """``0x0808 (Fours, Yahtzee)``: the mask and the boxes it says are filled."""
    if not (isinstance(mask, int) and 0 <= mask <= FULL_MASK):
        return repr(mask)
    filled = [rules.BOX_LABELS[box] for i, box in enumerate(rules.BOXES) if mask >> i & 1]
    names = "full card" if mask == FULL_MASK else ", ".join(filled) or "empty card"
    return f"{mask:#06x} ({names})"


def unreachable_reason(mask: int, up: int, y: int) -> str | None:
    """Why no game reaches ``(mask, up, y)``, or None when some game does (the full card too).

    >>> unreachable_reason(0b1000, 12, 0) is None, unreachable_reason(0, 0, 1)
    (True, 'y=1 needs 50 in the Yahtzee box, which is open')
    """
    if not (isinstance(mask, int) and 0 <= mask <= FULL_MASK):
        return f"a mask has {len(rules.BOXES)} bits: 0 to {FULL_MASK:#x}"
    if not (isinstance(up, int) and 0 <= up <= UP_CAP):
        return f"the upper subtotal is counted from 0 up to {UP_CAP} (capped there)"
    if y not in (0, 1):
        return "y is 0 or 1"
    if y and not mask & YAHTZEE_BIT:
        return f"y=1 needs {rules.YAHTZEE_SCORE} in the Yahtzee box, which is open"
    if up not in REACHABLE_UPS[mask & UPPER_MASK]:
        upper = ", ".join(rules.BOX_LABELS[box] for i, box in enumerate(rules.UPPER_BOXES) if mask >> i & 1)
        return f"the upper boxes filled ({upper}) cannot total {up}" if upper else \
            "no upper box is filled, so the upper subtotal is 0"
    return None


def runs() -> Iterator[tuple[int, int, tuple[int, ...]]]:
    """Every run ``(mask, y, ups)`` in file order.

    >>> next(runs())
    (0, 0, (0,))
    """
    for mask in range(FULL_MASK):
        ups = REACHABLE_UPS[mask & UPPER_MASK]
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
    """Position of a state in the table; raises :class:`UnreachableState` for a state no
    game reaches, and for the full card, which no turn starts from (the table stores none).

    >>> state_index(0, 0, 0)
    0
    """
    if 0 <= mask < FULL_MASK and 0 <= up <= UP_CAP and (y == 0 or y == 1):  # as in Table.value
        start = RUN_STARTS[2 * mask + y]
        pos = UP_POS[mask & UPPER_MASK][up]
        if start >= 0 and pos >= 0:
            return start + pos
    reason = unreachable_reason(mask, up, y)
    raise UnreachableState(mask, up, y, reason or "no turn starts from a full card, so the table "
                           "stores nothing for it (its value is 0)")


class Table:
    """The values of one preset, looked up by state (build with :func:`load_table`); another
    game's (Yatzy) is a subclass, :class:`game.strategy.game_tables.GameTable`."""

    game: Game = YAHTZEE  # the game whose strategy this is

    def __init__(self, preset: str, values: Sequence[float] | Sequence[int], scale: float,
                 bonus_offset: float, start: float):
        self.preset = rules.check_preset(preset)
        self._values = values
        self._scale = scale
        self._offset = bonus_offset  # BONUS_OFFSET when values include the bonus already earned
        self.start = start  # exact (unquantized) expected score of a whole game
        # Per state, the coach's memo of its turn (game.strategy.coach.TurnValues): kept with the
        # values it is computed from, typed loosely so that this module need not import the coach.
        self.cache: dict[tuple[int, int, int], object] = {}

    @classmethod
    def from_values(cls, preset: str, values: Sequence[float], start: float) -> Table:
        """A table of plain floats in :func:`runs` order (tests build exact tables this way)."""
        if len(values) != STATE_COUNT:
            raise TableError(f"{len(values)} values given, {STATE_COUNT} states exist")
        return cls(preset, values, 1.0, 0.0, start)

    def value(self, mask: int, up: int, y: int) -> float:
        """Expected points still to come from this state with optimal play (0 once the card is full).

        Raises :class:`UnreachableState` for a state no game reaches (see :func:`unreachable_reason`).
        """
        # The coach calls this in its inner loop: the common case is range checks and two
        # list look-ups (-1 marks no run or an unreachable subtotal); words only on refusal.
        if 0 <= mask < FULL_MASK and 0 <= up <= UP_CAP and (y == 0 or y == 1):
            start = RUN_STARTS[2 * mask + y]
            pos = UP_POS[mask & UPPER_MASK][up]
            if start >= 0 and pos >= 0:
                v = self._values[start + pos] * self._scale
                return v - self._offset if up >= UP_CAP else v
        reason = unreachable_reason(mask, up, y)
        if reason is None:  # of the states some game reaches, only the full card gets here
            return 0.0
        raise UnreachableState(mask, up, y, reason)


def from_byte_planes(data: bytes | bytearray, count: int, width: int) -> array[int]:
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


def open_file(data: bytes, header: struct.Struct, magic: bytes, fmt: int, preset: str,
              what: str, inflated: bytes | bytearray | None = None,
              count: int = STATE_COUNT) -> tuple[tuple[Any, ...], bytes | bytearray]:
    """Check the header of a strategy file (the value table, the spread table) and inflate
    its body. Returns q with the header's fields after the preset's name, and the body.

    Every such header starts with the magic, the format, q and the 16-byte preset name, and
    ends with the number of states; the body is zlib (``inflated``: the body, inflated
    already by the browser). ``what`` names the file in messages. Raises :class:`TableError`.
    """
    if len(data) < header.size:
        raise TableError(f"the {what} is cut short")
    found_magic, found_fmt, q, name, *rest = header.unpack_from(data)
    if found_magic != magic or found_fmt != fmt:
        raise TableError(f"this is not a {what} (or a format this version cannot read)")
    found = name.rstrip(b"\0").decode("ascii", "replace")
    if found != preset:
        raise TableError(f"this {what} is for {found}, not {preset}")
    if rest[-1] != count:
        raise TableError(f"the {what} holds {rest[-1]} values, {count} states exist")
    if inflated is not None:
        return (q, *rest), inflated
    try:
        body = zlib.decompress(data[header.size:])
    except zlib.error as err:
        raise TableError(f"the {what} is damaged ({err})") from None
    return (q, *rest), body


def load_table(preset: str, data: bytes) -> Table:
    """Decode the bytes of ``assets/strategy/<preset>.bin`` (the browser fetches them).

    Raises :class:`TableError` if the bytes are damaged or belong to another preset. (The
    page decodes a part at a time: game.strategy.table_decoding.)
    """
    q, start, each_run = table_runs(preset, data)
    values = array("i")  # W < 2**31: values stay below 400 points
    add_runs(values, each_run)
    return Table(preset, values, 2.0 ** -q, float(BONUS_OFFSET), start)


def table_runs(preset: str, data: bytes, inflated: bytes | bytearray | None = None
               ) -> tuple[int, float, Iterator[tuple[int, Sequence[int]]]]:
    """The header's q and exact start value, and each run's first value with its steps in file
    order (lazily; ``inflated``: the body inflated already). Raises like :func:`load_table`."""
    (q, start, n_runs, n_values), body = open_file(data, HEADER, MAGIC, FORMAT, preset, "strategy table", inflated)
    return q, start, split_runs(body, n_runs, n_values, (len(ups) for _, _, ups in runs()))


def split_runs(body: bytes | bytearray, n_runs: int, n_values: int,
               lengths: Iterable[int]) -> Iterator[tuple[int, Sequence[int]]]:
    """Each run's first value and its steps, lazily, from an inflated body of runs of
    ``lengths`` values; :class:`TableError` at once when the body is not that long."""
    n_steps = n_values - n_runs
    if len(body) != 4 * n_runs + 2 * n_steps:
        raise TableError("the strategy table is damaged (wrong length)")
    firsts = from_byte_planes(body[:4 * n_runs], n_runs, 4)
    steps = from_byte_planes(body[4 * n_runs:], n_steps, 2)

    def each_run() -> Iterator[tuple[int, Sequence[int]]]:
        pos = 0
        for first, length in zip(firsts, lengths, strict=True):
            yield first, steps[pos:pos + length - 1]
            pos += length - 1
    return each_run()


def add_runs(values: array[int], each_run: Iterable[tuple[int, Sequence[int]]]) -> int:
    """Append the values of these runs (a run's first value, then its steps added one by one,
    accumulated in C); returns how many runs."""
    count = 0
    for first, steps in each_run:
        values.extend(accumulate(steps, initial=first))
        count += 1
    return count


def table_path(preset: str) -> Path:
    """Where the shipped table of ``preset`` lives in a checkout."""
    return ASSET_DIR / f"{rules.check_preset(preset)}.bin"


_LOADED: dict[str, Table] = {}


def load_preset(preset: str) -> Table:
    """CPython convenience: read and decode the shipped table once per process (Yatzy's: load_ruleset)."""
    if preset not in _LOADED:
        _LOADED[preset] = load_table(preset, table_path(preset).read_bytes())
    return _LOADED[preset]
