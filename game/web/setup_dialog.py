"""The New game dialog: its games, rows and presets drawn once, then read into players and a
rule set (a Yahtzee preset, or "yatzy": game.core.rulesets). The presets show only while a
game that has them (Yahtzee) is chosen."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.core import rules
from game.core.games import GAMES, YAHTZEE, Game
from game.core.players import LEVELS, Player, is_kind
from game.core.rulesets import ruleset_of
from game.screens.setup_form import game_options_html, player_rows_html, preset_options_html
from game.web.dom import found


@dataclass(frozen=True)
class Setup:
    """What the dialog asks for."""

    players: tuple[Player, ...]
    ruleset: str
    real_dice: bool
    game: str  # the game's key, which New game remembers


class SetupDialog:
    """Fills ``#setup`` once; :meth:`read` turns its fields into a :class:`Setup`."""

    def __init__(self, document: Any, game: str = YAHTZEE.key) -> None:
        self.document = document
        self.dialog = document.getElementById("setup")
        self.count = document.getElementById("player-count")
        self._draw(game, rules.DEFAULT_PRESET)
        self.show_rows()

    def _draw(self, game: str, preset: str) -> None:
        self.document.getElementById("game-options").innerHTML = game_options_html(game)
        self.document.getElementById("preset-options").innerHTML = preset_options_html(preset)
        self.document.getElementById("player-rows").innerHTML = player_rows_html(("human", "link", *LEVELS))
        self.show_presets()

    def _chosen(self, name: str, default: str) -> str:
        checked = self.document.querySelector(f'input[name="{name}"]:checked')
        return str(checked.value) if found(checked) else default

    def choose_game(self, game: str) -> None:
        """Check ``game`` (the one remembered, or the browser language's)."""
        for field in self.document.querySelectorAll('input[name="game"]'):
            field.checked = field.value == game
        self.show_presets()

    def show_presets(self) -> None:
        """Yahtzee's Joker presets, only while a game that has them is chosen."""
        game = GAMES.get(self._chosen("game", YAHTZEE.key), YAHTZEE)
        self.document.getElementById("preset-fieldset").hidden = not game.five_alike_extra

    def redraw(self) -> None:
        """In the language spoken now, keeping what the player has chosen and typed."""
        count = int(self.count.value)
        names = [str(field.value) for field in self.document.querySelectorAll("[data-name]")]
        kinds = [str(field.value) for field in self.document.querySelectorAll("[data-kind]")]
        self._draw(self._chosen("game", YAHTZEE.key), self._chosen("preset", rules.DEFAULT_PRESET))
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

    def chosen_game(self) -> Game:
        """The game checked now (the daily challenge plays it too)."""
        return GAMES.get(self._chosen("game", YAHTZEE.key), YAHTZEE)

    def first_name(self) -> str:
        """The first row's name (the daily challenge is a solo game)."""
        return str(self.document.querySelector('[data-name="0"]').value)

    def read(self) -> Setup:
        players = []
        for i in range(int(self.count.value)):
            name = str(self.document.querySelector(f'[data-name="{i}"]').value)
            kind = str(self.document.querySelector(f'[data-kind="{i}"]').value)
            players.append(Player(name, kind if is_kind(kind) else "human"))
        game = self.chosen_game()
        ruleset = ruleset_of(game, self._chosen("preset", rules.DEFAULT_PRESET))
        return Setup(tuple(players), ruleset, bool(self.document.getElementById("setup-real-dice").checked), game.key)
