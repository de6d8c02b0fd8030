"""Today's ten (issue 32): ten decisions of real games a day, graded by the exact strategy.

- :mod:`game.daily.prng`: the day's seed and its integer generator (SplitMix64), the same
  draws on every device and every Python version (no ``random`` module).
- :mod:`game.daily.levels`: the Casual and Beginner computers' choices, made deterministic.
- :mod:`game.daily.puzzle`: the ten positions of a date (``todays_ten``) and their digest.
- :mod:`game.daily.grading`: a choice's loss and colour, the grid, the par.

Pure Python with no I/O and no browser: it may import ``game.core``, ``game.strategy``
and ``game.daily``. docs/daily.md has the method, the margin, the thresholds and the data.
"""
