"""Sharing a link: the Web Share sheet where the browser has one, else the clipboard.

Either way the player sees what happened: the share sheet itself, a "Link copied"
confirmation, or, where neither works, the link in a field to copy by hand. The words are
:mod:`game.session.share_words`.
"""

from __future__ import annotations

import datetime
from typing import Any

from pyodide.ffi import JsException, create_once_callable, to_js

from game.core.links import challenge_query
from game.core.state import GameState
from game.core.turn_link import encode, fragment, from_fragment
from game.records.game_slot import Challenge
from game.session import share_words as words
from game.web.dom import found
from game.web.guard import spawn

#: How long a confirmation ("Copied: …") stays, in ms: read, then out of the way.
TOAST_MS = 6000
_toasts = [0]  # toasts shown: a timer hides its own toast, not a newer one


def _in_view(document: Any, element: Any) -> None:
    """Put ``element`` where the player can reach it: inside the open modal dialog (the
    page behind one is inert), before its buttons; else back above the board."""
    dialog = document.querySelector("dialog[open]")
    if found(dialog):
        dialog.insertBefore(element, dialog.querySelector(":scope > .dialog-buttons"))
    else:
        document.body.insertBefore(element, document.querySelector("main.board"))


def show_toast(window: Any, text: str, lasting: bool = False) -> None:
    """A short notice in the live region ``#toast``; it hides after :data:`TOAST_MS` unless
    ``lasting`` (the copy-by-hand notice stays with its field). Its text stays when hidden."""
    document = window.document
    toast = document.getElementById("toast")
    _in_view(document, toast)
    toast.textContent = text
    toast.hidden = False
    _toasts[0] += 1
    if not lasting:
        shown = _toasts[0]

        def hide() -> None:
            if _toasts[0] == shown:
                toast.hidden = True

        window.setTimeout(create_once_callable(hide), TOAST_MS)


async def share_link(window: Any, title: str, text: str, url: str, copy: str | None = None) -> None:
    """Share ``url`` with ``text``; the clipboard gets ``copy`` (default: the url alone:
    ``copy`` is a result, worded as one where the player must copy it by hand)."""
    document = window.document
    navigator = window.navigator
    document.getElementById("share-fallback").hidden = True
    if found(getattr(navigator, "share", None)):
        try:
            await navigator.share(to_js({"title": title, "text": text, "url": url}))
            return
        except JsException as err:
            if getattr(err, "name", "") == "AbortError":  # the player closed the sheet
                return
    clipboard: Any = getattr(navigator, "clipboard", None)
    if found(clipboard):
        try:
            await clipboard.writeText(copy or url)
            show_toast(window, words.copied() if copy else words.link_copied(url))
            return
        except JsException:
            pass
    # Neither: the text in a field to copy by hand, with all its lines (a result's grid).
    field = document.getElementById("share-fallback")
    value = copy or url
    notice = words.copy_by_hand(result=copy is not None)
    show_toast(window, notice, lasting=True)
    _in_view(document, field)
    field.value = value
    field.setAttribute("aria-label", notice)
    field.hidden = False
    field.style.height = "auto"  # then as tall as its wrapped lines, so that none is scrolled away
    field.style.height = f"{int(field.scrollHeight) + 4}px"
    field.focus()
    field.select()


def start_share(window: Any, title: str, text: str, url: str, copy: str | None = None) -> None:
    """Fire and forget from a click handler (the share sheet needs the click's activation)."""
    spawn(share_link(window, title, text, url, copy))


def share_page(window: Any) -> None:
    """The Share button: this page's address."""
    start_share(window, words.BRAND, words.page_text(), page_address(window))


def share_challenge(window: Any, state: GameState | None) -> None:
    """Challenge a friend: a finished solo game's dice and score to beat."""
    if state is not None and state.over:
        score = state.grand_totals()[0]
        url = page_address(window) + challenge_query(state.seed, state.ruleset, score, state.players[0].name)
        start_share(window, words.challenge_title(), words.challenge_text(score), url)


def share_game(window: Any, state: GameState | None, href: str) -> None:
    """Send a game with friends on: its ``#play=…`` link (the element's ``href``)."""
    link = href[href.find("#"):]
    if from_fragment(link) is None:
        return
    url = page_address(window) + link
    if state is not None and state.over:
        start_share(window, words.BRAND, words.final_card_text(), url)
    else:
        player = state.current_player if state is not None else None
        start_share(window, words.BRAND, words.your_turn_text(player.name if player is not None else None), url)


def share_result(window: Any, state: GameState | None, challenge: Challenge | None) -> None:
    """Share result: the standings for a chat, and a link that opens the final card."""
    if state is None or not state.over:
        return
    text = words.result_text(state, challenge, datetime.date.today())
    url = "" if state.real_dice else page_address(window) + fragment(encode(state))
    start_share(window, words.result_title(), text, url or page_address(window), copy=f"{text}\n{url}" if url else text)


def page_address(window: Any) -> str:
    """This page's address, without its query or fragment (the base of every shared link)."""
    return str(window.location.origin) + str(window.location.pathname)
