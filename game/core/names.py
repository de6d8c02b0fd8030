"""Player names: any Unicode, trimmed and bounded, and always shown as text.

>>> clean_name("  Ann \\t\\n  Lee ")
'Ann Lee'
>>> clean_name("<img src=x onerror=alert(1)>")
'<img src=x onerror=alert(1)>'
>>> clean_name("", default="Player 2")
'Player 2'
"""

from __future__ import annotations

import unicodedata

#: Long enough for ``<img src=x onerror=alert(1)>`` to survive whole, short enough for a column.
NAME_LENGTH = 32
DEFAULT_NAME = "Player"

_ZWJ = "\u200d"
# Bidirectional overrides and isolates would let a name reorder the text shown after it.
_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f")


def clean_name(raw: object, default: str = DEFAULT_NAME) -> str:
    """A name fit to show and store: trimmed, single spaces, at most 32 characters.

    Any Unicode is kept, emoji included; control characters count as spaces. The name is
    text, never markup: the screen must show it as text (and the SVG code escapes it).

    >>> clean_name("  Ann \\t\\n  Lee ")
    'Ann Lee'
    >>> clean_name("<img src=x onerror=alert(1)>")
    '<img src=x onerror=alert(1)>'
    >>> clean_name("\\x00 ")
    'Player'
    """
    if not isinstance(raw, str):
        return default
    text = unicodedata.normalize("NFC", raw)
    kept = []
    for char in text:
        category = unicodedata.category(char)
        if char in _BIDI_CONTROLS or category == "Cs":  # Cs: a lone surrogate from a JS string
            continue
        kept.append(" " if category in ("Cc", "Zl", "Zp") else char)
    words = "".join(kept).split()
    text = " ".join(words)
    return _cut(text, NAME_LENGTH).strip() or default


def _cut(text: str, limit: int) -> str:
    """``text[:limit]``, moved back so an emoji sequence or an accent is not cut in two."""
    if len(text) <= limit:
        return text
    cut = limit
    while cut > 0 and (_extends(text[cut]) or text[cut - 1] == _ZWJ or _splits_flag(text, cut)):
        cut -= 1
    # One endless cluster (a letter under dozens of accents) is cut hard rather than emptied.
    return text[:cut] if cut > 0 else text[:limit]


def _extends(char: str) -> bool:
    """A character that belongs to the one before it on screen."""
    code = ord(char)
    return (
        unicodedata.category(char) in ("Mn", "Mc", "Me")
        or char == _ZWJ
        or 0xFE00 <= code <= 0xFE0F  # variation selectors (text or emoji style)
        or 0x1F3FB <= code <= 0x1F3FF  # skin tones
        or 0xE0020 <= code <= 0xE007F  # tags (subdivision flags)
    )


def _is_regional(char: str) -> bool:
    return 0x1F1E6 <= ord(char) <= 0x1F1FF


def _splits_flag(text: str, cut: int) -> bool:
    """Whether cutting before ``text[cut]`` leaves half of a flag (two regional letters)."""
    if not (_is_regional(text[cut]) and _is_regional(text[cut - 1])):
        return False
    run = 0
    while cut - run > 0 and _is_regional(text[cut - run - 1]):
        run += 1
    return run % 2 == 1
