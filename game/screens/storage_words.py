"""What the game says about keeping the player's data, in the player's language.

The records report facts (game.records.safe_store.Notice: which record, the reason it could
not be read, the backup key; game.records.backup: a problem code, what a restore merged);
these are their words. Each record has whole sentences of its own ("your high scores",
"the settings": each language declines and agrees its own words), and the sentences that
do not name a record are shared. The reason a record could not be read is the parser's
own technical description, in English: it goes into its own sentence, "Details: …".

>>> from game.core.language import activate
>>> from game.records.safe_store import Notice
>>> activate(None)
>>> notice_words(Notice("full", "settings"))
"The browser's storage is full, so the settings could not be saved. Play goes on, and nothing saved before was lost."
>>> from game.records.backup import Restored
>>> print(restored_words(Restored(1, 0, 2, 0, 0, complete=True)))  # doctest: +NORMALIZE_WHITESPACE
Restored: 1 high score, 0 finished games, 2 games in progress, 0 statistics records, 0 games with friends,
0 days of Today's ten.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.labels import N_
from game.core.language import _, list_separator, ngettext, pgettext
from game.core.rulesets import ruleset_label
from game.records.safe_store import Notice, Record

if TYPE_CHECKING:  # game.records.backup is loaded on first use only (docs/performance.md)
    from game.records.backup import BackupError, Problem, Restored

#: A record the browser could not save, by record (game.records.safe_store.Record).
FULL: dict[Record, str] = {
    "scores": N_("storage full", "The browser's storage is full, so your high scores could not be saved."),
    "old scores": N_("storage full", "The browser's storage is full, so the high scores of an earlier version "
                                     "could not be saved."),
    "name": N_("storage full", "The browser's storage is full, so the player name could not be saved."),
    "finished": N_("storage full", "The browser's storage is full, so the finished games kept for review "
                                   "could not be saved."),
    "game": N_("storage full", "The browser's storage is full, so the game in progress could not be saved."),
    "set aside": N_("storage full", "The browser's storage is full, so the games set aside could not be saved."),
    "settings": N_("storage full", "The browser's storage is full, so the settings could not be saved."),
    # Translators: %(rules)s is the name of a set of rules, as Settings lists them ("Official (forced Joker)").
    "stats": N_("storage full", "The browser's storage is full, so the statistics for %(rules)s could not be saved."),
    "assisted stats": N_("storage full", "The browser's storage is full, so the statistics of assisted games "
                                         "for %(rules)s could not be saved."),
    "friends": N_("storage full", "The browser's storage is full, so the games with friends could not be saved."),
    "ten": N_("storage full", "The browser's storage is full, so your results of Today's ten could not be saved."),
    "practice": N_("storage full", "The browser's storage is full, so the positions of your games to practise "
                                   "could not be saved."),
}
#: A stored record the game could not read, by record.
UNREADABLE: dict[Record, str] = {
    "scores": N_("unreadable", "Could not read your high scores."),
    "old scores": N_("unreadable", "Could not read the high scores of an earlier version."),
    "name": N_("unreadable", "Could not read the remembered player name."),
    "finished": N_("unreadable", "Could not read the finished games kept for review."),
    "game": N_("unreadable", "Could not read the saved game."),
    "set aside": N_("unreadable", "Could not read the games set aside."),
    "settings": N_("unreadable", "Could not read the settings."),
    # Translators: %(rules)s is the name of a set of rules, as Settings lists them ("Official (forced Joker)").
    "stats": N_("unreadable", "Could not read the statistics for %(rules)s."),
    "assisted stats": N_("unreadable", "Could not read the statistics of assisted games for %(rules)s."),
    "friends": N_("unreadable", "Could not read the games with friends."),
    "ten": N_("unreadable", "Could not read your results of Today's ten."),
    "practice": N_("unreadable", "Could not read the positions of your games to practise."),
}
#: A record in a backup file that cannot be read, by record.
DAMAGED: dict[Record, str] = {
    "scores": N_("damaged backup", "This backup is damaged: the high scores in it cannot be read."),
    "old scores": N_("damaged backup", "This backup is damaged: the high scores of an earlier version in it "
                                       "cannot be read."),
    "name": N_("damaged backup", "This backup is damaged: the player name in it cannot be read."),
    "finished": N_("damaged backup", "This backup is damaged: the finished games in it cannot be read."),
    "game": N_("damaged backup", "This backup is damaged: the game in progress in it cannot be read."),
    "set aside": N_("damaged backup", "This backup is damaged: the games set aside in it cannot be read."),
    "settings": N_("damaged backup", "This backup is damaged: the settings in it cannot be read."),
    "stats": N_("damaged backup", "This backup is damaged: the statistics in it cannot be read."),
    "assisted stats": N_("damaged backup", "This backup is damaged: the statistics of assisted games in it "
                                           "cannot be read."),
    "friends": N_("damaged backup", "This backup is damaged: the games with friends in it cannot be read."),
    "ten": N_("damaged backup", "This backup is damaged: the results of Today's ten in it cannot be read."),
    "practice": N_("damaged backup", "This backup is damaged: the positions to practise in it cannot be read."),
}
#: A backup file that cannot be restored, by problem (game.records.backup.Problem); "damaged"
#: names its record (:data:`DAMAGED`), this sentence is for a record the game does not know.
BACKUP_PROBLEMS: dict[Problem, str] = {
    "too big": N_("backup problem", "This file is far too big to be a Dice Pad backup."),
    "not json": N_("backup problem", "This file is damaged or is not a Dice Pad backup (it is not valid JSON)."),
    "not ours": N_("backup problem", "This file is not a Dice Pad backup."),
    "no version": N_("backup problem", "This backup is damaged: it has no version."),
    "newer": N_("backup problem", "This backup was made by a newer version of Dice Pad. Reload the page to "
                                  "update it, then restore again."),
    "no records": N_("backup problem", "This backup is damaged: it holds no records."),
    "damaged": N_("backup problem", "This backup is damaged: a record in it cannot be read."),
}


def _sentences(*sentences: str) -> str:
    """Whole sentences one after another (each language's sentences, a space apart)."""
    return " ".join(sentences)


def _details(reason: str) -> str:
    # Translators: %(reason)s is the game's technical description of the fault, in English
    # (e.g. "it has no schema version"); it helps a bug report.
    return _("Details: %(reason)s.") % {"reason": reason.rstrip(".")}


def notice_words(notice: Notice) -> str:
    """A storage notice (game.records.safe_store.Notice) as the player reads it."""
    if notice.code == "unavailable":
        if notice.stopped:
            return _("The browser's storage stopped working. Play goes on, but from now on nothing will be kept "
                     "after the page closes.")
        return _("This browser does not let the game keep data, so high scores, statistics and the game in "
                 "progress will be lost when the page closes.")
    assert notice.record is not None, "a full store or unreadable data names its record"
    values = {"rules": ruleset_label(notice.preset or "")}
    if notice.code == "full":
        return _sentences(pgettext("storage full", FULL[notice.record]) % values,
                          _("Play goes on, and nothing saved before was lost."))
    if notice.backup is None:
        then = _("There is no room to keep a copy, so the old data was left as it is and changes will not be saved.")
    else:
        then = _("A copy of the old data was kept in the browser as %(backup)s, and the game starts afresh "
                 "without it.") % {"backup": notice.backup}
    return _sentences(pgettext("unreadable", UNREADABLE[notice.record]) % values, then, _details(notice.reason))


def backup_error_words(error: BackupError) -> str:
    """Why a backup file cannot be restored, and that nothing changed."""
    if error.problem == "damaged" and error.record is not None:
        problem = pgettext("damaged backup", DAMAGED[error.record])
    else:
        problem = pgettext("backup problem", BACKUP_PROBLEMS[error.problem])
    details = (_details(error.reason),) if error.reason else ()
    return _sentences(problem, *details, _("Nothing was changed."))


def _counts(restored: Restored) -> str:
    """What a backup file holds, as a list of counts."""
    counts = [
        ngettext("%(count)d high score", "%(count)d high scores", restored.scores),
        ngettext("%(count)d finished game", "%(count)d finished games", restored.finished),
        ngettext("%(count)d game in progress", "%(count)d games in progress", restored.in_progress),
        ngettext("%(count)d statistics record", "%(count)d statistics records", restored.stats),
        ngettext("%(count)d game with friends", "%(count)d games with friends", restored.friends),
        ngettext("%(count)d day of Today's ten", "%(count)d days of Today's ten", restored.ten),
    ]
    numbers = (restored.scores, restored.finished, restored.in_progress, restored.stats, restored.friends, restored.ten)
    return list_separator().join(count % {"count": n} for count, n in zip(counts, numbers, strict=True))


def restored_words(restored: Restored) -> str:
    """The one-line summary of a restore (game.records.backup.Restored)."""
    values = {"counts": _counts(restored)}
    if not restored.complete:
        # Translators: %(counts)s lists what the file holds: "1 high score, 2 finished games, …".
        return _("Only part of the backup could be restored: the browser's storage is full. What was here before "
                 "is all still here. The file holds %(counts)s.") % values
    # Translators: %(counts)s lists what the file holds: "1 high score, 2 finished games, …".
    return _("Restored: %(counts)s.") % values


def persistence_words(persisted: bool | None) -> str:
    """Whether the browser promises to keep the data (None: it does not say)."""
    if persisted is None:
        return _("This browser does not say whether it keeps the data. Keep a backup to be safe.")
    if persisted:
        return _("This device keeps your data persistently: the browser will not clear it to make room.")
    return _("The browser may clear this data if the device runs short of space (Safari: after weeks without "
             "a visit). Keep a backup to be safe.")


def backup_saved(file: str) -> str:
    """Said once the backup file is downloaded; ``file`` is its name."""
    return _("Backup saved as %(file)s. Keep it somewhere safe, or restore it on another device.") % {"file": file}


def reset_stats_question() -> str:
    """The question asked before every statistics record is erased."""
    return _("Reset all statistics? High scores are kept. This cannot be undone.")


def stats_reset() -> str:
    """Said once the statistics are erased."""
    return _("Statistics reset.")
