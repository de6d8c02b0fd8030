"""The rules of Yahtzee: the public API, kept at this import path for code outside the game.

The rules live in :mod:`game.core.rules` (the core layer, see ``game/__init__.py``); this
module re-exports every public name of it, so ``from game import rules`` keeps working.

>>> import game.core.rules
>>> BOXES is game.core.rules.BOXES
True
"""

from game.core.rules import *  # noqa: F403 (the re-export is this module's purpose)
from game.core.rules import __all__ as __all__
