"""The games, as values: Yahtzee and Yatzy, the Scandinavian game (``../shared/RULES.md``).

A :class:`Game` is data: its boxes in the sheet's order, each with its section and how it
scores a roll (a :data:`~game.core.scorers.Scorer`, built from the few shapes there), its
upper bonus, and whether a second five-alike does anything beyond its boxes (Yahtzee's
Joker and bonus, whose four presets stay in :mod:`game.core.rules`). A variant is a new value: Yatzy
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

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property
from itertools import combinations_with_replacement
from typing import Literal

from game.core import rules
from game.core.joker import Closed
from game.core.labels import BOX_NAMES, N_, SHORT_NAMES
from game.core.language import pgettext
from game.core.scorers import (
    Dice,
    Scorer,
    chance,
    exactly,
    faces_of,
    five_alike,
    full_house,
    kind_only,
    kind_total,
    run_of,
    two_pairs,
)

Options = dict[str, int | Closed]
Section = Literal["upper", "lower"]


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
    #: The upper bonus line's label, threshold and points (a msgid of context "total").
    bonus_words: str = N_("total", "Bonus (63+ = 35)")
    #: One line on the game for the New game dialog (a msgid of context "game help").
    blurb: str = ""
    #: Statistics' count of five alike rolled (a msgid of context "statistics").
    # Translators: how many five-of-a-kind (the Yahtzee box's combination) were rolled.
    rolled_words: str = N_("statistics", "Yahtzees rolled")

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

    @cached_property
    def lower_names(self) -> tuple[str, ...]:
        return tuple(b.name for b in self.boxes if b.section == "lower")

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

    def blurb_words(self) -> str:
        """The New game dialog's line on the game, in the language spoken now."""
        return pgettext("game help", self.blurb)

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
        """Whether some roll writes ``points`` in ``box`` (0 only where some roll scores 0: never in Chance).

        >>> YATZY.can_hold("two_pairs", 22), YATZY.can_hold("two_pairs", 23), YATZY.can_hold("pair", 2)
        (True, False, False)
        >>> YATZY.can_hold("chance", 0), YAHTZEE.can_hold("chance", 0), YATZY.can_hold("one_pair", 0)
        (False, False, True)
        """
        return points in self._possible.get(box, ())

    @cached_property
    def _possible(self) -> dict[str, frozenset[int]]:
        # A scratched box holds 0, which its scorer gives any roll that does not fit; Yahtzee's
        # Joker writes only values its plain rules reach too (a pattern's fixed points, a sum).
        rolls = list(combinations_with_replacement(range(1, 7), 5))
        return {b.name: frozenset(b.score(r) for r in rolls) for b in self.boxes}

    # --- a turn's options and the card's totals ------------------------------------------

    @cached_property
    def turns(self) -> int:
        """Turns in a game: one box filled in each."""
        return len(self.boxes)

    def box_options(self, preset: str, filled: Mapping[str, int], dice: Iterable[int]) -> Options:
        """Every open box of a card mapped to what ``dice`` score there now, or to why the
        Joker rules close it (``preset``: Yahtzee's Joker; a game without the extra ignores it).

        >>> YATZY.box_options("official", {"yatzy": 50}, (2, 2, 2, 2, 2))["full_house"]
        0
        >>> YAHTZEE.box_options("free_choice", {"yahtzee": 50}, (2, 2, 2, 2, 2))["full_house"]
        25
        """
        if self.five_alike_extra:  # the Joker, by preset, on Yahtzee's boxes
            return rules.box_options(preset, filled, dice)
        faces = rules.check_dice(dice)
        for box in filled:
            if box not in self._boxes:
                raise rules.RulesError(f"unknown box {box!r}")
        return {b.name: b.score(faces) for b in self.boxes if b.name not in filled}

    def legal_scores(self, preset: str, filled: Mapping[str, int], dice: Iterable[int]) -> dict[str, int]:
        """The boxes ``dice`` may fill now and their points (:meth:`box_options` less the closed)."""
        return {b: v for b, v in self.box_options(preset, filled, dice).items() if isinstance(v, int)}

    def five_alike_bonus(self, filled: Mapping[str, int], dice: Iterable[int]) -> int:
        """Yahtzee's 100 for a further five-alike (0 in a game without the extra)."""
        return rules.yahtzee_bonus(filled, dice) if self.five_alike_extra else 0

    def totals(self, filled: Mapping[str, int], bonuses: int = 0) -> rules.Totals:
        """The sheet's totals; ``bonuses``: Yahtzee's check marks of 100 (0 in other games).

        >>> YATZY.totals({"sixes": 30, "fives": 25, "fours": 8, "yatzy": 50}).grand_total
        163
        """
        sub = self.upper_total(filled)
        bonus = self.bonus if sub >= self.bonus_threshold else 0
        extra = rules.YAHTZEE_BONUS * bonuses
        lower = sum(points for box, points in filled.items() if box not in self.upper_names) + extra
        return rules.Totals(sub, bonus, sub + bonus, extra, lower, sub + bonus + lower)

    def ordered(self, filled: Mapping[str, int]) -> tuple[tuple[str, int], ...]:
        """A card's filled boxes in the sheet's order."""
        return tuple((b, filled[b]) for b in self.names if b in filled)

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
), bonus=35, bonus_threshold=63, five_alike_extra=True, title=N_("game", "Yahtzee"),
    blurb=N_("game help", "As played in America: 13 boxes, a 35 bonus at 63, 100 for each further Yahtzee."))

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
), bonus=50, bonus_threshold=63, five_alike_extra=False, words="Yatzy ", title=N_("game", "Yatzy"),
    bonus_words=N_("total", "Bonus (63+ = 50)"),
    # Translators: in Statistics, how many five-of-a-kind (the Yatzy box's combination) were rolled in Yatzy.
    rolled_words=N_("statistics", "Yatzys rolled"),
    blurb=N_("game help", "As played in Scandinavia: 15 boxes with pairs, straights 1–5 and 2–6, a 50 bonus "
                          "at 63, no Joker."))

GAMES: dict[str, Game] = {game.key: game for game in (YAHTZEE, YATZY)}
