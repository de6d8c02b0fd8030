"""The games, as values: Yahtzee and Yatzy, the Scandinavian game (``../shared/RULES.md``).

A :class:`Game` is data: its boxes in the sheet's order, each with its section and how it
scores a roll (a :data:`Scorer`, built from the few shapes below), its upper bonus, and
whether a second five-alike does anything beyond its boxes (Yahtzee's Joker and bonus,
whose four presets stay in :mod:`game.core.rules`). A variant is a new value: Yatzy
without the bonus is ``dataclasses.replace(YATZY, key="...", bonus=0)``; Maxi Yatzy would
be new boxes and a table, not edits across the package.

>>> YATZY.score("two_pairs", (3, 3, 3, 5, 5)), YATZY.score("three_of_a_kind", (4, 4, 4, 1, 2))
(16, 12)
>>> YATZY.score("small_straight", (2, 3, 4, 5, 6)), YAHTZEE.score("small_straight", (2, 3, 4, 5, 6))
(0, 30)
>>> len(YATZY.boxes), YATZY.upper_names, YATZY.bonus, YATZY.max_score
(15, ('ones', 'twos', 'threes', 'fours', 'fives', 'sixes'), 50, 374)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cached_property
from itertools import combinations_with_replacement
from typing import Literal

from game.core.labels import BOX_NAMES, N_, SHORT_NAMES
from game.core.language import pgettext

Dice = tuple[int, ...]
#: How a box scores a roll: the points its dice make there (0 when they do not fit).
Scorer = Callable[[Dice], int]
Section = Literal["upper", "lower"]


# --- the shapes of a box's score ---------------------------------------------------------------


def faces_of(face: int) -> Scorer:
    """An upper box: the dice showing ``face``, summed."""
    return lambda dice: face * dice.count(face)


def kind_total(n: int) -> Scorer:
    """Yahtzee's 3/4 of a kind: ``n`` dice alike, all five dice summed."""
    return lambda dice: sum(dice) if max(Counter(dice).values()) >= n else 0


def kind_only(n: int) -> Scorer:
    """Yatzy's pair, 3 and 4 of a kind: ``n`` dice alike, only those ``n`` summed (the highest face that has them)."""
    return lambda dice: n * max((f for f, c in Counter(dice).items() if c >= n), default=0)


def two_pairs(dice: Dice) -> int:
    """Yatzy's two pairs: two pairs of different faces, those four dice (a full house holds two)."""
    paired = [f for f, c in Counter(dice).items() if c >= 2]
    return 2 * sum(sorted(paired)[-2:]) if len(paired) >= 2 else 0


def full_house(points: int | None) -> Scorer:
    """Three of one face and two of another: ``points``, or the dice's sum when None (Yatzy)."""
    return lambda dice: (sum(dice) if points is None else points) if sorted(Counter(dice).values()) == [2, 3] else 0


def run_of(length: int, points: int) -> Scorer:
    """Yahtzee's straights: any ``length`` faces in a row among the dice."""
    return lambda dice: points if any(set(range(a, a + length)) <= set(dice) for a in range(1, 8 - length)) else 0


def exactly(faces: tuple[int, ...], points: int) -> Scorer:
    """Yatzy's straights: exactly these five faces (1-2-3-4-5 or 2-3-4-5-6)."""
    return lambda dice: points if sorted(dice) == list(faces) else 0


def five_alike(points: int) -> Scorer:
    return lambda dice: points if len(set(dice)) == 1 else 0


def chance(dice: Dice) -> int:
    return sum(dice)


# --- the value -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Box:
    """One box of the sheet: its key, its section and its scorer, and its words as the
    catalogs know them (English msgids): its name, the phone card's short name, and what a
    hold goes for in the coach's reasons ("a 55.6% chance of <target>"; None: no target)."""

    name: str
    section: Section
    score: Scorer
    label: str = ""
    short: str = ""
    target: str | None = None


@dataclass(frozen=True)
class Game:
    """One game's rules as data. ``five_alike_extra``: a second five-alike does more than
    fill a box (Yahtzee's Joker and 100-point bonus, by preset); False: only what its dice
    score in the box they go in (Yatzy)."""

    key: str
    boxes: tuple[Box, ...]
    bonus: int
    bonus_threshold: int
    five_alike_extra: bool
    #: What the catalogs' contexts of its words start with ("Yatzy ": "Yatzy box", "Yatzy
    #: box, short", "Yatzy chance of"): a box's name differs between the games (a Swedish
    #: Liten stege is exactly 1-2-3-4-5 in Yatzy), so translators see them apart.
    words: str = ""
    #: The game's name (a msgid of context "game").
    title: str = ""

    def __hash__(self) -> int:
        # Cheap, and consistent with the fields' equality: a game is a cache key (functools.cache).
        return hash((self.key, len(self.boxes), self.bonus))

    # Derived from the boxes once per value (cached_property writes past the frozen fields).
    @cached_property
    def names(self) -> tuple[str, ...]:
        return tuple(b.name for b in self.boxes)

    @cached_property
    def upper_names(self) -> tuple[str, ...]:
        return tuple(b.name for b in self.boxes if b.section == "upper")

    def score(self, box: str, dice: Dice) -> int:
        """What ``dice`` score in ``box`` by the plain rules (no Joker); KeyError for a box not in this game."""
        return self._scorers[box](tuple(dice))

    @cached_property
    def _scorers(self) -> dict[str, Scorer]:
        return {b.name: b.score for b in self.boxes}

    def upper_total(self, filled: Mapping[str, int]) -> int:
        """The upper boxes' points on a card (before the bonus)."""
        return sum(points for box, points in filled.items() if box in self.upper_names)

    def title_words(self) -> str:
        """The game's name in the language spoken now."""
        return pgettext("game", self.title)

    def box_label(self, box: str, short: bool = False) -> str:
        """The name of ``box`` in the language spoken now (``short``: the phone card's form).

        >>> from game.core.language import activate
        >>> activate(None)
        >>> YATZY.box_label("one_pair"), YATZY.box_label("small_straight", short=True)
        ('One pair', 'Sm. str.')
        """
        found = self._boxes[box]
        return pgettext(self.words + ("box, short" if short else "box"), found.short if short else found.label)

    def target_words(self, box: str) -> str:
        """What a hold for ``box`` goes for, as it reads in "a 55.6% chance of …"."""
        target = self._boxes[box].target
        if target is None:
            raise KeyError(f"{box} has no target")
        return pgettext(self.words + "chance of", target)

    @cached_property
    def _boxes(self) -> dict[str, Box]:
        return {b.name: b for b in self.boxes}

    def can_hold(self, box: str, points: object) -> bool:
        """Whether some roll writes ``points`` in ``box`` (0 always fits: a box may be scratched).

        >>> YATZY.can_hold("two_pairs", 22), YATZY.can_hold("two_pairs", 23), YATZY.can_hold("pair", 2)
        (True, False, False)
        """
        return points in self._possible.get(box, ())

    @cached_property
    def _possible(self) -> dict[str, frozenset[int]]:
        rolls = list(combinations_with_replacement(range(1, 7), 5))
        return {b.name: frozenset({0, *(b.score(r) for r in rolls)}) for b in self.boxes}

    @cached_property
    def max_score(self) -> int:
        """The largest grand total without any five-alike extra (Yatzy's whole range)."""
        rolls = list(combinations_with_replacement(range(1, 7), 5))
        best = sum(max(b.score(r) for r in rolls) for b in self.boxes)
        upper = sum(max(b.score(r) for r in rolls) for b in self.boxes if b.section == "upper")
        return best + (self.bonus if upper >= self.bonus_threshold else 0)


_FACES = ("ones", "twos", "threes", "fours", "fives", "sixes")

#: What a hold goes for, as it reads in "a 55.6% chance of …" (game.strategy.chances):
#: Yahtzee's, which the reasons (game.screens.reason_words) word.
TARGET_NAMES: dict[str, str] = {
    "ones": N_("chance of", "three or more Ones"), "twos": N_("chance of", "three or more Twos"),
    "threes": N_("chance of", "three or more Threes"), "fours": N_("chance of", "three or more Fours"),
    "fives": N_("chance of", "three or more Fives"), "sixes": N_("chance of", "three or more Sixes"),
    "three_of_a_kind": N_("chance of", "3 of a kind"), "four_of_a_kind": N_("chance of", "4 of a kind"),
    "full_house": N_("chance of", "a Full house"), "small_straight": N_("chance of", "a Small straight"),
    "large_straight": N_("chance of", "a Large straight"), "yahtzee": N_("chance of", "a Yahtzee"),
}


def _yahtzee(name: str, section: Section, score: Scorer) -> Box:
    """A box of Yahtzee, with the words the whole page has used for it (game.core.labels)."""
    return Box(name, section, score, BOX_NAMES[name], SHORT_NAMES[name], TARGET_NAMES.get(name))


#: Yahtzee as printed in the United States (its Joker presets: game.core.rules).
YAHTZEE = Game("yahtzee", (
    *(_yahtzee(name, "upper", faces_of(face)) for face, name in enumerate(_FACES, 1)),
    _yahtzee("three_of_a_kind", "lower", kind_total(3)), _yahtzee("four_of_a_kind", "lower", kind_total(4)),
    _yahtzee("full_house", "lower", full_house(25)), _yahtzee("small_straight", "lower", run_of(4, 30)),
    _yahtzee("large_straight", "lower", run_of(5, 40)), _yahtzee("yahtzee", "lower", five_alike(50)),
    _yahtzee("chance", "lower", chance),
), bonus=35, bonus_threshold=63, five_alike_extra=True, title=N_("game", "Yahtzee"))

# Translators: the boxes of a Yatzy sheet as the country prints them (Scandinavian Yatzy:
# One pair, Two pairs; 3 and 4 of a kind count only those dice; Small straight is exactly
# 1-2-3-4-5, Large straight exactly 2-3-4-5-6; Full house counts its dice).
YATZY = Game("yatzy", (
    Box("ones", "upper", faces_of(1), N_("Yatzy box", "Ones"), N_("Yatzy box, short", "Ones"),
        N_("Yatzy chance of", "three or more Ones")),
    Box("twos", "upper", faces_of(2), N_("Yatzy box", "Twos"), N_("Yatzy box, short", "Twos"),
        N_("Yatzy chance of", "three or more Twos")),
    Box("threes", "upper", faces_of(3), N_("Yatzy box", "Threes"), N_("Yatzy box, short", "Threes"),
        N_("Yatzy chance of", "three or more Threes")),
    Box("fours", "upper", faces_of(4), N_("Yatzy box", "Fours"), N_("Yatzy box, short", "Fours"),
        N_("Yatzy chance of", "three or more Fours")),
    Box("fives", "upper", faces_of(5), N_("Yatzy box", "Fives"), N_("Yatzy box, short", "Fives"),
        N_("Yatzy chance of", "three or more Fives")),
    Box("sixes", "upper", faces_of(6), N_("Yatzy box", "Sixes"), N_("Yatzy box, short", "Sixes"),
        N_("Yatzy chance of", "three or more Sixes")),
    Box("one_pair", "lower", kind_only(2), N_("Yatzy box", "One pair"), N_("Yatzy box, short", "1 pair"),
        N_("Yatzy chance of", "a pair")),
    Box("two_pairs", "lower", two_pairs, N_("Yatzy box", "Two pairs"), N_("Yatzy box, short", "2 pairs"),
        N_("Yatzy chance of", "two pairs")),
    Box("three_of_a_kind", "lower", kind_only(3), N_("Yatzy box", "Three of a kind"),
        N_("Yatzy box, short", "3 kind"), N_("Yatzy chance of", "three of a kind")),
    Box("four_of_a_kind", "lower", kind_only(4), N_("Yatzy box", "Four of a kind"),
        N_("Yatzy box, short", "4 kind"), N_("Yatzy chance of", "four of a kind")),
    Box("small_straight", "lower", exactly((1, 2, 3, 4, 5), 15), N_("Yatzy box", "Small straight"),
        N_("Yatzy box, short", "Sm. str."), N_("Yatzy chance of", "a Small straight")),
    Box("large_straight", "lower", exactly((2, 3, 4, 5, 6), 20), N_("Yatzy box", "Large straight"),
        N_("Yatzy box, short", "Lg. str."), N_("Yatzy chance of", "a Large straight")),
    Box("full_house", "lower", full_house(None), N_("Yatzy box", "Full house"),
        N_("Yatzy box, short", "Full ho."), N_("Yatzy chance of", "a Full house")),
    Box("chance", "lower", chance, N_("Yatzy box", "Chance"), N_("Yatzy box, short", "Chance")),
    Box("yatzy", "lower", five_alike(50), N_("Yatzy box", "Yatzy"), N_("Yatzy box, short", "Yatzy"),
        N_("Yatzy chance of", "a Yatzy")),
), bonus=50, bonus_threshold=63, five_alike_extra=False, words="Yatzy ", title=N_("game", "Yatzy"))

GAMES: dict[str, Game] = {game.key: game for game in (YAHTZEE, YATZY)}
