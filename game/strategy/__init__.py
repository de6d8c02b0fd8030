"""The exact optimal strategy: tables of expected scores, a coach and computer players.

- :mod:`game.strategy.rolls`: the 252 rolls and 462 keeps, and their odds.
- :mod:`game.strategy.tables`: decode ``assets/strategy/<preset>.bin`` (``load_table``).
- :mod:`game.strategy.coach`: every option of a situation, ranked (``rank_options``, ``advise``).
- :mod:`game.strategy.players`: computer opponents (``decide``).
- :mod:`game.strategy.to_win`: the options ranked by the chance to reach a score or to win.
- :mod:`game.strategy.advice`: hints for a game state, in the coach's words.
- :mod:`game.strategy.review`: a finished game's decisions measured against optimal play.

Pure Python: it runs in the browser; the tables come from ``tools/gen_tables.py``.
It may import ``game.core`` and ``game.strategy`` only.
This package module stays light on purpose: the page imports it at start-up for the
levels' means, and loads the coach only when a feature first needs it. The
levels themselves (``LEVELS``, strongest first) are :data:`game.core.players.LEVELS`.
"""

from game.core.players import LEVELS, ComputerLevel

__all__ = ["LEVELS", "LEVEL_MEANS"]

#: Mean final score of each level over 2,000 official solitaire games (bench/bench_players.py,
#: docs/strategy.md); the new-game dialog shows them. tests/test_strategy_players.py re-measures.
#: Alone, ``to_win`` has no one to beat and plays as ``optimal``.
LEVEL_MEANS: dict[ComputerLevel, float] = {"to_win": 256.33, "optimal": 256.33, "noisy": 234.82, "greedy": 194.76}
