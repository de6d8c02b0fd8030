"""The high-score table (the top 15) as HTML; names go in slots, set as text.

>>> high_scores_html([])
'<p class="empty">No scores yet: finish a game to enter the table.</p>'
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from game.core import rules
from game.records.high_scores import ScoreEntry
from game.screens.markup import escape, name_slot


def high_scores_html(entries: Sequence[ScoreEntry], highlight: Collection[str] = ()) -> str:
    """The top-15 table; names go in slots indexed by rank, so they are set as text."""
    if not entries:
        return '<p class="empty">No scores yet: finish a game to enter the table.</p>'
    rows = []
    for rank, entry in enumerate(entries):
        mark = ' class="just-made" aria-current="true"' if entry.id in highlight else ""
        flags = " · assisted" if entry.assisted else ""
        rows.append(
            f'<tr{mark} data-entry="{escape(entry.id)}"><td>{rank + 1}</td><td>{name_slot(rank)}</td>'
            f"<td>{entry.score}</td><td>{escape(entry.date)}</td>"
            f"<td>{escape(rules.PRESET_LABELS.get(entry.preset, entry.preset))}{flags}</td>"
            f"<td>{entry.players}</td></tr>"
        )
    head = ('<thead><tr><th scope="col">#</th><th scope="col">Name</th><th scope="col">Score</th>'
            '<th scope="col">Date</th><th scope="col">Rules</th><th scope="col">Players</th></tr></thead>')
    return f'<table class="scores">{head}<tbody>{"".join(rows)}</tbody></table>'
