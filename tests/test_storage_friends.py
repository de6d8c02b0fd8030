"""``yahtzee:friends`` (game/records/friends_games.py): a link never takes a game back,
damaged text is set aside with a notice, a full store changes nothing."""

from __future__ import annotations

import pytest

from game.core.players import Player
from game.core.state import new_game
from game.core.turn_link import LinkDamaged, decode, encode, game_id
from game.records.friends_games import FRIENDS_KEY, FriendsGames
from game.records.kv import MemoryStore
from game.records.safe_store import SafeStore
from game.screens.storage_words import notice_words

START = new_game([Player("Ann"), Player("Ben", "link")], seed="friends")
ONE = START.roll().score("chance")
TWO = ONE.roll().score("chance")
OTHER_TWO = ONE.roll().score("yahtzee")  # the same game, another second turn


def make() -> tuple[FriendsGames, MemoryStore, SafeStore]:
    kv = MemoryStore()
    safe = SafeStore(kv)
    return FriendsGames(safe), kv, safe


def test_a_new_game_then_a_later_state_replaces_it():
    games, _, _ = make()
    assert games.keep(encode(ONE), (0,), at=1) == "new"
    assert games.keep(encode(TWO), (), at=2) == "later"
    (kept,) = games.games()
    assert kept.link == encode(TWO) and kept.turns == 2 and kept.mine == (0,) and kept.at == 2


def test_an_older_link_leaves_the_later_game_and_says_so():
    games, kv, _ = make()
    games.keep(encode(TWO), (0,), at=1)
    before = kv.items[FRIENDS_KEY]
    assert games.keep(encode(ONE), (0,), at=5) == "older"
    assert kv.items[FRIENDS_KEY] == before  # nothing written


def test_a_link_that_does_not_continue_the_kept_game_leaves_it():
    games, _, _ = make()
    games.keep(encode(TWO), (0,), at=1)
    assert games.keep(encode(OTHER_TWO), (0,), at=2) == "conflict"
    assert games.games()[0].link == encode(TWO)


def test_the_same_link_again_and_the_seats_played_here_add_up():
    games, _, _ = make()
    games.keep(encode(ONE), (0,), at=1)
    assert games.keep(encode(ONE), (1,), at=2) == "same"
    assert games.games()[0].mine == (0, 1)


def test_several_games_newest_first_and_found_by_id():
    games, _, _ = make()
    games.keep(encode(ONE), (0,), at=1)
    other = new_game(["Cleo", Player("Dev", "link")], seed="other")
    games.keep(encode(other), (0,), at=2)
    assert [g.content.players[0].name for g in games.games()] == ["Cleo", "Ann"]
    assert games.find(game_id(decode(encode(START)))).turns == 1
    assert games.find("link-00000000") is None


def test_a_damaged_link_changes_nothing():
    games, kv, _ = make()
    games.keep(encode(ONE), (0,), at=1)
    before = dict(kv.items)
    with pytest.raises(LinkDamaged):
        games.keep(encode(TWO)[:-3], (0,), at=2)
    assert kv.items == before


def test_a_seat_that_is_not_the_games_is_refused():
    games, _, _ = make()
    with pytest.raises(ValueError, match="not one of the game's"):
        games.keep(encode(ONE), (5,), at=1)


@pytest.mark.parametrize("raw", [
    "not json", '{"version": 1}', '{"version": 1, "games": [{"link": "1.AAAA", "mine": [0], "at": 1}]}',
    '{"version": 1, "games": [{"mine": [0], "at": 1}]}', '{"version": 9, "games": []}',
    '{"version": 1, "games": [{"link": "x", "mine": "0", "at": 1}]}',
])
def test_unreadable_text_is_set_aside_with_a_notice(raw):
    kv = MemoryStore({FRIENDS_KEY: raw})
    safe = SafeStore(kv)
    assert FriendsGames(safe).games() == ()
    (notice,) = safe.take_notices()
    assert "the games with friends" in notice_words(notice)
    assert raw in kv.items.values()  # kept under a backup key, not lost


def test_a_full_store_refuses_and_keeps_what_was_there():
    games, kv, safe = make()
    games.keep(encode(ONE), (0,), at=1)
    before = dict(kv.items)
    kv.quota = kv.used()
    assert games.keep(encode(TWO), (0,), at=2) == "refused"
    assert kv.items == before and games.games()[0].turns == 1
    assert any(n.code == "full" for n in safe.take_notices())
