"""How the browser tests start Chromium: Debian's, with the switches that make a page's
test depend on nothing but the page.

Chromium keeps the last ``--disable-features`` it is given, and Playwright passes its own
list first: ours (:data:`DISABLED_FEATURES`) is added to Playwright's, read from its driver
(:func:`playwright_disabled_features`), so that neither list is lost.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import playwright

CHROMIUM = Path("/usr/bin/chromium")  # Debian's; Playwright's own download is not reachable here
#: Features the tests' Chromium goes without, each for a reason of its own:
DISABLED_FEATURES = (
    # The omnibox popup of a headless window: a second renderer, with a page of Chrome's own,
    # for every context a test opens (about a second of CPU each, nothing a test looks at).
    "WebUIOmniboxPopup", "WebUIOmniboxAimPopup",
)


def executable() -> str | None:
    """The Chromium to launch: ``CHROMIUM_PATH``, else Debian's (CI installs it with apt),
    else None for Playwright's own."""
    return os.environ.get("CHROMIUM_PATH") or (str(CHROMIUM) if CHROMIUM.exists() else None)


def playwright_disabled_features() -> list[str]:
    """The features Playwright's own switches disable (its chromiumSwitches), from its driver."""
    bundle = Path(playwright.__file__).parent / "driver" / "package" / "lib" / "coreBundle.js"
    found = re.search(r"disabledFeatures = \[(.*?)\]", bundle.read_text(encoding="utf-8"), re.S)
    if found is None:
        raise RuntimeError(f"Playwright's --disable-features list is no longer in {bundle}: "
                           "see tests/browser/chromium.py")
    return re.findall(r'^\s*"(\w+)",?\s*$', found.group(1), re.M)


# --disable-dev-shm-usage: shared memory in /tmp, not /dev/shm. A CI run crashed pages
# ("Target crashed") across modules: a small /dev/shm does that, and Debian's wrapper, which
# should add this flag when /dev/shm is under 3.8 GB (/etc/chromium.d/dev-shm), fails its own
# test when findmnt prints two lines ("[: …: unexpected operator", seen on this machine).
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run", "--disable-dev-shm-usage",
    # English unless a test asks for a language (a context's locale): the page follows the
    # browser's languages (assets/language.js), and the machine's LANG must not choose them.
    "--lang=en-US",
    # Nothing but this machine: every request to another host goes to a proxy that is not
    # there (port 9, discard, nothing listens) and fails; loopback bypasses proxies, so the
    # site under test is reached. pages.open_site records the ones a page makes (the test
    # fails) without routing them, which would turn the HTTP cache off.
    "--proxy-server=http://127.0.0.1:9",
    "--disable-features=" + ",".join([*playwright_disabled_features(), *DISABLED_FEATURES]),
]
