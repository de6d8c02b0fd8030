"""The spread table of a game whose five-alike does nothing beyond its boxes (Yatzy,
:mod:`game.core.games`), and the one place that picks a rule set's spread reader.

The file is Yahtzee's spread format (:mod:`game.strategy.spread`: for every state, the
standard deviation of the points still to come under optimal play and the quantiles of
their exact distribution) over the states of the game's value table, in its order
(:mod:`game.strategy.game_tables`: ``(mask, up)``, with no ``y``, which is 0 in such a
game); the header's name field holds the game's key, as the value table's does.
``tools/gen_spread.py --game yatzy`` writes it. Like that table, it travels in the later
archive (tools/python_archives.py): only a Yatzy game needs it.

>>> from game.core.games import YATZY
>>> spread = GameSpread.from_values(YATZY, [2.5] * layout(YATZY).state_count)
>>> spread.sd(0, 0, 0), spread.sd(0b111111, 63, 0), spread.sd(layout(YATZY).full_mask, 63, 0)
(2.5, 2.5, 0.0)
>>> spread.sd(0, 0, 1)
Traceback (most recent call last):
...
game.strategy.tables.TableError: no game of yatzy reaches the state mask=0, up=0, y=1
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from game.core.games import Game
from game.core.rulesets import check_ruleset, rules_of
from game.strategy.game_tables import UPPER_MASK, layout
from game.strategy.rolls import UP_CAP
from game.strategy.spread import Spread, load_preset, load_spread, spread_parts
from game.strategy.tables import ASSET_DIR, UP_POS, TableError


class GameSpread(Spread):
    """The spread of one game, looked up by ``(mask, up)`` and ``y`` = 0: a
    :class:`~game.strategy.spread.Spread` over the states of the game's value table (its
    ``sd`` and ``points`` mean the same as Yahtzee's). Build with :func:`load_game_spread`."""

    def __init__(self, game: Game, values: Sequence[float] | Sequence[int], scale: float,
                 vector_of: Sequence[int] = (), firsts: Sequence[int] = (),
                 steps: Sequence[int] = (), quantiles: int = 0) -> None:
        # Not Spread.__init__: that checks a Yahtzee preset; a game's table goes by its key
        # (as game_tables.GameTable does).
        self.game, self.preset, self._layout = game, game.key, layout(game)
        self._values, self._scale = values, scale
        self._vector_of, self._firsts, self._steps, self._n = vector_of, firsts, steps, quantiles

    @classmethod
    def from_values(cls, game: Game, values: Sequence[float]) -> GameSpread:  # type: ignore[override]
        """A spread table of plain floats in the value table's order, without quantiles (tests build such)."""
        if len(values) != layout(game).state_count:
            raise TableError(f"{len(values)} values given, {layout(game).state_count} states exist")
        return cls(game, values, 1.0)

    def _position(self, mask: int, up: int, y: int) -> int:
        """The state's place in the table (game_tables' runs), -1 for the full card;
        :class:`~game.strategy.tables.TableError` for a state no game reaches."""
        lay = self._layout
        if 0 <= mask <= lay.full_mask and 0 <= up <= UP_CAP and y == 0:
            pos = UP_POS[mask & UPPER_MASK][up]
            if pos >= 0:
                start = lay.run_starts[mask]
                return start + pos if start >= 0 else -1
        raise TableError(f"no game of {self.game.key} reaches the state mask={mask!r}, up={up!r}, y={y!r}")


def load_game_spread(game: Game, data: bytes, inflated: bytes | bytearray | None = None) -> GameSpread:
    """Decode ``game``'s spread file, refusing one that is damaged or belongs to another
    game or preset (``inflated``: its body inflated already, as for
    :func:`~game.strategy.spread.load_spread`).

    >>> from game.core.games import YATZY
    >>> from game.strategy.spread import encode
    >>> count = layout(YATZY).state_count
    >>> load_game_spread(YATZY, encode("yatzy", [24] * count, 4, [0] * count, [[10, 20, 70]])).points(0, 0, 0)
    (10, 20, 70)
    >>> load_game_spread(YATZY, encode("official", [24] * 536_320, 4))
    Traceback (most recent call last):
    ...
    game.strategy.tables.TableError: this spread table is for official, not yatzy
    """
    return GameSpread(game, *spread_parts(game.key, data, inflated, layout(game).state_count))


def decode_spread(ruleset: str, data: bytes, inflated: bytes | bytearray | None = None) -> Spread:
    """The spread file of a rule set (game.core.rulesets) decoded by its game's reader:
    Yahtzee's for a preset, :func:`load_game_spread` for another game. The page's loader
    and :func:`load_ruleset_spread` both come here."""
    game, preset = rules_of(ruleset)
    return load_spread(preset, data, inflated) if game.five_alike_extra else load_game_spread(game, data, inflated)


def spread_path(ruleset: str) -> Path:
    """Where the shipped spread table of a rule set lives in a checkout."""
    return ASSET_DIR / f"{check_ruleset(ruleset)}.spread.bin"


_LOADED: dict[str, Spread] = {}


def load_ruleset_spread(ruleset: str) -> Spread:
    """CPython convenience: the shipped spread table of a rule set, read and decoded once per
    process (a preset's is :func:`game.strategy.spread.load_preset`'s, the same object)."""
    if rules_of(ruleset)[0].five_alike_extra:
        return load_preset(ruleset)
    if ruleset not in _LOADED:
        _LOADED[ruleset] = decode_spread(ruleset, spread_path(ruleset).read_bytes())
    return _LOADED[ruleset]
