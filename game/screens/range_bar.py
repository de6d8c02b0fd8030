"""The finish range in the page: a row of the scorecard (each player's numbers over a bar)
and the coach panel's line (game.session.finish_ranges works the ranges out). They show
only once the strategy and spread tables are here, so they travel in the later archive.

>>> from game.core.language import activate
>>> activate(None)
"""

from __future__ import annotations

from collections.abc import Sequence

from game.core.language import _
from game.screens.markup import escape

#: A finish range: the 10th and the 90th percentile of the final score.
Range = tuple[int, int]
#: The bars' scale is the same for every player and runs from 0 to a multiple of this that
#: holds every range (at least :data:`LEAST_TOP`): a narrower bar means a surer finish.
STEP = 50
LEAST_TOP = 300


def range_numbers(found: Range) -> str:
    """The two percentiles as a pair ("194–318"), as numbers with an en dash in every
    language; the line may break after the dash.

    >>> range_numbers((194, 318))
    '194–<wbr>318'
    """
    return f"{found[0]}–<wbr>{found[1]}"


def _bar(found: Range, points: int, top: int) -> str:
    """The range as a bar on the scale 0 to ``top``, the points on the card as a tick."""
    def at(score: int) -> str:
        return f"{100 * min(score, top) / top:.1f}"

    low, high = found
    width = f"{max(100 * (min(high, top) - min(low, top)) / top, 1.0):.1f}"
    return (f'<svg class="range-bar" viewBox="0 0 100 6" preserveAspectRatio="none" aria-hidden="true" '
            f'focusable="false"><rect class="range-track" width="100" height="6" rx="3"/>'
            f'<rect class="range-span" x="{at(low)}" width="{width}" height="6" rx="3"/>'
            f'<rect class="range-now" x="{at(points)}" width="1" height="6"/></svg>')


def range_cells(ranges: Sequence[Range | None], points: Sequence[int]) -> list[tuple[str, str]]:
    """Each seat's cell of the scorecard's finish-range row (its data attribute, its HTML):
    the numbers over the bar, or an ellipsis while it is worked out.

    >>> cells = range_cells([(194, 318), None], [0, 12])
    >>> cells[0][0], cells[1]
    ('data-range="194,318"', ('data-range=""', '…'))
    >>> 'x="55.4"' in cells[0][1]  # 194 of a scale to 350
    True
    """
    highs = [found[1] for found in ranges if found is not None]
    top = max([LEAST_TOP, *highs])
    top = -(-top // STEP) * STEP
    return [('data-range=""', "…") if found is None else
            (f'data-range="{found[0]},{found[1]}"',
             f'<span class="range-nums">{range_numbers(found)}</span>{_bar(found, now, top)}')
            for found, now in zip(ranges, points, strict=True)]


def range_line(found: Range | None) -> str:
    """The coach panel's line for the player to move: their finish range, or nothing yet.

    >>> range_line((194, 318))
    '<p class="coach-range" data-range="194,318">Finish range: 194–<wbr>318 (eight games in ten end in it).</p>'
    >>> range_line(None)
    ''
    """
    if found is None:
        return ""
    # Translators: the coach panel; %(range)s is a finish range ("194–318"), the 10th and 90th
    # percentile of the final score under the optimal strategy.
    said = escape(_("Finish range: %(range)s (eight games in ten end in it).")) % {"range": range_numbers(found)}
    return f'<p class="coach-range" data-range="{found[0]},{found[1]}">{said}</p>'
