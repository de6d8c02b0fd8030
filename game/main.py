"""Browser entry point, run by PyScript: wires the pure game to the page in one place.

As in 2048's application.js, the game manager is built with its edges passed in: the DOM
renderer, the storage adapter and the computer players.
"""

from pyscript import document, window

from game import save
from game.app import App
from game.game import Player
from game.links import parse_query
from game.storage import Storage
from game.strategy import LEVELS
from game.ui.dialogs import Dialogs
from game.ui.dom import DomRenderer, bind_board
from game.ui.local_storage import open_local_store
from game.ui.review import ReviewDialog
from game.ui.setup import SetupDialog
from game.ui.share import bind_sharing
from game.ui.tables import decide, fetch_table

storage = Storage(open_local_store(window))
renderer = DomRenderer(document)
app = App(renderer, storage, decide=decide, load_table=fetch_table)
renderer.dialogs = Dialogs(document, window, app, storage, renderer)
listeners = [bind_board(document, app, renderer), bind_sharing(window, app),
             SetupDialog(document, app, kinds=("human", *LEVELS)), ReviewDialog(document, app, storage)]

link = parse_query(str(window.location.search))
renderer.notify(link.notices)
challenge = (link.beat, link.challenger or "a friend") if link.beat is not None else None
saved = storage.load_game(save.loads)
# A link with a seed starts that seed's game, unless the saved game is that very game
# (a reload of the link must resume, not restart).
if saved is not None and link.seed in (None, saved.seed):
    app.challenge = challenge if link.seed else None
    app.resume(saved)
else:
    name = storage.last_name() or "Player 1"
    app.start([Player(name)], link.preset or "official", link.seed, challenge)
app.show_notices()

for control in ("new-game", "show-scores", "show-stats", "show-review", "share"):
    document.getElementById(control).disabled = False
document.body.dataset.state = "ready"
