"""The DOM adapter: the only code that touches the page. Thin on purpose.

It writes the HTML that :mod:`game.screens.board` builds, one region at a time (a region whose
HTML has not changed is not touched, so focus and hover survive), fills name slots with
``textContent``, and turns clicks and keys into calls on :class:`game.session.manager.App`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from pyodide.ffi import jsnull

from game.web.guard import listener


def found(value: Any) -> bool:
    """True for a real JS value: Pyodide turns JS ``null`` into ``jsnull``, not ``None``."""
    return value is not None and value is not jsnull


def fill_names(element: Any, names: Sequence[str]) -> None:
    """Set each ``[data-name-seat="N"]`` slot under ``element`` to ``names[N]``, as text."""
    for slot in element.querySelectorAll("[data-name-seat]"):
        slot.textContent = names[int(slot.getAttribute("data-name-seat"))]


def on_clicks(document: Any, handlers: dict[str, Callable[[], None]]) -> Any:
    """One click listener on the body for controls that come and go with re-rendering:
    a click inside an element matching a selector calls its handler. Returns the proxy."""

    def on_click(event: Any) -> None:
        for selector, handler in handlers.items():
            if _closest(event, selector) is not None:
                handler()
                return

    proxy = listener(on_click)
    document.body.addEventListener("click", proxy)
    return proxy


#: Keys that would otherwise scroll the page or press a focused button twice.
_GAME_KEYS = {" ", "ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"}


class DomRenderer:
    """Writes regions into elements whose ids are the region names."""

    def __init__(self, document: Any) -> None:
        self.document = document
        self.last: dict[str, str] = {}
        self.live = document.getElementById("announce")

    def render(self, regions: dict[str, str], names: Sequence[str]) -> None:
        focus = self._focus_key()
        for region, html in regions.items():
            if self.last.get(region) == html:
                continue
            element = self.document.getElementById(region)
            element.innerHTML = html
            element.hidden = not html
            fill_names(element, names)
            self.last[region] = html
        self._restore_focus(focus)

    def announce(self, text: str) -> None:
        self.live.textContent = text

    def notify(self, texts: Sequence[str]) -> None:
        """Add lasting notices (storage trouble) to the notice bar, as text; a notice
        already the last one shown is not repeated."""
        bar = self.document.getElementById("notices")
        for text in texts:
            last = bar.lastElementChild
            if found(last) and last.textContent == text:
                continue
            line = self.document.createElement("p")
            line.textContent = text
            bar.appendChild(line)

    # The dialogs live in game.web.dialogs and game.web.games_dialog; main.py sets these once built.
    dialogs: Any = None
    games: Any = None

    def ask_link_choice(self, text: str) -> None:
        self.games.ask(text)

    def forget_link(self) -> None:
        """Take the used-up query off the address (history.replaceState: no reload, no new entry)."""
        location = self.document.defaultView.location
        if str(location.search):
            self.document.defaultView.history.replaceState(None, "", str(location.pathname) + str(location.hash))

    def ask_name(self, entry_id: str, name: str, score: int) -> None:
        self.dialogs.ask_name(entry_id, name, score)

    def show_high_scores(self, highlight: str | None) -> None:
        self.dialogs.show_high_scores(highlight)

    def _focus_key(self) -> str | None:
        active = self.document.activeElement
        if not found(active) or not hasattr(active, "getAttribute"):
            return None
        for name in ("data-box", "data-die"):
            # getAttribute, not dataset: a missing dataset key raises in Pyodide.
            if found(value := active.getAttribute(name)):
                return f'[{name}="{value}"]'
        return f"#{active.id}" if active.id in ("roll", "hints", "coach-values", "dice-input") else None

    def _restore_focus(self, key: str | None) -> None:
        """Put focus back where it was, or on the next open box if that box was just filled."""
        if key is None or self.document.activeElement != self.document.body:  # ==: a JsProxy is new at each read
            return
        target = self.document.querySelector(f"{key}:not([disabled])")
        if not found(target) and key.startswith("[data-box"):
            target = self.document.querySelector("#scorecard button[data-preview]")
            if not found(target):
                target = self.document.getElementById("roll")
        if found(target):
            target.focus()


def _closest(event: Any, selector: str) -> Any:
    target = event.target
    match = target.closest(selector) if hasattr(target, "closest") else None
    return match if found(match) else None


def bind_board(document: Any, app: Any, renderer: DomRenderer) -> list[Any]:
    """Wire clicks and keys to the app; returns the proxies so they stay alive."""

    def on_click(event: Any) -> None:
        if (die := _closest(event, "[data-die]")) is not None:
            app.toggle_hold(int(die.getAttribute("data-die")))
        elif _closest(event, "#roll") is not None:
            app.roll()
        elif (box := _closest(event, "[data-box]")) is not None:
            if found(box.getAttribute("data-closed")):
                renderer.announce(box.title)
            else:
                app.score(box.getAttribute("data-box"))
        elif _closest(event, "#skip") is not None:
            app.skip_ahead()
        elif _closest(event, "#hints") is not None:
            app.toggle_hints()
        elif _closest(event, "#coach-values") is not None:
            app.toggle_values()
        elif _closest(event, "#undo") is not None:
            app.undo()

    def on_submit(event: Any) -> None:
        if _closest(event, "#dice-entry") is not None:
            event.preventDefault()
            app.enter_dice(str(document.getElementById("dice-input").value))

    def on_key(event: Any) -> None:
        if event.ctrlKey or event.metaKey or event.altKey or found(document.querySelector("dialog[open]")):
            return
        tag = (event.target.tagName or "").lower() if hasattr(event.target, "tagName") else ""
        if tag in ("input", "select", "textarea"):
            return
        key = event.key
        if key in _GAME_KEYS:
            event.preventDefault()
        if key in ("1", "2", "3", "4", "5"):
            app.toggle_hold(int(key) - 1)
        elif key in ("r", "R", " "):
            app.roll()
        elif key in ("h", "H"):
            app.toggle_hints()
        elif key in ("u", "U"):
            app.undo()
        elif key in ("ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"):
            move_box_focus(document, 1 if key in ("ArrowDown", "ArrowRight") else -1)

    proxies = [listener(on_click), listener(on_key), listener(on_submit)]
    document.body.addEventListener("click", proxies[0])
    document.addEventListener("keydown", proxies[1])
    document.body.addEventListener("submit", proxies[2])
    return proxies


def move_box_focus(document: Any, step: int) -> None:
    """Arrow keys walk through the current player's open (scorable) boxes, wrapping round."""
    boxes = list(document.querySelectorAll("#scorecard button[data-preview]"))
    if not boxes:
        return
    active = document.activeElement
    index = next((i for i, b in enumerate(boxes) if b == active), None)
    if index is None:
        index = 0 if step > 0 else len(boxes) - 1
    else:
        index = (index + step) % len(boxes)
    boxes[index].focus()
