"""The histogram of final scores (the Statistics dialog), as an SVG string, with perfect play
drawn over it.

It reads without colour: every bar carries its count as text, the axes are labelled, and
the chart has a ``<title>`` and an ``aria-label`` with a summary. Given the preset's
distribution under perfect play, a dashed outline shows, per bin, how many of the same
number of games a perfect player would have there, with a legend and the outline's
summary in the text. Shapes and text use ``currentColor``, so the chart follows the
page's text colour (dark mode, forced colours). Every piece of text is escaped.

>>> from game.records.statistics import GameResult, Stats
>>> svg = histogram_svg(Stats("official").with_game(GameResult(212, 0, False)))
>>> svg.startswith("<svg") and ">1</text>" in svg
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.language import _, ngettext, npgettext, pgettext
from game.core.numbers import decimal
from game.core.rulesets import ruleset_label
from game.records.statistics import BIN_WIDTH, Stats, bin_start
from game.screens.markup import escape

if TYPE_CHECKING:  # only for annotations: the chart reads the distribution it is given
    from game.strategy.distribution import ScoreDistribution

_BAR, _STEP = 22, 28  # bar width and distance between bar starts, in px
#: Past this many bins, narrower bars (_NARROW: bar, step) and a score under every other
#: one, so that a phone's dialog shows the chart at about its own size (text stays legible).
_MANY_BINS, _NARROW = 12, (14, 20)
_LEFT, _RIGHT, _TOP, _PLOT, _BOTTOM = 44, 12, 22, 150, 46
_LEGEND = 20  # px above the plot for the legend, when perfect play is drawn
_CHAR = 6.2  # px: about the mean width of a character at FONT's size, to place the legend's second entry
FONT = 'font-family="sans-serif" font-size="11" fill="currentColor"'
#: Perfect play is drawn over the bins that hold its games from this share to 1 minus it
#: (1% and 99%): its tail of Yahtzee bonuses reaches past 1,000 points in a few games per million.
OUTLINE_TAIL_PPM = 10_000
_DASH = 'fill="none" stroke="currentColor" stroke-width="2" stroke-dasharray="5 3"'
_BAR_STYLE = 'fill="currentColor" fill-opacity="0.55" stroke="currentColor"'


def histogram_svg(stats: Stats, title: str | None = None, perfect: ScoreDistribution | None = None) -> str:
    """An ``<svg>`` element: one bar per 25-point bin from the lowest score to the highest.

    Empty bins between them are drawn too (as a gap labelled 0 on the axis), so the shape
    is honest. ``title`` defaults to the preset's name. With ``perfect`` (the preset's
    distribution under perfect play), the bins also span the middle 98% of perfectly
    played games and a dashed outline shows ``stats.games`` times each bin's share.
    """
    if title is None:
        values = {"rules": ruleset_label(stats.preset)}
        title = (_("Final scores: %(rules)s (assisted)") if stats.assisted else _("Final scores: %(rules)s")) % values
    if not stats.histogram:
        return empty_svg(title)
    counts = dict(stats.histogram)
    first, last = stats.histogram[0][0], stats.histogram[-1][0]
    expected: dict[int, float] = {}
    if perfect is not None:
        low, high = (bin_start(perfect.score_at(ppm)) for ppm in (OUTLINE_TAIL_PPM, 1_000_000 - OUTLINE_TAIL_PPM))
        shares = perfect.bin_shares(BIN_WIDTH)
        expected = {start: stats.games * share for start, share in shares if low <= start <= high}
        first, last = min(first, low), max(last, high)
    starts = range(first, last + 1, BIN_WIDTH)
    tallest = max([*counts.values(), *expected.values()])
    top = _TOP + (_LEGEND if expected else 0)
    many = len(starts) > _MANY_BINS
    bar_width, step = _NARROW if many else (_BAR, _STEP)
    width = _LEFT + len(starts) * step + _RIGHT
    height = top + _PLOT + _BOTTOM
    base = top + _PLOT
    summary = _summary(stats, counts) + (f" {_outline_summary(perfect)}" if perfect is not None else "")
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img" aria-label="{escape(f"{title}. {summary}")}">',
        f"<title>{escape(title)}</title>",
        f"<desc>{escape(summary)}</desc>",
    ]
    for i, start in enumerate(starts):
        count = counts.get(start, 0)
        x = _LEFT + i * step + (step - bar_width) // 2
        middle = x + bar_width / 2
        bar = round(_PLOT * count / tallest)
        span = _span(start, count, expected.get(start))
        parts.append(f"<g><title>{escape(span)}</title>")
        if count:
            parts.append(f'<rect x="{x}" y="{base - bar}" width="{bar_width}" height="{bar}" {_BAR_STYLE}/>')
            parts.append(f'<text x="{middle}" y="{base - bar - 4}" text-anchor="middle" {FONT}>{count}</text>')
        if not many or start % (2 * BIN_WIDTH) == 0:
            parts.append(f'<text x="{middle}" y="{base + 14}" text-anchor="middle" {FONT}>{start}</text>')
        parts.append("</g>")
    if expected:
        parts += _outline(expected, first, base, tallest, step)
        parts += _legend(_TOP)
    across = npgettext("chart axis", "Final score (bins of %(width)d point)", "Final score (bins of %(width)d points)",
                       BIN_WIDTH) % {"width": BIN_WIDTH}
    # Translators: the histogram's vertical axis: how many games scored in each bin.
    up = pgettext("chart axis", "Games")
    parts += [
        # The axes, then their labels.
        f'<path d="M{_LEFT} {top} V{base} H{width - _RIGHT}" fill="none" stroke="currentColor"/>',
        f'<text x="{(_LEFT + width - _RIGHT) / 2}" y="{height - 8}" text-anchor="middle" {FONT}>'
        f"{escape(across)}</text>",
        f'<text x="14" y="{base - _PLOT / 2}" text-anchor="middle" transform="rotate(-90 14 {base - _PLOT / 2})" '
        f"{FONT}>{escape(up)}</text>",
        "</svg>",
    ]
    return "".join(parts)


def _outline(expected: dict[int, float], first: int, base: int, tallest: float, step: int) -> list[str]:
    """The perfect player's histogram as one dashed outline: up, across each bin, down."""
    starts = sorted(expected)
    x0 = _LEFT + (starts[0] - first) // BIN_WIDTH * step
    moves = [f"M{x0} {base}"]
    for start in starts:
        x = _LEFT + (start - first) // BIN_WIDTH * step
        moves.append(f"V{round(base - _PLOT * expected[start] / tallest, 1)} H{x + step}")
    moves.append(f"V{base}")
    return [f'<path class="perfect-play" d="{" ".join(moves)}" {_DASH}/>']


def _legend(y: int) -> list[str]:
    """What the bars and the outline are, in words beside a sample of each."""
    x = 8
    # Translators: the histogram's legend beside a bar: the player's own games.
    yours = pgettext("chart legend", "Your games")
    # Translators: the histogram's legend beside a dashed outline: how perfect play's scores would
    # spread over as many games as the player's.
    perfect = pgettext("chart legend", "Perfect play, as many games")
    dash = x + 34 + round(_CHAR * len(yours))  # after the first words, however long a language makes them
    return [
        f'<rect x="{x}" y="{y - 10}" width="14" height="10" {_BAR_STYLE}/>',
        f'<text x="{x + 20}" y="{y - 1}" {FONT}>{escape(yours)}</text>',
        f'<path d="M{dash} {y - 5} H{dash + 24}" {_DASH}/>',
        f'<text x="{dash + 30}" y="{y - 1}" {FONT}>{escape(perfect)}</text>',
    ]


def _span(start: int, count: int, perfect: float | None) -> str:
    """One bin's tooltip: its scores, the player's games there, and perfect play's if drawn."""
    values = {"low": start, "high": start + BIN_WIDTH - 1, "count": count}
    if perfect is None:
        return ngettext("%(low)d–%(high)d: %(count)d game", "%(low)d–%(high)d: %(count)d games", count) % values
    return ngettext("%(low)d–%(high)d: %(count)d game; perfect play: %(perfect)s",
                    "%(low)d–%(high)d: %(count)d games; perfect play: %(perfect)s",
                    count) % (values | {"perfect": decimal(perfect, 1)})


def _summary(stats: Stats, counts: dict[int, int]) -> str:
    common = max(counts, key=lambda start: (counts[start], -start))
    # Only drawn with games recorded: an average and a best exist.
    values = {"count": stats.games, "average": decimal(stats.average or 0.0, 1), "best": stats.best or 0, "low": common,
              "high": common + BIN_WIDTH - 1, "often": _games(counts[common])}
    return ngettext("%(count)d game, average %(average)s, best %(best)d; most often %(low)d–%(high)d (%(often)s).",
                    "%(count)d games, average %(average)s, best %(best)d; most often %(low)d–%(high)d (%(often)s).",
                    stats.games) % values


def _outline_summary(perfect: ScoreDistribution) -> str:
    """The dashed outline in words: perfect play's median, mean and middle half."""
    p = dict(perfect.percentiles)
    return _("Dashed outline: perfect play over as many games, median %(median)d, average %(average)s, "
             "half of its games from %(low)d to %(high)d.") % {
        "median": perfect.median, "average": decimal(perfect.mean, 1), "low": p[25], "high": p[75]}


def _games(count: int) -> str:
    return ngettext("%(count)d game", "%(count)d games", count) % {"count": count}


def empty_svg(title: str, text: str | None = None) -> str:
    """A chart with nothing to draw: its title, and ``text`` saying why (by default, no games yet)."""
    if text is None:
        text = _("No games recorded yet.")
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 40" width="240" height="40" '
            f'role="img" aria-label="{escape(f"{title}. {text}")}"><title>{escape(title)}</title>'
            f'<text x="120" y="24" text-anchor="middle" {FONT}>{escape(text)}</text></svg>')
