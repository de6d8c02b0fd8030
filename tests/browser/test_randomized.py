"""Random clicks, keys and reloads, the page checked against the engine after every action.

Fixed seeds, and the games' dice pinned to them, so a failure replays exactly; the
longer, unpinned run is tools/soak.py. The setups fix each run's first games so that the
seeds together play every preset, and games of 1, 2 and more players.
"""

from __future__ import annotations

import pytest

from game import rules
from tests.browser.randomized import RandomPlay

pytestmark = pytest.mark.browser

# (seed, actions, the first games' (players, preset)); the solo run plays two games.
RUNS = [
    (1, 100, [(1, "official"), (1, "free_choice")]),
    (2, 70, [(2, "wild_after_upper")]),
    (3, 70, [(3, "upper_or_kind")]),
]


def test_the_fixed_runs_cover_every_preset_and_table_size():
    presets = {preset for _, _, setups in RUNS for _, preset in setups}
    sizes = {count for _, _, setups in RUNS for count, _ in setups}
    assert presets == set(rules.PRESETS)
    assert {1, 2} <= sizes and max(sizes) >= 3


@pytest.mark.parametrize(("seed", "actions", "setups"), RUNS, ids=[f"seed{r[0]}" for r in RUNS])
def test_random_play_agrees_with_the_engine(fresh_site, seed, actions, setups):
    play = RandomPlay(fresh_site, seed, setups=setups, pin_seeds=True,
                      replay=f"pytest tests/browser/test_randomized.py -k seed{seed}")
    tally = play.run(actions)
    assert tally.actions == actions
    # Each fixed setup was played (a solo game must end for the next to start), and reloaded.
    assert tally.games >= len(setups), play.log
    assert tally.reloads >= 1, play.log
