"""Sharing's words, the setup errors and the default player names, from the catalogs (issue 30).

In the pseudo-locale (every message accented and bracketed) each text must hold no plain
word but a player's name: a word that is plain came from somewhere else than a catalog.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import replace
from typing import get_args

import pytest

from game.core.card import Card
from game.core.errors import SetupError, SetupProblem
from game.core.links import Link
from game.core.players import Player
from game.core.state import GameState, new_game
from game.records.game_slot import Challenge
from game.screens.markup import card_title_html, name_slot
from game.screens.versus import share_words
from game.session import share_words as share
from game.session import words
from game.session.downloads import Unavailable
from game.session.games import GameSwitcher
from tests.test_catalogs import not_from_catalogs

Speak = Callable[[str], None]
NAMES = {"Ann", "Ben", "Cy", "Zoe"}
DAY = datetime.date(2026, 11, 23)


class Sixes:
    """A broken dice source: every die a six, so a roll-off never ends."""

    def face(self, player: int, turn: int, roll: int, position: int) -> int:
        return 6


def over(state: GameState, *totals: int) -> GameState:
    """``state`` at its end, each player with ``totals[seat]`` in Chance."""
    cards = tuple(Card().with_box("chance", total, 0) for total in totals)
    return replace(state, turn=13 * len(totals), cards=cards)


def results() -> list[str]:
    solo = over(new_game(["Ann"], seed="x"), 20)
    trio = over(new_game(["Ann", "Ben", "Cy"], seed="daily-2026-11-23"), 12, 30, 12)
    return [share.result_text(trio, None, DAY), share.result_text(solo, None, DAY)] + [
        share.result_text(solo, Challenge(beat, "Zoe"), DAY) for beat in (10, 20, 30)]  # beaten, tied, it stands


def setup_errors() -> dict[SetupProblem, SetupError]:
    """Every reason a game cannot start, raised by the engine itself."""
    attempts: list[Callable[[], object]] = [
        lambda: new_game([]), lambda: new_game(["Ann", Player("Ben", "wizard")]), lambda: new_game(["Ann", " "]),
        lambda: new_game(["Ann"], "house"), lambda: new_game(["Ann", Player("Ben", "link")], real_dice=True),
        lambda: new_game(["Ann", "Ben"], source=Sixes()),
    ]
    found: dict[SetupProblem, SetupError] = {}
    for attempt in attempts:
        with pytest.raises(SetupError) as caught:
            attempt()
        found[caught.value.reason] = caught.value
    return found


def test_every_setup_error_has_its_own_code() -> None:
    assert set(setup_errors()) == set(get_args(SetupProblem))


def test_the_share_texts_in_english_keep_their_wording() -> None:
    assert share.BRAND == "Dice Pad" and share.challenge_text(231) == "Beat my 231 on the same dice!"
    assert share.your_turn_text("Ann") == "Your turn in our game of Dice Pad, Ann:"
    assert share.link_copied("https://x.example/") == "Link copied: https://x.example/"
    assert words.cannot_start(setup_errors()["player_count"]) == "Cannot start: a game has 1 to 6 players, not 0."


def test_a_result_names_the_day_as_the_language_writes_it(speak: Speak) -> None:
    assert results()[1].splitlines()[0] == "Dice Pad · Official (forced Joker) · November 23, 2026"
    speak("fr")
    assert results()[1].splitlines()[0].endswith(" · 23 novembre 2026")
    speak("de")
    assert results()[1].splitlines()[0].endswith(" · 23. November 2026")


def test_sharing_says_nothing_that_did_not_come_from_a_catalog(speak: Speak) -> None:
    speak("en_XA")
    url = "https://x.example/"
    texts = [share.page_text(), share.challenge_title(), share.challenge_text(231), share.final_card_text(),
             share.your_turn_text("Ann"), share.your_turn_text(None), share.result_title(), share.copied(),
             share.link_copied(url), share.copy_by_hand()]
    assert not not_from_catalogs(texts, names=NAMES | {"https", "example"})
    assert share.BRAND == "Dice Pad"  # the game's name alone, a brand, is the same in every language


def test_a_shared_result_is_from_the_catalogs_but_the_names_and_the_month(speak: Speak) -> None:
    speak("en_XA")
    lines = [line for text in results() for line in text.splitlines()]
    assert len(lines) == 4 + 2 + 3 * 3 and lines[0].startswith("⟦") and "2026" in lines[0]
    # The month comes from CLDR's data for the language (the pseudo-locale has English's),
    # not from a message: allowed here, and checked per language above.
    assert not not_from_catalogs(lines, names=NAMES | {"November"})


def test_every_setup_error_is_said_from_the_catalogs(speak: Speak) -> None:
    speak("en_XA")
    said = [words.cannot_start(error) for error in setup_errors().values()]
    assert len(set(said)) == len(get_args(SetupProblem)) and not not_from_catalogs(said, names=NAMES)
    outcome = GameSwitcher(None).start([Player("Ann", "link")], real_dice=True)
    assert outcome.board is None and not not_from_catalogs(list(outcome.said), names=NAMES)


def test_a_blank_seat_gets_its_default_name_in_the_language_of_that_moment(speak: Speak) -> None:
    assert GameSwitcher(None).open(Link(), "").board.state.players[0].name == "Player 1"  # no name on the device
    speak("en_XA")
    outcome = GameSwitcher(None).start([Player("Ann"), Player(""), Player(" \n", "optimal")])
    state = outcome.board.state
    names = [player.name for player in state.players]
    assert names[0] == "Ann" and not not_from_catalogs(names[1:], names=set())
    assert not not_from_catalogs(list(outcome.said), names=NAMES)
    speak("de")  # a name once given is the seat's, as if typed: the game keeps it in any language
    assert [player.name for player in state.players] == names
    assert GameSwitcher(None).start([Player("")]).board.state.players[0].name == "Spieler 1"


def test_a_failed_strategy_and_a_card_title_are_from_the_catalogs(speak: Speak) -> None:
    speak("en_XA")
    texts = [words.strategy_failed(Unavailable("the strategy table for official", offline=True)),
             words.strategy_failed(Unavailable("the strategy table for official", status=404)),
             words.strategy_failed(ValueError("the table is damaged")), card_title_html(0).replace(name_slot(0), ""),
             share_words(0.0), share_words(0.5), share_words(1.0)]
    assert len(set(texts[:2])) == 2 and not not_from_catalogs(texts[:5] + texts[6:], names=set())
    assert texts[5] == "50%"  # a number only: no message


def test_an_unreadable_save_is_worded_with_its_details_apart(speak: Speak) -> None:
    from game.core.save import SaveError

    speak("en_XA")
    said = words.unreadable(SaveError("player 2 has an invalid name"))
    # Only the save's technical description, in its own "Details" sentence, is English.
    assert not_from_catalogs([said], names=set()) == [(said, {"player", "has", "an", "invalid", "name"})]
    assert said.startswith("⟦") and said.count("⟦") == 2
