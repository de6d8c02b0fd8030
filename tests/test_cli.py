"""``python -m game.cli``: the command-line coach, run as a user would run it."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from game import cli
from game.core.games import YAHTZEE, YATZY
from game.screens.reason_words import reason_words
from game.strategy import coach, game_coach, tables
from game.strategy.game_tables import load_game
from game.strategy.reasons import explain

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ["--preset", "official", "--filled", "ones=3,yahtzee=50", "--dice", "3,3,4,5,6",
           "--rolls-left", "2"]


def run(*args: str, environ: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    env = {key: value for key, value in os.environ.items()
           if key not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")} | (environ or {})
    return subprocess.run([sys.executable, "-m", "game.cli", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=60, env=env)


def test_text_output_ranks_every_option():
    done = run(*EXAMPLE)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "Official (forced Joker); dice 3 3 4 5 6; 2 re-rolls left; 53 points on the card"
    assert lines[1].split() == ["rank", "option", "held", "expected", "loss"]
    table = tables.load_preset("official")
    options = coach.rank_options(table, {"ones": 3, "yahtzee": 50}, (3, 3, 4, 5, 6), 2)
    assert len(lines) == 2 + len(options) + 1
    best = options[0]
    assert lines[2].split() == ["1", "hold", *map(str, best.held_faces), "xx...", f"{best.value:.3f}",
                                "0.000"]
    last = options[-1]
    assert lines[-2].endswith(f"{last.value:9.3f}  {last.loss:7.3f}")
    # The reason in words, as the coach words it (tests/test_strategy_reasons.py checks its numbers).
    assert lines[-1] == "Why: " + reason_words(explain({"ones": 3, "yahtzee": 50}, options, 2), YAHTZEE)


def test_json_output_matches_the_coach():
    done = run(*EXAMPLE, "--json", "--yahtzee-bonuses", "1")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    options = coach.rank_options(tables.load_preset("official"), {"ones": 3, "yahtzee": 50},
                                 (3, 3, 4, 5, 6), 2, yahtzee_bonuses=1)
    assert out["on_card"] == 153 and out["dice"] == [3, 3, 4, 5, 6] and out["rolls_left"] == 2
    assert out["reason"] == reason_words(explain({"ones": 3, "yahtzee": 50}, options, 2), YAHTZEE)
    assert [(o["kind"], o["box"], o["value"]) for o in out["options"]] == \
        [(o.kind, o.box, o.value) for o in options]
    assert out["options"][0]["hold"] == [True, True, False, False, False]


def test_last_roll_lists_only_boxes_and_top_limits():
    done = run("--preset", "upper_or_kind", "--filled", "yahtzee=50", "--dice", "66666", "--rolls-left", "0",
               "--top", "5")
    assert done.returncode == 0, done.stderr
    *rows, why = done.stdout.splitlines()[2:]
    assert len(rows) == 3  # sixes, 3 of a kind, 4 of a kind: the only boxes this preset opens
    assert all(row.split()[1] == "score" for row in rows)
    assert why.startswith("Why: Score 30 in Sixes now")


@pytest.mark.parametrize("args", [
    ["--dice", "1,2,3", "--rolls-left", "0"],
    ["--dice", "1,2,3,4,5", "--rolls-left", "3"],
    ["--dice", "1,2,3,4,5", "--rolls-left", "0", "--filled", "sevens=1"],
    ["--dice", "1,2,3,4,5", "--rolls-left", "0", "--filled", "threes=4"],
    ["--dice", "1,2,3,4,5", "--rolls-left", "0", "--preset", "house"],
    ["--dice", "1,2,3,4,5", "--rolls-left", "0", "--filled", "one_pair=4"],  # Yatzy's box
    ["--game", "yatzy", "--dice", "1,2,3,4,5", "--rolls-left", "0", "--filled", "yahtzee=50"],
    ["--game", "yatzy", "--dice", "1,2,3,4,5", "--rolls-left", "0", "--filled", "two_pairs=23"],
    ["--game", "yatzy", "--dice", "1,2,3,4,5", "--rolls-left", "0", "--preset", "official"],
    ["--game", "yatzy", "--dice", "1,2,3,4,5", "--rolls-left", "0", "--yahtzee-bonuses", "1"],
    ["--game", "maxi", "--dice", "1,2,3,4,5", "--rolls-left", "0"],
])
def test_bad_input_exits_2_with_a_message(args):
    done = run(*args)
    assert done.returncode == 2 and "error" in done.stderr and not done.stdout


def test_help_documents_every_flag():
    done = run("--help")
    assert done.returncode == 0
    for flag in ("--game", "--preset", "--filled", "--dice", "--rolls-left", "--yahtzee-bonuses", "--top", "--table",
                 "--json"):
        assert flag in done.stdout


def test_the_output_speaks_the_language_asked_for_or_the_environments():
    german = run(*EXAMPLE, "--lang", "de")
    assert german.returncode == 0, german.stderr
    first, columns, *_, why = german.stdout.splitlines()
    assert first.startswith("Offiziell") and not {"dice", "left", "points"} & set(first.split()), first
    assert why.startswith("Warum: ") and "%" in why and "points" not in why and "chance" not in why, why
    assert re.search(r"\d,\d", why), why  # German decimals (CLDR, from the catalog's header)
    assert run(*EXAMPLE, environ={"LANG": "de_DE.UTF-8"}).stdout == german.stdout
    assert run(*EXAMPLE, environ={"LANG": "C.UTF-8"}).stdout == run(*EXAMPLE).stdout  # English
    french = run(*EXAMPLE, environ={"LANGUAGE": "fr_CA:en"}).stdout
    assert french != german.stdout and french.splitlines()[-1].split()[0] != "Why:"


def test_a_target_ranks_by_the_chance_to_reach_it():
    """--target: the options in rank_to_win's order, each chance beside its expected score,
    and the choice for the target set against the choice for the average."""
    from game.strategy.spread import load_preset
    from game.strategy.to_win import Goal, rank_to_win

    card = "ones=0,twos=0,threes=0,fours=0,fives=0,sixes=0,three_of_a_kind=0,four_of_a_kind=0," \
           "small_straight=0,large_straight=0,chance=5"
    done = run("--filled", card, "--dice", "3,3,3,5,5", "--rolls-left", "2", "--target", "55")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[1].split() == ["rank", "option", "held", "chance", "expected", "loss"]
    table = tables.load_preset("official")
    spread = load_preset("official")
    ranked = rank_to_win(table, spread, cli.parse_filled(card), (3, 3, 3, 5, 5), 2, Goal.reach(55))
    rows = [line.split() for line in lines[2:2 + len(ranked)]]
    assert [float(row[-3]) for row in rows] == [round(100 * r.chance, 2) for r in ranked]
    assert rows[0][1:5] == ["hold", "3", "3", "3"]
    assert lines[-1] == "To reach 55: hold 3 3 3 (13.5%); for the average: score Full house: 25 (4.6%)."
    german = run("--filled", card, "--dice", "3,3,3,5,5", "--rolls-left", "2", "--target", "55", "--lang", "de")
    assert "13,5" in german.stdout.splitlines()[-1] and "average" not in german.stdout


YATZY_CARD = {box: 0 for box in YATZY.names if box not in ("small_straight", "chance", "one_pair")}
YATZY_EXAMPLE = ["--game", "yatzy", "--filled", ",".join(f"{box}=0" for box in YATZY_CARD), "--dice", "1,2,3,4,6",
                 "--rolls-left", "2"]


def test_yatzy_json_is_todays_output_from_yatzys_coach():
    done = run(*YATZY_EXAMPLE, "--json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    options = game_coach.rank_options(load_game(YATZY), YATZY_CARD, (1, 2, 3, 4, 6), 2)
    assert (out["game"], out["preset"], out["on_card"], out["filled"]) == ("yatzy", None, 0, YATZY_CARD)
    assert [(o["kind"], o["box"], o["points"], o["value"], o["loss"]) for o in out["options"]] == \
        [(o.kind, o.box, o.points, o.value, o.loss) for o in options]
    assert out["reason"] == reason_words(cli.explain(YATZY_CARD, options, 2, game=YATZY), YATZY)
    assert out["reason"].startswith("Holding 1-2-3-4 gives a 30.6% chance of a Small straight")
    assert set(out) == set(json.loads(run(*EXAMPLE, "--json").stdout))  # the same fields as Yahtzee's


def test_a_yatzy_target_ranks_by_the_chance_from_yatzys_spread_table():
    """--game yatzy --target: the options in rank_to_win's order with Yatzy's table and
    spread table, each chance a probability, best first."""
    from game.strategy.game_spread import load_ruleset_spread
    from game.strategy.to_win import Goal, rank_to_win

    done = run(*YATZY_EXAMPLE, "--target", "20", "--json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    ranked = rank_to_win(load_game(YATZY), load_ruleset_spread("yatzy"), YATZY_CARD, (1, 2, 3, 4, 6), 2,
                         Goal.reach(20))
    assert [(o["description"], o["chance"]) for o in out["options"]] == \
        [(cli.describe(r.option, YATZY), r.chance) for r in ranked]
    chances = [o["chance"] for o in out["options"]]
    assert chances == sorted(chances, reverse=True) and 0 < chances[-1] <= chances[0] < 1
    assert next(o for o in out["options"] if o["box"] == "chance")["points"] == 16  # Yatzy's Chance: the dice
    assert "score Small straight: 0" in {o["description"] for o in out["options"]}


def test_yatzy_text_names_the_game_and_its_boxes():
    done = run("--game", "yatzy", "--dice", "3,3,3,5,5", "--rolls-left", "0")
    assert done.returncode == 0, done.stderr
    first, _columns, *rows, why = done.stdout.splitlines()
    assert first == "Yatzy; dice 3 3 3 5 5; 0 re-rolls left; 0 points on the card"
    described = {" ".join(row.split()[1:-2]) for row in rows}
    assert {"score Two pairs: 16", "score Full house: 19", "score Three of a kind: 9",
            "score One pair: 10"} <= described
    assert len(rows) == len(YATZY.boxes) and why.startswith("Why: ")
    swedish = run("--game", "yatzy", "--dice", "3,3,3,5,5", "--rolls-left", "0", "--lang", "sv")
    assert swedish.returncode == 0 and "Two pairs" not in swedish.stdout, swedish.stdout
