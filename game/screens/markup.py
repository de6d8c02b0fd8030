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
