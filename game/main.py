"""Browser entry point, run by PyScript: wires the pure game to the page in one place.

As in 2048's application.js, the game manager is built with its edges passed in: the DOM
renderer, the storage adapter and the computer players.
"""

from pyscript import document, window

from game.app import App
from game.links import parse_query
from game.storage import Storage
from game.strategy import LEVELS
from game.ui.data import DataPanel
from game.ui.dialogs import Dialogs
from game.ui.dom import DomRenderer, bind_board
from game.ui.games import GamesDialog
from game.ui.guard import report, spawn
from game.ui.local_storage import open_local_store
from game.ui.review import ReviewDialog
from game.ui.setup import SetupDialog
from game.ui.share import bind_sharing
from game.ui.tables import decide, fetch_table

# A failure during start-up is recorded like any other (PyScript alone would only draw it
# in the page), so every engine's tests see it in window.diceErrors.
try:
    storage = Storage(open_local_store(window))
    renderer = DomRenderer(document)
    app = App(renderer, storage, decide=decide, load_table=fetch_table, spawn=spawn)
    renderer.dialogs = Dialogs(document, window, app, storage, renderer)
    renderer.games = GamesDialog(document, window, app, storage)
    data = renderer.dialogs.data = DataPanel(document, window, app, storage, renderer.dialogs.refresh)
    app.on_finish = data.request_persistence  # a finished game is worth keeping: ask the browser to keep it
    if window.matchMedia("(display-mode: standalone)").matches:  # installed: the player means to come back
        data.request_persistence()
    listeners = [bind_board(document, app, renderer), bind_sharing(window, app),
                 SetupDialog(document, app, kinds=("human", *LEVELS)), ReviewDialog(document, app, storage)]

    link = parse_query(str(window.location.search))
    renderer.notify(link.notices)
    app.open(link, storage.last_name() or "Player 1")
    app.show_notices()

    for control in ("new-game", "show-games", "show-scores", "show-stats", "show-review", "share"):
        document.getElementById(control).disabled = False
    document.body.dataset.state = "ready"
except Exception as error:
    report(error)
    raise
