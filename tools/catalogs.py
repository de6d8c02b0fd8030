#!/usr/bin/env python3
"""The translation catalogs: GNU gettext, with Babel (pinned in requirements-build.txt).

    .venv/bin/python tools/catalogs.py extract         # game/ -> locale/game.pot
    .venv/bin/python tools/catalogs.py update          # locale/game.pot -> every locale/<code>/LC_MESSAGES/game.po
    .venv/bin/python tools/catalogs.py init CODE       # a new language's game.po
    .venv/bin/python tools/catalogs.py check           # every catalog complete (what CI checks)
    .venv/bin/python tools/catalogs.py compile OUT     # OUT/<code>.mo for each language, and the pseudo-locale

One ``.po`` per language in the repository, edited by translators; the ``.mo`` files are
built, never committed. ``check`` fails on what would show a player English or a broken
sentence: a message left empty or fuzzy, a placeholder missing or added, a plural form
missing. The pseudo-locale (``en_XA``) is every message accented and lengthened, its
placeholders kept: a page in it shows at once any text that did not come from a catalog.
docs/languages.md says how to add a language or a message.
"""

from __future__ import annotations

import contextlib
import io
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import cast

from babel import Locale
from babel.messages.catalog import Catalog, Message
from babel.messages.frontend import CommandLineInterface
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "locale"
DOMAIN = "game"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
PSEUDO = "en_XA"
#: Markers besides gettext's own: N_(context, message), the boxes' names (game/core/labels.py).
KEYWORDS = ("N_:1c,2",)
#: A named placeholder, as the game writes them: %(name)s, %(count)d.
PLACEHOLDER = re.compile(r"%\((\w+)\)[sdif]|%%")
#: Anything that looks like a tag: a message of the page goes into it as HTML
#: (tools/page_words.py), so a translation holds exactly its source's tags, no others.
TAG = re.compile(r"<[^>]*>")


def pybabel(*args: str) -> None:
    if CommandLineInterface().run(["pybabel", "-q", *args]) not in (None, 0):
        raise SystemExit(f"pybabel {args[0]} failed")


def extract(output: Path = TEMPLATE) -> None:
    """Every message of the game into ``output``, with the translators' comments."""
    keywords = [arg for keyword in KEYWORDS for arg in ("-k", keyword)]
    if str(ROOT) not in sys.path:  # babel.cfg names the page's extractor as tools.page_words
        sys.path.insert(0, str(ROOT))
    with contextlib.chdir(ROOT):  # locations relative to the repository: game/session/words.py
        pybabel("extract", "-F", "babel.cfg", *keywords, "-c", "Translators:", "--add-location=file",
                "--sort-by-file", "--project=Dice Pad", "--version=1", "--copyright-holder=The Dice Pad team",
                "-o", str(output), ".")


def languages() -> list[str]:
    """The codes of the languages that have a catalog."""
    return sorted(p.parent.parent.name for p in LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def read(path: Path) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, domain=DOMAIN)


def placeholders(text: str) -> list[str]:
    """The placeholders of ``text``, sorted (a literal %% counts as one).

    >>> placeholders("%(name)s scored %(points)d (100%%)")
    ['%', 'name', 'points']
    """
    return sorted(m.group(1) or "%" for m in PLACEHOLDER.finditer(text))


def message_key(message: Message) -> tuple[str, str | None]:
    """What names a message in a catalog: its (singular) source text and its context."""
    return (message.id if isinstance(message.id, str) else message.id[0]), message.context


def problems(catalog: Catalog, template: Catalog) -> list[str]:
    """What keeps ``catalog`` from being complete against ``template``, one line each."""
    found = []
    wanted = {message_key(m) for m in template if m.id}
    have = {message_key(m): m for m in catalog if m.id}
    for key in sorted(wanted - have.keys(), key=str):
        found.append(f"missing: {key[0]!r}")
    for key, message in sorted(have.items(), key=lambda item: str(item[0])):
        if key not in wanted:
            continue  # obsolete: left for `update` to drop
        found += [f"{key[0]!r}: {problem}" for problem in _message_problems(message, catalog.num_plurals)]
    return found


def _message_problems(message: Message, num_plurals: int) -> list[str]:
    if message.fuzzy:
        return ["fuzzy"]
    sources = [message.id] if isinstance(message.id, str) else list(message.id)
    strings = [message.string] if isinstance(message.string, str) else list(message.string)
    if isinstance(message.id, (tuple, list)) and len(strings) != num_plurals:
        return [f"{len(strings)} plural forms, the language has {num_plurals}"]
    if any(not s for s in strings):
        return ["not translated"]
    expected = placeholders(sources[-1])
    found = [f"placeholders {placeholders(s)} instead of {expected}" for s in strings if placeholders(s) != expected
             and placeholders(s) != placeholders(sources[0])]
    # The page's words go into the page as HTML (assets/language.js): the same tags, in order.
    return found + [f"tags {TAG.findall(s)} instead of {TAG.findall(sources[0])}" for s in strings
                    if TAG.findall(s) != TAG.findall(sources[0])]


def pseudo(text: str) -> str:
    """The pseudo-locale's form of ``text``: accented, a third longer, in brackets, placeholders kept.

    >>> pseudo("%(name)s holds nothing.")
    '⟦%(name)s ĥöļðš ñöţĥîñĝ.·······⟧'
    """
    parts = _TOKEN.split(text)  # odd items are the placeholders and tags, kept as they are
    accented = "".join(part if i % 2 else part.translate(_ACCENTS) for i, part in enumerate(parts))
    return f"⟦{accented}{'·' * max(1, len(text) // 3)}⟧"


_TOKEN = re.compile(r"(%\(\w+\)[sdif]|%%|</?\w+>)")
#: Every ASCII letter to an accented one, so that an English word left anywhere stands out.
_ACCENTS = str.maketrans("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
                         "åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ")


def compile_all(out: Path) -> list[Path]:
    """``out/<code>.mo`` for each language and the pseudo-locale; the files written."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for code in languages():
        written.append(_write_mo(read(LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po"), out / f"{code}.mo", code))
    written.append(_write_mo(pseudo_catalog(read(TEMPLATE)), out / f"{PSEUDO}.mo"))
    return written


#: The folder of later.zip that holds each language's later part (game/web/later.py reads it).
LATER_FOLDER = "locale"


def split_later(catalog: Catalog, later_modules: tuple[str, ...],
                not_shipped: tuple[str, ...] = ()) -> tuple[Catalog, Catalog]:
    """``catalog`` as the first visit's part and the later archive's: a message goes to the
    later part when every place that uses it is a module of the later archive
    (tools/python_archives.py, ``LATER_MODULES``, as ``game/daily/`` or ``game/screens/charts.pyc``),
    since only those modules can show it, and only once that archive is in; to neither when
    only modules the site never ships use it (``not_shipped``, as ``game/cli.py``: the
    command line reads the ``.po`` itself). Each part keeps the header (its plural rule).

    >>> template = Catalog(locale="en")
    >>> template.add("Roll", locations=[("game/screens/board.py", None)])
    <Message 'Roll' (flags: [])>
    >>> template.add("Today's ten", locations=[("game/daily/play.py", None)])
    <Message "Today's ten" (flags: [])>
    >>> template.add("hold nothing", locations=[("game/cli.py", None)])
    <Message 'hold nothing' (flags: [])>
    >>> first, later = split_later(template, ("game/daily/",), ("game/cli.py",))
    >>> [m.id for m in first if m.id], [m.id for m in later if m.id]
    (['Roll'], ["Today's ten"])
    """
    parts = Catalog(locale=catalog.locale, domain=DOMAIN, fuzzy=False), Catalog(
        locale=catalog.locale, domain=DOMAIN, fuzzy=False)
    for part in parts:
        part.mime_headers = catalog.mime_headers
    for message in catalog:
        places = [path for path, _ in message.locations if path not in not_shipped]
        if not message.id or (message.locations and not places):
            continue
        later = bool(places) and all((path.removesuffix(".py") + ".pyc").startswith(later_modules) for path in places)
        parts[later][message.id] = message
    return parts


def pseudo_catalog(template: Catalog) -> Catalog:
    catalog = Catalog(locale="en", domain=DOMAIN, fuzzy=False)
    for message in template:
        if not message.id:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        string = pseudo(ids[0]) if len(ids) == 1 else tuple(pseudo(i) for i in ids)
        catalog.add(message.id, string, locations=message.locations, context=message.context)
    return catalog


def number_formats(code: str) -> dict[str, str]:
    """CLDR's conventions for ``code``'s numbers and dates (Babel's data), as the ``.mo``
    header's ``X-`` fields that ``game.core.numbers`` reads.

    The signs are given as a number written out, 1234.5, since a header's values are
    stripped and French groups digits with a narrow space.

    >>> number_formats("de")["X-Number-Example"], number_formats("de")["X-Date-Pattern"]
    ('1.234,5', 'd. MMMM y')
    """
    locale = Locale.parse(code)
    symbols = locale.number_symbols["latn"]
    return {"X-Number-Example": f"1{symbols['group']}234{symbols['decimal']}5",
            "X-Percent-Pattern": str(locale.percent_formats[None].pattern),
            "X-Date-Pattern": str(locale.date_formats["long"].pattern),
            "X-Short-Date-Pattern": str(locale.date_formats["short"].pattern),
            "X-Months": ",".join(str(locale.months["format"]["wide"][m]) for m in range(1, 13))}


class _WithFormats:
    """A catalog as ``write_mo`` reads it, its header carrying :func:`number_formats`."""

    def __init__(self, catalog: Catalog, fields: dict[str, str]) -> None:
        self.catalog, self.fields, self.charset = catalog, fields, catalog.charset

    def __iter__(self) -> Iterator[Message]:
        messages = iter(self.catalog)
        header = next(messages)
        extra = "".join(f"\n{name}: {value}" for name, value in self.fields.items())
        yield Message("", str(header.string).rstrip("\n") + extra + "\n", flags=header.flags)
        yield from messages


def write_mo_bytes(catalog: Catalog, code: str = "en") -> bytes:
    """The compiled catalog, its header carrying ``code``'s number and date conventions."""
    buffer = io.BytesIO()
    # write_mo sorts by message: the same catalog gives the same bytes
    write_mo(buffer, cast(Catalog, _WithFormats(catalog, number_formats(code))))
    return buffer.getvalue()


def _write_mo(catalog: Catalog, path: Path, code: str = "en") -> Path:
    path.write_bytes(write_mo_bytes(catalog, code))
    return path


def main(argv: list[str]) -> int:
    command, *rest = argv or ["check"]
    if command == "extract":
        extract()
    elif command == "update":
        pybabel("update", "-i", str(TEMPLATE), "-d", str(LOCALE), "-D", DOMAIN, "--no-fuzzy-matching",
                "--ignore-obsolete")
    elif command == "init":
        pybabel("init", "-i", str(TEMPLATE), "-d", str(LOCALE), "-D", DOMAIN, "-l", rest[0])
    elif command == "compile":
        print(f"catalogs.py: {len(compile_all(Path(rest[0])))} catalogs compiled")
    elif command == "check":
        template = read(TEMPLATE)
        found = {code: problems(read(LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po"), template)
                 for code in languages()}
        for code, lines in found.items():
            print("\n".join(f"{code}: {line}" for line in lines) or f"{code}: complete")
        return 1 if any(found.values()) else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
