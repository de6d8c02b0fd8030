"""``yahtzee:history``: the last 50 finished games, every decision included, for the review.

Each kept game is a :class:`FinishedGame` (who played, the scores, when) with the text of
``game.core.save.dumps``, which the review replays. Newest first; adding an id already
kept changes nothing; every add re-reads and merges, so two tabs keep both their games.

>>> from game.records.kv import MemoryStore
>>> from game.records.safe_store import SafeStore
>>> history = History(SafeStore(MemoryStore()))
>>> history.add("{}", game_id="g1", finished="2024-05-01", preset="official", players=["Ann"],
...             scores=[231], assisted=False)
True
>>> [(g.id, g.players, g.scores) for g in history.entries()], history.text("g1")
([('g1', ('Ann',), (231,))], '{}')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeAlias

from game.core import rules
from game.core.names import clean_name
from game.core.players import MAX_PLAYERS
from game.records.fields import (
    MAX_STAMP,
    check_iso_date,
    decode_record,
    is_score,
    read_bool,
    read_id,
    read_int,
    read_preset,
    read_str,
)
from game.records.safe_store import SafeStore

HISTORY_KEY = "yahtzee:history"
HISTORY_VERSION = 1
#: How many finished games are kept for review; the oldest goes first.
HISTORY_SIZE = 50

@dataclass(frozen=True)
class FinishedGame:
    """A finished game kept for review: who played, the scores, and when.

    ``finished`` is the local date shown to the player; ``at`` (milliseconds since 1970
    UTC, when it was kept) orders the list, newest first, ``id`` breaking ties. ``beat`` is
    a challenge's score to beat (a solo game from a friend's link), for the review.
    """

    id: str
    finished: str
    preset: str
    players: tuple[str, ...]
    scores: tuple[int, ...]
    assisted: bool
    at: int
    beat: int | None = None


#: A kept game and its ``game.core.save.dumps`` text.
Kept: TypeAlias = tuple[FinishedGame, str]


def finished_to_record(game: FinishedGame) -> dict[str, Any]:
    """The fields of a kept game (all but its text)."""
    record: dict[str, Any] = {"id": game.id, "finished": game.finished, "preset": game.preset,
                              "players": list(game.players), "scores": list(game.scores),
                              "assisted": game.assisted, "at": game.at}
    if game.beat is not None:  # only a challenge has one: older games and other tabs' read the same
        record["beat"] = game.beat
    return record


def finished_from_record(data: object) -> FinishedGame:
    """Check every field of a kept game (all but its text); ``ValueError`` says what is wrong."""
    if not isinstance(data, Mapping):
        raise ValueError("a finished game is not a JSON object")
    ident = read_id(data, "a game id")
    finished = read_str(data, "finished")
    check_iso_date(finished)
    players, scores = data.get("players"), data.get("scores")
    if not isinstance(players, list) or not 0 < len(players) <= MAX_PLAYERS:
        raise ValueError(f"players is not a list of 1 to {MAX_PLAYERS} names")
    if not all(isinstance(name, str) for name in players):
        raise ValueError("a player name is not text")
    if not isinstance(scores, list) or len(scores) != len(players):
        raise ValueError("scores is not a list with one score per player")
    if not all(is_score(score) for score in scores):
        raise ValueError(f"a score is not a whole number from 0 to {rules.MAX_SCORE}")
    beat = read_int(data, "beat", 0, rules.MAX_SCORE) if data.get("beat") is not None else None
    return FinishedGame(ident, finished, read_preset(data), tuple(map(clean_name, players)), tuple(scores),
                        read_bool(data, "assisted"), read_int(data, "at", 0, MAX_STAMP), beat)


def newest_history(kept: Sequence[Kept]) -> list[Kept]:
    """Newest first, one game per id (the first met wins: stored before pending), at most 50."""
    unique: dict[str, Kept] = {}
    for entry, text in kept:
        unique.setdefault(entry.id, (entry, text))
    return sorted(unique.values(), key=lambda kept: (-kept[0].at, kept[0].id))[:HISTORY_SIZE]


def history_to_record(kept: Sequence[Kept]) -> dict[str, Any]:
    return {"version": HISTORY_VERSION, "games": [{**finished_to_record(entry), "game": text} for entry, text in kept]}


def history_from_record(data: Mapping[str, Any]) -> list[Kept]:
    """The kept games of a record already at :data:`HISTORY_VERSION`, newest first."""
    games = data.get("games")
    if not isinstance(games, list):
        raise ValueError("games is not a list")
    kept = [(finished_from_record(game), read_str(game, "game")) for game in games]
    if any(not text for _, text in kept):
        raise ValueError("a finished game has no moves")
    return newest_history(kept)


def history_from_text(raw: str) -> list[Kept]:
    """The kept games of the stored text (any schema this game reads)."""
    return history_from_record(decode_record(raw, HISTORY_VERSION))


class History:
    """The games kept for review, with this tab's games not yet written (the store was full)."""

    def __init__(self, store: SafeStore) -> None:
        self._store = store
        self._pending: list[Kept] = []

    def add(self, text: str, *, game_id: str, finished: str, preset: str, players: Sequence[str],
            scores: Sequence[int], assisted: bool, beat: int | None = None) -> bool:
        """Keep a finished game (``text`` from ``game.core.save.dumps``: every move is in it) for review.

        ``finished`` is the local date ``YYYY-MM-DD``; ``players`` the names in seat order and
        ``scores`` their final totals; ``beat`` a challenge's score. Only the newest 50 games
        are kept. Adding a ``game_id`` already kept changes nothing. False if it could not be
        written (the store is full). Raises ``ValueError`` only for arguments no game produces.
        """
        if not isinstance(text, str) or not text:
            raise TypeError("History.add keeps the text of game.core.save.dumps")
        entry = finished_from_record({"id": game_id, "finished": finished, "preset": preset,
                                      "players": _listed(players), "scores": _listed(scores), "assisted": assisted,
                                      "at": self._store.stamp(), "beat": beat})
        self._pending.append((entry, text))
        kept = self.all()  # re-read: another tab may have kept a game meanwhile
        if self._store.write_record(HISTORY_KEY, history_to_record(kept), "finished"):
            self._pending.clear()
            return True
        # Kept for this session and written with the next finished game.
        self._pending = [(e, t) for e, t in self._pending if any(k is e for k, _ in kept)]
        return False

    def entries(self) -> tuple[FinishedGame, ...]:
        """The games kept for review, newest first (without their moves: see :meth:`text`)."""
        return tuple(entry for entry, _ in self.all())

    def entry(self, game_id: str) -> FinishedGame | None:
        """The kept game ``game_id`` (without its moves), or None if it is not kept."""
        return next((entry for entry in self.entries() if entry.id == game_id), None)

    def text(self, game_id: str) -> str | None:
        """The ``game.core.save.dumps`` text of the kept game ``game_id``, or None if it is not kept."""
        return next((text for entry, text in self.all() if entry.id == game_id), None)

    def all(self) -> list[Kept]:
        """Every kept game with its text, newest first."""
        stored = self._store.load(HISTORY_KEY, "finished", history_from_text,
                                  blank=None) or []
        return newest_history([*stored, *self._pending])


def _listed(values: object) -> object:
    """A tuple as a list (the record's type); anything else as it is, for the check to refuse."""
    return list(values) if isinstance(values, tuple) else values
