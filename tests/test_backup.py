"""Back up / Restore: everything to a file and back, merged; a bad file changes nothing."""

import base64
import binascii
import json
import re

import pytest

from game.core import rules, save
from game.core.links import Link
from game.core.players import Player
from game.core.state import new_game
from game.core.turn_link import encode
from game.records.backup import FORMAT, VERSION, BackupError, backup_text, read_backup, restore_backup
from game.records.device import MemoryStore, Records, open_records
from game.records.friends_games import FRIENDS_KEY
from game.records.game_slot import GAME_KEY
from game.screens.storage_words import backup_error_words, restored_words
from game.session.fakes import RecordingRenderer
from game.session.manager import App
from tests.test_app import finish_solo


def device_with_everything() -> tuple[MemoryStore, App]:
    """A device with a finished game (scores, statistics, history), one set aside and one on the board."""
    store = MemoryStore()
    app = App(RecordingRenderer(), open_records(store))
    app.open(Link(), "Ann")
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
    summary = restored_words(restore_backup(new, read_backup(text)))
    assert summary == ("Restored: 1 high score, 1 finished game, 2 games in progress, 1 statistics record, "
                       "0 games with friends, 0 days of Today's ten.")
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
    here.open(Link(), "Cy")
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
    here.sync()  # the restore bumped no revision under this tab's feet: nothing to follow
    assert here.state == mine


def test_a_restored_game_on_the_board_is_followed_by_an_open_tab():
    _, there = device_with_everything()
    store = MemoryStore()
    tab = App(RecordingRenderer(), open_records(store))
    tab.open(Link(), "Cy")  # a fresh game, never played
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
    with pytest.raises(BackupError) as caught:
        restore_backup(app.records, read_backup(text))
    assert says in backup_error_words(caught.value) and backup_error_words(caught.value).endswith(
        " Nothing was changed.")
    assert store.items == before


def test_a_backup_cut_short_or_with_a_changed_character_is_refused():
    _, app = device_with_everything()
    text = backup_text(app.records, "2026-11-23")
    with pytest.raises(BackupError):
        read_backup(text[: len(text) // 2])
    changed = text.replace('"score": ', '"score": -', 1)
    with pytest.raises(BackupError) as caught:
        read_backup(changed)
    assert (caught.value.problem, caught.value.record) == ("damaged", "scores")


def test_restoring_a_file_again_after_playing_on_keeps_the_newer_game():
    """Revisions count saves on one device: a second restore must not bring back the older copy."""
    _, there = device_with_everything()
    text = backup_text(there.records, "2026-11-23")
    store = MemoryStore()
    restore_backup(open_records(store), read_backup(text))
    laptop = App(RecordingRenderer(), open_records(store))
    laptop.open(Link(), "Ann")
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
    summary = restored_words(restore_backup(here, read_backup(text)))
    assert summary.startswith("Only part of the backup could be restored") and "Nothing" not in summary
    assert set(open_records(store).scores.table()) >= set(before)


# --- games with friends (yahtzee:friends) ----------------------------------------------------

START = new_game([Player("Ann"), Player("Ben", "link")], seed="friends")
ONE = START.roll().score("chance")
TWO = ONE.roll().score("chance")
OTHER_TWO = ONE.roll().score("yahtzee")  # the same game, another second turn
ELSEWHERE = new_game([Player("Cleo", "link"), Player("Dev")], seed="elsewhere").roll().score("ones")


def friends_device(*games: tuple[str, tuple[int, ...], int]) -> tuple[MemoryStore, Records]:
    store = MemoryStore()
    records = open_records(store)
    for link, mine, at in games:
        assert records.friends.keep(link, mine, at) == "new"
    return store, records


def kept(records: Records) -> list[tuple[str, tuple[int, ...], int]]:
    return [(g.link, g.mine, g.at) for g in records.friends.games()]


def with_friends(record: object) -> str:
    return json.dumps({"format": FORMAT, "version": VERSION, "created": "2026-11-23",
                       "records": {FRIENDS_KEY: record}})


def test_games_with_friends_go_into_the_file_as_stored_and_come_back():
    store, there = friends_device((encode(TWO), (0,), 10), (encode(ELSEWHERE), (1,), 20))
    text = backup_text(there, "2026-11-23")
    assert json.loads(text)["records"][FRIENDS_KEY] == json.loads(store.items[FRIENDS_KEY])
    new_store = MemoryStore()
    new = open_records(new_store)
    summary = restored_words(restore_backup(new, read_backup(text)))
    assert summary == ("Restored: 0 high scores, 0 finished games, 0 games in progress, 0 statistics records, "
                       "2 games with friends, 0 days of Today's ten.")
    assert kept(new) == kept(there) == [(encode(ELSEWHERE), (1,), 20), (encode(TWO), (0,), 10)]
    once = dict(new_store.items)
    assert restored_words(restore_backup(new, read_backup(text))) == summary
    assert new_store.items == once  # a second restore changes nothing
    assert new.take_notices() == []


def test_one_game_with_friends_is_counted_as_one():
    _, there = friends_device((encode(ONE), (0,), 1))
    summary = restored_words(restore_backup(open_records(MemoryStore()), read_backup(backup_text(there, "2026-11-23"))))
    assert summary.endswith(", 0 statistics records, 1 game with friends, 0 days of Today's ten.")


def test_a_later_state_in_the_file_replaces_the_devices_and_the_seats_played_add_up():
    _, there = friends_device((encode(TWO), (0,), 3), (encode(ELSEWHERE), (1,), 4))
    _, here = friends_device((encode(ONE), (1,), 5))
    restore_backup(here, read_backup(backup_text(there, "2026-11-23")))
    # The later state, both devices' seats, and a time kept that never goes back.
    assert kept(here) == [(encode(TWO), (0, 1), 5), (encode(ELSEWHERE), (1,), 4)]


def test_an_older_state_in_the_file_leaves_the_devices_later_one():
    _, there = friends_device((encode(ONE), (1,), 9))
    _, here = friends_device((encode(TWO), (0,), 2))
    restore_backup(here, read_backup(backup_text(there, "2026-11-23")))
    assert kept(here) == [(encode(TWO), (0, 1), 9)]


def test_a_game_that_diverges_keeps_the_devices_own():
    _, there = friends_device((encode(OTHER_TWO), (1,), 9))
    store, here = friends_device((encode(TWO), (0,), 2))
    restore_backup(here, read_backup(backup_text(there, "2026-11-23")))
    assert kept(here) == [(encode(TWO), (0, 1), 9)]  # this device's turns; the seats played add up
    _, same_seats = friends_device((encode(OTHER_TWO), (0,), 9))
    before = dict(store.items)
    restore_backup(here, read_backup(backup_text(same_seats, "2026-11-23")))
    assert store.items == before


def illegal_link() -> str:
    """A link whose checksum is right but whose second turn fills a box already filled."""
    text = encode(new_game([Player("Ann")], seed="illegal").roll().score("chance").roll().score("ones"))
    payload = text.partition(".")[2]
    body = bytearray(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))[:-4])
    body[-1] = body[-1] & 0xF0 | rules.BOXES.index("chance")
    body += binascii.crc32(bytes(body)).to_bytes(4, "big")
    return "1." + base64.urlsafe_b64encode(bytes(body)).decode().rstrip("=")


@pytest.mark.parametrize(("games", "says"), [
    ("not a list", "games is not a list"),
    ([{"mine": [0], "at": 1}], "has no link"),
    ([{"link": encode(TWO)[:-3], "mine": [0], "at": 1}], "damaged link"),
    ([{"link": encode(TWO), "mine": [5], "at": 1}], "not one of the game's"),
    ([{"link": encode(TWO), "mine": "0", "at": 1}], "no list of the seats"),
    ([{"link": encode(TWO), "mine": [0], "at": -1}], "at -1 is out of range"),
    ([{"link": encode(TWO), "mine": [0], "at": 1}, {"link": illegal_link(), "mine": [0], "at": 1}],
     "a turn the rules do not allow"),
])
def test_a_damaged_friends_record_refuses_the_whole_file_and_changes_nothing(games, says):
    store, app = device_with_everything()
    _, there = device_with_everything()
    there.records.scores.add("Dee", 300, preset="official", players=1)  # something new, refused with the rest
    app.records.friends.keep(encode(ONE), (0,), 1)
    before = dict(store.items)
    damaged = json.loads(backup_text(there.records, "2026-11-23"))
    damaged["records"][FRIENDS_KEY] = {"version": 1, "games": games}
    with pytest.raises(BackupError) as caught:
        restore_backup(app.records, read_backup(json.dumps(damaged)))
    words = backup_error_words(caught.value)
    assert "the games with friends in it cannot be read" in words and says in words
    assert words.endswith(" Nothing was changed.")
    assert store.items == before


def test_a_friends_record_from_a_newer_version_refuses_the_file():
    with pytest.raises(BackupError) as caught:
        read_backup(with_friends({"version": 2, "games": []}))
    assert re.search("games with friends .*newer version", backup_error_words(caught.value))


def test_a_backup_made_before_games_with_friends_still_restores():
    _, there = device_with_everything()
    old = json.loads(backup_text(there.records, "2026-11-23"))
    del old["records"][FRIENDS_KEY]
    store, here = friends_device((encode(TWO), (0,), 2))
    summary = restored_words(restore_backup(here, read_backup(json.dumps(old))))
    assert summary == ("Restored: 1 high score, 1 finished game, 2 games in progress, 1 statistics record, "
                       "0 games with friends, 0 days of Today's ten.")
    assert kept(here) == [(encode(TWO), (0,), 2)]  # this device's games with friends stay as they were
    assert here.scores.table() == there.records.scores.table()
