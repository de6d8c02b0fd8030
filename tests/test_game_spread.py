"""Yatzy's spread table (assets/strategy/yatzy.spread.bin) and its reader (game/strategy/game_spread.py).

Writing the table takes about half an hour (tools/gen_spread.py --game yatzy), too long for
every CI run; the shipped file is checked where each check is cheap, and each by another
computation than the tool's: the last three turns' states against exact distributions worked
out here (the solver run only that far back); the empty card against the final score's
distribution, a forward pass (assets/strategy/distribution.json); earlier states against the
turn from the value table and the spread table's own later states. The reader is checked on
files made here: it finds every state where the value table has it, and it refuses another
game's or preset's file.
"""

from __future__ import annotations

import json
import random
import zlib

import numpy as np
import pytest

from game.core.games import YATZY
from game.strategy import game_spread as GS
from game.strategy import spread as SP
from game.strategy.game_tables import layout, load_game, runs
from game.strategy.rolls import REACHABLE_UPS
from game.strategy.tables import STATE_COUNT, TableError
from tools import game_distribution as GD
from tools import game_solver
from tools import score_distribution as D
from tools.gen_spread import Q_BITS
from tools.gen_tables import dequantize_game

FULL = layout(YATZY).full_mask
N_BOX = len(YATZY.boxes)
HALF_STEP = 2.0 ** -(Q_BITS + 1)  # a stored deviation is within half a step of the exact one


@pytest.fixture(scope="module")
def spread() -> GS.GameSpread:
    found = GS.load_ruleset_spread("yatzy")
    assert isinstance(found, GS.GameSpread)
    return found


@pytest.fixture(scope="module")
def late_values() -> np.ndarray:
    """The solver's V[mask, up] for the last three turns (a second; the whole game takes 26)."""
    return game_solver.solve(YATZY, down_to=N_BOX - 3)


def state_with(rng: random.Random, n_open: int) -> tuple[int, int]:
    """A reachable (mask, up) of Yatzy with ``n_open`` boxes open."""
    mask = FULL & ~sum(1 << box for box in rng.sample(range(N_BOX), n_open))
    return mask, rng.choice(REACHABLE_UPS[mask & 63])


def exact_quantiles(dist: np.ndarray, n: int = 64) -> list[int]:
    """The quantiles of ``dist`` at the midpoints (i + 0.5) / n in whole points: by a search
    over the distribution function, not as tools/spread_shapes.py finds them."""
    cdf = np.cumsum(dist)
    return [int(np.searchsorted(cdf, (i + 0.5) / n - 1e-9)) for i in range(n)]


def test_the_shipped_file_is_yatzys_with_64_quantiles_a_state(spread: GS.GameSpread) -> None:
    data = GS.spread_path("yatzy").read_bytes()
    magic, fmt, q, name, n, _width, _vectors, count = SP.HEADER.unpack_from(data)
    assert (magic, fmt, q, name.rstrip(b"\0"), n) == (SP.MAGIC, SP.FORMAT, Q_BITS, b"yatzy", 64)
    assert count == layout(YATZY).state_count == 1_430_464
    assert spread.preset == "yatzy" and spread.game is YATZY
    start = spread.points(0, 0, 0)
    assert start is not None and len(start) == 64 and list(start) == sorted(start)
    assert spread.sd(FULL, 63, 0) == 0.0 and spread.sd(FULL, 10, 0) == 0.0  # nothing to come
    with pytest.raises(TableError):
        spread.points(FULL, 63, 0)


@pytest.mark.parametrize("n_open", [1, 2, 3])
def test_late_states_equal_their_exact_distributions(spread: GS.GameSpread, late_values: np.ndarray,
                                                     n_open: int) -> None:
    """The standard deviation and the 64 quantiles of states drawn across the last turns,
    against the distribution of the points to come worked out from each state here."""
    rng = random.Random(f"yatzy-spread-{n_open}")
    for _ in range(8):
        mask, up = state_with(rng, n_open)
        dist = GD.final_states(YATZY, late_values, mask, up)[1].sum(axis=0)
        s = np.arange(dist.size)
        mean = float(s @ dist)
        assert mean == pytest.approx(late_values[mask, up], abs=1e-9)
        assert spread.sd(mask, up, 0) == pytest.approx(np.sqrt(((s - mean) ** 2) @ dist), abs=HALF_STEP), (mask, up)
        assert spread.points(mask, up, 0) == tuple(exact_quantiles(dist)), (mask, up)


def test_the_empty_card_has_the_final_scores_spread_and_quantiles(spread: GS.GameSpread) -> None:
    """The empty card's points to come are the final score: distribution.json has it from a
    forward pass (tools/game_distribution.py), its sd to 1e-4 and its shares to a millionth."""
    entry = json.loads(D.OUT.read_text())["games"]["yatzy"]
    assert spread.sd(0, 0, 0) == pytest.approx(entry["sd"], abs=HALF_STEP + 1e-4)
    cumulative = np.array(entry["cumulative_ppm"]) / 1e6
    from_json = [entry["first"] + int(np.searchsorted(cumulative, (i + 0.5) / 64 - 1e-9)) for i in range(64)]
    start = spread.points(0, 0, 0)
    assert start is not None
    # Equal but where a level falls within a millionth of a share (rounded in the json): a point apart.
    assert max(abs(a - b) for a, b in zip(start, from_json, strict=True)) <= 1
    assert sum(a != b for a, b in zip(start, from_json, strict=True)) <= 1


def early_states() -> list[tuple[int, int]]:
    rng = random.Random("yatzy-spread-early")
    return [(0, 0)] + [state_with(rng, N_BOX - filled) for filled in (1, 1, 2, 2, 3, 3, 5, 8)]


def test_early_states_agree_with_their_next_turn(spread: GS.GameSpread) -> None:
    """One turn from each state, played from the shipped value table (tools/game_distribution.py's
    transitions), then the spread table's later states: the turn's second moment gives the
    state's standard deviation, and the mixture of the later states' quantiles (each a 64th
    of their chances) its distribution function, both near what the table holds for the state.
    Near: each deviation is rounded to half a step, the later states' move the turn's by
    about as much; a state's 64 quantiles at the midpoints are each within a 128th of its
    distribution function, so two such forecasts within a 64th, and the table's values,
    to 2**-9 points, may decide a near tie otherwise than the solver. (Measured: 0.032 and
    0.011 at most; the stored values of a neighbouring subtotal are off by 0.4-7.6 and 0.04-0.22.)"""
    table = load_game(YATZY)
    V = dequantize_game(YATZY, np.array(table._values))
    states = early_states()
    mask, up = (np.array(column) for column in zip(*states, strict=True))
    t = GD.transitions(YATZY, V, mask, up)
    later = list(zip(t.mask.tolist(), t.up.tolist(), strict=True))
    mean_after = np.array([table.value(m, u) for m, u in later])
    sd_after = np.array([spread.sd(m, u, 0) for m, u in later])
    p = t.points.astype(float)
    for i, (m, u) in enumerate(states):
        at = t.src == i
        mean = float(t.prob[at] @ (p[at] + mean_after[at]))
        square = float(t.prob[at] @ (p[at] ** 2 + 2 * p[at] * mean_after[at] + sd_after[at] ** 2 + mean_after[at] ** 2))
        assert mean == pytest.approx(table.value(m, u), abs=2.0**-7)
        assert spread.sd(m, u, 0) == pytest.approx(np.sqrt(square - mean**2), abs=2 * HALF_STEP), (m, u)
        own, mixed = np.zeros(YATZY.max_score + 1), np.zeros(YATZY.max_score + 1)
        np.add.at(own, list(spread.points(m, u, 0) or ()), 1 / 64)
        for e in np.flatnonzero(at):
            after = spread.points(int(t.mask[e]), int(t.up[e]), 0) if t.mask[e] != FULL else (0,) * 64
            np.add.at(mixed, [int(t.points[e]) + q for q in after or ()], float(t.prob[e]) / 64)
        assert float(np.abs(np.cumsum(own) - np.cumsum(mixed)).max()) < 1.5 / 64, (m, u)


def test_a_file_made_here_reads_back_at_every_state_of_the_value_tables_order() -> None:
    """Each state's deviation and vector set by its place in game_tables.runs (the value
    table's order), read back by (mask, up); the body inflated elsewhere reads the same."""
    count = layout(YATZY).state_count
    values = [(i * 7919) % 65536 for i in range(count)]
    vectors = [list(range(k, k + 64)) for k in (0, 5, 300)]
    data = SP.encode("yatzy", values, Q_BITS, [i % 3 for i in range(count)], vectors)
    found = GS.load_game_spread(YATZY, data)
    inflated = GS.load_game_spread(YATZY, data, zlib.decompress(data[SP.HEADER.size:]))
    rng, at = random.Random("yatzy-round-trip"), 0
    for mask, ups in runs(YATZY):
        for up in ups:
            if at < 50 or rng.random() < 1e-3:
                assert found.sd(mask, up, 0) == inflated.sd(mask, up, 0) == values[at] * 2.0**-Q_BITS
                assert found.points(mask, up, 0) == tuple(vectors[at % 3]), (mask, up)
            at += 1
    assert at == count and GS.decode_spread("yatzy", data).sd(0, 0, 0) == 0.0


@pytest.mark.parametrize(("read", "ruleset", "words"), [
    (lambda data: GS.load_game_spread(YATZY, data), "official", "for official, not yatzy"),
    (lambda data: SP.load_spread("official", data), "yatzy", "for yatzy, not official"),
    (lambda data: GS.decode_spread("free_choice", data), "yatzy", "for yatzy, not free_choice"),
    (lambda data: GS.decode_spread("yatzy", data), "upper_or_kind", "for upper_or_kind, not yatzy"),
])
def test_another_rule_sets_file_is_refused(read, ruleset: str, words: str) -> None:
    with pytest.raises(TableError, match=words):
        read(GS.spread_path(ruleset).read_bytes())


def test_damaged_or_mismatched_files_and_states_no_game_reaches_are_refused(spread: GS.GameSpread) -> None:
    data = GS.spread_path("yatzy").read_bytes()
    with pytest.raises(TableError, match="damaged"):
        GS.load_game_spread(YATZY, data[:-40])
    with pytest.raises(TableError, match="holds 536320 values, 1430464 states exist"):
        GS.load_game_spread(YATZY, SP.encode("yatzy", [0] * STATE_COUNT, Q_BITS))
    for mask, up, y in [(0b1000, 30, 0), (0, 0, 1), (FULL + 1, 0, 0), (0, 64, 0)]:
        with pytest.raises(TableError, match="no game of yatzy reaches"):
            spread.sd(mask, up, y)


def test_a_rule_sets_spread_is_its_games(spread: GS.GameSpread) -> None:
    """load_ruleset_spread: a preset's is Yahtzee's (one copy per process), Yatzy's the game's."""
    assert GS.load_ruleset_spread("official") is SP.load_preset("official")
    assert GS.load_ruleset_spread("yatzy") is spread
    assert GS.spread_path("yatzy").name == "yatzy.spread.bin"
