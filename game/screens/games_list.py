"""Lists of games as HTML: the Games list (set aside, and with friends) and the review's choice of finished game.

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
from datetime import UTC, date, datetime
from typing import Any

from game.core.card import Score
from game.core.games import GAMES, YAHTZEE
from game.core.language import _, list_separator, ngettext, pgettext
from game.core.numbers import long_date, short_date
from game.core.rulesets import RULESETS, ruleset_label, ruleset_of
from game.core.state import GameState
from game.core.turn_link import TurnLinkError, replay
from game.records.friends_games import FriendsGame
from game.records.game_slot import SavedGame
from game.records.history import FinishedGame
from game.screens.markup import escape


def describe(game: SavedGame) -> str:
    """"Ann, Bob · round 3 of 13 · Official rules" from the save's own fields, without replaying it."""
    try:
        data: Any = json.loads(game.text or "")
        names = list_separator().join(str(p["name"]) for p in data["players"])
        round_ = int(data["turn"]) // max(1, len(data["players"])) + 1
        played = GAMES[str(data.get("game", YAHTZEE.key))]  # saves from before Yatzy name no game
        ruleset = ruleset_of(played, str(data.get("preset")))
        rules_name = ruleset_label(ruleset) if ruleset in RULESETS else _("unknown rules")
    except (ValueError, KeyError, TypeError):
        return _("A game that cannot be read")
    values = {"names": names, "round": min(round_, played.turns), "rounds": played.turns, "rules": rules_name}
    if game.challenge is None:
        return _("%(names)s · round %(round)d of %(rounds)d · %(rules)s") % values
    values |= {"name": game.challenge.name, "score": game.challenge.beat}
    return _("%(names)s · round %(round)d of %(rounds)d · %(rules)s · %(name)s's %(score)d to beat") % values


def set_aside_html(games: Sequence[SavedGame]) -> str:
    """One line per set-aside game, played last first, each with its Resume button."""
    if not games:
        empty = _("No other games in progress. A game you leave for a link or a New game waits here.")
        return f'<p class="empty">{escape(empty)}</p>'
    items = []
    for game in games:
        when = short_date(datetime.fromtimestamp(game.at / 1000, UTC).date()) if game.at else ""
        resume = escape(_("Resume"))
        items.append(f'<li><span>{escape(describe(game))}</span> <small>{escape(when)}</small> '
                     f'<button type="button" data-resume="{escape(game.id)}">{resume}</button></li>')
    return f'<ul class="games-list">{"".join(items)}</ul>'


def friends_html(games: Sequence[FriendsGame]) -> str:
    """Games with friends, kept last first: the players, whose turn it is, the last move.

    >>> from game.core.players import Player
    >>> from game.core.state import new_game
    >>> from game.core.turn_link import encode
    >>> from game.records.friends_games import friends_game
    >>> state = new_game(["<i>Ann</i>", Player("Ben", "link")], seed="e").roll().score("chance")
    >>> html = friends_html([friends_game(encode(state), [0], at=0)])
    >>> "&lt;i&gt;Ann&lt;/i&gt;" in html, "your turn" in html, "Ben scored" in html
    (True, True, True)
    """
    if not games:
        # Translators: "New game" and "Friend, by link" are the names of the menu item and of the seat's kind.
        empty = _("No games with friends yet. In New game, make a seat a “Friend, by link”; "
                  "a link a friend sends you lands here too.")
        return f'<p class="empty">{escape(empty)}</p>'
    items = []
    for game in games:
        try:
            state = replay(game.content)
        except TurnLinkError:
            continue
        when = long_date(datetime.fromtimestamp(game.at / 1000, UTC).date()) if game.at else ""
        facts = " · ".join(escape(fact) for fact in (_whose(state, game.mine), _last_move(state), when) if fact)
        names = list_separator().join(p.name for p in state.players)
        # Translators: the button that opens a game with friends from the Games list.
        open_ = escape(pgettext("friends game", "Open"))
        items.append(f"<li><span>{escape(names)}</span> <small>{facts}</small> "
                     f'<button type="button" data-friends-game="{escape(game.id)}">{open_}</button></li>')
    return f'<ul class="games-list friends-list">{"".join(items)}</ul>'


def _whose(state: GameState, mine: Sequence[int]) -> str:
    """Whose turn it is (this device's seats are "your turn"), or who won."""
    if state.over:
        winners = state.winners()
        names = list_separator().join(state.players[s].name for s in winners)
        # Translators: a finished game with friends; more than one name when the winners tied.
        return ngettext("finished: %(names)s won", "finished: %(names)s won", len(winners)) % {"names": names}
    seat = state.current_seat
    assert seat is not None
    name = state.players[seat].name
    # Translators: in the Games list, a seat this device plays is to move; the player's name in brackets.
    return (_("your turn (%(name)s)") if seat in mine else _("%(name)s's turn")) % {"name": name}


def _last_move(state: GameState) -> str:
    """The last box scored in the game, and by whom."""
    last = next((m for m in reversed(state.moves) if isinstance(m, Score)), None)
    if last is None:
        return _("no box scored yet")
    return _("%(name)s scored %(points)d in %(box)s") % {
        "name": state.players[last.seat].name, "points": last.points, "box": state.game.box_label(last.box)}


def _finished_on(day: str) -> str:
    """A finished game's day (kept as an ISO date) written out; as it is if it is not one."""
    try:
        return long_date(date.fromisoformat(day))
    except ValueError:
        return day


def finished_options_html(games: Sequence[FinishedGame]) -> str:
    """The review's choice of game: date, rules and scores (our own text only; no names)."""
    return "".join(
        f'<option value="{escape(g.id)}">{escape(_finished_on(g.finished))} · {escape(ruleset_label(g.preset))}'
        f" · {' / '.join(map(str, g.scores))}</option>" for g in games)
