"""The shape of the points still to come from every state, for the spread table (build time).

A normal distribution with the right mean and standard deviation forecasts win chances
badly: the points still to come are lumpy (a Yahtzee box scores 0 or 50, the upper bonus
35 or nothing) and skewed (Yahtzee bonuses). So the spread table also gives every state a
*shape*: the exact distribution's quantiles at the 32 midpoints ``(i + 0.5) / 32``,
standardized ``z = (quantile - mean) / sd`` and stored in steps of 1/32 sd
(:mod:`game.strategy.spread` reads them; :mod:`game.strategy.win_chances` uses them one
turn ahead).

~535,000 states would need 17 MB of quantiles, so states share shapes:

- with one to three boxes open (among them every card one exact turn leaves from three or
  four open), the distinct shapes are few (~9,000): each is kept exactly;
- earlier, the shapes are clustered by k-means (:data:`CLUSTERS` centres, seeded, on the
  squared distance between quantile vectors) and a state gets its nearest centre.

Shapes are numbered in order of first use in table order (the index compresses better).
The error this costs is measured by ``tools/win_chance_check.py`` (docs/strategy.md,
"Win chances").
"""

from __future__ import annotations

import numpy as np

from tools import score_distribution as D

#: Quantiles per shape, at the midpoints (i + 0.5) / QUANTILES.
QUANTILES = 32
#: Standardized quantiles are stored in steps of 2**-Z_BITS standard deviations.
Z_BITS = 5
#: Layers (boxes filled) from which shapes are kept exactly; earlier ones are clustered.
EXACT_FROM = 10
#: k-means centres for the clustered layers, and its rounds.
CLUSTERS = 8192
ROUNDS = 15


def quantiles(dist: np.ndarray) -> np.ndarray:
    """Each row's quantiles at the midpoints: the least s with P(R <= s) >= p.

    >>> quantiles(np.array([[0.5, 0.0, 0.5]]))[0, [0, 15, 16, 31]].tolist()
    [0.0, 0.0, 2.0, 2.0]
    """
    cdf = np.cumsum(dist / dist.sum(axis=1, keepdims=True), axis=1)
    levels = (np.arange(QUANTILES) + 0.5) / QUANTILES
    return np.stack([(cdf < p - 1e-9).sum(axis=1) for p in levels], axis=1).astype(float)


def kmeans(x: np.ndarray, k: int, rounds: int, seed: int = 0) -> np.ndarray:
    """Lloyd's k-means from ``k`` distinct rows drawn with ``seed``: the centres (each row's
    nearest is for the caller to take, once the centres are rounded as stored).

    An emptied centre is moved to the worst-fitting row.
    """
    rng = np.random.default_rng(seed)
    centres = x[rng.choice(len(x), k, replace=False)].astype(np.float64)
    for _ in range(rounds):
        label, miss = nearest(x, centres)
        count = np.bincount(label, minlength=k)
        for j in range(x.shape[1]):
            centres[:, j] = np.bincount(label, x[:, j], minlength=k) / np.maximum(count, 1)
        empty = np.flatnonzero(count == 0)
        centres[empty] = x[np.argsort(miss)[len(x) - empty.size:]]
    return centres


def nearest(x: np.ndarray, centres: np.ndarray, rows: int = 8192) -> tuple[np.ndarray, np.ndarray]:
    """Each row's nearest centre and the squared distance to it."""
    norms = (centres * centres).sum(axis=1)
    label, miss = np.empty(len(x), np.int64), np.empty(len(x))
    for a in range(0, len(x), rows):
        part = x[a:a + rows].astype(np.float64)
        d = norms[None, :] - 2.0 * part @ centres.T
        label[a:a + rows] = d.argmin(axis=1)
        miss[a:a + rows] = d[np.arange(len(part)), label[a:a + rows]] + (part * part).sum(axis=1)
    return label, miss


def shapes(layers: dict[int, tuple[np.ndarray, np.ndarray]], ids: np.ndarray, mean: np.ndarray,
           sd: np.ndarray, log: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """(index, book): ``book[index[i]]`` is the shape of the state at grid position ``ids[i]``
    (table order), in steps of 2**-Z_BITS sd; ``mean`` and ``sd`` are the values the page
    reads for those states (the value table's and the spread table's)."""
    row = np.full((D.FULL + 1) * 128, -1, np.int64)  # a grid position's place in table order
    row[ids] = np.arange(ids.size)
    z = np.zeros((ids.size, QUANTILES))
    for layer_ids, dist in layers.values():
        at = row[layer_ids]
        for a in range(0, at.size, 16384):  # in parts: a layer's rows in float64 take gigabytes
            part = at[a:a + 16384]
            sel = part >= 0
            if sel.any():
                q = quantiles(dist[a:a + 16384][sel].astype(np.float64))
                t = part[sel]
                z[t] = (q - mean[t, None]) / np.where(sd[t] > 0, sd[t], 1.0)[:, None]
    zq = np.rint(z * 2**Z_BITS)
    filled = np.array([int(i // 128).bit_count() for i in ids])
    late = filled >= EXACT_FROM
    exact_book, exact_of = np.unique(zq[late], axis=0, return_inverse=True)
    cluster_book = np.rint(kmeans(z[~late], CLUSTERS, ROUNDS) * 2**Z_BITS)
    label = np.empty(ids.size, np.int64)
    label[~late] = nearest(zq[~late] / 2**Z_BITS, cluster_book / 2**Z_BITS)[0]
    label[late] = CLUSTERS + exact_of.ravel()
    book = np.concatenate([cluster_book, exact_book])
    used, first = np.unique(label, return_index=True)  # renumber by first use in table order
    order = used[np.argsort(first)]
    renumber = np.empty(book.shape[0], np.int64)
    renumber[order] = np.arange(order.size)
    if log:
        print(f"  shapes: {exact_book.shape[0]} exact ({late.sum()} states), {CLUSTERS} clustered "
              f"({(~late).sum()} states), {order.size} used", flush=True)
    return renumber[label], book[order].astype(np.int64)


def table_shapes(preset: str, V: np.ndarray, mean: np.ndarray, sd: np.ndarray,
                 log: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """:func:`shapes` for every stored state of ``preset`` (tools/gen_tables.py's order)."""
    from tools.gen_tables import MASK, UP, Y

    layers = D.exact_layers(preset, V, log=log)
    return shapes(layers, D._index(MASK, UP, Y), mean, sd, log=log)
