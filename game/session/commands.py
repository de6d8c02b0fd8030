"""The one table that routes what a player asks of the board to the game manager.

``game.web.inputs`` maps clicks and keys to commands; the page hands the game's to
:func:`handle`. Tests go through it too.

>>> from game.core.dice import ScriptedDice
>>> from game.core.players import Player
>>> from game.session.fakes import RecordingRenderer
>>> from game.session.manager import App
>>> app = App(RecordingRenderer())
>>> app.start([Player("Ann")], seed="doc")
>>> app.roll(ScriptedDice([6, 6, 6, 6, 6]))
>>> handle(app, "score", "yahtzee")
>>> app.state.cards[0].filled
{'yahtzee': 50}
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal, get_args

from game.session.manager import App

#: What a player can ask of the board (game.web.inputs maps clicks and keys to these).
GameCommand = Literal["roll", "hold", "score", "undo", "hints", "values", "skip", "enter-dice", "costly"]
GAME_COMMANDS: tuple[GameCommand, ...] = get_args(GameCommand)

#: One handler per command.
COMMANDS: dict[GameCommand, Callable[[App, str], None]] = {
    "roll": lambda app, _: app.roll(),
    "hold": lambda app, die: app.toggle_hold(int(die)),
    "score": lambda app, box: app.score(box),
    "undo": lambda app, _: app.undo(),
    "hints": lambda app, _: app.toggle_hints(),
    "values": lambda app, _: app.toggle_values(),
    "skip": lambda app, _: app.skip(),
    "enter-dice": lambda app, text: app.enter_dice(text),
    "costly": lambda app, answer: app.answer_costly(answer),  # the answer to a warning: best, keep, again
}


def handle(app: App, command: GameCommand, arg: str = "") -> None:
    """Run one command; ``arg`` is its argument as the page gives it (a die or a box)."""
    COMMANDS[command](app, arg)
