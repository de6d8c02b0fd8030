"""Finished games kept for review: the last 50, newest first, corrupt data, a full store, two tabs."""

import json
from datetime import datetime

import pytest

from game.core import save
from game.core.dice import ScriptedDice
from game.core.state import new_game
from game.records import device
from game.records import kv as kvstore
from game.records.device import MemoryStore, open_records
from game.records.history import HISTORY_KEY, HISTORY_SIZE, FinishedGame
from game.screens.storage_words import notice_words
from tests.storage_support import Clock, codes


def tab(store, clock=None):
    return open_records(store, clock=clock or Clock())


def keep(records, game_id, text="{}", *, finished="2024-05-01", players=("Ann",), scores=(200,), assisted=False,
         preset="official"):
    records.history.add(text, game_id=game_id, finished=finished, preset=preset, players=list(players),
                        scores=list(scores), assisted=assisted)


def test_a_game_is_kept_with_its_text_and_listed():
    store = MemoryStore()
    s = tab(store)
    state = new_game(["Ann", "Bob"], seed="kept").roll(ScriptedDice([1, 2, 3, 4, 5])).score("large_straight")
    text = save.dumps(state)
    keep(s, "g1", text, players=("Ann", "Bob"), scores=(40, 0), assisted=True)
    (game,) = tab(store).history.entries()
    assert game == FinishedGame("g1", "2024-05-01", "official", ("Ann", "Bob"), (40, 0), True,
                                int(datetime(2024, 5, 1, 20, 1).timestamp() * 1000))
    assert save.loads(tab(store).history.text("g1")) == state
    assert tab(store).history.text("nope") is None
    record = json.loads(store.items[HISTORY_KEY])
    assert record["version"] == 1 and record["games"][0]["game"] == text
    assert codes(s) == []


def test_newest_first_and_only_the_last_50():
    store = MemoryStore()
    s = tab(store)
    for n in range(1, HISTORY_SIZE + 6):
        keep(s, f"g{n}", f'{{"n": {n}}}')
    ids = [g.id for g in tab(store).history.entries()]
    assert ids == [f"g{n}" for n in range(HISTORY_SIZE + 5, 5, -1)]
    assert len(json.loads(store.items[HISTORY_KEY])["games"]) == HISTORY_SIZE == 50
    assert s.history.text("g5") is None and s.history.text("g6") == '{"n": 6}'


def test_keeping_the_same_game_twice_keeps_it_once():
    s = tab(MemoryStore())
    keep(s, "g1", "first")
    keep(s, "g1", "again")
    assert [g.id for g in s.history.entries()] == ["g1"] and s.history.text("g1") == "first"


def test_two_tabs_on_one_store_both_keep_their_games():
    store = MemoryStore()
    clock = Clock()
    a, b = tab(store, clock), tab(store, clock)
    assert a.history.entries() == b.history.entries() == ()  # both have read the empty store
    keep(a, "from-a", "A")
    keep(b, "from-b", "B")
    keep(a, "from-a-2", "A2")
    for reader in (a, b, tab(store)):
        assert [g.id for g in reader.history.entries()] == ["from-a-2", "from-b", "from-a"]
        assert reader.history.text("from-b") == "B"


@pytest.mark.parametrize("raw, reason", [
    ("not json", "not valid JSON"),
    ('{"version": 2, "games": []}', "newer version"),
    ('{"version": 1, "games": {}}', "games is not a list"),
    ('{"version": 1, "games": [{"id": "x", "finished": "2024-05-01", "preset": "official", '
     '"players": ["Ann"], "scores": [2000], "assisted": false, "at": 1, "game": "{}"}]}', "score"),
    ('{"version": 1, "games": [{"id": "x", "finished": "yesterday", "preset": "official", '
     '"players": ["Ann"], "scores": [200], "assisted": false, "at": 1, "game": "{}"}]}', "date"),
    ('{"version": 1, "games": [{"id": "x", "finished": "2024-05-01", "preset": "official", '
     '"players": ["Ann"], "scores": [200], "assisted": false, "at": 1}]}', "game is not text"),
])
def test_a_corrupt_record_is_backed_up_with_a_notice(raw, reason):
    store = MemoryStore({HISTORY_KEY: raw})
    s = tab(store)
    assert s.history.entries() == ()
    (notice,) = s.take_notices()
    backup = f"yahtzee:backup:{HISTORY_KEY}:1"
    assert notice.code == "corrupt" and reason in notice_words(notice) and backup in notice_words(notice)
    assert store.items[backup] == raw and HISTORY_KEY not in store.items
    keep(s, "g1")  # and a new list starts
    assert [g.id for g in tab(store).history.entries()] == ["g1"] and store.items[backup] == raw


def test_a_full_store_keeps_the_game_for_the_session_and_writes_it_later():
    store = MemoryStore(quota=400)
    s = tab(store)
    keep(s, "g1", "x" * 300)
    assert codes(s) == ["full"] and HISTORY_KEY not in store.items
    assert [g.id for g in s.history.entries()] == ["g1"] and s.history.text("g1") == "x" * 300
    keep(s, "g2", "y")
    assert codes(s) == []  # told once
    store.quota = None
    keep(s, "g3", "z")
    assert [g.id for g in tab(store).history.entries()] == ["g3", "g2", "g1"]
    assert codes(s) == []


def test_no_storage_at_all_still_keeps_games_for_the_page():
    s = tab(MemoryStore(broken=True))
    keep(s, "g1")
    assert [g.id for g in s.history.entries()] == ["g1"] and not s.store.persistent


@pytest.mark.parametrize("change", [
    {"game_id": ""}, {"finished": "2024-5-1"}, {"preset": "house"}, {"scores": [200, 100]},
    {"scores": [-1]}, {"players": []}, {"players": [3]}, {"assisted": "no"},
    {"players": ["Ann"] * 7, "scores": [200] * 7},  # a game seats 6 at most (game.core.players.MAX_PLAYERS)
])
def test_arguments_no_game_produces_are_refused(change):
    s = tab(MemoryStore())
    args = {"game_id": "g", "finished": "2024-05-01", "preset": "official", "players": ["Ann"], "scores": [200],
            "assisted": False, **change}
    with pytest.raises(ValueError):
        s.history.add("{}", **args)
    with pytest.raises(TypeError):
        s.history.add(b"{}", **args)  # not text: checked first
    assert s.history.entries() == ()


def test_names_are_cleaned_and_tuples_accepted():
    s = tab(MemoryStore())
    s.history.add("{}", game_id="g", finished="2024-05-01", preset="official", players=("  Ann\n ",),
                  scores=(5,), assisted=False)
    assert s.history.entries()[0].players == ("Ann",)


def test_the_store_layer_is_reexported_from_device():
    for name in ("StorageError", "QuotaExceeded", "StorageUnavailable", "KeyValueStore", "MemoryStore",
                 "storage_error", "is_quota_error", "QUOTA_ERROR_NAMES"):
        assert getattr(device, name) is getattr(kvstore, name)
