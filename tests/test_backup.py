"""Back up / Restore: everything to a file and back, merged; a bad file changes nothing."""

import json

import pytest

from game.core import save
from game.core.links import Link
from game.core.players import Player
from game.records.backup import FORMAT, BackupError, backup_text, read_backup, restore_backup
from game.records.device import GAME_KEY, MemoryStore, Storage
from game.session.manager import App, RecordingRenderer
from tests.test_app import finish_solo


def device_with_everything() -> tuple[MemoryStore, App]:
    """A device with a finished game (scores, statistics, history), one set aside and one on the board."""
    store = MemoryStore()
    app = App(RecordingRenderer(), Storage(store))
    app.open(Link(), "Ann")
    finish_solo(app)
    app.storage.remember_name("Ann")
    app.start([Player("Ann"), Player("Bob")], seed="set-aside")
    app.roll()
    app.start([Player("Ann")], seed="on-the-board")
    app.roll()
    return store, app


def test_a_backup_restores_everything_on_a_new_device():
    store, app = device_with_everything()
    text = backup_text(app.storage, "2026-11-23")
    assert json.loads(text)["format"] == FORMAT
    new = Storage(MemoryStore())
    summary = restore_backup(new, read_backup(text))
    assert summary == "Restored: 1 high score, 1 finished game, 2 games in progress, 1 statistics record."
    assert new.high_scores() == app.storage.high_scores()
    assert new.stats("official") == app.storage.stats("official")
    assert new.finished_games() == app.storage.finished_games()
    assert new.load_game(save.loads) == app.state  # nothing on the new board: the backup's game goes there
    assert [save.loads(g.text).seed for g in new.set_aside_games()] == ["set-aside"]
    assert new.last_name() == "Ann"


def test_restoring_merges_with_the_device_and_twice_changes_nothing_more():
    _, there = device_with_everything()
    text = backup_text(there.storage, "2026-11-23")
    store = MemoryStore()
    here = App(RecordingRenderer(), Storage(store))
    here.open(Link(), "Cy")
    finish_solo(here, faces=(1, 2, 3, 4, 5))
    here.start([Player("Cy")], seed="mine")
    here.roll()
    mine = here.state
    restore_backup(here.storage, read_backup(text))
    once = dict(store.items)
    assert {e.name for e in here.storage.high_scores()} == {"Ann", "Cy"}
    assert here.storage.stats("official").games == 1  # the record that counted more games (a tie keeps this one)
    assert len(here.storage.finished_games()) == 2
    assert here.storage.load_game(save.loads) == mine  # the game on the board stays
    assert sorted(save.loads(g.text).seed for g in here.storage.set_aside_games()) == ["on-the-board", "set-aside"]
    restore_backup(here.storage, read_backup(text))
    assert {k: v for k, v in store.items.items()} == once
    here.sync()  # the restore bumped no revision under this tab's feet: nothing to follow
    assert here.state == mine


def test_a_restored_game_on_the_board_is_followed_by_an_open_tab():
    _, there = device_with_everything()
    store = MemoryStore()
    tab = App(RecordingRenderer(), Storage(store))
    tab.open(Link(), "Cy")  # a fresh game, never played
    restore_backup(Storage(store), read_backup(backup_text(there.storage, "2026-11-23")))
    tab.roll()  # refused: the tab follows the restored game first
    assert tab.state == there.state


@pytest.mark.parametrize(("text", "says"), [
    ("not json at all", "not valid JSON"),
    ('{"format": "other-app", "version": 1, "records": {}}', "not a Dice Pad backup"),
    ("[1, 2, 3]", "not a Dice Pad backup"),
    (json.dumps({"format": FORMAT, "version": 2, "records": {}}), "newer version of Dice Pad"),
    (json.dumps({"format": FORMAT, "records": {}}), "no version"),
    (json.dumps({"format": FORMAT, "version": 1, "records": []}), "holds no records"),
    (json.dumps({"format": FORMAT, "version": 1, "records": {"yahtzee:scores": {"version": 1, "entries": [{}]}}}),
     "the high scores in it cannot be read"),
    (json.dumps({"format": FORMAT, "version": 1, "records": {"yahtzee:other": {"version": 1}}}),
     "does not know it"),
    (json.dumps({"format": FORMAT, "version": 1, "records": {GAME_KEY: {"version": 2, "id": "g", "rev": 1,
                                                                       "game": '{"schema": 1}', "at": 0}}}),
     "the game in progress in it cannot be read"),
])
def test_a_foreign_damaged_or_newer_file_says_why_and_changes_nothing(text, says):
    store, app = device_with_everything()
    before = dict(store.items)
    with pytest.raises(BackupError, match="Nothing was changed") as caught:
        restore_backup(app.storage, read_backup(text))
    assert says in str(caught.value)
    assert store.items == before


def test_a_backup_cut_short_or_with_a_changed_character_is_refused():
    _, app = device_with_everything()
    text = backup_text(app.storage, "2026-11-23")
    with pytest.raises(BackupError):
        read_backup(text[: len(text) // 2])
    changed = text.replace('"score": ', '"score": -', 1)
    with pytest.raises(BackupError, match="high scores"):
        read_backup(changed)


def test_restoring_a_file_again_after_playing_on_keeps_the_newer_game():
    """Revisions count saves on one device: a second restore must not bring back the older copy."""
    _, there = device_with_everything()
    text = backup_text(there.storage, "2026-11-23")
    store = MemoryStore()
    restore_backup(Storage(store), read_backup(text))
    laptop = App(RecordingRenderer(), Storage(store))
    laptop.open(Link(), "Ann")
    laptop.score(next(iter(laptop.state.legal_scores())))  # played on here
    played = laptop.state
    restore_backup(Storage(store), read_backup(text))
    laptop.start([Player("Ann")], seed="another")  # sets the played game aside
    assert [save.loads(g.text) for g in laptop.storage.set_aside_games() if g.id == there.keeper.id] == [played]


def test_a_restore_that_finds_the_store_full_says_so_and_keeps_what_was_here():
    _, there = device_with_everything()
    text = backup_text(there.storage, "2026-11-23")
    store = MemoryStore()
    here = Storage(store)
    here.add_score("Cy", 100, preset="official", players=1)
    before = here.high_scores()
    store.quota = store.used() + 400
    summary = restore_backup(here, read_backup(text))
    assert summary.startswith("Only part of the backup could be restored") and "Nothing" not in summary
    assert set(Storage(store).high_scores()) >= set(before)
