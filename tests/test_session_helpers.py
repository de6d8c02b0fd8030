"""Each session helper on its own, without a game manager (issue 29).

The helpers take narrow ports (a keeper of the device's records, a renderer, a
``Board``) and return what should happen as an :class:`Outcome`; so each is built and
checked here with a memory store and fakes, and no ``App`` exists in this module.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
from collections.abc import Callable
from dataclasses import replace

import pytest

from game import rules
from game.core import save
from game.core.card import Card
from game.core.dice import ScriptedDice
from game.core.links import Link
from game.core.players import Player
from game.core.state import GameState, new_game
from game.core.turn_link import TurnLinkError, encode, game_id, to_link
from game.records.device import MemoryStore, Records, open_records
from game.session import words
from game.session.coaching import Coach
from game.session.computers import COMPUTER_PACE, ComputerTurns
from game.session.ending import Ending
from game.session.fakes import RecordingRenderer
from game.session.friends import FriendsPlay
from game.session.games import GameSwitcher
from game.session.keeper import GameKeeper
from game.session.outcome import CatchUp
from game.strategy.players import HoldDice, ScoreBox


def run(coroutine):  # an event loop of its own: the browser tests' Playwright may run one here
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result(timeout=60)


def keeper_of(store: MemoryStore | None = None) -> GameKeeper:
    return GameKeeper(open_records(store if store is not None else MemoryStore()))


def kept_game(keeper: GameKeeper, state: GameState, game: str = "g1") -> GameState:
    assert keeper.switch_to(game, None) and keeper.save(state)
    return state


def seat_zero_first(names: list[Player] | list[str]) -> GameState:
    """A new game whose roll-off the first seat wins (so the tests know whose turn it is)."""
    return next(state for n in range(100) if (state := new_game(names, seed=f"seat0-{n}")).first == 0)


def first_open(state: GameState) -> str:
    legal = state.legal_scores()
    return next(b for b in rules.BOXES if b in legal)


def score_first_open(state: GameState) -> GameState:
    return state.score(first_open(state))


def finished(names: tuple[str, ...] = ("Ann",), chance: int = 20) -> GameState:
    state = new_game(list(names), seed="end")
    return replace(state, turn=13 * len(names), cards=tuple(Card().with_box("chance", chance + i, 0)
                                                            for i in range(len(names))))


# --- computer turns: steps as values, played through the Board port --------------------------


class FakeBoard:
    """The Board port over a bare state: what a computer's turn sees of the game manager."""

    def __init__(self, state: GameState) -> None:
        self.state: GameState | None = state
        self.acted: list[bool] = []  # each action's ``computer`` flag
        self.behind = 0  # how many sync() calls still answer "follow the other tab first"

    def sync(self) -> bool:
        if self.behind:
            self.behind -= 1
            return False
        return True

    def act(self, action: Callable[[GameState], GameState], *, rolled: bool = False,
            computer: bool = False) -> GameState | None:
        assert self.state is not None
        self.acted.append(computer)
        self.state = action(self.state)
        return self.state


def computers(decide, said: list[str], slept: list[float] | None = None, table=None) -> ComputerTurns:
    async def table_for(_preset: str):
        return table

    async def sleep(seconds: float) -> None:
        (slept if slept is not None else []).append(seconds)

    return ComputerTurns(decide, table_for, said.append, sleep, asyncio.ensure_future)


def test_a_computers_hold_is_two_steps_its_words_and_a_shorter_pause_between() -> None:
    state = new_game([Player("Bot", "greedy")], seed="c").roll(ScriptedDice([6, 6, 2, 3, 6]))
    turns = computers(lambda *_: HoldDice((True, True, False, False, True)), [])
    hold, roll = turns.steps(state, None)
    held = hold.action(state)
    assert held.held == (True, True, False, False, True) and hold.words(held) == "Bot holds 6, 6, 6."
    assert (hold.rolled, hold.pause, roll.rolled, roll.pause) == (False, COMPUTER_PACE / 2, True, COMPUTER_PACE)
    rolled = roll.action(held)
    assert rolled.rolls_used == 2 and roll.words(rolled).startswith("Bot: Rolled ")


def test_a_computer_plays_its_whole_turn_through_the_board_port() -> None:
    said: list[str] = []
    board = FakeBoard(seat_zero_first([Player("Bot", "greedy"), Player("Ann")]))
    first_box = lambda level, preset, filled, *_: ScoreBox(next(b for b in rules.BOXES if b not in filled))  # noqa: E731
    run(computers(first_box, said).play(board))
    assert board.state is not None and board.state.current_player.name == "Ann"  # its turn is over
    assert board.state.cards[0].filled.keys() == {"ones"} and board.acted == [True, True]
    assert said[0].startswith("Bot: Rolled ") and said[1].startswith("Bot scored ")


def test_a_computer_in_a_tab_behind_waits_for_the_board_to_follow() -> None:
    said: list[str] = []
    board = FakeBoard(seat_zero_first([Player("Bot", "greedy"), Player("Ann")]))
    board.behind = 2
    first_box = lambda level, preset, filled, *_: ScoreBox(next(b for b in rules.BOXES if b not in filled))  # noqa: E731
    run(computers(first_box, said).play(board))
    assert board.behind == 0 and len(board.acted) == 2


# --- the end of a game: recorded once, then the names asked one by one ------------------------


def test_the_end_records_everything_then_asks_each_name_and_shows_the_table() -> None:
    keeper = keeper_of()
    over = kept_game(keeper, finished(("Ann", "Ben")))
    ending = Ending(keeper)
    first = ending.finish(over)
    assert first.ask_name is not None and first.ask_name[1:] == ("Ben", 21)  # the higher score first
    assert [g.players for g in keeper.records.history.entries()] == [("Ann", "Ben")]
    assert keeper.records.slot.read().ended and ending.finished_id == "g1"
    second = ending.confirm_name(first.ask_name[0], "Benny")
    assert second.ask_name is not None and second.ask_name[1:] == ("Ann", 20)
    last = ending.confirm_name(second.ask_name[0], "Ann")
    assert last.ask_name is None and last.high_scores == second.ask_name[0]
    assert [e.name for e in keeper.records.scores.table()] == ["Benny", "Ann"]


def test_the_end_without_storage_records_nothing_and_asks_nothing() -> None:
    outcome = Ending(None).finish(finished())
    assert outcome.ask_name is None and outcome.high_scores is None


# --- games on the board, by link and in tabs --------------------------------------------------


def test_a_link_for_another_seed_returns_the_stored_game_and_the_question() -> None:
    store = MemoryStore()
    mine = kept_game(keeper_of(store), new_game(["Ann"], seed="mine").roll())
    games = GameSwitcher(keeper_of(store))  # the page opened anew, on a link
    asked = games.open(Link(seed="theirs", beat=231, challenger="Ben"), "Ann")
    assert asked.board is not None and asked.board.state == mine and not asked.board.keep
    assert asked.ask_link == words.describe_link("theirs", games.pending_link[1]) and "231" in asked.ask_link
    kept = games.choose_link(play=False)
    assert kept.board is None and kept.forget_link and kept.said == (words.link_waiting(),)
    (waiting,) = games.keeper.records.set_aside.games()
    assert save.loads(waiting.text).seed == "theirs" and games.pending_link is None


def test_playing_the_links_game_sets_the_played_one_aside() -> None:
    keeper = keeper_of()
    kept_game(keeper, new_game(["Ann"], seed="mine").roll())
    games = GameSwitcher(keeper)
    games.open(Link(seed="theirs"), "Ann")
    started = games.choose_link(play=True)
    assert started.board is not None and started.board.state.seed == "theirs" and started.forget_link
    assert [save.loads(g.text).seed for g in keeper.records.set_aside.games()] == ["mine"]


def test_a_tab_behind_is_told_to_follow_the_newer_game() -> None:
    store = MemoryStore()
    here, there = keeper_of(store), keeper_of(store)
    kept_game(here, new_game(["Ann"], seed="s"))
    there.adopt(there.records.slot.read())
    newer = kept_game(there, new_game(["Ann"], seed="s").roll(), game=here.id or "")
    follow = GameSwitcher(here).follow()
    assert follow is not None and follow.board is not None and follow.board.state == newer
    assert follow.board.adopt == store_read(there.records) and follow.notices == (words.moved_on(),)
    here.adopt(follow.board.adopt)
    assert GameSwitcher(here).follow() is None


def store_read(records: Records):
    return records.slot.read()


def test_starting_a_game_that_cannot_be_set_up_says_why_and_changes_nothing() -> None:
    keeper = keeper_of()
    outcome = GameSwitcher(keeper).start([], "official")
    assert outcome.board is None and outcome.said[0].startswith("Cannot start: ")
    assert keeper.records.slot.read() is None


# --- friends by link --------------------------------------------------------------------------


def test_a_friends_link_is_taken_at_the_seat_whose_turn_it_is() -> None:
    ann_turn = score_first_open(seat_zero_first(["Ann", "Ben"]).roll())
    keeper = keeper_of()
    friends = FriendsPlay(keeper)
    outcome = friends.open(encode(ann_turn))
    assert outcome.board is not None and outcome.forget_link
    assert [p.kind for p in outcome.board.state.players] == ["link", "human"]  # Ben plays here
    assert outcome.board.game == game_id(to_link(ann_turn))
    # New to this device: Ann's turn is shown first, step by step, and catching up draws the board.
    assert outcome.catch_up is not None and outcome.catch_up.final == outcome.board.state and not outcome.board.draw
    (kept,) = keeper.records.friends.games()
    assert kept.mine == (1,)


def test_a_device_that_knows_the_game_catches_up_on_the_turns_since() -> None:
    start = seat_zero_first(["Ann", "Ben"])
    keeper = keeper_of()
    FriendsPlay(keeper).open(encode(start))  # Ann's device, seat 0
    ann = score_first_open(start.roll())
    later = score_first_open(ann.roll())
    outcome = FriendsPlay(keeper).open(encode(later))
    assert outcome.catch_up is not None and outcome.board is not None and not outcome.board.draw
    assert outcome.catch_up.steps[-1] == outcome.catch_up.final and len(outcome.catch_up.steps) == 5
    screen = RecordingRenderer()

    async def no_wait(_seconds: float) -> None:
        return None

    friends = FriendsPlay(keeper)
    after = run(friends.catch_up(outcome.catch_up, lambda: True, screen, no_wait))
    assert screen.spoken == [words.describe_score(start.roll(), ann, first_open(start.roll())),
                             words.describe_score(ann.roll(), later, first_open(ann.roll()))]
    assert after.board is not None and after.board.state == outcome.catch_up.final
    assert after.said == ("Caught up. Your turn, Ann.",) and not friends.replaying


def test_catching_up_stops_once_another_game_is_on_the_board() -> None:
    state = new_game(["Ann", "Ben"], seed="f")
    steps = (state, state.roll(ScriptedDice([2] * 5)))

    async def no_wait(_seconds: float) -> None:
        return None

    screen = RecordingRenderer()
    after = run(FriendsPlay(None).catch_up(CatchUp(steps, steps[-1], "x"), lambda: False, screen, no_wait))
    assert after.board is None and screen.regions == {}


def test_a_damaged_friends_link_raises_and_changes_nothing_stored() -> None:
    store = MemoryStore()
    with pytest.raises(TurnLinkError):
        FriendsPlay(keeper_of(store)).open("not-a-link")
    assert store.items == {}


# --- the coach's switches ---------------------------------------------------------------------


def test_the_coach_switches_say_what_they_did() -> None:
    coach = Coach(None, asyncio.ensure_future, print, lambda: None)
    assert coach.switch_hints() == "Hints on." and coach.hints
    assert coach.switch_hints() == "Hints off." and not coach.hints
    coach.switch_values()
    assert coach.show_values
    player_turn = new_game(["Ann"], seed="h").roll()
    assert not coach.wanted(player_turn) and coach.switch_hints() and coach.wanted(player_turn)
