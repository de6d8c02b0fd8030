"""The board a first visit paints before Python has started: the one Python draws first, made
by the game's own code at build time (docs/performance.md, "The board at once on a first
visit"), for tools/build.py.

A first visit (no saved game on the device, no game with friends in the address) opens on a
new game of one player: the game of the player's language (Yatzy in Scandinavia), or of the
link's rules. The build runs exactly that in CPython, the game manager with a renderer
that keeps what it is given (game.session.fakes.RecordingRenderer), in each language and
for each game, and keeps the regions' HTML and the seat names:

- English and Yahtzee go straight into index.html's regions (most visits: no script, no
  wait); the name slots are filled in as text, as the page's diceDraw() fills them;
- every other language's boards travel in its page words (locale/<code>-<hash>.json,
  which assets/language.js fetches before the page shows), and English's Yatzy board in
  locale/en-<hash>.json, fetched only for it.

assets/paint.js and assets/language.js show them, inert, under ``<body data-state="loading">``
until Python draws the same HTML and wakes the board (game/main.py).
"""

from __future__ import annotations

import re
from html import escape
from pathlib import Path
from typing import Any

# Imported by tools/page_words.py, which puts the checkout on sys.path first.
from game.core import language
from game.core.links import parse_query
from game.records.device import open_records
from game.records.kv import MemoryStore
from game.session.fakes import RecordingRenderer
from game.session.manager import App

Board = dict[str, Any]  # {"regions": {region: html}, "names": [name, ...]}

#: Where index.html's source has each region's content filled in by the build.
MARKER = "<!-- build: first board {region} -->"
#: The game whose English board index.html holds; any other comes with a language's words.
INLINE_GAME = "yahtzee"


def first_board(code: str, game: str, catalog: bytes | None) -> Board:
    """What Python draws first on a first visit in language ``code`` (its compiled catalog,
    None for English) when the game chosen is ``game`` ("yahtzee" or "yatzy")."""
    language.activate(language.load(catalog) if catalog is not None else None, code)
    try:
        screen = RecordingRenderer()
        app = App(screen, open_records(MemoryStore()))
        app.default_game = game
        app.open(parse_query(""), "", None)  # as game/main.py opens a page with no link and no name
        return {"regions": dict(screen.regions), "names": list(screen.names)}
    finally:
        language.activate(None)


def fill_names(html: str, names: list[str]) -> str:
    """The name slots filled in as text, as assets/paint.js's diceDraw() does."""
    return re.sub(r'(<span\b[^>]*\bdata-name-seat="(\d+)"[^>]*>)</span>',
                  lambda m: f"{m.group(1)}{escape(names[int(m.group(2))])}</span>", html)


def write_inline(page: Path, board: Board) -> None:
    """Put ``board`` in index.html's regions; each region element holds its marker, and is
    ``hidden`` exactly when the board leaves it empty (as the renderer sets it)."""
    html = page.read_text(encoding="utf-8")
    for region, content in board["regions"].items():
        marker = MARKER.format(region=region)
        element = re.search(rf'<(\w+)\b[^>]*\bid="{region}"[^>]*>\s*{re.escape(marker)}\s*</\1>', html)
        if element is None:
            raise ValueError(f"index.html: #{region} must hold only {marker}")
        if ("hidden" in element.group(0).split(">")[0].split()) != (not content):
            raise ValueError(f"index.html: #{region} must be hidden exactly when the first board leaves it empty")
        html = html.replace(marker, fill_names(content, board["names"]))
    page.write_text(html, encoding="utf-8")
