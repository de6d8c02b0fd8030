"""The finish range on the board (game.session.finish_ranges, game.screens.range_bar): worked
out in the background, shown with the coach or the win chances, each player's equal to
game.strategy.finish_range's, and the box scored finding its new range already known."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from game.core.dice import ScriptedDice
from game.core.players import Player
from game.core.state import GameState, new_game
from game.screens.range_bar import LEAST_TOP, STEP, range_cells
from game.session import finish_ranges as FR
from game.session.fakes import Jobs, RecordingRenderer
from game.session.finish_ranges import FinishRanges, card_key
from game.session.manager import App
from game.strategy.finish_range import clear_caches, finish_range, first_range_steps, run
from game.strategy.game_spread import load_ruleset_spread
from game.strategy.game_tables import load_ruleset

TABLE, SPREAD = load_ruleset("official"), load_ruleset_spread("official")


def _exact(state: GameState, seat: int, mid_turn: bool = False) -> tuple[int, int]:
    card = state.cards[seat]
    if mid_turn:
        return finish_range(TABLE, SPREAD, card.filled, card.totals.grand_total, state.dice, state.rolls_left)
    return finish_range(TABLE, SPREAD, card.filled, card.totals.grand_total)


def _two_boxes_each() -> GameState:
    state = new_game(["Ann", "Ben"], seed="ranges")
    for faces in ([6, 6, 6, 2, 3], [1, 2, 3, 4, 5], [4, 4, 4, 4, 1], [2, 3, 3, 5, 6]):
        state = state.roll(ScriptedDice(faces))
        state = state.score(max(state.legal_scores().items(), key=lambda item: item[1])[0])
    return state


def test_each_players_range_is_worked_out_in_the_background_and_equals_the_strategys() -> None:
    jobs, shown = Jobs(), []
    ranges = FinishRanges(jobs, lambda: shown.append(1))
    state = _two_boxes_each()
    assert ranges.for_board(state, TABLE, SPREAD) == (None, None)  # nothing known: asked for
    jobs.run()
    assert shown  # the board was drawn again once they were known
    assert ranges.for_board(state, TABLE, SPREAD) == (_exact(state, 0), _exact(state, 1))
    assert jobs.done()  # nothing more to do: no work spawned


def test_mid_turn_the_player_to_move_shows_the_turns_start_until_the_live_range_is_known() -> None:
    jobs = Jobs()
    ranges = FinishRanges(jobs, lambda: None)
    state = _two_boxes_each()
    ranges.for_board(state, TABLE, SPREAD)
    jobs.run()
    rolled = state.roll(ScriptedDice([6, 6, 6, 6, 1]))
    seat, other = rolled.current_seat, 1 - (rolled.current_seat or 0)
    assert seat is not None
    before = ranges.for_board(rolled, TABLE, SPREAD)
    assert before == (_exact(state, 0), _exact(state, 1))  # the turn's start's, still
    jobs.run()
    live = ranges.for_board(rolled, TABLE, SPREAD)
    assert live[seat] == _exact(rolled, seat, mid_turn=True) != before[seat]  # four sixes move it
    assert live[other] == before[other]


def test_every_box_a_person_can_score_finds_its_range_known() -> None:
    """The frame that shows the score shows its range: worked out while the dice lay there."""
    jobs = Jobs()
    ranges = FinishRanges(jobs, lambda: None)
    state = new_game(["Ann"], seed="ahead").roll(ScriptedDice([3, 3, 3, 5, 5]))
    ranges.for_board(state, TABLE, SPREAD)
    jobs.run()
    for box in state.legal_scores():
        scored = state.score(box)
        card = scored.cards[0]
        first, _ = run(first_range_steps(TABLE, SPREAD, card.filled, card.totals.grand_total))
        assert ranges.for_board(scored, TABLE, SPREAD) == (first,), box
        assert ranges._wanted == [], box  # none of them needed work (a finer pass may follow)
    jobs.run()  # the finer passes of those shown
    assert jobs.done()


def test_a_range_not_sure_is_shown_then_the_finer_one() -> None:
    """Four twos and two re-rolls: the first pass's 10th percentile may be a point off (the
    distribution function is flat there); the board shows it, then the finer pass's."""
    jobs, seen = Jobs(), []
    state = new_game(["Ann"], seed="finer").roll(ScriptedDice([5, 5, 5, 5, 1])).score("fives")
    rolled = state.roll(ScriptedDice([2, 2, 2, 2, 3]))
    ranges = FinishRanges(jobs, lambda: seen.append(ranges.for_board(rolled, TABLE, SPREAD)[0]))
    card = rolled.cards[0]
    first, sure = run(first_range_steps(TABLE, SPREAD, card.filled, 20, rolled.dice, 2))
    assert not sure and first != _exact(rolled, 0, mid_turn=True)
    ranges.for_board(rolled, TABLE, SPREAD)
    jobs.run()
    assert seen[0] == first and seen[-1] == _exact(rolled, 0, mid_turn=True)
    assert ranges.for_board(rolled, TABLE, SPREAD) == (_exact(rolled, 0, mid_turn=True),)
    assert jobs.done()  # nothing more to work out


def test_a_computers_turn_asks_for_no_boxes_ahead() -> None:
    state = new_game([Player("Ann"), Player("Cy", "optimal")], seed="cpu").roll(ScriptedDice([1, 2, 3, 4, 6]))
    state = state.score("chance").roll(ScriptedDice([2, 2, 5, 5, 5]))
    jobs = Jobs()
    ranges = FinishRanges(jobs, lambda: None)
    ranges.for_board(state, TABLE, SPREAD)
    assert len(ranges._wanted) == 3  # Cy mid-turn, and both cards at their next turn's start
    jobs.run()


class _Clock:
    """A clock at which every step takes a whole slice: the work pauses after each."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += FR.SLICE
        return self.now


def _steps(jobs: Jobs) -> Iterator[None]:
    """The first job a pause at a time; it stays waiting (not done) until it ends."""
    job = jobs.waiting[0]
    while True:
        try:
            job.send(None)
        except StopIteration:
            jobs.waiting.remove(job)
            return
        yield


def test_the_work_gives_way_to_what_is_most_wanted_and_keeps_what_it_did() -> None:
    jobs, shown = Jobs(), []
    ranges = FinishRanges(jobs, lambda: shown.append(1), clock=_Clock())
    empty = new_game(["Ann"], seed="switch")
    clear_caches()  # nothing worked out before: the work has turns to pause between
    ranges.for_board(empty, TABLE, SPREAD)
    work = _steps(jobs)
    next(work)  # one pause into the empty card's range
    rolled = empty.roll(ScriptedDice([5, 5, 5, 5, 5]))
    ranges.for_board(rolled, TABLE, SPREAD)  # a roll: now the live range comes first
    assert ranges._wanted[0] == card_key("official", rolled.cards[0], rolled.dice, 2)
    assert len(jobs.waiting) == 1  # the work going on takes it: none more spawned
    for _ in work:
        pass
    assert ranges.for_board(rolled, TABLE, SPREAD) == (_exact(rolled, 0, mid_turn=True),)
    assert ranges.for_board(empty, TABLE, SPREAD) == (_exact(empty, 0),)  # worked out after, not lost
    assert shown


def test_a_range_that_fails_is_left_out_and_the_others_are_worked_out() -> None:
    class Broken:
        def points(self, *state: object) -> None:
            raise ValueError("damaged")

    jobs = Jobs()
    ranges = FinishRanges(jobs, lambda: None)
    state = new_game(["Ann"], seed="broken")
    assert ranges.for_board(state, TABLE, Broken()) == (None,)  # type: ignore[arg-type]
    jobs.run()
    assert ranges.for_board(state, TABLE, Broken()) == (None,)  # type: ignore[arg-type]
    assert jobs.done()  # not asked for again and again


def _app(players: list[Player]) -> tuple[App, RecordingRenderer, Jobs]:
    screen, jobs = RecordingRenderer(), Jobs()

    async def load_spread(ruleset: str) -> object:
        return SPREAD

    app = App(screen, spawn=jobs, load_spread=load_spread)  # type: ignore[arg-type]
    app.coach.tables["official"], app.coach.spreads["official"] = TABLE, SPREAD
    app.start(players, seed="board")
    return app, screen, jobs


def _row(screen: RecordingRenderer) -> list[str]:
    return re.findall(r'data-range="([0-9,]*)"', screen.regions["scorecard"])


def test_the_board_shows_them_with_the_coach_and_the_panel_gives_the_numbers() -> None:
    app, screen, jobs = _app([Player("Ann")])
    assert "total-range" not in screen.regions["scorecard"]  # solo, hints off: no range row
    app.coach.hints = True
    app.roll(ScriptedDice([2, 2, 2, 6, 6]))
    jobs.run()
    assert app.state is not None
    expected = _exact(app.state, 0, mid_turn=True)
    assert _row(screen) == [f"{expected[0]},{expected[1]}"]
    assert f'<p class="coach-range" data-range="{expected[0]},{expected[1]}">' in screen.regions["coach"]
    assert f"Finish range: {expected[0]}–<wbr>{expected[1]} (eight games in ten" in screen.regions["coach"]
    app.score("full_house")
    assert _row(screen) == ["{},{}".format(*_exact(app.state, 0))]  # the same frame as the 25


def test_several_players_see_the_row_without_hints_and_not_once_the_game_is_over() -> None:
    app, screen, jobs = _app([Player("Ann"), Player("Ben")])
    assert _row(screen) == ["", ""]  # asked for: an ellipsis each until known
    jobs.run()
    assert _row(screen) == ["194,318", "194,318"]
    assert "coach-range" not in screen.regions["coach"]  # the panel is the coach's: hints off
    assert app.coach.finish_ranges(_over(app.state), None) is None


def _over(state: GameState | None) -> GameState:
    from dataclasses import replace

    assert state is not None
    return replace(state, turn=2 * 13)


@pytest.mark.parametrize("ranges", [[(194, 318), (120, 400)], [(250, 251)]])
def test_the_bars_share_one_scale_from_zero(ranges: list[tuple[int, int]]) -> None:
    cells = range_cells(ranges, [0] * len(ranges))
    top = max(LEAST_TOP, *(high for _, high in ranges))
    top = -(-top // STEP) * STEP
    for (low, high), (_, html) in zip(ranges, cells, strict=True):
        found = re.search(r'class="range-span" x="([0-9.]+)" width="([0-9.]+)"', html)
        assert found is not None
        assert float(found.group(1)) == pytest.approx(100 * low / top, abs=0.05)
        assert float(found.group(2)) == pytest.approx(max(100 * (high - low) / top, 1.0), abs=0.05)
