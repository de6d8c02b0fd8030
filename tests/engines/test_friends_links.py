"""Friends by link in Firefox ESR and WebKitGTK too (issue 15: it "works offline once loaded,
in Chromium, Firefox and WebKit"; tests/browser/test_friends.py covers Chromium).

An engine test has one browser profile, so the profile plays both devices in turn. As Ann's
device it starts [Ann, Ben by link] (again, until the roll-off gives Ann the first turn),
plays Ann's turn and reads the link the page offers. Then it becomes Ben's device: the
server stops and the profile forgets the game (localStorage cleared; the service worker and
its precache stay, as on a phone that opened the site once), and the link opens in a fresh
document, offline. The page must claim Ben's seat, catch up, let Ben play, and offer a link
one turn longer. A damaged link opened in the same tab (a hash change) must then say so
and change nothing.
"""

from __future__ import annotations

import json

from game.core.turn_link import GameLink, decode, from_fragment, replay
from tests.browser.board import SETTLED_JS, STORAGE_JS
from tests.engines import play
from tests.engines.conftest import EnginePage

#: The New game dialog filled in (the Chromium tests use Playwright's select_option/fill);
#: the kinds read back, since a select given a value it has no option for is left blank.
SETUP_JS = """(names, kinds) => {
  const count = document.querySelector('#player-count');
  count.value = String(names.length);
  count.dispatchEvent(new Event('change', { bubbles: true }));
  names.forEach((name, i) => {
    document.querySelector(`[data-name="${i}"]`).value = name;
    document.querySelector(`[data-kind="${i}"]`).value = kinds[i];
  });
  document.querySelector('#setup-real-dice').checked = false;  // real dice cannot travel by link
  return names.map((_, i) => document.querySelector(`[data-kind="${i}"]`).value);
}"""
#: The link on offer (null: none), and whose turn the status line names.
OFFER_JS = """() => {
  const link = document.querySelector('[data-turn-link]');
  const whose = document.querySelector('#status .whose');  // none once the game is over
  return [link && link.getAttribute('href'), whose ? whose.innerText.trim() : ''];
}"""
FRIENDS_JS = "() => localStorage.getItem('yahtzee:friends')"


def settle(game: EnginePage) -> tuple[str | None, str]:
    game.wait_for(SETTLED_JS, what="the board to settle (no catching up; a roll, a link or the end)")
    href, whose = game.evaluate(OFFER_JS)
    return href, whose


def start_game(game: EnginePage) -> None:
    game.click("#new-game")  # the menu is unfolded at the engines' 1280 px viewport
    assert game.evaluate(SETUP_JS, ["Ann", "Ben"], ["human", "link"]) == ["human", "link"]
    game.click("#setup-start")
    game.wait_for("() => !document.querySelector('#setup').open", what="the New game dialog to close")


def link_of(href: str | None) -> GameLink:
    assert href is not None and href.startswith("#play="), href
    text = from_fragment(href)
    assert text is not None
    return decode(text)


def test_a_friend_opens_the_link_offline_plays_and_passes_it_back(game: EnginePage) -> None:
    # Ann's device: a new game with Ben as a friend by link. The roll-off picks who starts;
    # a new game until Ann does, so the link carries her turn and Ben's page has something
    # to catch up on (timers and Skip: the part most likely to differ between engines).
    for _ in range(20):
        start_game(game)
        href, whose = settle(game)
        if href is None:
            break
    # Ann's seat by the scorecard, not by the status line's name: that can still read
    # "Player 1" here (a region whose HTML is unchanged keeps its old name slots).
    assert href is None and play.board(game)["seat"] == 0, "Ben won 20 roll-offs in a row"
    play.play_turn(game)
    href, whose = settle(game)
    sent = link_of(href)
    assert len(sent.turns) == 1 and replay(sent).current_seat == 1
    assert whose.startswith("Ben"), whose
    # The worker takes control only once its install has precached the whole build
    # (tools/sw-source.js): from then on this origin boots with no server.
    game.wait_for("() => navigator.serviceWorker.controller !== null", what="the service worker")

    # Ben's device: knows nothing of the game, is offline, and opens the link in a fresh
    # document (replaceState: no hashchange, so Ann's page does not open it first).
    game.stop_server()
    game.evaluate("(href) => { history.replaceState(null, '', href); localStorage.clear(); }", href)
    game.reload()
    href, whose = settle(game)
    assert href is None and whose == "Ben", (href, whose)
    assert game.evaluate("() => !document.querySelector('#roll').disabled")
    assert game.evaluate("() => location.hash") == ""  # the page took the link out of the address
    kept = json.loads(game.evaluate(FRIENDS_JS))["games"]
    assert len(kept) == 1 and kept[0]["mine"] == [1], kept  # Ben's seat, claimed on this device
    assert game.evaluate("() => window.caughtUp"), "Ann's turn was not shown here before Ben's"
    box, points = play.play_turn(game)

    # Ben's turn ends: the page offers the link back to Ann, with one more turn in it.
    href, whose = settle(game)
    back = link_of(href)
    assert len(back.turns) == len(sent.turns) + 1 and back.turns[:-1] == sent.turns
    final = replay(back)
    assert final.current_seat == 0 and final.cards[1].filled.get(box) == points, (box, points)
    assert whose.startswith("Ann"), whose

    # A damaged link, opened in this tab: a notice, and nothing stored changes.
    assert href is not None
    middle = len("#play=1.") + (len(href) - len("#play=1.")) // 2
    damaged = href[:middle] + ("A" if href[middle] != "A" else "B") + href[middle + 1:]
    before = game.evaluate(STORAGE_JS)
    game.evaluate("(href) => { location.hash = href; }", damaged)
    game.wait_for("() => document.querySelector('#notices').textContent.includes('damaged')",
                  what="a notice that the link is damaged")
    assert json.loads(game.evaluate(STORAGE_JS)) == json.loads(before)
    assert play.filled(play.board(game), 1).get(box) == points, "Ben's box is still on the board"
