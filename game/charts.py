"""Charts as SVG strings, built in Python: the histogram of final scores (the stats screen)
and the expected final score through one game (the game review).

The charts read without colour: every bar carries its count as text, the review's
costliest decisions are marked and labelled with their loss, the axes are labelled,
and each chart has a ``<title>`` and an ``aria-label`` with a summary.
Shapes and text use ``currentColor``, so the chart follows the page's text colour
(dark mode, forced colours). Every piece of text is escaped.

>>> from game.stats import GameResult, Stats
>>> svg = histogram_svg(Stats("official").with_game(GameResult(212, 0, False)))
>>> svg.startswith("<svg") and ">1</text>" in svg
True
"""

from __future__ import annotations

import math
from html import escape
from typing import TYPE_CHECKING

from game import rules
from game.stats import BIN_WIDTH, Stats

if TYPE_CHECKING:  # only for annotations: the histogram alone need not load the coach
    from game.review import Decision, Review

_BAR, _STEP = 22, 28  # bar width and distance between bar starts, in px
_LEFT, _RIGHT, _TOP, _PLOT, _BOTTOM = 44, 12, 22, 150, 46
_FONT = 'font-family="sans-serif" font-size="11" fill="currentColor"'


def histogram_svg(stats: Stats, title: str | None = None) -> str:
    """An ``<svg>`` element: one bar per 25-point bin from the lowest score to the highest.

    Empty bins between them are drawn too (as a gap labelled 0 on the axis), so the shape
    is honest. ``title`` defaults to the preset's name.
    """
    if title is None:
        title = f"Final scores: {rules.PRESET_LABELS.get(stats.preset, stats.preset)}"
        title += " (assisted)" if stats.assisted else ""
    if not stats.histogram:
        return _empty(title)
    counts = dict(stats.histogram)
    first, last = stats.histogram[0][0], stats.histogram[-1][0]
    starts = range(first, last + 1, BIN_WIDTH)
    tallest = max(counts.values())
    width = _LEFT + len(starts) * _STEP + _RIGHT
    height = _TOP + _PLOT + _BOTTOM
    base = _TOP + _PLOT
    label = f"{title}. {_summary(stats, counts)}"
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img" aria-label="{escape(label)}">',
        f"<title>{escape(title)}</title>",
        f"<desc>{escape(_summary(stats, counts))}</desc>",
    ]
    for i, start in enumerate(starts):
        count = counts.get(start, 0)
        x = _LEFT + i * _STEP + (_STEP - _BAR) // 2
        middle = x + _BAR / 2
        bar = round(_PLOT * count / tallest)
        span = f"{start}\u2013{start + BIN_WIDTH - 1}: {_games(count)}"
        parts.append(f"<g><title>{escape(span)}</title>")
        if count:
            parts.append(f'<rect x="{x}" y="{base - bar}" width="{_BAR}" height="{bar}" '
                         'fill="currentColor" fill-opacity="0.55" stroke="currentColor"/>')
            parts.append(f'<text x="{middle}" y="{base - bar - 4}" text-anchor="middle" {_FONT}>{count}</text>')
        parts.append(f'<text x="{middle}" y="{base + 14}" text-anchor="middle" {_FONT}>{start}</text></g>')
    parts += [
        # The axes, then their labels.
        f'<path d="M{_LEFT} {_TOP} V{base} H{width - _RIGHT}" fill="none" stroke="currentColor"/>',
        f'<text x="{(_LEFT + width - _RIGHT) / 2}" y="{height - 8}" text-anchor="middle" {_FONT}>'
        f"Final score (bins of {BIN_WIDTH} points)</text>",
        f'<text x="14" y="{base - _PLOT / 2}" text-anchor="middle" transform="rotate(-90 14 {base - _PLOT / 2})" '
        f"{_FONT}>Games</text>",
        "</svg>",
    ]
    return "".join(parts)


def _summary(stats: Stats, counts: dict[int, int]) -> str:
    common = max(counts, key=lambda start: (counts[start], -start))
    return (f"{_games(stats.games)}, average {stats.average:.1f}, best {stats.best}; "
            f"most often {common}\u2013{common + BIN_WIDTH - 1} ({_games(counts[common])}).")


def _games(count: int) -> str:
    return f"{count} game" if count == 1 else f"{count} games"


def _empty(title: str, text: str = "No games recorded yet.") -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 40" width="240" height="40" '
            f'role="img" aria-label="{escape(f"{title}. {text}")}"><title>{escape(title)}</title>'
            f'<text x="120" y="24" text-anchor="middle" {_FONT}>{text}</text></svg>')
