"""The saved board at once (issue 31): a returning visit paints the last board before Python
starts, inert, then Python takes over without a jump; never a wrong board."""

from __future__ import annotations

import json

from playwright.sync_api import Page

from tests.browser import board
from tests.browser.pages import SitePage

REGIONS_JS = """() => Object.fromEntries(["dice", "controls", "scorecard", "status"].map(
  (id) => [id, document.getElementById(id).innerHTML]))"""
BOXES_JS = """() => ["#roll", "#scorecard", "#dice"].map((sel) => {
  const r = document.querySelector(sel).getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; })"""
#: The page as it is the moment the early board is painted (Python may be ready soon after):
#: its regions, whether the board is inert, where Roll, the card and the dice are.
AT_WAKING = f"""
window.__atWaking = null;
new MutationObserver((_, observer) => {{
  if (document.body && document.body.dataset.state === 'waking') {{
    window.__atWaking = {{regions: ({REGIONS_JS})(), inert: document.querySelector('main.board').inert,
                          boxes: ({BOXES_JS})(), rolling: document.querySelectorAll('#dice .rolling').length}};
    observer.disconnect();
  }}
}}).observe(document, {{attributes: true, subtree: true, attributeFilter: ['data-state']}});
"""


#: The record kept for the next first paint is of the game saved now (assets/paint.js's checksum).
CURRENT_JS = """() => {
  const checksum = (text) => { let v = 2166136261;
    for (const c of text) v = Math.imul(v ^ c.codePointAt(0), 16777619) >>> 0; return v >>> 0; };
  const record = JSON.parse(localStorage.getItem('yahtzee:paint'));
  const game = localStorage.getItem('yahtzee:game');
  return record !== null && game !== null && record.game === checksum(game);
}"""


def kept(page: Page) -> dict:
    """The record the game keeps for the next first paint, once it is written for the game
    saved now (the page writes it when idle)."""
    page.wait_for_function(CURRENT_JS, timeout=10_000)
    return json.loads(page.evaluate("localStorage.getItem('yahtzee:paint')"))


def settle(site: SitePage) -> None:
    """Write now what the page would keep when idle, so that nothing is left to write when
    it unloads (a test's own record then stays as the test put it)."""
    site.run_python("from game.main import app\nkeeper = app.renderer.drawn.__self__\n"
                    "if keeper.pending:\n    keeper._keep()\nresult = True")


def play_a_little(site: SitePage) -> None:
    site.run_python("from game.main import app\nfrom game.core.players import Player\n"
                    "app.start([Player('Ann'), Player('Ben')], seed='paint')\napp.roll()\napp.score('chance')\n"
                    "app.roll()\nresult = True")


def test_a_returning_visit_paints_the_saved_board_before_python_and_wakes_without_a_jump(
        fresh_site: SitePage) -> None:
    page = fresh_site.page
    play_a_little(fresh_site)
    page.locator("#scorecard [data-win-chance]").first.wait_for()  # the board complete: the chances are in
    settle(fresh_site)
    record = kept(page)
    assert record["build"] and record["lang"] == "en" and set(record["regions"]) >= {"dice", "scorecard"}
    drawn = page.evaluate(REGIONS_JS)
    page.add_init_script(AT_WAKING)
    page.reload()
    fresh_site.wait_ready()
    waking = page.evaluate("window.__atWaking")
    assert waking is not None, "the saved board was not painted before Python"
    assert waking["inert"] is True and waking["rolling"] == 0  # drawn as it stood, not tumbling
    assert waking["regions"]["scorecard"] == drawn["scorecard"] and waking["regions"]["status"] == drawn["status"]
    assert page.evaluate("document.querySelector('main.board').inert") is False
    page.locator("#scorecard [data-win-chance]").first.wait_for()
    assert page.evaluate(BOXES_JS) == waking["boxes"]  # Python's board is where the painted one was
    assert page.evaluate(REGIONS_JS)["scorecard"] == drawn["scorecard"]


def test_never_a_wrong_board(fresh_site: SitePage) -> None:
    page = fresh_site.page
    play_a_little(fresh_site)
    record = kept(page)
    url = page.url

    page.add_init_script(AT_WAKING)

    def loading_after(change: str, address: str | None = None) -> str:
        """After ``change`` to storage, was the page's first board the loading view?"""
        page.locator("#scorecard [data-win-chance]").first.wait_for()  # nothing left to draw (the chances are in)
        settle(fresh_site)
        page.evaluate(change)
        if address is None:
            page.reload()
        else:
            page.goto(address)
        fresh_site.wait_ready()
        return "loading" if page.evaluate("window.__atWaking") is None else "waking"

    keep = f"localStorage.setItem('yahtzee:paint', {json.dumps(json.dumps(record))})"
    # A link being opened: the link's game, not the saved one.
    assert loading_after(keep, url + "?seed=another") == "loading"
    page.goto(url)
    fresh_site.wait_ready()
    # Another tab's newer game (the saved game's text is not the one painted).
    game = page.evaluate("localStorage.getItem('yahtzee:game')")
    assert loading_after(f"{keep}; localStorage.setItem('yahtzee:game', {json.dumps(game + ' ')})") == "loading"
    # Another deployment's markup, another language, cleared storage.
    for changed in ({**record, "build": "0123456789abcdef"}, {**record, "lang": "de"}):
        assert loading_after(f"localStorage.setItem('yahtzee:paint', {json.dumps(json.dumps(changed))})") == \
            "loading"
    assert loading_after("localStorage.clear()") == "loading"
    # And the record as the game wrote it paints again.
    play_a_little(fresh_site)
    settle(fresh_site)
    kept(page)
    page.reload()
    fresh_site.wait_ready()
    assert page.evaluate("window.__atWaking") is not None


def test_a_finished_game_is_not_kept(fresh_site: SitePage) -> None:
    page = fresh_site.page
    play_a_little(fresh_site)
    kept(page)
    fresh_site.run_python(board.FINISH_GAME_PY, timeout=60)
    page.wait_for_function("localStorage.getItem('yahtzee:paint') === null", timeout=10_000)
    page.evaluate("document.querySelectorAll('dialog[open]').forEach((d) => d.close())")
    page.add_init_script(AT_WAKING)
    page.reload()
    fresh_site.wait_ready()
    assert page.evaluate("window.__atWaking") is None  # the loading view: a new game comes
