"""The Statistics dialog's body: one preset's figures and the histogram of its final scores."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core import rules
from game.records.statistics import Stats
from game.screens.markup import escape

if TYPE_CHECKING:
    from game.strategy.distribution import ScoreDistribution


def preset_options_html() -> str:
    """The preset choice of the Statistics dialog (our own labels only).

    >>> preset_options_html().count("<option")
    4
    """
    return "".join(f'<option value="{p}">{escape(rules.PRESET_LABELS[p])}</option>' for p in rules.PRESETS)


def stats_html(stats: Stats, perfect: ScoreDistribution | None = None) -> str:
    """One preset's statistics and the histogram of its final scores, with perfect play's
    drawn over it when ``perfect`` (the preset's distribution under optimal play) is given.

    >>> from game.records.statistics import Stats
    >>> "No games yet" in stats_html(Stats("official"))
    True
    """
    if not stats.games:
        return '<p class="empty">No games yet with these rules.</p>'
    assert stats.average is not None and stats.upper_bonus_rate is not None  # games were played
    facts = [
        ("Games played", str(stats.games)),
        ("Average", f"{stats.average:.1f}"),
        ("Best", str(stats.best)),
        ("Yahtzees rolled", str(stats.yahtzees)),
        ("Upper bonus reached", f"{stats.upper_bonuses} ({100 * stats.upper_bonus_rate:.0f}%)"),
    ]
    items = "".join(f"<dt>{escape(k)}</dt><dd data-stat=\"{escape(k)}\">{escape(v)}</dd>" for k, v in facts)
    from game.screens.histogram import histogram_svg  # here: only the statistics dialog draws charts (start-up time)

    return f'<dl class="stats">{items}</dl><figure class="histogram">{histogram_svg(stats, perfect=perfect)}</figure>'
