"""``python -m game.strategy``: the command-line coach, run as a user would run it."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from game.screens.reason_words import reason_words
from game.strategy import coach, tables
from game.strategy.reasons import explain

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ["--preset", "official", "--filled", "ones=3,yahtzee=50", "--dice", "3,3,4,5,6",
           "--rolls-left", "2"]


def run(*args: str, environ: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    env = {key: value for key, value in os.environ.items()
           if key not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")} | (environ or {})
    return subprocess.run([sys.executable, "-m", "game.strategy", *args], cwd=ROOT,
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
    assert lines[-1] == "Why: " + reason_words(explain({"ones": 3, "yahtzee": 50}, options, 2))


def test_json_output_matches_the_coach():
    done = run(*EXAMPLE, "--json", "--yahtzee-bonuses", "1")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    options = coach.rank_options(tables.load_preset("official"), {"ones": 3, "yahtzee": 50},
                                 (3, 3, 4, 5, 6), 2, yahtzee_bonuses=1)
    assert out["on_card"] == 153 and out["dice"] == [3, 3, 4, 5, 6] and out["rolls_left"] == 2
    assert out["reason"] == reason_words(explain({"ones": 3, "yahtzee": 50}, options, 2))
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
])
def test_bad_input_exits_2_with_a_message(args):
    done = run(*args)
    assert done.returncode == 2 and "error" in done.stderr and not done.stdout


def test_help_documents_every_flag():
    done = run("--help")
    assert done.returncode == 0
    for flag in ("--preset", "--filled", "--dice", "--rolls-left", "--yahtzee-bonuses", "--top", "--table",
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
