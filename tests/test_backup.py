"""Back up / Restore: everything to a file and back, merged; a bad file changes nothing."""

import json

import pytest

from game.core import save
from game.core.links import Link
from game.core.players import Player
from game.records.backup import FORMAT, BackupError, backup_text, read_backup, restore_backup
from game.records.device import MemoryStore, open_records
from game.records.game_slot import GAME_KEY
from game.session.fakes import RecordingRenderer
from game.session.manager import App
from tests.test_app import finish_solo


def device_with_everything() -> tuple[MemoryStore, App]:
    """A device with a finished game (scores, statistics, history), one set aside and one on the board."""
    store = MemoryStore()
    app = App(RecordingRenderer(), open_records(store))
    app.games.open(Link(), "Ann")
    finish_solo(app)
    app.records.name.remember("Ann")
    app.start([Player("Ann"), Player("Bob")], seed="set-aside")
    app.roll()
    app.start([Player("Ann")], seed="on-the-board")
    app.roll()
    return store, app


def test_a_backup_restores_everything_on_a_new_device():
    store, app = device_with_everything()
    text = backup_text(app.records, "2026-11-23")
    assert json.loads(text)["format"] == FORMAT
    new = open_records(MemoryStore())
    summary = restore_backup(new, read_backup(text))
    assert summary == "Restored: 1 high score, 1 finished game, 2 games in progress, 1 statistics record."
    assert new.scores.table() == app.records.scores.table()
    assert new.stats.read("official") == app.records.stats.read("official")
    assert new.history.entries() == app.records.history.entries()
    assert new.slot.load(save.loads) == app.state  # nothing on the new board: the backup's game goes there
    assert [save.loads(g.text).seed for g in new.set_aside.games()] == ["set-aside"]
    assert new.name.read() == "Ann"


def test_restoring_merges_with_the_device_and_twice_changes_nothing_more():
    _, there = device_with_everything()
    text = backup_text(there.records, "2026-11-23")
    store = MemoryStore()
    here = App(RecordingRenderer(), open_records(store))
    here.games.open(Link(), "Cy")
    finish_solo(here, faces=(1, 2, 3, 4, 5))
    here.start([Player("Cy")], seed="mine")
    here.roll()
    mine = here.state
    restore_backup(here.records, read_backup(text))
    once = dict(store.items)
    assert {e.name for e in here.records.scores.table()} == {"Ann", "Cy"}
    assert here.records.stats.read("official").games == 1  # the record that counted more games (a tie keeps this one)
    assert len(here.records.history.entries()) == 2
    assert here.records.slot.load(save.loads) == mine  # the game on the board stays
    assert sorted(save.loads(g.text).seed for g in here.records.set_aside.games()) == ["on-the-board", "set-aside"]
    restore_backup(here.records, read_backup(text))
    assert {k: v for k, v in store.items.items()} == once
    here.games.sync()  # the restore bumped no revision under this tab's feet: nothing to follow
    assert here.state == mine


def test_a_restored_game_on_the_board_is_followed_by_an_open_tab():
    _, there = device_with_everything()
    store = MemoryStore()
    tab = App(RecordingRenderer(), open_records(store))
    tab.games.open(Link(), "Cy")  # a fresh game, never played
    restore_backup(open_records(store), read_backup(backup_text(there.records, "2026-11-23")))
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
        restore_backup(app.records, read_backup(text))
    assert says in str(caught.value)
    assert store.items == before


def test_a_backup_cut_short_or_with_a_changed_character_is_refused():
    _, app = device_with_everything()
    text = backup_text(app.records, "2026-11-23")
    with pytest.raises(BackupError):
        read_backup(text[: len(text) // 2])
    changed = text.replace('"score": ', '"score": -', 1)
    with pytest.raises(BackupError, match="high scores"):
        read_backup(changed)


def test_restoring_a_file_again_after_playing_on_keeps_the_newer_game():
    """Revisions count saves on one device: a second restore must not bring back the older copy."""
    _, there = device_with_everything()
    text = backup_text(there.records, "2026-11-23")
    store = MemoryStore()
    restore_backup(open_records(store), read_backup(text))
    laptop = App(RecordingRenderer(), open_records(store))
    laptop.games.open(Link(), "Ann")
    laptop.score(next(iter(laptop.state.legal_scores())))  # played on here
    played = laptop.state
    restore_backup(open_records(store), read_backup(text))
    laptop.start([Player("Ann")], seed="another")  # sets the played game aside
    assert [save.loads(g.text) for g in laptop.records.set_aside.games() if g.id == there.keeper.id] == [played]


def test_a_restore_that_finds_the_store_full_says_so_and_keeps_what_was_here():
    _, there = device_with_everything()
    text = backup_text(there.records, "2026-11-23")
    store = MemoryStore()
    here = open_records(store)
    here.scores.add("Cy", 100, preset="official", players=1)
    before = here.scores.table()
    store.quota = store.used() + 400
    summary = restore_backup(here, read_backup(text))
    assert summary.startswith("Only part of the backup could be restored") and "Nothing" not in summary
    assert set(open_records(store).scores.table()) >= set(before)
