"""The records over one safe store, against the fake store: a healthy store, corrupt or
foreign data, resetting statistics (helpers: tests/storage_support.py). A full or broken
store is tests/test_storage_failures.py, the schema migration and two tabs
tests/test_storage_migration.py."""

import json
from datetime import datetime

import pytest

from game.records.device import open_records
from game.records.game_slot import GAME_KEY, SavedGame
from game.records.high_scores import SCORES_KEY
from game.records.kv import MemoryStore
from game.records.player_name import NAME_KEY
from game.records.statistics import stats_key
from game.screens.storage_words import notice_words
from tests.storage_support import codes, put, tab


def entry_json(**changes):
    entry = {"id": "a", "name": "Ann", "score": 250, "date": "2024-05-01", "preset": "official",
             "players": 1, "assisted": False, "at": 1}
    return {**entry, **changes}


def scores_raw(*entries, version=1):
    return json.dumps({"version": version, "entries": list(entries)})


# --- a healthy store ------------------------------------------------------------------


def test_a_fresh_store_has_nothing_and_says_nothing():
    records = tab(MemoryStore())
    assert records.scores.table() == ()
    assert records.name.read() is None
    assert records.slot.load(str) is None
    assert records.store.persistent
    assert records.take_notices() == []


def test_saved_game_round_trip_and_end():
    store = MemoryStore()
    records = tab(store)
    assert put(records, '{"schema": 1}')
    assert json.loads(store.items[GAME_KEY]) == {"version": 2, "id": "g", "rev": 1, "game": '{"schema": 1}',
                                                 "at": 0, "by": ""}
    assert tab(store).slot.load(json.loads) == {"schema": 1}
    records.slot.write(SavedGame("g", 2, None))  # ended: only its id and revision stay
    assert records.slot.load(json.loads) is None
    assert records.slot.read() == SavedGame("g", 2, None)


def test_a_schema_1_game_is_migrated_with_a_revision():
    store = MemoryStore({GAME_KEY: '{"version": 1, "game": "[1]"}'})
    assert tab(store).slot.read() == SavedGame("v1-game", 1, "[1]")
    assert tab(store).slot.load(json.loads) == [1]


def test_set_aside_games_merge_by_id_and_keep_the_highest_revision():
    store = MemoryStore()
    first, second = tab(store), tab(store)
    first.set_aside.add(SavedGame("a", 1, "x", at=1))
    second.set_aside.add(SavedGame("b", 1, "y", at=2))  # another tab: merged, not overwritten
    first.set_aside.add(SavedGame("a", 3, "z", at=3))
    assert [(g.id, g.rev) for g in tab(store).set_aside.games()] == [("a", 3), ("b", 1)]
    assert first.set_aside.take("b") == SavedGame("b", 1, "y", at=2)
    assert [g.id for g in tab(store).set_aside.games()] == ["a"]
    assert first.set_aside.take("b") is None


def test_last_name_is_remembered_cleaned():
    store = MemoryStore()
    assert tab(store).name.remember("  Ann \n Lee ") == "Ann Lee"
    assert tab(store).name.read() == "Ann Lee"


def test_add_score_fills_every_field():
    records = open_records(MemoryStore(), clock=lambda: datetime(2024, 5, 1, 21, 30), new_id=lambda: "x1")
    assert records.scores.add(" Ann ", 254, preset="free_choice", players=2, assisted=True) == "x1"
    (entry,) = records.scores.table()
    assert (entry.id, entry.name, entry.score, entry.date) == ("x1", "Ann", 254, "2024-05-01")
    assert (entry.preset, entry.players, entry.assisted) == ("free_choice", 2, True)


@pytest.mark.parametrize("score", [-1, 1576, 250.0, True, "250"])
def test_impossible_scores_are_refused_by_the_caller_check(score):
    records = tab(MemoryStore())
    assert not records.scores.qualifies(score)
    with pytest.raises(ValueError):
        records.scores.add("Ann", score, preset="official", players=1)


def test_unknown_preset_is_a_caller_error():
    with pytest.raises(ValueError):
        tab(MemoryStore()).scores.add("Ann", 200, preset="turbo", players=1)


# --- corrupt or foreign data ----------------------------------------------------------

CORRUPT_SCORES = {
    "invalid JSON": ('{"version": 1, "entries": [', "not valid JSON"),
    "not an object": ("[1, 2, 3]", "not a JSON object"),
    "no version": (json.dumps({"entries": []}), "no schema version"),
    "entries of the wrong type": (json.dumps({"version": 1, "entries": {}}), "entries is not a list"),
    "score as text": (scores_raw(entry_json(score="250")), "score is not a whole number"),
    "assisted as a number": (scores_raw(entry_json(assisted=1)), "assisted is not true or false"),
    "negative score": (scores_raw(entry_json(score=-5)), "score -5 is out of range"),
    "score above 1575": (scores_raw(entry_json(score=1576)), "score 1576 is out of range"),
    "no players": (scores_raw(entry_json(players=0)), "players 0 is out of range"),
    "bad date": (scores_raw(entry_json(date="yesterday")), "not a YYYY-MM-DD date"),
    "unknown preset": (scores_raw(entry_json(preset="turbo")), "unknown preset 'turbo'"),
    "future schema": (scores_raw(entry_json(), version=2), "newer version of the game (schema 2)"),
}


@pytest.mark.parametrize("raw, reason", CORRUPT_SCORES.values(), ids=CORRUPT_SCORES)
def test_corrupt_high_scores_are_backed_up_and_start_clean(raw, reason):
    store = MemoryStore({SCORES_KEY: raw})
    records = tab(store)
    assert records.scores.table() == ()
    (notice,) = records.take_notices()
    assert notice.code == "corrupt" and reason in notice_words(notice)
    assert "yahtzee:backup:yahtzee:scores:1" in notice_words(notice)
    assert store.items["yahtzee:backup:yahtzee:scores:1"] == raw
    # The clean table is written, and play goes on.
    assert json.loads(store.items[SCORES_KEY]) == {"version": 1, "entries": []}
    assert records.scores.add("Bob", 100, preset="official", players=1)
    assert [e.name for e in tab(store).scores.table()] == ["Bob"]


CORRUPT_STATS = {
    "invalid JSON": ("{{", "not valid JSON"),
    "wrong type": ('{"version": 1, "preset": "official", "assisted": false, "games": "3"}',
                   "games is not a whole number"),
    "histogram does not add up": (json.dumps({
        "version": 1, "preset": "official", "assisted": False, "games": 2, "total": 400, "best": 250,
        "yahtzees": 0, "upper_bonuses": 0, "histogram": {"250": 1}}), "does not add up"),
    "negative count": (json.dumps({
        "version": 1, "preset": "official", "assisted": False, "games": 1, "total": 250, "best": 250,
        "yahtzees": -1, "upper_bonuses": 0, "histogram": {"250": 1}}), "yahtzees -1 is out of range"),
    "unknown preset": ('{"version": 1, "preset": "turbo", "assisted": false}', "unknown preset 'turbo'"),
    "future schema": ('{"version": 7}', "schema 7"),
}


@pytest.mark.parametrize("raw, reason", CORRUPT_STATS.values(), ids=CORRUPT_STATS)
def test_corrupt_stats_are_backed_up_and_start_clean(raw, reason):
    key = stats_key("official", False)
    store = MemoryStore({key: raw})
    records = tab(store)
    assert records.stats.read("official").games == 0
    (notice,) = records.take_notices()
    assert notice.code == "corrupt" and reason in notice_words(notice)
    assert store.items[f"yahtzee:backup:{key}:1"] == raw
    assert key not in store.items
    assert records.stats.record(200, preset="official", yahtzees=0, upper_bonus=False).games == 1


def test_stats_stored_under_another_presets_key_are_foreign():
    store = MemoryStore()
    tab(store).stats.record(200, preset="official", yahtzees=0, upper_bonus=False)
    store.items[stats_key("free_choice", False)] = store.items[stats_key("official", False)]
    records = tab(store)
    assert records.stats.read("free_choice").games == 0
    assert "another preset" in notice_words(records.take_notices()[0])


@pytest.mark.parametrize("raw", ["not json", '{"version": 1, "game": 5}', '{"version": 3, "game": "{}"}'])
def test_corrupt_game_envelope_is_backed_up(raw):
    store = MemoryStore({GAME_KEY: raw})
    records = tab(store)
    assert records.slot.load(json.loads) is None
    assert codes(records) == ["corrupt"]
    assert store.items[f"yahtzee:backup:{GAME_KEY}:1"] == raw
    assert GAME_KEY not in store.items


def test_game_that_restore_rejects_is_backed_up_with_its_reason():
    class SaveError(ValueError):
        pass

    def restore(text):
        raise SaveError("the saved cards do not follow from the moves")

    store = MemoryStore()
    put(tab(store), '{"schema": 1}')
    raw = store.items[GAME_KEY]
    records = tab(store)
    assert records.slot.load(restore) is None
    (notice,) = records.take_notices()
    assert "do not follow from the moves" in notice_words(notice)
    assert store.items[f"yahtzee:backup:{GAME_KEY}:1"] == raw


def test_corrupt_name_is_backed_up():
    store = MemoryStore({NAME_KEY: '{"version": 1, "name": ["Ann"]}'})
    records = tab(store)
    assert records.name.read() is None
    assert codes(records) == ["corrupt"]
    assert store.items[f"yahtzee:backup:{NAME_KEY}:1"] == '{"version": 1, "name": ["Ann"]}'


def test_backups_never_overwrite_earlier_backups():
    store = MemoryStore({SCORES_KEY: "first", "yahtzee:backup:yahtzee:scores:1": "older"})
    tab(store).scores.table()
    store.items[SCORES_KEY] = "second"
    tab(store).scores.table()
    assert store.items["yahtzee:backup:yahtzee:scores:1"] == "older"
    assert store.items["yahtzee:backup:yahtzee:scores:2"] == "first"
    assert store.items["yahtzee:backup:yahtzee:scores:3"] == "second"


# --- resetting statistics -------------------------------------------------------------


def test_reset_needs_confirmation():
    store = MemoryStore()
    records = tab(store)
    for preset in ("official", "free_choice"):
        records.stats.record(200, preset=preset, yahtzees=0, upper_bonus=False)
    records.stats.record(200, preset="official", yahtzees=0, upper_bonus=False, assisted=True)
    assert not records.stats.reset(confirmed=False)
    assert records.stats.read("official").games == 1
    assert records.stats.reset("official", confirmed=True)
    assert records.stats.read("official").games == records.stats.read("official", assisted=True).games == 0
    assert records.stats.read("free_choice").games == 1
    assert records.stats.reset(confirmed=True)
    assert not [k for k in store.items if k.startswith("yahtzee:stats:")]


def test_with_the_real_save_module():
    from game.core.save import dumps, loads
    from game.core.state import new_game

    store = MemoryStore()
    state = new_game(["Ann"], seed="storage").roll()
    put(tab(store), dumps(state))
    assert tab(store).slot.load(loads) == state
    # A save that game.core.save refuses (its SaveError is a ValueError) is set aside.
    put(tab(store), '{"schema": 99}')
    records = tab(store)
    assert records.slot.load(loads) is None
    assert "newer version" in notice_words(records.take_notices()[0])
    assert json.loads(store.items[f"yahtzee:backup:{GAME_KEY}:1"])["game"] == '{"schema": 99}'
