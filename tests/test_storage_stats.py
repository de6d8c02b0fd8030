"""Statistics per (preset, assisted), and the histogram SVG."""

import ast
import doctest
import importlib
import json
import xml.etree.ElementTree as ET

import pytest

from game.records.device import MemoryStore, open_records
from game.records.statistics import GameResult, Stats, stats_from_record, stats_key, stats_to_record
from game.screens.histogram import histogram_svg

SVG = "{http://www.w3.org/2000/svg}"
MODULES = ["game.records.device", "game.records.fields", "game.records.safe_store", "game.records.game_slot",
           "game.records.set_aside", "game.records.high_scores", "game.records.player_name",
           "game.records.statistics", "game.records.history", "game.records.backup", "game.screens.histogram"]


def played(*games, preset="official", assisted=False):
    store = MemoryStore()
    records = open_records(store)
    for score, yahtzees, bonus in games:
        records.stats.record(score, preset=preset, yahtzees=yahtzees, upper_bonus=bonus, assisted=assisted)
    return store, records


def test_stats_numbers():
    store, records = played((240, 1, True), (180, 0, False), (312, 2, True), (190, 0, False))
    stats = open_records(store).stats.read("official")
    assert (stats.games, stats.total, stats.best, stats.yahtzees, stats.upper_bonuses) == (4, 922, 312, 3, 2)
    assert stats.average == 230.5
    assert stats.upper_bonus_rate == 0.5
    assert stats.histogram == ((175, 2), (225, 1), (300, 1))


def test_no_games_means_no_average():
    stats = open_records(MemoryStore()).stats.read("official")
    assert (stats.games, stats.average, stats.best, stats.upper_bonus_rate) == (0, None, None, None)


def test_presets_and_assisted_games_are_kept_apart():
    store, records = played((200, 0, False))
    records.stats.record(300, preset="official", yahtzees=0, upper_bonus=False, assisted=True)
    records.stats.record(100, preset="upper_or_kind", yahtzees=0, upper_bonus=False)
    assert records.stats.read("official").best == 200
    assert records.stats.read("official", assisted=True).best == 300
    assert records.stats.read("upper_or_kind").best == 100
    assert records.stats.read("free_choice").games == 0
    assert set(store.items) == {stats_key("official", False), stats_key("official", True),
                                stats_key("upper_or_kind", False)}


def test_the_stored_record_is_the_documented_one():
    store, _ = played((240, 1, True), (1575, 13, True))
    assert json.loads(store.items["yahtzee:stats:official"]) == {
        "version": 1, "preset": "official", "assisted": False, "games": 2, "total": 1815, "best": 1575,
        "yahtzees": 14, "upper_bonuses": 2, "histogram": {"225": 1, "1575": 1},
    }
    stats = open_records(store).stats.read("official")
    assert stats_to_record(stats) == json.loads(store.items["yahtzee:stats:official"])
    assert stats_from_record(stats_to_record(stats)) == stats


@pytest.mark.parametrize("score, yahtzees, bonus", [(-1, 0, False), (1576, 0, False), (200, 16, False),
                                                    (200, 0, 1), (200.0, 0, False)])
def test_impossible_games_are_caller_errors(score, yahtzees, bonus):
    with pytest.raises(ValueError):
        GameResult(score, yahtzees, bonus)


def test_a_game_rolls_at_most_one_five_alike_a_turn_of_its_own_game():
    """14 five-alikes: impossible in Yahtzee's 13 turns, possible in Yatzy's 15."""
    stats = open_records(MemoryStore()).stats
    with pytest.raises(ValueError, match="at most one five-alike a turn"):
        stats.record(200, preset="official", yahtzees=14, upper_bonus=False)
    assert stats.record(200, preset="yatzy", yahtzees=14, upper_bonus=False).yahtzees == 14


# --- the histogram --------------------------------------------------------------------


def test_histogram_is_well_formed_and_labelled():
    _, records = played((240, 1, True), (180, 0, False), (312, 2, True), (190, 0, False))
    svg = histogram_svg(records.stats.read("official"))
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg" and root.get("role") == "img"
    assert root.find(f"{SVG}title").text == "Final scores: Official (forced Joker)"
    assert "4 games, average 230.5, best 312" in root.get("aria-label")
    bars = root.findall(f".//{SVG}rect")
    assert len(bars) == 3  # 175, 225, 300; the empty bins between show no bar
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert texts.count("2") == 1 and texts.count("1") == 2  # each bar's count as text
    assert ["175", "200", "225", "250", "275", "300"] == [t for t in texts if t and t.isdigit() and len(t) == 3]
    assert "Final score (bins of 25 points)" in texts and "Games" in texts
    tips = [g.find(f"{SVG}title").text for g in root.iter(f"{SVG}g")]
    assert "175\u2013199: 2 games" in tips and "200\u2013224: 0 games" in tips


def test_histogram_escapes_its_title():
    _, records = played((200, 0, False))
    title = "<script>alert('x')</script> & \"Ann\""
    svg = histogram_svg(records.stats.read("official"), title=title)
    assert "<script>" not in svg
    root = ET.fromstring(svg)
    assert root.find(f"{SVG}title").text == title
    assert root.get("aria-label").startswith(title)


def test_histogram_of_no_games_says_so():
    root = ET.fromstring(histogram_svg(Stats("free_choice", assisted=True)))
    assert root.find(f"{SVG}title").text == "Final scores: Free-choice Joker (assisted)"
    assert root.find(f"{SVG}text").text == "No games recorded yet."


def test_histogram_over_the_whole_range():
    _, records = played((5, 0, False), (1575, 13, True))
    root = ET.fromstring(histogram_svg(records.stats.read("official")))
    assert len(root.findall(f".//{SVG}rect")) == 2
    assert len(root.findall(f"{SVG}g")) == 1575 // 25 + 1


# --- the modules themselves -----------------------------------------------------------


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize("name", MODULES)
def test_no_browser_imports(name):
    tree = ast.parse(open(importlib.import_module(name).__file__, encoding="utf-8").read())
    imported = {a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    imported |= {(n.module or "").split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert not imported & {"js", "pyscript", "pyodide"}
