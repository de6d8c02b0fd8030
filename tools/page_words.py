#!/usr/bin/env python3
"""The page's own words: the static text of index.html, shown before Python starts.

index.html marks each text a player meets: ``data-i18n`` on an element whose content is one
message (text, and tags without attributes such as ``<kbd>`` or ``<strong>``), and
``data-i18n-attr="aria-label"`` (a comma-separated list) on an element whose attributes are
messages. :func:`extract` is Babel's extractor for them (babel.cfg), so they join the
game's catalogs with the Python's messages; :func:`page_words` picks them out of a
language's catalog for the build, which writes them beside the ``.mo`` as JSON; and
assets/language.js puts them in the page before the first paint. A message is the
content as the browser serializes it, whitespace collapsed: the same key on both sides.

>>> sorted(messages('<p data-i18n>Keys: <kbd>1</kbd>\\n  hold</p>'
...                 '<button aria-label="Die 1" data-i18n-attr="aria-label">'))
[(1, 'Keys: <kbd>1</kbd> hold'), (2, 'Die 1')]
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import IO, Any

from babel.messages.catalog import Catalog

PAGE = "index.html"
#: The tags a message may hold: no attributes, so the browser serializes them as written.
INLINE = re.compile(r"</?(kbd|strong|em|small)>")
_ELEMENT = re.compile(r"<(\w+)\b([^>]*\bdata-i18n(?![-\w])[^>]*)>(.*?)</\1>", re.S)
_ATTRIBUTES = re.compile(r"<\w+\b[^>]*\bdata-i18n-attr=\"([^\"]+)\"[^>]*>", re.S)


def normalize(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


class _Attributes(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found = {name: value or "" for name, value in attrs}


def messages(html: str) -> Iterator[tuple[int, str]]:
    """(line, message) for every text index.html marks; ValueError for markup a message cannot hold."""
    for match in _ELEMENT.finditer(html):
        content = normalize(match.group(3))
        if "<" in INLINE.sub("", content):
            raise ValueError(f"line {html.count(chr(10), 0, match.start()) + 1}: a data-i18n element may hold "
                             f"only text and {INLINE.pattern}: {content!r}")
        if content:
            yield html.count("\n", 0, match.start()) + 1, content
    for match in _ATTRIBUTES.finditer(html):
        parser = _Attributes()
        parser.feed(match.group(0))
        for name in match.group(1).split(","):
            if parser.found.get(name.strip()):
                yield html.count("\n", 0, match.start()) + 1, normalize(parser.found[name.strip()])


def extract(fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any) -> Iterator[
        tuple[int, None, str, list[str]]]:
    """Babel's extraction method for the page (babel.cfg: ``[tools.page_words.extract: index.html]``)."""
    for line, message in messages(fileobj.read().decode("utf-8")):
        yield line, None, message, ["The page's own text, shown while the game starts; keep any <kbd> tags."]


def page_words(catalog: Catalog) -> dict[str, str]:
    """Every translated message of the page in ``catalog``, English to the language."""
    return {str(m.id): str(m.string) for m in catalog
            if m.id and m.string and not m.fuzzy and not m.context and any(path == PAGE for path, _ in m.locations)}


def words_json(catalog: Catalog | None, boards: dict[str, Any] | None = None) -> bytes:
    """A language's file for assets/language.js: its page words, and the first boards it
    paints (tools/first_board.py), by game."""
    words = page_words(catalog) if catalog is not None else {}
    return json.dumps({"words": words, "boards": boards or {}}, ensure_ascii=False, sort_keys=True,
                      separators=(",", ":")).encode()


#: Where the build puts each language's files in the site: its catalog and its page words.
SITE_LOCALE = "locale"
#: The lines of assets/language.js the build fills in.
_TABLES = {name: re.compile(rf"^  const {name} = .*;$", re.M) for name in ("LANGUAGES", "ALIASES", "YATZY_LANGUAGES",
                                                                        "INLINE_GAME")}


def _tools_importable() -> None:
    for folder in (Path(__file__).resolve().parent, Path(__file__).resolve().parent.parent):  # tools/, the game
        if str(folder) not in sys.path:
            sys.path.insert(0, str(folder))


def write_site_languages(site: Path) -> dict[str, dict[str, str]]:
    """Write each language's ``.mo`` and page words into ``site``/locale/, named by their
    content (so they are cached for good), and tell assets/language.js where they are.
    The ``.mo`` holds the messages of the first visit's modules; those only the later
    archive's modules use travel in that archive (:func:`later_catalogs`). The page words
    carry the language's first boards (tools/first_board.py); English's Yahtzee board goes
    into index.html, its other boards into a file of their own."""
    _tools_importable()
    from catalogs import DOMAIN, LOCALE, languages, read, split_later, write_mo_bytes
    from first_board import INLINE_GAME, first_board, write_inline
    from python_archives import LATER_MODULES, NOT_SHIPPED

    from game.core.language import ALIASES, LANGUAGES
    from game.core.rulesets import GAMES, YATZY_LANGUAGES

    out = site / SITE_LOCALE
    out.mkdir(parents=True, exist_ok=True)

    def written(code: str, data: bytes, suffix: str) -> str:
        name = f"{code}-{hashlib.sha256(data).hexdigest()[:12]}.{suffix}"
        (out / name).write_bytes(data)
        return f"./{SITE_LOCALE}/{name}"

    english = {game: first_board("en", game, None) for game in GAMES}
    write_inline(site / PAGE, english[INLINE_GAME])
    others = {game: board for game, board in english.items() if game != INLINE_GAME}
    table: dict[str, dict[str, str]] = {"en": {"name": LANGUAGES["en"], "words": written("en", words_json(None, others),
                                                                                         "json")}}
    for code in languages():
        catalog = read(LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po")
        for source, words in page_words(catalog).items():  # HTML in the page: never other tags than the source's
            if INLINE.sub("", words).count("<") or INLINE.findall(words) != INLINE.findall(source):
                raise ValueError(f"locale/{code}: the page's words for {source!r} hold other tags: {words!r}")
        table[code] = {"name": LANGUAGES[code]}
        first, _ = split_later(catalog, LATER_MODULES, NOT_SHIPPED)  # the rest: later.zip (later_catalogs)
        mo = write_mo_bytes(first, code)
        boards = {game: first_board(code, game, mo) for game in GAMES}
        table[code]["mo"] = written(code, mo, "mo")
        table[code]["words"] = written(code, words_json(catalog, boards), "json")
    script = site / "assets" / "language.js"
    text = script.read_text(encoding="utf-8")
    tables: tuple[tuple[str, object], ...] = (
        ("LANGUAGES", table), ("ALIASES", dict(ALIASES)), ("YATZY_LANGUAGES", sorted(YATZY_LANGUAGES)),
        ("INLINE_GAME", INLINE_GAME))
    for name, value in tables:
        line = f"  const {name} = {json.dumps(value, sort_keys=True)};"
        text, count = _TABLES[name].subn(lambda _match, line=line: line, text)
        if count != 1:
            raise ValueError(f"assets/language.js must hold one line '  const {name} = ...;'")
    script.write_text(text, encoding="utf-8")
    return table


def later_catalogs() -> list[tuple[str, bytes]]:
    """The later archive's part of each language's catalog, as archive members
    (``locale/<code>.mo``): the messages that only its modules use (game/web/later.py
    adds them to the language spoken once the archive is in)."""
    _tools_importable()
    from catalogs import DOMAIN, LATER_FOLDER, LOCALE, languages, read, split_later, write_mo_bytes
    from python_archives import LATER_MODULES, NOT_SHIPPED

    members = []
    for code in languages():
        _, later = split_later(read(LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po"), LATER_MODULES, NOT_SHIPPED)
        members.append((f"{LATER_FOLDER}/{code}.mo", write_mo_bytes(later, code)))
    return members
