"""Sharing a link: the Web Share sheet where the browser has one, else the clipboard.

Either way the player sees what happened: the share sheet itself, a "Link copied"
confirmation, or, where neither works, the link in a field to copy by hand.
"""

from __future__ import annotations

from typing import Any

from pyodide.ffi import JsException, to_js

from game.core.links import challenge_query
from game.core.state import GameState
from game.web.dom import found
from game.web.guard import spawn


def show_toast(document: Any, text: str) -> None:
    toast = document.getElementById("toast")
    toast.textContent = text
    toast.hidden = False


async def share_link(window: Any, title: str, text: str, url: str) -> None:
    document = window.document
    navigator = window.navigator
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
            await clipboard.writeText(url)
            show_toast(document, f"Link copied: {url}")
            return
        except JsException:
            pass
    field = document.getElementById("share-fallback")
    field.value = url
    field.hidden = False
    field.select()
    show_toast(document, "Copy this link to share it:")


def start_share(window: Any, title: str, text: str, url: str) -> None:
    """Fire and forget from a click handler (the share sheet needs the click's activation)."""
    spawn(share_link(window, title, text, url))


def share_page(window: Any) -> None:
    """The Share button: this page's address."""
    start_share(window, "Dice Pad", "A dice game you can play offline.", _page(window))


def share_challenge(window: Any, state: GameState | None) -> None:
    """Challenge a friend: a finished solo game's dice and score to beat."""
    if state is not None and state.over:
        score = state.grand_totals()[0]
        url = _page(window) + challenge_query(state.seed, state.preset, score, state.players[0].name)
        start_share(window, "Dice Pad challenge", f"Beat my {score} on the same dice!", url)


def _page(window: Any) -> str:
    return str(window.location.origin) + str(window.location.pathname)
