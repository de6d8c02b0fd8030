#!/usr/bin/env python3
"""Measure the error of the game's win chances against exact ones and against simulated games.

    python tools/win_chance_check.py --positions 300 --games 20000

Positions are drawn from three-player games played by the optimal policy: a round r
(0-12) and the seat to move, so the players before it have r + 1 boxes filled and the
others r. For each position it compares three win chances per player:

- **shipped**: :func:`game.strategy.win_chances.win_chances` on the forecasts the browser
  makes (:func:`game.strategy.win_chances.forecast` on the shipped files: exact with at
  most ``--exact-open`` boxes open, else one exact turn and the spread table's shapes);
- **exact**: the same combination on the exact distribution of each player's points to come
  (a backward pass over every state: ``dist(state) = sum over the turn's outcomes of
  prob * dist(next state) shifted by the points``);
- **simulated**: ``--games`` independent play-outs of every player by the optimal policy
  (the turn transitions sampled with NumPy's PCG64, seed ``--seed``).

Prints the worst and mean absolute errors, overall and by boxes left; docs/strategy.md
("Win chances") has a run's figures.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: make `game` and `tools` importable
    sys.path.insert(0, str(ROOT))

from game.core.games import YAHTZEE  # noqa: E402
from game.strategy import spread as SP  # noqa: E402
from game.strategy import tables as T  # noqa: E402
from game.strategy import win_chances as WC  # noqa: E402
from game.strategy.win_chances import Forecast, win_chances  # noqa: E402
from tools import finish_range_check as FR_CHECK  # noqa: E402
from tools import score_distribution as D  # noqa: E402
from tools import score_layers as L  # noqa: E402
from tools import strategy_solver as S  # noqa: E402

GRID = (S.FULL_MASK + 1) * 64 * 2  # a state's id: (mask * 64 + up) * 2 + y
N_BOX = 13
PLAYERS = 3


class Policy:
    """Every state's turn transitions as one table sorted by state (sampling), and the exact
    distribution of the points to come from every state (a backward pass)."""

    def __init__(self, preset: str) -> None:
        src: list[np.ndarray] = []
        dst: list[np.ndarray] = []
        pts: list[np.ndarray] = []
        prob: list[np.ndarray] = []

        def seen(ids: np.ndarray, t: D.Transitions) -> None:  # every layer's turns, for sampling
            src.append(ids[t.src])
            dst.append(D._index(t.mask, t.up, t.y))
            pts.append(t.points)
            prob.append(t.prob)

        walk = L.preset_walk(preset, S.solved(preset))
        self.layers = L.exact_layers(walk, log=True, seen=seen)  # filled -> (ids, dist)
        row = np.full(GRID, -1, np.int64)
        for ids, _ in self.layers.values():
            row[ids] = np.arange(ids.size)
        self.row = row
        order = np.argsort(np.concatenate(src), kind="stable")
        self.src = np.concatenate(src)[order]
        self.dst, self.pts = np.concatenate(dst)[order], np.concatenate(pts)[order]
        self.cum = np.cumsum(np.concatenate(prob)[order])
        self.first = np.searchsorted(self.src, np.arange(GRID))
        self.base = np.r_[0.0, self.cum][self.first]

    # One turn from each state (ids): the next state and the points written; the same
    # sampling as the finish range's check, over the same arrays.
    step = FR_CHECK.Policy.step

    def exact(self, state: int, points: int) -> Forecast:
        filled = (state // 128).bit_count()
        ids, dist = self.layers[filled]
        probs = dist[self.row[state]].astype(float)
        probs /= probs.sum()
        return Forecast(points, tuple(probs.tolist()))


def prepared(preset: str, seed: int) -> tuple[T.Table, SP.Spread, np.random.Generator, Policy]:
    """The shipped tables, the seeded generator and the policy with its exact distributions
    (minutes: the time is printed), as this tool and tools/target_check.py start."""
    rng = np.random.Generator(np.random.PCG64(seed))
    t0 = time.perf_counter()
    policy = Policy(preset)
    print(f"policy and exact distributions: {time.perf_counter() - t0:.0f} s", flush=True)
    return T.load_preset(preset), SP.load_preset(preset), rng, policy


def positions(policy: Policy, count: int, rng: np.random.Generator) -> list[list[tuple[int, int]]]:
    """``count`` positions: each a list of (state id, points so far) for the three players."""
    out = []
    for _ in range(count):
        r, seat = int(rng.integers(0, N_BOX)), int(rng.integers(0, PLAYERS))
        players = []
        for p in range(PLAYERS):
            state, points = np.zeros(1, np.int64), 0
            for _turn in range(r + (p < seat)):
                state, gained = policy.step(state, rng)
                points += int(gained[0])
            players.append((int(state[0]), points))
        out.append(players)
    return out


def simulate(policy: Policy, players: list[tuple[int, int]], games: int, rng: np.random.Generator) -> np.ndarray:
    """Win shares (ties split) over ``games`` play-outs of every player."""
    finals = np.empty((len(players), games))
    for i, (state, points) in enumerate(players):
        s, total = np.full(games, state, np.int64), np.full(games, float(points))
        for _ in range(N_BOX - (state // 128).bit_count()):
            s, gained = policy.step(s, rng)
            total += gained
        finals[i] = total
    top = finals.max(axis=0)
    winners = finals == top
    return (winners / winners.sum(axis=0)).mean(axis=1)


def card_of(state: int) -> dict[str, int]:
    """A Yahtzee score card in state ``state`` (tools/finish_range_check.py's, for any game)."""
    return FR_CHECK.card_of(YAHTZEE, state)


def shipped(table: T.Table, spread: SP.Spread, players: list[tuple[int, int]]) -> tuple[float, ...]:
    """The browser's win chances for these players (game.strategy.win_chances.forecast)."""
    return WC.win_chances([WC.forecast(table, spread, card_of(state), points) for state, points in players])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--preset", default="official")
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--games", type=int, default=20000, help="play-outs per player and position")
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--exact-open", type=int, nargs="+", default=[WC.EXACT_OPEN],
                        help="open boxes up to which forecasts are exact, one report each (the game's: %(default)s)")
    args = parser.parse_args(argv)
    t0 = time.perf_counter()
    table, spread, rng, policy = prepared(args.preset, args.seed)
    rows = []  # per player: boxes left (the most of any player), exact, simulated, shipped per --exact-open
    for players in positions(policy, args.positions, rng):
        exact = win_chances([policy.exact(s, p) for s, p in players])
        sim = simulate(policy, players, args.games, rng)
        ships = []
        for limit in args.exact_open:
            WC.EXACT_OPEN = limit
            ships.append(shipped(table, spread, players))
        left = N_BOX - min((s // 128).bit_count() for s, _ in players)
        rows.extend((left, exact[i], sim[i], *(ship[i] for ship in ships)) for i in range(PLAYERS))
    data = np.array(rows)
    print(f"{args.positions} positions x {PLAYERS} players, {args.games} play-outs each "
          f"({time.perf_counter() - t0:.0f} s); errors in percentage points, max and mean")
    for n, limit in enumerate(args.exact_open):
        print(f"\nexact with at most {limit} open boxes")
        print("boxes left | players | shipped-exact | shipped-simulated | exact-simulated")
        for left in [*range(1, N_BOX + 1), None]:
            sel = data[:, 0] == left if left is not None else np.ones(len(data), bool)
            if not sel.any():
                continue
            d = data[sel]
            errs = [np.abs(d[:, a] - d[:, b]) * 100 for a, b in ((3 + n, 1), (3 + n, 2), (1, 2))]
            cells = " | ".join(f"{e.max():.2f}, {e.mean():.2f}" for e in errs)
            print(f"{'all' if left is None else left:>10} | {sel.sum()} | {cells}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
