"""The New game dialog's fields: one row per seat (name and kind) and the Joker presets.

Our own text only: the names typed in are read back as values, never written here.

>>> player_rows_html(("human", "optimal")).count("<li")
6
>>> f'maxlength="{NAME_LENGTH}"' in player_rows_html(("human",))
True
"""

from __future__ import annotations

from collections.abc import Sequence

from game.core import rules
from game.core.names import NAME_LENGTH
from game.core.players import LEVELS, MAX_PLAYERS, PlayerKind
from game.screens.markup import escape
from game.strategy import LEVEL_MEANS, LEVEL_NAMES

KIND_LABELS: dict[PlayerKind, str] = {"human": "Person at this device", "link": "Friend, by link"}
KIND_LABELS.update({level: f"Computer: {LEVEL_NAMES[level]} (averages {LEVEL_MEANS[level]:.0f})" for level in LEVELS})


def preset_options_html(selected: str) -> str:
    """One radio button per preset, with its one-line explanation."""
    return "".join(
        f'<label class="preset"><input type="radio" name="preset" value="{p}"'
        f'{" checked" if p == selected else ""}> {escape(rules.PRESET_LABELS[p])}'
        f"<small>{escape(rules.PRESET_HELP[p])}</small></label>"
        for p in rules.PRESETS
    )


def player_rows_html(kinds: Sequence[PlayerKind]) -> str:
    """A row per possible seat (the dialog hides the rows beyond the chosen count)."""
    options = "".join(f'<option value="{k}">{escape(KIND_LABELS[k])}</option>' for k in kinds)
    return "".join(
        f'<li data-row="{i}"><label>Name <input type="text" maxlength="{NAME_LENGTH}" autocomplete="off" '
        f'data-name="{i}" placeholder="Player {i + 1}"></label> '
        f'<label><span class="visually-hidden">Player {i + 1} is</span>'
        f'<select data-kind="{i}">{options}</select></label></li>'
        for i in range(MAX_PLAYERS)
    )
