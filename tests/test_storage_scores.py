"""The high-score table's ranking and cut, and player names."""

from datetime import datetime, timedelta

import pytest

from game.core.names import NAME_LENGTH, clean_name
from game.records.device import MemoryStore, open_records
from game.records.high_scores import TABLE_SIZE, ScoreEntry, entry_from_record, qualifies, rank


def records():
    times = iter(datetime(2024, 5, 1) + timedelta(minutes=i) for i in range(1000))
    ids = iter(f"e{i}" for i in range(1000))
    return open_records(MemoryStore(), clock=lambda: next(times), new_id=lambda: next(ids))


def add(records, name, score):
    return records.scores.add(name, score, preset="official", players=1)


def test_equal_scores_keep_the_earlier_one_ahead():
    s = records()
    add(s, "First", 200)
    add(s, "Higher", 250)
    add(s, "Second", 200)
    add(s, "Lower", 150)
    assert [e.name for e in s.scores.table()] == ["Higher", "First", "Second", "Lower"]


def test_rank_does_not_depend_on_the_order_entries_come_in():
    early = ScoreEntry("z", "Early", 200, "2024-05-01", "official", 1, False, at=10)
    late = ScoreEntry("a", "Late", 200, "2024-05-01", "official", 1, False, at=20)
    best = ScoreEntry("m", "Best", 300, "2024-05-02", "official", 1, False, at=30)
    assert rank([late, best, early]) == rank([early, late, best]) == (best, early, late)


def test_rank_keeps_one_line_per_id():
    entry = ScoreEntry("x", "Ann", 200, "2024-05-01", "official", 1, False)
    assert rank([entry, entry]) == (entry,)


def test_the_table_keeps_fifteen():
    s = records()
    for i in range(TABLE_SIZE):
        add(s, f"P{i}", 100 + i)
    assert len(s.scores.table()) == 15 and s.scores.table()[-1].score == 100
    # Equalling the last line is not enough: the earlier score stays ahead.
    assert not s.scores.qualifies(100)
    assert add(s, "Tie", 100) is None
    assert add(s, "Low", 50) is None
    assert s.scores.qualifies(101)
    new = add(s, "New", 101)
    table = s.scores.table()
    assert len(table) == 15
    assert [e.name for e in table[-3:]] == ["P2", "P1", "New"]
    assert new == table[-1].id
    assert "P0" not in {e.name for e in table}


def test_qualifies_on_a_short_table():
    assert qualifies((), 0)


@pytest.mark.parametrize("raw, expected", [
    ("<img src=x onerror=alert(1)>", "<img src=x onerror=alert(1)>"),
    ("  Ann   Lee  ", "Ann Lee"),
    ("Ann\tLee\nSmith", "Ann Lee Smith"),
    ("Ann\x00\x1bLee", "Ann Lee"),
    ("Ann\u2028Lee", "Ann Lee"),
    ("\u00a0Zoë\u3000", "Zoë"),
    ("Zoe\u0308", "Zoë"),  # combining diaeresis, normalised to one character
    ("\u202eevil", "evil"),  # a right-to-left override would turn the table's text around
    ("", "Player"),
    ("   \n\t", "Player"),
    (None, "Player"),
    (42, "Player"),
    ("🎲 Dice 🎲", "🎲 Dice 🎲"),
    ("José & \"Ñandú\" 'ok'", "José & \"Ñandú\" 'ok'"),
    ("李小龍", "李小龍"),
])
def test_clean_name(raw, expected):
    assert clean_name(raw) == expected


def test_long_names_are_cut_to_the_limit():
    assert clean_name("A" * 100) == "A" * NAME_LENGTH
    assert clean_name("Ann " + "B" * (NAME_LENGTH - 4) + "C") == "Ann " + "B" * (NAME_LENGTH - 4)
    # A space at the cut is trimmed, not kept.
    assert clean_name("A" * (NAME_LENGTH - 1) + " B") == "A" * (NAME_LENGTH - 1)


def test_emoji_are_counted_whole_and_never_cut_in_two():
    assert clean_name("😀" * 40) == "😀" * NAME_LENGTH
    family = "👨\u200d👩\u200d👧"  # five code points, one picture
    name = clean_name("A" * (NAME_LENGTH - 2) + family)
    assert name == "A" * (NAME_LENGTH - 2)
    flags = clean_name("A" * (NAME_LENGTH - 1) + "🇫🇷")
    assert flags == "A" * (NAME_LENGTH - 1)
    thumbs = clean_name("A" * (NAME_LENGTH - 1) + "👍🏽")
    assert thumbs == "A" * (NAME_LENGTH - 1)
    assert clean_name("Ann " + family) == "Ann " + family  # joiners inside a short name stay


def test_a_letter_under_endless_accents_is_cut_hard():
    assert clean_name("x" + "\u0301" * 100) == "x" + "\u0301" * (NAME_LENGTH - 1)  # no precomposed x-acute


def test_the_game_and_the_score_table_clean_names_alike():
    from game.core.state import new_game

    raw = "  Zoë\u200d👩‍👩‍👧 <b>" + "x" * 40
    assert new_game([raw]).players[0].name == clean_name(raw)


def test_names_are_stored_as_text_not_markup():
    s = records()
    add(s, "<img src=x onerror=alert(1)>", 200)
    assert s.scores.table()[0].name == "<img src=x onerror=alert(1)>"


@pytest.mark.parametrize("changes", [
    {"score": True}, {"date": "2024-13-01"}, {"date": "20240501"}, {"id": ""}, {"players": 1.0},
    {"name": None}, {"players": 7},  # a game seats 6 at most (game.core.players.MAX_PLAYERS)
])
def test_entry_fields_are_checked(changes):
    good = {"id": "a", "name": "Ann", "score": 250, "date": "2024-05-01", "preset": "official",
            "players": 1, "assisted": False, "at": 1}
    entry_from_record(good)
    with pytest.raises(ValueError):
        entry_from_record({**good, **changes})


@pytest.mark.parametrize("players", [0, 7, 1.0])
def test_a_score_no_game_produces_is_refused(players):
    with pytest.raises(ValueError):
        records().scores.add("Ann", 200, preset="official", players=players)
