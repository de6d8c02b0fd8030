"""The review screen: where a game's expected points were lost, costliest first.

HTML built from a :class:`~game.strategy.review.Review`; the player's name sits in a
``data-name-seat="0"`` slot that the DOM layer fills as text. What the player did is
worded by :func:`game.strategy.options.describe`, as the coach's options are.

>>> from game.core.dice import ScriptedDice
>>> from game.core.state import new_game
>>> from game.strategy.review import review
>>> from game.strategy.tables import load_preset
>>> state = new_game(["Ann"], seed="doc").roll(ScriptedDice([5, 5, 5, 5, 5])).score("chance")
>>> html = review_html(review(state, 0, load_preset("official")))
>>> "Score 25 in Chance" in html and "lost <strong>75.87</strong>" in html
True
"""

from __future__ import annotations

from game.screens.charts import review_svg
from game.screens.markup import escape, name_slot
from game.strategy.options import describe
from game.strategy.review import Decision, Review


def _row(d: Decision) -> str:
    mark = ' class="loss"' if d.loss else ""
    loss = f"{d.loss:.2f}" if d.loss else "0"
    return (f'<tr{mark} data-decision="{d.number}" data-loss="{d.loss:.6f}"><td>{d.turn}</td><td>{d.roll}</td>'
            f"<td>{'-'.join(map(str, d.dice))}</td><td>{escape(describe(d))}</td>"
            f"<td>{'✓ same' if not d.loss else escape(describe(d.best))}</td><td>{loss}</td>"
            f"<td data-coach-reason>{escape(d.reason.text)}</td></tr>")


def review_html(review: Review) -> str:
    summary = (
        f'<p class="review-summary">{name_slot(0)}: '
        f'<strong data-total-loss="{review.total_loss:.6f}">{review.total_loss:.2f}</strong> points of expected '
        f"score lost over {len(review.decisions)} decisions; mean <strong>{review.mean_loss:.3f}</strong> per "
        f'decision: <strong class="rating">{escape(review.rating)}</strong> '
        "<small>(below 0.2 per decision is expert level on Tom Verhoeff's proficiency scale)</small></p>"
    )
    if review.costliest:
        items = "".join(
            f'<li data-decision="{d.number}">Turn {d.turn}, roll {d.roll} ({"-".join(map(str, d.dice))}): '
            f"{escape(describe(d))} — best was {escape(describe(d.best))}; lost <strong>{d.loss:.2f}</strong>"
            f'<p class="coach-reason" data-coach-reason>{escape(d.reason.text)}</p></li>'
            for d in review.costliest)
        costliest = f'<h3>Costliest decisions</h3><ol class="costliest">{items}</ol>'
    else:
        costliest = '<p class="flawless">Every decision matched optimal play.</p>'
    head = ('<thead><tr><th scope="col">Turn</th><th scope="col">Roll</th><th scope="col">Dice</th>'
            '<th scope="col">You</th><th scope="col">Optimal</th><th scope="col">Lost</th>'
            '<th scope="col">Why</th></tr></thead>')
    table = f'<table class="decisions">{head}<tbody>{"".join(_row(d) for d in review.decisions)}</tbody></table>'
    return (summary + costliest + f'<figure class="review-chart">{review_svg(review, "Expected final score")}'
            "</figure><details><summary>Every decision</summary>" + table + "</details>")
