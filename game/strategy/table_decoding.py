"""The decoding of a strategy table (:mod:`game.strategy.tables`' file layout) a part at a
time, so that the page can give the browser its turn between two parts.

It travels in the later archive (tools/python_archives.py, ``LATER_MODULES``): a page
fetches that archive before it needs a table (game/web/strategy_loader.py), so the
first visit does not carry it.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator
from itertools import islice

from game.core import rules
from game.core.rulesets import rules_of
from game.strategy.tables import BONUS_OFFSET, FORMAT, HEADER, MAGIC, Table, add_runs, table_runs

#: More values than any game's table holds (Yatzy's 1,430,528 states; Yahtzee's 536,320).
MAX_VALUES = 1 << 22
#: Runs decoded between two pauses of :func:`decoding`: about 20 ms in the page unthrottled.
RUNS_PER_PART = 2048


def decoding(preset: str, data: bytes, inflated: bytes | bytearray | None = None) -> Iterator[Table | None]:
    """:func:`game.strategy.tables.load_table` a part at a time: None after the inflate and
    after each :data:`RUNS_PER_PART` runs, then the table. ``preset`` may name another
    game's rule set ("yatzy"), whose own decoding (game.strategy.game_tables) runs instead.
    The page gives the browser its turn at each None, so that the first hint or Today's ten
    never holds a click up for the whole decoding (about 110 ms in one task before;
    bench/bench_ten_page.py ``--inp``). ``inflated``: the body, inflated by the browser
    (:func:`body_size` bytes; game/web/inflate.py), so only the runs are decoded here.

    >>> from game.strategy.tables import load_table, table_path
    >>> data = table_path("official").read_bytes()
    >>> parts = list(decoding("official", data))
    >>> len(parts), set(parts[:-1]), parts[-1].value(0, 0, 0) == load_table("official", data).value(0, 0, 0)
    (8, {None}, True)
    """
    if preset not in rules.PRESETS:
        from game.strategy.game_tables import decoding as game_decoding

        yield from game_decoding(rules_of(preset)[0], data, inflated=inflated)
        return
    q, start, each_run = table_runs(preset, data, inflated)
    yield None
    values = array("i")
    while add_runs(values, islice(each_run, RUNS_PER_PART)):
        yield None
    yield Table(preset, values, 2.0 ** -q, float(BONUS_OFFSET), start)


def body_size(data: bytes) -> int:
    """The size of the inflated body a value table's header announces (Yahtzee's or another
    game's: the same header), a run's first value in 4 bytes and each other value's step in
    2; 0 where the bytes are no value table or announce more than any game has (decoding
    them says why).

    >>> from game.strategy.tables import table_path
    >>> body_size(table_path("official").read_bytes()), body_size(b"<!doctype html>" * 4)
    (1097212, 0)
    """
    if len(data) < HEADER.size:
        return 0
    magic, fmt, *_, n_runs, n_values = HEADER.unpack_from(data)
    if magic != MAGIC or fmt != FORMAT or n_values > MAX_VALUES:
        return 0
    return 2 * int(n_runs) + 2 * int(n_values)
