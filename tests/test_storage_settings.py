"""``yahtzee:settings``: the defaults, a round trip, every damaged value falling back to its
default on its own without a word, a full store, and the backup file."""

import json
import re

import pytest

from game.records.backup import BackupError, backup_text, read_backup, restore_backup
from game.records.device import MemoryStore, open_records
from game.records.settings import (
    SETTINGS_KEY,
    THEMES,
    Settings,
    settings_from_record,
    settings_from_text,
    settings_to_record,
)
from game.screens.storage_words import backup_error_words, notice_words, restored_words

DEFAULTS = Settings(theme="system", sound=True, vibration=True, animation=True)
CHANGED = Settings(theme="dark", sound=False, vibration=False, animation=False)


def stored(text: str) -> tuple[MemoryStore, Settings, list[str]]:
    """Read ``text`` stored under the key: the store, what was read, the notices."""
    store = MemoryStore({SETTINGS_KEY: text})
    records = open_records(store)
    settings = records.settings.read()
    return store, settings, [notice_words(n) for n in records.take_notices()]


def test_a_new_device_has_the_defaults_and_stores_nothing_until_asked():
    store = MemoryStore()
    records = open_records(store)
    assert Settings() == DEFAULTS and records.settings.read() == DEFAULTS
    assert not records.settings.stored() and store.items == {}
    assert THEMES == ("system", "light", "dark")


@pytest.mark.parametrize("settings", [DEFAULTS, CHANGED, Settings(theme="light", vibration=False)])
def test_settings_round_trip(settings):
    store = MemoryStore()
    assert open_records(store).settings.write(settings)
    records = open_records(store)
    assert records.settings.read() == settings and records.settings.stored()
    assert json.loads(store.items[SETTINGS_KEY]) == {"version": 1, **settings_to_record(settings)}
    assert settings_from_record(settings_to_record(settings)) == settings
    assert records.take_notices() == []


@pytest.mark.parametrize(("field", "bad"), [
    ("theme", "purple"), ("theme", "Dark"), ("theme", None), ("theme", 1), ("theme", ["dark"]),
    ("sound", "loud"), ("sound", 1), ("sound", 0), ("sound", None),
    ("vibration", "off"), ("vibration", {}), ("animation", "no"), ("animation", 0.0),
])
def test_each_damaged_field_falls_back_to_its_default_on_its_own_without_a_word(field, bad):
    record = {**settings_to_record(CHANGED), field: bad}
    text = json.dumps(record)
    store, settings, notices = stored(text)
    assert settings == Settings(**{**vars(CHANGED), field: getattr(DEFAULTS, field)})
    assert notices == []
    assert store.items == {SETTINGS_KEY: text}  # nothing set aside, nothing rewritten


@pytest.mark.parametrize("field", ["theme", "sound", "vibration", "animation"])
def test_a_missing_field_is_its_default(field):
    record = settings_to_record(CHANGED)
    del record[field]
    _, settings, notices = stored(json.dumps(record))
    assert getattr(settings, field) == getattr(DEFAULTS, field) and notices == []
    others = [f for f in ("theme", "sound", "vibration", "animation") if f != field]
    assert all(getattr(settings, f) == getattr(CHANGED, f) for f in others)


@pytest.mark.parametrize("text", [
    "", "{", "not json", '{"theme": "dark"', "null", "true", "7", '"dark"', '["dark"]', "[]",
    '{"theme": "dark", "x": NaN}', "\x00\x01", "[" * 100_000,
])
def test_damaged_text_or_not_an_object_gives_all_the_defaults_without_a_word(text):
    store, settings, notices = stored(text)
    assert settings == DEFAULTS and notices == []
    assert store.items == {SETTINGS_KEY: text}


def test_extra_fields_and_any_version_are_read_field_by_field():
    _, settings, notices = stored('{"version": 7, "theme": "light", "sound": false, "colour": "teal"}')
    assert settings == Settings(theme="light", sound=False) and notices == []
    assert settings_from_text(None) == DEFAULTS


def test_a_damaged_value_is_replaced_by_the_next_write():
    store = MemoryStore({SETTINGS_KEY: '{"theme": "purple"'})
    records = open_records(store)
    assert records.settings.write(CHANGED)
    assert open_records(store).settings.read() == CHANGED
    assert records.take_notices() == []
    assert [k for k in store.items if k.startswith("yahtzee:backup:")] == []


def test_a_full_store_keeps_the_previous_settings_and_says_so_once():
    store = MemoryStore()
    records = open_records(store)
    records.settings.write(Settings(theme="light"))
    records.scores.add("Ann", 250, preset="official", players=1)
    before = dict(store.items)
    store.quota = store.used()  # not one more byte
    assert records.settings.write(CHANGED) is False
    assert records.settings.write(Settings(theme="system", sound=False)) is False
    assert store.items == before  # nothing lost, nothing half-written
    assert open_records(store).settings.read() == Settings(theme="light")
    notices = records.take_notices()
    assert [(n.code, notice_words(n)) for n in notices] == [
        ("full", "The browser's storage is full, so the settings could not be saved. Play goes on, "
                 "and nothing saved before was lost.")]
    store.quota = None
    assert records.settings.write(CHANGED) and open_records(store).settings.read() == CHANGED


def test_a_broken_store_gives_the_defaults_and_play_goes_on():
    records = open_records(MemoryStore(broken=True))
    assert records.settings.read() == DEFAULTS
    assert records.settings.write(CHANGED) and records.settings.read() == CHANGED  # in memory
    assert [n.code for n in records.take_notices()] == ["unavailable"]


def test_the_backup_carries_stored_settings_and_a_restore_keeps_the_devices_own():
    there = open_records(MemoryStore())
    assert "yahtzee:settings" not in json.loads(backup_text(there, "2026-11-23"))["records"]
    there.settings.write(CHANGED)
    text = backup_text(there, "2026-11-23")
    assert json.loads(text)["records"][SETTINGS_KEY] == settings_to_record(CHANGED)
    new = open_records(MemoryStore())
    assert restored_words(restore_backup(new, read_backup(text))).startswith("Restored:")
    assert new.settings.read() == CHANGED
    mine = open_records(MemoryStore())
    mine.settings.write(Settings(theme="light"))
    restore_backup(mine, read_backup(text))
    assert mine.settings.read() == Settings(theme="light")  # a device's own settings stay


def test_a_backup_with_damaged_settings_is_refused_like_any_damaged_record():
    record = {**settings_to_record(CHANGED), "theme": "purple"}
    text = json.dumps({"format": "dice-pad-backup", "version": 1, "records": {SETTINGS_KEY: record}})
    with pytest.raises(BackupError) as caught:
        read_backup(text)
    assert (caught.value.problem, caught.value.record) == ("damaged", "settings")
    assert re.fullmatch(r"This backup is damaged: the settings in it cannot be read\. Details: .*theme.*\. "
                        r"Nothing was changed\.", backup_error_words(caught.value))


def test_a_language_the_game_does_not_speak_is_ignored() -> None:
    """Stored or in a backup: an unknown code, a number or no field at all follow the browser ("")."""
    assert settings_from_text('{"language": "pl"}').language == "pl"
    for raw in ('{"language": "xx"}', '{"language": 7}', '{"language": null}', '{"theme": "dark"}'):
        assert settings_from_text(raw).language == "", raw
    old = {key: value for key, value in settings_to_record(CHANGED).items() if key != "language"}
    assert settings_from_record(old).language == ""  # a backup made before languages
    assert settings_from_record({**old, "language": "klingon"}).language == ""
    assert settings_from_record({**old, "language": "pt_BR"}).language == "pt_BR"
