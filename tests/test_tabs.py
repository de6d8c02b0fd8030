"""Never lose a game (issue 12), in CPython: two tabs on one store, links, games set aside.

Each "tab" is an :class:`App` with its own :class:`~game.records.device.Records` over one shared
:class:`MemoryStore`, as two pages share one localStorage. No storage event is delivered
here, so these tests show the check every action makes before it is applied.
"""

import asyncio
import concurrent.futures
import json

from game.core import save
from game.core.links import Link, parse_query
from game.core.players import Player
from game.records.device import MemoryStore, open_records
from game.records.game_slot import GAME_KEY, Challenge
from game.session.fakes import RecordingRenderer
from game.session.manager import App
from game.strategy.players import HoldDice
from tests.test_app import finish_solo


def tab(store: MemoryStore) -> tuple[App, RecordingRenderer]:
    screen = RecordingRenderer()
    return App(screen, open_records(store)), screen


def reopen(store: MemoryStore, query: str = "") -> tuple[App, RecordingRenderer]:
    """A page load: a new tab on the same store, opened on ``query``."""
    app, screen = tab(store)
    app.open(parse_query(query), "Ann")
    return app, screen


def stored_game(store: MemoryStore):
    return open_records(store).slot.load(save.loads)


# --- two tabs -----------------------------------------------------------------------------


def test_a_tab_behind_follows_before_acting_and_no_box_is_lost():
    store = MemoryStore()
    a, _ = reopen(store)
    b, b_screen = reopen(store)
    assert a.state == b.state
    a.roll()
    box = next(iter(a.state.legal_scores()))
    a.score(box)
    # Tab B still shows the older state; its roll is refused and it follows tab A.
    b.roll()
    assert "another tab" in b_screen.notices[-1]
    assert b_screen.spoken[-1].startswith("Not applied")
    assert b.state == a.state and b.state.rolls_used == 0
    b.roll()
    other = next(iter(b.state.legal_scores()))
    b.score(other)
    assert set(stored_game(store).cards[0].filled) == {box, other}
    assert json.loads(store.items[GAME_KEY])["rev"] == b.keeper.rev


def test_every_save_has_a_higher_revision():
    store = MemoryStore()
    a, _ = reopen(store)
    revisions = [json.loads(store.items[GAME_KEY])["rev"]]
    for act in (a.roll, lambda: a.toggle_hold(0), a.roll):
        act()
        revisions.append(json.loads(store.items[GAME_KEY])["rev"])
    assert revisions == sorted(set(revisions))


def test_a_tab_behind_follows_a_game_finished_elsewhere_and_cannot_resurrect_it():
    store = MemoryStore()
    a, _ = reopen(store)
    b, b_screen = reopen(store)
    finish_solo(a)
    assert stored_game(store) is None  # ended: nothing to resume
    b.roll()
    assert b.state.over and b.state == a.state  # the finished card, from the history
    assert "another tab" in b_screen.notices[-1]
    assert stored_game(store) is None
    assert len(open_records(store).history.entries()) == 1


def test_hints_in_a_tab_behind_follow_first():
    store = MemoryStore()
    a, _ = reopen(store)
    b, _ = reopen(store)
    a.roll()
    b.toggle_hints()  # would save the assisted flag onto the older state
    assert stored_game(store).rolls_used == 1


# --- links --------------------------------------------------------------------------------


def played_game(store: MemoryStore, names=("Ann", "Bob")) -> App:
    app, _ = reopen(store)
    app.start([Player(n) for n in names], seed="mine")
    app.roll()
    app.score(next(iter(app.state.legal_scores())))
    return app


def test_a_link_for_another_seed_asks_and_shows_the_game_in_progress():
    store = MemoryStore()
    mine = played_game(store).state
    app, screen = reopen(store, "?seed=theirs&beat=250&from=Zoë")
    assert "score of 250" in screen.link_question and "Zoë" in screen.link_question
    assert app.state == mine and not screen.link_forgotten  # a reload before answering asks again
    app.choose_link(play=True)
    assert app.state.seed == "theirs" and app.challenge == Challenge(250, "Zoë")
    assert screen.link_forgotten
    (waiting,) = app.records.set_aside.games()
    assert save.loads(waiting.text) == mine
    # A reload (the address no longer has the link) resumes the link's game, challenge and all.
    again, again_screen = reopen(store)
    assert again.state.seed == "theirs" and again.challenge == Challenge(250, "Zoë")
    assert again_screen.link_question is None


def test_keeping_my_game_sets_the_links_game_aside_unplayed():
    store = MemoryStore()
    mine = played_game(store).state
    app, screen = reopen(store, "?seed=theirs&preset=free_choice")
    app.choose_link(play=False)
    assert app.state == mine and screen.link_forgotten
    (waiting,) = app.records.set_aside.games()
    assert save.loads(waiting.text).seed == "theirs" and save.loads(waiting.text).preset == "free_choice"
    app.resume_game(waiting.id)
    assert app.state.seed == "theirs"
    (back,) = app.records.set_aside.games()  # my game waits in turn
    assert save.loads(back.text) == mine


def test_a_link_replaces_a_game_nobody_played_and_a_reload_of_it_resumes():
    store = MemoryStore()
    reopen(store)  # a fresh random game, never rolled
    app, screen = reopen(store, "?seed=theirs")
    assert screen.link_question is None and app.state.seed == "theirs"
    app.roll()
    again, _ = reopen(store, "?seed=theirs")  # the link still in the address: same game, resumed
    assert again.state == app.state
    assert open_records(store).set_aside.games() == ()


def test_new_game_sets_the_played_game_aside_and_resume_swaps_them():
    store = MemoryStore()
    app = played_game(store)
    first = app.state
    app.start([Player("Cy")], seed="next")
    (waiting,) = app.records.set_aside.games()
    assert save.loads(waiting.text) == first
    app.resume_game(waiting.id)
    assert app.state == first
    assert [save.loads(g.text).seed for g in app.records.set_aside.games()] == []  # "next" was never played
    reopened, _ = reopen(store)
    assert reopened.state == first


def test_a_link_with_no_seed_resumes_the_game_in_progress():
    store = MemoryStore()
    mine = played_game(store).state
    app, screen = reopen(store, "?beat=200")
    assert app.state == mine and screen.link_question is None


def test_open_without_storage_starts_the_links_game():
    screen = RecordingRenderer()
    app = App(screen)
    app.open(Link(seed="solo"), "Ann")
    assert app.state.seed == "solo"


# --- what the review of the first version found ---------------------------------------------


def test_two_tabs_saving_the_same_revision_are_told_apart():
    store = MemoryStore()
    a, _ = reopen(store)
    b, b_screen = reopen(store)
    a.roll()
    b.keeper.rev = a.keeper.rev - 1  # as if both had read the same revision at the same moment
    b.keeper._seen = None
    b.roll()
    assert "another tab" in b_screen.notices[-1] and b.state == a.state


def test_new_game_when_the_played_game_cannot_be_set_aside_keeps_it():
    store = MemoryStore()
    app = played_game(store)
    mine = app.state
    store.quota = store.used() + 10
    app.start([Player("Cy")], seed="next")
    assert app.state == mine and stored_game(store) == mine
    assert app.renderer.spoken[-1].startswith("Cannot start")


def test_a_failed_save_does_not_raise_the_revision():
    store = MemoryStore()
    a, _ = reopen(store)
    b, _ = reopen(store)
    store.quota = store.used()
    a.roll()
    a.toggle_hold(0)  # neither is kept
    store.quota = None
    b.roll()  # B's real move
    a.toggle_hold(1)  # A is behind B now, whatever A did in memory
    assert a.state == b.state
    assert stored_game(store) == b.state


def test_a_computer_step_in_a_tab_behind_follows_and_decides_again():
    """Tab A plays the computer's whole turn while tab B waits for its strategy table; B's
    step, decided on the older state, is refused and B goes on from A's state."""
    store = MemoryStore()
    a, _ = reopen(store)
    seed = next(f"s{i}" for i in range(100) if _bot_first(f"s{i}"))
    a.start([Player("Ann"), Player("Bot", "optimal")], seed=seed)
    a.state = a.state.roll()
    a.keeper.save(a.state)

    async def load_table(_preset):
        played = a.state.set_held((True,) * 5).roll().roll()
        a.state = played.score(next(iter(played.legal_scores())))
        a.keeper.save(a.state)  # meanwhile, in tab A
        return "a table"

    def decide(level, preset, filled, dice, rolls_left, rng, table):
        return HoldDice((False,) * 5)  # on B's older state: must not be applied

    async def no_wait(_seconds):
        return None

    b = App(RecordingRenderer(), open_records(store), sleep=no_wait, load_table=load_table)
    b.open(Link(), "Ann")
    b.computers.decide = decide
    # In a thread of its own: the browser tests' Playwright keeps an event loop running in this one.
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, b.computers.play(b)).result(timeout=60)
    assert b.state == a.state and stored_game(store) == a.state  # Ann to play; nothing of B's step
    assert b.state.current_player.name == "Ann" and b.state.rolls_used == 0


def _bot_first(seed: str) -> bool:
    from game.core.state import new_game

    state = new_game([Player("Ann"), Player("Bot", "optimal")], seed=seed)
    return not state.current_player.is_human


def test_games_nobody_played_are_capped_but_a_played_one_never_drops():
    store = MemoryStore()
    app = played_game(store)
    mine = app.state
    for i in range(25):
        other, _ = reopen(store, f"?seed=link-{i}")
        other.choose_link(play=False)
    app.start([Player("Cy")], seed="next")
    waiting = open_records(store).set_aside.games()
    assert any(save.loads(g.text) == mine for g in waiting)
    assert len(waiting) == 21  # the played game and the 20 newest unplayed ones
