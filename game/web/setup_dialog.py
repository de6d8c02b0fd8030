"""The New game dialog: its rows and presets drawn once, then read into players and a preset."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.core import rules
from game.core.players import LEVELS, Player, is_kind
from game.screens.setup_form import player_rows_html, preset_options_html
from game.web.dom import found


@dataclass(frozen=True)
class Setup:
    """What the dialog asks for."""

    players: tuple[Player, ...]
    preset: str
    real_dice: bool


class SetupDialog:
    """Fills ``#setup`` once; :meth:`read` turns its fields into a :class:`Setup`."""

    def __init__(self, document: Any) -> None:
        self.document = document
        self.dialog = document.getElementById("setup")
        self.count = document.getElementById("player-count")
        self._draw(rules.DEFAULT_PRESET)
        self.show_rows()

    def _draw(self, preset: str) -> None:
        self.document.getElementById("preset-options").innerHTML = preset_options_html(preset)
        self.document.getElementById("player-rows").innerHTML = player_rows_html(("human", "link", *LEVELS))

    def redraw(self) -> None:
        """In the language spoken now, keeping what the player has chosen and typed."""
        count = int(self.count.value)
        names = [str(field.value) for field in self.document.querySelectorAll("[data-name]")]
        kinds = [str(field.value) for field in self.document.querySelectorAll("[data-kind]")]
        checked = self.document.querySelector('input[name="preset"]:checked')
        self._draw(str(checked.value) if found(checked) else rules.DEFAULT_PRESET)
        for field, name in zip(self.document.querySelectorAll("[data-name]"), names, strict=False):
            field.value = name
        for field, kind in zip(self.document.querySelectorAll("[data-kind]"), kinds, strict=False):
            field.value = kind
        self.count.value = str(count)
        self.show_rows()

    def open(self) -> None:
        if not self.dialog.open:
            self.dialog.showModal()

    def close(self) -> None:
        self.dialog.close()

    def show_rows(self) -> None:
        """Show as many rows as the player count asks for."""
        count = int(self.count.value)
        for row in self.document.querySelectorAll("#player-rows li"):
            row.hidden = int(row.dataset.row) >= count

    def first_name(self) -> str:
        """The first row's name (the daily challenge is a solo game)."""
        return str(self.document.querySelector('[data-name="0"]').value)

    def read(self) -> Setup:
        players = []
        for i in range(int(self.count.value)):
            name = str(self.document.querySelector(f'[data-name="{i}"]').value)
            kind = str(self.document.querySelector(f'[data-kind="{i}"]').value)
            players.append(Player(name, kind if is_kind(kind) else "human"))
        checked = self.document.querySelector('input[name="preset"]:checked')
        preset = str(checked.value) if found(checked) else rules.DEFAULT_PRESET
        return Setup(tuple(players), preset, bool(self.document.getElementById("setup-real-dice").checked))
