"""A second method for the start value: play 20,000 games by the tables, vectorized in NumPy.

Each game rolls random dice, keeps by the keep values and scores by the box values of
:func:`tools.strategy_solver.turn`; the mean must lie within 3 standard errors of the
solved start value. One preset here (10 s); docs/strategy.md gives all four, from
``simulate`` run the same way.
"""

import numpy as np

from game.strategy import rolls as R
from tools import strategy_solver as S

GAMES = 20_000
BATCH = 256  # games whose turn is solved together

_POW = 6 ** np.arange(4, -1, -1)
ROLL_OF_CODE = np.full(6 ** 5, -1)  # base-6 code of sorted dice -> roll index
for _r, _roll in enumerate(R.ROLLS):
    ROLL_OF_CODE[(np.array(_roll) - 1) @ _POW] = _r
_subs = [R.sub_keeps(roll) for roll in R.ROLLS]
SUB_KEEPS = np.array([s + (s[0],) * (32 - len(s)) for s in _subs])  # padded with a repeat
KEEP_FACES = np.array([k + (0,) * (5 - len(k)) for k in R.KEEPS])  # 0 = die to re-roll


def _roll_index(dice: np.ndarray) -> np.ndarray:
    return ROLL_OF_CODE[(np.sort(dice, axis=1) - 1) @ _POW]


def _play_turn(preset: str, V: np.ndarray, joker: np.ndarray, state: np.ndarray, total: np.ndarray,
               rng: np.random.Generator) -> None:
    """Play one turn for each game; ``state`` rows (mask, up, y) and ``total`` are updated in place."""
    mask, up, y = state
    n = mask.size
    g = np.arange(n)
    values = S.turn(preset, V, mask, up, y, ("keep2", "keep1", "box"))
    dice = rng.integers(1, 7, (n, 5))
    for stage in ("keep2", "keep1"):
        subs = SUB_KEEPS[_roll_index(dice)]
        keep = subs[g, np.argmax(values[stage][subs, g[:, None]], axis=1)]
        dice = np.where(KEEP_FACES[keep] > 0, KEEP_FACES[keep], rng.integers(1, 7, (n, 5)))
    r = _roll_index(dice)
    box = np.argmax(values["box"][:, r, g], axis=0)
    # points written: plain, or the Joker's when five of a kind meet a filled Yahtzee box
    face = dice[:, 0]
    is_joker = (dice == face[:, None]).all(axis=1) & (mask & S.YAHTZEE_BIT != 0)
    own_open = (mask >> (face - 1) & 1) == 0
    lower_open = (mask & S.LOWER_BITS) != S.LOWER_BITS
    joker_pts = joker[face - 1, own_open.astype(int), lower_open.astype(int), box]
    pts = np.where(is_joker, joker_pts, S.SCORES[r, box])
    assert np.isfinite(pts).all() and not (mask >> box & 1).any()
    upper = box < 6
    total += pts + 100.0 * (is_joker & (y == 1)) + 35.0 * (upper & (up < 63) & (up + pts >= 63))
    state[1] = np.where(upper, np.minimum(63, up + pts.astype(np.int64)), up)
    state[2] = y | ((box == S.YAHTZEE) & (pts == 50))
    state[0] = mask | (1 << box)


def simulate(preset: str, V: np.ndarray, games: int, seed: int) -> np.ndarray:
    """Final scores of ``games`` solitaire games played optimally by ``V``."""
    rng = np.random.default_rng(seed)
    joker = S.joker_scores(preset)
    state = np.zeros((3, games), np.int64)  # mask, up, y of each game
    total = np.zeros(games)
    for _turn in range(13):
        for lo in range(0, games, BATCH):  # a batch's turn arrays stay in cache
            _play_turn(preset, V, joker, state[:, lo:lo + BATCH], total[lo:lo + BATCH], rng)
    return total


def test_mean_of_20000_optimal_games_is_within_3_standard_errors():
    V = S.solved("official")
    scores = simulate("official", V, GAMES, seed=1)
    se = scores.std(ddof=1) / np.sqrt(GAMES)
    assert abs(scores.mean() - V[0, 0, 0]) < 3 * se, (scores.mean(), V[0, 0, 0], se)
