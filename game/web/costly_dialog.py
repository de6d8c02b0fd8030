"""The coach's question before a costly move, on the page: a dialog made afresh at each
question, in the language spoken now, from :func:`game.screens.costly_words.dialog_html`.
Its buttons answer it through the page's one input table (game.web.inputs: ``costly``);
Escape is "try again". In the later archive: a question needs a strategy table, which
comes with it.
"""

from __future__ import annotations

from typing import Any

from game.screens.costly_words import dialog_html


def ask(document: Any, text: str) -> None:
    """Open the question, asking ``text``; a dialog left from an earlier one is replaced."""
    for old in document.querySelectorAll("#costly-dialog"):
        old.remove()
    document.body.insertAdjacentHTML("beforeend", dialog_html(text))
    document.getElementById("costly-dialog").showModal()
