"""``yahtzee:practice``: your mistakes to practise, the costliest decisions of your games.

Each position is a moment of a finished game where a person at this device lost points
against optimal play: the card, the dice, the rolls left, the rule set, what they chose
and what it cost. The list is bounded (:data:`KEPT`, the newest); a position already in
it is not added twice (:meth:`PracticePosition.key`); a position solved in practice
leaves it. ``since`` is the stamp (``at``) of the newest finished game looked at: the games
kept for review after it are looked at when Today's ten's dialog next opens
(game.web.practice_dialog.gather, docs/daily.md "Your mistakes to practise"). Every field is checked
when read: a damaged record raises ``ValueError`` (game.records.safe_store words it), a
full store keeps this tab's change in memory for the next write that succeeds.

>>> from game.records.kv import MemoryStore
>>> from game.records.safe_store import SafeStore
>>> practice = PracticeList(SafeStore(MemoryStore()))
>>> spot = PracticePosition("official", (("chance", 20),), 0, (5, 5, 5, 2, 1), 1, "hold:555", 2.5, "g1", "2026-12-01")
>>> practice.add([spot, spot]), practice.looked_at(1_700_000_000_000), practice.read().since
(1, True, 1700000000000)
>>> practice.read().positions == (spot,), practice.solve(spot.key()), practice.read().positions
(True, True, ())
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any
from weakref import WeakKeyDictionary

from game.core import rules
from game.core.games import GAMES
from game.records.fields import MAX_STAMP, check_iso_date, decode_record, read_id, read_int, read_preset, read_str
from game.records.safe_store import SafeStore
from game.records.ten_record import check_choice

PRACTICE_KEY = "yahtzee:practice"
PRACTICE_VERSION = 1
#: The positions kept, the newest: enough for a few evenings' practice, and a list a player
#: can still see through (a position is about 150 bytes: 3 kB in all).
KEPT = 20
#: The finished games looked at in one go, the oldest of those not yet looked at first: a
#: device with many games kept for review and no practice yet looks at its newest ten.
LOOK_AT = 10
#: The boxes a card may hold: any game's (a position's own rule set replays it: game.records.practice_positions).
BOXES = frozenset(box for game in GAMES.values() for box in game.names)


@dataclass(frozen=True)
class PracticePosition:
    """One decision of a finished game to play again: the card (``filled``: box and points, in
    the card's order), the dice as they lay, the rolls left, the player's choice then
    (``chosen``, a code as Today's ten writes it) and its loss, the game's history id and the
    day it ended."""

    ruleset: str
    filled: tuple[tuple[str, int], ...]
    yahtzee_bonuses: int
    dice: rules.Dice
    rolls_left: int
    chosen: str
    loss: float
    game: str
    finished: str

    def key(self) -> str:
        """The position alone (the dice in any order): one key per decision to practise.

        >>> PracticePosition("yatzy", (), 0, (6, 1, 6, 2, 3), 2, "hold:66", 1.5, "g", "2026-12-01").key()
        'yatzy||0|12366|2'
        """
        card = ",".join(f"{box}={points}" for box, points in self.filled)
        return f"{self.ruleset}|{card}|{self.yahtzee_bonuses}|{''.join(map(str, sorted(self.dice)))}|{self.rolls_left}"

    @property
    def turn(self) -> int:
        return len(self.filled) + 1


@dataclass(frozen=True)
class PracticeRecord:
    """The positions, newest first, and the stamp of the newest finished game looked at."""

    positions: tuple[PracticePosition, ...] = ()
    since: int = 0


def position_to_record(spot: PracticePosition) -> dict[str, Any]:
    return {"ruleset": spot.ruleset, "filled": [list(box) for box in spot.filled], "bonuses": spot.yahtzee_bonuses,
            "dice": list(spot.dice), "rolls_left": spot.rolls_left, "chosen": spot.chosen,
            "loss": spot.loss, "game": spot.game, "finished": spot.finished}


def _filled(data: object) -> tuple[tuple[str, int], ...]:
    if not isinstance(data, list) or len(data) > 15:
        raise ValueError("filled is not a list of boxes")
    filled = []
    for item in data:
        if (not isinstance(item, list) or len(item) != 2 or item[0] not in BOXES or type(item[1]) is not int
                or not 0 <= item[1] <= rules.MAX_SCORE):
            raise ValueError(f"{item!r} is not a box and its points")
        filled.append((str(item[0]), int(item[1])))
    if len({box for box, _ in filled}) != len(filled):
        raise ValueError("a box is filled twice")
    return tuple(filled)


def position_from_record(data: object) -> PracticePosition:
    """Check every field of a position; ``ValueError`` says what is wrong."""
    if not isinstance(data, Mapping):
        raise ValueError("a position to practise is not a JSON object")
    dice = data.get("dice")
    if not isinstance(dice, list) or len(dice) != 5 or not all(type(d) is int and 1 <= d <= 6 for d in dice):
        raise ValueError("dice is not five faces")
    loss = data.get("loss")
    if not isinstance(loss, (int, float)) or isinstance(loss, bool) or not 0 < loss <= rules.MAX_SCORE:
        raise ValueError(f"loss {loss!r} is not a number of points")
    finished = read_str(data, "finished")
    check_iso_date(finished)
    return PracticePosition(read_preset({"preset": data.get("ruleset")}), _filled(data.get("filled")),
                            read_int(data, "bonuses", 0, 100), rules.check_dice(dice),
                            read_int(data, "rolls_left", 0, 2), check_choice(data.get("chosen")),
                            float(loss), read_id({"id": data.get("game")}, "a game to practise"), finished)


def practice_to_record(record: PracticeRecord) -> dict[str, Any]:
    return {"version": PRACTICE_VERSION, "positions": [position_to_record(p) for p in record.positions],
            "since": record.since}


def practice_from_record(data: Mapping[str, Any]) -> PracticeRecord:
    """The record's content (already at :data:`PRACTICE_VERSION`); ``ValueError`` says what is wrong."""
    positions = data.get("positions")
    if not isinstance(positions, list) or len(positions) > KEPT:
        raise ValueError(f"positions is not a list of at most {KEPT} positions")
    return merged(PracticeRecord(tuple(position_from_record(p) for p in positions),
                                 read_int(data, "since", 0, MAX_STAMP)), PracticeRecord())


def practice_from_text(raw: str) -> PracticeRecord:
    return practice_from_record(decode_record(raw, PRACTICE_VERSION))


def merged(here: PracticeRecord, there: PracticeRecord, solved: Iterable[str] = ()) -> PracticeRecord:
    """Two records as one: ``here``'s positions first (the newer), each key once, none of
    ``solved``, the newest :data:`KEPT`; the later ``since``."""
    gone, seen, positions = set(solved), set(), []
    for spot in (*here.positions, *there.positions):
        if (key := spot.key()) not in seen and key not in gone:
            seen.add(key)
            positions.append(spot)
    return PracticeRecord(tuple(positions[:KEPT]), max(here.since, there.since))


def backup_part(store: SafeStore) -> dict[str, dict[str, Any]]:
    """The record for a backup file, once there is something in it (a version from before
    the practice refuses a file with a key it does not know)."""
    record = practice_list(store).read()
    return {PRACTICE_KEY: practice_to_record(record)} if record != PracticeRecord() else {}


def practice_list(store: SafeStore) -> PracticeList:
    """The one list of a tab's store (its change not yet written, after a full store, is
    the tab's): the practice's dialog and the review's button share it."""
    if (kept := _LISTS.get(store)) is None:
        kept = _LISTS[store] = PracticeList(store)
    return kept


class PracticeList:
    """The positions to practise as every tab left them, with this tab's change not yet
    written (store full) merged in."""

    def __init__(self, store: SafeStore) -> None:
        self._store = store
        self._pending: PracticeRecord | None = None  # written at the next write that succeeds
        self._solved: set[str] = set()  # solved in this tab: never brought back by a merge

    def read(self) -> PracticeRecord:
        stored = self._store.load(PRACTICE_KEY, "practice", practice_from_text, blank=None) or PracticeRecord()
        return stored if self._pending is None else merged(self._pending, stored, self._solved)

    def positions(self, rulesets: Sequence[str] | None = None) -> tuple[PracticePosition, ...]:
        """The positions kept, newest first; with ``rulesets``, only theirs."""
        return tuple(p for p in self.read().positions if rulesets is None or p.ruleset in rulesets)

    def add(self, positions: Iterable[PracticePosition]) -> int:
        """Add positions not already in the list (first the newest); how many were new."""
        record = self.read()
        known = {p.key() for p in record.positions}
        new = tuple(dict((p.key(), p) for p in positions if p.key() not in known).values())
        self._solved -= {p.key() for p in new}  # asked for again (a review's button): back in the list
        if new:
            self._write(merged(PracticeRecord(new), record))
        return len(new)

    def looked_at(self, at: int) -> bool:
        """The finished games kept up to ``at`` (their stamp) were looked at. False: the store
        is full (kept for this tab)."""
        record = self.read()
        return record.since >= at or self._write(replace(record, since=at))

    def solve(self, key: str) -> bool:
        """A position answered with the best or near it: it leaves the list."""
        self._solved.add(key)
        return self._write(merged(self.read(), PracticeRecord(), self._solved))

    def restore(self, other: PracticeRecord) -> bool:
        """Merge a backup's record (this device's first). False: the store is full."""
        here = self.read()
        both = merged(here, other, self._solved)
        return both == here or self._write(both)

    def _write(self, record: PracticeRecord) -> bool:
        record = merged(record, PracticeRecord(), self._solved)
        written = self._store.write_record(PRACTICE_KEY, practice_to_record(record), "practice")
        self._pending = None if written else record
        return written


_LISTS: WeakKeyDictionary[SafeStore, PracticeList] = WeakKeyDictionary()
