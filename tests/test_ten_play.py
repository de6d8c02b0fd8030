"""Playing Today's ten (game.daily.play) and its screen (game.screens.ten_view)."""

from __future__ import annotations

import dataclasses

import pytest

from game.core.language import activate
from game.daily.play import (
    TenPlay,
    board_of,
    choose_box,
    choose_hold,
    next_position,
    replay,
    toggle_die,
)
from game.daily.puzzle import Puzzle, todays_ten
from game.screens.ten_view import result_html, share_text, ten_html
from game.strategy.tables import Table, load_preset


@pytest.fixture(scope="module")
def table() -> Table:
    return load_preset("official")


@pytest.fixture(scope="module")
def puzzle(table: Table) -> Puzzle:
    return todays_ten("2026-11-26", table)


def answer(play: TenPlay, best: bool) -> TenPlay:
    """Answer the current position with its best option, or with its last (worst) one."""
    option = play.position.best if best else play.position.options[-1]
    return choose_box(play, option.box) if option.kind == "score" else choose_hold(play, option.held_faces)


def test_a_whole_attempt_grades_each_choice_and_ends_in_a_result(puzzle: Puzzle) -> None:
    play = TenPlay(puzzle, practice=False)
    for i in range(10):
        assert play.index == i and not play.showing
        play = answer(play, best=i % 2 == 0)
        assert play.showing and play.index == i and play.last is not None
        assert (play.last.colour == "exact") == (i % 2 == 0)
        assert answer(play, best=True) == play  # a second answer while the grading shows: nothing
        play = next_position(play)
    assert play.done and play.result is not None and len(play.result.grid) == 10
    assert play.result.exact >= 5 and play.result.total_loss >= 5 * 1.0  # each wrong answer costs a point or more


def test_the_stored_codes_replay_the_same_attempt(puzzle: Puzzle) -> None:
    play = TenPlay(puzzle, practice=True)
    for i in range(4):
        play = next_position(answer(play, best=i == 2))
    again = replay(puzzle, True, play.codes)
    assert again == play and again.index == 4
    assert all(code.startswith(("box:", "hold:")) for code in play.codes)
    with pytest.raises(ValueError):
        replay(puzzle, True, ["roll:all"])


def test_holding_dice_in_the_dialog_and_what_is_refused(puzzle: Puzzle) -> None:
    play = TenPlay(puzzle, practice=False)
    position = play.position
    assert board_of(play).dice == position.dice and board_of(play).rolls_left == position.rolls_left
    if position.rolls_left:
        held = toggle_die(play, 0)
        assert held.held[0] and board_of(held).held[0]
        assert toggle_die(held, 0).held == play.held
        assert toggle_die(play, 7) == play
        all_five = dataclasses.replace(play, held=(True,) * 5)
        with pytest.raises(ValueError):
            choose_hold(all_five)
    with pytest.raises(ValueError):
        choose_box(play, "no_such_box")


def test_the_screen_and_the_share_text_give_nothing_away(puzzle: Puzzle) -> None:
    activate(None)
    play = TenPlay(puzzle, practice=False)
    assert "Decision 1 of 10" in ten_html(play) and "ten-roll" in ten_html(play) or "No roll left" in ten_html(play)
    assert "not scored" not in ten_html(play) and "not scored" in ten_html(dataclasses.replace(play, practice=True))
    assert 'class="ten-problem">That box cannot take these dice.' in ten_html(play, "That box cannot take these dice.")
    for i in range(10):
        play = next_position(answer(play, best=i < 7))
    page = result_html(play)
    assert page.count('class="ten-sq ten-') == 10 and "7 best choices of ten." in page
    text = share_text(play, "https://example.org/?ten=2026-11-26")
    head, grid, link = text.split("\n")
    assert head == f"Dice Pad #1 · Yahtzee · Today's ten, November 26, 2026: {play.result.total_loss:.1f} points lost"
    assert grid == play.result.grid and link.endswith("?ten=2026-11-26")
    practice = share_text(dataclasses.replace(play, practice=True), link)
    assert practice.startswith("Dice Pad #1 · Yahtzee · Today's ten, November 26, 2026, as practice")


@pytest.mark.parametrize(("day", "number"), [("2026-11-26", "#1 "), ("2027-01-21", "#57 "), ("2026-11-25", None)])
def test_the_share_headline_numbers_the_day(table: Table, day: str, number: str | None) -> None:
    activate(None)
    play = TenPlay(todays_ten(day, table), practice=False)
    for _ in range(10):
        play = next_position(answer(play, best=True))
    head = share_text(play, "https://example.org/").split("\n")[0]
    if number is None:  # before the ten existed
        assert head.startswith("Yahtzee · Today's ten, November 25, 2026:") and "#" not in head
    else:
        assert head.startswith(f"Dice Pad {number}· Yahtzee · Today's ten, ")
