"""Back up everything the game keeps to one file, and restore it, merging, never overwriting.

The file (``docs/storage.md``, "Backup file") is JSON: a format marker, a version, when it
was made, and every record as it is stored. Restoring checks the whole file first: a file
that is not a backup, is damaged anywhere, or comes from a newer version gets a clear
:class:`BackupError` and changes nothing. A good file is merged into what the device has,
as two tabs merge: high scores and finished games by id, the games in progress by id
and revision, the games with friends by id as a tab keeps a link (the later state of a
game wins, one that diverges leaves this device's, the seats played here add up), the days
of Today's ten by date (the finished attempt, else the longer one, else this device's), the
positions to practise (this device's first), statistics keep whichever record counted more
games (two cannot be added without counting a game twice), a name or settings here stay.

>>> from game.records.device import MemoryStore, open_records
>>> here, there = open_records(MemoryStore()), open_records(MemoryStore())
>>> _ = here.scores.add("Ann", 250, preset="official", players=1)
>>> restore_backup(there, read_backup(backup_text(here, "2026-11-23")))
Restored(scores=1, finished=0, in_progress=0, stats=0, friends=0, complete=True, ten=0)
>>> read_backup('{"format": "something else"}')
Traceback (most recent call last):
...
game.records.backup.BackupError: not ours

Errors and summaries are codes and counts; :mod:`game.screens.storage_words` words them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Literal, get_args

from game.core import rules, save
from game.core.rulesets import RULESETS
from game.core.turn_link import TurnLinkError, replay
from game.records.device import Records
from game.records.fields import upgrade
from game.records.friends_games import FRIENDS_KEY, FRIENDS_VERSION, FriendsGame, friends_from_record, friends_to_record
from game.records.game_slot import (
    GAME_KEY,
    GAME_MIGRATIONS,
    GAME_VERSION,
    SavedGame,
    saved_game_from_record,
    saved_game_to_record,
)
from game.records.high_scores import (
    SCORES_KEY,
    SCORES_MIGRATIONS,
    SCORES_VERSION,
    ScoreEntry,
    rank,
    scores_from_record,
    scores_to_record,
)
from game.records.history import (
    HISTORY_KEY,
    HISTORY_VERSION,
    Kept,
    history_from_record,
    history_to_record,
    newest_history,
)
from game.records.player_name import NAME_KEY, NAME_VERSION, name_from_record, name_to_record
from game.records.safe_store import Record
from game.records.set_aside import (
    SET_ASIDE_KEY,
    SET_ASIDE_VERSION,
    newest_first,
    set_aside_from_record,
    set_aside_to_record,
)
from game.records.settings import (
    SETTINGS_KEY,
    SETTINGS_VERSION,
    Settings,
    settings_from_record,
    settings_to_record,
)
from game.records.statistics import STATS_KEYS, STATS_VERSION, Stats, stats_key, stats_to_record, stats_under
from game.records.ten_record import TEN_KEYS, TEN_VERSION, TenRecord, ten_from_record, ten_key, ten_to_record

PRACTICE_KEY = "yahtzee:practice"  # your mistakes to practise, read by a later module (_practice)
FORMAT = "dice-pad-backup"
#: The version of the file's own layout (each record inside keeps its own schema version).
VERSION = 1
MAX_BYTES = 20_000_000  # far above what localStorage can hold: a bigger file is not ours


#: Why a file cannot be restored: far too big, not JSON, not a backup, no version, from a
#: newer version of the game, no records, or a record in it that cannot be read.
Problem = Literal["too big", "not json", "not ours", "no version", "newer", "no records", "damaged"]
PROBLEMS: tuple[Problem, ...] = get_args(Problem)


class BackupError(ValueError):
    """A file that cannot be restored (nothing was changed): the ``problem``, and for a damaged
    record which ``record`` (None: one this version does not know) and the ``reason``."""

    def __init__(self, problem: Problem, record: Record | None = None, reason: str = "") -> None:
        super().__init__(problem if not reason else f"{problem}: {record or 'a record'} ({reason})")
        self.problem, self.record, self.reason = problem, record, reason


@dataclass(frozen=True)
class Restored:
    """What a restore merged: how many of each thing the file holds, and whether every write
    was done (not ``complete``: the browser's storage is full, and what was here is kept)."""

    scores: int
    finished: int
    in_progress: int
    stats: int
    friends: int
    complete: bool
    ten: int = 0  # days of Today's ten, every game's


@dataclass
class Backup:
    """A checked backup: every record parsed, nothing written yet."""

    scores: tuple[ScoreEntry, ...] = ()
    name: str | None = None
    stats: list[Stats] = field(default_factory=list)
    history: list[Kept] = field(default_factory=list)
    current: SavedGame | None = None
    set_aside: tuple[SavedGame, ...] = ()
    settings: Settings | None = None
    friends: tuple[FriendsGame, ...] = ()
    tens: dict[str, TenRecord] = field(default_factory=dict)  # by rule set (GAME_RULESETS)
    practice: Any = None  # a PracticeRecord; None: none in the file, or its module not here


def backup_text(records: Records, created: str) -> str:
    """Every readable record the device keeps, as the backup file's text."""
    kept: dict[str, dict[str, Any]] = {SCORES_KEY: scores_to_record(records.scores.table()),
                                       HISTORY_KEY: history_to_record(records.history.all()),
                                       SET_ASIDE_KEY: set_aside_to_record(records.set_aside.games()),
                                       FRIENDS_KEY: friends_to_record(records.friends.games())}
    # Another game's ten only once played: a version from before Yatzy's ten refuses a file
    # with a key it does not know. Yahtzee's is always there, as before.
    tens = {ruleset: ten.read() for ruleset, ten in records.tens.items()}
    kept |= {ten_key(ruleset): ten_to_record(record) for ruleset, record in tens.items()
             if ruleset == rules.DEFAULT_PRESET or record != TenRecord()}
    kept |= practice.backup_part(records.store) if (practice := _practice()) is not None else {}
    if (name := records.name.read()) is not None:
        kept[NAME_KEY] = name_to_record(name)
    if records.settings.stored():
        kept[SETTINGS_KEY] = settings_to_record(records.settings.read())
    if (current := records.slot.read()) is not None:
        kept[GAME_KEY] = saved_game_to_record(current)
    for preset in RULESETS:
        for assisted in (False, True):
            if (stats := records.stats.read(preset, assisted=assisted)).games:
                kept[stats_key(preset, assisted)] = stats_to_record(stats)
    return json.dumps({"format": FORMAT, "version": VERSION, "created": created, "records": kept},
                      ensure_ascii=False, indent=1)


def read_backup(text: str) -> Backup:
    """Check a whole backup file; :class:`BackupError` says what is wrong with it."""
    if len(text) > MAX_BYTES:
        raise BackupError("too big")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise BackupError("not json") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BackupError("not ours")
    version = data.get("version")
    if type(version) is not int or version < 1:
        raise BackupError("no version")
    if version > VERSION:
        raise BackupError("newer")
    records = data.get("records")
    if not isinstance(records, dict):
        raise BackupError("no records")
    backup = Backup()
    for key, record in records.items():
        try:
            _read_record(backup, key, record)
        except (ValueError, TypeError, RecursionError) as error:
            raise BackupError("damaged", _record_of(key), str(error)) from None
    return backup


def restore_backup(records: Records, backup: Backup) -> Restored:
    """Merge a checked backup into ``records``; returns what it merged, for the player's summary.

    A game whose id this device already has (on the board or in Games) keeps this
    device's copy: revisions count saves on one device and say nothing across two, so a
    file restored twice must not bring back an older copy of a game played on since.
    """
    store = records.store
    written = [store.write_record(SCORES_KEY, scores_to_record(rank([*records.scores.table(), *backup.scores])),
                                  "scores")]
    if backup.name is not None and records.name.read() is None:
        records.name.remember(backup.name)
    if backup.settings is not None and not records.settings.stored():
        written.append(records.settings.write(backup.settings))
    for stats in backup.stats:
        if stats.games > records.stats.read(stats.preset, assisted=stats.assisted).games:
            written.append(store.write_record(stats_key(stats.preset, stats.assisted), stats_to_record(stats),
                                              "assisted stats" if stats.assisted else "stats", stats.preset))
    written.append(store.write_record(
        HISTORY_KEY, history_to_record(newest_history([*records.history.all(), *backup.history])),
        "finished"))
    here, kept = records.slot.read(), records.set_aside.games()
    known = {g.id for g in kept} | ({here.id} if here is not None else set())
    games = [g for g in (*backup.set_aside, backup.current) if g is not None and not g.ended and g.id not in known]
    if games and games[-1] is backup.current and (here is None or not here.played):
        # Nothing played on this board: the backup's game takes it, at a higher revision so
        # that open tabs follow it.
        game = games.pop()
        rev = here.rev + 1 if here is not None else 1
        written.append(records.slot.write(SavedGame(game.id, rev, game.text, game.challenge, store.stamp())))
    written.append(store.write_record(SET_ASIDE_KEY, set_aside_to_record(newest_first([*kept, *games])),
                                      "set aside"))
    written.append(_merge_friends(records, backup.friends))
    for ruleset, ten_record in backup.tens.items():
        written.append(records.tens[ruleset].restore(ten_record))
    if backup.practice is not None and (practice := _practice()) is not None:
        written.append(practice.practice_list(store).restore(backup.practice))
    in_progress = len(backup.set_aside) + (backup.current is not None and not backup.current.ended)
    ten = sum(len(ten_record.days) for ten_record in backup.tens.values())
    return Restored(len(backup.scores), len(backup.history), in_progress, len(backup.stats), len(backup.friends),
                    complete=all(written), ten=ten)


def _practice() -> Any:
    """game.records.practice_record once the later archive is here (data_panel awaits it), else None."""
    try:
        from game.records import practice_record
    except ImportError:
        return None
    return practice_record


def _merge_friends(records: Records, games: tuple[FriendsGame, ...]) -> bool:
    """Each of the file's games with friends kept as a tab keeps a link: a game not here is
    added, a later state of one replaces it, an older or diverging one leaves this device's;
    the seats played here add up. Its ``at`` never goes back, so a second restore changes
    nothing. False if the storage refused a write."""
    written = True
    for game in reversed(games):  # the one kept last goes in last, and so first in the list
        here = records.friends.find(game.id)
        at = game.at if here is None else max(game.at, here.at)
        written = records.friends.keep(game.link, game.mine, at) != "refused" and written
    return written


def _read_record(backup: Backup, key: str, record: object) -> None:
    if not isinstance(record, dict):
        raise ValueError("it is not a JSON object")
    if key == SCORES_KEY:
        backup.scores = scores_from_record(upgrade(record, SCORES_VERSION, SCORES_MIGRATIONS))
    elif key == NAME_KEY:
        backup.name = name_from_record(upgrade(record, NAME_VERSION, {}))
    elif key == HISTORY_KEY:
        backup.history = history_from_record(upgrade(record, HISTORY_VERSION, {}))
        for _, text in backup.history:
            save.loads(text)  # every move replays, or the file is damaged
    elif key == GAME_KEY:
        backup.current = saved_game_from_record(upgrade(record, GAME_VERSION, GAME_MIGRATIONS))
        if backup.current.text is not None:
            save.loads(backup.current.text)
    elif key == SET_ASIDE_KEY:
        backup.set_aside = set_aside_from_record(upgrade(record, SET_ASIDE_VERSION, {}))
        for game in backup.set_aside:
            save.loads(game.text or "")
    elif key == FRIENDS_KEY:
        backup.friends = friends_from_record(upgrade(record, FRIENDS_VERSION, {}))
        for friends in backup.friends:
            try:
                replay(friends.content)  # every turn replays, or the file is damaged
            except TurnLinkError:
                raise ValueError("a game with friends has a turn the rules do not allow") from None
    elif key in TEN_KEYS:
        backup.tens[TEN_KEYS[key]] = ten_from_record(upgrade(record, TEN_VERSION, {}))
    elif key == PRACTICE_KEY:
        if (practice := _practice()) is not None:  # else left out, the later archive not here
            backup.practice = practice.practice_from_record(upgrade(record, practice.PRACTICE_VERSION, {}))
    elif key == SETTINGS_KEY:
        backup.settings = settings_from_record(upgrade(record, SETTINGS_VERSION, {}))
    elif key in STATS_KEYS:
        backup.stats.append(stats_under(key, upgrade(record, STATS_VERSION, {})))
    else:
        raise ValueError("this version of the game does not know it")


def _record_of(key: str) -> Record | None:
    """Which record a key of the file holds; None for a key this version does not know."""
    names: dict[str, Record] = {SCORES_KEY: "scores", NAME_KEY: "name", HISTORY_KEY: "finished", GAME_KEY: "game",
                                SET_ASIDE_KEY: "set aside", SETTINGS_KEY: "settings", FRIENDS_KEY: "friends",
                                PRACTICE_KEY: "practice", **dict.fromkeys(TEN_KEYS, "ten")}
    if key in STATS_KEYS:
        return "assisted stats" if key.endswith(":assisted") else "stats"
    return names.get(key)
