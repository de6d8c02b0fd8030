"""Today's ten looked back on, as HTML: the player's days (played, in a row, the best run, how
they went) and the past days to open again, the archive.

Shown in the ten's result, in its archive (the dialog's Past days) and in Statistics. The
distribution reads without colour: every bar has its count as text and its row's label,
and today's row is marked in words for assistive technology, not by its colour alone.

>>> from game.core.language import activate
>>> from game.records.daily_stats import TenStats
>>> activate(None)
>>> html = days_html(TenStats(played=3, current=2, best=2, by_best=(1, 0, 2, 0, 0, 0), today_row=0))
>>> 'data-stat="played">3<' in html and "5 or fewer" in html
True
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence

from game.core.language import _, ngettext
from game.core.numbers import decimal, long_date
from game.records.daily_stats import ROWS, TenStats
from game.records.ten_record import CHOICES, ScoredDay
from game.screens.markup import escape


def squares_html(colours: Sequence[str]) -> str:
    """The squares drawn in CSS (style.css), not as emoji: a device without a colour emoji
    font shows them alike. The share text has the emoji (grading.grid)."""
    return "".join(f'<span class="ten-sq ten-{colour}"></span>' for colour in colours)


def _row_label(best: int) -> str:
    if best == ROWS[-1]:
        # Translators: Today's ten's distribution: the last row, days with this many best choices or fewer.
        return _("%(count)d or fewer") % {"count": best}
    return str(best)


def days_html(stats: TenStats) -> str:
    """The three numbers and the distribution of the days by best choices out of ten."""
    # (the data-stat key the tests read; its label; its value)
    facts = [
        # Translators: Today's ten: how many days the player finished the day's ten (scored, not practice).
        ("played", _("Days played"), stats.played),
        ("current", _("Days in a row"), stats.current),
        # Translators: Today's ten: the most days in a row ever.
        ("best", _("Best run"), stats.best),
    ]
    numbers = "".join(f'<div><dt>{escape(label)}</dt><dd data-stat="{key}">{value}</dd></div>'
                      for key, label, value in facts)
    most = max(stats.by_best) or 1
    rows = []
    for index, (best, count) in enumerate(zip(ROWS, stats.by_best, strict=True)):
        # An SVG bar: the page's CSP allows no style attribute, and a bar's length is data.
        bar = (f'<svg class="ten-bar" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true">'
               f'<rect width="{max(1, round(100 * count / most))}" height="10"/></svg>')
        days = escape(ngettext("%(count)d day", "%(count)d days", count) % {"count": count})
        today = ""
        if index == stats.today_row:
            # Translators: Today's ten's distribution: marks the row of today's result (read out, not shown).
            marker = _("(today)")
            today = f' <span class="visually-hidden">{escape(marker)}</span>'
        marked = ' class="today"' if today else ""
        rows.append(f'<li{marked}><span class="ten-row-label">'
                    f'{escape(_row_label(best))}</span>{bar}<span class="ten-row-count" aria-hidden="true">'
                    f'{count}</span><span class="visually-hidden">{days}</span>{today}</li>')
    # Translators: Today's ten: the heading of the chart of the player's days by best choices out of ten.
    caption = escape(_("Days by best choices out of ten"))
    return (f'<dl class="ten-numbers">{numbers}</dl>'
            f'<p class="ten-dist-title" id="ten-dist-title">{caption}</p>'
            f'<ol class="ten-dist" aria-labelledby="ten-dist-title">{"".join(rows)}</ol>')


def _day_status(day: ScoredDay | None) -> str:
    if day is None:
        # Translators: Today's ten's archive: a day the player did not begin.
        return escape(_("Not played"))
    if not day.finished:
        left = CHOICES - len(day.choices)
        # Translators: Today's ten's archive: a day begun and left with decisions still to answer.
        return escape(ngettext("Begun: %(left)d decision left", "Begun: %(left)d decisions left", left)
                      % {"left": left})
    assert day.lost is not None
    lost = _("Points lost: %(points)s") % {"points": decimal(day.lost, 1)}
    return f'<span class="ten-grid-small" aria-hidden="true">{squares_html(day.colours)}</span> {escape(lost)}'


def archive_html(stats: TenStats, days: Sequence[tuple[str, ScoredDay | None]], today: str) -> str:
    """The archive: the player's days, then each listed day (today first) as a button that
    opens it (today's scored while unfinished, any other as practice) and how it went, then
    a date field for any other day."""
    items = []
    for day, kept in days:
        name = long_date(datetime.date.fromisoformat(day))
        if day == today:
            # Translators: Today's ten's archive: today's row ("Today, 28 November 2026").
            name = _("Today, %(date)s") % {"date": name}
        items.append(f'<li><button type="button" data-ten-day="{day}">{escape(name)}</button> '
                     f'<span class="ten-day-status">{_day_status(kept)}</span></li>')
    other = escape(_("Play another day"))
    # Translators: Today's ten's archive: the button back to the day's ten.
    back = escape(_("Back to today's ten"))
    practice = escape(_("Any day but today is played as practice."))
    return (days_html(stats)
            + f'<p class="ten-archive-note">{practice}</p>'
            + f'<ul class="ten-archive">{"".join(items)}</ul>'
            + f'<p class="ten-days"><label><span>{other}</span> '
            + f'<input type="date" id="ten-day" max="{today}" value="{today}"></label></p>'
            + f'<p class="ten-actions"><button type="button" id="ten-today" class="primary">{back}</button></p>')
