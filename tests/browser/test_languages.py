"""The page in the player's language (issue 30, docs/languages.md), in Chromium.

The browser's languages choose it before the first paint; Settings changes it at once and
keeps the game; a catalog that cannot be read leaves the page in English with a notice;
and a whole game in the pseudo-locale (every message accented) shows no text and no
accessible name that did not come from a catalog.
"""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from babel import Locale
from playwright.sync_api import Browser, Page, Route

from game.core.language import LANGUAGES, negotiate
from tests.browser import board, clock
from tests.browser.board import screenshot
from tests.browser.pages import SitePage, check_page, open_site, wait_for_offline_ready
from tests.support import load_tool

catalogs = load_tool("catalogs")
page_words = load_tool("page_words")

#: Every visible text node and accessible name of the page (closed dialogs are not visible).
TEXTS_JS = """() => {
  const texts = [document.title];
  const shown = (el) => el.checkVisibility({ checkVisibilityCSS: true });
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || el.closest("script, style") || !shown(el)) continue;
    const text = node.textContent.trim();
    if (text) texts.push(text);
  }
  for (const el of document.querySelectorAll("[aria-label], [title], [placeholder]")) {
    if (!shown(el)) continue;
    for (const name of ["aria-label", "title", "placeholder"]) {
      if (el.hasAttribute(name)) texts.push(el.getAttribute(name));
    }
  }
  // A closed list's choices and a chart's tooltips are not drawn, but they are read and shown.
  for (const select of document.querySelectorAll("select")) {
    if (shown(select)) texts.push(...[...select.options].map((option) => option.text.trim()));
  }
  for (const title of document.querySelectorAll("svg title")) {
    if (shown(title.closest("svg"))) texts.push(title.textContent.trim());
  }
  return texts;
}"""


def words_of(site_dir: Path, code: str) -> dict[str, str]:
    """The page words the build wrote for ``code``."""
    (path,) = (site_dir / "locale").glob(f"{code}-*.json")
    return json.loads(path.read_text(encoding="utf-8"))["words"]  # beside them, the first boards


def untranslated(page: Page, words: dict[str, str]) -> list[str]:
    """The page's own texts (index.html's data-i18n marks) not in the language of ``words``."""
    return page.evaluate("""(words) => {
      const as = document.createElement("div");  // a translation as the browser serializes it (&nbsp;)
      return [...document.querySelectorAll("[data-i18n]")].filter((el) => {
        const source = el.dataset.i18nSource || el.innerHTML.replace(/\\s+/g, " ").trim();
        if (!Object.hasOwn(words, source)) return true;  // a key the page and the build see apart
        as.innerHTML = words[source];
        return el.innerHTML !== as.innerHTML;
      }).map((el) => el.dataset.i18nSource || el.innerHTML);
    }""", words)


@pytest.fixture(scope="module")
def pseudo_files() -> dict[str, bytes]:
    """The pseudo-locale's catalog and page words, served in place of German's."""
    catalog = catalogs.pseudo_catalog(catalogs.read(catalogs.TEMPLATE))
    return {"mo": catalogs.write_mo_bytes(catalog, "de"), "json": page_words.words_json(catalog)}


def site_in(browser: Browser, site_url: str, locale: str, **options: object) -> SitePage:
    context = clock.new_context(browser, locale=locale)
    return open_site(browser, site_url, context=context, **options)  # type: ignore[arg-type]


def test_a_german_browser_sees_german_from_the_first_paint(browser: Browser, site_url: str, site_dir: Path,
                                                          closing: list[SitePage]) -> None:
    context = clock.new_context(browser, locale="de-DE", viewport={"width": 360, "height": 640})
    page = context.new_page()
    closing.append(SitePage(page=page, origin=site_url))
    # The page as it is the moment it is first shown (Python may be ready soon after):
    # hidden until the words are in, then every text of the page German while Python starts.
    page.add_init_script("""
      new MutationObserver((_, observer) => {
        if (document.documentElement.dataset.words === undefined && document.body) {
          window.__atShown = {lang: document.documentElement.lang, state: document.body.dataset.state,
            loading: (document.querySelector('#loading [data-i18n]') || {}).textContent,
            marks: [...document.querySelectorAll('[data-i18n]')].map((el) => [el.dataset.i18nSource, el.innerHTML])};
          observer.disconnect();
        }
      }).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-words']});""")
    page.goto(site_url)
    page.locator("body[data-state=ready]").first.wait_for(timeout=120_000)
    words = words_of(site_dir, "de")
    shown = page.evaluate("window.__atShown")
    assert shown is not None and shown["lang"] == "de" and shown["state"] == "loading", shown
    assert shown["loading"] == words["Starting Python…"]
    as_html = page.evaluate("""(pairs) => pairs.map(([source, html]) => {
      const el = document.createElement('div'); el.innerHTML = html; return [source, el.innerHTML]; })""",
                            [[source, words.get(source, "")] for source, _ in shown["marks"]])
    expected = dict(as_html)
    assert [source for source, html in shown["marks"] if expected.get(source) != html] == []
    assert page.inner_text("#new-game") == words["New game"]
    assert page.evaluate("window.diceErrors") == []


def test_the_page_and_python_choose_the_same_language(site: SitePage) -> None:
    cases = [["de-AT", "en"], ["no"], ["nn-NO"], ["pt"], ["pt-PT"], ["fr-CA", "de"], ["ja", "sv-FI"], ["ja"], [],
             ["EN-gb", "de"], ["zh-Hant-TW", "da-DK"], ["pl_PL"], ["nb"], ["it-CH"]]
    chosen = site.page.evaluate("(cases) => cases.map((tags) => window.diceLanguage.negotiate(tags))", cases)
    assert chosen == [negotiate(tags) for tags in cases]
    assert json.loads(json.dumps(site.page.evaluate("window.diceLanguage.languages"))).keys() == LANGUAGES.keys()


def test_settings_changes_the_language_at_once_and_keeps_the_game(fresh_site: SitePage, site_dir: Path) -> None:
    page = fresh_site.page
    fresh_site.run_python("from game.main import app\nfrom game.core.players import Player\n"
                          "app.start([Player('Ann'), Player('Ben')], seed='languages')\napp.roll()\n"
                          "app.score('chance')\napp.roll()\nresult = True")
    faces = "() => [...document.querySelectorAll('#dice .die')].map((die) => die.dataset.face)"
    before = page.evaluate(faces), page.inner_text("#scorecard [data-box='chance']")
    page.click("#show-settings")
    page.select_option("#settings-language", "pl")
    page.wait_for_function("document.documentElement.lang === 'pl'")
    words = words_of(site_dir, "pl")
    assert not untranslated(page, words)
    assert page.inner_text("#settings-title") == words["Settings"]
    assert page.locator("#scorecard").inner_text().count("Generał") >= 1  # the card's five of a kind, in Polish
    assert page.inner_text("#scorecard [data-box='chance']") == before[1]  # the same game, the same points
    assert page.evaluate(faces) == before[0]  # the same dice on the table
    option = page.locator("#settings-language option[value='pl']")
    assert option.inner_text() == "Polski" and option.get_attribute("lang") == "pl"
    screenshot(page, "language-settings-pl")
    # Kept on this device: a reload speaks Polish before Python starts.
    page.reload()
    page.locator("body[data-state=ready]").first.wait_for(timeout=120_000)
    assert page.get_attribute("html", "lang") == "pl" and not untranslated(page, words)
    page.click("#show-settings")
    page.select_option("#settings-language", "")  # as the browser: English here
    page.wait_for_function("document.documentElement.lang === 'en'")
    assert page.inner_text("#settings-title") == "Settings"
    assert page.locator("#scorecard").inner_text().count("Yahtzee") >= 1
    check_page(fresh_site)


@pytest.mark.parametrize("broken", ["mo", "json"])
def test_a_catalog_that_cannot_be_read_leaves_english_and_a_notice(browser: Browser, site_url: str, broken: str,
                                                                   closing: list[SitePage]) -> None:
    def damaged(route: Route) -> None:
        # Whole answers with damaged bodies: a catalog gettext cannot parse, words that are not JSON.
        route.fulfill(status=200, body=b"\x95\x04\x12\xde not a catalog at all" if broken == "mo" else b"{not json")

    site = site_in(browser, site_url, "de-DE", replies=[(f"**/locale/de-*.{broken}", damaged)])
    closing.append(site)
    page = site.page
    assert page.is_visible("#language-notice")
    assert page.inner_text("#new-game") == "New game" and "Roll" in page.inner_text("#roll")
    assert page.evaluate("window.diceErrors") == []


def test_an_unknown_stored_language_is_ignored(browser: Browser, site_url: str, site_dir: Path,
                                               closing: list[SitePage]) -> None:
    plant = "localStorage.setItem('yahtzee:settings', JSON.stringify({version: 1, language: 'xx'}))"
    site = site_in(browser, site_url, "fr-FR", init_script=plant)
    closing.append(site)
    assert site.page.get_attribute("html", "lang") == "fr"
    assert not untranslated(site.page, words_of(site_dir, "fr"))


def english_words(page: Page, allowed: set[str]) -> list[tuple[str, set[str]]]:
    """The texts that hold a plain word: in the pseudo-locale every letter of a catalog's
    message is accented, so a plain word that is not a name came from elsewhere."""
    found = []
    for text in page.evaluate(TEXTS_JS):
        if text == "Dice Pad":  # the brand, in the header
            continue
        plain = set(re.findall(r"[A-Za-z]{2,}", text)) - allowed
        if plain:
            found.append((text, plain))
    return found


#: Page Python: the later archive in, its catalogs replaced by the pseudo-locale's.
PSEUDO_LATER_PY = """
import asyncio, base64, js
from game.core import language
from game.web.later import ensure

async def pseudo_later():
    await ensure()
    data = base64.b64decode(MO)
    language.add_later(lambda code: data)
    js.window.__pseudo_later = True

asyncio.ensure_future(pseudo_later())
"""


def test_a_whole_game_in_the_pseudo_locale_shows_nothing_that_is_not_from_a_catalog(
        browser: Browser, site_url: str, pseudo_files: dict[str, bytes], closing: list[SitePage]) -> None:
    def serve(kind: str) -> Callable[[Route], None]:
        return lambda route: route.fulfill(status=200, body=pseudo_files[kind])

    site = site_in(browser, site_url, "de-DE", replies=[("**/locale/de-*.mo", serve("mo")),
                                                       ("**/locale/de-*.json", serve("json"))])
    closing.append(site)
    page = site.page
    # Split as english_words splits a text: "März" is "rz" to it (the pages' day is in March).
    months = {word for month in Locale.parse("de").months["format"]["wide"].values()
              for word in re.findall(r"[A-Za-z]{2,}", str(month))}
    # The players' names, the dates (German: the catalog's numbers and dates), and Settings'
    # languages, each by its own name.
    own_names = {word for name in LANGUAGES.values() for word in re.findall(r"[A-Za-z]{2,}", name)}
    allowed = {"Ann", "Ben", *months, *own_names}
    seen: dict[str, list[tuple[str, set[str]]]] = {}

    def look(where: str) -> None:
        seen[where] = english_words(page, allowed)

    look("loaded")
    # The later archive's words come with it in German (game/web/later.py); here they are the
    # pseudo-locale's as well, so that its modules' texts are checked as the rest are.
    site.run_python(PSEUDO_LATER_PY.replace("MO", repr(base64.b64encode(pseudo_files["mo"]).decode())))
    page.wait_for_function("window.__pseudo_later")
    page.click("#new-game")
    look("new game dialog")
    page.click("#setup-cancel")
    site.run_python("from game.main import app\nfrom game.core.players import Player\n"
                    "app.start([Player('Ann'), Player('Ben')], seed='pseudo')\napp.toggle_hints()\napp.roll()\n"
                    "result = True")
    page.locator("#coach .coach-reason").first.wait_for()
    page.click("#coach-values")
    look("a turn with the coach")
    site.run_python(board.FINISH_GAME_PY, timeout=60)
    page.wait_for_timeout(500)
    look("the end of the game")
    if page.is_visible("#name-dialog"):
        page.fill("#name-input", "Ann")
        page.click("#name-form button[type=submit]")
    for button, dialog, ready in (("#show-games", "#games-dialog", None), ("#show-scores", "#scores-dialog", None),
                                  ("#show-stats", "#stats-dialog", "#stats-body figure svg"),
                                  ("#show-review", "#review-dialog", "#review-body .review-summary"),
                                  ("#show-settings", "#settings-dialog", None)):
        page.evaluate("document.querySelectorAll('dialog[open]').forEach((d) => d.close())")
        page.click(button)
        if button == "#show-stats":
            page.check("#stats-assisted")  # the game had the coach on
        page.locator(ready or dialog).first.wait_for(timeout=60_000)
        look(dialog)
    screenshot(page, "language-pseudo-settings")
    # Today's ten: a position, its grading, and the result (the end of a game opens it).
    page.evaluate("document.querySelectorAll('dialog[open]').forEach((d) => d.close())")
    page.click("#ten-open")
    page.locator("#ten-body .ten-progress").first.wait_for(timeout=60_000)
    look("today's ten: a position")
    for number in range(1, 11):
        page.click("#ten-roll" if page.locator("#ten-roll").count() else "#ten-dialog .ten-pad button[data-box]")
        page.locator("#ten-body .ten-reason").first.wait_for()
        look(f"today's ten: grading {number}")
        page.click("#ten-next")
    page.locator("#ten-body .ten-grid").first.wait_for()
    look("today's ten: the result")
    found = {where: texts for where, texts in seen.items() if texts}
    assert not found, json.dumps({w: [t for t, _ in texts][:6] for w, texts in found.items()}, ensure_ascii=False,
                                 indent=1)
    assert site.page.evaluate("window.diceErrors") == []


def test_a_switch_that_cannot_load_keeps_the_language_and_the_last_choice_wins(
        browser: Browser, site_url: str, site_dir: Path, closing: list[SitePage]) -> None:
    damaged = ("**/locale/pl-*.mo", lambda route: route.fulfill(status=200, body=b"not a catalog"))
    site = site_in(browser, site_url, "en-US", replies=[damaged])
    closing.append(site)
    page = site.page
    page.click("#show-settings")
    page.select_option("#settings-language", "pl")
    page.locator("#notices :text('Polski')").first.wait_for()  # "Polski could not be loaded…", in English
    assert page.get_attribute("html", "lang") == "en" and page.input_value("#settings-language") == ""
    assert page.evaluate("JSON.parse(localStorage.getItem('yahtzee:settings')).language") == ""
    # Two choices in a row: whichever files come last, the page speaks the last choice.
    page.select_option("#settings-language", "fr")
    page.select_option("#settings-language", "de")
    page.wait_for_function("document.documentElement.lang === 'de'")
    page.wait_for_timeout(1000)  # time for French files to land late, if they were to
    assert page.get_attribute("html", "lang") == "de"
    assert not untranslated(page, words_of(site_dir, "de"))
    assert page.evaluate("JSON.parse(localStorage.getItem('yahtzee:settings')).language") == "de"
    assert page.evaluate("window.diceErrors") == []


def test_the_visitors_language_is_kept_for_offline_play(browser: Browser, site_url: str, site_dir: Path,
                                                        closing: list[SitePage]) -> None:
    site = site_in(browser, site_url, "pl-PL")
    closing.append(site)
    page = site.page
    wait_for_offline_ready(site, site_dir)
    # Fetched before the worker existed: the worker is asked to keep them (KEEP_LOCALE), and only them.
    kept = """async () => {
      const name = (await caches.keys()).find((key) => key.includes("-locale-"));
      return name ? (await (await caches.open(name)).keys()).map((r) => r.url.split("/").pop()).sort() : [];
    }"""
    deadline = 100
    while len(page.evaluate(kept)) < 2 and deadline:
        page.wait_for_timeout(100)
        deadline -= 1
    assert [name.split("-")[0] for name in page.evaluate(kept)] == ["pl", "pl"]
    page.context.set_offline(True)
    page.reload()
    site.wait_ready()
    assert page.get_attribute("html", "lang") == "pl" and not page.is_visible("#language-notice")
    assert not untranslated(page, words_of(site_dir, "pl"))
    assert page.inner_text("#roll") != "Roll" and "Roll" not in page.inner_text("#roll")


def test_the_coachs_table_stays_in_its_panel_in_every_language(fresh_site: SitePage) -> None:
    # At 1280 px the coach's panel is about 400 px wide; German's "Gewinnchance" pushed the
    # table of values 45 px out of it.
    page = fresh_site.page
    page.set_viewport_size({"width": 1280, "height": 800})
    fresh_site.run_python("from game.main import app\nfrom game.core.players import Player\n"
                          "app.start([Player('Ann'), Player('Ben')], seed='coach-table')\napp.roll()\nresult = True")
    if page.get_attribute("#hints", "aria-pressed") != "true":
        page.click("#hints")
    page.click("#coach-values")
    fits = """() => { const table = document.querySelector('.coach-values'), panel = table.closest('.coach');
        return [table.querySelectorAll('th').length, table.getBoundingClientRect().right,
                panel.getBoundingClientRect().right - parseFloat(getComputedStyle(panel).paddingRight)]; }"""
    for code in [code for code in LANGUAGES if code != "en"] + ["en"]:
        page.click("#show-settings")
        page.select_option("#settings-language", code)
        page.wait_for_function("(code) => document.documentElement.lang === code.replace('_', '-')", arg=code)
        page.click("#settings-dialog [data-close]")
        page.wait_for_function("() => document.querySelectorAll('.coach-values th').length === 4", timeout=60_000)
        _, right, inside = page.evaluate(fits)
        assert right <= inside + 0.5, (code, right, inside)
    check_page(fresh_site)


#: Page Python: a message only the later archive's modules use (game/screens/charts.py), before
#: and after the archive is in, and after a switch to French and back (into window.__later_words).
LATER_WORDS_PY = """
import asyncio, json, js
from game.core import language

async def words():
    try:
        before = language._("No decisions to show yet.")
        from game.web.later import ensure
        await ensure()
        after = language._("No decisions to show yet.")
        js.window.__later_words = json.dumps({"before": before, "after": after, "code": language.current()})
    except BaseException as error:
        js.window.__later_words = json.dumps({"error": repr(error)})

asyncio.ensure_future(words())
"""


def test_the_later_archives_words_come_with_it_in_the_visitors_language(browser: Browser, site_url: str,
                                                                         closing: list[SitePage]) -> None:
    """The page's catalog leaves out what only the later modules say (tools/page_words.py):
    their words arrive in later.zip and speak the language as soon as it is in."""
    site = site_in(browser, site_url, "de-DE")
    closing.append(site)
    site.run_python(LATER_WORDS_PY)
    found = json.loads(site.page.wait_for_function("window.__later_words", timeout=120_000).json_value())
    assert found == {"before": "No decisions to show yet.", "after": "Noch keine Entscheidungen zum Anzeigen.",
                     "code": "de"}, found
