"""The high-score table (the top 15) as HTML; names go in slots, set as text.

>>> high_scores_html([])
'<p class="empty">No scores yet: finish a game to enter the table.</p>'
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from game.core.language import _
from game.core.numbers import short_date
from game.core.rulesets import ruleset_label
from game.records.high_scores import ScoreEntry
from game.screens.markup import escape, name_slot


def high_scores_html(entries: Sequence[ScoreEntry], highlight: Collection[str] = ()) -> str:
    """The top-15 table; names go in slots indexed by rank, so they are set as text."""
    if not entries:
        empty = escape(_("No scores yet: finish a game to enter the table."))
        return f'<p class="empty">{empty}</p>'
    rows = []
    for rank, entry in enumerate(entries):
        mark = ' class="just-made" aria-current="true"' if entry.id in highlight else ""
        rules_name = ruleset_label(entry.preset)
        shown = _("%(rules)s · assisted") % {"rules": rules_name} if entry.assisted else rules_name
        rows.append(
            f'<tr{mark} data-entry="{escape(entry.id)}"><td>{rank + 1}</td><td>{name_slot(rank)}</td>'
            f"<td>{entry.score}</td><td>{escape(short_date(entry.date))}</td>"
            f"<td>{escape(shown)}</td>"
            f"<td>{entry.players}</td></tr>"
        )
    # Translators: the columns of the high-score table ("#" is the rank).
    heads = (_("#"), _("Name"), _("Score"), _("Date"), _("Rules"), _("Players"))
    head = "<thead><tr>" + "".join(f'<th scope="col">{escape(h)}</th>' for h in heads) + "</tr></thead>"
    return f'<table class="scores">{head}<tbody>{"".join(rows)}</tbody></table>'
