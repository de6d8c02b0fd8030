"""What sharing says: the share sheet's titles and texts, the clipboard's confirmations, and
the result a finished game sends to a chat (:mod:`game.web.share` shows them).

Every sentence comes from the catalogs, looked up when it is said. The game's name alone,
a share sheet's title, is a brand and is not translated (:data:`BRAND`, as the page's
title and the installed app's name); inside a sentence it is part of the message, so that
each language places it.

>>> challenge_text(231), your_turn_text("Ann"), your_turn_text(None)
('Beat my 231 on the same dice!', 'Your turn in our game of Dice Pad, Ann:', 'Your turn in our game of Dice Pad:')
"""

from __future__ import annotations

import datetime

from game.core.language import _
from game.core.numbers import long_date
from game.core.rulesets import ruleset_label
from game.core.state import GameState
from game.records.game_slot import Challenge
from game.screens.status import standings

#: The share sheet's title for the page and for a game's link: the game's name, never translated.
BRAND = "Dice Pad"


def page_text() -> str:
    """The text shared with the page's address (the Share button)."""
    return _("A dice game you can play offline.")


def challenge_title() -> str:
    return _("Dice Pad challenge")


def challenge_text(score: int) -> str:
    """A finished solo game's score, for a friend to beat on the same dice."""
    return _("Beat my %(score)d on the same dice!") % {"score": score}


def final_card_text() -> str:
    """Sent with the link of a game with friends that is over."""
    return _("The final card of our game of Dice Pad:")


def your_turn_text(name: str | None) -> str:
    """Sent with the link of a game with friends in progress, to the player whose turn it is."""
    if name is None:
        return _("Your turn in our game of Dice Pad:")
    # Translators: sent with a game's link to the player (%(name)s) whose turn it is.
    return _("Your turn in our game of Dice Pad, %(name)s:") % {"name": name}


def result_title() -> str:
    return _("Dice Pad result")


def copied() -> str:
    """The clipboard has the result and its link."""
    return _("Copied: paste it in a message.")


def link_copied(url: str) -> str:
    return _("Link copied: %(link)s") % {"link": url}


def copy_by_hand(result: bool = False) -> str:
    """Neither the share sheet nor the clipboard: the link (or a ``result``, its lines and
    its link) is shown in a field below this."""
    return _("Copy this result to share it:") if result else _("Copy this link to share it:")


def result_text(state: GameState, challenge: Challenge | None, day: datetime.date) -> str:
    """The short text Share result sends to a chat: the rules, the date, the standings.

    >>> from dataclasses import replace
    >>> from game.core.card import Card
    >>> from game.core.state import new_game
    >>> game = new_game(["Ann", "Ben"], seed="daily-2026-11-23")
    >>> game = replace(game, turn=26, cards=(Card().with_box("chance", 20, 0), Card().with_box("chance", 25, 0)))
    >>> print(result_text(game, None, datetime.date(2026, 11, 23)))
    Dice Pad daily challenge · Official (forced Joker) · November 23, 2026
    1. Ben 25
    2. Ann 20
    """
    values: dict[str, object] = {"rules": ruleset_label(state.ruleset), "date": long_date(day)}
    if state.seed.startswith("daily-"):
        # Translators: the first line of a result shared to a chat: the rules' name and the date.
        lines = [_("Dice Pad daily challenge · %(rules)s · %(date)s") % values]
    else:
        lines = [_("Dice Pad · %(rules)s · %(date)s") % values]
    for rank, seat, total in standings(state):
        values = {"rank": rank, "name": state.players[seat].name, "total": total}
        # Translators: a line of the standings in a shared result: rank, name, final total ("1. Ann 231").
        ranked = _("%(rank)d. %(name)s %(total)d")
        # Translators: one player's final total in the list said when the game ends ("Ann 231").
        lines.append((ranked if len(state.players) > 1 else _("%(name)s %(total)d")) % values)
    if challenge is not None and len(state.players) == 1:
        score, values = state.grand_totals()[0], {"name": challenge.name, "score": challenge.beat}
        if score > challenge.beat:
            # Translators: the last line of a shared challenge's result: the friend's score was beaten.
            # The name may be "a friend" (words.unnamed_friend, lowercase): never first in the line.
            lines.append(_("%(score)d to beat, set by %(name)s: beaten!") % values)
        elif score == challenge.beat:
            lines.append(_("%(score)d to beat, set by %(name)s: tied!") % values)
        else:
            lines.append(_("%(score)d to beat, set by %(name)s: it stands.") % values)
    return "\n".join(lines)
