"""Exact optimal solitaire strategy of a game whose five-alike does nothing beyond its boxes
(Yatzy and its variants, :mod:`game.core.games`), by backward induction in NumPy.

A *state* is what the rest of such a game depends on at the start of a turn: the mask of
filled boxes (bit i = ``game.boxes[i]``) and the upper subtotal capped at the bonus
threshold. ``solve(game)`` returns ``V[mask, up]``: the expected points still to come
(the upper bonus included) when every later decision maximizes the expected grand total.
A turn (three rolls, two holds) is evaluated with tools/strategy_solver.py's machinery,
for a batch of states at once; only a box's points and the state after it differ from
Yahtzee's solver, and they come from the game's own scorers. Yahtzee, whose second
Yahtzee adds a Joker and a bonus, keeps its own solver.

>>> from game.core.games import YATZY
>>> V = solve(YATZY)              # doctest: +SKIP
>>> round(float(V[0, 0]), 10)     # doctest: +SKIP
248.4399893779
"""

from __future__ import annotations

import functools
from collections.abc import Callable

import numpy as np

from game.core.games import Game
from game.strategy import rolls as R
from tools import strategy_solver
from tools.strategy_solver import CHUNK, ROLL_ROWS, _Turn

UPPER = ("ones", "twos", "threes", "fours", "fives", "sixes")


def check_solvable(game: Game) -> None:
    """This solver's assumptions about ``game``, checked: no five-alike extra, the six upper
    boxes first (the subtotal's reachable values are game.strategy.rolls'), threshold 63."""
    if game.five_alike_extra:
        raise ValueError(f"{game.key}: a five-alike with extras needs its own solver (tools/strategy_solver.py)")
    if game.names[:6] != UPPER or game.upper_names != UPPER or game.bonus_threshold != R.UP_CAP:
        raise ValueError(f"{game.key}: the six upper boxes first, and a bonus at {R.UP_CAP}, are assumed")


def score_rows(game: Game) -> np.ndarray:
    """(boxes, 252) points of each solver roll row in each box, from the game's scorers."""
    return np.array([[game.score(box, R.ROLLS[r]) for r in ROLL_ROWS] for box in game.names], dtype=float)


def states(game: Game, filled_count: int) -> tuple[np.ndarray, np.ndarray]:
    """Every reachable state with ``filled_count`` boxes filled, as (mask, up) arrays."""
    n = len(game.boxes)
    cols = [(mask, up) for mask in range(1 << n) if mask.bit_count() == filled_count
            for up in R.REACHABLE_UPS[mask & 63]]
    arr = np.array(cols, dtype=np.int64).reshape(-1, 2)
    return arr[:, 0], arr[:, 1]


def state_count(game: Game) -> int:
    """How many states some game reaches, the full card included."""
    return sum(len(R.REACHABLE_UPS[mask & 63]) for mask in range(1 << len(game.boxes)))


def best_box(game: Game, scores: np.ndarray, V: np.ndarray, mask: np.ndarray, up: np.ndarray,
             out: np.ndarray, tmp: np.ndarray) -> np.ndarray:
    """(252, n) in ``out``: the value of each roll scored in its best open box now: the
    points, the bonus if they reach the threshold, and ``V`` of the state after (-inf when
    every box is filled). A running maximum over the boxes, in buffers of at least n
    columns, so that the work stays in cache."""
    n = mask.size
    out, tmp = out[:, :n], tmp[:, :n]
    out.fill(-np.inf)
    V3, no_y = V[:, :, None], np.zeros(n, dtype=np.int64)  # Yahtzee's solver's shape: no y bit here
    for b in range(len(game.boxes)):
        if b < 6:  # an upper box: c dice of its face score c * face and move the subtotal
            by_count = strategy_solver._upper_values(V3, mask, up, no_y, b + 1, float(game.bonus))
            np.take(by_count, strategy_solver._COUNTS[b], axis=0, out=tmp)
        else:
            closed = (mask & (1 << b)) != 0
            np.add(scores[b][:, None], np.where(closed, -np.inf, V[mask | (1 << b), up]), out=tmp)
        np.maximum(out, tmp, out=out)
    return out

def solve(game: Game, chunk: int = CHUNK, down_to: int = 0) -> np.ndarray:
    """``V[mask, up]`` for every reachable state of ``game`` (0 elsewhere and once the card is
    full); with ``down_to``, only the states with at least that many boxes filled (the
    late layers, quick: tests/test_game_tables.py checks the shipped table on them)."""
    work, best, tmp = _buffers(chunk, float)
    scores = score_rows(game)

    def stage(V: np.ndarray, mask: np.ndarray, up: np.ndarray) -> np.ndarray:
        return work.run(best_box(game, scores, V, mask, up, best, tmp))
    return _backward(game, stage, np.zeros((1 << len(game.boxes), R.UP_CAP + 1)), chunk, down_to)


def policy_values(game: Game, V_decide: np.ndarray, chunk: int = CHUNK) -> np.ndarray:
    """``V[mask, up]`` of the policy that decides every turn from ``V_decide`` (a quantized
    table's values): tools/strategy_solver.py's ``policy_values`` for such a game, by the
    same complex-number device (real: the decision's value; imaginary: decision - true)."""
    work, best, tmp = _buffers(chunk, complex)
    scores = score_rows(game)

    def stage(V: np.ndarray, mask: np.ndarray, up: np.ndarray) -> np.ndarray:
        start = work.run(best_box(game, scores, V, mask, up, best, tmp))
        decision = V[mask, up].real  # stays V_decide's: the coach reads the table, not the turn
        return decision + 1j * (decision - (start.real - start.imag))
    V = _backward(game, stage, V_decide.astype(complex), chunk, 0)
    return V.real - V.imag


def _buffers(chunk: int, dtype: type) -> tuple[_Turn, np.ndarray, np.ndarray]:
    return _Turn(chunk, dtype), np.empty((len(ROLL_ROWS), chunk), dtype), np.empty((len(ROLL_ROWS), chunk), dtype)


def _backward(game: Game, stage: Callable[[np.ndarray, np.ndarray, np.ndarray], np.ndarray], V: np.ndarray,
              chunk: int, down_to: int) -> np.ndarray:
    """Fill ``V`` layer by layer from the last turn back to ``down_to`` boxes filled: a layer
    reads only the layers after it; ``stage`` values a batch of its states."""
    check_solvable(game)
    for filled_count in range(len(game.boxes) - 1, down_to - 1, -1):
        mask, up = states(game, filled_count)
        values = np.empty(mask.size, V.dtype)
        for lo in range(0, mask.size, chunk):
            sl = slice(lo, lo + chunk)
            values[sl] = stage(V, mask[sl], up[sl])
        V[mask, up] = values
    return V


@functools.cache
def solved(game: Game) -> np.ndarray:
    """:func:`solve` once per process, or once for all the processes that share
    ``strategy_solver.SHARED_DIR`` (the test suite's workers); read-only."""
    return strategy_solver.shared(f"solved-game-{game.key}", lambda: solve(game))
