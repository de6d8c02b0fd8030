"""Playing to win (issue 33): options ranked by the chance of a goal (game.strategy.to_win).

Checked against tools/target_exact.py, a brute force that shares no code with the game's
strategy modules (every re-roll enumerated, every score from the rules): with one box
open the ranking's chances are the exact best chances; with two or three open the later
turns are played for the average, and the gap to the best play for the target stays
small (docs/strategy.md, "Playing to win", has the measured figures).
"""

from __future__ import annotations

import random

import pytest

from game.core import rules
from game.core.players import Player
from game.core.state import new_game
from game.session.coaching import Coach
from game.strategy import spread as SP
from game.strategy import tables as T
from game.strategy.advice import Aim
from game.strategy.options import Option
from game.strategy.to_win import Goal, rank_to_win, to_come
from game.strategy.win_chances import Forecast, forecast, win_chances
from tools import target_exact as X
from tools.target_exact import _card


def _spread() -> SP.Spread:
    return SP.load_preset("official")


def _key(option: Option) -> object:
    """How tools/target_exact.py names an option: a box, or the sorted faces held."""
    return option.box if option.box is not None else tuple(sorted(option.held_faces))


def _positions(rng: random.Random, table: T.Table, n_open: int, count: int
               ) -> list[tuple[dict[str, int], rules.Dice, int]]:
    return [(_card("official", table, rng, len(rules.BOXES) - n_open),
             rules.check_dice(rng.randint(1, 6) for _ in range(5)), rng.choice((0, 1, 2))) for _ in range(count)]


def test_with_one_box_open_every_chance_is_the_exact_best() -> None:
    table, spread, rng = T.load_preset("official"), _spread(), random.Random(3)
    for filled, dice, rolls_left in _positions(rng, table, 1, 12):
        solver = X.Solver("official", 400)
        exact = solver.options(filled, dice, rolls_left)
        on_card = rules.grand_total(filled)
        for need in (1, 10, 25, 40, 70):
            ranked = rank_to_win(table, spread, filled, dice, rolls_left, Goal.reach(on_card + need))
            assert {_key(r.option) for r in ranked} == set(exact)
            for r in ranked:
                assert r.chance == pytest.approx(exact[_key(r.option)][need], abs=1e-9), (filled, dice, need)


def test_with_two_or_three_open_the_chances_stay_near_the_best_play_for_the_target() -> None:
    """The later turns are played for the average here, the brute force plays them for the
    target: the ranking's chance can only be lower (by up to 17 points measured, for a box
    that leaves a turn where playing for the target matters), and its first choice costs
    little (at most 0.9 points of chance on these positions)."""
    table, spread, rng = T.load_preset("official"), _spread(), random.Random(4)
    for n_open in (2, 3):
        for filled, dice, rolls_left in _positions(rng, table, n_open, 4):
            solver = X.Solver("official", 420)
            exact = solver.options(filled, dice, rolls_left)
            on_card = rules.grand_total(filled)
            for need in (20, 45, 80):
                ranked = rank_to_win(table, spread, filled, dice, rolls_left, Goal.reach(on_card + need))
                for r in ranked:
                    assert r.chance <= exact[_key(r.option)][need] + 1e-9
                    assert r.chance == pytest.approx(exact[_key(r.option)][need], abs=0.2)
                best = max(v[need] for v in exact.values())
                assert exact[_key(ranked[0].option)][need] >= best - 0.02, (filled, dice, need)


def test_the_goal_to_win_is_the_win_share_of_each_score() -> None:
    others = [Forecast(200, (0.25, 0.5, 0.25)), Forecast(199, (0.5, 0.5))]
    goal = Goal.win(others)
    for score in range(190, 210):
        # the chance to win with a certain score, against the same others
        assert goal.worth(score) == pytest.approx(win_chances([Forecast.certain(score), *others])[0])


def test_a_goal_of_winning_ranks_by_the_chance_to_win() -> None:
    """Against one other player, an option's chance of winning is the mean over its final
    scores of the win share: here checked against the win chances of the forecast after
    scoring each box (the last turn, where every forecast is exact)."""
    table, spread, rng = T.load_preset("official"), _spread(), random.Random(8)
    filled = _card("official", table, rng, 12)
    other = forecast(table, spread, _card("official", table, rng, 11), 0)
    dice = rules.check_dice(rng.randint(1, 6) for _ in range(5))
    ranked = rank_to_win(table, spread, filled, dice, 0, Goal.win([other]))
    for r in ranked:
        assert r.option.box is not None
        final = rules.grand_total({**filled, r.option.box: r.option.points}) + rules.yahtzee_bonus(filled, dice)
        assert r.chance == pytest.approx(win_chances([Forecast.certain(final), other])[0])
    assert [r.chance for r in ranked] == sorted((r.chance for r in ranked), reverse=True)


def test_what_is_still_to_come_sums_to_one_in_every_phase() -> None:
    table, spread, rng = T.load_preset("official"), _spread(), random.Random(9)
    for filled_boxes in (0, 4, 9, 11, 12, 13):
        later = to_come(table, spread, _card("official", table, rng, filled_boxes))
        assert sum(p for _, p in later) == pytest.approx(1.0)
        assert all(p > 0 and r >= 0 for r, p in later)


def test_refused_positions_are_refused_as_the_coach_refuses_them() -> None:
    table, spread = T.load_preset("official"), _spread()
    with pytest.raises(ValueError, match="rolls_left"):
        rank_to_win(table, spread, {}, (1, 2, 3, 4, 5), 3, Goal.reach(200))
    with pytest.raises(ValueError, match="full"):
        rank_to_win(table, spread, {b: min(rules.possible_box_values(b)) for b in rules.BOXES},
                    (1, 2, 3, 4, 5), 0, Goal.reach(200))


def _coach_with_tables() -> Coach:
    """A coach with hints on and both tables here (no loading)."""
    coach = Coach(None, lambda _c: None, lambda _t: None, lambda: None)  # type: ignore[arg-type, return-value]
    coach.tables["official"], coach.spreads["official"] = T.load_preset("official"), _spread()
    coach.hints = True
    return coach


def test_the_coach_ranks_for_winning_in_a_game_of_several_and_for_a_score_to_beat() -> None:
    from game.core.state import new_game
    from game.screens.coach_panel import coach_html

    coach = _coach_with_tables()
    state = new_game(["Ann", "Ben"], seed="aim").roll()
    advice = coach.advice(state)
    assert advice is not None and advice.aim is not None and advice.aim.beat is None
    seat = state.current_seat
    assert seat is not None
    other = forecast(T.load_preset("official"), _spread(), {}, 0)
    expected = rank_to_win(T.load_preset("official"), _spread(), {}, state.dice or (), 2, Goal.win([other]))
    assert [(r.option, r.chance) for r in advice.aim.ranked] == [(r.option, r.chance) for r in expected]
    assert {r.option for r in advice.aim.ranked} == set(advice.options)
    html = coach_html(True, advice, True)
    assert 'class="coach-aim" data-aim="win"' in html and html.count("data-chance=") == len(advice.options)

    solo = new_game(["Ann"], seed="aim").roll()
    assert (coach.advice(solo) or advice).aim is None  # no goal: the average alone
    beat = coach.advice(solo, beat=231)
    assert beat is not None and beat.aim is not None and beat.aim.beat == 231
    reach = rank_to_win(T.load_preset("official"), _spread(), {}, solo.dice or (), 2, Goal.reach(232))
    assert beat.aim.best.chance == pytest.approx(reach[0].chance)
    said = "To beat 231: " if beat.aim.differs(beat.best) else "For the best chance to beat 231, the same: "
    assert said in coach_html(True, beat, False)


def test_the_computer_playing_to_win_takes_the_best_chance_and_alone_plays_as_optimal() -> None:
    from game.strategy.players import HoldDice, ScoreBox, decide

    table, spread, rng = T.load_preset("official"), _spread(), random.Random(11)
    for filled, dice, rolls_left in _positions(rng, table, 3, 6):
        goal = Goal.win([forecast(table, spread, _card("official", table, rng, 10), 0)])
        best = rank_to_win(table, spread, filled, dice, rolls_left, goal)[0].option
        move = decide("to_win", "official", filled, dice, rolls_left, rng, table, spread, goal)
        assert move == (ScoreBox(best.box) if best.box is not None else HoldDice(best.hold or ()))
        alone = decide("to_win", "official", filled, dice, rolls_left, rng, table)
        assert alone == decide("optimal", "official", filled, dice, rolls_left, rng, table)


def test_a_computer_playing_to_win_is_given_its_goal_each_decision() -> None:
    """The session asks the coach for the goal (the others' forecasts) and passes it on with
    the spread table and the card's Yahtzee bonuses; in a solo game there is none."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    from game.core.players import Player
    from game.core.state import new_game
    from game.session.computers import ComputerTurns
    from game.strategy.players import ScoreBox

    coach = _coach_with_tables()
    coach.load_spread = lambda _p: None  # type: ignore[assignment, return-value]  # here already
    seen: list[tuple[object, ...]] = []

    def decide(*args: object) -> ScoreBox:
        seen.append(args)
        return ScoreBox("chance")

    async def table_for(_preset: str) -> T.Table:
        return coach.tables["official"]

    async def both() -> tuple[object, object]:
        duel = new_game([Player("Bot", "to_win"), Player("Ann")], seed="x").roll()  # the roll-off: Bot starts
        solo = new_game([Player("Bot", "to_win")], seed="x").roll()
        return await coach.goal_for(duel), await coach.goal_for(solo)

    with ThreadPoolExecutor(1) as pool:
        duel_aim, solo_aim = pool.submit(asyncio.run, both()).result(timeout=60)
    assert solo_aim is None
    assert isinstance(duel_aim, tuple) and duel_aim[0] is coach.spreads["official"]
    assert duel_aim[1] == Goal.win([forecast(coach.tables["official"], duel_aim[0], {}, 0)])
    turns = ComputerTurns(decide, table_for, lambda _t: None, lambda _s: asyncio.sleep(0), asyncio.ensure_future)
    state = new_game([Player("Bot", "to_win"), Player("Ann")], seed="x").roll()
    assert state.current_player is not None and state.current_player.name == "Bot"
    turns.steps(state, coach.tables["official"], duel_aim)
    assert seen[-1][0] == "to_win" and seen[-1][7:] == (duel_aim[0], duel_aim[1], 0)


def optimal_game(seed: str, names: tuple[str, ...] = ("Ann", "Ben"), ruleset: str = "official"
                 ) -> tuple[object, list[tuple[list[dict[str, int]], list[int], rules.Dice, int]]]:
    """A game of ``ruleset`` (of two unless ``names`` says) played by the optimal policy, and
    at each of seat 0's decisions every card, the Yahtzee bonuses, the dice and the rolls
    left, read from the live state."""
    from game.core.state import new_game_in
    from game.strategy.game_tables import load_ruleset
    from game.strategy.players import HoldDice, decide

    table, rng = load_ruleset(ruleset), random.Random(seed)
    state = new_game_in(ruleset, list(names), seed=seed)
    moments = []
    while not state.over:
        state = state.roll()
        while True:
            seat = state.current_seat
            assert seat is not None and state.dice is not None
            if seat == 0:
                moments.append(([dict(c.filled) for c in state.cards], [c.yahtzee_bonuses for c in state.cards],
                                state.dice, state.rolls_left))
            move = decide("optimal", ruleset, state.cards[seat].filled, state.dice, state.rolls_left, rng, table)
            if isinstance(move, HoldDice):
                state = state.roll(held=move.held)
                continue
            state = state.score(move.box)
            break
    return state, moments


def test_the_review_shows_where_winning_and_the_average_parted_ways() -> None:
    from game.strategy.review import review
    from game.strategy.review_to_win import parting

    table, spread = T.load_preset("official"), _spread()
    state, moments = optimal_game("parting-5")
    result = review(state, 0, table)
    assert len(moments) == len(result.decisions)
    found = parting(state, 0, table, spread, result)
    expected = []
    for (cards, bonuses, dice, rolls_left), decision in zip(moments, result.decisions, strict=True):
        goal = Goal.win([forecast(table, spread, cards[1], rules.grand_total(cards[1], bonuses[1]))])
        ranked = rank_to_win(table, spread, cards[0], dice, rolls_left, goal, bonuses[0])
        average = next(r.chance for r in ranked if r.option == decision.best)
        if ranked[0].option != decision.best and ranked[0].chance - average >= 0.0005:
            expected.append((decision.number, ranked[0].option, ranked[0].chance, average))
    assert [(p.decision.number, p.to_win.option, p.to_win.chance, p.average) for p in found] == expected
    assert all(p.chosen == p.average for p in found)  # an optimal player chose the average's best
    assert found, "this seed's game has decisions where they part (a regression would hide them)"


def test_the_review_words_each_parting_and_says_when_there_is_none() -> None:
    from game.core.language import activate
    from game.screens.review_report import parting_html
    from game.strategy.review import review
    from game.strategy.review_to_win import parting

    activate(None)
    table, spread = T.load_preset("official"), _spread()
    state, _moments = optimal_game("parting-5")
    found = parting(state, 0, table, spread, review(state, 0, table))
    html = parting_html(found)
    assert html.count("<li ") == len(found) == 2
    first = found[0]
    assert (f'data-decision="{first.decision.number}" data-win-chance="{first.to_win.chance:.4f}"' in html
            and f"Turn {first.decision.turn}, roll {first.decision.roll} (" in html and "; you: " in html)
    assert "was also the best chance to win" in parting_html(())


def test_alone_the_coach_aims_at_the_players_own_best_score() -> None:
    """A solo game with hints on: the target is the player's best solo score under these
    rules in the high-score table (another name's, or a game of several, does not count)."""
    from game.records.device import MemoryStore, open_records
    from game.screens.coach_panel import coach_html
    from game.session.fakes import RecordingRenderer
    from game.session.manager import App

    records = open_records(MemoryStore())
    records.scores.add("Ann", 287, preset="official", players=1)
    records.scores.add("Ann", 301, preset="official", players=2)
    records.scores.add("Bea", 310, preset="official", players=1)
    app = App(RecordingRenderer(), records)
    app.start([Player("Ann")], seed="best")
    assert app.state is not None and app.coach.own_best(app.state, app.records) is None  # hints off: not even read
    app.coach.hints = True
    assert app.coach.own_best(app.state, app.records) == 287
    app.start([Player("Cy")], seed="best")
    assert app.state is not None and app.coach.own_best(app.state, app.records) is None

    coach = _coach_with_tables()
    state = new_game(["Ann"], seed="best").roll()
    advice = coach.advice(state, None, best=287)
    assert advice is not None and advice.aim is not None and (advice.aim.beat, advice.aim.own) == (287, True)
    reach = rank_to_win(T.load_preset("official"), _spread(), {}, state.dice or (), 2, Goal.reach(288))
    assert advice.aim.best.chance == pytest.approx(reach[0].chance)
    html = coach_html(True, advice, False)
    assert 'data-aim="best"' in html and "your best, 287" in html
    assert (coach.advice(state, 250, best=287) or advice).aim == Aim(
        250, tuple(rank_to_win(T.load_preset("official"), _spread(), {}, state.dice or (), 2, Goal.reach(251))))
