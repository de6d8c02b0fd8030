"""The Statistics dialog's body: one preset's figures and the histogram of its final scores."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.language import _, pgettext
from game.core.numbers import decimal, percent
from game.core.rulesets import RULESETS, rules_of, ruleset_label
from game.records.statistics import Stats
from game.screens.markup import escape

if TYPE_CHECKING:
    from game.strategy.distribution import ScoreDistribution


def preset_options_html() -> str:
    """The rules choice of the Statistics dialog: Yahtzee's presets, then Yatzy (our own labels only).

    >>> preset_options_html().count("<option")
    5
    """
    return "".join(f'<option value="{p}">{escape(ruleset_label(p))}</option>' for p in RULESETS)


def stats_html(stats: Stats, perfect: ScoreDistribution | None = None, chart: bool = True) -> str:
    """One preset's statistics and the histogram of its final scores, with perfect play's
    drawn over it when ``perfect`` (the preset's distribution under optimal play) is given;
    without ``chart`` an empty figure holds the histogram's place (its module is the later
    archive's: the dialog draws it once that is here).

    >>> from game.records.statistics import Stats
    >>> "No games yet" in stats_html(Stats("official"))
    True
    """
    if not stats.games:
        empty = escape(_("No games yet with these rules."))
        return f'<p class="empty">{empty}</p>'
    assert stats.average is not None and stats.upper_bonus_rate is not None  # games were played
    # (the data-stat key, a stable English name the tests read; its label; its value)
    facts = [
        ("Games played", _("Games played"), str(stats.games)),
        ("Average", _("Average"), decimal(stats.average, 1)),
        ("Best", _("Best"), str(stats.best)),
        ("Yahtzees rolled", pgettext("statistics", rules_of(stats.preset)[0].rolled_words), str(stats.yahtzees)),
        ("Upper bonus reached", _("Upper bonus reached"),
         # Translators: how many games reached the upper bonus, and their share ("12 (40%)").
         _("%(count)d (%(percent)s)") % {"count": stats.upper_bonuses, "percent": percent(stats.upper_bonus_rate)}),
    ]
    items = "".join(f"<dt>{escape(label)}</dt><dd data-stat=\"{key}\">{escape(value)}</dd>"
                    for key, label, value in facts)
    if not chart:
        return f'<dl class="stats">{items}</dl><figure class="histogram"></figure>'
    from game.screens.histogram import histogram_svg  # the later archive's: only this dialog draws charts

    return f'<dl class="stats">{items}</dl><figure class="histogram">{histogram_svg(stats, perfect=perfect)}</figure>'
