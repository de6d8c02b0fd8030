#!/usr/bin/env python3
"""The exact distribution of a game's final score under optimal play, for a game whose
five-alike does nothing beyond its boxes (Yatzy; its strategy: tools/game_solver.py).

    python tools/game_distribution.py --game yatzy          # -> assets/strategy/distribution.json ("games")
    python tools/game_distribution.py --game yatzy --print

tools/score_distribution.py's method (the turn the optimal policy plays from each state,
then a forward pass from the empty card), with the game's own boxes: each box's value for
each roll comes from the game's scorers and ``V[mask, up]``, and no box changes a later
five-alike (``y`` stays 0). The entry goes under ``"games"`` in the same asset, beside
Yahtzee's presets.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: make `game` and `tools` importable
    sys.path.insert(0, str(ROOT))

from game.core.games import GAMES, Game  # noqa: E402
from game.strategy import rolls as R  # noqa: E402
from tools import game_solver  # noqa: E402
from tools import score_distribution as SD  # noqa: E402
from tools import strategy_solver as solver  # noqa: E402
from tools.score_layers import Walk  # noqa: E402


def transitions(game: Game, V: np.ndarray, mask: np.ndarray, up: np.ndarray,
                chunk: int = solver.CHUNK) -> SD.Transitions:
    """The turn the optimal policy (deciding from ``V[mask, up]``) plays from each state given."""
    scores = game_solver.score_rows(game)  # (boxes, 252) in the solver's roll rows
    V3, zero3 = V[:, :, None], np.zeros((*V.shape, 1))

    def values(m: np.ndarray, u: np.ndarray, _y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        n, no_y = m.size, np.zeros(m.size, dtype=np.int64)
        value, points = np.empty((len(game.boxes), len(R.ROLLS), n)), np.empty((len(game.boxes), len(R.ROLLS), n))
        for b in range(len(game.boxes)):
            if b < 6:  # c dice of the face: c * face, the bonus if it reaches the threshold
                for out, table in ((value, V3), (points, zero3)):
                    by_count = solver._upper_values(table, m, u, no_y, b + 1, float(game.bonus))
                    np.take(by_count, solver._COUNTS[b], axis=0, out=out[b])
            else:
                closed = np.where((m & (1 << b)) != 0, -np.inf, 0.0)
                value[b] = scores[b][:, None] + closed + V[m | (1 << b), u]
                points[b] = scores[b][:, None] + closed
        return value[:, solver.ROLL_POS], points[:, solver.ROLL_POS]
    return SD.played(values, mask, up, np.zeros_like(mask), chunk, None, (1 << len(game.boxes)) - 1, game.max_score)


def walk(game: Game, V: np.ndarray) -> Walk:
    """``game``'s states and turns for tools/score_layers.py's backward pass (``y`` always 0),
    the turns deciding from ``V[mask, up]``."""
    def states(filled: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        mask, up = game_solver.states(game, filled)
        return mask, up, np.zeros_like(mask)
    return Walk(len(game.boxes), states, lambda m, u, _y: transitions(game, V, m, u))


def final_states(game: Game, V: np.ndarray, mask: int, up: int) -> tuple[np.ndarray, np.ndarray]:
    """tools/score_distribution.py's ``final_states`` for ``game``: the full cards a game from
    ``(mask, up)`` ends on, and the chance of each number of points written from there."""
    turns = walk(game, V)
    return SD.final_states(game.key, V, mask, up, 0, turn=turns.turn, boxes=turns.boxes)


def summary(game: Game) -> dict[str, object]:
    """The asset's entry for ``game``: figures, and cumulative shares in millionths."""
    V = game_solver.solved(game)
    ends, dist = final_states(game, V, 0, 0)
    final = dist.sum(axis=0)
    scores = np.arange(final.size)
    mean = float(final @ scores)
    cumulative = np.rint(np.cumsum(final) * SD.PPM).astype(int)
    lo, hi = int(np.argmax(cumulative > 0)), int(np.argmax(cumulative >= SD.PPM))
    table = ROOT / "assets" / "strategy" / f"{game.key}.bin"
    return {
        "table_sha256": hashlib.sha256(table.read_bytes()).hexdigest(),
        "mean": round(mean, 7),
        "sd": round(float(np.sqrt(final @ (scores - mean) ** 2)), 4),
        "percentiles": {str(q): int(np.searchsorted(np.cumsum(final), q / 100)) for q in (5, 25, 50, 75, 95)},
        "upper_bonus": round(float(dist[ends[:, 1] == game.bonus_threshold].sum()), 6),
        "first": lo,
        "cumulative_ppm": cumulative[lo:hi + 1].tolist(),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", required=True, action="append",
                        choices=[key for key, game in GAMES.items() if not game.five_alike_extra])
    parser.add_argument("--print", action="store_true", help="print the figures, write nothing")
    parser.add_argument("--out", type=Path, default=SD.OUT, help="the file to add the games to")
    args = parser.parse_args(argv)
    out: Path = args.out
    data = json.loads(out.read_text()) if out.exists() else {"format": 1, "presets": {}}
    games = data.setdefault("games", {})
    for key in args.game:
        start = time.perf_counter()
        entry = summary(GAMES[key])
        figures = {k: v for k, v in entry.items() if k not in ("cumulative_ppm", "table_sha256")}
        print(f"{key}: {figures} ({time.perf_counter() - start:.0f} s)", flush=True)
        games[key] = entry
    if not args.print:
        data["games"] = dict(sorted(games.items()))
        out.write_text(json.dumps(data, separators=(",", ":")) + "\n")
        print(f"wrote {out} ({out.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
