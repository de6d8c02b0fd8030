"""The Games dialog (games set aside, resumable), the question a link asks, and other tabs.

A link that would replace a game in progress asks first (``#link-choice``); the game not
chosen waits in Games (``#games-dialog``). Another tab's save reaches this page as a
``storage`` event: the game manager follows it at once (:meth:`game.session.manager.App.sync`).
"""

from __future__ import annotations

from typing import Any

from game.screens.games_list import set_aside_html
from game.web.dom import found, on_clicks
from game.web.guard import listener


class GamesDialog:
    """Opens the Games list and the link question; routes their buttons to the game manager."""

    def __init__(self, document: Any, window: Any, app: Any, storage: Any) -> None:
        self.document, self.window, self.app, self.storage = document, window, app, storage
        get = document.getElementById
        self.games, self.choice = get("games-dialog"), get("link-choice")
        self._proxies = [
            on_clicks(document, {"#show-games": self.show, "#link-play": lambda: self._choose(True),
                                 "#link-keep": lambda: self._choose(False)}),
            listener(lambda _e: self._choose(False)),  # Escape closes the question: keep my game
            listener(lambda _e: self.app.sync()),
            listener(self._resume),
        ]
        self.choice.addEventListener("cancel", self._proxies[1])
        window.addEventListener("storage", self._proxies[2])
        get("games-list").addEventListener("click", self._proxies[3])

    def show(self) -> None:
        list_ = self.document.getElementById("games-list")
        list_.innerHTML = set_aside_html(self.storage.set_aside_games())
        self.app.show_notices()
        if not self.games.open:
            self.games.showModal()

    def _resume(self, event: Any) -> None:
        button = event.target.closest("[data-resume]")
        if found(button):
            self.games.close()
            self.app.resume_set_aside(str(button.getAttribute("data-resume")))

    def ask(self, text: str) -> None:
        self.document.getElementById("link-choice-text").textContent = text
        if not self.choice.open:
            self.choice.showModal()

    def _choose(self, play: bool) -> None:
        if self.choice.open:
            self.choice.close()
        self.app.choose_link(play)
