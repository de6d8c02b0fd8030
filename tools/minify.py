#!/usr/bin/env python3
"""What the first visit need not download: the comments of the page and its scripts.

The sources keep their comments (they say why); the built site drops the ones that take
whole lines: ``//`` lines of ``assets/*.js`` and ``assets/*.mjs``, and ``<!-- -->`` in
``index.html``. 5 KB at brotli-11 of the 3.8 MB first visit (docs/performance.md). Nothing
else changes: no renaming, no joined lines, so an error's line still reads as in the
source's shape and every script stays the source minus comment lines.

>>> strip_script("const a = 1;\\n  // why\\nconst url = 'http://x';  // kept: not a whole line\\n")
"const a = 1;\\nconst url = 'http://x';  // kept: not a whole line\\n"
>>> strip_page("<p>a</p>\\n  <!-- why,\\n  twice -->\\n<p>b</p>")
'<p>a</p>\\n<p>b</p>'
"""

from __future__ import annotations

import re
from pathlib import Path

_SCRIPT_COMMENT = re.compile(r"^[ \t]*//.*\n", re.M)
_PAGE_COMMENT = re.compile(r"[ \t]*<!--.*?-->[ \t]*\n?", re.S)


def strip_script(text: str) -> str:
    return _SCRIPT_COMMENT.sub("", text)


def strip_page(text: str) -> str:
    return _PAGE_COMMENT.sub("", text)


def strip_comments(site: Path) -> None:
    """Drop whole-line comments from the built site's scripts and page (after the build's
    own rewrites, which read markers in them)."""
    for script in sorted([*(site / "assets").glob("*.js"), *(site / "assets").glob("*.mjs")]):
        script.write_text(strip_script(script.read_text(encoding="utf-8")), encoding="utf-8")
    page = site / "index.html"
    page.write_text(strip_page(page.read_text(encoding="utf-8")), encoding="utf-8")
