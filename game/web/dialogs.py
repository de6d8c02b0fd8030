"""The dialogs that show records: high scores and the name prompt, statistics, the Games
list and the question a link asks. Display only: what a button does is a command
(:mod:`game.web.inputs`, :mod:`game.web.page`). Every player name is written as text.
"""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING, Any

from game.core.rulesets import game_ruleset
from game.core.state import GameState
from game.records.device import Records
from game.screens.markup import card_title_html
from game.screens.stats_panel import preset_options_html
from game.screens.storage_words import notice_words
from game.web.dom import fill_names, found, write_notices
from game.web.guard import spawn

if TYPE_CHECKING:
    from game.session.perfect_play import PerfectPlay


class Dialogs:
    """Opens and fills the dialogs; the renderer's prompts (:class:`game.web.dom.Prompts`)."""

    def __init__(self, document: Any, records: Records) -> None:
        self.document, self.records = document, records
        self.highlight: tuple[str, ...] = ()
        self.entry_id: str | None = None  # the high score whose name is being asked
        self.perfect: PerfectPlay | None = None  # the game manager's, once it exists (game/main.py)
        document.getElementById("stats-preset").innerHTML = preset_options_html()

    def _get(self, element_id: str) -> Any:
        return self.document.getElementById(element_id)

    def _fill(self, element_id: str, html: str, names: list[str]) -> None:
        element = self._get(element_id)
        element.innerHTML = html
        fill_names(element, names)

    def _open(self, dialog_id: str) -> None:
        if not (dialog := self._get(dialog_id)).open:
            dialog.showModal()
        self.show_notices()

    def show_notices(self) -> None:
        """Reading a record may have found it unreadable: say so at once."""
        write_notices(self.document, [notice_words(notice) for notice in self.records.take_notices()])

    def is_open(self, dialog_id: str) -> bool:
        dialog = self._get(dialog_id)
        return found(dialog) and bool(dialog.open)

    def close(self, dialog_id: str | None = None) -> None:
        """Close ``dialog_id``, or every open dialog."""
        for dialog in self.document.querySelectorAll(f"#{dialog_id}[open]" if dialog_id else "dialog[open]"):
            dialog.close()

    # --- high scores and the name of a new one

    def show_high_scores(self, highlight: tuple[str, ...] | str | None = None) -> None:
        from game.screens.score_table import high_scores_html  # dialogs' screens load on first use

        self.highlight = (highlight,) if isinstance(highlight, str) else tuple(highlight or ())
        entries = self.records.scores.table()
        self._fill("scores-table", high_scores_html(entries, self.highlight), [e.name for e in entries])
        self._open("scores-dialog")

    def ask_name(self, entry_id: str, name: str, score: int) -> None:
        self.entry_id = entry_id
        self._get("name-score").textContent = str(score)
        field = self._get("name-input")
        field.value = name
        self._open("name-dialog")
        field.select()

    def take_name(self) -> tuple[str, str] | None:
        """The name entered for the asked high score, ``(entry id, name)``; closes the prompt."""
        self.close("name-dialog")
        if self.entry_id is None:
            return None
        entry_id, self.entry_id = self.entry_id, None
        return entry_id, str(self._get("name-input").value)

    # --- one player's card, opened from a name in the pad

    def show_card(self, state: GameState | None, seat: int) -> None:
        from game.screens.scorecard import player_card_html

        if state is None or not 0 <= seat < len(state.players):
            return
        names = [player.name for player in state.players]
        self._fill("card-title", card_title_html(seat), names)
        self._fill("card-body", player_card_html(state, seat), names)
        self._open("card-dialog")

    # --- statistics

    def show_stats(self) -> None:
        """The chosen preset's statistics; the histogram gets the perfect-play overlay once the
        preset's distribution is here (fetched on first use: the dialog is drawn again then)."""
        from game.screens.stats_panel import stats_html
        from game.web import later

        preset = str(self._get("stats-preset").value)
        assisted = bool(self._get("stats-assisted").checked)
        stats = self.records.stats.read(preset, assisted=assisted)
        perfect = self.perfect.known(preset) if self.perfect is not None else None
        chart = later.here()  # else the histogram comes with the later archive, a moment later
        self._fill("stats-body", stats_html(stats, perfect, chart), [])
        self._open("stats-dialog")
        spawn(self._ten_days(game_ruleset(preset), None if chart else preset))
        if perfect is None and stats.games and self.perfect is not None:
            spawn(self._overlay_when_fetched(self.perfect, preset))

    async def _ten_days(self, ruleset: str, chart: str | None = None) -> None:
        """The player's days of the ten of ``ruleset``'s game (the statistics chosen: Yahtzee's
        presets share the official ten), drawn once the later archive that holds their
        modules is here (fetched on first use); with ``chart``, the dialog is drawn again
        with that preset's histogram (the archive's too) if it still shows that preset."""
        from game.web import later

        if not await later.available():
            return
        if chart is not None:
            if self.is_open("stats-dialog") and str(self._get("stats-preset").value) == chart:
                self.show_stats()  # which draws the ten's days too
            return
        from game.records.daily_stats import ten_stats
        from game.screens.ten_days import days_html

        today = datetime.date.today().isoformat()  # the player's local date (the records never read it)
        self._fill("ten-stats", days_html(ten_stats(self.records.tens[ruleset].read(), today)), [])

    async def _overlay_when_fetched(self, perfect: PerfectPlay, preset: str) -> None:
        if (await perfect.get(preset) is not None and self.is_open("stats-dialog")
                and str(self._get("stats-preset").value) == preset):
            self.show_stats()

    # --- games set aside, and the question a link asks

    def show_games(self) -> None:
        from game.screens.games_list import friends_html, set_aside_html

        self._get("friends-list").innerHTML = friends_html(self.records.friends.games())
        self._get("games-list").innerHTML = set_aside_html(self.records.set_aside.games())
        self._open("games-dialog")

    def ask_link_choice(self, text: str) -> None:
        self._get("link-choice-text").textContent = text
        self._open("link-choice")

    def redraw(self) -> None:
        """In the language spoken now: the Statistics' rules list (its choice kept), an open dialog."""
        select = self._get("stats-preset")
        chosen = str(select.value)
        select.innerHTML = preset_options_html()
        select.value = chosen
        self.refresh()

    def refresh(self) -> None:
        """Another tab wrote records: show them fresh in the dialog that is open."""
        if self.is_open("scores-dialog"):
            self.show_high_scores(self.highlight)
        if self.is_open("stats-dialog"):
            self.show_stats()
        if self.is_open("games-dialog"):
            self.show_games()
