"""Browser entry point, run by PyScript: wires the pure game to the page in one place.

As in 2048's application.js, the game manager is built with its edges passed in: the DOM
renderer, the storage adapter and the computer players.
"""

from urllib.parse import parse_qs

from pyscript import document, window

from game import save
from game.app import App
from game.game import Player
from game.storage import Storage
from game.ui.dialogs import Dialogs
from game.ui.dom import DomRenderer, bind_board
from game.ui.local_storage import open_local_store
from game.ui.setup import SetupDialog

MAX_SEED_LENGTH = 64


def url_seed() -> str | None:
    """``?seed=<text>`` from the address, if it is a short printable text."""
    values = parse_qs(str(window.location.search).lstrip("?")).get("seed", [])
    seed = values[0].strip() if values else ""
    if seed and len(seed) <= MAX_SEED_LENGTH and seed.isprintable():
        return seed
    return None


storage = Storage(open_local_store(window))
renderer = DomRenderer(document)
app = App(renderer, storage)
renderer.dialogs = Dialogs(document, window, app, storage, renderer)
listeners = bind_board(document, app, renderer)
setup = SetupDialog(document, app, kinds=("human",))

seed = url_seed()
saved = storage.load_game(save.loads)
# A link with a seed starts that seed's game, unless the saved game is that very game
# (a reload of the link must resume, not restart).
if saved is not None and seed in (None, saved.seed):
    app.resume(saved)
else:
    app.start([Player(storage.last_name() or "Player 1")], seed=seed)
app.show_notices()

for control in ("new-game", "show-scores", "show-stats"):
    document.getElementById(control).disabled = False
document.body.dataset.state = "ready"
