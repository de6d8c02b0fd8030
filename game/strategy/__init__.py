"""The exact optimal strategy: tables of expected scores, a coach and computer players.

- :mod:`game.strategy.rolls`: the 252 rolls and 462 keeps, and their odds.
- :mod:`game.strategy.tables`: decode ``assets/strategy/<preset>.bin`` (``load_table``).
- :mod:`game.strategy.coach`: every option of a situation, ranked (``rank_options``, ``advise``).
- :mod:`game.strategy.players`: computer opponents (``decide``).
- ``python -m game.strategy --help``: the coach on the command line.

Pure Python: it runs in the browser; the tables come from ``tools/gen_tables.py``.
"""
