"""Your game against perfect play, in Chromium: the end screen's line per person and the
perfect-play outline on the Statistics histogram, both from assets/strategy/distribution.json
fetched on first use; a damaged file shows neither and breaks nothing. Screenshots of both
at phone and desktop sizes, light and dark, go to artifacts/screenshots/."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, Route

from game.records.statistics import BIN_WIDTH
from game.screens.versus import share_words
from game.strategy.distribution import load_preset
from tests.browser import board, clock
from tests.browser.pages import SitePage, check_page, open_site

pytestmark = pytest.mark.browser

ASSET = "assets/strategy/distribution.json"
SVG = "{http://www.w3.org/2000/svg}"
#: Every seat's game played to its end in the page's Python, each turn one roll and the
#: highest-scoring box (a computer's turns too, before its own player can take them).
FINISH_GAME = """
from game.main import app
for _ in range(13 * len(app.state.players)):
    if app.state.over:
        break
    app.act(lambda s: s.roll(), rolled=True, computer=True)
    options = app.state.box_options()
    box = max((b for b, v in options.items() if not isinstance(v, str)), key=lambda b: options[b])
    app.act(lambda s: s.score(box), computer=True)
result = list(app.state.grand_totals())
"""
SIZES = {"phone": (390, 844), "desktop": (1280, 800)}


def finish(site: SitePage, names: list[str], kinds: list[str] | None = None) -> list[int]:
    board.new_game(site.page, names, kinds)
    totals: list[int] = site.run_python(FINISH_GAME)
    board.close_end_dialogs(site.page)
    return totals


def expected_line(score: int) -> str:
    perfect = load_preset("official")
    return f"{score} beats {share_words(perfect.share_beaten(score))} of perfectly played games"


def test_the_end_screen_compares_a_solo_score_with_perfect_play(site: SitePage) -> None:
    page = site.page
    (score,) = finish(site, ["Solo"])
    line = page.locator('#status [data-versus-optimal][data-seat="0"]')
    line.wait_for(timeout=20_000)
    assert line.inner_text() == f"Your {expected_line(score)} (optimal play averages 254.6)."
    assert [r for r in site.requests if r.endswith(ASSET)] == [f"{site.origin}/{ASSET}"]  # fetched once, on use


def test_every_person_is_compared_and_no_computer(site: SitePage) -> None:
    page = site.page
    totals = finish(site, ["Ann", "Bot", "<b>Cy</b>"], ["human", "greedy", "human"])
    page.locator("#status [data-versus-optimal]").first.wait_for()
    lines = page.eval_on_selector_all("#status [data-versus-optimal]", "els => els.map(e => [e.dataset.seat, "
                                      "e.innerText])")
    assert lines == [["0", f"Ann’s {expected_line(totals[0])}."], ["2", f"<b>Cy</b>’s {expected_line(totals[2])}."]]
    assert page.locator("#status .versus-note").inner_text() == "Optimal play averages 254.6."
    assert page.locator("#status b").count() == 0  # a name is text, never markup


def test_statistics_overlay_perfect_play_on_the_histogram(site: SitePage) -> None:
    page = site.page
    if not page.locator("#status .result").count():
        finish(site, ["Solo"])
    board.open_menu(page)
    page.click("#show-stats")
    outline = page.locator("#stats-body svg path.perfect-play")
    outline.wait_for(timeout=20_000)
    svg = ET.fromstring(page.locator("#stats-body svg").evaluate("e => e.outerHTML"))
    games = int(page.locator('#stats-body [data-stat="Games played"]').inner_text())
    perfect = load_preset("official")
    shares = dict(perfect.bin_shares(BIN_WIDTH))
    for g in svg.iter(f"{SVG}g"):
        tip = g.find(f"{SVG}title").text
        start = int(tip.split("\u2013")[0])
        if "perfect play" in tip:
            assert tip.endswith(f"; perfect play: {games * shares[start]:.1f}"), tip
    label = svg.get("aria-label")
    assert f"median {perfect.median}, average {perfect.mean:.1f}" in label and "Dashed outline" in label
    texts = [t.text for t in svg.iter(f"{SVG}text")]
    assert "Your games" in texts and "Perfect play, as many games" in texts
    page.click("#stats-dialog [data-close]")


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("size", SIZES)
def test_screenshots(site: SitePage, size: str, theme: str) -> None:
    page = site.page
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    page.emulate_media(color_scheme=theme)
    try:
        if not page.locator("#status [data-versus-optimal]").count():
            finish(site, ["Ann", "Bot", "Cy"], ["human", "greedy", "human"])
            page.locator("#status [data-versus-optimal]").first.wait_for()
        page.locator("#status").scroll_into_view_if_needed()
        shot(page, f"versus-end-{size}-{theme}")
        board.open_menu(page)
        page.click("#show-stats")
        page.locator("#stats-body svg path.perfect-play").first.wait_for()
        shot(page, f"versus-stats-{size}-{theme}")
        page.click("#stats-dialog [data-close]")
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})
        page.emulate_media(color_scheme="light")


def shot(page: Page, name: str) -> None:
    board.SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(board.SCREENSHOTS / f"{name}.png"))  # the viewport, as a player sees it


@pytest.fixture
def damaged_site(browser: Browser, site_url: str) -> Iterator[SitePage]:
    """A page of its own whose distribution.json arrives damaged (no service worker in the way)."""
    context = clock.new_context(browser, service_workers="block")
    try:
        site = open_site(browser, site_url, context=context)

        def damage(route: Route) -> None:
            route.fulfill(status=200, content_type="application/json", body='{"format": 1, "presets": {"offi')

        site.page.route(f"**/{ASSET}", damage)
        yield site
        check_page(site)
    finally:
        context.close()


def test_a_damaged_distribution_shows_no_line_and_breaks_nothing(damaged_site: SitePage) -> None:
    page = damaged_site.page
    finish(damaged_site, ["Solo"])
    for _ in range(200):  # the end screen asked for the distribution (and got it damaged)
        if any(url.endswith(ASSET) for url in damaged_site.requests):
            break
        page.wait_for_timeout(50)
    assert [url for url in damaged_site.requests if url.endswith(ASSET)]
    board.open_menu(page)
    page.click("#show-stats")
    page.locator("#stats-body svg").first.wait_for()
    page.wait_for_timeout(500)
    assert page.locator("#stats-body svg path.perfect-play").count() == 0
    assert page.locator("#status [data-versus-optimal]").count() == 0
    assert page.locator("#status .result").inner_text().startswith("Game over: Solo scored")
    assert damaged_site.recorded_errors() == []
