"""Browser entry point, run by PyScript: wires the pure game to the page in one place.

As in 2048's application.js, the game manager is built with its edges passed in: the DOM
renderer, the storage adapter and the computer players.
"""

from pyscript import document, window

from game.core.links import parse_query
from game.records.device import Storage
from game.session.manager import App
from game.strategy import LEVELS
from game.web.data_panel import DataPanel
from game.web.dialogs import Dialogs
from game.web.dom import DomRenderer, bind_board
from game.web.games_dialog import GamesDialog
from game.web.guard import report, spawn
from game.web.local_storage import open_local_store
from game.web.review_dialog import ReviewDialog
from game.web.setup_dialog import SetupDialog
from game.web.share import bind_sharing
from game.web.strategy_loader import decide, fetch_table

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
