"""Charts as SVG strings, built in Python: the expected final score through one game (the
game review), and the histogram of final scores (the stats screen, in
:mod:`game.screens.histogram`).

The charts read without colour: the review's costliest decisions are marked and labelled
with their loss, the axes are labelled, and each chart has a ``<title>`` and an
``aria-label`` with a summary. Shapes and text use ``currentColor``, so the chart follows
the page's text colour (dark mode, forced colours). Every piece of text is escaped.
"""

from __future__ import annotations

import itertools
import math
from typing import TYPE_CHECKING

from game.core.language import _, ngettext, pgettext
from game.core.numbers import decimal
from game.screens.choice_words import choice_words
from game.screens.histogram import FONT as _FONT
from game.screens.histogram import empty_svg as _empty
from game.screens.markup import escape
from game.screens.review_words import dice_words, minus, points, rating_words

if TYPE_CHECKING:  # only for annotations: the histogram alone need not load the coach
    from game.core.games import Game
    from game.strategy.review import Decision, Review



# --- the expected final score through a game ----------------------------------------------

_DX = 12  # px between decisions
_L_LEFT, _L_RIGHT, _L_TOP, _L_PLOT, _L_BOTTOM, _L_MIN_WIDTH = 52, 44, 22, 180, 46, 240
_TICK_STEPS = (5, 10, 20, 25, 50, 100, 200, 250, 500)


def review_svg(review: Review, title: str | None = None) -> str:
    """An ``<svg>`` line chart: x = decision number (0 = before the first roll), y = expected
    final score (``review.path``).

    The three costliest decisions carry a ring and their loss as text ("−4.2"), so they
    read without colour; every point has a tooltip; the last point is labelled with its
    value. ``title`` defaults to "Expected final score: <player name>".
    """
    if title is None:
        title = _("Expected final score: %(name)s") % {"name": review.name}
    if not review.decisions:
        return _empty(title, _("No decisions to show yet."))
    path = review.path
    n = len(path) - 1
    lo, hi, step = _y_range(min(path), max(path))
    plot_w = max(n * _DX, _L_MIN_WIDTH)
    width, height = _L_LEFT + plot_w + _L_RIGHT, _L_TOP + _L_PLOT + _L_BOTTOM
    base = _L_TOP + _L_PLOT

    def x(i: int) -> float:
        return round(_L_LEFT + plot_w * i / n, 1)

    def y(value: float) -> float:
        return round(base - _L_PLOT * (value - lo) / (hi - lo), 1)

    summary = _review_summary(review)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img" aria-label="{escape(f"{title}. {summary}")}">',
        f"<title>{escape(title)}</title>",
        f"<desc>{escape(summary)}</desc>",
    ]
    for tick in range(lo, hi + 1, step):  # the y axis: faint grid lines and their scores
        parts.append(f'<path d="M{_L_LEFT} {y(tick)} H{_L_LEFT + plot_w}" stroke="currentColor" '
                     'stroke-opacity="0.2"/>')
        parts.append(f'<text x="{_L_LEFT - 6}" y="{y(tick) + 4}" text-anchor="end" {_FONT}>{tick}</text>')
    every = 5 if n <= 60 else 10
    for i in range(0, n + 1, every):  # the x axis: decision numbers
        parts.append(f'<text x="{x(i)}" y="{base + 14}" text-anchor="middle" {_FONT}>{i}</text>')
    line = " ".join(f"{x(i)},{y(v)}" for i, v in enumerate(path))
    parts.append(f'<polyline points="{line}" fill="none" stroke="currentColor" stroke-width="2" '
                 'stroke-linejoin="round"/>')
    for i, value in enumerate(path):
        tip = (_("Start: expected %(score)s") % {"score": decimal(value, 1)} if i == 0
               else _decision_text(review.decisions[i - 1], review.game))
        parts.append(f'<circle cx="{x(i)}" cy="{y(value)}" r="2.5" fill="currentColor">'
                     f"<title>{escape(tip)}</title></circle>")
    points = [(x(i), y(v)) for i, v in enumerate(path)]
    for d in review.costliest:
        cx, cy = points[d.number]
        label = minus(d.loss)
        ty = label_baseline(points, cx, cy, _label_half_width(label), (_L_TOP - 10, base))
        parts.append(f'<g><title>{escape(_decision_text(d, review.game))}</title>'
                     f'<circle cx="{cx}" cy="{cy}" r="6" fill="none" stroke="currentColor" stroke-width="1.5"/>'
                     f'<text x="{cx}" y="{ty}" text-anchor="middle" font-weight="bold" {_FONT}>'
                     f"{escape(label)}</text></g>")
    last = escape(decimal(path[-1], 0 if review.finished else 1))
    # Translators: the review chart's horizontal axis: the player's decisions, numbered.
    across, up = escape(pgettext("chart axis", "Decision")), escape(_("Expected final score"))
    parts += [
        f'<text x="{x(n) + 6}" y="{y(path[-1]) + 4}" {_FONT}>{last}</text>',
        f'<path d="M{_L_LEFT} {_L_TOP} V{base} H{_L_LEFT + plot_w}" fill="none" stroke="currentColor"/>',
        f'<text x="{_L_LEFT + plot_w / 2}" y="{height - 8}" text-anchor="middle" {_FONT}>{across}</text>',
        f'<text x="14" y="{base - _L_PLOT / 2}" text-anchor="middle" transform="rotate(-90 14 {base - _L_PLOT / 2})" '
        f"{_FONT}>{up}</text>",
        "</svg>",
    ]
    return "".join(parts)


#: Where a loss's label may sit, as baselines from its point: above, below, then further out.
_LABEL_OFFSETS = (-10.0, 18.0, -24.0, 32.0)
_ASCENT, _DESCENT = 9.0, 3.0  # px of a bold 11 px label above and below its baseline
_CLEAR = 2.0  # px kept between a label and the line


def _label_half_width(text: str) -> float:
    """Half a bold 11 px label's width, a little generous (no font metrics in Python)."""
    return 3.6 * len(text) + 1


def label_baseline(points: list[tuple[float, float]], cx: float, cy: float, half: float,
                   bounds: tuple[float, float]) -> float:
    """The baseline of a label centred on ``cx`` near the point ``(cx, cy)`` that keeps off the
    chart's line: the first place of :data:`_LABEL_OFFSETS` inside ``bounds`` (top, bottom)
    that the line does not cross, else the one it comes least near. The line is sampled
    every pixel under the label: with 12 px between decisions, a steep drop into the point
    crosses the place above it.

    >>> flat = [(0.0, 50.0), (12.0, 50.0), (24.0, 50.0)]
    >>> label_baseline(flat, 12.0, 50.0, 15.0, (0.0, 100.0))  # above a level line
    40.0
    >>> drop = [(0.0, 10.0), (12.0, 50.0), (24.0, 52.0)]
    >>> label_baseline(drop, 12.0, 50.0, 15.0, (0.0, 100.0))  # the line comes down from above
    68.0
    """
    ys = [_line_y(points, cx + dx) for dx in range(-math.ceil(half), math.ceil(half) + 1)]
    best, best_gap = cy + _LABEL_OFFSETS[0], -math.inf
    for offset in _LABEL_OFFSETS:
        baseline = cy + offset
        top, bottom = baseline - _ASCENT, baseline + _DESCENT
        if top < bounds[0] or bottom > bounds[1]:
            continue
        gap = min((max(top - ly, ly - bottom) for ly in ys if ly is not None), default=math.inf)
        if gap >= _CLEAR:
            return baseline
        if gap > best_gap:
            best, best_gap = baseline, gap
    return best


def _line_y(points: list[tuple[float, float]], at: float) -> float | None:
    """The polyline's height at ``at`` (points in increasing x), None outside it."""
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        if x0 <= at <= x1:
            return y0 if x1 == x0 else y0 + (y1 - y0) * (at - x0) / (x1 - x0)
    return None


def _y_range(low: float, high: float) -> tuple[int, int, int]:
    """Axis bounds on whole ticks around ``low``..``high``, with at most 6 steps between them."""
    for step in _TICK_STEPS:
        lo, hi = math.floor(low / step) * step, math.ceil(high / step) * step
        if hi == lo:
            hi += step
        if (hi - lo) / step <= 6:
            return lo, hi, step
    return lo, hi, step


def _review_summary(review: Review) -> str:
    """The chart in words: the expected score before and after, the points lost, the dice's part."""
    n = len(review.decisions)
    values = {"start": decimal(review.start, 1), "count": n}
    if review.finished:
        values["end"] = decimal(review.path[-1], 0)
        text = ngettext("Expected final score %(start)s before the first roll, %(end)s (final score) after "
                        "%(count)d decision.",
                        "Expected final score %(start)s before the first roll, %(end)s (final score) after "
                        "%(count)d decisions.", n) % values
    else:
        values["end"] = decimal(review.path[-1], 1)
        text = ngettext("Expected final score %(start)s before the first roll, %(end)s after %(count)d decision.",
                        "Expected final score %(start)s before the first roll, %(end)s after %(count)d decisions.",
                        n) % values
    luck = ("+" if review.luck >= 0 else "") + decimal(review.luck, 1)
    # Translators: the rating is a word such as "expert" (context "rating"); the dice's part is signed ("+3.5").
    text += " " + _("Points lost to choices: %(lost)s (mean %(mean)s per decision, %(rating)s); "
                    "the dice moved it by %(luck)s.") % {
        "lost": points(review.total_loss), "mean": decimal(review.mean_loss, 2),
        "rating": rating_words(review.rating), "luck": luck}
    if review.costliest:
        # Translators: what parts the costliest decisions listed in the chart's summary.
        separator = pgettext("list of decisions", "; ")
        listed = separator.join(_decision_text(d, review.game) for d in review.costliest)
        text += " " + _("Costliest: %(decisions)s.") % {"decisions": listed}
    return text


def _decision_text(d: Decision, game: Game) -> str:
    """One decision of ``game`` in words: when, the dice, what the player did (and the best,
    if other), the loss."""
    values = {"number": d.number, "turn": d.turn, "roll": d.roll, "dice": dice_words(d.dice),
              "choice": choice_words(d, game), "expected": decimal(d.after, 1)}
    if d.optimal:
        return _("Decision %(number)d (turn %(turn)d, roll %(roll)d, dice %(dice)s): %(choice)s; "
                 "expected %(expected)s") % values
    values |= {"best": choice_words(d.best, game), "loss": minus(d.loss)}
    # Translators: a decision that lost points: what the player chose, the coach's best, the loss ("−4.2").
    return _("Decision %(number)d (turn %(turn)d, roll %(roll)d, dice %(dice)s): %(choice)s (best: %(best)s), "
             "%(loss)s; expected %(expected)s") % values
