"""The points still to come from every state of a game, by a backward pass (build time).

From the full card back to the empty one, a layer (the states with so many boxes filled)
at a time: from a state, the points still to come R are a turn's points p plus the points
R' still to come from the state the turn leaves. The turns are the optimal policy's
(tools/score_distribution.py's ``transitions`` for Yahtzee, tools/game_distribution.py's for
a game like Yatzy); a :class:`Walk` names them with the game's states. :func:`exact_layers`
gives the exact distribution of R from every state (tools/spread_shapes.py takes its
quantiles, tools/win_chance_check.py its forecasts); :func:`add_moments`, called on the way,
its moments E[R^k] (tools/gen_spread.py keeps the standard deviation). docs/strategy.md,
"Win chances", has the method and the figures.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from typing import NamedTuple

import numpy as np

from tools import score_distribution as D
from tools import strategy_solver as solver


class Walk(NamedTuple):
    """A game's states as a backward pass walks them: its number of ``boxes``,
    ``states(filled)`` (the mask, up and y arrays of every state some game reaches with that
    many boxes filled) and ``turn(mask, up, y)`` (the transitions of the optimal policy from
    a batch of states, :class:`tools.score_distribution.Transitions`).

    >>> walk = preset_walk("official", np.zeros((D.FULL + 1, 64, 2)))
    >>> walk.boxes, walk.full == D.FULL, walk.grid, [a.size for a in walk.states(12)]  # one box open
    (13, True, 1048576, [1598, 1598, 1598])
    """

    boxes: int
    states: Callable[[int], tuple[np.ndarray, np.ndarray, np.ndarray]]
    turn: Callable[[np.ndarray, np.ndarray, np.ndarray], D.Transitions]

    @property
    def full(self) -> int:
        """The full card's mask."""
        return (1 << self.boxes) - 1

    @property
    def grid(self) -> int:
        """The positions of the dense grid of (mask, up, y) (score_distribution's ``_index``)."""
        return (self.full + 1) * 128


def preset_walk(preset: str, V: np.ndarray) -> Walk:
    """Yahtzee under ``preset``, its turns deciding from the solver's ``V[mask, up, y]``."""
    return Walk(D.N_BOX, solver.states, functools.partial(D.transitions, preset, V))


def add_moments(M: np.ndarray, ids: np.ndarray, t: D.Transitions) -> None:
    """``M[k, ids]`` = E[R^k], k = 1 .. len(M) - 1, for the states at grid positions ``ids``,
    from their turns ``t`` (``t.src`` indexes ``ids``) and the moments ``M`` holds already for
    the states after them. ``M`` starts as 1 for k = 0 and 0 for the rest: a full card has
    nothing to come. Called layer by layer from the last, it fills every state's.

    >>> M = np.zeros((3, 4)); M[0] = 1.0
    >>> t = D.Transitions(np.array([0, 0]), *(np.array([0, 0]),) * 3, np.array([0, 50]), np.array([.5, .5]))
    >>> add_moments(M, np.array([1]), t); M[:, 1].tolist()   # 0 or 50: mean 25, E[R^2] 1250
    [1.0, 25.0, 1250.0]
    """
    p = t.points.astype(float)
    after = D._index(t.mask, t.up, t.y)
    nxt = [M[j, after] for j in range(len(M))]
    for k in range(1, len(M)):
        # E[(p + R')^k] = sum over j of C(k, j) p^(k-j) E[R'^j]
        term = sum(float(math.comb(k, j)) * p ** (k - j) * nxt[j] for j in range(k + 1))
        M[k, ids] = np.bincount(t.src, weights=t.prob * term, minlength=ids.size)


def exact_layers(walk: Walk, log: bool = False,
                 seen: Callable[[np.ndarray, D.Transitions], None] | None = None,
                 ) -> dict[int, tuple[np.ndarray, np.ndarray]]:
    """The exact distribution of the points R still to come from every state, layer by layer:
    ``layers[filled] = (ids, dist)`` with ``ids`` the states' positions in the dense grid
    (score_distribution's ``_index``) and ``dist[i, s]`` the chance that R = s from state
    ``ids[i]`` (float32: ~5 minutes and 4 GB for a preset of Yahtzee). Backward: R = p + R'
    over a turn. ``seen(ids, t)`` is called with every layer's states and transitions.
    """
    full_ids = D._index(np.full(128, walk.full), np.arange(128) // 2, np.arange(128) % 2)
    layers = {walk.boxes: (full_ids, np.ones((full_ids.size, 1), np.float32))}
    row = np.full(walk.grid, -1, np.int64)  # a state's row in its layer
    row[full_ids] = np.arange(full_ids.size)
    for filled in range(walk.boxes - 1, -1, -1):
        mask, up, y = walk.states(filled)
        ids = D._index(mask, up, y)
        t = walk.turn(mask, up, y)
        nxt = row[D._index(t.mask, t.up, t.y)]
        later = layers[filled + 1][1]
        out = np.zeros((ids.size, later.shape[1] + int(t.points.max())))
        for p in np.unique(t.points):
            sel = t.points == p
            D.push(out, t.src[sel], later, nxt[sel], t.prob[sel], int(p))
        layers[filled] = (ids, out.astype(np.float32))
        row[ids] = np.arange(ids.size)
        if seen is not None:
            seen(ids, t)
        if log:
            print(f"  layer {filled}: {ids.size} states, {t.src.size} transitions", flush=True)
    return layers
