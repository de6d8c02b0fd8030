"""Browser entry point, run by PyScript: wires the pure game to the page in one place.

As in 2048's application.js, the game manager is built with its edges passed in: the DOM
renderer, the storage adapter and the computer players.
"""

from urllib.parse import parse_qs

from pyscript import document, window

from game.app import App
from game.game import Player
from game.ui.dom import DomRenderer, bind_board
from game.ui.setup import SetupDialog

MAX_SEED_LENGTH = 64


def url_seed() -> str | None:
    """``?seed=<text>`` from the address, if it is a short printable text."""
    values = parse_qs(str(window.location.search).lstrip("?")).get("seed", [])
    seed = values[0].strip() if values else ""
    if seed and len(seed) <= MAX_SEED_LENGTH and seed.isprintable():
        return seed
    return None


renderer = DomRenderer(document)
app = App(renderer)
listeners = bind_board(document, app, renderer)
setup = SetupDialog(document, app, kinds=("human",))
app.start([Player("Player 1")], seed=url_seed())

document.getElementById("new-game").disabled = False
document.body.dataset.state = "ready"
