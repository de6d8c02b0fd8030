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

def solve(game: Game, chunk: int = CHUNK) -> np.ndarray:
    """``V[mask, up]`` for every reachable state of ``game`` (0 elsewhere and once the card is full)."""
    check_solvable(game)
    n = len(game.boxes)
    scores = score_rows(game)
    V = np.zeros((1 << n, R.UP_CAP + 1))
    work = _Turn(chunk)
    best, tmp = np.empty((scores.shape[1], chunk)), np.empty((scores.shape[1], chunk))
    for filled_count in range(n - 1, -1, -1):  # a layer reads only the layers after it
        mask, up = states(game, filled_count)
        values = np.empty(mask.size)
        for lo in range(0, mask.size, chunk):
            sl = slice(lo, lo + chunk)
            values[sl] = work.run(best_box(game, scores, V, mask[sl], up[sl], best, tmp))
        V[mask, up] = values
    return V


@functools.cache
def solved(game: Game) -> np.ndarray:
    """:func:`solve` once per process, or once for all the processes that share
    ``strategy_solver.SHARED_DIR`` (the test suite's workers); read-only."""
    return strategy_solver.shared(f"solved-game-{game.key}", lambda: solve(game))
