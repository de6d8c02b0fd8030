"""Everything a device keeps, one record per stored key, all over ONE failure-tolerant store.

The key-value store is injected: the browser passes a thin wrapper around
``localStorage`` (``game/web/local_storage.py``), the tests pass a :class:`MemoryStore`.
No read or write ever raises a storage failure at its caller or drops stored data; each
failure becomes a notice for the screen (:meth:`Records.take_notices`). ``docs/storage.md``
lists the keys, the schema and what happens on each failure.

>>> records = open_records(MemoryStore())
>>> entry_id = records.scores.add("Ann", 254, preset="official", players=1)
>>> [(e.name, e.score) for e in records.scores.table()]
[('Ann', 254)]
>>> records.stats.record(254, preset="official", yahtzees=1, upper_bonus=True).games
1
>>> records.name.remember(" Ann "), records.slot.read(), records.take_notices()
('Ann', None, [])
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from game.core.rulesets import GAME_RULESETS
from game.records.daily_results import DailyResults
from game.records.friends_games import FriendsGames
from game.records.game_slot import GameSlot
from game.records.high_scores import HighScores
from game.records.history import History
from game.records.kv import (  # noqa: F401 (re-exported: one import for the store and its fake)
    QUOTA_ERROR_NAMES,
    KeyValueStore,
    MemoryStore,
    QuotaExceeded,
    StorageError,
    StorageUnavailable,
    is_quota_error,
    storage_error,
)
from game.records.player_name import PlayerName
from game.records.safe_store import Notice, SafeStore
from game.records.set_aside import SetAsideGames
from game.records.settings import SavedSettings
from game.records.statistics import StatsRecords


@dataclass(frozen=True)
class Records:
    """What a device keeps: one object per stored key, sharing :attr:`store` (and so its notices).

    ``slot``: the game on the board (``yahtzee:game``); ``set_aside``: the games set aside
    (``yahtzee:games``); ``scores``: the high-score table; ``name``: the last player name;
    ``stats``: statistics per preset; ``history``: the finished games kept for review;
    ``settings``: theme, sound, vibration and animation (``yahtzee:settings``); ``friends``:
    the games played with friends by link (``yahtzee:friends``); ``tens``: Today's ten of each
    game by its rule set (game.core.rulesets.GAME_RULESETS), each day's scored attempt, the
    attempt in progress and the best streak (``yahtzee:ten``, ``yahtzee:ten:yatzy``).
    """

    store: SafeStore
    slot: GameSlot
    set_aside: SetAsideGames
    scores: HighScores
    name: PlayerName
    stats: StatsRecords
    history: History
    settings: SavedSettings
    friends: FriendsGames
    tens: dict[str, DailyResults]

    def take_notices(self) -> list[Notice]:
        """The notices not yet shown, oldest first; the list empties."""
        return self.store.take_notices()


def open_records(kv: KeyValueStore | None, *, clock: Callable[[], datetime] = datetime.now,
                 new_id: Callable[[], str] | None = None) -> Records:
    """Every record over one :class:`SafeStore` of ``kv`` (None: no storage, play goes on in memory).

    ``clock`` gives the local time (a high score's date, every record's ``at``); ``new_id``
    a new score's id. Both are injectable so tests are exact.
    """
    store = SafeStore(kv, clock=clock, new_id=new_id)
    return Records(store, GameSlot(store), SetAsideGames(store), HighScores(store), PlayerName(store),
                   StatsRecords(store), History(store), SavedSettings(store), FriendsGames(store),
                   {ruleset: DailyResults(store, ruleset) for ruleset in GAME_RULESETS})
