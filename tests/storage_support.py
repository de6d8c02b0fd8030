"""Helpers the storage tests share: the records over a store, with a clock and ids that
move predictably."""

from datetime import datetime, timedelta

from game.records.device import Records, open_records
from game.records.game_slot import SavedGame


class Clock:
    """A clock that moves one minute each time it is read, so every score is later."""

    def __init__(self, start=datetime(2024, 5, 1, 20, 0)):
        self.now = start

    def __call__(self):
        self.now += timedelta(minutes=1)
        return self.now


class Ids:
    def __init__(self, prefix="id"):
        self.prefix, self.count = prefix, 0

    def __call__(self):
        self.count += 1
        return f"{self.prefix}{self.count}"


def tab(store, prefix="id", clock=None):
    return open_records(store, clock=clock or Clock(), new_id=Ids(prefix))


def put(records: Records, text: str) -> bool:
    """Keep ``text`` as the game on the board (one game, id "g", revision 1)."""
    return records.slot.write(SavedGame("g", 1, text))


def codes(records):
    return [n.code for n in records.take_notices()]
