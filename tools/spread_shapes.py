"""The quantiles of the points still to come from every state, for the spread table (build time).

A normal distribution with the right mean and standard deviation forecasts win chances
badly: the points still to come are lumpy (a Yahtzee box scores 0 or 50, the upper bonus
35 or nothing) and skewed (Yahtzee bonuses). So the spread table also gives every state
the quantiles of its exact distribution at the :data:`QUANTILES` midpoints
``(i + 0.5) / QUANTILES``, as whole points (:mod:`game.strategy.spread` reads them;
:mod:`game.strategy.win_chances` uses them one turn ahead).

Why 64, on whole points, for every state: ``tools/target_check.py`` measured the chance to
reach a score at every target (docs/strategy.md, "Playing to win"). Standardized shapes
(mean + sd · z, z in steps of 1/32 sd, early states sharing 8,192 k-means clusters) were
up to 8 points off where a target falls beside a lump; each state's own 32 quantiles on
whole points 1.4; its own 64 at most 0.7, in every phase of the game. Distinct vectors are
kept once (states with few boxes open share many).
"""

from __future__ import annotations

import numpy as np

#: Quantiles per state, at the midpoints (i + 0.5) / QUANTILES.
QUANTILES = 64


def quantiles(dist: np.ndarray, n: int = QUANTILES) -> np.ndarray:
    """Each row's quantiles at the midpoints: the least s with P(R <= s) >= (i + 0.5) / n
    (a hair of tolerance for the float32 distributions).

    >>> quantiles(np.array([[0.5, 0.0, 0.5]]), 4).tolist()
    [[0, 0, 2, 2]]
    """
    cdf = np.cumsum(dist / dist.sum(axis=1, keepdims=True), axis=1)
    levels = (np.arange(n) + 0.5) / n
    return np.stack([(cdf < p - 1e-9).sum(axis=1) for p in levels], axis=1)


def table_quantiles(layers: dict[int, tuple[np.ndarray, np.ndarray]], ids: np.ndarray, grid: int,
                    log: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """(vector_of, vectors): ``vectors[vector_of[i]]`` are the quantiles of the state at grid
    position ``ids[i]`` (table order) of ``layers`` (tools/score_layers.py's ``exact_layers``
    over a walk of ``grid`` positions). Vectors are numbered in order of first use in table
    order (the numbers then compress better)."""
    row = np.full(grid, -1, np.int64)  # a grid position's place in table order
    row[ids] = np.arange(ids.size)
    q = np.full((ids.size, QUANTILES), -1, np.int64)
    for layer_ids, dist in layers.values():
        at = row[layer_ids]
        for a in range(0, at.size, 16384):  # in parts: a layer's rows in float64 take gigabytes
            part = at[a:a + 16384]
            sel = part >= 0
            if sel.any():
                q[part[sel]] = quantiles(dist[a:a + 16384][sel].astype(np.float64))
    if (q[:, 0] < 0).any():
        raise ValueError("a stored state has no distribution")
    vectors, inverse = np.unique(q, axis=0, return_inverse=True)
    inverse = inverse.ravel()
    first = np.full(len(vectors), ids.size, np.int64)
    np.minimum.at(first, inverse, np.arange(ids.size))
    order = np.argsort(first)
    renumber = np.empty(len(vectors), np.int64)
    renumber[order] = np.arange(len(vectors))
    if log:
        print(f"  quantiles: {len(vectors)} distinct vectors for {ids.size} states", flush=True)
    return renumber[inverse], vectors[order]
