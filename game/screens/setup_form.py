"""The New game dialog's fields: the game, one row per seat (name and kind) and Yahtzee's Joker presets.

Our own text only: the names typed in are read back as values, never written here.

>>> player_rows_html(("human", "optimal")).count("<li")
6
>>> f'maxlength="{NAME_LENGTH}"' in player_rows_html(("human",))
True
"""

from __future__ import annotations

from collections.abc import Sequence

from game.core import rules
from game.core.games import GAMES
from game.core.labels import preset_help
from game.core.language import _
from game.core.names import NAME_LENGTH
from game.core.players import MAX_PLAYERS, PlayerKind, level_name
from game.core.rulesets import ruleset_label
from game.screens.markup import escape
from game.strategy import LEVEL_MEANS


def kind_label(kind: PlayerKind) -> str:
    """Who plays a seat, as the New game dialog offers it."""
    if kind == "human":
        return _("Person at this device")
    if kind == "link":
        return _("Friend, by link")
    if kind == "to_win":
        # Translators: a computer level in the New game dialog; alone it plays as Optimal.
        return _("Computer: %(level)s (plays to win)") % {"level": level_name(kind)}
    return _("Computer: %(level)s (averages %(mean)d)") % {"level": level_name(kind),
                                                            "mean": round(LEVEL_MEANS[kind])}


def game_options_html(selected: str) -> str:
    """One radio button per game, with its one-line description.

    >>> html = game_options_html("yatzy")
    >>> html.count('name="game"'), 'value="yatzy" checked' in html
    (2, True)
    """
    return "".join(
        f'<label class="preset"><input type="radio" name="game" value="{g.key}"'
        f'{" checked" if g.key == selected else ""}> {escape(g.title_words())}'
        f"<small>{escape(g.blurb_words())}</small></label>"
        for g in GAMES.values()
    )


def preset_options_html(selected: str) -> str:
    """One radio button per preset, with its one-line explanation."""
    return "".join(
        f'<label class="preset"><input type="radio" name="preset" value="{p}"'
        f'{" checked" if p == selected else ""}> {escape(ruleset_label(p))}'
        f"<small>{escape(preset_help(p))}</small></label>"
        for p in rules.PRESETS
    )


def player_rows_html(kinds: Sequence[PlayerKind]) -> str:
    """A row per possible seat (the dialog hides the rows beyond the chosen count)."""
    options = "".join(f'<option value="{k}">{escape(kind_label(k))}</option>' for k in kinds)
    return "".join(_player_row(i, options) for i in range(MAX_PLAYERS))


def _player_row(i: int, options: str) -> str:
    name, player = escape(_("Name")), escape(_("Player %(number)d") % {"number": i + 1})
    who = escape(_("Player %(number)d is") % {"number": i + 1})
    return (f'<li data-row="{i}"><label>{name} <input type="text" maxlength="{NAME_LENGTH}" autocomplete="off" '
            f'data-name="{i}" placeholder="{player}"></label> '
            f'<label><span class="visually-hidden">{who}</span>'
            f'<select data-kind="{i}">{options}</select></label></li>')
