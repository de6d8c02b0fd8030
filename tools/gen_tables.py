#!/usr/bin/env python3
"""Regenerate the optimal-strategy tables the coach and the computer players read.

    python tools/gen_tables.py                  # every preset -> assets/strategy/<preset>.bin
    python tools/gen_tables.py --preset official --measure-loss

Build time only (NumPy); the browser reads the files with game.strategy.tables. The
output depends only on the code: the solver uses element-wise float64 operations in a
fixed order and zlib level 9, so a rerun reproduces the files byte for byte (a test
checks). The format is described in game/strategy/tables.py, the method in docs/strategy.md.
"""

from __future__ import annotations

import argparse
import sys
import time
import zlib
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: make `game` and `tools` importable
    sys.path.insert(0, str(ROOT))

from game.core import rules  # noqa: E402
from game.strategy import tables as T  # noqa: E402
from game.strategy.rolls import UP_CAP  # noqa: E402
from tools import strategy_solver as S  # noqa: E402

#: Values are stored as multiples of 2**-Q_BITS points (the loss this costs is measured by
#: --measure-loss and in tests/test_strategy_tables.py; docs/strategy.md has the figures).
Q_BITS = 10
MAX_LOSS = 1e-4  # points per game the quantization may cost, at most


def _table_states() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(mask, up, y) of every stored state in file order, and the index where each run starts."""
    cols, firsts = [], []
    for mask, y, ups in T.runs():
        firsts.append(len(cols))
        cols.extend((mask, up, y) for up in ups)
    arr = np.array(cols, dtype=np.int64)
    return arr[:, 0], arr[:, 1], arr[:, 2], np.array(firsts)


MASK, UP, Y, RUN_FIRST = _table_states()


#: The upper bonus already earned, which a stored value adds (the file format, game/strategy/tables.py).
EARNED = float(T.BONUS_OFFSET) * (UP >= UP_CAP)


def quantize(V: np.ndarray, q_bits: int = Q_BITS) -> np.ndarray:
    """W = round((V + 35 * [up >= 63]) * 2**q) for every stored state, in file order."""
    return np.rint((V[MASK, UP, Y] + EARNED) * 2.0 ** q_bits).astype(np.int64)


def dequantize(W: np.ndarray, q_bits: int = Q_BITS) -> np.ndarray:
    """The dense ``V[mask, up, y]`` that a decoder of ``W`` sees (what the coach decides from)."""
    V = np.zeros((S.FULL_MASK + 1, 64, 2))
    V[MASK, UP, Y] = W * 2.0 ** -q_bits - EARNED
    return V


def _planes(values: np.ndarray, width: int) -> bytes:
    """Little-endian ints split into byte planes (low bytes first): zlib then sees similar bytes together."""
    raw = values.astype(f"<u{width}").view(np.uint8).reshape(-1, width)
    return b"".join(raw[:, i].tobytes() for i in range(width))


def encode(preset: str, V: np.ndarray, q_bits: int = Q_BITS) -> bytes:
    """The file bytes of ``preset``'s table (format in game/strategy/tables.py)."""
    W = quantize(V, q_bits)
    steps = np.diff(W)
    steps = np.delete(steps, RUN_FIRST[1:] - 1)  # a run's first value is stored whole, not as a step
    if steps.min() < 0 or steps.max() >= 1 << 16:
        raise ValueError(f"steps {steps.min()}..{steps.max()} do not fit u16; lower Q_BITS")
    header = T.HEADER.pack(T.MAGIC, T.FORMAT, q_bits, preset.encode(), float(V[0, 0, 0]),
                           RUN_FIRST.size, W.size)
    return header + zlib.compress(_planes(W[RUN_FIRST], 4) + _planes(steps, 2), 9)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--preset", action="append", choices=rules.PRESETS,
                        help="generate only this preset (repeatable; default: all four)")
    parser.add_argument("--out", type=Path, default=T.ASSET_DIR,
                        help="output directory (default: %(default)s)")
    parser.add_argument("--workers", type=int, default=2, help="processes to use (default: %(default)s)")
    parser.add_argument("--measure-loss", action="store_true",
                        help="also price the quantization: exact expected loss per game of deciding "
                             "from the stored table instead of the exact one (slower)")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    status = 0
    for preset in args.preset or rules.PRESETS:
        t0 = time.perf_counter()
        V = S.solve(preset, workers=args.workers)
        t1 = time.perf_counter()
        data = encode(preset, V)
        (args.out / f"{preset}.bin").write_bytes(data)
        print(f"{preset:17s} start value {V[0, 0, 0]:.7f}  solved in {t1 - t0:5.1f} s  "
              f"{len(data):7d} bytes", flush=True)
        if args.measure_loss:
            t2 = time.perf_counter()
            played = S.policy_values(preset, dequantize(quantize(V)), workers=args.workers)
            loss = V[0, 0, 0] - played[0, 0, 0]
            print(f"{'':17s} loss of deciding from the stored table: {loss:.3e} points per game "
                  f"({time.perf_counter() - t2:.1f} s)", flush=True)
            if loss >= MAX_LOSS:
                print(f"error: above the {MAX_LOSS} allowed; raise Q_BITS", file=sys.stderr)
                status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
