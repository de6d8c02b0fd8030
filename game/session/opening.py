"""What the page opens on: the game on the board, a link's game, or a question.

The rule (``docs/storage.md``, "Links and the game in progress"): a link never discards
a game. The page resumes the stored game unless the link asks for another seed; then a
game nobody has played yet simply gives way, and a game with moves stays on the board
while the player is asked which to play. The one not chosen is set aside, resumable from
Games.

>>> from game.core.state import new_game
>>> played = new_game(["Ann"], seed="mine").roll()
>>> [decide_opening(None, played), decide_opening("mine", played), decide_opening("theirs", played)]
['resume', 'resume', 'ask']
>>> decide_opening("theirs", new_game(["Ann"], seed="mine")), decide_opening(None, None)
('link', 'new')
"""

from __future__ import annotations

from typing import Literal

from game.core.state import GameState

Opening = Literal["resume", "link", "ask", "new"]


def decide_opening(link_seed: str | None, stored: GameState | None) -> Opening:
    """``link_seed``: the seed a link asks for (None: no link); ``stored``: the game on the board."""
    if stored is None:
        return "new" if link_seed is None else "link"
    if link_seed is None or link_seed == stored.seed:
        return "resume"  # a reload of the link's own game resumes it
    return "ask" if stored.moves else "link"
