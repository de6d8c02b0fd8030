"""What each command does in the page: game commands go to the game manager, page commands
to the dialogs. The one routing table of the page (:data:`PageCommands.handlers`)."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from game.core.games import GAMES, Game
from game.core.links import daily_seed
from game.core.players import Player
from game.core.rulesets import ruleset_of
from game.core.turn_link import from_fragment
from game.screens.storage_words import reset_stats_question, stats_reset
from game.session.commands import GAME_COMMANDS, handle
from game.session.manager import App
from game.web.data_panel import DataPanel
from game.web.dialogs import Dialogs
from game.web.dom import move_box_focus
from game.web.inputs import Command, PageCommand
from game.web.settings_dialog import SettingsDialog
from game.web.setup_dialog import SetupDialog
from game.web.share import share_challenge, share_game, share_page, share_result

if TYPE_CHECKING:
    from game.web.review_dialog import ReviewDialog
    from game.web.ten_dialog import TenDialog


class PageCommands:
    """Routes every command of :mod:`game.web.inputs` to its handler."""

    def __init__(self, document: Any, window: Any, app: App, dialogs: Dialogs, data: DataPanel,
                 settings: SettingsDialog) -> None:
        self.document, self.window, self.app, self.dialogs, self.data = document, window, app, dialogs, data
        self.settings = settings
        self.setup = SetupDialog(document, app.default_game)  # the game last chosen, or the language's (game/main.py)
        self.menu_toggle = document.getElementById("menu-toggle")
        self._review: ReviewDialog | None = None
        self._ten_dialog: TenDialog | None = None
        self._ten_after_link: tuple[str, str] | None = None  # a ?ten= day (and game) waiting for the link's question
        self.handlers: dict[PageCommand, Callable[[str], None]] = {
            "new-game": lambda _: self._new_game(),
            "setup-rows": lambda _: self.setup.show_rows(),
            "setup-game": lambda _: self.setup.show_presets(),
            "setup-start": lambda _: self._start(),
            "setup-cancel": lambda _: self.setup.close(),
            "daily": lambda _: self._daily(),
            "show-games": lambda _: dialogs.show_games(),
            "resume-game": self._resume,
            "link-play": lambda _: self._link(True),
            "link-keep": lambda _: self._link(False),
            "show-scores": lambda _: dialogs.show_high_scores(),
            "show-stats": lambda _: self._stats(),
            "stats-reset": lambda _: self._reset_stats(),
            "name-entered": lambda _: self._name_entered(),
            "show-review": lambda _: self.review.open(None),
            "review-game": lambda _: self.review.open(app.ending.finished_id),
            "review-pick-game": lambda _: self.review.game_chosen(),
            "review-pick-seat": lambda _: self.review.draw(),
            "backup-save": lambda _: data.save(),
            "backup-restore": lambda _: data.choose_file(),
            "backup-file": lambda _: data.restore(),
            "share": lambda _: share_page(window),
            "show-settings": lambda _: settings.open(),
            "settings-changed": lambda _: settings.changed(),
            "challenge": lambda _: share_challenge(window, app.state),
            "send-game": lambda href: share_game(window, app.state, href),
            "share-result": lambda _: share_result(window, app.state, app.challenge),
            "resume-friends": self._resume_friends,
            "open-link": lambda _: self._open_link(),
            "close-dialog": lambda _: dialogs.close(),
            "other-tab": lambda _: self._other_tab(),
            "focus-next": lambda _: move_box_focus(document, 1),
            "focus-previous": lambda _: move_box_focus(document, -1),
            "menu": lambda _: self._fold_menu(toggle=True),
            "show-card": lambda seat: dialogs.show_card(app.state, int(seat)),
            "ten": lambda _: self.open_ten(None, ruleset_of(self._board_game())),  # at a game's end: its game's
            "setup-ten": lambda _: self.open_ten(None, ruleset_of(self.setup.chosen_game())),
            "ten-die": lambda die: self.ten.die(die),
            "ten-roll": lambda _: self.ten.roll(),
            "ten-box": lambda box: self.ten.box(box),
            "ten-next": lambda _: self.ten.next(),
            "ten-again": lambda _: self.ten.again(),
            "ten-share": lambda _: self.ten.share(),
            "ten-day": lambda day: self.ten.other_day(day),
            "ten-past": lambda _: self.ten.past(),
            "ten-open-day": lambda day: self.ten.open(day),
            "ten-today": lambda _: self.ten.open(),
            "practice": lambda what: self.ten.practice(what),
        }

    @property
    def review(self) -> ReviewDialog:
        """The review dialog, built on first use (start-up time: docs/performance.md)."""
        if self._review is None:
            from game.web.review_dialog import ReviewDialog

            self._review = ReviewDialog(self.document, self.app)
        return self._review

    @property
    def ten(self) -> TenDialog:
        """Today's ten's dialog, built on first use."""
        if self._ten_dialog is None:
            from game.web.ten_dialog import TenDialog

            self._ten_dialog = TenDialog(self.document, self.window, self.app)
        return self._ten_dialog

    def _board_game(self) -> Game:
        """The game on the board (the player's default game before any)."""
        return self.app.state.game if self.app.state is not None else GAMES[self.app.default_game]

    def open_ten(self, day: str | None, ruleset: str) -> None:
        """Today's ten of a game (``ruleset``: its own rules; ``day``: a link's date), over
        whatever dialog was open; but a link that also carries a game asks its question
        first, and the ten waits for the answer (opened over it, it would close the question
        unanswered)."""
        if day is not None and self.dialogs.is_open("link-choice"):
            self._ten_after_link = day, ruleset
            return
        self.setup.close()
        self.dialogs.close()
        self.ten.open(day, ruleset=ruleset)

    def dispatch(self, command: Command, arg: str) -> None:
        if command != "menu":
            self._fold_menu()  # a phone's menu folds away once something is chosen
        if command in GAME_COMMANDS:
            handle(self.app, command, arg)
        else:
            self.handlers[cast(PageCommand, command)](arg)

    def _fold_menu(self, toggle: bool = False) -> None:
        """Fold the phone's menu (``toggle``: open it if folded); wide screens show it always (CSS).

        Every command folds it, so this runs at every click: one read, and a write only
        when something changes."""
        was_open = self.menu_toggle.getAttribute("aria-expanded") == "true"
        if toggle or was_open:
            self.menu_toggle.setAttribute("aria-expanded", "true" if toggle and not was_open else "false")

    def _new_game(self) -> None:
        """The New game dialog, on the game last chosen (another tab may have chosen since)."""
        self.setup.choose_game(self.settings.current().game or self.app.default_game)
        self.setup.open()

    def _start(self) -> None:
        setup = self.setup.read()
        self.setup.close()
        self.settings.keep_game(setup.game)  # the next New game opens on it
        self.app.start(setup.players, setup.ruleset, real_dice=setup.real_dice)

    def _daily(self) -> None:
        """Today's daily challenge: a solo game of the game chosen (Yahtzee's official rules,
        or Yatzy), the date's seed."""
        name, game = self.setup.first_name(), self.setup.chosen_game()
        self.setup.close()
        self.app.start([Player(name)], ruleset_of(game), daily_seed(datetime.date.today()))

    def _resume(self, game_id: str) -> None:
        self.dialogs.close("games-dialog")
        self.app.resume_game(game_id)

    def _resume_friends(self, game_id: str) -> None:
        self.dialogs.close("games-dialog")
        self.app.resume_friends(game_id)

    def _open_link(self) -> None:
        """A ``#play=`` link opened in this tab (the address changed without a reload)."""
        if (text := from_fragment(str(self.window.location.hash))) is not None:
            self.dialogs.close()
            self.app.open_turn_link(text)

    def _link(self, play: bool) -> None:
        self.dialogs.close("link-choice")
        self.app.choose_link(play)
        if (waiting := self._ten_after_link) is not None:
            self._ten_after_link = None
            self.open_ten(*waiting)

    def _stats(self) -> None:
        self.dialogs.show_stats()
        self.data.show_status()

    def _reset_stats(self) -> None:
        if self.window.confirm(reset_stats_question()):
            if self.app.records is not None:
                self.app.records.stats.reset(confirmed=True)
            self.app.renderer.announce(stats_reset())
            self._stats()

    def _name_entered(self) -> None:
        if (entered := self.dialogs.take_name()) is not None:
            self.app.confirm_name(*entered)

    def _other_tab(self) -> None:
        """Another tab saved: follow its game and its settings, and show fresh records in an open dialog."""
        self.app.sync()
        self.dialogs.refresh()
        self.settings.reload()
