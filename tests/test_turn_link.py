"""The turn link's format (game/core/turn_link.py): round trips, the checksum, every field
checked, the length limits of issue 15."""

from __future__ import annotations

import base64
import binascii
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core import rules
from game.core.players import PLAYER_KINDS, Player
from game.core.rulesets import RULESETS
from game.core.state import GameState, new_game
from game.core.turn_link import (
    FORMAT,
    GameLink,
    LinkDamaged,
    LinkFromTheFuture,
    Turn,
    TurnLinkError,
    decode,
    encode,
    fragment,
    from_fragment,
    replay,
    replay_steps,
    to_link,
)
from game.session.words import turn_link_error

#: A hosted page's address before the fragment: what a link adds to the payload.
PREFIX = "https://dice-pad.netlify.app/#play="


def as_written(state: GameState) -> GameState:
    """``state`` with every person seat as a link writes it (a person, whoever's device plays it)."""
    return replace(state, players=tuple(p if p.is_computer else Player(p.name) for p in state.players))


def play(players: list[Player], preset: str, seed: str, turns: int | None, rng: random.Random) -> GameState:
    """``turns`` random legal turns (all of them when None), with random holds and re-rolls."""
    state = new_game(players, preset, seed)
    while not state.over and (turns is None or state.turn < turns):
        state = state.roll()
        for _ in range(rng.randint(0, 2)):
            state = state.roll(held=tuple(rng.random() < 0.5 for _ in range(5)))
        open_boxes = [box for box, option in state.box_options().items() if isinstance(option, int)]
        state = state.score(rng.choice(open_boxes))
    return state


def seal(body: bytes, version: int = FORMAT) -> str:
    """A link around ``body`` with a correct checksum (to test the checks behind it)."""
    data = body + binascii.crc32(body).to_bytes(4, "big")
    return f"{version}.{base64.urlsafe_b64encode(data).decode().rstrip('=')}"


def body_of(text: str) -> bytes:
    payload = text.partition(".")[2]
    return base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))[:-4]


@settings(max_examples=60, deadline=None)
@given(seats=st.integers(1, 6), preset=st.sampled_from(rules.PRESETS), seed=st.text(min_size=1, max_size=64),
       kinds=st.lists(st.sampled_from(PLAYER_KINDS), min_size=6, max_size=6), turns=st.integers(0, 78),
       rng=st.randoms(use_true_random=False))
def test_any_game_between_turns_survives_the_round_trip(seats, preset, seed, kinds, turns, rng):
    players = [Player(f"P{i} ✓", kinds[i]) for i in range(seats)]
    state = play(players, preset, seed.strip() or "s", turns, rng)
    assert replay(decode(encode(state))) == as_written(state)


def test_the_longest_seed_in_any_script_round_trips():
    state = play([Player("Ann")], "official", "🎲" * 64, 3, random.Random(6))
    assert replay(decode(encode(state))) == as_written(state)


def test_a_finished_game_round_trips_with_every_move():
    state = play([Player("Ann"), Player("Ben", "link"), Player("Bot", "optimal")], "free_choice", "fin", None,
                 random.Random(3))
    assert state.over
    rebuilt = replay(decode(encode(state)))
    assert rebuilt == as_written(state) and rebuilt.moves == state.moves
    assert rebuilt.grand_totals() == state.grand_totals()


def test_the_link_holds_no_dice():
    """The dice come from the seed: the link says only holds and boxes."""
    state = play([Player("Ann")], "official", "nodice", 13, random.Random(1))
    link = to_link(state)
    assert all(isinstance(turn, Turn) for turn in link.turns)
    assert set(vars(link)) == {"preset", "seed", "players", "turns"}


def test_only_between_turns_and_never_with_real_dice():
    with pytest.raises(ValueError, match="between turns"):
        encode(new_game(["Ann"], seed="mid").roll())
    with pytest.raises(ValueError, match="real dice"):
        encode(new_game(["Ann"], seed="real", real_dice=True))


@pytest.mark.parametrize("seed", ["len", "x" * 64])
def test_two_players_at_the_last_turn_fit_in_1000_characters(seed):
    longest = "W" * 32  # the longest name the game keeps
    state = play([Player(longest), Player(longest, "link")], "official", seed, 2 * 13 - 1, random.Random(5))
    assert state.turn == 25  # the last turn is next
    link = PREFIX + encode(state)
    assert len(link) <= 1000, len(link)


def test_six_players_with_12_character_names_fit_in_2000_characters():
    names = ["🎲" * 12, "Zoë-Ångström"[:12], "李小龍李小龍李小龍李小龍", "A" * 12, "😀" * 12, "Ωmega-Ωmega-"]
    state = play([Player(n, "link" if i % 2 else "human") for i, n in enumerate(names)], "official", "x" * 64,
                 None, random.Random(9))
    assert state.over and [p.name for p in state.players] == names
    link = PREFIX + encode(state)
    assert len(link) <= 2000, len(link)
    assert replay(decode(encode(state))) == as_written(state)


def test_every_changed_character_is_caught():
    text = encode(play([Player("Ann"), Player("Ben")], "official", "crc", 9, random.Random(2)))
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    for i in range(2, len(text)):
        for other in (alphabet[(alphabet.index(text[i]) + 1) % 64], alphabet[(alphabet.index(text[i]) + 37) % 64]):
            with pytest.raises(LinkDamaged):
                decode(text[:i] + other + text[i + 1:])


def test_every_cut_is_caught():
    text = encode(play([Player("Ann"), Player("Ben")], "official", "cut", 12, random.Random(4)))
    for end in range(len(text)):
        with pytest.raises(TurnLinkError):
            decode(text[:end])


@pytest.mark.parametrize("text", ["", "1", "1.", "x.AAAA", "0.AAAA", "-1.AAAA", "1.!!!!", "1.AAAAAAAA", "play"])
def test_garbage_is_a_damaged_link(text):
    with pytest.raises(LinkDamaged):
        decode(text)


def test_a_newer_format_says_so():
    text = encode(new_game(["Ann"], seed="future"))
    with pytest.raises(LinkFromTheFuture) as raised:
        decode(f"{FORMAT + 1}{text[1:]}")
    assert raised.value.version == FORMAT + 1
    assert f"format {FORMAT + 1}; this page reads format {FORMAT}" in turn_link_error(raised.value)


def test_messages_quote_nothing_from_the_link():
    assert "damaged" in turn_link_error(LinkDamaged())
    for error in (LinkDamaged(), LinkFromTheFuture(7)):
        assert "<" not in turn_link_error(error) and "play=" not in turn_link_error(error)


# Every field checked: a link whose checksum is right but whose content is not.
def _body(preset=0, seed=b"s", seats=None, turns=b"\x00") -> bytes:
    seats = seats if seats is not None else b"\x01" + b"\x00" + b"\x03Ann"
    return bytes([preset]) + len(seed).to_bytes(2, "big") + seed + seats + turns


def test_a_well_formed_body_reads():
    assert decode(seal(_body())) == GameLink("official", "s", (Player("Ann"),), ())


@pytest.mark.parametrize(("case", "body"), [
    ("preset out of range", _body(preset=len(RULESETS))),
    ("empty seed", _body(seed=b"")),
    ("seed not UTF-8", _body(seed=b"\xff\xfe")),
    ("no seats", _body(seats=b"\x00")),
    ("seven seats", _body(seats=b"\x07" + b"\x00\x01A" * 7)),
    ("unknown kind", _body(seats=b"\x01" + bytes([len(PLAYER_KINDS)]) + b"\x03Ann")),
    ("name cut short", _body(seats=b"\x01\x00\x09Ann", turns=b"")),
    ("name not UTF-8", _body(seats=b"\x01\x00\x02\xc3\x28")),
    ("more turns than a game has", _body(turns=bytes([14]) + b"\x00\x00" * 14)),
    ("turn count beyond the bytes", _body(turns=b"\x02\x00\x0c")),
    ("a fourth roll", _body(turns=b"\x01\xc0\x0c")),
    ("box 13", _body(turns=b"\x01\x00\x0d")),
    ("bytes after the turns", _body(turns=b"\x00\x00")),
])
def test_each_field_is_checked(case, body):
    with pytest.raises(LinkDamaged):
        decode(seal(body))


@pytest.mark.parametrize(("case", "link"), [
    ("a box filled twice", GameLink("official", "s", (Player("Ann"),), (Turn((), "chance"), Turn((), "chance")))),
    ("a name the game would not keep", GameLink("official", "s", (Player("  Ann  "),), ())),
    ("a name too long", GameLink("official", "s", (Player("A" * 40),), ())),
])
def test_replay_refuses_what_the_rules_refuse(case, link):
    with pytest.raises(LinkDamaged):
        replay(link)


def test_replay_uses_the_seeds_dice():
    state = play([Player("Ann")], "official", "same-dice", 5, random.Random(8))
    rebuilt = replay(decode(encode(state)))
    assert [m.dice for m in rebuilt.moves] == [m.dice for m in state.moves]


def test_every_person_is_written_as_a_person_whichever_device_plays_the_seat():
    players = [Player("Ann"), Player("Ben", "link"), Player("Bot", "noisy")]
    link = decode(encode(new_game(players, seed="kinds")))
    assert [p.kind for p in link.players] == ["human", "human", "noisy"]
    # A link that names a seat "link" (not written by this code) still reads as a person.
    data = bytearray(base64.urlsafe_b64decode(encode(new_game(players, seed="kinds"))[2:] + "=="))[:-4]
    ben_kind = data.index(b"Ben") - 2
    data[ben_kind] = PLAYER_KINDS.index("link")
    data += binascii.crc32(bytes(data)).to_bytes(4, "big")
    relinked = decode("1." + base64.urlsafe_b64encode(bytes(data)).decode().rstrip("="))
    assert relinked.players[1] == Player("Ben", "human")


def test_replay_steps_pass_through_every_roll_and_box_after_the_turns_already_seen():
    rng = random.Random(5)
    state = play([Player("Ann"), Player("Ben")], "official", "steps", 6, rng)
    link = to_link(state)
    for since in range(7):
        steps = replay_steps(link, since)
        assert steps[0].turn == since and steps[-1] == as_written(state)
        moves = state.moves[len(steps[0].moves):]
        assert [s.moves[-1] for s in steps[1:]] == list(moves)
    with pytest.raises(LinkDamaged):
        replay_steps(GameLink("official", "steps", (Player("Ann"),), (Turn((), "chance"), Turn((), "chance"))), 0)


@pytest.mark.parametrize(("hash_", "text"), [
    ("#play=1.AbC", "1.AbC"), ("play=1.x", "1.x"), ("#play=", ""), ("#dice", None), ("", None), ("#seed=1", None)])
def test_the_fragment_names_the_link_or_nothing(hash_, text):
    assert from_fragment(hash_) == text
    if text:
        assert from_fragment(fragment(text)) == text
