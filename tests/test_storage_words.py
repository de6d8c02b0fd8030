"""Storage notices and Back up / Restore, in the player's language: every word from the
catalogs (issue 30), and every code the records report has its words.

The records say facts (game.records.safe_store.Notice, game.records.backup.BackupError and
Restored); game.screens.storage_words says them. In the pseudo-locale every message is
accented and bracketed, so a plain word is English that no catalog gave
(tests/test_catalogs.py: ``not_from_catalogs``); the only plain words allowed are the facts
themselves: the parser's technical reason, a backup key and the backup file's name.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from game.records.backup import PROBLEMS, BackupError, Restored, read_backup
from game.records.device import MemoryStore, open_records
from game.records.high_scores import SCORES_KEY
from game.records.safe_store import RECORDS, Notice, Record
from game.screens import storage_words as words
from tests.test_catalogs import not_from_catalogs

Speak = Callable[[str], None]
REASON = "it has no schema version"  # a parser's reason: technical English, shown as a detail
KEY = "yahtzee:backup:yahtzee:scores:1"
FILE = "dice-pad-backup-2026-11-23.json"


def every_notice() -> Iterator[Notice]:
    """A notice of each kind for each record: full, unreadable (copied or left), no storage."""
    yield Notice("unavailable")
    yield Notice("unavailable", stopped=True)
    for record in RECORDS:
        preset = "official" if record in ("stats", "assisted stats") else None
        yield Notice("full", record, preset=preset)
        yield Notice("corrupt", record, REASON, KEY, preset=preset)
        yield Notice("corrupt", record, REASON, None, preset=preset)


def every_backup_error() -> Iterator[BackupError]:
    """Each problem a file can have, and a damaged record of each kind (and of an unknown one)."""
    yield from (BackupError(problem) for problem in PROBLEMS if problem != "damaged")
    records: tuple[Record | None, ...] = (*RECORDS, None)
    yield from (BackupError("damaged", record, REASON) for record in records)


def every_other_text() -> list[str]:
    """The restore's summaries (one and many of each thing), persistence, a saved backup, the reset."""
    return [words.restored_words(Restored(1, 1, 1, 1, 1, complete=True)),
            words.restored_words(Restored(2, 5, 0, 22, 3, complete=False)),
            words.persistence_words(True), words.persistence_words(False), words.persistence_words(None),
            words.backup_saved(FILE), words.reset_stats_question(), words.stats_reset()]


def without_facts(text: str) -> str:
    """``text`` less the facts it quotes (each must be there whole): what is left are its words."""
    for fact in (REASON, KEY, FILE):
        text = text.replace(fact, "")
    return text


def test_every_code_the_records_report_has_its_words() -> None:
    assert set(words.FULL) == set(words.UNREADABLE) == set(words.DAMAGED) == set(RECORDS)
    assert set(words.BACKUP_PROBLEMS) == set(PROBLEMS)
    texts = [words.notice_words(n) for n in every_notice()] + [
        words.backup_error_words(e) for e in every_backup_error()]
    assert len(set(texts)) == len(texts)  # each record and each case says something of its own
    assert not [text for text in texts if "%(" in text or "%s" in text]  # every placeholder filled


def test_the_english_is_what_the_player_read_before() -> None:
    assert words.notice_words(Notice("full", "settings")) == (
        "The browser's storage is full, so the settings could not be saved. Play goes on, and nothing saved "
        "before was lost.")
    assert words.notice_words(Notice("corrupt", "scores", REASON, KEY)) == (
        f"Could not read your high scores. A copy of the old data was kept in the browser as {KEY}, and the "
        f"game starts afresh without it. Details: {REASON}.")
    assert words.notice_words(Notice("corrupt", "stats", REASON, preset="official")).startswith(
        "Could not read the statistics for Official (forced Joker). There is no room to keep a copy")
    assert "will be lost when the page closes" in words.notice_words(Notice("unavailable"))
    assert "stopped working" in words.notice_words(Notice("unavailable", stopped=True))
    assert words.backup_error_words(BackupError("too big")) == (
        "This file is far too big to be a Dice Pad backup. Nothing was changed.")
    assert words.restored_words(Restored(2, 1, 0, 1, 1, complete=False)) == (
        "Only part of the backup could be restored: the browser's storage is full. What was here before is all "
        "still here. The file holds 2 high scores, 1 finished game, 0 games in progress, 1 statistics record, "
        "1 game with friends, 0 days of Today's ten.")


def test_a_damaged_file_names_its_record_and_the_reason() -> None:
    with pytest.raises(BackupError) as caught:
        read_backup('{"format": "dice-pad-backup", "version": 1, "records": {"yahtzee:scores": []}}')
    assert (caught.value.problem, caught.value.record, caught.value.reason) == (
        "damaged", "scores", "it is not a JSON object")
    assert words.backup_error_words(caught.value) == (
        "This backup is damaged: the high scores in it cannot be read. Details: it is not a JSON object. "
        "Nothing was changed.")


def test_a_store_notice_reaches_the_player_in_words() -> None:
    records = open_records(MemoryStore({SCORES_KEY: "{"}))
    assert records.scores.table() == ()
    (notice,) = records.take_notices()
    assert (notice.code, notice.record, notice.backup) == ("corrupt", "scores", f"yahtzee:backup:{SCORES_KEY}:1")
    assert words.notice_words(notice).startswith("Could not read your high scores. A copy of the old data")


def test_in_the_pseudo_locale_every_word_comes_from_a_catalog(speak: Speak) -> None:
    speak("en_XA")
    texts = [words.notice_words(n) for n in every_notice()]
    texts += [words.backup_error_words(e) for e in every_backup_error()]
    texts += every_other_text()
    told = words.notice_words(Notice("corrupt", "scores", REASON, KEY))
    assert REASON in told and KEY in told  # the facts pass through a translation untouched
    assert FILE in words.backup_saved(FILE)
    english = not_from_catalogs([without_facts(t) for t in texts], names=set())
    assert not english, english[:5]
