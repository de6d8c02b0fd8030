"""Numbers and dates per language (game.core.numbers) agree with Babel's CLDR data."""

from __future__ import annotations

import datetime
from collections.abc import Callable

import pytest
from babel.dates import format_date
from babel.numbers import format_decimal, format_percent

from game.core import language, numbers
from tests.support import load_tool

catalogs = load_tool("catalogs")
VALUES = (0.0, 0.5, 3.21, 55.57, 251.456, 1234.56, -17.04)  # no ties: rounding modes differ
DAYS = tuple(datetime.date(2026, month, 2 * month) for month in range(1, 13))


def test_english_has_cldrs_values() -> None:
    fields = {name.lower(): value for name, value in catalogs.number_formats("en").items()}
    assert fields == numbers.ENGLISH


@pytest.mark.parametrize("code", [*language.LANGUAGES])
def test_numbers_and_dates_are_written_as_cldr_writes_them(code: str, speak: Callable[[str], None]) -> None:
    if code != language.SOURCE:
        speak(code)
    for value in VALUES:
        assert numbers.decimal(value, 1) == format_decimal(round(value, 1), "#,##0.0", locale=code)
        assert numbers.decimal(value, 2) == format_decimal(round(value, 2), "#,##0.00", locale=code)
        pattern = str(catalogs.Locale.parse(code).percent_formats[None].pattern)
        assert numbers.percent(value / 100, 1) == format_percent(
            round(value / 100, 3), pattern.replace("0%", "0.0%").replace("0 %", "0.0 %").replace(
                "0\u00a0%", "0.0\u00a0%"), locale=code)
    for day in DAYS:
        assert numbers.long_date(day) == format_date(day, "long", locale=code)
        assert numbers.short_date(day) == format_date(day, "short", locale=code)
