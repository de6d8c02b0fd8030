"""Exact optimal solitaire strategy by backward induction, in NumPy (build time only).

A *state* is what the rest of a game depends on at the start of a turn: the 13-bit mask
of filled boxes (bit i = ``rules.BOXES[i]``), the upper subtotal capped at 63, and ``y``,
1 when the Yahtzee box holds 50 (0 while it is open or holds 0). ``solve(preset)``
returns ``V[mask, up, y]``: the expected points still to come (upper bonus and Yahtzee
bonuses included) when every later decision maximizes the expected grand total.

One turn is evaluated for hundreds of states at once, in arrays shaped (rows, states):
``box_values`` values each of the 252 rolls scored in each box; ``keep_values``
turns the values of rolls into the values of the 462 keeps (a keep is worth the mean of
the keeps one die larger); ``best_keep`` gives each roll the value of the best keep
inside it (a max over the keeps one die smaller, recursively). Only element-wise
operations in a fixed order are used, so the output is the same bit for bit anywhere. The
points of each roll in each box come from tools/solver_points.py.

>>> V = solve("official")           # doctest: +SKIP
>>> round(float(V[0, 0, 0]), 7)     # doctest: +SKIP
254.5877287
"""

from __future__ import annotations

import fcntl
import functools
import multiprocessing
from collections.abc import Callable
from pathlib import Path

import numpy as np

from game.strategy import rolls as R
from tools.solver_points import N_BOXES, SCORES, YAHTZEE, joker_scores

YAHTZEE_BIT = 1 << YAHTZEE
LOWER_BITS = sum(1 << b for b in range(6, 13))
FULL_MASK = (1 << N_BOXES) - 1
CHUNK = 256  # states per batch: (462, 256) doubles stay in cache; 256 measured fastest of 128/256/512

# Rows are numbered the solver's own way: keeps by size, then by number of distinct faces,
# most first. A keep with d distinct faces has d parents (keeps one die smaller), so the
# keeps that still need an i-th parent form a prefix of their block: slices, no padding.
_ORDER = sorted(range(len(R.KEEPS)), key=lambda k: (len(R.KEEPS[k]), -len(set(R.KEEPS[k])), k))
KEEP_POS = np.argsort(_ORDER)  # canonical keep index -> solver row
ROLL_ROWS = np.array(_ORDER[R.ROLL_OFFSET:]) - R.ROLL_OFFSET  # solver roll row -> canonical roll
ROLL_POS = np.argsort(ROLL_ROWS)  # canonical roll -> solver roll row
_BLOCKS = [slice(R.SIZE_START[s], R.SIZE_START[s + 1]) for s in range(6)]

_COUNTS = np.array([R.face_counts(R.ROLLS[r]) for r in ROLL_ROWS], dtype=np.int64).T  # (6, 252)
_PROBS = np.array(R.ROLL_PROBS)[ROLL_ROWS]
_YAHTZEE_ROWS = ROLL_POS[[R.ROLL_INDEX[(f,) * 5] for f in R.FACES]]
_CHILD = [KEEP_POS[np.array([R.CHILDREN[k] for k in _ORDER[_BLOCKS[s]]])] for s in range(5)]
# _PARENT[s][i]: solver rows of the i-th parent of the first len(_PARENT[s][i]) keeps of size s.
_PARENT = [[]] + [
    [KEEP_POS[np.array([R.PARENTS[k][i] for k in _ORDER[_BLOCKS[s]] if len(R.PARENTS[k]) > i])]
     for i in range(min(s, 6))]
    for s in range(1, 6)
]


_SCORES = SCORES[ROLL_ROWS]


def _upper_values(V: np.ndarray, mask: np.ndarray, up: np.ndarray, y: np.ndarray, face: int,
                  bonus_points: float = 35.0) -> np.ndarray:
    """(6, n): points + bonus + future value of scoring c dice of ``face`` in its box, c = 0..5
    (-inf where the box is filled); tools/game_solver.py passes its game's bonus."""
    nxt = mask | (1 << (face - 1))
    vals = np.empty((6, mask.size), V.dtype)
    for c in range(6):
        pts = face * c
        bonus = np.where((up < 63) & (up + pts >= 63), bonus_points, 0.0)
        vals[c] = pts + bonus + V[nxt, np.minimum(up + pts, 63), y]
    vals[:, (mask & (1 << (face - 1))) != 0] = -np.inf
    return vals


def box_values(V: np.ndarray, mask: np.ndarray, up: np.ndarray, y: np.ndarray,
               joker: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
    """(13 boxes, 252 solver roll rows, n): the value of scoring each roll in each box now.

    A value is the points written, any bonus, plus ``V`` of the state after scoring;
    -inf where the box is filled or the Joker rules close it.
    """
    n = mask.size
    out = np.empty((N_BOXES, len(R.ROLLS), n), V.dtype) if out is None else out[:, :, :n]
    for f in R.FACES:
        np.take(_upper_values(V, mask, up, y, f), _COUNTS[f - 1], axis=0, out=out[f - 1])
    base = {}
    for b in range(6, N_BOXES):
        closed = (mask & (1 << b)) != 0
        nxt = mask | (1 << b)
        if b == YAHTZEE:  # 50 turns y on, a 0 leaves it off
            out[b] = np.where(closed, -np.inf, V[nxt, up, 0])
            out[b, _YAHTZEE_ROWS] = np.where(closed, -np.inf, 50.0 + V[nxt, up, 1])
        else:
            base[b] = np.where(closed, -np.inf, V[nxt, up, y])
            np.add(_SCORES[:, b, None], base[b], out=out[b])
    has_joker = (mask & YAHTZEE_BIT) != 0
    if has_joker.any():
        lower_open = ((mask & LOWER_BITS) != LOWER_BITS).astype(np.int64)
        for f in R.FACES:
            own_open = ((mask & (1 << (f - 1))) == 0).astype(np.int64)
            pts = joker[f - 1][own_open, lower_open]  # (n, 13)
            row = _YAHTZEE_ROWS[f - 1]
            for b in range(N_BOXES):
                if b < 6:  # an upper box scores the dice as usual: 5f in its own box, else 0
                    value = np.where(np.isfinite(pts[:, b]), out[b, row], -np.inf)
                elif b in base:
                    value = pts[:, b] + base[b]
                else:
                    value = -np.inf
                out[b, row] = np.where(has_joker, value, out[b, row])
    out[:, _YAHTZEE_ROWS] += 100.0 * y  # the Yahtzee bonus, whatever box takes the dice
    return out


def keep_values(K: np.ndarray, tmp: np.ndarray) -> np.ndarray:
    """Fill rows of keeps smaller than 5 dice in ``K`` (462 solver rows, n) from its roll rows."""
    for s in range(4, -1, -1):
        blk, ch = K[_BLOCKS[s]], _CHILD[s]
        t = tmp[:len(ch)]
        np.take(K, ch[:, 0], axis=0, out=blk)
        for i in range(1, 6):
            np.take(K, ch[:, i], axis=0, out=t)
            blk += t
        blk /= 6.0
    return K


def best_keep(K: np.ndarray, B: np.ndarray, tmp: np.ndarray) -> np.ndarray:
    """Fill ``B`` (462, n) with each multiset's best keep inside it; returns the rows of the rolls."""
    B[0] = K[0]
    for s in range(1, 6):
        blk = B[_BLOCKS[s]]
        blk[:] = K[_BLOCKS[s]]
        for par in _PARENT[s]:
            t, head = tmp[:len(par)], blk[:len(par)]
            np.take(B, par, axis=0, out=t)
            np.maximum(head, t, out=head)
    return B[_BLOCKS[5]]


STAGES = ("roll0", "keep1", "roll1", "keep2", "roll2")


class _Turn:
    """Work buffers for one batch of up to ``n`` states (reused: allocation dominated otherwise)."""

    def __init__(self, n: int, dtype: type = float):
        self.K = np.empty((len(R.KEEPS), n), dtype)
        self.B = np.empty((len(R.KEEPS), n), dtype)
        self.tmp = np.empty((len(R.ROLLS), n), dtype)

    def run(self, roll0: np.ndarray, out: dict[str, np.ndarray] | None = None,
            cols: slice = slice(None)) -> np.ndarray:
        """The value at the start of the turn from ``roll0`` (252, n), each roll's value when scored now.

        Copies the stages named in ``out`` into its columns ``cols`` (rows in canonical order).
        """
        n = roll0.shape[1]
        K, B, tmp = self.K[:, :n], self.B[:, :n], self.tmp[:, :n]
        rolls = K[_BLOCKS[5]]
        rolls[:] = roll0
        for stage in STAGES:
            if stage.startswith("keep"):
                keep_values(K, tmp)
            elif stage != "roll0":
                rolls[:] = best_keep(K, B, tmp)
            if out is not None and stage in out:
                out[stage][:, cols] = K[KEEP_POS] if stage.startswith("keep") else rolls[ROLL_POS]
        start = np.zeros(n, K.dtype)
        for r, p in enumerate(_PROBS):
            start += p * rolls[r]
        return start


def turn(preset: str, V: np.ndarray, mask: np.ndarray, up: np.ndarray, y: np.ndarray,
         stages: tuple[str, ...] = (*STAGES, "box", "start")) -> dict[str, np.ndarray]:
    """In-turn values of the states given, rows in canonical roll/keep order (see game.strategy.rolls).

    ``roll0[r, i]``: roll r with no re-roll left (best box); ``keep1[k, i]``: keep k before
    the last re-roll; ``roll1``, ``keep2``, ``roll2`` likewise one roll earlier; ``start``:
    the state before the first roll; ``box[b, r, i]``: roll r scored in box b (-inf if
    not allowed). All are expected future points, like ``V``. Only ``stages`` are returned.
    """
    n = mask.size
    joker = joker_scores(preset)
    work = _Turn(min(n, CHUNK))
    shapes = {"box": (N_BOXES, len(R.ROLLS)), "start": ()}
    out = {s: np.empty((*shapes.get(s, (len(R.KEEPS) if s.startswith("keep") else len(R.ROLLS),)), n))
           for s in stages}
    for lo in range(0, n, CHUNK):  # in batches: the arrays stay in cache
        sl = slice(lo, lo + CHUNK)
        box = box_values(V, mask[sl], up[sl], y[sl], joker)
        if "box" in out:
            out["box"][:, :, sl] = box[:, ROLL_POS]
        start = work.run(box.max(axis=0), out, sl)
        if "start" in out:
            out["start"][sl] = start
    return out


def states(filled_count: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every reachable state with ``filled_count`` boxes filled, as (mask, up, y) arrays."""
    cols: list[tuple[int, int, int]] = []
    for mask in range(FULL_MASK):
        if mask.bit_count() != filled_count:
            continue
        for y in ((0, 1) if mask & YAHTZEE_BIT else (0,)):
            cols.extend((mask, up, y) for up in R.REACHABLE_UPS[mask & 63])
    arr = np.array(cols, dtype=np.int64).reshape(-1, 3)
    return arr[:, 0], arr[:, 1], arr[:, 2]


def solve(preset: str, workers: int = 1, chunk: int = CHUNK) -> np.ndarray:
    """``V[mask, up, y]`` for every reachable state (0 elsewhere and once the card is full)."""
    joker = joker_scores(preset)
    work = _Turn(chunk)
    box = np.empty((N_BOXES, len(R.ROLLS), chunk))

    def stage(V: np.ndarray, mask: np.ndarray, up: np.ndarray, y: np.ndarray) -> np.ndarray:
        return work.run(box_values(V, mask, up, y, joker, box).max(axis=0))

    return _backward(stage, workers, chunk)


#: A folder where :func:`solved` keeps each preset's values for other processes: the test
#: suite's workers share one (tests/conftest.py), so a preset is solved once per run, not
#: once per worker (16 CPU-seconds each). None: this process only.
SHARED_DIR: Path | None = None


@functools.cache
def solved(preset: str, workers: int = 2) -> np.ndarray:
    """:func:`solve` once per process, or once for all that share :data:`SHARED_DIR`; the
    array is read-only."""
    return shared(f"solved-{preset}", lambda: solve(preset, workers))


def shared(name: str, compute: Callable[[], np.ndarray]) -> np.ndarray:
    """``compute()``, or its result saved as ``name`` in :data:`SHARED_DIR` by the first
    process that needed it (the others wait and load it); read-only."""
    if SHARED_DIR is None:
        V = compute()
    else:
        saved = SHARED_DIR / f"{name}.npy"
        with (SHARED_DIR / f"{name}.lock").open("w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # the first process solves, the others wait and load
            if not saved.exists():
                partial = saved.with_suffix(".tmp.npy")
                np.save(partial, compute())
                partial.rename(saved)
            V = np.load(saved)
    V.flags.writeable = False
    return V


_STAGE: list = []  # [stage, V] of the running _backward; forked workers inherit them, no pickling


def _batches(part: tuple[np.ndarray, np.ndarray, np.ndarray, int]) -> np.ndarray:
    stage, V = _STAGE
    mask, up, y, chunk = part
    return np.concatenate([stage(V, mask[lo:lo + chunk], up[lo:lo + chunk], y[lo:lo + chunk])
                           for lo in range(0, mask.size, chunk)])


def _backward(stage, workers: int, chunk: int, V: np.ndarray | None = None) -> np.ndarray:
    """Fill ``V`` (zeros if not given) layer by layer, 12 filled boxes to 0, by ``stage(V, mask, up, y)``.

    A layer only reads later layers, so its states are split among ``workers`` processes
    forked once the later layers are done. Every state is computed on its own, element-wise,
    so the result does not depend on ``workers`` or ``chunk``.
    """
    V = np.zeros((FULL_MASK + 1, 64, 2)) if V is None else V
    _STAGE[:] = [stage, V]
    try:
        for filled_count in range(N_BOXES - 1, -1, -1):
            mask, up, y = states(filled_count)
            if workers > 1 and mask.size > chunk:
                parts = np.array_split(np.arange(mask.size), workers)
                with multiprocessing.get_context("fork").Pool(workers) as pool:
                    jobs = [(mask[p], up[p], y[p], chunk) for p in parts]
                    values = np.concatenate(pool.map(_batches, jobs))
            else:
                values = _batches((mask, up, y, chunk))
            V[mask, up, y] = values
    finally:
        _STAGE.clear()
    return V


# --- Value of a policy that decides from other values (to price a quantized table) ---


def policy_values(preset: str, V_decide: np.ndarray, workers: int = 1, chunk: int = CHUNK) -> np.ndarray:
    """``V[mask, up, y]`` of the policy that decides every turn from ``V_decide`` as the coach does.

    With a quantized table, ``solve(preset)[0, 0, 0] - policy_values(preset, Vq)[0, 0, 0]``
    is the exact expected loss per game of deciding from it. It is :func:`solve` run on
    complex values ``decision + 1j * (decision - true)``: points add to the real part only,
    means average both parts, and NumPy orders complex numbers by real part, then
    imaginary part, so each max makes the policy's choice, a tie in decision value going
    to the lower true value (the worst tie-break).
    """
    joker = joker_scores(preset)
    work = _Turn(chunk, complex)
    box = np.empty((N_BOXES, len(R.ROLLS), chunk), complex)

    def stage(V: np.ndarray, mask: np.ndarray, up: np.ndarray, y: np.ndarray) -> np.ndarray:
        start = work.run(box_values(V, mask, up, y, joker, box).max(axis=0))
        decision = V[mask, up, y].real  # stays V_decide's: the coach reads the table, not the turn
        return decision + 1j * (decision - (start.real - start.imag))

    V = _backward(stage, workers, chunk, V_decide.astype(complex))
    return V.real - V.imag
