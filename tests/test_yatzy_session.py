"""Yatzy through the session and the records: a game started by its rule set, played by a
person and by computers of every level, coached, reviewed, shared by link, and kept apart
from Yahtzee in high scores, statistics and settings (issue 42)."""

from __future__ import annotations

import asyncio
import concurrent.futures
import random
from collections.abc import Callable

import pytest

from game.core import save
from game.core.dice import ScriptedDice
from game.core.games import YATZY
from game.core.links import challenge_query, parse_query
from game.core.players import Player
from game.core.rulesets import RULESETS, default_game, rules_of, ruleset_label
from game.core.state import new_game_in
from game.core.turn_link import decode, encode, replay
from game.records.device import MemoryStore, open_records
from game.records.game_slot import SavedGame
from game.records.settings import SETTINGS_KEY, SavedSettings, Settings, settings_from_record
from game.screens.games_list import describe
from game.screens.markup import escape
from game.screens.review_report import review_html
from game.screens.scorecard import player_card_html, scorecard_html
from game.session.fakes import RecordingRenderer
from game.session.manager import App
from game.strategy.advice import advise
from game.strategy.game_spread import load_ruleset_spread
from game.strategy.game_tables import load_ruleset
from game.strategy.players import decide
from game.strategy.review import review


def play_out(state, choose=lambda state: next(iter(state.legal_scores()))):
    """Every turn: one roll of the seed's dice, then the box ``choose`` names."""
    while not state.over:
        state = state.roll()
        state = state.score(choose(state))
    return state


def test_a_yatzy_game_starts_by_its_rule_set_and_draws_its_fifteen_rows():
    app = App(RecordingRenderer())
    app.start([Player("Ann"), Player("Ben")], "yatzy", seed="yz")
    assert app.state.game is YATZY and app.state.ruleset == "yatzy"
    app.roll(ScriptedDice([3, 3, 5, 5, 1]))
    card = app.renderer.regions["scorecard"]
    assert card.count('data-row="') == 15 and 'data-row="two_pairs"' in card and 'data-row="yahtzee"' not in card
    assert 'data-box="two_pairs" data-preview="16"' in card and 'data-box="one_pair" data-preview="10"' in card
    assert "Bonus (63+ = 50)" in card and "Yahtzee bonus" not in card
    app.score("two_pairs")
    assert "Ann scored 16 in Two pairs." in app.renderer.spoken[-1]


def test_the_whole_card_of_a_yatzy_player_in_the_dialog():
    state = play_out(new_game_in("yatzy", ["Ann"], seed="card"))
    html = player_card_html(state, 0)
    assert html.count("<tr") == 15 + 3 + 2 and "Yahtzee bonus" not in html
    assert scorecard_html(state).count('data-total="grand"') == 1


def test_records_keep_yatzy_apart_from_yahtzee():
    storage = open_records(MemoryStore())
    app = App(RecordingRenderer(), storage)
    app.start([Player("Ann")], "yatzy", seed="records")
    while not app.state.over:
        app.roll()
        app.score(next(iter(app.state.legal_scores())))
    score = app.state.grand_totals()[0]
    assert storage.stats.read("yatzy").games == 1 and storage.stats.read("yatzy").best == score
    assert storage.stats.read("official").games == 0
    assert [(e.score, e.preset) for e in storage.scores.table()] == [(score, "yatzy")]
    assert ruleset_label("yatzy") == "Yatzy" and RULESETS[-1] == "yatzy"


def test_a_saved_yatzy_game_is_described_with_its_fifteen_rounds():
    state = new_game_in("yatzy", ["Ann", "Ben"], seed="list").roll()
    text = describe(SavedGame("id", 1, save.dumps(state), None, 0))
    assert text == "Ann, Ben · round 1 of 15 · Yatzy"
    old = save.state_to_record(new_game_in("official", ["Ann"], seed="old"))
    del old["game"]  # a save from before Yatzy
    assert describe(SavedGame("id", 1, save.dumps(save.state_from_record(old)), None, 0)).endswith(
        "round 1 of 13 · Official (forced Joker)")


@pytest.mark.parametrize("level", ["greedy", "noisy", "optimal", "to_win"])
def test_a_computer_of_every_level_plays_yatzy_to_the_end(level):
    table = load_ruleset("yatzy")
    rng = random.Random(level)
    state = new_game_in("yatzy", [Player("Bot", level)], seed=level)
    while not state.over:
        state = state.roll()
        while True:
            card = state.cards[0]
            move = decide(level, "yatzy", card.filled, state.dice, state.rolls_left, rng, table)
            if hasattr(move, "box"):
                state = state.score(move.box)
                break
            state = state.roll(held=move.held)
    assert len(state.cards[0].filled) == 15 and state.cards[0].totals.grand_total > 0


def test_the_optimal_computer_averages_yatzys_value():
    """200 games of the optimal computer: the mean within 4 standard errors of 248.44."""
    table, total, games = load_ruleset("yatzy"), 0, 200
    rng = random.Random(1)
    for number in range(games):
        state = new_game_in("yatzy", [Player("Bot", "optimal")], seed=f"mean-{number}")
        while not state.over:
            state = state.roll()
            while True:
                card = state.cards[0]
                move = decide("optimal", "yatzy", card.filled, state.dice, state.rolls_left, rng, table)
                if hasattr(move, "box"):
                    state = state.score(move.box)
                    break
                state = state.roll(held=move.held)
        total += state.grand_totals()[0]
    assert abs(total / games - 248.44) < 4 * 38.5 / games ** 0.5


def test_the_coach_advises_and_explains_a_yatzy_roll():
    state = new_game_in("yatzy", ["Ann"], seed="coach").roll(ScriptedDice([1, 2, 3, 4, 5]))
    advice = advise(state, load_ruleset("yatzy"))
    assert advice.best.box == "small_straight" and advice.best.points == 15


def test_a_yatzy_game_is_reviewed_against_its_own_table(speak: Callable[[str], None]) -> None:
    state = play_out(new_game_in("yatzy", ["Ann"], seed="review"))
    report = review(state, 0, load_ruleset("yatzy"))
    assert report.preset == "yatzy" and report.final_total == state.grand_totals()[0]
    assert len(report.decisions) == 15 and report.total_loss >= 0
    with pytest.raises(ValueError, match="preset"):
        review(state, 0, load_ruleset("official"))
    speak("sv")  # the report, its chart's every decision included, names Yatzy's boxes as a Swede's sheet does
    html = review_html(report)
    boxes = [d.box for d in report.decisions if d.box is not None]
    assert len(boxes) == 15 and all(escape(YATZY.box_label(box)) in html for box in boxes)
    assert escape(YATZY.box_label("one_pair")) == "Ett par"


def test_links_name_the_game():
    query = challenge_query("abc", "yatzy", 250, "Ann")
    link = parse_query(query)
    assert link.preset == "yatzy" and not link.notices
    assert rules_of(link.preset)[0] is YATZY
    two = new_game_in("yatzy", ["Ann", "Ben"], seed="turns")
    two = two.roll().score("two_pairs").roll().score("chance")  # the seed's dice: a link replays them
    back = replay(decode(encode(two)))
    assert back.game is YATZY and back.cards == two.cards


def test_a_game_started_from_a_link_plays_the_links_game():
    app = App(RecordingRenderer())
    app.open(parse_query("?seed=s&preset=yatzy"), "Ann")
    assert app.state.game is YATZY
    app = App(RecordingRenderer())
    app.default_game = "yatzy"  # a Swedish browser: a new game without a link is Yatzy
    app.open(parse_query(""), "Ann")
    assert app.state.game is YATZY


def test_the_game_last_chosen_is_kept_in_settings_and_backups_without_one_read():
    store = MemoryStore()
    saved = SavedSettings(open_records(store).store)
    assert saved.write(Settings(game="yatzy")) and saved.read().game == "yatzy"
    store.set_item(SETTINGS_KEY, '{"version": 1, "game": "maxi"}')
    assert saved.read().game == ""  # unknown: the browser's language chooses again
    old_backup = {"version": 1, "theme": "dark", "sound": True, "vibration": True, "animation": True}
    assert settings_from_record(old_backup).game == ""


def test_the_default_game_follows_the_browser_language():
    assert default_game(["sv-SE"]) is YATZY and default_game(["da"]) is YATZY
    assert default_game(["fi-FI", "sv"]) is YATZY and default_game(["de-DE", "sv"]).key == "yahtzee"


def test_computers_of_every_kind_play_a_yatzy_game_through_the_app():
    async def no_wait(_seconds):
        return None

    async def run():
        table = load_ruleset("yatzy")

        async def load_table(ruleset):
            assert ruleset == "yatzy"
            return table

        async def load_spread(ruleset):
            spreads_asked.append(ruleset)
            return load_ruleset_spread(ruleset)

        from game.strategy.players import decide as play
        app = App(RecordingRenderer(), None, sleep=no_wait, decide=play, load_table=load_table, load_spread=load_spread)
        app.start([Player("Opti", "optimal"), Player("Win", "to_win"), Player("Beg", "greedy")], "yatzy", seed="bots")
        while not app.state.over:
            await asyncio.sleep(0)
        return app

    spreads_asked: list[str] = []
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        app = pool.submit(asyncio.run, run()).result(timeout=120)
    assert all(len(card.filled) == 15 for card in app.state.cards)
    assert set(spreads_asked) == {"yatzy"}  # the To win computer plays for the win from Yatzy's spread table


def test_statistics_of_yatzy_count_yatzys_and_hold_fifteen_in_a_game():
    from game.records.statistics import GameResult, Stats
    from game.screens.stats_panel import preset_options_html, stats_html

    stats = Stats("yatzy").with_game(GameResult(250, 15, True))  # five alike in every box: possible in Yatzy
    html = stats_html(stats)
    assert "Yatzys rolled" in html and "Yahtzees rolled" not in html.replace('data-stat="Yahtzees rolled"', "")
    assert 'value="yatzy"' in preset_options_html()


def test_a_finished_yatzy_game_is_set_against_perfect_plays_distribution():
    from game.screens.versus import versus_html
    from game.strategy.distribution import load_preset

    state = play_out(new_game_in("yatzy", ["Ann"], seed="versus"))
    html = versus_html(state, load_preset("yatzy"))
    assert 'data-versus-optimal' in html and 'data-seat="0"' in html
