"""Escaping text for HTML and SVG (without the standard ``html`` module), name slots, and a
card's title around one.

``html`` pulls in ``re`` and a table of 2,000 entities, about 40 ms of start-up in the
browser for the one function used here (docs/performance.md).

>>> escape('<img src="x" onerror=\\'alert(1)\\'> & co')
'&lt;img src=&quot;x&quot; onerror=&#x27;alert(1)&#x27;&gt; &amp; co'
"""

from game.core.language import _

_TABLE = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"})


def escape(text: object) -> str:
    """``text`` made safe inside HTML text and quoted attributes (as ``html.escape``)."""
    return str(text).translate(_TABLE)


def name_slot(seat: int) -> str:
    """An empty span the DOM layer fills with the seat's name as text."""
    return f'<span class="name" data-name-seat="{seat}"></span>'


def card_title_html(seat: int) -> str:
    """The title of one player's score card (``Ann’s card``), the name in its slot.

    >>> card_title_html(1)
    '<span class="name" data-name-seat="1"></span>’s card'
    """
    # Translators: the title of the dialog showing one player's score card; rephrase around the name (not declined).
    return escape(_("%(name)s’s card")) % {"name": name_slot(seat)}


def unbroken_faces(text: str) -> str:
    """Escaped ``text`` with each run of dice ("6-1-3-3-5") kept on one line: WebKit
    breaks a line after a hyphen between digits, which Chromium and Firefox do not (UAX
    #14, HY × NU). A scan, not ``re`` (see above); only for text, never for attributes.

    >>> unbroken_faces("Hold 3-3, roll 3 (1-2)")
    'Hold <span class="faces">3-3</span>, roll 3 (<span class="faces">1-2</span>)'
    """
    out, i, n = [], 0, len(text)
    while i < n:
        end = i + 1
        if text[i].isdigit() and (i == 0 or not text[i - 1].isdigit()):
            while end + 1 < n and text[end] == "-" and text[end + 1].isdigit():
                end += 2
        if end > i + 1:
            out.append(f'<span class="faces">{text[i:end]}</span>')
        else:
            out.append(text[i])
        i = end
    return "".join(out)
