"""The game manager with a fake screen and a fake localStorage (2048's swappable edges)."""

import asyncio
import concurrent.futures

from game import rules
from game.core import save
from game.core.card import Score
from game.core.dice import ScriptedDice
from game.core.players import Player
from game.records.device import MemoryStore, open_records
from game.session.fakes import RecordingRenderer
from game.session.manager import App
from game.strategy.players import HoldDice, ScoreBox


def make_app(store=None):
    screen = RecordingRenderer()
    storage = open_records(store if store is not None else MemoryStore())
    return App(screen, storage), screen, storage


def finish_solo(app, faces=(6, 6, 6, 6, 6)):
    for box in rules.BOXES:
        app.roll(ScriptedDice(faces))
        legal = app.state.legal_scores()
        app.score(box if box in legal else next(iter(legal)))


def test_every_action_autosaves_and_a_new_app_resumes_exactly():
    store = MemoryStore()
    app, _, _ = make_app(store)
    app.start([Player("Ann"), Player("Bob")], seed="resume")
    app.roll()
    app.toggle_hold(1)
    app.toggle_hold(3)
    restored = open_records(store).slot.load(save.loads)
    assert restored == app.state
    assert restored.held == (False, True, False, True, False) and restored.rolls_used == 1


def test_a_refused_action_says_why_and_changes_nothing():
    app, screen, _ = make_app()
    app.start([Player("Ann")], seed="refuse")
    before = app.state
    app.score("chance")
    assert screen.spoken[-1] == "Not allowed: roll the dice before scoring."
    assert app.state is before


def test_regions_carry_the_contract():
    app, screen, _ = make_app()
    app.start([Player("<b>Ann</b>")], seed="contract")
    app.roll(ScriptedDice([5, 2, 5, 6, 5]))
    card = screen.regions["scorecard"]
    assert 'data-box="fives" data-preview="15"' in card
    assert 'data-total="grand"' in card and 'data-total="upper_bonus"' in card
    assert "<b>Ann</b>" not in "".join(screen.regions.values())  # names only through text slots
    assert screen.names[0] == "<b>Ann</b>"
    assert 'aria-pressed="false"' in screen.regions["dice"]
    assert ">Roll (2 left)<" in screen.regions["controls"]


def test_game_end_records_stats_and_high_score_then_asks_for_the_name():
    app, screen, storage = make_app()
    app.start([Player("Ann")], seed="end")
    finish_solo(app)
    assert app.state.over
    stats = storage.stats.read("official")
    assert stats.games == 1 and stats.best == app.state.grand_totals()[0] and stats.yahtzees == 13
    entry_id, name, score = screen.asked[-1]
    assert (name, score) == ("Ann", app.state.grand_totals()[0])
    assert storage.slot.load(save.loads) is None  # nothing left to resume
    app.confirm_name(entry_id, "  Annie  ")
    assert [(e.name, e.score) for e in storage.scores.table()] == [("Annie", score)]
    assert screen.highlight == entry_id
    assert storage.name.read() == "Annie"


def test_the_score_is_kept_even_if_the_name_is_never_confirmed():
    store = MemoryStore()
    app, screen, _ = make_app(store)
    app.start([Player("Ann")], seed="closed-tab")
    finish_solo(app)
    assert screen.asked
    assert [e.name for e in open_records(store).scores.table()] == ["Ann"]


def test_a_broken_local_storage_leaves_play_going_with_a_notice():
    app, screen, _ = make_app(MemoryStore(broken=True))
    app.start([Player("Ann")], seed="broken")
    app.roll()
    assert app.state.rolls_used == 1
    assert any("will be lost when the page closes" in n for n in screen.notices)


def play_computer_game(seed: str, decide) -> tuple[App, RecordingRenderer]:
    """A solo game of a computer deciding with ``decide``, played to its end without waits."""

    async def no_wait(_seconds):
        return None

    async def run():
        screen = RecordingRenderer()
        app = App(screen, None, sleep=no_wait, decide=decide)
        app.start([Player("Bot", "greedy")], seed=seed)
        while not app.state.over:
            await asyncio.sleep(0)
        return app, screen

    # In a thread of its own: Playwright's sync API may hold an event loop in this one.
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, run()).result(timeout=60)


def hold_one_then_score_the_first_open_box(calls: list[int]):
    def decide(level, preset, filled, dice, rolls_left, rng, table):
        calls.append(rolls_left)
        if rolls_left == 2:
            return HoldDice((True, False, False, False, False))
        return ScoreBox(next(b for b in rules.BOXES if b not in filled))
    return decide


def test_computer_turns_play_out_with_a_fake_decider():
    calls: list[int] = []
    app, _ = play_computer_game("bot", hold_one_then_score_the_first_open_box(calls))
    assert app.state.over and len(app.state.cards[0].filled) == 13
    assert calls[:2] == [2, 1]


def test_a_roll_and_a_score_each_give_one_cue_and_a_refused_action_none():
    app, screen, _ = make_app()
    app.start([Player("Ann")], seed="cues")
    app.score("chance")  # refused: nothing rolled yet
    app.toggle_hold(0)  # refused too
    assert screen.cues == []
    app.roll(ScriptedDice([1, 2, 3, 4, 5]))
    assert screen.cues == ["roll"]
    app.toggle_hold(0)  # a hold is no roll and no score
    app.undo()  # nothing to undo
    assert screen.cues == ["roll"]
    app.score("large_straight")
    assert screen.cues == ["roll", "score"]
    app.score("chance")  # refused: the turn is over
    assert screen.cues == ["roll", "score"]


def test_real_dice_typed_in_give_a_roll_cue_and_a_mistyped_entry_none():
    app, screen, _ = make_app()
    app.start([Player("Ann")], seed="real", real_dice=True)
    app.enter_dice("12")
    app.roll()  # refused: real dice are typed in
    assert screen.cues == []
    app.enter_dice("66666")
    assert screen.cues == ["roll"]


def test_a_computer_turn_cues_its_rolls_and_its_score():
    app, screen = play_computer_game("bot-cues", hold_one_then_score_the_first_open_box([]))
    assert screen.cues[:3] == ["roll", "roll", "score"]
    assert screen.cues == ["score" if isinstance(move, Score) else "roll" for move in app.state.moves]


def test_a_friends_seat_is_played_neither_here_nor_by_a_computer():
    """A `link` seat (a friend on their own device) waits: this board refuses to act for it,
    and no computer takes it over (the turn by link is issue 15's flow)."""
    decided = []

    def decide(*args):
        decided.append(args)
        raise AssertionError("a computer was asked to play a friend's seat")

    screen = RecordingRenderer()
    app = App(screen, None, decide=decide)
    app.start([Player("Ann"), Player("Ben", "link")], seed="friends")
    while app.state.current_player.kind == "human":
        app.roll()
        app.score(next(iter(app.state.legal_scores())))
    before = app.state
    app.roll()
    assert app.state is before and screen.spoken[-1] == "Wait: it is Ben's turn."
    assert decided == [] and app.computers._task is None
    assert "(on their own device)" in screen.regions["status"]


def test_a_computer_decides_the_same_on_every_device():
    """Its randomness comes from the game (seed, turn, roll), not from the device: a game
    passed by link plays its computers' turns alike wherever they are played."""

    def chance_decider(level, preset, filled, dice, rolls_left, rng, table):
        if rolls_left and rng.random() < 0.5:
            return HoldDice(tuple(rng.random() < 0.5 for _ in range(5)))
        return ScoreBox(rng.choice([b for b in rules.BOXES if b not in filled]))

    first, _ = play_computer_game("same-everywhere", chance_decider)
    second, _ = play_computer_game("same-everywhere", chance_decider)
    other, _ = play_computer_game("another-seed", chance_decider)
    assert first.state.moves == second.state.moves
    boxes = [m.box for m in first.state.moves if isinstance(m, Score)]
    assert boxes != [m.box for m in other.state.moves if isinstance(m, Score)]
