"""Dice Pad: Yahtzee in the browser, its logic in Python. Each folder is a layer.

Imports flow one way, down this list (``tests/test_layers.py`` fails otherwise):

- ``core``: the rules and the game as immutable values (dice, cards, state, saves, links).
- ``strategy``: the exact optimal strategy, the coach's advice, computer players, reviews.
- ``records``: what a device keeps, one module per localStorage key over one store that
  survives a full quota and corrupt data.
- ``screens``: the HTML of every screen region and dialog, built from values.
- ``session``: the game manager: turn flow, computer turns, the end of a game, words.
- ``web``: the only code that touches the browser (DOM, input table, dialogs, localStorage).
- ``main``: construction only: it wires the session to the web layer.

``game.rules`` is the public rules API (a facade of :mod:`game.core.rules`).
``docs/architecture.md`` says where a rule, a screen region and a stored key live.
"""
