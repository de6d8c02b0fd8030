#!/usr/bin/env python3
"""Regenerate the optimal-strategy tables the coach and the computer players read.

    python tools/gen_tables.py                  # every preset and game -> assets/strategy/<name>.bin
    python tools/gen_tables.py --preset official --measure-loss
    python tools/gen_tables.py --game yatzy     # Yatzy's, by tools/game_solver.py

Build time only (NumPy); the browser reads the files with game.strategy.tables. The
output depends only on the code: the solver uses element-wise float64 operations in a
fixed order and zlib level 9, so a rerun reproduces the files byte for byte (a test
checks). The format is described in game/strategy/tables.py, the method in docs/strategy.md.
"""

from __future__ import annotations

import argparse
import functools
import sys
import time
import zlib
from collections.abc import Iterable
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: make `game` and `tools` importable
    sys.path.insert(0, str(ROOT))

from game.core import rules  # noqa: E402
from game.core.games import GAMES, Game  # noqa: E402
from game.strategy import game_tables as GT  # noqa: E402
from game.strategy import tables as T  # noqa: E402
from game.strategy.rolls import UP_CAP  # noqa: E402
from tools import game_solver  # noqa: E402
from tools import strategy_solver as S  # noqa: E402

#: Values are stored as multiples of 2**-Q_BITS points (the loss this costs is measured by
#: --measure-loss and in tests/test_strategy_tables.py; docs/strategy.md has the figures).
Q_BITS = 10
MAX_LOSS = 1e-4  # points per game the quantization may cost, at most
#: Yatzy's table has 2.6 times Yahtzee's states; at q = 8 it is 1,089,061 bytes and costs
#: 4.1e-6 points per game (q = 10: 1,355,032 and 3.4e-7; q = 7: 974,115 and 2.1e-5;
#: measured 2026-11-29 with --measure-loss). A phone fetches it for its first Yatzy hint.
GAME_Q_BITS = 8


def _table_states(runs: Iterable[tuple[int, int, tuple[int, ...]]]) -> tuple[np.ndarray, ...]:
    """(mask, up, y) of every stored state in file order, and the index where each run starts."""
    cols, firsts = [], []
    for mask, y, ups in runs:
        firsts.append(len(cols))
        cols.extend((mask, up, y) for up in ups)
    arr = np.array(cols, dtype=np.int64)
    return arr[:, 0], arr[:, 1], arr[:, 2], np.array(firsts)


MASK, UP, Y, RUN_FIRST = _table_states(T.runs())


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
    return _encode(preset, quantize(V, q_bits), RUN_FIRST, float(V[0, 0, 0]), q_bits)


def _encode(name: str, W: np.ndarray, run_first: np.ndarray, start: float, q_bits: int) -> bytes:
    steps = np.diff(W)
    steps = np.delete(steps, run_first[1:] - 1)  # a run's first value is stored whole, not as a step
    if steps.min() < 0 or steps.max() >= 1 << 16:
        raise ValueError(f"steps {steps.min()}..{steps.max()} do not fit u16; lower Q_BITS")
    header = T.HEADER.pack(T.MAGIC, T.FORMAT, q_bits, name.encode(), start, run_first.size, W.size)
    return header + zlib.compress(_planes(W[run_first], 4) + _planes(steps, 2), 9)


@functools.cache
def game_states(game: Game) -> tuple[np.ndarray, ...]:
    """(mask, up) of every state stored in ``game``'s table, in file order, and the index where each run starts."""
    mask, up, _, run_first = _table_states((mask, 0, ups) for mask, ups in GT.runs(game))
    return mask, up, run_first


def quantize_game(game: Game, V: np.ndarray, q_bits: int = GAME_Q_BITS) -> np.ndarray:
    """W of every state of ``game``'s table, from tools/game_solver.py's ``V[mask, up]``."""
    mask, up, _ = game_states(game)
    earned = float(game.bonus) * (up >= game.bonus_threshold)
    return np.rint((V[mask, up] + earned) * 2.0 ** q_bits).astype(np.int64)


def dequantize_game(game: Game, W: np.ndarray, q_bits: int = GAME_Q_BITS) -> np.ndarray:
    """The dense ``V[mask, up]`` that a decoder of ``W`` sees."""
    mask, up, _ = game_states(game)
    V = np.zeros((1 << len(game.boxes), UP_CAP + 1))
    V[mask, up] = W * 2.0 ** -q_bits - float(game.bonus) * (up >= game.bonus_threshold)
    return V


def encode_game(game: Game, V: np.ndarray, q_bits: int = GAME_Q_BITS) -> bytes:
    """The file bytes of ``game``'s table (format in game/strategy/game_tables.py)."""
    return _encode(game.key, quantize_game(game, V, q_bits), game_states(game)[2], float(V[0, 0]), q_bits)


#: The games whose tables tools/game_solver.py computes (Yahtzee's are its presets').
SOLVER_GAMES = tuple(key for key, game in GAMES.items() if not game.five_alike_extra)


def _generate_preset(preset: str, out: Path, workers: int, measure_loss: bool) -> float | None:
    t0 = time.perf_counter()
    V = S.solve(preset, workers=workers)
    data = encode(preset, V)
    (out / f"{preset}.bin").write_bytes(data)
    _report(preset, float(V[0, 0, 0]), time.perf_counter() - t0, len(data))
    if not measure_loss:
        return None
    return V[0, 0, 0] - S.policy_values(preset, dequantize(quantize(V)), workers=workers)[0, 0, 0]


def _generate_game(key: str, out: Path, measure_loss: bool) -> float | None:
    game, t0 = GAMES[key], time.perf_counter()
    V = game_solver.solve(game)
    data = encode_game(game, V)
    (out / f"{key}.bin").write_bytes(data)
    _report(key, float(V[0, 0]), time.perf_counter() - t0, len(data))
    if not measure_loss:
        return None
    return V[0, 0] - game_solver.policy_values(game, dequantize_game(game, quantize_game(game, V)))[0, 0]


def _report(name: str, start: float, seconds: float, size: int) -> None:
    print(f"{name:17s} start value {start:.10f}  solved in {seconds:5.1f} s  {size:7d} bytes", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--preset", action="append", choices=rules.PRESETS,
                        help="generate only this preset of Yahtzee (repeatable)")
    parser.add_argument("--game", action="append", choices=SOLVER_GAMES,
                        help="generate only this game's table (repeatable; default: every preset and game)")
    parser.add_argument("--out", type=Path, default=T.ASSET_DIR,
                        help="output directory (default: %(default)s)")
    parser.add_argument("--workers", type=int, default=2, help="processes to use (default: %(default)s)")
    parser.add_argument("--measure-loss", action="store_true",
                        help="also price the quantization: exact expected loss per game of deciding "
                             "from the stored table instead of the exact one (slower)")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    everything = not (args.preset or args.game)
    jobs = [(p, lambda p=p: _generate_preset(p, args.out, args.workers, args.measure_loss))
            for p in (rules.PRESETS if everything else args.preset or ())]
    jobs += [(g, lambda g=g: _generate_game(g, args.out, args.measure_loss))
             for g in (SOLVER_GAMES if everything else args.game or ())]
    status = 0
    for name, generate in jobs:
        t0 = time.perf_counter()
        loss = generate()
        if loss is None:
            continue
        print(f"{'':17s} loss of deciding from the stored table: {loss:.3e} points per game "
              f"({time.perf_counter() - t0:.1f} s with the solve)", flush=True)
        if loss >= MAX_LOSS:
            print(f"error: {name} above the {MAX_LOSS} allowed; raise Q_BITS", file=sys.stderr)
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
