"""Screens: the HTML of every region of the board and every dialog, built from values.

Pure functions of the game state, the coach's advice and the records' values, so they run
in CPython tests. Player names never enter this HTML: an empty ``data-name-seat`` slot
is left for the web layer to fill with ``textContent``. It may import ``game.core``,
``game.strategy``, ``game.records`` and ``game.screens``; nothing here changes state.
"""
