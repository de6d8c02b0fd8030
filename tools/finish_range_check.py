#!/usr/bin/env python3
"""Measure the error of the finish range (the 10th and 90th percentiles of the final score)
against exact percentiles and against simulated games, at every phase of the game.

    python tools/finish_range_check.py --ruleset official --positions 10 --games 200000 --cache /tmp/fr
    python tools/finish_range_check.py --ruleset yatzy --positions 50 --games 0 --open 15 14 13 --cache /tmp/fr
    python tools/finish_range_check.py --ruleset official --speed --positions 10

Positions are solo cards drawn from games played by the optimal policy: for each number of
open boxes asked (``--open``, default 13 10 7 4 3 2 1) and each kind (``--kinds``),
``--positions`` cards after that many turns, at a turn's start (``start``) or mid-turn
(``mid2``, ``mid1``, ``mid0``: a first roll of random dice, then the coach's keeps and
rolls, to 2, 1 or 0 re-rolls left; a turn the coach ends sooner is drawn again). For each
position it compares three 10th and 90th percentiles (the least s with P(final <= s) >= q):

- **shipped**: :func:`game.strategy.finish_range.finish_range` on the shipped files, once
  for each combination of ``--exact-open``, ``--depth``, ``--deep-chance`` and ``--unsure``
  asked (game.strategy.exact_turns' EXACT_OPEN, DEPTH and DEEP_CHANCE, the finish range's
  UNSURE: ``--unsure -1`` never takes the finer pass; by default the modules' own);
- **exact**: the same percentiles of the exact distribution of the final score: at a turn's
  start the exact distribution of the points to come from the card's state (a backward pass
  over every state, ``tools/score_layers.py``, the solver's policy); mid-turn, the exact
  outcomes of the rest of the turn (:func:`game.strategy.turn_outcomes.turn_outcomes` from
  the dice; tested against an enumeration of the coach's choices in
  tests/test_finish_range.py), each with the exact distribution of the state it leaves;
- **simulated**: ``--games`` play-outs of the rest of the game by the optimal policy (the
  turn transitions of the backward pass, sampled with NumPy's PCG64, seed ``--seed``;
  mid-turn, the rest of the turn drawn from its exact outcomes). A simulated percentile's
  own standard error comes from the exact distribution function: the k-th smallest of n
  play-outs, k = ceil(n q), is at most s when at least k are, a binomial count.

Prints, by boxes open and kind, the worst and mean |difference| in points over both
percentiles, and each variant's *level error*: how far q is from the levels at which the
shipped percentile is the exact one (:func:`level_error`). ``--verbose`` prints every
position more than a point off, with both distribution functions about the percentile.

The backward pass takes minutes and gigabytes (a preset of Yahtzee: ~4 minutes and 4 GB;
Yatzy: ~20 minutes and 6 GB); ``--cache DIR`` keeps the solver's solution, the exact
distributions and the transitions there for the next run (2.5 and 4.3 GB on disk). With
``--speed`` the tool times finish_range instead (:func:`speed`). docs/strategy.md ("Finish
range") has a run's figures.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: make `game` and `tools` importable
    sys.path.insert(0, str(ROOT))

from game.core.games import Game  # noqa: E402
from game.core.rulesets import rules_of  # noqa: E402
from game.strategy import exact_turns as ET  # noqa: E402
from game.strategy import finish_range as FR  # noqa: E402
from game.strategy.game_spread import load_ruleset_spread  # noqa: E402
from game.strategy.game_tables import load_ruleset  # noqa: E402
from game.strategy.ranking import rank_options  # noqa: E402
from game.strategy.rolls import ROLLS  # noqa: E402
from game.strategy.spread import Spread  # noqa: E402
from game.strategy.tables import Table  # noqa: E402
from game.strategy.turn_outcomes import turn_outcomes  # noqa: E402
from game.strategy.turns import after_state, state_of  # noqa: E402
from game.strategy.win_chances import Forecast  # noqa: E402
from tools import game_distribution as GD  # noqa: E402
from tools import game_solver  # noqa: E402
from tools import score_distribution as D  # noqa: E402
from tools import score_layers as L  # noqa: E402
from tools import strategy_solver as S  # noqa: E402

OPEN = (13, 10, 7, 4, 3, 2, 1)
KINDS = ("start", "mid2", "mid1", "mid0")  # a turn's start; mid-turn with 2, 1 or 0 re-rolls left


def state_id(mask: int, up: int, y: int) -> int:
    """A state's position in the backward pass's dense grid (score_distribution's ``_index``)."""
    return (mask * 64 + up) * 2 + y


class Policy:
    """The optimal policy of one rule set: every state's turn transitions as one table sorted
    by state (to sample turns), and the exact distribution of the points to come from every
    state (a backward pass), kept in ``cache`` if given."""

    def __init__(self, ruleset: str, cache: Path | None) -> None:
        game, preset = rules_of(ruleset)
        self.game = game
        files = [cache / f"finish-{ruleset}-{name}.npy" for name in ("src", "dst", "pts", "prob")] if cache else []
        if cache is not None:
            S.SHARED_DIR = cache  # the solver's solution, saved once
        if files and all(f.exists() for f in files) and all(
                (cache / f"finish-{ruleset}-layer-{n}-{part}.npy").exists()
                for n in range(len(game.boxes) + 1) for part in ("ids", "dist")):
            src, dst, pts, prob = (np.load(f) for f in files)
            self.layers = {n: (np.load(cache / f"finish-{ruleset}-layer-{n}-ids.npy"),
                               np.load(cache / f"finish-{ruleset}-layer-{n}-dist.npy", mmap_mode="r"))
                           for n in range(len(game.boxes) + 1)}
        else:
            parts: list[list[np.ndarray]] = [[], [], [], []]

            def seen(ids: np.ndarray, t: D.Transitions) -> None:  # every layer's turns, for sampling
                for part, a in zip(parts, (ids[t.src], D._index(t.mask, t.up, t.y), t.points, t.prob), strict=True):
                    part.append(a)

            if game.five_alike_extra:
                walk = L.preset_walk(preset, S.solved(preset))
            else:
                walk = GD.walk(game, game_solver.solved(game))
            self.layers = L.exact_layers(walk, log=True, seen=seen)
            src, dst, pts, prob = (np.concatenate(p) for p in parts)
            order = np.argsort(src, kind="stable")
            src, dst, pts, prob = src[order], dst[order], pts[order], prob[order]
            if cache is not None:
                for f, a in zip(files, (src, dst, pts, prob), strict=True):
                    np.save(f, a)
                for n, (ids, dist) in self.layers.items():
                    np.save(cache / f"finish-{ruleset}-layer-{n}-ids.npy", ids)
                    np.save(cache / f"finish-{ruleset}-layer-{n}-dist.npy", dist)
        grid = (1 << len(game.boxes)) * 128
        self.row = np.full(grid, -1, np.int64)
        for ids, _ in self.layers.values():
            self.row[ids] = np.arange(ids.size)
        self.src, self.dst, self.pts = src, dst, pts
        self.cum = np.cumsum(prob)
        self.first = np.searchsorted(src, np.arange(grid))
        self.base = np.r_[0.0, self.cum][self.first]

    def step(self, state: np.ndarray, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
        """One turn from each state (ids): the next state and the points it adds."""
        last = np.searchsorted(self.src, state, side="right") - 1
        total = self.cum[last] - self.base[state]
        pick = np.searchsorted(self.cum, self.base[state] + rng.random(state.size) * total, side="right")
        pick = np.minimum(pick, last)
        return self.dst[pick], self.pts[pick]

    def to_come(self, sid: int) -> np.ndarray:
        """The exact chance of each number of points still to come from state ``sid`` (float64, summing to 1)."""
        filled = (sid // 128).bit_count()
        _, dist = self.layers[filled]
        probs = np.asarray(dist[self.row[sid]], dtype=float)
        return probs / probs.sum()

    def play_out(self, sid: np.ndarray, rng: np.random.Generator) -> np.ndarray:
        """The points still to come of one play-out from each state of ``sid`` (all with the same boxes filled)."""
        total = np.zeros(sid.size, np.int64)
        for _ in range(len(self.game.boxes) - (int(sid[0]) // 128).bit_count()):
            sid, gained = self.step(sid, rng)
            total += gained
        return total


def card_of(game: Game, sid: int) -> dict[str, int]:
    """A score card in state ``sid``: the filled boxes at their lowest points but the upper
    boxes, which add up to the state's upper subtotal, and Yahtzee's box 50 if ``y``.

    >>> from game.core.games import YATZY, YAHTZEE
    >>> card_of(YAHTZEE, state_id(0b100000100001, 3, 1)), card_of(YATZY, state_id(0b1000001, 0, 0))
    ({'ones': 3, 'sixes': 0, 'yahtzee': 50}, {'ones': 0, 'one_pair': 0})
    """
    mask, up, y = sid // 128, sid // 2 % 64, sid % 2
    lowest = {b.name: min(b.score(r) for r in ROLLS) for b in game.boxes}
    filled = {b: lowest[b] for i, b in enumerate(game.names) if mask >> i & 1}
    if y:
        filled["yahtzee"] = 50
    upper = [b for b in game.upper_names if b in filled]

    def fill(i: int, total: int) -> bool:  # counts of each filled upper box reaching `up`
        if i == len(upper):
            return min(total, game.bonus_threshold) == up
        face = game.upper_names.index(upper[i]) + 1
        for count in range(6):
            filled[upper[i]] = face * count
            if fill(i + 1, total + face * count):
                return True
        return False

    if not fill(0, 0):
        raise ValueError(f"no card has state {sid}")
    return filled


def percentile_of(low: int, probs: np.ndarray, q: float) -> int:
    """The least s >= ``low`` with P(<= s) >= q, for ``probs[i]`` = P(low + i)."""
    return FR.percentile(Forecast(low, tuple(probs.tolist())), q)


class Position:
    """A card (state id, points so far) and, mid-turn, the dice on the table and the re-rolls left."""

    def __init__(self, sid: int, points: int, dice: tuple[int, ...] | None = None, rolls_left: int = 0):
        self.sid, self.points, self.dice, self.rolls_left = sid, points, dice, rolls_left


def draw(policy: Policy, table: Table, boxes_open: int, kind: str, count: int,
         rng: np.random.Generator) -> list[Position]:
    """``count`` positions with ``boxes_open`` boxes open, at a turn's start or mid-turn."""
    game, out = policy.game, []
    while len(out) < count:
        sid, points = np.zeros(1, np.int64), 0
        for _turn in range(len(game.boxes) - boxes_open):
            sid, gained = policy.step(sid, rng)
            points += int(gained[0])
        s = int(sid[0])
        if kind == "start":
            out.append(Position(s, points))
            continue
        filled = card_of(game, s)
        want = int(kind[-1])  # the re-rolls left
        dice = tuple(sorted(int(d) for d in rng.integers(1, 7, 5)))
        left = 2
        while left > want:
            best = rank_options(table, filled, dice, left)[0]
            if best.box is not None:
                break  # the coach scores here: the turn goes no further (drawn again)
            held = list(best.held_faces)
            dice = tuple(sorted(held + [int(d) for d in rng.integers(1, 7, 5 - len(held))]))
            left -= 1
        if left == want:
            out.append(Position(s, points, dice, left))
    return out


def exact_final(policy: Policy, table: Table, pos: Position) -> tuple[int, np.ndarray, list[tuple[int, int, float]]]:
    """The exact distribution of the final score (low, probs) and, mid-turn, the turn's outcomes
    as (next state id, points gained, chance)."""
    if pos.dice is None:
        probs = policy.to_come(pos.sid)
        return pos.points, probs, []
    filled = card_of(policy.game, pos.sid)
    state = state_of(table, filled)
    outcomes = []
    for (box, written, gained), chance in turn_outcomes(table, filled, pos.dice, pos.rolls_left).items():
        outcomes.append((state_id(*after_state(table, state, box, written)), gained, chance))
    width = max(g for _, g, _ in outcomes) + max(policy.to_come(s).size for s, _, _ in outcomes)
    probs = np.zeros(width)
    for s, gained, chance in outcomes:
        later = policy.to_come(s)
        probs[gained:gained + later.size] += chance * later
    return pos.points, probs, outcomes


def simulated(policy: Policy, pos: Position, outcomes: list[tuple[int, int, float]], games: int,
              rng: np.random.Generator) -> np.ndarray:
    """``games`` final scores from ``pos``."""
    if not outcomes:
        return pos.points + policy.play_out(np.full(games, pos.sid, np.int64), rng)
    chances = np.array([c for _, _, c in outcomes])
    pick = rng.choice(len(outcomes), size=games, p=chances / chances.sum())
    finals = np.empty(games, np.int64)
    for i, (s, gained, _) in enumerate(outcomes):
        sel = np.flatnonzero(pick == i)
        if sel.size:
            finals[sel] = pos.points + gained + policy.play_out(np.full(sel.size, s, np.int64), rng)
    return finals


def sample_percentile(finals: np.ndarray, q: float) -> int:
    """The least s with a share >= q of ``finals`` at most s (the percentile's own rule).

    >>> sample_percentile(np.array([5, 1, 3, 2, 4, 6, 7, 8, 9, 10]), 0.1), sample_percentile(np.arange(10), 0.9)
    (1, 8)
    """
    ordered = np.sort(finals)
    return int(ordered[max(0, int(np.ceil(q * ordered.size - 1e-9)) - 1)])


_PHI = np.vectorize(lambda z: 0.5 * math.erfc(-z / math.sqrt(2.0)), otypes=[float])  # the normal distribution


def sample_error(probs: np.ndarray, games: int, q: float) -> float:
    """The standard error of :func:`sample_percentile` over ``games`` play-outs whose final
    score has the distribution ``probs``: it is the k-th smallest, k = ceil(games q), so it is
    at most s when at least k play-outs are, a binomial count of chance F(s) (normal
    approximation, with continuity correction)."""
    cdf = np.clip(np.cumsum(probs), 0.0, 1.0)
    k = np.ceil(games * q - 1e-9)
    sd = np.sqrt(np.maximum(games * cdf * (1.0 - cdf), 1e-300))
    at_most = np.where(cdf >= 1.0, 1.0, np.where(cdf <= 0.0, 0.0, _PHI((games * cdf - k + 0.5) / sd)))
    at_most = np.maximum.accumulate(at_most)
    chance = np.diff(np.r_[0.0, at_most])
    s = np.arange(probs.size)
    mean = float((chance * s).sum())
    return float(np.sqrt(max(0.0, (chance * (s - mean) ** 2).sum())))


def level_error(low: int, probs: np.ndarray, score: int, q: float) -> float:
    """How far ``q`` is from the levels at which ``score`` is the exact percentile: ``score`` is the
    least s with P(final <= s) >= q' for every q' in (P(final < score), P(final <= score)], so 0
    when ``q`` is in there, else its distance to the nearer end (a chance, 0.001 = 0.1 points).

    >>> probs = np.array([0.05, 0.05, 0.9])  # scores 10, 11, 12
    >>> level_error(10, probs, 11, 0.1), round(level_error(10, probs, 10, 0.1), 12)  # 11 is the exact one
    (0.0, 0.05)
    """
    cdf = np.cumsum(probs)
    below = float(cdf[score - 1 - low]) if score - 1 - low >= 0 else 0.0
    at = float(cdf[min(score - low, cdf.size - 1)]) if score >= low else 0.0
    return max(0.0, q - at, below - q)


def accuracy(args: argparse.Namespace) -> int:
    t0 = time.perf_counter()
    cache = Path(args.cache) if args.cache else None
    if cache is not None:
        cache.mkdir(parents=True, exist_ok=True)
    policy = Policy(args.ruleset, cache)
    print(f"policy and exact distributions: {time.perf_counter() - t0:.0f} s", flush=True)
    table, spread = load_ruleset(args.ruleset), load_ruleset_spread(args.ruleset)
    rng = np.random.Generator(np.random.PCG64(args.seed))
    qs = FR.FINISH_QUANTILES
    shipped = ET.EXACT_OPEN, ET.DEPTH, ET.DEEP_CHANCE, FR.UNSURE
    variants = [(n, depth, deep, unsure) for n in args.exact_open for depth in args.depth
                for deep in args.deep_chance for unsure in args.unsure]
    names = ["/".join(map(str, v)) for v in variants]
    print(f"\n{args.ruleset}: {args.positions} positions per row, {args.games} play-outs each; differences in "
          f"points (worst, mean of |difference|) over both percentiles ({', '.join(map(str, qs))}); "
          f"finish_range with EXACT_OPEN/DEPTH/DEEP_CHANCE/UNSURE = {', '.join(names)} "
          f"(shipped: {'/'.join(map(str, shipped))})")
    print("boxes open | when | " + " | ".join(f"{n}: - exact | {n}: - simulated | {n}: level error" for n in names)
          + " | exact - simulated | simulated's standard error, mean (max)")
    rows: list[list[float]] = []
    for boxes_open in args.open:
        for kind in args.kinds:
            block = []
            for pos in draw(policy, table, boxes_open, kind, args.positions, rng):
                low, probs, outcomes = exact_final(policy, table, pos)
                exact = [percentile_of(low, probs, q) for q in qs]
                if args.games:
                    finals = simulated(policy, pos, outcomes, args.games, rng)
                    sims = [(sample_percentile(finals, q), sample_error(probs, args.games, q)) for q in qs]
                else:
                    sims = [(e, 0.0) for e in exact]
                filled = card_of(policy.game, pos.sid)
                mine = []
                for (n, depth, deep, unsure), name in zip(variants, names, strict=True):
                    ET.EXACT_OPEN, ET.DEPTH, ET.DEEP_CHANCE, FR.UNSURE = n, depth, deep, unsure
                    FR.clear_caches()
                    mine.append(FR.finish_range(table, spread, filled, pos.points, pos.dice,
                                                pos.rolls_left if pos.dice is not None else None))
                    if args.verbose and max(abs(a - b) for a, b in zip(mine[-1], exact, strict=True)) > 1:
                        _explain(table, spread, pos, name, low, probs, exact, mine[-1])
                ET.EXACT_OPEN, ET.DEPTH, ET.DEEP_CHANCE, FR.UNSURE = shipped
                for i in range(len(qs)):  # one row per percentile
                    block.append([boxes_open, KINDS.index(kind), exact[i] - sims[i][0], sims[i][1],
                                  *(m[i] - exact[i] for m in mine), *(m[i] - sims[i][0] for m in mine),
                                  *(level_error(low, probs, m[i], qs[i]) for m in mine)])
            d = np.array(block, dtype=float)
            rows.extend(block)
            _report_row(f"{boxes_open:>10} | {kind}", d, len(variants))
    d = np.array(rows, dtype=float)
    print()
    _report_row(f"{'all':>10} | both", d, len(variants))
    for n, name in enumerate(names):
        over = np.abs(d[:, 4 + n]) > 1
        print(f"{name}: {int(over.sum())} of {len(d)} percentiles more than 1 point from the exact one")
    print(f"({time.perf_counter() - t0:.0f} s)")
    return 0


def _explain(table: Table, spread: Spread, pos: Position, variant: str, low: int, probs: np.ndarray,
             exact: list[int], mine: tuple[int, int]) -> None:
    """Print a position where finish_range (as set now: ``variant``) is more than a point off,
    and both distribution functions about the exact percentiles."""
    FR.clear_caches()
    f = FR.final_forecast(table, spread, card_of(table.game, pos.sid), pos.points, pos.dice,
                          pos.rolls_left if pos.dice is not None else None)
    cdf = np.cumsum(probs)
    print(f"  {variant}: state {pos.sid} ({pos.sid // 128:#x}), points {pos.points}, dice {pos.dice}, "
          f"rolls left {pos.rolls_left}: exact {exact}, finish_range {list(mine)}; P(final <= s), exact / forecast:")
    for e in exact:
        print("   " + ", ".join(f"{s}: {cdf[s - low]:.4f} / {f.cumulative[min(len(f.probs), s + 1 - f.low)]:.4f}"
                                for s in range(e - 3, e + 4) if 0 <= s - low < cdf.size))


def _report_row(label: str, d: np.ndarray, variants: int) -> None:
    a = np.abs(d)
    cells = []
    for n in range(variants):
        for c in (4 + n, 4 + variants + n):
            cells.append(f"{a[:, c].max():.0f}, {a[:, c].mean():.2f}")
        cells.append(f"{100 * a[:, 4 + 2 * variants + n].max():.2f}")
    cells.append(f"{a[:, 2].max():.0f}, {a[:, 2].mean():.2f}")
    cells.append(f"{d[:, 3].mean():.2f} ({d[:, 3].max():.1f})")
    print(f"{label} | {' | '.join(cells)}", flush=True)


def speed(args: argparse.Namespace) -> int:
    """finish_range's cost per call in CPython, in play and cold, by boxes open, at a turn's
    start and after each roll: ``--positions`` solo games played by the coach (random dice),
    finish_range called as the page calls it (after each roll for the dice on the table,
    after each box scored for the card), its caches kept from call to call (in play); then
    each call again with every cache emptied first (cold: the finish range's, and the turn
    values the coach keeps on the table)."""
    table, spread = load_ruleset(args.ruleset), load_ruleset_spread(args.ruleset)
    game = rules_of(args.ruleset)[0]
    rng = np.random.Generator(np.random.PCG64(args.seed))
    ET.EXACT_OPEN, ET.DEPTH, ET.DEEP_CHANCE, FR.UNSURE = (args.exact_open[0], args.depth[0],
                                                         args.deep_chance[0], args.unsure[0])
    calls: list[tuple[int, str, dict[str, int], int, tuple[int, ...] | None, int | None]] = []
    timed: dict[tuple[int, str, str], list[float]] = {}

    def timing(key: tuple[int, str, str], filled: dict[str, int], points: int, dice: tuple[int, ...] | None,
               left: int | None) -> None:
        t = time.perf_counter()
        FR.finish_range(table, spread, filled, points, dice, left)
        timed.setdefault(key, []).append(time.perf_counter() - t)

    FR.clear_caches()
    for _ in range(args.positions):
        filled: dict[str, int] = {}
        bonuses = 0
        while len(filled) < len(game.names):
            boxes_open = len(game.names) - len(filled)
            points = game.totals(filled, bonuses).grand_total
            calls.append((boxes_open, "start", dict(filled), points, None, None))
            timing((boxes_open, "start", "in play"), filled, points, None, None)
            dice = tuple(int(d) for d in rng.integers(1, 7, 5))
            left = 2
            while True:
                calls.append((boxes_open, f"roll {3 - left}", dict(filled), points, dice, left))
                timing((boxes_open, f"roll {3 - left}", "in play"), filled, points, dice, left)
                best = rank_options(table, filled, dice, left)[0]
                if best.box is not None:
                    break
                held = list(best.held_faces)
                dice = tuple(held + [int(d) for d in rng.integers(1, 7, 5 - len(held))])
                left -= 1
            assert best.points is not None
            bonuses += game.five_alike_bonus(filled, dice) // 100
            filled[best.box] = best.points
    for boxes_open, event, filled, points, dice, left in calls:
        FR.clear_caches()
        table.cache.clear()
        timing((boxes_open, event, "cold"), filled, points, dice, left)
    events = ("start", "roll 1", "roll 2", "roll 3")
    print(f"{args.ruleset}, EXACT_OPEN/DEPTH/DEEP_CHANCE/UNSURE "
          f"{ET.EXACT_OPEN}/{ET.DEPTH}/{ET.DEEP_CHANCE}/{FR.UNSURE}: milliseconds per call over "
          f"{args.positions} games played by the coach, median / 95th percentile / max (calls)")
    print("boxes open | " + " | ".join(f"{e} in play | {e} cold" for e in events))
    for boxes_open in range(len(game.names), 0, -1):
        cells = []
        for event in events:
            for how in ("in play", "cold"):
                t = sorted(timed.get((boxes_open, event, how), []))
                cells.append(f"{1000 * statistics.median(t):.1f} / {1000 * t[int(0.95 * (len(t) - 1))]:.1f} / "
                             f"{1000 * t[-1]:.1f} ({len(t)})" if t else "-")
        print(f"{boxes_open:>10} | {' | '.join(cells)}", flush=True)
    every = {how: sorted(x for (_, _, h), ts in timed.items() if h == how for x in ts) for how in ("in play", "cold")}
    for how, t in every.items():
        print(f"every call {how}: median {1000 * statistics.median(t):.1f}, 95th percentile "
              f"{1000 * t[int(0.95 * (len(t) - 1))]:.1f}, max {1000 * t[-1]:.1f} ms, total {sum(t):.1f} s")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ruleset", default="official", help="a preset of Yahtzee or another game (yatzy)")
    parser.add_argument("--positions", type=int, default=40, help="positions per row")
    parser.add_argument("--games", type=int, default=200_000, help="play-outs per position (0: none)")
    parser.add_argument("--open", type=int, nargs="+", default=list(OPEN), help="boxes open (default: %(default)s)")
    parser.add_argument("--kinds", nargs="+", choices=KINDS, default=list(KINDS))
    parser.add_argument("--seed", type=int, default=44)
    parser.add_argument("--exact-open", type=int, nargs="+", default=[ET.EXACT_OPEN],
                        help="open boxes up to which finish_range is exact, one column each (shipped: %(default)s)")
    parser.add_argument("--depth", type=int, nargs="+", default=[ET.DEPTH],
                        help="exact turns before the quantiles, one column each (shipped: %(default)s)")
    parser.add_argument("--deep-chance", type=float, nargs="+", default=[ET.DEEP_CHANCE],
                        help="mid-turn, the chance from which a card is worked out DEPTH turns ahead, "
                        "one column each (shipped: %(default)s)")
    parser.add_argument("--unsure", type=float, nargs="+", default=[FR.UNSURE],
                        help="the first pass's error about a percentile beyond which the finer pass is taken "
                        "(-1: never), one column each (shipped: %(default)s)")
    parser.add_argument("--cache", metavar="DIR", help="keep the solution, exact distributions and transitions here")
    parser.add_argument("--verbose", action="store_true", help="print each position more than 1 point off")
    parser.add_argument("--speed", action="store_true", help="time finish_range instead (no exact pass)")
    args = parser.parse_args(argv)
    return speed(args) if args.speed else accuracy(args)


if __name__ == "__main__":
    sys.exit(main())
