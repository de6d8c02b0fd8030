"""The coach panel: the best move, how sure the coach is, and on demand every option's value."""

from __future__ import annotations

from game.core.language import _, pgettext
from game.core.numbers import decimal
from game.screens.choice_words import choice_words, confidence_words
from game.screens.markup import escape
from game.screens.reason_words import reason_words
from game.strategy.advice import Advice


def coach_html(enabled: bool, advice: Advice | None, show_values: bool, loading: bool = False) -> str:
    """The panel's HTML (our own text only: no player input reaches it).

    >>> coach_html(False, None, False)
    ''
    """
    if not enabled:
        return ""
    if loading or advice is None:
        waiting = _("Coach: loading the strategy…") if loading else _("Coach: roll, and the best move shows here.")
        return f'<p class="coach-line">{escape(waiting)}</p>'
    best = advice.best
    # Translators: the coach's best move, in bold, then how sure it is ("clear", "close"...).
    said = escape(_("Coach: %(move)s (%(confidence)s)")) % {
        "move": f"<strong>{escape(choice_words(best))}</strong>",
        "confidence": f'<span class="confidence">{escape(confidence_words(advice.confidence))}</span>'}
    line = (f'<p class="coach-line" data-confidence="{advice.confidence}">{said}</p>'
            f'<p class="coach-reason" data-coach-reason>{escape(reason_words(advice.reason))}</p>')
    shown = _("Hide the value of every choice") if show_values else _("Show the value of every choice")
    toggle = (f'<button type="button" id="coach-values" aria-expanded="{"true" if show_values else "false"}">'
              f"{escape(shown)}</button>")
    if not show_values:
        return line + toggle
    best_word = escape(pgettext("loss", "best"))
    rows = "".join(
        f'<tr data-option="{i}" class="{"best" if i == 0 else ""}"><td>{escape(choice_words(o))}</td>'
        f'<td data-value="{o.value:.4f}">{decimal(o.value, 2)}</td><td data-loss="{o.loss:.4f}">'
        f'{best_word if o.loss == 0 else "−" + decimal(o.loss, 2)}</td></tr>'
        for i, o in enumerate(advice.options)
    )
    heads = "".join(f'<th scope="col">{escape(head)}</th>'
                    for head in (_("Choice"), _("Expected final score"), _("Loss")))
    table = f'<table class="coach-values"><thead><tr>{heads}</tr></thead><tbody>{rows}</tbody></table>'
    return line + toggle + table
