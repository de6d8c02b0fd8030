"""Browser entry point, run by PyScript: construction only, as 2048's application.js.

The game manager is built with its edges passed in (the DOM renderer, the device's
records, the computer players and the strategy tables); one input table routes every
click and key to it or to the page's dialogs.
"""

# The page's own objects from Pyodide's `js` module, not PyScript's package (whose
# `document` and `window` are these very objects on the main thread): the page never
# imports that package, ~50 ms of every start (assets/boot.mjs).
from js import document, window

from game.core import rules
from game.core.links import parse_query
from game.core.rulesets import default_game, game_ruleset
from game.core.turn_link import from_fragment
from game.records.device import open_records
from game.screens.language_list import language_unavailable
from game.session.manager import App
from game.session.words import link_problem
from game.web.data_panel import DataPanel
from game.web.dialogs import Dialogs
from game.web.dom import DomRenderer, write_notices
from game.web.early_paint import EarlyPaint
from game.web.feedback import Feedback
from game.web.guard import report, spawn
from game.web.inputs import bind_inputs
from game.web.local_storage import open_local_store
from game.web.page import PageCommands
from game.web.page_language import PageLanguage
from game.web.settings_dialog import SettingsDialog
from game.web.strategy_loader import decide, fetch_distribution, fetch_spread, fetch_table

# A failure during start-up is recorded like any other (PyScript alone would only draw it
# in the page), so every engine's tests see it in window.diceErrors.
try:
    page_language = PageLanguage(window)
    page_language.start()  # the catalog assets/language.js fetched: every word from here on in that language
    records = open_records(open_local_store(window))
    dialogs = Dialogs(document, records)
    settings = SettingsDialog(document, records, dialogs.show_notices)  # applies the stored theme and motion
    renderer = DomRenderer(document, dialogs, Feedback(window, settings.current))
    app = App(renderer, records, decide=decide,
              load_table=fetch_table, spawn=spawn, load_spread=fetch_spread, load_distribution=fetch_distribution)
    renderer.drawn = EarlyPaint(document, window, lambda: app.state is None or app.state.over).drawn
    data = DataPanel(document, window, app, records, dialogs.refresh)
    dialogs.perfect = app.perfect  # Statistics overlays the optimal histogram once it has been fetched
    app.ending.on_finish = data.request_persistence  # a finished game is worth keeping: ask to keep it
    app.coach.warn_above = lambda: settings.current().warn  # the coach's word before a costly move: Settings
    if window.matchMedia("(display-mode: standalone)").matches:  # installed: the player means to come back
        data.request_persistence()
    # A new player starts on the game of the browser's language (Yatzy in sv, da, nb, fi), until one is chosen.
    app.default_game = settings.current().game or default_game([str(x) for x in window.navigator.languages]).key
    commands = PageCommands(document, window, app, dialogs, data, settings)
    listeners = bind_inputs(document, window, commands.dispatch)

    def redraw() -> None:
        """Everything Python drew, in the language spoken now, at once; the game kept as it is."""
        dialogs.redraw()
        commands.setup.redraw()
        settings.show_languages()
        data.show_status()
        app.actuate()

    def language_failed(code: str, previous: str, chosen_here: bool) -> None:
        settings.keep_language(previous, save=chosen_here)
        write_notices(document, [language_unavailable(code)])

    page_language.redraw = redraw
    settings.browser_language = page_language.browser_choice()
    settings.on_language = lambda code, previous, here: page_language.switch(
        code, lambda failed: language_failed(failed, previous, here))

    link = parse_query(str(window.location.search))
    app.renderer.notify([link_problem(problem) for problem in link.notices])
    # No name yet on this device: the game started gives the seat its default name ("Player 1").
    app.open(link, records.name.read() or "", from_fragment(str(window.location.hash)))
    app.show_notices()
    if link.ten is not None:  # ?ten=YYYY-MM-DD(&preset=yatzy): that day's ten of a game, over the player's own game
        commands.open_ten(link.ten, game_ruleset(link.preset or rules.DEFAULT_PRESET))

    for control in ("new-game", "show-games", "show-scores", "show-stats", "show-review", "share", "show-settings"):
        document.getElementById(control).disabled = False
    document.querySelector("main.board").removeAttribute("inert")  # the board painted early (assets/paint.js) wakes
    document.body.dataset.state = "ready"
except Exception as error:
    report(error)
    raise
