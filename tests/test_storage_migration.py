"""The records' schema migration (the prototype's scores, schema 0) and two tabs sharing one
store. Helpers: tests/storage_support.py."""

import json

import pytest

from game.records.high_scores import LEGACY_SCORES_KEY, SCORES_KEY, rank
from game.records.kv import MemoryStore
from game.screens.storage_words import notice_words
from tests.storage_support import tab

# --- migration from schema 0 ----------------------------------------------------------

LEGACY = [{"name": "Ann", "score": 180, "when": 1709290800000},  # 2024-03-01 11:00 UTC
          {"name": " Bob ", "score": 230, "when": 1709377200000}]


def test_prototype_scores_are_migrated_and_left_in_place():
    raw = json.dumps(LEGACY)
    store = MemoryStore({LEGACY_SCORES_KEY: raw})
    table = tab(store).scores.table()
    assert [(e.id, e.name, e.score, e.date) for e in table] == [
        ("v0-1", "Bob", 230, "2024-03-02"), ("v0-0", "Ann", 180, "2024-03-01")]
    assert {(e.preset, e.players, e.assisted) for e in table} == {("official", 1, False)}
    assert json.loads(store.items[SCORES_KEY])["version"] == 1
    assert store.items[LEGACY_SCORES_KEY] == raw
    assert tab(store).scores.table() == table


def test_every_tab_migrates_to_the_same_ids_so_merging_does_not_duplicate():
    raw = json.dumps(LEGACY)
    one = tab(MemoryStore({LEGACY_SCORES_KEY: raw}), "a").scores.table()
    two = tab(MemoryStore({LEGACY_SCORES_KEY: raw}), "b").scores.table()
    assert one == two
    assert rank([*one, *two]) == one


def test_a_version_0_record_under_the_new_key_is_migrated_too():
    store = MemoryStore({SCORES_KEY: json.dumps({"version": 0, "entries": LEGACY})})
    assert [e.name for e in tab(store).scores.table()] == ["Bob", "Ann"]


@pytest.mark.parametrize("raw", ["{", json.dumps({"name": "Ann"}), json.dumps([{"name": "Ann", "score": -1}])])
def test_corrupt_prototype_scores_are_backed_up(raw):
    store = MemoryStore({LEGACY_SCORES_KEY: raw})
    records = tab(store)
    assert records.scores.table() == ()
    (notice,) = records.take_notices()
    assert notice.code == "corrupt" and "earlier version" in notice_words(notice)
    assert store.items[f"yahtzee:backup:{LEGACY_SCORES_KEY}:1"] == raw


# --- two tabs on one store ------------------------------------------------------------


def test_two_tabs_each_adding_a_score_keep_both():
    store = MemoryStore()
    a, b = tab(store, "a"), tab(store, "b")
    assert a.scores.table() == b.scores.table() == ()  # both pages open, both show an empty table
    a.scores.add("Ann", 200, preset="official", players=1)
    b.scores.add("Bob", 250, preset="official", players=1)
    a.scores.add("Cy", 100, preset="official", players=1)
    expected = ["Bob", "Ann", "Cy"]
    assert [e.name for e in a.scores.table()] == [e.name for e in b.scores.table()] == expected
    assert [e.id for e in tab(store).scores.table()] == ["b1", "a1", "a2"]


def test_two_tabs_counting_games_add_up():
    store = MemoryStore()
    a, b = tab(store), tab(store)
    a.stats.record(200, preset="official", yahtzees=1, upper_bonus=True)
    b.stats.record(300, preset="official", yahtzees=0, upper_bonus=False)
    a.stats.record(100, preset="official", yahtzees=0, upper_bonus=False)
    stats = tab(store).stats.read("official")
    assert (stats.games, stats.total, stats.yahtzees, stats.upper_bonuses) == (3, 600, 1, 1)
