"""The core: the rules of Yahtzee and the game as immutable values.

Rules and scoring (``rules``), dice sources (``dice``), players and names, the scorecard
and moves (``card``), the game state and its actions (``state``), what the engine refuses
(``errors``), the saved-game text (``save``) and the links that start a game (``links``).
Plain Python with no I/O: it may import only the standard library and ``game.core``.
"""
