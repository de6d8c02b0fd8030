"""Numbers and dates as the language spoken now writes them: "55.6%" in English, "55,6 %" in German.

The conventions are CLDR's, taken from Babel when the build compiles a catalog
(``tools/catalogs.py`` writes them into the ``.mo``'s header as ``X-`` fields): the decimal
and grouping signs (as the number 1234.5 written out, "1.234,5"), where the percent sign
goes, the month names and the long date's pattern. Nothing here is written by hand per
language; English, the source language with no catalog, has its CLDR values below
(``tests/test_numbers.py`` compares them with Babel's).

>>> from game.core.language import activate
>>> activate(None)
>>> decimal(1234.5, 1), percent(0.556, 1), percent(0.5), long_date(datetime.date(2026, 11, 26))
('1,234.5', '55.6%', '50%', 'November 26, 2026')
"""

from __future__ import annotations

import datetime
import re

from game.core import language

#: CLDR's English (Babel 2.18.0, locale "en"), for the source language, which has no catalog.
ENGLISH: dict[str, str] = {
    "x-number-example": "1,234.5", "x-percent-pattern": "#,##0%",
    "x-date-pattern": "MMMM d, y", "x-short-date-pattern": "M/d/yy",
    "x-months": "January,February,March,April,May,June,July,August,September,October,November,December",
}
#: One field of a CLDR date pattern, or a quoted literal ('de').
_DATE_FIELD = re.compile(r"'([^']*)'|d+|M+|y+")


def _field(name: str) -> str:
    return language.header(name) or ENGLISH[name]


def decimal(value: float, digits: int = 0) -> str:
    """``value`` rounded to ``digits`` decimals, with the language's signs.

    >>> decimal(-0.04, 1), decimal(251.456, 2)
    ('-0.0', '251.46')
    """
    example = _field("x-number-example")  # "1" group "234" decimal "5"
    group, point = example[1:example.index("234")], example[example.index("234") + 3:-1]
    text = f"{value:,.{digits}f}"
    return text.replace(",", "\0").replace(".", point).replace("\0", group)


def percent(fraction: float, digits: int = 0) -> str:
    """``fraction`` (0.5) as a percentage ("50%"), the sign where the language puts it."""
    pattern = _field("x-percent-pattern").split(";")[0]
    return pattern.replace("#,##0", decimal(100 * fraction, digits), 1)


def long_date(day: datetime.date) -> str:
    """``day`` written out, with the month's name ("26. November 2026" in German)."""
    return _date(day, "x-date-pattern")


def short_date(day: datetime.date | str) -> str:
    """``day`` (or its ISO text) in digits, as a table's column shows it ("26.11.26" in German);
    text that is not an ISO date as it is.

    >>> short_date(datetime.date(2026, 11, 26)), short_date("2026-01-05"), short_date("someday")
    ('11/26/26', '1/5/26', 'someday')
    """
    if isinstance(day, str):
        try:
            return _date(datetime.date.fromisoformat(day), "x-short-date-pattern")
        except ValueError:
            return day
    return _date(day, "x-short-date-pattern")


def _date(day: datetime.date, pattern: str) -> str:
    months = _field("x-months").split(",")

    def field(match: re.Match[str]) -> str:
        token = match.group(0)
        if match.group(1) is not None:
            return match.group(1)
        if token[0] == "d":
            return f"{day.day:0{len(token)}d}"
        if token[0] == "M":
            return months[day.month - 1] if len(token) >= 3 else f"{day.month:0{len(token)}d}"
        return str(day.year) if len(token) != 2 else f"{day.year % 100:02d}"

    return _DATE_FIELD.sub(field, _field(pattern))
