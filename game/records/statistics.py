"""``yahtzee:stats:<preset>[:assisted]``: statistics of finished games, per preset, assisted games apart.

A :class:`Stats` is a value: :meth:`Stats.with_game` returns a new one. Final scores are
kept as a histogram of 25-point bins, which is all the chart needs and stays small.
Every count re-reads the stored counters first, so two tabs' games add up.

>>> s = Stats("official").with_game(GameResult(240, yahtzees=1, upper_bonus=True))
>>> s = s.with_game(GameResult(180, yahtzees=0, upper_bonus=False))
>>> s.games, s.average, s.best, s.histogram
(2, 210.0, 240, ((175, 1), (225, 1)))
>>> stats_from_record(stats_to_record(s)) == s
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game.core import rules
from game.core.games import GAMES
from game.core.rulesets import RULESETS, check_ruleset, rules_of
from game.records.fields import decode_record, read_bool, read_int, read_preset
from game.records.safe_store import Record, SafeStore

STATS_VERSION = 1
BIN_WIDTH = 25
#: One five-alike a turn at most, in the longest game (Yatzy's 15 turns).
MAX_YAHTZEES_PER_GAME = max(game.turns for game in GAMES.values())


def stats_key(preset: str, assisted: bool) -> str:
    """``yahtzee:stats:official`` or ``yahtzee:stats:official:assisted``."""
    return f"yahtzee:stats:{preset}" + (":assisted" if assisted else "")


#: Every statistics key there can be.
STATS_KEYS = frozenset(stats_key(preset, assisted) for preset in RULESETS for assisted in (False, True))


@dataclass(frozen=True)
class GameResult:
    """One player's finished scorecard, as the statistics count it."""

    score: int
    yahtzees: int
    upper_bonus: bool

    def __post_init__(self) -> None:
        if type(self.score) is not int or not 0 <= self.score <= rules.MAX_SCORE:
            raise ValueError(f"a final score is 0 to {rules.MAX_SCORE}, not {self.score!r}")
        if type(self.yahtzees) is not int or not 0 <= self.yahtzees <= MAX_YAHTZEES_PER_GAME:
            raise ValueError(f"a game rolls 0 to {MAX_YAHTZEES_PER_GAME} Yahtzees, not {self.yahtzees!r}")
        if not isinstance(self.upper_bonus, bool):
            raise ValueError("upper_bonus is true or false")


@dataclass(frozen=True)
class Stats:
    """Totals for one (preset, assisted) pair; ``histogram`` holds (bin start, count) pairs.

    Only bins with games appear, in ascending order; bin 225 counts scores 225 to 249.
    """

    preset: str
    assisted: bool = False
    games: int = 0
    total: int = 0
    best: int | None = None
    yahtzees: int = 0
    upper_bonuses: int = 0
    histogram: tuple[tuple[int, int], ...] = ()

    @property
    def average(self) -> float | None:
        return self.total / self.games if self.games else None

    @property
    def upper_bonus_rate(self) -> float | None:
        """The share of games that reached the upper bonus, 0.0 to 1.0."""
        return self.upper_bonuses / self.games if self.games else None

    def with_game(self, game: GameResult) -> Stats:
        bins = dict(self.histogram)
        start = bin_start(game.score)
        bins[start] = bins.get(start, 0) + 1
        return Stats(
            self.preset, self.assisted, self.games + 1, self.total + game.score,
            game.score if self.best is None else max(self.best, game.score),
            self.yahtzees + game.yahtzees, self.upper_bonuses + int(game.upper_bonus),
            tuple(sorted(bins.items())),
        )


def bin_start(score: int) -> int:
    """The first score of the bin holding ``score``: ``bin_start(249) == 225``."""
    return score // BIN_WIDTH * BIN_WIDTH


def stats_to_record(stats: Stats) -> dict[str, Any]:
    return {
        "version": STATS_VERSION, "preset": stats.preset, "assisted": stats.assisted,
        "games": stats.games, "total": stats.total, "best": stats.best, "yahtzees": stats.yahtzees,
        "upper_bonuses": stats.upper_bonuses,
        # JSON object keys are text; the bin's start score is the key.
        "histogram": {str(start): count for start, count in stats.histogram},
    }


def stats_from_record(data: Mapping[str, Any]) -> Stats:
    """Check a record already at :data:`STATS_VERSION`; raise ``ValueError`` if anything is wrong."""
    preset, assisted = read_preset(data), read_bool(data, "assisted")
    games = read_int(data, "games", 0, 2**31)
    total = read_int(data, "total", 0, rules.MAX_SCORE * games)
    best = None if games == 0 and data.get("best") is None else read_int(data, "best", 0, rules.MAX_SCORE)
    if best is not None and (games == 0 or best * games < total or best > total):
        raise ValueError("best does not fit the total")
    yahtzees = read_int(data, "yahtzees", 0, MAX_YAHTZEES_PER_GAME * games)
    upper = read_int(data, "upper_bonuses", 0, games)
    histogram = _read_histogram(data.get("histogram"))
    if sum(count for _, count in histogram) != games:
        raise ValueError("the histogram does not add up to the games played")
    return Stats(preset, assisted, games, total, best, yahtzees, upper, histogram)


def stats_under(key: str, data: Mapping[str, Any]) -> Stats:
    """:func:`stats_from_record` of a record found under ``key``.

    The record names its own preset and flag, so data copied under the wrong key is
    caught rather than counted for another preset.
    """
    if stats_key(read_preset(data), read_bool(data, "assisted")) != key:
        raise ValueError("the record belongs to another preset")
    return stats_from_record(data)


def _read_histogram(value: object) -> tuple[tuple[int, int], ...]:
    if not isinstance(value, Mapping):
        raise ValueError("histogram is not a JSON object")
    bins = []
    for key, count in value.items():
        # Only canonical keys ("225", not "0225" or "+225"), so one bin has one spelling.
        if not (isinstance(key, str) and key.isascii() and key.isdigit() and str(int(key)) == key):
            raise ValueError(f"histogram bin {key!r} is not a score")
        start = int(key)
        if start % BIN_WIDTH or start > rules.MAX_SCORE:
            raise ValueError(f"histogram bin {start} is not a bin start")
        if type(count) is not int or count < 1:
            raise ValueError(f"histogram count {count!r} is not a positive whole number")
        bins.append((start, count))
    return tuple(sorted(bins))


class StatsRecords:
    """The statistics of every preset, with this tab's games not yet written (the store was full)."""

    def __init__(self, store: SafeStore) -> None:
        self._store = store
        self._pending: dict[tuple[str, bool], list[GameResult]] = {}

    def read(self, preset: str, *, assisted: bool = False) -> Stats:
        """The statistics of ``preset`` (assisted games or not), zero if none are kept."""
        check_ruleset(preset)
        assisted = bool(assisted)  # the flag is part of a key: 1 and True must be one record
        key = stats_key(preset, assisted)

        def parse(raw: str) -> Stats:
            return stats_under(key, decode_record(raw, STATS_VERSION))

        current = self._store.load(key, _record(assisted), parse, blank=None, preset=preset) or Stats(preset, assisted)
        for game in self._pending.get((preset, assisted), ()):
            current = current.with_game(game)
        return current

    def record(self, score: int, *, preset: str, yahtzees: int, upper_bonus: bool, assisted: bool = False) -> Stats:
        """Count one finished scorecard; returns the updated statistics.

        The stored counters are re-read just before the write, so a game counted in
        another tab meanwhile is kept. Raises ``ValueError`` only for impossible arguments.
        """
        check_ruleset(preset)
        if type(yahtzees) is int and yahtzees > rules_of(preset)[0].turns:  # GameResult checks the rest
            raise ValueError(f"a game of {preset} rolls at most one five-alike a turn, not {yahtzees}")
        assisted = bool(assisted)
        pending = self._pending.setdefault((preset, assisted), [])
        pending.append(GameResult(score, yahtzees, upper_bonus))
        updated = self.read(preset, assisted=assisted)
        if self._store.write_record(stats_key(preset, assisted), stats_to_record(updated), _record(assisted), preset):
            pending.clear()
        return updated

    def reset(self, preset: str | None = None, *, confirmed: bool = False) -> bool:
        """Erase the statistics of ``preset`` (all presets if None), assisted ones included.

        Does nothing unless ``confirmed is True``: the screen asks the player first.
        """
        if confirmed is not True:
            return False
        for name in RULESETS if preset is None else (check_ruleset(preset),):
            for assisted in (False, True):
                self._pending.pop((name, assisted), None)
                self._store.remove(stats_key(name, assisted))  # the player chose to discard them
        return True


def _record(assisted: bool) -> Record:
    """Which statistics a notice names (game.records.safe_store.Record)."""
    return "assisted stats" if assisted else "stats"
