"""The clock and the time zone every browser test's page meets: pinned, never the machine's.

A context is made with a time zone of ours, and Playwright's clock is installed in it before
any page loads, at a fixed instant from which it runs on (timers, animations and the
page's own waits behave as ever). So a page's "today" (Python's ``date.today()`` in the
page reads JavaScript's ``Date``) is the same whatever day the suite runs on and whatever
zone the machine is set to; a test moves it on purpose (``context.clock.set_system_time``).
``pages.check_page`` fails a page whose clock is not pinned, so a context made without
:func:`new_context` or :func:`pin` cannot pass unnoticed.

Playwright's clock stands in for ``Date``, ``Intl``, the timers, ``requestAnimationFrame``,
``requestIdleCallback`` and ``performance`` in every page and frame of the context; a
service worker keeps the real ones (it dates nothing a test reads: Workbox's cache
expiry only).
"""

from __future__ import annotations

import datetime
from typing import Any

from playwright.sync_api import Browser, BrowserContext

#: India's zone: +05:30 all year, no summer time. Not UTC, and a half-hour offset, so a
#: page that took the date in UTC, or rounded the offset to hours, would show it.
ZONE = "Asia/Kolkata"
OFFSET = datetime.timezone(datetime.timedelta(hours=5, minutes=30))
#: The pages' day: after every fixed date the tests name as past (2026-01-15 among them).
TODAY = datetime.date(2026, 3, 14)


def local(day: datetime.date | str, hour: int = 12, minute: int = 0, second: int = 0) -> datetime.datetime:
    """An instant given as the pages' local time in :data:`ZONE` (midday unless said)."""
    if isinstance(day, str):
        day = datetime.date.fromisoformat(day)
    return datetime.datetime(day.year, day.month, day.day, hour, minute, second, tzinfo=OFFSET)


#: Where every page's clock starts: midday, far from a day's edges.
NOW = local(TODAY)


def pin(context: BrowserContext, at: datetime.datetime = NOW) -> BrowserContext:
    """Install the clock at ``at`` in ``context`` (made with ``timezone_id=ZONE``) before its
    pages load; returns the context."""
    context.clock.install(time=at)
    return context


def new_context(browser: Browser, at: datetime.datetime = NOW, **options: Any) -> BrowserContext:
    """``browser.new_context(**options)`` in :data:`ZONE`, its clock pinned at ``at``."""
    return pin(browser.new_context(**{"timezone_id": ZONE, **options}), at)


#: True in a page whose clock is Playwright's (its ``Date`` is marked as a fake).
PINNED_JS = "Date.isFake === true"
