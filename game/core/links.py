"""Links that start a game: a seed, a friend's challenge, the daily challenge.

Every query value is checked here; a bad one is dropped with a notice (a code, which
``game.session.words.link_problem`` words) that quotes nothing from the link, so nothing a
link carries is ever shown as HTML.

>>> link = parse_query("?seed=abc&preset=free_choice&beat=250&from=Ann")
>>> (link.seed, link.preset, link.beat, link.challenger, link.notices)
('abc', 'free_choice', 250, 'Ann', ())
>>> parse_query("?seed=abc&beat=9999").notices
('beat',)
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Literal

from game.core import rules
from game.core.names import clean_name
from game.core.rulesets import RULESETS

MAX_SEED_LENGTH = 64
#: What a link got wrong: a seed that is not a short printable text, rules this game does not
#: know, a score to beat that is not a score.
LinkProblem = Literal["seed", "preset", "beat", "ten", "ten-future"]


@dataclass(frozen=True)
class Link:
    """What a link asks for; every field already checked (None: not asked, or refused)."""

    seed: str | None = None
    preset: str | None = None
    beat: int | None = None
    challenger: str | None = None
    daily: bool = False
    notices: tuple[LinkProblem, ...] = ()
    #: ``?ten=YYYY-MM-DD``: that day's Today's ten, opened at once (not a day still to come).
    ten: str | None = None


def valid_seed(text: str) -> bool:
    return 0 < len(text) <= MAX_SEED_LENGTH and text.isprintable()


def daily_seed(day: datetime.date) -> str:
    """The seed everyone shares on ``day``.

    >>> daily_seed(datetime.date(2026, 11, 21))
    'daily-2026-11-21'
    """
    return f"daily-{day.isoformat()}"


def parse_query(query: str, today: datetime.date | None = None) -> Link:
    """Read ``?seed=…&preset=…&beat=…&from=…`` or ``?daily=1`` from a page address."""
    if not query.lstrip("?"):
        return Link()
    from urllib.parse import parse_qs  # only for a link with a query: ~70 ms to import in the browser

    values = parse_qs(query.lstrip("?"), keep_blank_values=True)

    def first(key: str) -> str | None:
        found = values.get(key)
        return found[0].strip() if found else None

    notices: list[LinkProblem] = []
    seed = first("seed")
    daily = first("daily") is not None
    if daily:
        seed = daily_seed(today or datetime.date.today())
    elif seed is not None and not valid_seed(seed):
        notices.append("seed")
        seed = None
    preset = first("preset")
    if preset is not None and preset not in RULESETS:  # a Yahtzee preset, or another game ("yatzy")
        notices.append("preset")
        preset = None
    beat_text = first("beat")
    beat = None
    if beat_text is not None:
        if beat_text.isdigit() and int(beat_text) <= rules.MAX_SCORE:
            beat = int(beat_text)
        else:
            notices.append("beat")
    challenger = first("from")
    if challenger is not None:
        challenger = clean_name(challenger, default="") or None  # unnamed: worded when the game opens
    if beat is not None and seed is None:
        beat, challenger = None, None  # a score to beat means nothing on other dice
    ten = first("ten")
    if ten is not None:
        day = iso_day(ten)
        if day is None or day > (today or datetime.date.today()):
            notices.append("ten" if day is None else "ten-future")
            ten = None
    return Link(seed, preset, beat, challenger, daily, tuple(notices), ten)


def iso_day(text: str) -> datetime.date | None:
    """The date ``text`` names in the form ``YYYY-MM-DD`` exactly, else None.

    >>> iso_day("2026-11-26"), iso_day("2026-02-30"), iso_day("20261126"), iso_day("2026-1-5")
    (datetime.date(2026, 11, 26), None, None, None)
    """
    if len(text) != 10 or text[4] != "-" or text[7] != "-" or not (text[:4] + text[5:7] + text[8:]).isdigit():
        return None
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        return None


def ten_query(day: str, ruleset: str) -> str:
    """The query of a link to ``day``'s ten of a game (``ruleset``: its own rules); Yahtzee's
    carries the day alone, as it did before Yatzy had a ten.

    >>> ten_query("2026-11-29", "official"), ten_query("2026-11-29", "yatzy")
    ('?ten=2026-11-29', '?ten=2026-11-29&preset=yatzy')
    """
    return f"?ten={day}" + ("" if ruleset == rules.DEFAULT_PRESET else f"&preset={ruleset}")


def challenge_query(seed: str, preset: str, score: int, name: str) -> str:
    """The query of a link that challenges a friend to beat ``score`` on the same dice.

    >>> challenge_query("abc", "official", 231, "Zoë & co")
    '?seed=abc&preset=official&beat=231&from=Zo%C3%AB+%26+co'
    """
    from urllib.parse import urlencode

    return "?" + urlencode({"seed": seed, "preset": preset, "beat": score, "from": name})
