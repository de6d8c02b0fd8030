#!/usr/bin/env python3
"""Write the spread tables: the standard deviation and the quantiles of the points still to come, per state.

    python tools/gen_spread.py                  # every preset and game -> assets/strategy/<name>.spread.bin
    python tools/gen_spread.py --game yatzy     # Yatzy's, for the states of its value table

Build time only (NumPy; a preset 810 s and 3.4 GB, Yatzy's 2,095 s and 6.3 GB, both on a busy
machine: docs/strategy.md, "Yatzy's spread table"). One
backward pass over the optimal policy's turns (tools/score_layers.py) gives every state's
exact distribution of the points still to come, kept as its quantiles
(tools/spread_shapes.py), and on the way their moments, kept as the standard deviation; the
format is in game/strategy/spread.py, Yatzy's states in game/strategy/game_spread.py. The
mean of every state is checked against the solver's value on the way (they must agree).
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path
from typing import NamedTuple

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: make `game` and `tools` importable
    sys.path.insert(0, str(ROOT))

from game.core import rules  # noqa: E402
from game.core.games import GAMES  # noqa: E402
from game.strategy import spread as SP  # noqa: E402
from game.strategy import tables as T  # noqa: E402
from tools import game_distribution as GD  # noqa: E402
from tools import game_solver  # noqa: E402
from tools import score_distribution as D  # noqa: E402
from tools import score_layers as L  # noqa: E402
from tools import spread_shapes as SS  # noqa: E402
from tools import strategy_solver as S  # noqa: E402
from tools.gen_tables import MASK, SOLVER_GAMES, UP, Y, game_states  # noqa: E402

#: Standard deviations are stored in steps of 2**-Q_BITS points (1/16: far below what a
#: win chance can notice; the error budget is in docs/strategy.md, "Win chances").
Q_BITS = 4
#: The largest |mean - the solver's value| allowed for any state.
MAX_GAP = 1e-9


class Content(NamedTuple):
    """What one spread table holds, for its stored states in table order: the standard
    deviations, each state's quantile vector and the distinct vectors; and the largest
    |mean - the solver's value| found on the way."""

    sd: np.ndarray
    gap: float
    vector_of: np.ndarray
    vectors: np.ndarray


def spread_of(walk: L.Walk, states: tuple[np.ndarray, np.ndarray, np.ndarray], value: np.ndarray) -> Content:
    """The spread of the points still to come from the stored states (``states``: their mask,
    up and y arrays in table order), and the largest |mean - ``value``| among them, from one
    backward pass over ``walk``'s states: the moments on the way, the quantiles after."""
    M = np.zeros((3, walk.grid))
    M[0] = 1.0  # E[R^0]; the higher moments of the full card stay 0: nothing is to come
    layers = L.exact_layers(walk, log=True, seen=lambda ids, t: L.add_moments(M, ids, t))
    ids = D._index(*states)
    mean, square = M[1, ids], M[2, ids]
    sd = np.sqrt(np.maximum(square - mean**2, 0.0))
    return Content(sd, float(np.abs(mean - value).max()), *SS.table_quantiles(layers, ids, walk.grid, log=True))


def write(name: str, spread: Content, started: float) -> bool:
    """Write ``assets/strategy/<name>.spread.bin`` and say so; False (nothing written) when
    some state's mean is not the solver's value."""
    if spread.gap > MAX_GAP:
        print(f"error: {name}: the moments' mean differs from the solver's value by {spread.gap:.3g}",
              file=sys.stderr)
        return False
    stored = np.rint(spread.sd * 2.0**Q_BITS).astype(int)
    data = SP.encode(name, stored.tolist(), Q_BITS, spread.vector_of.tolist(), spread.vectors.tolist())
    (T.ASSET_DIR / f"{name}.spread.bin").write_bytes(data)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20  # KiB on Linux
    print(f"{name:17s} sd at the start {spread.sd[0]:.4f}  mean within {spread.gap:.1e} of V  "
          f"{len(data):8d} bytes  {time.perf_counter() - started:.0f} s  (process peak {peak:.1f} GiB)", flush=True)
    return True


def preset_spread(preset: str) -> Content:
    """The spread table's content for a preset of Yahtzee (tools/gen_tables.py's states)."""
    V = S.solved(preset)
    return spread_of(L.preset_walk(preset, V), (MASK, UP, Y), V[MASK, UP, Y])


def game_spread(key: str) -> Content:
    """The spread table's content for another game (Yatzy: tools/game_solver.py's), for the
    states of its value table in their order (tools/gen_tables.py's ``game_states``)."""
    game = GAMES[key]
    V = game_solver.solved(game)
    mask, up, _ = game_states(game)
    return spread_of(GD.walk(game, V), (mask, up, np.zeros_like(mask)), V[mask, up])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--preset", action="append", choices=rules.PRESETS, help="only this preset of Yahtzee")
    parser.add_argument("--game", action="append", choices=SOLVER_GAMES,
                        help="only this game's (repeatable; default: every preset and game)")
    args = parser.parse_args(argv)
    everything = not (args.preset or args.game)
    jobs = [(p, preset_spread) for p in (rules.PRESETS if everything else args.preset or ())]
    jobs += [(g, game_spread) for g in (SOLVER_GAMES if everything else args.game or ())]
    for name, content in jobs:
        started = time.perf_counter()
        if not write(name, content(name), started):
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
