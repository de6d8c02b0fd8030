"""Games with friends by link, in CPython: devices (each an App with its own storage) passing
the turn link between them, as the browser tests do with Playwright contexts (issue 15)."""

from __future__ import annotations

import asyncio
import concurrent.futures
import re
from collections.abc import Callable, Coroutine
from typing import Any

import pytest

from game import rules
from game.core.links import Link
from game.core.players import Player
from game.core.turn_link import decode, encode, from_fragment, game_id
from game.records.device import MemoryStore, open_records
from game.session.fakes import RecordingRenderer
from game.session.friends import seated
from game.session.manager import App
from game.strategy.players import ScoreBox

TURN_LINK = re.compile(r'data-turn-link href="([^"]+)"')


async def no_wait(_seconds: float) -> None:
    await asyncio.sleep(0)


def first_open_box(level, preset, filled, dice, rolls_left, rng, table):
    return ScoreBox(next(b for b in rules.BOXES if b not in filled))


class Device:
    """One phone: its own storage, screen and game manager."""

    def __init__(self, load_table: Any = None) -> None:
        self.store = MemoryStore()
        self.screen = RecordingRenderer()
        self.records = open_records(self.store)
        self.app = App(self.screen, self.records, sleep=no_wait, decide=first_open_box, load_table=load_table)

    def turn_link(self) -> str | None:
        """The ``#play=`` text the board offers to send, if any."""
        found = TURN_LINK.search(self.screen.regions.get("status", ""))
        return from_fragment(found.group(1)) if found else None

    def open(self, text: str) -> None:
        self.app.open(Link(), "Player", text)

    def play_turn(self) -> None:
        """A person's turn: roll, hold the first die, roll, score the first open box."""
        app = self.app
        app.roll()
        app.toggle_hold(0)
        app.roll()
        legal = app.state.legal_scores()
        app.score(next(b for b in rules.BOXES if b in legal))


async def settle(*devices: Device) -> None:
    """Let background work (computers, catching up) finish."""
    for _ in range(2000):
        await asyncio.sleep(0)
        if not any(d.app.friends.replaying or (d.app.computers._task and not d.app.computers._task.done())
                   for d in devices):
            return
    raise AssertionError("background work did not finish")


def run(test: Callable[[], Coroutine[Any, Any, None]]) -> None:
    # In a thread of its own: Playwright's sync API may hold an event loop in this one.
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, test()).result(timeout=120)


async def first_link(ann: Device, seed: str) -> str:
    """Ann starts [Ann, Ben by link] on ``seed``, plays her turn if the roll-off gave her the
    first, and returns the link her board offers for Ben."""
    ann.app.start([Player("Ann"), Player("Ben", "link")], seed=seed)
    await settle(ann)
    if ann.app.state.current_player.is_human:
        ann.play_turn()
    text = ann.turn_link()
    assert text is not None
    return text


async def play_by_links(devices: dict[int, Device], first: Device) -> list[int]:
    """Play until the end, each link opened by the device of the seat whose turn it is; the
    number of turns each device played."""
    played = {id(d): 0 for d in devices.values()}
    board = first
    while True:
        await settle(*devices.values())
        state = board.app.state
        assert state is not None
        if state.over:
            return [played[id(d)] for d in devices.values()]
        player = state.current_player
        assert player is not None
        if player.is_human:
            board.play_turn()
            played[id(board)] += 1
            continue
        assert player.kind == "link", "a computer's turn is played by the device that reached it"
        text = board.turn_link()
        assert text is not None, "a friend's turn shows the link to send"
        board = devices[state.current_seat]
        board.open(text)


def test_three_devices_and_a_computer_play_a_whole_game_by_passing_links():
    async def test() -> None:
        ann, ben, cy = Device(), Device(), Device()
        ann.app.start([Player("Ann"), Player("Bot", "greedy"), Player("Ben", "link"), Player("Cy", "link")],
                      seed="trio")
        played = await play_by_links({0: ann, 2: ben, 3: cy}, ann)
        assert played == [13, 13, 13]
        # The device that scored the last box shows the link of the final card; the others open it.
        last = next(d for d in (ann, ben, cy) if d.app.state.over)
        final = last.turn_link()
        assert final is not None
        for device in (ann, ben, cy):
            if device is not last:
                device.open(final)
        await settle(ann, ben, cy)
        totals = {d.app.state.grand_totals() for d in (ann, ben, cy)}
        assert len(totals) == 1 and all(d.app.state.over for d in (ann, ben, cy))
        # Each device keeps the game with the seat it played, and recorded that seat's result.
        for device, seat in ((ann, 0), (ben, 2), (cy, 3)):
            (kept,) = device.records.friends.games()
            assert kept.mine == (seat,) and kept.turns == 52
            assert [p.kind for p in device.app.state.players] == [p.kind for p in seated(
                device.app.state.players, (seat,))]
            assert device.records.stats.read(rules.DEFAULT_PRESET).games == 1
            assert "Game over" in device.screen.regions["status"]
        # A bystander with a game of their own is shown the final card, and nothing is written,
        # whatever they press; a player reopening it from the list still gets the link to send.
        dee = Device()
        dee.app.start([Player("Dee")], seed="own")
        dee.app.roll()
        before = dict(dee.store.items)
        dee.open(final)
        dee.app.toggle_hints()
        dee.app.toggle_values()
        assert dee.app.state.over and dict(dee.store.items) == before and dee.turn_link() is None
        ann.app.start([Player("Ann")], seed="next")
        ann.app.resume_friends(ann.records.friends.games()[0].id)
        assert ann.app.state.over and ann.turn_link() == final
        assert ann.records.stats.read(rules.DEFAULT_PRESET).games == 1  # not recorded twice
    run(test)


def test_two_devices_each_catch_up_on_the_other_turn_then_play():
    async def test() -> None:
        ann, ben = Device(), Device()
        ben.open(await first_link(ann, "duo2"))
        assert ben.app.friends.replaying  # the turns Ann played are shown first
        await settle(ben)
        assert not ben.app.friends.replaying and ben.app.state.current_player.name == "Ben"
        assert ben.app.state.current_player.is_human and any("Caught up" in s for s in ben.screen.spoken)
        assert [p.kind for p in ben.app.state.players] == ["link", "human"]
    run(test)


def test_while_catching_up_the_board_says_at_once_who_plays_next():
    """A friend's link names the players and whose turn it is from the first step shown, not
    only once the turns played elsewhere have all been shown (issue 43)."""
    async def test() -> None:
        ann, ben = Device(), Device()
        drawn: list[tuple[str, list[str]]] = []
        render = ben.screen.render
        ben.screen.render = lambda regions, names: (  # type: ignore[method-assign]
            drawn.append((regions.get("status", ""), list(names))), render(regions, names))
        ben.open(await first_link(ann, "duo2"))
        await settle(ben)
        first, names = next((status, names) for status, names in drawn if "Catching up" in status)
        hint = re.search(r'<p class="hint">(.*?)</p>', first).group(1)
        assert 'Next to play: <span class="whose"><span class="name" data-name-seat="1">' in hint, hint
        assert names[:2] == ["Ann", "Ben"]
        assert ben.app.state.current_player.name == "Ben"  # as it said
        assert "Next to play" not in ben.screen.regions["status"]
    run(test)


def test_a_damaged_or_future_link_says_so_and_changes_nothing_stored():
    async def test() -> None:
        ann, ben = Device(), Device()
        text = await first_link(ann, "bad")
        ben.app.start([Player("Ben")], seed="own")
        ben.app.roll()
        before = dict(ben.store.items)
        damaged = text[:-5] + ("A" if text[-5] != "A" else "B") + text[-4:]
        cases = ((damaged, "damaged"), (text[:len(text) // 2], "damaged"), ("2." + text[2:], "newer version"))
        for bad, words in cases:
            ben.open(bad)
            assert words in ben.screen.notices[-1]
            assert dict(ben.store.items) == before and ben.app.state.seed == "own"
    run(test)


def test_an_older_link_leaves_the_later_state_and_says_so():
    async def test() -> None:
        ann, ben = Device(), Device()
        first = await first_link(ann, "old")
        ben.open(first)
        await settle(ben)
        ben.play_turn()
        later = ben.records.friends.games()[0].turns
        ben.open(first)
        await settle(ben)
        assert "later state" in ben.screen.notices[-1]
        assert ben.records.friends.games()[0].turns == later
        assert len(ben.app.state.cards[1].filled) == 1  # Ben's box is still there
    run(test)


def test_opening_a_link_sets_aside_the_game_on_the_board_and_a_half_played_turn_survives():
    async def test() -> None:
        ann, ben = Device(), Device()
        ben.app.start([Player("Ben")], seed="mine")
        ben.app.roll()
        ben.open(await first_link(ann, "set"))
        await settle(ben)
        assert [g.text is not None for g in ben.records.set_aside.games()] == [True]  # the solo game waits
        ben.app.roll()  # half a turn, then the solo game again: this game is set aside as it is
        dice = ben.app.state.dice
        ben.app.resume_game(ben.records.set_aside.games()[0].id)
        assert ben.app.state.seed == "mine"
        ben.app.resume_friends(ben.records.friends.games()[0].id)
        await settle(ben)
        assert ben.app.state.rolls_used == 1 and ben.app.state.dice == dice
        assert [g.id for g in ben.records.set_aside.games()] != [ben.app.friends.game]
    run(test)


def test_a_computer_in_a_game_with_friends_waits_for_its_table_instead_of_playing_simply():
    attempts: list[str] = []

    async def load_table(preset: str) -> object:
        attempts.append(preset)
        if len(attempts) < 3:
            raise OSError("offline")
        return object()

    async def test() -> None:
        ann = Device(load_table)
        ann.app.start([Player("Bot", "optimal"), Player("Ben", "link")], seed="wait")
        await settle(ann)
        assert len(attempts) == 3 and any("waits for its strategy" in s for s in ann.screen.spoken)
    run(test)


def test_the_same_game_has_the_same_id_on_every_device_whoever_plays_which_seat():
    ann = [Player("Ann"), Player("Ben", "link")]
    ben = seated(ann, (1,))
    from game.core.state import new_game

    assert game_id(decode(encode(new_game(ann, seed="id")))) == game_id(decode(encode(new_game(ben, seed="id"))))


@pytest.mark.parametrize("kinds", [("link",), ("human", "link")])
def test_real_dice_cannot_have_a_friend_by_link(kinds):
    app, screen = App(RecordingRenderer()), None
    app.start([Player(f"P{i}", k) for i, k in enumerate(kinds)], real_dice=True)
    assert app.state is None and "real dice" in app.renderer.spoken[-1]
    del screen


@pytest.mark.parametrize(("beat", "verdict"), [(10, "beaten!"), (20, "tied!"), (30, "it stands.")])
def test_share_result_text_names_the_rules_the_date_the_scores_and_a_challenge(beat, verdict):
    import datetime
    from dataclasses import replace

    from game.core.card import Card
    from game.core.state import new_game
    from game.records.game_slot import Challenge
    from game.session.share_words import result_text

    solo = new_game([Player("Ann")], "free_choice", seed="x")
    solo = replace(solo, turn=13, cards=(Card().with_box("chance", 20, 0),))
    lines = result_text(solo, Challenge(beat, "Zoë"), datetime.date(2026, 1, 2)).splitlines()
    assert lines == [f"Dice Pad · {rules.PRESET_LABELS['free_choice']} · January 2, 2026", "Ann 20",
                     f"{beat} to beat, set by Zoë: {verdict}"]
    trio = new_game(["Ann", "Ben", "Cy"], seed="x")
    cards = tuple(Card().with_box("chance", n, 0) for n in (12, 30, 12))
    text = result_text(replace(trio, turn=39, cards=cards), Challenge(beat, "Zoë"), datetime.date(2026, 1, 2))
    assert text.splitlines()[1:] == ["1. Ben 30", "2. Ann 12", "2. Cy 12"]  # by rank, ties share one
