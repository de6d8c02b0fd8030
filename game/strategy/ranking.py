"""Every option of a situation ranked by its table's game: Yahtzee's coach
(:mod:`game.strategy.coach`, by preset, with its Joker and bonuses) or the coach of a game
without them (:mod:`game.strategy.game_coach`, Yatzy). What the session, the computers and
the review call, whatever the game.

>>> from game.strategy.game_tables import load_ruleset
>>> rank_options(load_ruleset("yatzy"), {}, (1, 2, 3, 4, 5), 0)[0].box
'small_straight'
>>> rank_options(load_ruleset("official"), {}, (1, 2, 3, 4, 5), 0)[0].box
'large_straight'
"""

from __future__ import annotations

from collections.abc import Mapping

from game.strategy import coach
from game.strategy.options import Option
from game.strategy.tables import Table


def rank_options(table: Table, filled: Mapping[str, int], dice: tuple[int, ...], rolls_left: int,
                 yahtzee_bonuses: int = 0) -> list[Option]:
    """Every option, best first: each distinct hold (while rolls are left) and each box the
    dice may fill; ``yahtzee_bonuses``: Yahtzee's check marks (a game without them has none)."""
    if table.game.five_alike_extra:
        return coach.rank_options(table, filled, dice, rolls_left, yahtzee_bonuses)
    from game.strategy.game_coach import rank_options as rank_game  # with the game's table, in the later archive
    from game.strategy.game_tables import GameTable

    assert isinstance(table, GameTable), f"{table.game.key}'s table is a GameTable"
    return rank_game(table, filled, dice, rolls_left)
