"""ARIA in the screens' HTML: a name (aria-label, aria-labelledby) only where ARIA allows
one, and a die's name that holds the words shown on it.

ARIA 1.2 prohibits naming the roles generic, paragraph, strong, emphasis, code, caption,
deletion, insertion, subscript, superscript, presentation and none: a screen reader
ignores such a name. axe-core reports it as ``aria-prohibited-attr`` (serious); the
browser audit (tests/browser/test_accessibility.py) runs axe on the page, this test on the
screens' HTML in CPython, over states the browser test does not reach (a Yahtzee bonus,
a box the Joker rules close).
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from game.core.dice import ScriptedDice
from game.core.players import Player
from game.core.state import GameState, new_game
from game.records.high_scores import ScoreEntry
from game.screens.board import dice_html
from game.screens.regions import BoardView, board_regions
from game.screens.score_table import high_scores_html
from game.screens.scorecard import player_card_html
from game.screens.setup_form import player_rows_html
from game.strategy.advice import advise
from game.strategy.tables import load_preset

#: Roles whose elements ARIA 1.2 forbids to name.
UNNAMEABLE_ROLES = {"generic", "paragraph", "strong", "emphasis", "code", "caption", "deletion", "insertion",
                    "subscript", "superscript", "presentation", "none"}
#: Elements whose implicit role is one of those (html-aam).
UNNAMEABLE_TAGS = {"span", "div", "p", "strong", "em", "b", "i", "u", "s", "small", "code", "caption", "del", "ins",
                   "sub", "sup"}
NAMING = ("aria-label", "aria-labelledby")


class _Named(HTMLParser):
    """Collects every element that carries a name where its role forbids one."""

    def __init__(self) -> None:
        super().__init__()
        self.bad: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if not any(name in values for name in NAMING):
            return
        role = (values.get("role") or "").split()
        if (role[0] in UNNAMEABLE_ROLES) if role else (tag in UNNAMEABLE_TAGS):
            self.bad.append(self.get_starttag_text() or tag)


def unnameable_names(html: str) -> list[str]:
    parser = _Named()
    parser.feed(html)
    parser.close()
    return parser.bad


def test_the_check_finds_a_name_on_a_span_and_accepts_one_with_a_role() -> None:
    assert unnameable_names('<span aria-label="x">✓</span><p aria-labelledby="t">') == [
        '<span aria-label="x">', '<p aria-labelledby="t">']
    assert unnameable_names('<span role="img" aria-label="x">✓</span><button aria-label="y"></button>'
                            '<section aria-label="z"></section>') == []


def _states() -> dict[str, GameState]:
    """A game's moments: before the first roll, after one, a die held, a Yahtzee bonus with
    the boxes the forced Joker closes, the end (solo and two players)."""
    start = new_game([Player("Ann"), Player("Ben")], seed="aria")
    rolled = start.roll(ScriptedDice([2, 3, 3, 5, 6]))
    held = rolled.toggle_hold(1)
    first = start.current_seat
    joker = start.roll(ScriptedDice([6] * 5)).score("yahtzee").roll(ScriptedDice([1, 2, 3, 4, 6])).score("chance")
    joker = joker.roll(ScriptedDice([5] * 5))  # the same player's second Yahtzee: only Fives is open to it
    assert joker.current_seat == first and any(not isinstance(v, int) for v in joker.box_options().values())
    bonus = joker.score("fives")
    assert bonus.cards[first].yahtzee_bonuses == 1
    solo = new_game([Player("Solo")], seed="aria-solo")
    while not solo.over:
        solo = solo.roll()
        options = solo.box_options()
        solo = solo.score(next(box for box, value in options.items() if not isinstance(value, str)))
    return {"start": start, "rolled": rolled, "held": held, "joker": joker, "bonus": bonus, "solo over": solo}


STATES = _states()


@pytest.mark.parametrize("moment", list(STATES))
def test_the_board_names_only_elements_that_may_have_a_name(moment: str) -> None:
    state = STATES[moment]
    for region, html in board_regions(BoardView(state, hints=True, beat=200)).items():
        assert unnameable_names(html) == [], (moment, region)
    for seat in range(len(state.players)):
        assert unnameable_names(player_card_html(state, seat)) == [], (moment, seat)


def test_the_yahtzee_bonus_check_marks_are_an_image_with_a_name() -> None:
    """axe-core's aria-prohibited-attr on the board (issue 14): the marks' name sat on a bare span."""
    html = board_regions(BoardView(STATES["bonus"]))["scorecard"]
    assert '<span class="checks" role="img" aria-label="1 bonus check mark">✓</span>' in html


def test_the_coach_panel_and_the_dialogs_name_only_elements_that_may_have_a_name() -> None:
    state = STATES["rolled"]
    advice = advise(state, load_preset("official"))
    for values in (False, True):
        regions = board_regions(BoardView(state, hints=True, advice=advice, show_values=values))
        assert all(unnameable_names(html) == [] for html in regions.values())
    entries = [ScoreEntry("a", "Ann", 250, "2024-05-01", "official", 1, False, at=1),
               ScoreEntry("b", "Ben", 190, "2024-05-02", "free_choice", 2, True, at=2)]
    assert unnameable_names(high_scores_html(entries, highlight=("a",))) == []
    assert unnameable_names(player_rows_html(["human", "optimal"])) == []


class _Buttons(HTMLParser):
    """Each button's aria-label and the text inside it, as axe reads them."""

    def __init__(self) -> None:
        super().__init__()
        self.buttons: list[tuple[str, str]] = []
        self._inside = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "button":
            self.buttons.append((dict(attrs).get("aria-label") or "", ""))
            self._inside = True

    def handle_endtag(self, tag: str) -> None:
        self._inside = self._inside and tag != "button"

    def handle_data(self, data: str) -> None:
        if self._inside:
            name, text = self.buttons[-1]
            self.buttons[-1] = (name, text + data)


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", text.lower())


@pytest.mark.parametrize("moment", ["start", "rolled", "held"])
def test_a_dice_name_holds_its_visible_words_in_order(moment: str) -> None:
    """WCAG 2.5.3 (axe's label-content-name-mismatch): the key shown over a die and its
    "Held" tag are in its name, in that order ("Held" once ran into the key: "2Held")."""
    parser = _Buttons()
    parser.feed(dice_html(STATES[moment]))
    assert len(parser.buttons) == 5
    for name, text in parser.buttons:
        shown, named = _words(text), _words(name)
        assert any(named[i:i + len(shown)] == shown for i in range(len(named))), (name, text)
    held = [name for name, text in parser.buttons if "Held" in text]
    assert held == (["Die 2, held: 3"] if moment == "held" else [])
