"""The records when the store fails them: a full store (quota), a store missing or broken,
and the browser's errors classified. Helpers: tests/storage_support.py."""


import pytest

from game.records.high_scores import SCORES_KEY
from game.records.kv import MemoryStore, QuotaExceeded, StorageUnavailable, is_quota_error, storage_error
from game.screens.storage_words import notice_words
from tests.storage_support import codes, put, tab

# --- a full store ---------------------------------------------------------------------


def test_full_store_keeps_old_data_and_the_new_score_for_the_session():
    store = MemoryStore()
    tab(store, "a").scores.add("Ann", 200, preset="official", players=1)
    before = dict(store.items)
    store.quota = store.used()  # not one byte more
    records = tab(store, "b")
    assert records.scores.add("Bob", 300, preset="official", players=1) == "b1"
    assert store.items == before  # nothing lost, nothing removed to make room
    (notice,) = records.take_notices()
    assert notice.code == "full" and "your high score" in notice_words(notice)
    assert [e.name for e in records.scores.table()] == ["Bob", "Ann"]
    # Room again: the next score writes the kept one too.
    store.quota = None
    records.scores.add("Cy", 100, preset="official", players=1)
    assert [e.name for e in tab(store).scores.table()] == ["Bob", "Ann", "Cy"]


def test_full_store_is_told_once_until_a_write_works():
    store = MemoryStore(quota=0)
    records = tab(store)
    for score in (100, 200, 300):
        records.scores.add("Ann", score, preset="official", players=1)
    assert codes(records) == ["full"]
    assert len(records.scores.table()) == 3


def test_full_store_keeps_the_saved_game_and_stats():
    store = MemoryStore()
    records = tab(store)
    put(records, "old game")
    records.stats.record(200, preset="official", yahtzees=0, upper_bonus=False)
    before = dict(store.items)
    store.quota = store.used()
    assert not put(records, "a much longer new game")
    stats = records.stats.record(300, preset="official", yahtzees=1, upper_bonus=True)
    assert store.items == before
    assert codes(records) == ["full", "full"]
    assert records.slot.load(str) == "old game"
    assert stats.games == 2  # counted for this session, written once there is room
    store.quota = None
    records.stats.record(100, preset="official", yahtzees=0, upper_bonus=False)
    assert tab(store).stats.read("official").games == 3


def test_corrupt_data_with_no_room_for_a_backup_is_left_untouched():
    store = MemoryStore({SCORES_KEY: "garbage"})
    store.quota = store.used()
    records = tab(store)
    assert records.scores.add("Ann", 200, preset="official", players=1) == "id1"
    (notice,) = records.take_notices()
    assert notice.code == "corrupt" and "no room" in notice_words(notice)
    assert store.items == {SCORES_KEY: "garbage"}
    records.scores.table()
    assert records.take_notices() == []  # told once
    store.quota = None
    records.scores.add("Bob", 100, preset="official", players=1)
    assert store.items["yahtzee:backup:yahtzee:scores:1"] == "garbage"
    assert [e.name for e in tab(store).scores.table()] == ["Ann", "Bob"]


# --- a missing or broken store --------------------------------------------------------


@pytest.mark.parametrize("store", [None, MemoryStore(broken=True)], ids=["missing", "throwing"])
def test_without_storage_play_goes_on_in_memory(store):
    records = tab(store)
    assert not records.store.persistent
    (notice,) = records.take_notices()
    assert notice.code == "unavailable" and "will be lost" in notice_words(notice)
    assert records.scores.add("Ann", 200, preset="official", players=1) == "id1"
    assert put(records, "game")
    assert records.stats.record(200, preset="official", yahtzees=0, upper_bonus=False).games == 1
    assert [e.name for e in records.scores.table()] == ["Ann"]
    assert records.slot.load(str) == "game"
    assert records.take_notices() == []


def test_storage_that_breaks_mid_game_falls_back_keeping_what_was_read():
    store = MemoryStore()
    records = tab(store)
    records.scores.add("Ann", 200, preset="official", players=1)
    before = dict(store.items)
    store.broken = True
    assert records.scores.add("Bob", 300, preset="official", players=1)
    assert [e.name for e in records.scores.table()] == ["Bob", "Ann"]
    assert codes(records) == ["unavailable"]
    assert not records.store.persistent
    store.broken = False
    assert store.items == before


def test_browser_error_names_are_classified():
    assert isinstance(storage_error("QuotaExceededError", "full"), QuotaExceeded)
    assert isinstance(storage_error("NS_ERROR_DOM_QUOTA_REACHED"), QuotaExceeded)
    assert isinstance(storage_error("SecurityError"), StorageUnavailable)

    class JsException(Exception):  # what Pyodide raises: the DOMException's name survives
        name = "QuotaExceededError"

    assert is_quota_error(JsException()) and not is_quota_error(RuntimeError())


def test_a_raw_js_quota_error_from_the_wrapper_counts_as_full():
    class JsException(Exception):
        name = "QuotaExceededError"

    class FullBrowserStore(MemoryStore):
        def set_item(self, key, value):
            raise JsException("quota")

    records = tab(FullBrowserStore())
    records.scores.add("Ann", 200, preset="official", players=1)
    assert records.store.persistent and codes(records) == ["full"]
