"""Escaping text for HTML and SVG (without the standard ``html`` module), and name slots.

``html`` pulls in ``re`` and a table of 2,000 entities, about 40 ms of start-up in the
browser for the one function used here (docs/performance.md).

>>> escape('<img src="x" onerror=\\'alert(1)\\'> & co')
'&lt;img src=&quot;x&quot; onerror=&#x27;alert(1)&#x27;&gt; &amp; co'
"""

_TABLE = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"})


def escape(text: object) -> str:
    """``text`` made safe inside HTML text and quoted attributes (as ``html.escape``)."""
    return str(text).translate(_TABLE)


def name_slot(seat: int) -> str:
    """An empty span the DOM layer fills with the seat's name as text."""
    return f'<span class="name" data-name-seat="{seat}"></span>'
