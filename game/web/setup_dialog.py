"""The New game dialog: players, their kinds, and the Joker preset."""

from __future__ import annotations

import datetime
from typing import Any

from game.core import rules
from game.core.links import daily_seed
from game.core.players import MAX_PLAYERS, Player
from game.screens.markup import escape
from game.strategy import LEVEL_MEANS, LEVEL_NAMES, LEVELS
from game.web.dom import found, on_clicks
from game.web.guard import listener

KIND_LABELS = {"human": "Person"} | {
    level: f"Computer: {LEVEL_NAMES[level]} (averages {LEVEL_MEANS[level]:.0f})" for level in LEVELS
}


def preset_options_html(selected: str) -> str:
    """One radio button per preset, with its one-line explanation (our own text only)."""
    return "".join(
        f'<label class="preset"><input type="radio" name="preset" value="{p}"'
        f'{" checked" if p == selected else ""}> {escape(rules.PRESET_LABELS[p])}'
        f"<small>{escape(rules.PRESET_HELP[p])}</small></label>"
        for p in rules.PRESETS
    )


def player_rows_html(kinds: tuple[str, ...]) -> str:
    options = "".join(f'<option value="{k}">{escape(KIND_LABELS[k])}</option>' for k in kinds)
    return "".join(
        f'<li data-row="{i}"><label>Name <input type="text" maxlength="32" autocomplete="off" '
        f'data-name="{i}" placeholder="Player {i + 1}"></label> '
        f'<label><span class="visually-hidden">Player {i + 1} is</span>'
        f'<select data-kind="{i}">{options}</select></label></li>'
        for i in range(MAX_PLAYERS)
    )


class SetupDialog:
    """Reads the dialog into a player list and a preset, then starts the game."""

    def __init__(self, document: Any, app: Any, kinds: tuple[str, ...]) -> None:
        self.document, self.app = document, app
        self.dialog = document.getElementById("setup")
        document.getElementById("preset-options").innerHTML = preset_options_html(rules.DEFAULT_PRESET)
        document.getElementById("player-rows").innerHTML = player_rows_html(kinds)
        self.count = document.getElementById("player-count")
        self._proxies = [listener(self._show_rows), listener(self._start), listener(self.open),
                         listener(lambda _e: self.dialog.close()), listener(self._daily)]
        self.count.addEventListener("change", self._proxies[0])
        document.getElementById("setup-form").addEventListener("submit", self._proxies[1])
        document.getElementById("new-game").addEventListener("click", self._proxies[2])
        self._proxies.append(on_clicks(document, {"#again": self.open}))  # with a finished game's result
        document.getElementById("setup-cancel").addEventListener("click", self._proxies[3])
        document.getElementById("setup-daily").addEventListener("click", self._proxies[4])
        self._show_rows()

    def open(self, _event: Any = None) -> None:
        self.dialog.showModal()

    def _show_rows(self, _event: Any = None) -> None:
        count = int(self.count.value)
        for row in self.document.querySelectorAll("#player-rows li"):
            row.hidden = int(row.dataset.row) >= count

    def _daily(self, _event: Any) -> None:
        """Today's daily challenge: a solo game, official rules, the date's seed."""
        name = self.document.querySelector('[data-name="0"]').value
        self.dialog.close()
        self.app.start([Player(name)], rules.DEFAULT_PRESET, daily_seed(datetime.date.today()))

    def _start(self, event: Any) -> None:
        event.preventDefault()
        players = []
        for i in range(int(self.count.value)):
            name = self.document.querySelector(f'[data-name="{i}"]').value
            kind = self.document.querySelector(f'[data-kind="{i}"]').value
            players.append(Player(name, kind))
        checked = self.document.querySelector('input[name="preset"]:checked')
        self.dialog.close()
        real = bool(self.document.getElementById("setup-real-dice").checked)
        self.app.start(players, checked.value if found(checked) else rules.DEFAULT_PRESET, real_dice=real)
