#!/usr/bin/env python3
"""Write the spread tables: the standard deviation and the quantiles of the points still to come, per state.

    python tools/gen_spread.py                  # every preset -> assets/strategy/<preset>.spread.bin

Build time only (NumPy, ~10 minutes and 5 GB a preset). The moments come from the optimal
policy's turn transitions (tools/score_distribution.py, ``moments``), the quantiles from
the exact distribution of every state (tools/spread_shapes.py); the format is in
game/strategy/spread.py. The mean of every state is checked against the solver's value on
the way (they must agree).
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

from game.core import rules  # noqa: E402
from game.strategy import spread as SP  # noqa: E402
from game.strategy import tables as T  # noqa: E402
from tools import score_distribution as D  # noqa: E402
from tools import spread_shapes as SS  # noqa: E402
from tools import strategy_solver as S  # noqa: E402
from tools.gen_tables import MASK, UP, Y  # noqa: E402

#: Standard deviations are stored in steps of 2**-Q_BITS points (1/16: far below what a
#: win chance can notice; the error budget is in docs/strategy.md, "Win chances").
Q_BITS = 4


def spread_values(preset: str, V: np.ndarray) -> tuple[np.ndarray, float]:
    """The standard deviation of every stored state (table order), and the largest |mean - V|."""
    M = D.moments(preset, V, order=2)
    mean, square = M[1, MASK, UP, Y], M[2, MASK, UP, Y]
    return np.sqrt(np.maximum(square - mean**2, 0.0)), float(np.abs(mean - V[MASK, UP, Y]).max())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--preset", action="append", choices=rules.PRESETS, help="only these (default: all)")
    args = parser.parse_args(argv)
    for preset in args.preset or rules.PRESETS:
        t0 = time.perf_counter()
        V = S.solved(preset)
        sd, gap = spread_values(preset, V)
        if gap > 1e-9:
            print(f"error: the moments' mean differs from the solver's value by {gap:.3g}", file=sys.stderr)
            return 1
        stored = np.rint(sd * 2.0**Q_BITS).astype(int)
        vector_of, vectors = SS.preset_quantiles(preset, V, log=True)
        data = SP.encode(preset, stored.tolist(), Q_BITS, vector_of.tolist(), vectors.tolist())
        (T.ASSET_DIR / f"{preset}.spread.bin").write_bytes(data)
        print(f"{preset:17s} sd at the start {sd[0]:.4f}  mean within {gap:.1e} of V  "
              f"{len(data):7d} bytes  {time.perf_counter() - t0:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
