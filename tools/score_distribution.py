#!/usr/bin/env python3
"""The exact distribution of a solitaire game's final score under optimal play (build time).

    python tools/score_distribution.py            # every preset -> assets/strategy/distribution.json
    python tools/score_distribution.py --preset official --print

The optimal policy is the one the strategy tables describe (tools/strategy_solver.py):
every keep and every box maximizes the expected grand total. A *transition* is one turn
played by that policy from a state: the chance of ending it in each next state with each
number of points (bonuses included). Two passes use the transitions of every state:

- **forward** (here): the chance of every (state, points so far) at the start of each
  turn, from the empty card, layer by layer (a turn fills one box); at the full card it is
  the distribution of the final score;
- **backward** (tools/score_layers.py, for the spread tables): the exact distribution and
  the moments of the points R still to come from every state (R = p + R' over a turn).

Ties (two keeps or two boxes of exactly equal value) go to the first in canonical order:
the distribution of a tie's two sides may differ, the mean does not. The method and the
figures are in docs/strategy.md ("Your game against perfect play").
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: make `game` and `tools` importable
    sys.path.insert(0, str(ROOT))

from game.core import rules  # noqa: E402
from game.strategy import rolls as R  # noqa: E402
from tools import strategy_solver as solver  # noqa: E402

OUT = ROOT / "assets" / "strategy" / "distribution.json"
FULL = solver.FULL_MASK
N_ROLLS, N_KEEPS = len(R.ROLLS), len(R.KEEPS)
PPM = 1_000_000  # the asset stores cumulative shares in millionths

# SUB[r]: every keep inside roll r (canonical indices, smallest first, padded with the roll itself).
_subs = [R.sub_keeps(roll) for roll in R.ROLLS]
SUB = np.array([s + (s[-1],) * (32 - len(s)) for s in _subs])
# ODDS[k, r]: the chance that re-rolling the dice keep k leaves out shows roll r.
ODDS = np.zeros((N_KEEPS, N_ROLLS))
for _k, _keep in enumerate(R.KEEPS):
    for _r, _roll in enumerate(R.ROLLS):
        rest = list(_roll)
        try:
            for face in _keep:
                rest.remove(face)
        except ValueError:
            continue
        ODDS[_k, _r] = R.multiset_probability(tuple(rest))
COUNTS = np.array([R.face_counts(roll) for roll in R.ROLLS]).T  # (6 faces, 252 rolls)
N_BOX = len(rules.BOXES)


class Transitions:
    """One turn from each of some states: parallel arrays, one entry per (state, next state, points).

    ``src`` indexes the states given; ``mask``, ``up``, ``y`` are the next state; ``points``
    what the turn writes (upper bonus and Yahtzee bonus included); ``prob`` its chance.
    """

    def __init__(self, src: np.ndarray, mask: np.ndarray, up: np.ndarray, y: np.ndarray,
                 points: np.ndarray, prob: np.ndarray):
        self.src, self.mask, self.up, self.y, self.points, self.prob = src, mask, up, y, points, prob


def _best(keep_values: np.ndarray) -> np.ndarray:
    """(252, n): for each roll, the canonical index of the best keep inside it (first on a tie)."""
    n = keep_values.shape[1]
    inside = keep_values[SUB]  # (252, 32, n)
    return SUB[np.arange(N_ROLLS)[:, None], inside.argmax(axis=1)] if n else np.zeros((N_ROLLS, 0), int)


def _carry(probs: np.ndarray, choice: np.ndarray) -> np.ndarray:
    """(252, n) chances of the rolls after re-rolling, from the rolls' chances and the keeps chosen."""
    n = probs.shape[1]
    kept = np.zeros((N_KEEPS, n))
    np.add.at(kept, (choice, np.broadcast_to(np.arange(n), choice.shape)), probs)
    return ODDS.T @ kept


def transitions(preset: str, V: np.ndarray, mask: np.ndarray, up: np.ndarray, y: np.ndarray,
                chunk: int = solver.CHUNK) -> Transitions:
    """The turn the optimal policy (deciding from ``V``) plays from each state given."""
    joker = solver.joker_scores(preset)
    zero = np.zeros_like(V)

    def values(m: np.ndarray, u: np.ndarray, yy: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        return (solver.box_values(V, m, u, yy, joker)[:, solver.ROLL_POS],  # (13, 252, n) canonical rolls
                solver.box_values(zero, m, u, yy, joker)[:, solver.ROLL_POS])
    return played(values, mask, up, y, chunk, solver.YAHTZEE, FULL, rules.MAX_SCORE)


def played(values: Callable[[np.ndarray, np.ndarray, np.ndarray], tuple[np.ndarray, np.ndarray]],
           mask: np.ndarray, up: np.ndarray, y: np.ndarray, chunk: int, five_box: int | None, full: int,
           max_score: int) -> Transitions:
    """The turns of a batch of states, from ``values(mask, up, y)``: each box's value for each
    canonical roll (points, bonuses and the future) and its points alone, (boxes, 252, n).
    ``five_box``: the box whose 50 turns ``y`` on (Yahtzee's), None when no box does (Yatzy)."""
    parts = []
    for lo in range(0, mask.size, chunk):
        m, u, yy = mask[lo:lo + chunk], up[lo:lo + chunk], y[lo:lo + chunk]
        n = m.size
        box, points = values(m, u, yy)
        stages = {"keep1": np.empty((N_KEEPS, n)), "keep2": np.empty((N_KEEPS, n))}
        solver._Turn(n).run(box.max(axis=0)[solver.ROLL_ROWS], stages)
        first = np.broadcast_to(np.array(R.ROLL_PROBS)[:, None], (N_ROLLS, n))
        last = _carry(_carry(first, _best(stages["keep2"])), _best(stages["keep1"]))
        chosen = box.argmax(axis=0)  # (252, n) the box each final roll goes to
        cols = np.broadcast_to(np.arange(n), chosen.shape)
        pts = points[chosen, np.arange(N_ROLLS)[:, None], cols]
        nmask = m[None, :] | (1 << chosen)
        face_pts = np.where(chosen < 6, (chosen + 1) * COUNTS[np.minimum(chosen, 5), np.arange(N_ROLLS)[:, None]], 0)
        nup = np.minimum(u[None, :] + face_pts, rules.UPPER_BONUS_THRESHOLD)
        ny = np.broadcast_to(yy[None, :], chosen.shape)
        if five_box is not None:
            ny = np.where(chosen == five_box, (pts == rules.YAHTZEE_SCORE).astype(int), ny)
        keep = last > 0
        # Merged chunk by chunk: a layer's 252 rolls per state, all held, took 6.5 GB in Yatzy's
        # 173,274-state layer; a state's entries are all in its chunk, so the sums are the same.
        parts.append(_merged(cols[keep] + lo, nmask[keep], nup[keep], ny[keep], pts[keep].astype(int), last[keep],
                             full, max_score))
    return Transitions(*(np.concatenate([p[i] for p in parts]) for i in range(6)))


def _merged(src: np.ndarray, nm: np.ndarray, nu: np.ndarray, ny: np.ndarray, pts: np.ndarray, prob: np.ndarray,
            full: int, max_score: int) -> tuple[np.ndarray, ...]:
    """One entry per (state, next state, points), in that order: the rolls that lead to the same summed."""
    key = ((src * (full + 1) + nm) * 64 + nu) * 2 + ny
    key = key * (max_score + 1) + pts
    uniq, inverse = np.unique(key, return_inverse=True)
    prob = np.bincount(inverse, weights=prob)
    pts, rest = uniq % (max_score + 1), uniq // (max_score + 1)
    ny, rest = rest % 2, rest // 2
    nu, rest = rest % 64, rest // 64
    nm, src = rest % (full + 1), rest // (full + 1)
    return src, nm, nu, ny, pts, prob


def _index(mask: np.ndarray, up: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Dense position of each state in a (8192, 64, 2) grid (states of one layer are few of these)."""
    return (mask * 64 + up) * 2 + y


def push(out: np.ndarray, into: np.ndarray, dist: np.ndarray, frm: np.ndarray, prob: np.ndarray,
         points: int, rows: int = 8192) -> None:
    """``out[into[e], points:] += prob[e] * dist[frm[e]]`` for every entry e, summed per row of ``out``."""
    order = np.argsort(into, kind="stable")
    width = dist.shape[1]
    for lo in range(0, order.size, rows):
        part = order[lo:lo + rows]
        tg = into[part]
        starts = np.flatnonzero(np.r_[True, tg[1:] != tg[:-1]])
        sums = np.add.reduceat(dist[frm[part]] * prob[part, None], starts, axis=0)
        out[tg[starts], points:points + width] += sums


def final_states(preset: str, V: np.ndarray, mask: int, up: int, y: int,
                 turn: Callable[[np.ndarray, np.ndarray, np.ndarray], Transitions] | None = None,
                 boxes: int | None = None) -> tuple[np.ndarray, np.ndarray]:
    """The full cards a game from this state ends on, and ``dist[i, s]``: the chance of ending
    on card i with ``s`` points written from this state on.

    The cards are rows of (mask, up, y); at the full card ``up`` == 63 says the bonus was earned.
    Another game (tools/game_distribution.py) gives its own ``turn`` (the transitions from a
    batch of states) and number of ``boxes``.
    """
    states = np.array([[mask, up, y]])
    dist = np.ones((1, 1))
    if turn is None:
        turn = functools.partial(transitions, preset, V)
    for _ in range((boxes or N_BOX) - int(mask).bit_count()):
        t = turn(states[:, 0], states[:, 1], states[:, 2])
        nxt_keys, target = np.unique(_index(t.mask, t.up, t.y), return_inverse=True)
        out = np.zeros((nxt_keys.size, dist.shape[1] + int(t.points.max())))
        for p in np.unique(t.points):
            sel = t.points == p
            push(out, target[sel], dist, t.src[sel], t.prob[sel], int(p))
        states = np.stack([nxt_keys // 128, nxt_keys // 2 % 64, nxt_keys % 2], axis=1)
        dist = out
    return states, dist


def distribution_from(preset: str, V: np.ndarray, mask: int, up: int, y: int) -> np.ndarray:
    """``dist[s]``: the chance that the points still to come from this state total ``s``.

    >>> V = solver.solved("official")
    >>> d = distribution_from("official", V, FULL ^ (1 << 12), 0, 0)  # only Chance open
    >>> round(float(d[5:31].sum()), 12), round(float(d @ np.arange(d.size)), 9)
    (1.0, 23.333333333)
    """
    return final_states(preset, V, mask, up, y)[1].sum(axis=0)


def table_digest(preset: str) -> str:
    """SHA-256 of the shipped strategy table the distribution goes with (a test compares)."""
    return hashlib.sha256((ROOT / "assets" / "strategy" / f"{preset}.bin").read_bytes()).hexdigest()


def summary(preset: str) -> dict[str, object]:
    """The asset's entry for one preset: figures, and cumulative shares in millionths."""
    V = solver.solved(preset)
    ends, dist = final_states(preset, V, 0, 0, 0)
    final = dist.sum(axis=0)
    scores = np.arange(final.size)
    mean = float(final @ scores)
    cumulative = np.rint(np.cumsum(final) * PPM).astype(int)
    lo = int(np.argmax(cumulative > 0))
    hi = int(np.argmax(cumulative >= PPM))
    return {
        "table_sha256": table_digest(preset),
        "mean": round(mean, 7),
        "sd": round(float(np.sqrt(final @ (scores - mean) ** 2)), 4),
        "percentiles": {str(q): int(np.searchsorted(np.cumsum(final), q / 100)) for q in (5, 25, 50, 75, 95)},
        "upper_bonus": round(float(dist[ends[:, 1] == rules.UPPER_BONUS_THRESHOLD].sum()), 6),
        "yahtzee_50": round(float(dist[ends[:, 2] == 1].sum()), 6),
        "first": lo,
        "cumulative_ppm": cumulative[lo:hi + 1].tolist(),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--preset", choices=rules.PRESETS, action="append", help="only these (default: all)")
    parser.add_argument("--print", action="store_true", help="print the figures, write nothing")
    parser.add_argument("--out", type=Path, default=OUT, help="the file to add the presets to")
    args = parser.parse_args(argv)
    out: Path = args.out
    presets = args.preset or list(rules.PRESETS)
    data = json.loads(out.read_text()) if out.exists() else {"format": 1, "presets": {}}
    for preset in presets:
        start = time.perf_counter()
        entry = summary(preset)
        figures = {k: v for k, v in entry.items() if k not in ("cumulative_ppm", "table_sha256")}
        print(f"{preset}: {figures} ({time.perf_counter() - start:.0f} s)", flush=True)
        data["presets"][preset] = entry
    if not args.print:
        data["presets"] = dict(sorted(data["presets"].items()))
        out.write_text(json.dumps(data, separators=(",", ":")) + "\n")
        print(f"wrote {out} ({out.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
