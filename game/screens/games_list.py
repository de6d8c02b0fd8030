"""Lists of games as HTML: the Games list (set aside, resumable) and the review's choice of finished game.

Every player name here is escaped text: nothing a save or a link holds is ever markup.

>>> from game.records.game_slot import SavedGame
>>> html = set_aside_html([SavedGame("g1", 4, '{"players": [{"name": "<b>Ann</b>"}], "turn": 2, '
...                        '"preset": "official", "seed": "s"}', at=0)])
>>> "&lt;b&gt;Ann&lt;/b&gt;" in html and 'data-resume="g1"' in html and "round 3 of 13" in html
True
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from game.core import rules
from game.records.game_slot import SavedGame
from game.records.history import FinishedGame
from game.screens.markup import escape


def describe(game: SavedGame) -> str:
    """"Ann, Bob · round 3 of 13 · Official rules" from the save's own fields, without replaying it."""
    try:
        data: Any = json.loads(game.text or "")
        names = ", ".join(str(p["name"]) for p in data["players"])
        round_ = int(data["turn"]) // max(1, len(data["players"])) + 1
        preset = rules.PRESET_LABELS.get(str(data.get("preset")), "unknown rules")
    except (ValueError, KeyError, TypeError):
        return "A game that cannot be read"
    turns = len(rules.BOXES)
    text = f"{names} · round {min(round_, turns)} of {turns} · {preset}"
    if game.challenge is not None:
        text += f" · {game.challenge.name}'s {game.challenge.beat} to beat"
    return text


def set_aside_html(games: Sequence[SavedGame]) -> str:
    """One line per set-aside game, played last first, each with its Resume button."""
    if not games:
        return '<p class="empty">No other games in progress. A game you leave for a link or a New game waits here.</p>'
    items = []
    for game in games:
        when = datetime.fromtimestamp(game.at / 1000, UTC).date().isoformat() if game.at else ""
        items.append(f'<li><span>{escape(describe(game))}</span> <small>{escape(when)}</small> '
                     f'<button type="button" data-resume="{escape(game.id)}">Resume</button></li>')
    return f'<ul class="games-list">{"".join(items)}</ul>'


def finished_options_html(games: Sequence[FinishedGame]) -> str:
    """The review's choice of game: date, rules and scores (our own text only; no names)."""
    return "".join(
        f'<option value="{escape(g.id)}">{escape(g.finished)} · {escape(rules.PRESET_LABELS[g.preset])}'
        f" · {' / '.join(map(str, g.scores))}</option>" for g in games)
