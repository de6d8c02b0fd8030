"""The page's own words (tools/page_words.py): read from index.html as Babel's extractor,
picked out of a catalog for the build, and written into the site with language.js's table."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from game.core.language import ALIASES, LANGUAGES
from tests.support import load_tool

page_words = load_tool("page_words")
catalogs = load_tool("catalogs")
ROOT = Path(__file__).resolve().parent.parent


def test_every_text_of_the_page_is_marked_for_the_catalogs() -> None:
    """Every text node of index.html's body sits in a data-i18n element, but the brand."""
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    body = re.sub(r"<!--.*?-->|<script.*?</script>", "", html.split("<body", 1)[1].split(">", 1)[1], flags=re.S)
    marked = re.sub(r"<(\w+)\b[^>]*\bdata-i18n(?![-\w])[^>]*>.*?</\1>", "", body, flags=re.S)
    texts = [t.strip() for t in re.split(r"<[^>]+>", marked) if t.strip()]
    assert texts == ["Dice Pad"] + [str(n) for n in range(1, 7)], texts  # the brand; the player counts
    labelled = re.findall(r"<\w+[^>]*\baria-label=[^>]*>", body)
    assert all("data-i18n-attr=" in tag for tag in labelled), [t for t in labelled if "data-i18n-attr" not in t]


def test_the_extractor_refuses_markup_a_message_cannot_hold() -> None:
    with pytest.raises(ValueError, match="line 2"):
        list(page_words.messages('<p>\n<p data-i18n>Hi <a href="x">there</a></p>'))


def test_the_page_words_are_the_translated_messages_of_the_page() -> None:
    catalog = catalogs.read(catalogs.LOCALE / "de" / "LC_MESSAGES" / "game.po")
    words = page_words.page_words(catalog)
    page = {message for _, message in page_words.messages((ROOT / "index.html").read_text(encoding="utf-8"))}
    assert set(words) == page
    assert words["Settings"] != "Settings" and words["Starting Python…"] != "Starting Python…"


def test_the_build_writes_each_language_once_named_by_content(tmp_path: Path) -> None:
    (tmp_path / "assets").mkdir()
    (tmp_path / "assets" / "language.js").write_text((ROOT / "assets" / "language.js").read_text(encoding="utf-8"))
    (tmp_path / "index.html").write_text((ROOT / "index.html").read_text(encoding="utf-8"))
    table = page_words.write_site_languages(tmp_path)
    assert table.keys() == LANGUAGES.keys() and set(table["en"]) == {"name", "words"}
    # English's words are the page's own: its file holds only the first boards index.html does not.
    english = json.loads((tmp_path / table["en"]["words"]).read_text(encoding="utf-8"))
    assert english["words"] == {} and set(english["boards"]) == {"yatzy"}
    assert 'data-name-seat="0">Player 1</span>' in (tmp_path / "index.html").read_text(encoding="utf-8")
    for code, files in table.items():
        assert files["name"] == LANGUAGES[code]
        if code != "en":
            assert (tmp_path / files["mo"]).read_bytes().startswith(b"\xde\x12\x04\x95")  # a GNU .mo
            page = json.loads((tmp_path / files["words"]).read_text(encoding="utf-8"))
            assert page["words"]["Settings"] and set(page["boards"]) == {"yahtzee", "yatzy"}
    script = (tmp_path / "assets" / "language.js").read_text(encoding="utf-8")
    assert f"  const LANGUAGES = {json.dumps(table, sort_keys=True)};" in script
    assert f"  const ALIASES = {json.dumps(dict(ALIASES), sort_keys=True)};" in script
