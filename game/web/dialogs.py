"""The dialogs around a game: the name for a high score, the high-score table, statistics."""

from __future__ import annotations

from typing import Any

from game.core import rules
from game.screens import board as view
from game.screens.markup import escape
from game.web.dom import fill_names, found
from game.web.guard import listener


class Dialogs:
    """Opens and fills the three dialogs; every name is written with ``textContent``."""

    def __init__(self, document: Any, window: Any, app: Any, storage: Any, renderer: Any) -> None:
        self.document, self.app, self.storage, self.renderer = document, app, storage, renderer
        self.highlight: tuple[str, ...] = ()
        self.data: Any = None  # game.web.data_panel.DataPanel, set by main.py
        self.entry_id: str | None = None
        get = document.getElementById
        get("stats-preset").innerHTML = "".join(
            f'<option value="{p}">{escape(rules.PRESET_LABELS[p])}</option>' for p in rules.PRESETS)
        self._proxies = []
        for element_id, event, handler in [
            ("show-scores", "click", lambda _e: self.show_high_scores(())),
            ("show-stats", "click", lambda _e: self.show_stats()),
            ("stats-preset", "change", lambda _e: self.show_stats()),
            ("stats-assisted", "change", lambda _e: self.show_stats()),
            ("stats-reset", "click", lambda _e: self.reset_stats()),
            ("name-form", "submit", self._name_submitted),
        ]:
            proxy = listener(handler)
            self._proxies.append(proxy)
            get(element_id).addEventListener(event, proxy)
        for close in document.querySelectorAll("[data-close]"):
            proxy = listener(lambda e: e.target.closest("dialog").close())
            self._proxies.append(proxy)
            close.addEventListener("click", proxy)
        # Another tab wrote high scores or statistics: show them fresh if a view is open.
        self._proxies.append(listener(lambda _e: self.refresh()))
        window.addEventListener("storage", self._proxies[-1])

    def _fill(self, element_id: str, html: str, names: list[str]) -> None:
        element = self.document.getElementById(element_id)
        element.innerHTML = html
        fill_names(element, names)

    def _open(self, dialog_id: str) -> None:
        dialog = self.document.getElementById(dialog_id)
        if not dialog.open:
            dialog.showModal()

    # --- high scores

    def show_high_scores(self, highlight: tuple[str, ...] | str | None) -> None:
        if isinstance(highlight, str):
            highlight = (highlight,)
        self.highlight = tuple(highlight or ())
        entries = self.storage.high_scores()
        self._fill("scores-table", view.high_scores_html(entries, self.highlight), [e.name for e in entries])
        self.app.show_notices()
        self._open("scores-dialog")

    def ask_name(self, entry_id: str, name: str, score: int) -> None:
        self.entry_id = entry_id
        self.document.getElementById("name-score").textContent = str(score)
        field = self.document.getElementById("name-input")
        field.value = name
        self._open("name-dialog")
        field.select()

    def _name_submitted(self, event: Any) -> None:
        event.preventDefault()
        self.document.getElementById("name-dialog").close()
        if self.entry_id is not None:
            entry_id, self.entry_id = self.entry_id, None
            self.app.confirm_name(entry_id, self.document.getElementById("name-input").value)

    # --- statistics

    def show_stats(self) -> None:
        preset = self.document.getElementById("stats-preset").value
        assisted = bool(self.document.getElementById("stats-assisted").checked)
        self._fill("stats-body", view.stats_html(self.storage.stats(preset, assisted=assisted)), [])
        if self.data is not None:
            self.data.show_status()
        self.app.show_notices()
        self._open("stats-dialog")

    def reset_stats(self) -> None:
        window = self.document.defaultView
        if window.confirm("Reset all statistics? High scores are kept. This cannot be undone."):
            self.storage.reset_stats(confirmed=True)
            self.renderer.announce("Statistics reset.")
            self.show_stats()

    def refresh(self) -> None:
        for dialog_id, redraw in (("scores-dialog", lambda: self.show_high_scores(self.highlight)),
                                  ("stats-dialog", self.show_stats)):
            dialog = self.document.getElementById(dialog_id)
            if found(dialog) and dialog.open:
                redraw()
