"""The coach panel: the best move, how sure the coach is, and on demand every option's value."""

from __future__ import annotations

from game.screens.markup import escape
from game.strategy.advice import Advice
from game.strategy.options import describe


def coach_html(enabled: bool, advice: Advice | None, show_values: bool, loading: bool = False) -> str:
    """The panel's HTML (our own text only: no player input reaches it).

    >>> coach_html(False, None, False)
    ''
    """
    if not enabled:
        return ""
    if loading:
        return '<p class="coach-line">Coach: loading the strategy…</p>'
    if advice is None:
        return '<p class="coach-line">Coach: roll, and the best move shows here.</p>'
    best = advice.best
    line = (f'<p class="coach-line" data-confidence="{advice.confidence}">Coach: <strong>{escape(describe(best))}'
            f"</strong> <span class=\"confidence\">({advice.confidence})</span></p>"
            f'<p class="coach-reason" data-coach-reason>{escape(advice.reason.text)}</p>')
    toggle = (f'<button type="button" id="coach-values" aria-expanded="{"true" if show_values else "false"}">'
              f'{"Hide" if show_values else "Show"} the value of every choice</button>')
    if not show_values:
        return line + toggle
    rows = "".join(
        f'<tr data-option="{i}" class="{"best" if i == 0 else ""}"><td>{escape(describe(o))}</td>'
        f'<td data-value="{o.value:.4f}">{o.value:.2f}</td><td data-loss="{o.loss:.4f}">'
        f'{"best" if o.loss == 0 else f"−{o.loss:.2f}"}</td></tr>'
        for i, o in enumerate(advice.options)
    )
    table = ('<table class="coach-values"><thead><tr><th scope="col">Choice</th>'
             '<th scope="col">Expected final score</th><th scope="col">Loss</th></tr></thead>'
             f"<tbody>{rows}</tbody></table>")
    return line + toggle + table
