"""The Settings dialog in Chromium: theme (kept over a reload, set before Python starts),
a damaged stored value, the dice sound, the vibration and the animation switch."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page

from tests.browser import board
from tests.browser.pages import check_page, open_site

pytestmark = pytest.mark.browser

KEY = "yahtzee:settings"

# Before any page script: what theme.js left on <html> when the document was parsed.
AT_PARSED = """
document.addEventListener('DOMContentLoaded', () => {
  window.__atParsed = {theme: document.documentElement.dataset.theme ?? null,
                       motion: document.documentElement.dataset.motion ?? null,
                       state: document.body.dataset.state};
});
"""

DAMAGED = """
localStorage.setItem('yahtzee:settings', '{"theme":"purple","sound":"loud","vibration":null,"animation":"no"}');
"""

# Counts the sounds the page makes (every click of the dice sound is one buffer source)
# and records every vibration asked for.
LISTEN = """
window.__sources = 0;
window.__vibrations = [];
const make = AudioContext.prototype.createBufferSource;
AudioContext.prototype.createBufferSource = function () { window.__sources += 1; return make.call(this); };
Object.defineProperty(Navigator.prototype, 'vibrate', {
  configurable: true, writable: true,
  value: function (pattern) { window.__vibrations.push(JSON.stringify(pattern)); return true; },
});
"""


#: The page's states before Python is ready: the loading view, or the saved board painted early.
BEFORE_PYTHON = ("loading", "waking")


def open_settings(page: Page) -> None:
    page.click("#show-settings")
    page.locator("#settings-dialog").first.wait_for(state="visible")


def close_settings(page: Page) -> None:
    page.click("#settings-dialog [data-close]")
    page.locator("#settings-dialog").first.wait_for(state="hidden")


def shown(page: Page) -> dict[str, object]:
    """What the dialog's controls say."""
    return page.evaluate("""() => ({
      theme: document.querySelector('#settings-form input[name="theme"]:checked')?.value ?? null,
      sound: document.getElementById('settings-sound').checked,
      vibration: document.getElementById('settings-vibration').checked,
      animation: document.getElementById('settings-animation').checked,
    })""")


def root(page: Page, name: str) -> str | None:
    return page.evaluate(f"document.documentElement.getAttribute('data-{name}')")


def stored(page: Page) -> dict | None:
    text = page.evaluate(f"localStorage.getItem('{KEY}')")
    return None if text is None else json.loads(text)


def score_a_box(page: Page) -> None:
    page.locator("#scorecard button[data-box][data-preview]").first.click()


def test_dark_from_the_menu_is_kept_and_set_before_python_starts(fresh_site):
    page = fresh_site.page
    assert root(page, "theme") is None and root(page, "motion") is None
    open_settings(page)
    assert shown(page) == {"theme": "system", "sound": True, "vibration": True, "animation": True}
    page.check("#settings-theme-dark")
    assert root(page, "theme") == "dark"  # at once, no Save button
    assert stored(page) == {"version": 1, "theme": "dark", "sound": True, "vibration": True, "animation": True,
                            "language": "", "game": "", "warn": 0.0}  # "": the browser's languages
    close_settings(page)
    board.screenshot(page, "settings-dark-1280x720")

    page.add_init_script(AT_PARSED)
    page.reload(wait_until="domcontentloaded")
    at_parsed = page.evaluate("window.__atParsed")
    # theme.js, before Python (whether the saved board was painted early or not)
    assert at_parsed in ({"theme": "dark", "motion": None, "state": state} for state in BEFORE_PYTHON)
    fresh_site.wait_ready()
    assert root(page, "theme") == "dark"
    open_settings(page)
    assert shown(page)["theme"] == "dark"
    page.check("#settings-theme-light")
    assert root(page, "theme") == "light"
    page.check("#settings-theme-system")
    assert root(page, "theme") is None
    assert stored(page)["theme"] == "system"
    close_settings(page)
    assert page.locator("#notices").inner_text() == ""


def test_a_damaged_stored_value_shows_the_defaults_without_a_word(browser, site_url):
    site = open_site(browser, site_url, init_script=DAMAGED)
    try:
        page = site.page
        assert root(page, "theme") is None and root(page, "motion") is None
        open_settings(page)
        assert shown(page) == {"theme": "system", "sound": True, "vibration": True, "animation": True}
        close_settings(page)
        assert page.locator("#notices").inner_text() == ""
        assert not page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('yahtzee:backup:'))")
        check_page(site)
    finally:
        site.page.context.close()


def test_sound_and_vibration_on_roll_and_score_follow_their_switches(browser, site_url):
    site = open_site(browser, site_url, init_script=LISTEN)
    try:
        page = site.page

        def heard() -> tuple[int, list[str]]:
            return page.evaluate("window.__sources"), page.evaluate("window.__vibrations")

        assert heard() == (0, [])
        board.roll_button(page).click()
        page.wait_for_function("window.__sources > 0")  # the first sound comes just after the frame
        sources, vibrations = heard()
        assert 3 <= sources <= 5 and vibrations == ["25"]  # a clatter of clicks, a tick
        score_a_box(page)
        assert heard() == (sources + 1, ["25", "[20,60,20]"])  # one tap, a double tick

        open_settings(page)
        page.uncheck("#settings-sound")
        close_settings(page)
        board.roll_button(page).click()
        score_a_box(page)
        assert heard() == (sources + 1, ["25", "[20,60,20]", "25", "[20,60,20]"])  # vibration only

        open_settings(page)
        page.check("#settings-sound")
        page.uncheck("#settings-vibration")
        close_settings(page)
        board.roll_button(page).click()
        after, vibrations = heard()
        assert after > sources + 1 and len(vibrations) == 4  # sound only
        assert stored(page) == {"version": 1, "theme": "system", "sound": True, "vibration": False,
                                "animation": True, "language": "", "game": "", "warn": 0.0}
        check_page(site)
    finally:
        site.page.context.close()


def test_animation_off_stops_the_tumble_and_is_kept(fresh_site):
    page = fresh_site.page
    tumble = ("() => [...document.querySelectorAll('#dice .die.rolling svg')]"
              ".map(s => getComputedStyle(s).animationName)")
    board.roll_button(page).click()
    assert [name for name in page.evaluate(tumble) if name != "none"]  # the dice tumble
    open_settings(page)
    page.uncheck("#settings-animation")
    assert root(page, "motion") == "off"
    close_settings(page)
    board.roll_button(page).click()
    names = page.evaluate(tumble)
    assert names and set(names) == {"none"}
    page.add_init_script(AT_PARSED)
    page.reload(wait_until="domcontentloaded")
    assert page.evaluate("window.__atParsed") in ({"theme": None, "motion": "off", "state": state}
                                                  for state in BEFORE_PYTHON)
    fresh_site.wait_ready()
    assert root(page, "motion") == "off"
