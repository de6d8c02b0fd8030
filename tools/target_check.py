#!/usr/bin/env python3
"""Measure the error of the chance to reach a score, at every target, against the exact chance.

    python tools/target_check.py --positions 300

Positions are solo cards drawn from games played by the optimal policy (a round 0-12 at
random, as ``tools/win_chance_check.py`` draws them). For each, the forecast the browser
makes (:func:`game.strategy.win_chances.forecast` on the shipped files) is compared with
the exact distribution of the points to come (a backward pass over every state) at every
target T: the error is ``|P_forecast(final >= T) - P_exact(final >= T)|``, and the worst T
of each position counts. With ``--games`` the exact chances are also compared with that
many simulated play-outs per position (which validates the exact pass).

Prints, by boxes left, the worst and mean (over positions) of each position's worst error,
in percentage points, and the target where the worst one falls.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: make `game` and `tools` importable
    sys.path.insert(0, str(ROOT))

from game.strategy import spread as SP  # noqa: E402
from game.strategy import tables as T  # noqa: E402
from game.strategy import win_chances as WC  # noqa: E402
from game.strategy.win_chances import Forecast  # noqa: E402
from tools.win_chance_check import N_BOX, Policy, card_of, prepared  # noqa: E402

Reach = np.ndarray  # reach[t]: the chance of a final score >= t, for t = 0 .. len - 1


def reach(forecast: Forecast, top: int) -> Reach:
    """P(final >= t) for t = 0 .. top."""
    return np.array([1.0 - forecast.below(t) for t in range(top + 1)])


def exact_quantiles(policy: Policy, n: int) -> Callable[..., None]:
    """Each state's own ``n`` quantiles, on whole points, from its exact distribution (as the
    shipped table holds 64: with the same ``n`` the two must agree)."""
    def place(to_come: dict[int, float], table: T.Table, spread: SP.Spread, state: tuple[int, int, int],
              gained: int, chance: float) -> None:
        mask, up, y = state
        sid = (mask * 64 + up) * 2 + y
        ids, dist = policy.layers[mask.bit_count()]
        cdf = np.cumsum(dist[policy.row[sid]].astype(float))
        cdf /= cdf[-1]
        for x in np.searchsorted(cdf, (np.arange(n) + 0.5) / n - 1e-9):
            to_come[gained + int(x)] = to_come.get(gained + int(x), 0.0) + chance / n
    return place


def exact_sizes(policy: Policy, n: int = 64) -> None:
    """What shipping each state's own ``n`` quantiles of the points to come would cost, by
    boxes open: states, distinct quantile vectors, and the zlib-9 size of a u16 shape number
    per state plus the distinct vectors as u8 steps from one quantile to the next (the first
    as u16), in byte planes."""
    import zlib

    print(f"{n} quantiles | boxes open | states | distinct | zlib bytes | cumulative")
    total = 0
    for filled in range(N_BOX - 1, -1, -1):
        ids, dist = policy.layers[filled]
        cdf = np.cumsum(dist.astype(float), axis=1)
        cdf /= cdf[:, -1:]
        u = (np.arange(n) + 0.5) / n
        qs = np.stack([np.searchsorted(row, u) for row in cdf]).astype(np.int64)
        vectors, shape_of = np.unique(qs, axis=0, return_inverse=True)
        steps = np.diff(vectors, axis=1)
        wide = int(steps.max()) > 255
        first = vectors[:, 0].astype("<u2").tobytes()
        body = (first[0::2] + first[1::2] + steps.astype("<u2" if wide else "u1").tobytes()
                + shape_of.astype("<u4" if vectors.shape[0] > 65535 else "<u2").tobytes())
        size = len(zlib.compress(body, 9))
        total += size
        print(f"{n} | {N_BOX - filled} | {ids.size} | {vectors.shape[0]} | {size} | {total}"
              + (" (steps over 255: u16)" if wide else ""), flush=True)


def draw(policy: Policy, count: int, rng: np.random.Generator) -> list[tuple[int, int]]:
    """``count`` solo positions (state id, points so far) after 0-12 optimal turns."""
    out = []
    for _ in range(count):
        state, points = np.zeros(1, np.int64), 0
        for _turn in range(int(rng.integers(0, N_BOX))):
            state, gained = policy.step(state, rng)
            points += int(gained[0])
        out.append((int(state[0]), points))
    return out


def simulated(policy: Policy, state: int, points: int, games: int, top: int, rng: np.random.Generator) -> Reach:
    s, total = np.full(games, state, np.int64), np.full(games, points, np.int64)
    for _ in range(N_BOX - (state // 128).bit_count()):
        s, gained = policy.step(s, rng)
        total += gained
    counts = np.bincount(np.minimum(total, top + 1), minlength=top + 2)
    return 1.0 - np.r_[0.0, np.cumsum(counts)[:-1]][: top + 1] / games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--preset", default="official")
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--games", type=int, default=0, help="play-outs per position (0: none)")
    parser.add_argument("--seed", type=int, default=23)
    parser.add_argument("--methods", nargs="*", help="quantiles to compare (default: all): shipped, "
                        "'exact N quantiles' (each state's own, for --exact-quantiles N)")
    parser.add_argument("--exact-quantiles", type=int, nargs="*", default=[32, 64])
    parser.add_argument("--sizes", action="store_true",
                        help="first, what the exact distributions of late states would cost to ship")
    args = parser.parse_args(argv)
    t0 = time.perf_counter()
    table, spread, rng, policy = prepared(args.preset, args.seed)
    if args.sizes:
        for n in args.exact_quantiles:
            exact_sizes(policy, n)
    shipped = WC.add_shape
    methods: dict[str, Callable[..., None]] = {"shipped": shipped}
    for n in args.exact_quantiles:
        methods[f"exact {n} quantiles"] = exact_quantiles(policy, n)
    chosen = {name: methods[name] for name in args.methods or methods}
    rows: dict[str, list[list[float]]] = {name: [] for name in chosen}
    for state, points in draw(policy, args.positions, rng):
        exact = policy.exact(state, points)
        top = exact.low + len(exact.probs)
        truth = reach(exact, top)
        sim = simulated(policy, state, points, args.games, top, rng) if args.games else None
        for name, shape in chosen.items():
            WC.add_shape = shape  # forecast() looks it up at each call
            mine = reach(WC.forecast(table, spread, card_of(state), points), top)
            err = np.abs(mine - truth)
            t = int(err.argmax())
            row = [N_BOX - (state // 128).bit_count(), err[t] * 100, t, truth[t] * 100, mine[t] * 100]
            if sim is not None:
                row.append(np.abs(truth - sim).max() * 100)
            rows[name].append(row)
    WC.add_shape = shipped
    for name, method_rows in rows.items() if args.positions else ():
        _report(name, np.array(method_rows), args, time.perf_counter() - t0)
    return 0


def _report(name: str, data: np.ndarray, args: argparse.Namespace, seconds: float) -> None:
    print(f"\n{name}: {args.positions} positions ({seconds:.0f} s); errors in percentage points "
          "of P(final >= T), the worst T of each position")
    print("boxes left | positions | worst | mean | worst at: T, exact, forecast"
          + (" | exact-simulated worst, mean" if args.games else ""))
    for left in [*range(1, N_BOX + 1), None]:
        sel = data[:, 0] == left if left is not None else np.ones(len(data), bool)
        if not sel.any():
            continue
        d = data[sel]
        w = d[d[:, 1].argmax()]
        line = (f"{'all' if left is None else left:>10} | {sel.sum()} | {d[:, 1].max():.2f} | {d[:, 1].mean():.2f}"
                f" | {w[2]:.0f}, {w[3]:.1f}%, {w[4]:.1f}%")
        if args.games:
            line += f" | {d[:, 5].max():.2f}, {d[:, 5].mean():.2f}"
        print(line)


if __name__ == "__main__":
    sys.exit(main())
