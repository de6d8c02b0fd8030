"""The engine's side of random play (tests/browser/randomized.py): the game as CPython
plays it, and the game a page saved, to compare with what the page shows."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, replace

from game.core import save
from game.core.errors import IllegalAction
from game.core.state import GameState


@dataclass
class Model:
    """The game as the engine plays it, and the App's undo point (game/session/manager.py)."""

    state: GameState
    undo_point: GameState | None = None
    hinted: bool = False  # hints were on during this game: the page may mark it assisted

    def _act(self, action: Callable[[GameState], GameState], undo_point: GameState | None = None) -> str:
        try:
            state = action(self.state)
        except IllegalAction as err:
            return f"refused ({type(err).__name__})"
        # As App._act: any other action ends the chance to take a box back, and so does the end.
        self.state, self.undo_point = state, (None if state.over else undo_point)
        return "ok"

    def roll(self) -> str:
        return self._act(lambda s: s.roll())

    def toggle(self, die: int) -> str:
        return self._act(lambda s: s.toggle_hold(die))

    def score(self, box: str) -> str:
        return self._act(lambda s: s.score(box), undo_point=self.state)

    def undo(self) -> str:
        if self.undo_point is None:
            return "nothing to undo"
        self.state, self.undo_point = replace(self.undo_point, assisted=True), None
        return "ok"


def saved_state(text: str | None) -> GameState | None:
    """The game in a ``yahtzee:game`` record (None without one, or once the game ended)."""
    game = None if text is None else json.loads(text).get("game")
    return None if game is None else save.loads(game)
