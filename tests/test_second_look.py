"""The coach's word before a costly move (game.session.second_look), through the game manager
as the page drives it: asked or not, each answer, the assisted flag, computers never asked."""

from __future__ import annotations

import pytest

from game.core.dice import ScriptedDice
from game.core.players import Player
from game.records.device import MemoryStore, open_records
from game.records.settings import WARN_LEVELS, settings_from_record, settings_from_text
from game.session.commands import handle
from game.session.fakes import RecordingRenderer
from game.session.manager import App
from game.strategy.tables import load_preset


def _app(warn: float, players: list[Player] | None = None, table: bool = True) -> tuple[App, RecordingRenderer]:
    screen = RecordingRenderer()
    app = App(screen, open_records(MemoryStore()))
    if table:
        app.coach.tables["official"] = load_preset("official")
    app.coach.warn_above = lambda: warn
    app.start(players or [Player("Ann")], seed="second-look")
    return app, screen


def _yahtzee_rolled(app: App) -> None:
    app.roll(ScriptedDice([5, 5, 5, 5, 5]))


def test_a_costly_box_is_asked_about_first_and_nothing_moves() -> None:
    app, screen = _app(2.0)
    _yahtzee_rolled(app)
    before = app.state
    handle(app, "score", "chance")  # gives up 75.9 points against the Yahtzee
    assert len(screen.costly) == 1 and screen.costly[0].startswith("Scoring Chance now gives up 75.9 points.")
    assert "Yahtzee" in screen.costly[0]  # the coach's reason names the best
    assert app.state is not None and "chance" not in app.state.cards[0].filled
    assert app.state.assisted and before is not None and not before.assisted  # checked: coached


def test_keep_my_choice_makes_the_move_as_asked() -> None:
    app, screen = _app(2.0)
    _yahtzee_rolled(app)
    handle(app, "score", "chance")
    handle(app, "costly", "keep")
    assert app.state is not None and app.state.cards[0].filled == {"chance": 25}
    assert app.state.assisted and len(screen.costly) == 1  # not asked a second time
    handle(app, "costly", "keep")  # an answer with nothing asked: nothing happens
    assert app.state.cards[0].filled == {"chance": 25}


def test_try_again_leaves_the_choice_to_make_anew() -> None:
    app, screen = _app(2.0)
    _yahtzee_rolled(app)
    handle(app, "score", "chance")
    handle(app, "costly", "again")
    assert app.state is not None and app.state.cards[0].filled == {}
    assert screen.spoken[-1] == "Choose again: nothing was moved."
    handle(app, "score", "yahtzee")  # the best: not asked
    assert app.state.cards[0].filled == {"yahtzee": 50} and len(screen.costly) == 1


def test_show_the_best_shows_the_coach_for_this_decision_only() -> None:
    app, screen = _app(0.5)
    _yahtzee_rolled(app)
    handle(app, "score", "chance")
    assert "coach-line" not in screen.regions.get("coach", "")  # hints are off
    handle(app, "costly", "best")
    assert app.coach.once and not app.coach.hints
    assert "Score 50 in Yahtzee" in screen.regions["coach"]
    handle(app, "score", "yahtzee")
    assert not app.coach.once  # the next decision is the player's own again
    assert app.state is not None and app.state.assisted


def test_a_costly_hold_is_asked_about_before_the_roll() -> None:
    app, screen = _app(2.0)
    app.roll(ScriptedDice([5, 5, 5, 2, 1]))
    for die in (1, 4):  # hold 5 and 1: against 5-5-5, 14.9 points
        app.toggle_hold(die)
    rolls = len(app.state.moves) if app.state else 0
    app.roll(ScriptedDice([6, 6, 6]))
    assert screen.costly and screen.costly[-1].startswith("Holding 1-5 and rolling the rest gives up 14.9 points.")
    assert app.state is not None and len(app.state.moves) == rolls  # not rolled
    handle(app, "costly", "keep")
    assert app.state.dice == (6, 5, 6, 6, 1)


def test_a_move_within_the_threshold_goes_through_and_the_game_is_assisted() -> None:
    app, screen = _app(5.0)
    app.roll(ScriptedDice([1, 2, 3, 4, 6]))
    handle(app, "score", "small_straight")  # 4.58 points less than holding 1-2-3-4: under 5
    assert not screen.costly and app.state is not None and app.state.cards[0].filled == {"small_straight": 30}
    assert app.state.assisted  # played with warnings on
    app, screen = _app(2.0)
    app.roll(ScriptedDice([1, 2, 3, 4, 6]))
    handle(app, "score", "small_straight")  # above 2: asked
    assert screen.costly[0].startswith("Scoring Sm. straight now gives up 4.6 points.")


def test_warnings_off_never_ask_and_leave_the_game_unassisted() -> None:
    app, screen = _app(0.0)
    _yahtzee_rolled(app)
    handle(app, "score", "chance")
    assert not screen.costly and app.state is not None and app.state.cards[0].filled == {"chance": 25}
    assert not app.state.assisted


def test_without_the_table_the_move_goes_unasked() -> None:
    app, screen = _app(0.5, table=False)  # no loader: the table never comes
    _yahtzee_rolled(app)
    handle(app, "score", "chance")
    assert not screen.costly and app.state is not None and app.state.cards[0].filled == {"chance": 25}


def test_an_answer_after_the_game_moved_on_does_nothing() -> None:
    app, screen = _app(2.0)
    _yahtzee_rolled(app)
    handle(app, "score", "chance")
    app.start([Player("Ann")], seed="another")
    handle(app, "costly", "keep")
    assert app.state is not None and app.state.cards[0].filled == {}


def test_computers_are_never_asked() -> None:
    """A computer moves through the Board port (App.act, computer=True), which never asks;
    a person's command on its turn is refused as before, unasked."""
    app, screen = _app(0.5, [Player("Ann"), Player("Cy", "greedy")])
    while app.state is not None and app.state.current_player is not None and app.state.current_player.is_human:
        app.roll(ScriptedDice([1, 2, 3, 4, 6]))
        handle(app, "score", "small_straight")
        handle(app, "costly", "keep")
    assert app.state is not None and app.state.current_player == Player("Cy", "greedy")
    asked = len(screen.costly)
    app.act(lambda s: s.roll(ScriptedDice([5, 5, 5, 5, 5])), rolled=True, computer=True)
    handle(app, "score", "chance")  # a person's click on the computer's turn: refused, not asked
    assert screen.spoken[-1] == "Wait: it is Cy's turn."
    app.act(lambda s: s.score("chance"), computer=True)  # a costly box, a computer's: never asked
    assert app.state.cards[1].filled == {"chance": 25} and len(screen.costly) == asked


@pytest.mark.parametrize("raw, warn", [('{"warn": 2}', 2.0), ('{"warn": 0.5}', 0.5), ('{"warn": 3}', 0.0),
                                       ('{"warn": true}', 0.0), ('{"warn": "5"}', 0.0), ("{}", 0.0)])
def test_the_setting_is_one_of_the_levels_or_off(raw: str, warn: float) -> None:
    assert settings_from_text(raw).warn == warn and warn in WARN_LEVELS


def test_a_backup_from_before_the_warnings_has_them_off() -> None:
    record = {"version": 1, "theme": "dark", "sound": True, "vibration": True, "animation": True}
    assert settings_from_record(record).warn == 0.0
    assert settings_from_record({**record, "warn": 5}).warn == 5.0


def test_yatzy_is_asked_about_in_its_own_boxes() -> None:
    from game.core.games import YATZY
    from game.strategy.game_tables import load_game

    screen = RecordingRenderer()
    app = App(screen, open_records(MemoryStore()))
    app.coach.tables["yatzy"] = load_game(YATZY)
    app.coach.warn_above = lambda: 2.0
    app.start([Player("Ann")], ruleset="yatzy", seed="second-look")
    app.roll(ScriptedDice([5, 5, 5, 5, 5]))
    handle(app, "score", "chance")
    assert screen.costly and screen.costly[0].startswith("Scoring Chance now gives up ")
    assert "Yatzy" in screen.costly[0] and app.state is not None and app.state.cards[0].filled == {}


def test_the_dice_are_ranked_after_the_drawing_and_the_click_only_reads_it(monkeypatch) -> None:
    """With warnings on, each drawing of a person's dice asks for their ranking in the
    background; the check of the next move then ranks nothing (the same cost, same words)."""
    from game.session.fakes import Jobs
    from game.strategy import move_cost

    screen, jobs = RecordingRenderer(), Jobs()
    app = App(screen, open_records(MemoryStore()), spawn=jobs)
    app.coach.tables["official"] = load_preset("official")
    app.coach.warn_above = lambda: 2.0
    app.start([Player("Ann")], seed="second-look")
    _yahtzee_rolled(app)
    assert not jobs.done()  # asked for by the drawing of the five fives
    jobs.run()

    def no_ranking(*args: object) -> None:
        raise AssertionError("ranked again at the click")

    monkeypatch.setattr(move_cost, "rank_options", no_ranking)
    handle(app, "score", "chance")
    assert len(screen.costly) == 1 and screen.costly[0].startswith("Scoring Chance now gives up 75.9 points.")
