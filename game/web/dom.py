"""The DOM adapter: the only code that touches the page. Thin on purpose.

It writes the HTML that :mod:`game.screens.regions` builds, the regions that changed in
one call into the page (``window.diceDraw``, assets/paint.js: a region whose HTML has not
changed is not touched, and within one that has, the elements that stay are patched, so
focus and hover survive), fills name slots with ``textContent``, and says announcements
in the live region. Input is :mod:`game.web.inputs`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

import pyodide.ffi as ffi
from pyodide.ffi import jsnull

from game.screens.regions import Region
from game.session.ports import Cue

#: Regions written anew at every change; the others are patched (assets/paint.js): a die
#: thrown must be a new element, for its tumble (a CSS animation) to start again.
WHOLE = frozenset({"dice"})


def found(value: Any) -> bool:
    """True for a real JS value: Pyodide turns JS ``null`` into ``jsnull``, not ``None``."""
    return value is not None and value is not jsnull


def fill_names(element: Any, names: Sequence[str]) -> None:
    """Set each ``[data-name-seat="N"]`` slot under ``element`` to ``names[N]``, as text."""
    for slot in element.querySelectorAll("[data-name-seat]"):
        slot.textContent = names[int(slot.getAttribute("data-name-seat"))]


def write_notices(document: Any, texts: Sequence[str]) -> None:
    """Add lasting notices (storage trouble) to the notice bar, as text; a notice already
    the last one shown is not repeated."""
    bar = document.getElementById("notices")
    for text in texts:
        last = bar.lastElementChild
        if found(last) and last.textContent == text:
            continue
        line = document.createElement("p")
        line.textContent = text
        bar.appendChild(line)


class Prompts(Protocol):
    """The dialogs the game manager opens through the renderer (:class:`game.web.dialogs.Dialogs`)."""

    def ask_name(self, entry_id: str, name: str, score: int) -> None: ...
    def show_high_scores(self, highlight: str | None) -> None: ...
    def ask_link_choice(self, text: str) -> None: ...


class Cues(Protocol):
    """The sound and vibration of a roll or a score (:class:`game.web.feedback.Feedback`)."""

    def cue(self, event: Cue) -> None: ...


class DomRenderer:
    """Writes regions into elements whose ids are the region names."""

    def __init__(self, document: Any, prompts: Prompts, cues: Cues) -> None:
        self.document, self.prompts, self.cues = document, prompts, cues
        self.last: dict[str, str] = {}
        self.names: tuple[str, ...] = ()
        self.live = document.getElementById("announce")
        self.draw = document.defaultView.diceDraw  # assets/paint.js, run before Python starts
        self.drawn: Callable[[], None] = lambda: None  # after a change (game.web.early_paint keeps the board)

    def render(self, regions: Mapping[Region, str], names: Sequence[str]) -> None:
        focus = self._focus_key()
        if tuple(names) != self.names:  # the name slots are the same HTML for other names: refill all
            self.last.clear()
            self.names = tuple(names)
        changes = [(region, html, region in WHOLE) for region, html in regions.items() if self.last.get(region) != html]
        if changes:
            # One call into the page for every region (assets/paint.js, window.diceDraw): each
            # crossing between Python and JavaScript costs, a phone's CPU most (docs/performance.md).
            self.draw(ffi.to_js(changes), ffi.to_js(list(names)))
            self.last.update((region, html) for region, html, _ in changes)
        self._restore_focus(focus)
        if changes:
            self.drawn()

    def announce(self, text: str) -> None:
        self.live.textContent = text

    def notify(self, texts: Sequence[str]) -> None:
        write_notices(self.document, texts)

    def ask_link_choice(self, text: str) -> None:
        self.prompts.ask_link_choice(text)

    def ask_costly(self, text: str) -> None:
        from game.web.costly_dialog import ask  # asked: a table is here, so is the later archive

        ask(self.document, text)

    def forget_link(self) -> None:
        """Take the used-up link (a query, a ``#play=`` fragment) off the address
        (history.replaceState: no reload, no new entry)."""
        location = self.document.defaultView.location
        if str(location.search) or str(location.hash):
            self.document.defaultView.history.replaceState(None, "", str(location.pathname))

    def ask_name(self, entry_id: str, name: str, score: int) -> None:
        self.prompts.ask_name(entry_id, name, score)

    def show_high_scores(self, highlight: str | None) -> None:
        self.prompts.show_high_scores(highlight)

    def cue(self, event: Cue) -> None:
        self.cues.cue(event)

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
