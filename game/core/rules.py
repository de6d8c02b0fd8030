"""The rules of the dice game: boxes, scoring, the four Joker presets and the totals.

Everything here is a pure function of its arguments, so the browser, the coach and
the tests all score a roll the same way. ``../shared/RULES.md`` is the specification.

>>> legal_scores("official", {}, (5, 2, 5, 6, 5))["fives"]
15
>>> legal_scores("official", {"yahtzee": 50, "threes": 9}, (3, 3, 3, 3, 3))["full_house"]
25
>>> yahtzee_bonus({"yahtzee": 50}, (4, 4, 4, 4, 4))
100
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import NamedTuple

from game.core.joker import Closed
from game.core.labels import BOX_NAMES, PRESET_HELP, PRESET_NAMES

__all__ = [  # the public API, re-exported by game.rules
    "Dice", "BOXES", "UPPER_BOXES", "LOWER_BOXES", "BOX_LABELS", "PRESETS", "DEFAULT_PRESET", "PRESET_LABELS",
    "PRESET_HELP", "UPPER_BONUS", "UPPER_BONUS_THRESHOLD", "YAHTZEE_SCORE", "YAHTZEE_BONUS", "FIXED_SCORES",
    "PATTERN_BOXES",
    "MAX_SCORE", "MAX_SCORE_WITHOUT_BONUS", "RulesError", "Totals", "check_dice", "check_preset", "check_box",
    "upper_box", "is_yahtzee", "box_score", "is_joker", "joker_options", "box_options", "legal_scores",
    "yahtzee_bonus", "upper_subtotal", "upper_bonus", "upper_total", "lower_total", "grand_total", "totals",
    "possible_box_values", "Closed",
]

Dice = tuple[int, int, int, int, int]

BOXES: tuple[str, ...] = (
    "ones", "twos", "threes", "fours", "fives", "sixes",
    "three_of_a_kind", "four_of_a_kind", "full_house",
    "small_straight", "large_straight", "yahtzee", "chance",
)
UPPER_BOXES: tuple[str, ...] = BOXES[:6]
LOWER_BOXES: tuple[str, ...] = BOXES[6:]

#: Each box's name in English (the catalogs' source: game.core.labels, which words it for the player).
BOX_LABELS: dict[str, str] = BOX_NAMES

PRESETS: tuple[str, ...] = ("official", "free_choice", "wild_after_upper", "upper_or_kind")
DEFAULT_PRESET = "official"

#: Each preset's name in English (PRESET_HELP: one line on each); the catalogs' source is game.core.labels.
PRESET_LABELS: dict[str, str] = PRESET_NAMES

UPPER_BONUS = 35
UPPER_BONUS_THRESHOLD = 63
#: A Yahtzee in its own box; only once it holds this does each further Yahtzee earn the bonus.
YAHTZEE_SCORE = 50
YAHTZEE_BONUS = 100
FIXED_SCORES = {"full_house": 25, "small_straight": 30, "large_straight": 40, "yahtzee": YAHTZEE_SCORE}
#: The boxes whose Joker value differs from what the dice score on their own.
PATTERN_BOXES = ("full_house", "small_straight", "large_straight")
MAX_SCORE = 1575
MAX_SCORE_WITHOUT_BONUS = 375

_STRAIGHTS_4 = ({1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 6})


class RulesError(ValueError):
    """Arguments that no real game can produce (a face of 7, an unknown box or preset)."""


class Totals(NamedTuple):
    """The totals printed on the paper score pad."""

    upper_subtotal: int
    upper_bonus: int
    upper_total: int
    yahtzee_bonus: int
    lower_total: int
    grand_total: int


def check_dice(dice: Iterable[int]) -> Dice:
    """Return ``dice`` as a 5-tuple, or raise :class:`RulesError` saying what is wrong.

    >>> check_dice([6, 1, 2, 3, 4])
    (6, 1, 2, 3, 4)
    """
    faces = tuple(dice)
    if len(faces) != 5:
        raise RulesError(f"five dice are needed, not {len(faces)}")
    for face in faces:
        # bool is an int subclass; True is not a die face.
        if type(face) is not int or not 1 <= face <= 6:
            raise RulesError(f"a die shows 1 to 6, not {face!r}")
    return faces  # a 5-tuple: mypy narrows it by the length check above


def check_preset(preset: str) -> str:
    if preset not in PRESETS:
        raise RulesError(f"unknown preset {preset!r}; choose one of {', '.join(PRESETS)}")
    return preset


def check_box(box: str) -> str:
    if box not in BOXES:
        raise RulesError(f"unknown box {box!r}")
    return box


def upper_box(face: int) -> str:
    """The upper box that counts ``face``: ``upper_box(3) == "threes"``."""
    return UPPER_BOXES[face - 1]


def is_yahtzee(dice: Dice) -> bool:
    return len(set(dice)) == 1


def box_score(box: str, dice: Dice) -> int:
    """What ``dice`` score in ``box`` by the plain rules, with no Joker.

    >>> box_score("full_house", (3, 3, 3, 3, 3))
    0
    >>> box_score("small_straight", (1, 2, 3, 3, 4))
    30
    """
    if box in UPPER_BOXES:
        face = UPPER_BOXES.index(box) + 1
        return face * dice.count(face)
    counts = sorted(Counter(dice).values())
    faces = set(dice)
    if box == "three_of_a_kind":
        return sum(dice) if counts[-1] >= 3 else 0
    if box == "four_of_a_kind":
        return sum(dice) if counts[-1] >= 4 else 0
    if box == "full_house":
        return FIXED_SCORES[box] if counts == [2, 3] else 0
    if box == "small_straight":
        return FIXED_SCORES[box] if any(run <= faces for run in _STRAIGHTS_4) else 0
    if box == "large_straight":
        return FIXED_SCORES[box] if faces in ({1, 2, 3, 4, 5}, {2, 3, 4, 5, 6}) else 0
    if box == "yahtzee":
        return FIXED_SCORES[box] if len(faces) == 1 else 0
    if box == "chance":
        return sum(dice)
    raise RulesError(f"unknown box {box!r}")


def is_joker(filled: Mapping[str, int], dice: Dice) -> bool:
    """A Yahtzee rolled when the Yahtzee box is already filled (with 50 or 0)."""
    return is_yahtzee(dice) and "yahtzee" in filled


def _joker_full_value(box: str, dice: Dice) -> int:
    return FIXED_SCORES[box] if box in PATTERN_BOXES else box_score(box, dice)


def _lower_first(box: str, dice: Dice, lower_open: bool) -> int | Closed:
    """Official and upper-or-kind once the Joker's upper box is filled: any lower box at
    full value; an upper box only when no lower box is left, and then for 0."""
    if box in LOWER_BOXES:
        return _joker_full_value(box, dice)
    return Closed("lower_first", upper_box(dice[0])) if lower_open else 0


def joker_options(preset: str, filled: Mapping[str, int], dice: Dice) -> dict[str, int | Closed]:
    """For a Joker: every open box mapped to its points, or to why it is closed now.

    Kept apart from :func:`legal_scores` so the screen can show the reason.
    """
    check_preset(preset)
    face = dice[0]
    own = upper_box(face)
    own_open = own not in filled
    lower_open = any(b not in filled for b in LOWER_BOXES)
    out: dict[str, int | Closed] = {}
    for box in (b for b in BOXES if b not in filled):
        if preset == "free_choice":
            out[box] = _joker_full_value(box, dice) if box in LOWER_BOXES else box_score(box, dice)
        elif preset == "wild_after_upper":
            out[box] = box_score(box, dice) if own_open else _joker_full_value(box, dice)
        elif not own_open:  # official and upper_or_kind agree once the upper box is filled
            out[box] = _lower_first(box, dice, lower_open)
        elif preset == "official":
            out[box] = 5 * face if box == own else Closed("own_upper_first", own)
        elif box in (own, "three_of_a_kind", "four_of_a_kind"):  # upper_or_kind
            out[box] = box_score(box, dice)
        else:
            out[box] = Closed("own_upper_or_kind", own)
    return out


def box_options(preset: str, filled: Mapping[str, int], dice: Iterable[int]) -> dict[str, int | Closed]:
    """Every open box mapped to the points it would score now, or to why it is closed.

    >>> box_options("official", {"yahtzee": 0}, (2, 2, 2, 2, 2))["chance"]
    Closed(rule='own_upper_first', upper='twos')
    """
    check_preset(preset)
    faces = check_dice(dice)
    for box in filled:
        check_box(box)
    if is_joker(filled, faces):
        return joker_options(preset, filled, faces)
    return {box: box_score(box, faces) for box in BOXES if box not in filled}


def legal_scores(preset: str, filled: Mapping[str, int], dice: Iterable[int]) -> dict[str, int]:
    """Every box the player may fill now with ``dice``, and the points it would get.

    ``filled`` maps each filled box to the points written in it (the Yahtzee box's 50
    or 0 included). A box that the Joker rules close right now is absent.

    >>> sorted(legal_scores("official", {"yahtzee": 50}, (6, 6, 6, 6, 6)).items())
    [('sixes', 30)]
    >>> legal_scores("upper_or_kind", {"yahtzee": 50}, (6, 6, 6, 6, 6))["four_of_a_kind"]
    30
    """
    return {b: v for b, v in box_options(preset, filled, dice).items() if isinstance(v, int)}


def yahtzee_bonus(filled: Mapping[str, int], dice: Iterable[int]) -> int:
    """100 when ``dice`` are a Yahtzee and the Yahtzee box already holds 50, else 0.

    >>> yahtzee_bonus({"yahtzee": 0}, (4, 4, 4, 4, 4))
    0
    """
    faces = check_dice(dice)
    return YAHTZEE_BONUS if is_yahtzee(faces) and filled.get("yahtzee") == YAHTZEE_SCORE else 0


def upper_subtotal(filled: Mapping[str, int]) -> int:
    return sum(filled.get(b, 0) for b in UPPER_BOXES)


def upper_bonus(filled: Mapping[str, int]) -> int:
    """35 once the upper boxes total 63 or more.

    >>> upper_bonus({"sixes": 30, "fives": 25, "fours": 8})
    35
    """
    return UPPER_BONUS if upper_subtotal(filled) >= UPPER_BONUS_THRESHOLD else 0


def upper_total(filled: Mapping[str, int]) -> int:
    return upper_subtotal(filled) + upper_bonus(filled)


def lower_total(filled: Mapping[str, int], yahtzee_bonuses: int = 0) -> int:
    """The lower boxes plus 100 for each Yahtzee bonus check mark."""
    return sum(filled.get(b, 0) for b in LOWER_BOXES) + YAHTZEE_BONUS * yahtzee_bonuses


def grand_total(filled: Mapping[str, int], yahtzee_bonuses: int = 0) -> int:
    return upper_total(filled) + lower_total(filled, yahtzee_bonuses)


def totals(filled: Mapping[str, int], yahtzee_bonuses: int = 0) -> Totals:
    """All the pad's totals at once.

    >>> totals({"sixes": 30, "fives": 25, "fours": 8, "yahtzee": 50}, 1).grand_total
    248
    """
    sub = upper_subtotal(filled)
    bonus = upper_bonus(filled)
    lower = lower_total(filled, yahtzee_bonuses)
    return Totals(sub, bonus, sub + bonus, YAHTZEE_BONUS * yahtzee_bonuses, lower, sub + bonus + lower)


def possible_box_values(box: str) -> frozenset[int]:
    """Every number that can stand in ``box`` under some preset (used to vet saved games).

    The Joker writes only values its plain rules reach too, so these are the scores some
    roll makes in the box (``game.core.games.Game.can_hold``; tests/test_rules.py checks both).
    """
    if box in UPPER_BOXES:
        face = UPPER_BOXES.index(box) + 1
        return frozenset(face * n for n in range(6))
    if box in FIXED_SCORES:
        return frozenset({0, FIXED_SCORES[box]})
    if box == "chance":
        return frozenset(range(5, 31))
    return frozenset({0, *range(5, 31)})
