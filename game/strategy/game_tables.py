"""The optimal-strategy value table of a game whose five-alike does nothing beyond its boxes
(Yatzy, :mod:`game.core.games`): its runs, decoding and look-up.

The file is Yahtzee's format (:mod:`game.strategy.tables`: header, byte planes, a run's
first value whole and the rest as u16 steps) with two differences that follow from the
game: the name field holds the game's key, and a state is ``(mask, up)`` only, since no
box changes what a later five-alike scores (Yahtzee's ``y`` bit). Runs go by mask,
``0 .. 2**boxes - 2``, each over the upper subtotals some game reaches; the integer
stored is ``W = round((V + bonus * [up >= threshold]) * 2**q)``. Yatzy's steps (q = 8) lie in
0..50 * 2**8, inside u16. ``tools/gen_tables.py --game yatzy`` writes the file.

It travels in the later archive (tools/python_archives.py): only a Yatzy game needs it.

>>> from game.core.games import YATZY
>>> table = load_game_table(YATZY, game_table_path(YATZY).read_bytes())
>>> round(table.start, 10), table.value(0, 0)
(248.4399893779, 248.44140625)
"""

from __future__ import annotations

import functools
from array import array
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import islice
from pathlib import Path

from game.core.games import Game
from game.strategy.rolls import REACHABLE_UPS
from game.strategy.tables import (
    ASSET_DIR,
    FORMAT,
    HEADER,
    MAGIC,
    UP_POS,
    Table,
    TableError,
    add_runs,
    open_file,
    split_runs,
)

UPPER_MASK = (1 << 6) - 1  # such a game's upper boxes are its first six (tools/game_solver.py checks)


@dataclass(frozen=True)
class Layout:
    """Where each state of one game sits in its table: ``run_starts[mask]`` (-1 for the
    full card, which no turn starts from) and how many states the table stores."""

    full_mask: int
    run_starts: tuple[int, ...]
    state_count: int


def runs(game: Game) -> Iterator[tuple[int, tuple[int, ...]]]:
    """Every run ``(mask, ups)`` of ``game``'s table in file order.

    >>> from game.core.games import YATZY
    >>> next(runs(YATZY))
    (0, (0,))
    """
    for mask in range((1 << len(game.boxes)) - 1):
        yield mask, REACHABLE_UPS[mask & UPPER_MASK]


@functools.cache
def layout(game: Game) -> Layout:
    starts, offset = [], 0
    for _, ups in runs(game):
        starts.append(offset)
        offset += len(ups)
    return Layout((1 << len(game.boxes)) - 1, (*starts, -1), offset)


class GameTable(Table):
    """The values of one game, looked up by ``(mask, up)``: a :class:`~game.strategy.tables.Table`
    whose states have no ``y`` (always 0 here) and whose coach is the game's own
    (:mod:`game.strategy.game_coach`). Build with :func:`load_game_table`."""

    def __init__(self, game: Game, values: Sequence[float] | Sequence[int], scale: float,
                 bonus_offset: float, start: float):
        # Not Table.__init__: that checks a Yahtzee preset; a game's table goes by its key.
        self.game, self.preset = game, game.key
        self._layout = layout(game)
        self._values, self._scale = values, scale
        self._offset = bonus_offset  # the bonus when values include it once earned (the file's)
        self.start = start  # exact (unquantized) expected score of a whole game
        self.cache: dict[tuple[int, int, int], object] = {}  # the coach's memo, as Table's

    @classmethod
    def from_values(cls, game: Game, values: Sequence[float], start: float) -> GameTable:  # type: ignore[override]
        """A table of plain floats in :func:`runs` order (tests build exact tables this way)."""
        if len(values) != layout(game).state_count:
            raise TableError(f"{len(values)} values given, {layout(game).state_count} states exist")
        return cls(game, values, 1.0, 0.0, start)

    def value(self, mask: int, up: int, y: int = 0) -> float:
        """Expected points still to come from ``(mask, up)`` with optimal play (0 once the
        card is full); :class:`TableError` for a state no game reaches."""
        lay = self._layout
        if 0 <= mask <= lay.full_mask and 0 <= up < len(UP_POS[0]) and y == 0:
            pos = UP_POS[mask & UPPER_MASK][up]
            if pos >= 0:
                start = lay.run_starts[mask]
                if start < 0:
                    return 0.0
                v = self._values[start + pos] * self._scale
                return v - self._offset if up >= self.game.bonus_threshold else v
        raise TableError(f"no game of {self.game.key} reaches the state mask={mask!r}, up={up!r}, y={y!r}")


def load_game_table(game: Game, data: bytes) -> GameTable:
    """Decode the bytes of ``assets/strategy/<game>.bin``; :class:`TableError` when they are
    damaged or belong to another game. (The page decodes a part at a time: :func:`decoding`.)"""
    *_, table = decoding(game, data, parts=1)
    assert isinstance(table, GameTable)
    return table


def decoding(game: Game, data: bytes, parts: int = 16,
             inflated: bytes | bytearray | None = None) -> Iterator[GameTable | None]:
    """:func:`load_game_table` in about ``parts`` parts: None after the inflate and after
    each part, then the table; the page gives the browser its turn at each None, as
    game.strategy.table_decoding does for Yahtzee's tables.

    >>> from game.core.games import YATZY
    >>> *pauses, table = decoding(YATZY, game_table_path(YATZY).read_bytes())
    >>> set(pauses), len(pauses), table.value(0, 0)
    ({None}, 17, 248.44140625)
    """
    lay = layout(game)
    (q, start, n_runs, n_values), body = open_file(data, HEADER, MAGIC, FORMAT, game.key, "strategy table",
                                                   inflated, count=lay.state_count)
    if n_runs != lay.full_mask:
        raise TableError(f"the strategy table holds {n_runs} runs, {lay.full_mask} exist")
    every_run = split_runs(body, n_runs, n_values, (len(ups) for _, ups in runs(game)))
    if parts > 1:
        yield None
    values, per_part = array("i"), -(-n_runs // parts)
    while add_runs(values, islice(every_run, per_part)):
        if parts > 1:
            yield None
    yield GameTable(game, values, 2.0 ** -q, float(game.bonus), start)


def game_table_path(game: Game) -> Path:
    """Where the shipped table of ``game`` lives in a checkout."""
    return ASSET_DIR / f"{game.key}.bin"


_LOADED: dict[str, GameTable] = {}


def load_ruleset(ruleset: str) -> Table:
    """CPython convenience: the shipped table of a rule set (game.core.rulesets), a Yahtzee
    preset's or another game's, read and decoded once per process."""
    from game.core.rulesets import rules_of
    from game.strategy.tables import load_preset

    game, preset = rules_of(ruleset)
    return load_preset(preset) if game.five_alike_extra else load_game(game)


def load_game(game: Game) -> GameTable:
    """CPython convenience: read and decode the shipped table once per process."""
    if game.key not in _LOADED:
        _LOADED[game.key] = load_game_table(game, game_table_path(game).read_bytes())
    return _LOADED[game.key]
