"""The spread table of one preset: how the points still to come are spread about their mean.

For every state of :mod:`game.strategy.tables` (same states, same order) it holds the
standard deviation of the points a solitaire game still scores from there under optimal
play, and the *quantiles* of their exact distribution at the midpoints ``(i + 0.5) / n``,
as whole points: the least ``s`` with ``P(points to come <= s) >= (i + 0.5) / n``. Scores
fall on a few whole points (a lump at a Full House's 25, a gap beside a Yahtzee's 50), so
the quantiles are kept where they fall, not as a mean plus so many deviations (which
smeared a lump over its neighbours: docs/strategy.md, "Playing to win"). With the value
table's mean a player's final score can be forecast (:mod:`game.strategy.win_chances`).
``tools/gen_spread.py`` writes the files (``tools/spread_shapes.py`` the quantiles); this
module only reads.

File layout (little-endian), ``assets/strategy/<preset>.spread.bin``::

    header  "YZS1", u8 format 3, u8 q (deviations are multiples of 2**-q points),
            16-byte preset name, u8 n (quantiles per state, 0: none), u8 w (bytes per
            step from one quantile to the next: 1 or 2), u32 vectors, u32 values
    body    zlib of: every deviation as u16, in 2 byte planes; every state's vector number
            as u32, in 4 byte planes; every distinct vector's first quantile as u16, in 2
            planes; then its n - 1 steps, vector after vector, as bytes (w = 1) or u16 in 2
            planes (w = 2)

>>> spread = Spread.from_values("official", [0.5] * STATE_COUNT)
>>> spread.sd(0, 0, 0), spread.sd(FULL_MASK, 63, 0), spread.points(0, 0, 0)
(0.5, 0.0, None)
"""

from __future__ import annotations

import struct
import sys
import zlib
from array import array
from collections.abc import Sequence
from itertools import accumulate

from game.core import rules
from game.core.rulesets import check_ruleset
from game.strategy.tables import ASSET_DIR, FULL_MASK, STATE_COUNT, TableError, from_byte_planes, open_file, state_index

MAGIC = b"YZS1"
FORMAT = 3
HEADER = struct.Struct("<4sBB16sBBII")


class Spread:
    """Standard deviations and quantiles by state; build with :func:`load_spread`. Another
    game's (Yatzy) is a subclass, :class:`game.strategy.game_spread.GameSpread`."""

    def __init__(self, preset: str, values: Sequence[float] | Sequence[int], scale: float,
                 vector_of: Sequence[int] = (), firsts: Sequence[int] = (),
                 steps: Sequence[int] = (), quantiles: int = 0) -> None:
        self.preset = rules.check_preset(preset)
        self._values, self._scale = values, scale
        self._vector_of, self._firsts, self._steps, self._n = vector_of, firsts, steps, quantiles

    @classmethod
    def from_values(cls, preset: str, values: Sequence[float]) -> Spread:
        """A spread table of plain floats in table order, without quantiles (tests build such)."""
        if len(values) != STATE_COUNT:
            raise TableError(f"{len(values)} values given, {STATE_COUNT} states exist")
        return cls(preset, values, 1.0)

    def sd(self, mask: int, up: int, y: int) -> float:
        """The standard deviation of the points still to come (0 once the card is full).

        Raises :class:`~game.strategy.tables.UnreachableState` for a state no game reaches.
        """
        at = self._position(mask, up, y)
        return 0.0 if at < 0 else self._values[at] * self._scale

    def points(self, mask: int, up: int, y: int) -> tuple[int, ...] | None:
        """The quantiles of the points still to come at the midpoints ``(i + 0.5) / n``, in
        whole points, ascending (None if this table has none). Raises like :meth:`sd`; a
        full card has none to give."""
        if not self._n:
            return None
        at = self._position(mask, up, y)
        if at < 0:
            raise TableError("a full card has no points to come, nor their quantiles")
        at = self._vector_of[at]
        if at >= len(self._firsts):  # checked here, not for all 536,320 states at once (~0.1 s on a phone)
            raise TableError("the spread table is damaged (a vector it does not hold)")
        step = self._n - 1
        return tuple(accumulate(self._steps[at * step:(at + 1) * step], initial=self._firsts[at]))

    def _position(self, mask: int, up: int, y: int) -> int:
        """The state's place in the table, -1 for a full card (which the table does not
        store); raises :class:`~game.strategy.tables.UnreachableState` for a state no game reaches."""
        if mask == FULL_MASK:
            state_index(mask - (mask & 1), up, y)  # checks up and y the same way
            return -1
        return state_index(mask, up, y)


def encode(ruleset: str, values: Sequence[int], q: int, vector_of: Sequence[int] = (),
           vectors: Sequence[Sequence[int]] = ()) -> bytes:
    """The file for ``values`` (integers, multiples of 2**-q points, in table order) and, if
    given, each state's vector number and the distinct vectors of whole-point quantiles.
    ``ruleset``: a preset of Yahtzee, or another game's key (game.core.rulesets), which the
    header names.

    >>> len(encode("official", [1] * STATE_COUNT, 4, [0] * STATE_COUNT, [[0, 300, 600]])) > HEADER.size
    True
    """
    n = len(vectors[0]) if vectors else 0
    steps = [b - a for v in vectors for a, b in zip(v, v[1:], strict=False)]
    if any(s < 0 for s in steps) or any(not 0 <= v[0] < 65536 for v in vectors):
        raise ValueError("quantiles must ascend, from 0 to 65535")
    width = 1 if max(steps, default=0) < 256 else 2
    body = (_planes("H", values) + _planes("I", vector_of) + _planes("H", [v[0] for v in vectors])
            + (bytes(steps) if width == 1 else _planes("H", steps)))
    name = check_ruleset(ruleset).encode()
    return HEADER.pack(MAGIC, FORMAT, q, name, n, width, len(vectors), len(values)) + zlib.compress(body, 9)


def _planes(code: str, values: Sequence[int]) -> bytes:
    """Little-endian ints, in byte planes (all lowest bytes first): they compress better."""
    data = array(code, values)
    if data.itemsize != {"H": 2, "I": 4}[code]:
        raise ValueError("this platform's array types do not have the sizes the table needs")
    if sys.byteorder != "little":
        data.byteswap()
    raw = data.tobytes()
    return b"".join(raw[i::data.itemsize] for i in range(data.itemsize))


def body_size(data: bytes) -> int:
    """The size of the inflated body that the header of spread file ``data`` announces
    (0 if there is no header to read; :func:`load_spread` checks the rest).

    >>> body_size(encode("official", [3] * STATE_COUNT, 2, [0] * STATE_COUNT, [[20, 25, 300]]))
    3217926
    """
    if len(data) < HEADER.size:
        return 0
    n, width, n_vectors, count = (int(v) for v in HEADER.unpack_from(data)[-4:])
    return 2 * count + ((4 * count + 2 * n_vectors + width * (n - 1) * n_vectors) if n else 0)


def load_spread(preset: str, data: bytes, inflated: bytes | bytearray | None = None) -> Spread:
    """Decode a spread file, refusing one that is damaged or belongs to another preset.
    ``inflated`` is its body inflated already (the page has the browser inflate the 21 MB,
    which Pyodide would take ~0.4 s to do on a phone's CPU, the page frozen meanwhile).

    >>> load_spread("official", encode("official", [3] * STATE_COUNT, 2)).sd(0, 0, 0)
    0.75
    >>> one = encode("official", [3] * STATE_COUNT, 2, [0] * STATE_COUNT, [[20, 25, 300]])
    >>> load_spread("official", one).points(0, 0, 0)
    (20, 25, 300)
    >>> load_spread("free_choice", encode("official", [3] * STATE_COUNT, 2))
    Traceback (most recent call last):
    ...
    game.strategy.tables.TableError: this spread table is for official, not free_choice
    """
    return Spread(preset, *spread_parts(preset, data, inflated))


#: What a spread file holds, as :class:`Spread` takes it after the name: the deviations, their
#: scale, each state's vector number, each vector's first quantile, the steps, and n.
Parts = tuple[Sequence[int], float, Sequence[int], Sequence[int], Sequence[int], int]


def spread_parts(ruleset: str, data: bytes, inflated: bytes | bytearray | None = None,
                 count: int = STATE_COUNT) -> Parts:
    """Decode the spread file of ``ruleset`` (a preset, or another game's key) for its
    ``count`` states: :func:`load_spread`'s work, and :func:`game.strategy.game_spread.load_game_spread`'s.
    Raises :class:`~game.strategy.tables.TableError` like them."""
    # open_file checks that the header's number of states is ``count``
    (q, n, width, n_vectors, _), body = open_file(data, HEADER, MAGIC, FORMAT, ruleset, "spread table", inflated, count)
    if len(body) != body_size(data) or width not in (1, 2):
        raise TableError("the spread table is damaged (wrong length)")
    values = from_byte_planes(body[:2 * count], count, 2)
    if not n:
        return values, 2.0 ** -q, (), (), (), 0
    at = 2 * count
    vector_of = from_byte_planes(body[at:at + 4 * count], count, 4)
    at += 4 * count
    firsts = from_byte_planes(body[at:at + 2 * n_vectors], n_vectors, 2)
    at += 2 * n_vectors
    rest = memoryview(body)[at:]  # 17 MB: read in place, not copied
    steps = rest if width == 1 else from_byte_planes(bytes(rest), len(rest) // 2, 2)
    return values, 2.0 ** -q, vector_of, firsts, steps, n


_LOADED: dict[str, Spread] = {}


def load_preset(preset: str) -> Spread:
    """CPython convenience: read and decode the shipped spread table once per process
    (as :func:`game.strategy.tables.load_preset` reads the strategy table)."""
    if preset not in _LOADED:
        _LOADED[preset] = load_spread(preset, (ASSET_DIR / f"{preset}.spread.bin").read_bytes())
    return _LOADED[preset]
