"""Your game against perfect play, on the screens: the end screen's line and the statistics
overlay (docs/strategy.md, "Your game against perfect play"). The distribution they read is
tested in tests/test_score_distribution.py, the browser side in
tests/browser/test_versus_optimal.py."""

from __future__ import annotations

import asyncio
import concurrent.futures
import re
import xml.etree.ElementTree as ET

import pytest

from game import rules
from game.core.dice import ScriptedDice
from game.core.players import Player
from game.records.statistics import GameResult, Stats
from game.screens.histogram import histogram_svg
from game.screens.versus import share_words, versus_html
from game.session.fakes import RecordingRenderer
from game.session.manager import App
from game.strategy import distribution as D
from tests.support import small_asset

SVG = "{http://www.w3.org/2000/svg}"


def finished(players: list[Player], faces: tuple[int, ...] = (6, 6, 6, 6, 6)) -> tuple[App, RecordingRenderer]:
    """A game played to its end with a distribution that arrives, as in the page, afterwards."""
    loads: list[str] = []

    async def load(preset: str) -> D.ScoreDistribution:
        loads.append(preset)
        await asyncio.sleep(0)
        return D.parse_distribution(small_asset(), preset)

    async def run() -> tuple[App, RecordingRenderer]:
        screen = RecordingRenderer()
        app = App(screen, None, load_distribution=load)
        app.start(players, seed="versus")
        while not app.state.over:  # every seat, the computer's too, on these dice
            app.act(lambda s: s.roll(ScriptedDice(faces)), rolled=True, computer=True)
            legal = app.state.legal_scores()
            box = max(legal, key=lambda b: legal[b])
            app.act(lambda s, box=box: s.score(box), computer=True)
            assert loads == [] and "data-versus-optimal" not in screen.regions["status"]
        for _ in range(5):
            await asyncio.sleep(0)
        assert loads == ["official"]
        return app, screen

    with concurrent.futures.ThreadPoolExecutor(1) as pool:  # Playwright may hold this thread's loop
        return pool.submit(asyncio.run, run()).result(timeout=60)


def test_the_end_screen_says_what_share_of_perfect_games_a_score_beats() -> None:
    app, screen = finished([Player("Ann")], faces=(1, 1, 1, 2, 2))
    score = app.state.grand_totals()[0]
    assert score < 100
    assert ('<p class="versus" data-versus-optimal data-seat="0">Your '
            f"{score} beats less than 1% of perfectly played games (optimal play averages 115.3).</p>"
            ) in screen.regions["status"]


def test_every_person_is_compared_and_no_computer() -> None:
    app, screen = finished([Player("Ann"), Player("Bot", "greedy"), Player("Cy")])
    status = screen.regions["status"]
    assert re.findall(r'data-versus-optimal data-seat="(\d)"', status) == ["0", "2"]
    assert status.count("more than 99% of perfectly played games") == 2  # Yahtzee bonuses galore
    assert '<p class="versus-note">Optimal play averages 115.3.</p>' in status
    assert "Ann" not in status  # names only in the text slots


def test_without_the_distribution_the_end_screen_simply_has_no_line() -> None:
    async def fail(preset: str) -> D.ScoreDistribution:
        raise OSError("offline")

    async def run() -> RecordingRenderer:
        screen = RecordingRenderer()
        app = App(screen, None, load_distribution=fail)
        app.start([Player("Ann")], seed="offline")
        for box in rules.BOXES:
            app.roll(ScriptedDice((1, 2, 3, 4, 6)))
            app.score(box)
        for _ in range(5):
            await asyncio.sleep(0)
        assert app.perfect.known("official") is None and await app.perfect.get("official") is None
        return screen

    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        screen = pool.submit(asyncio.run, run()).result(timeout=60)
    assert "Game over" in screen.regions["status"] and "versus" not in screen.regions["status"]
    assert not [s for s in screen.spoken if "offline" in s]


@pytest.mark.parametrize("share, words", [(0.0, "less than 1%"), (0.00999, "less than 1%"), (0.01, "1%"),
                                          (0.434, "43%"), (0.99, "99%"), (0.9901, "more than 99%"),
                                          (1.0, "more than 99%")])
def test_shares_are_whole_percents_never_0_or_100(share: float, words: str) -> None:
    assert share_words(share) == words


def test_versus_shows_nothing_before_the_end() -> None:
    from game.core.state import new_game

    assert versus_html(new_game(["Ann"], seed="s"), D.parse_distribution(small_asset(), "official")) == ""


def stats_of(*scores: int) -> Stats:
    stats = Stats("official")
    for score in scores:
        stats = stats.with_game(GameResult(score, 0, False))
    return stats


def test_the_histogram_overlays_perfect_play_for_as_many_games() -> None:
    perfect = D.parse_distribution(small_asset(), "official")
    root = ET.fromstring(histogram_svg(stats_of(60, 105, 110, 112), perfect=perfect))
    outline = root.find(f".//{SVG}path[@class='perfect-play']")
    assert outline is not None and outline.get("stroke-dasharray") and outline.get("fill") == "none"
    assert outline.get("stroke") == "currentColor"
    # Bins 50, 75, 100, 125: perfect play spans 100 and 125 (2 games each of the 4).
    tips = [g.find(f"{SVG}title").text for g in root.iter(f"{SVG}g")]
    assert tips == ["50\u201374: 1 game", "75\u201399: 0 games", "100\u2013124: 3 games; perfect play: 2.0",
                    "125\u2013149: 0 games; perfect play: 2.0"]
    # Heights: the tallest is the 3 games' bar; the outline stands at 2/3 of it in both bins.
    bar = max(float(r.get("height")) for r in root.iter(f"{SVG}rect") if r.get("width") == "22")
    base = 42 + 150
    assert bar == 150 and f"V{base - 100.0} H" in outline.get("d")
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "Your games" in texts and "Perfect play, as many games" in texts
    label = root.get("aria-label")
    assert "Dashed outline: perfect play over as many games, median 101, average 115.3" in label
    assert label.endswith(root.find(f"{SVG}desc").text)


def test_the_overlay_spans_the_middle_98_percent_of_perfect_play() -> None:
    perfect = D.load_preset("official")
    root = ET.fromstring(histogram_svg(stats_of(250), perfect=perfect))
    starts = [int(g.find(f"{SVG}title").text.split("\u2013")[0]) for g in root.iter(f"{SVG}g")]
    assert starts[0] == perfect.score_at(10_000) // 25 * 25 and starts[-1] == perfect.score_at(990_000) // 25 * 25
    assert len(starts) <= 20  # phone-sized


def test_the_histogram_without_perfect_play_is_unchanged() -> None:
    svg = histogram_svg(stats_of(200, 210))
    assert "perfect" not in svg.lower() and "Your games" not in svg
