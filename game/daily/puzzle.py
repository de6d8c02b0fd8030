"""The ten positions of a date: real moments of games where the choice matters, a ten for
each game (Yahtzee's official rules, Yatzy: :data:`game.core.rulesets.GAME_RULESETS`).

How a day's ten are found (docs/daily.md has the data behind each number):

1. The date's generator of the game (:func:`game.daily.prng.day_rng`) plays whole solo games, one
   after another, each by a level it draws (:data:`game.daily.moments.GAME_LEVELS`).
2. Each moment of a game may take one of the ten :data:`SLOTS` still open: a phase of the
   game (by the boxes filled) and a kind (a hold with 2 or 1 rolls left, or a box on the
   last roll). It qualifies when the best option beats the runner-up by at least
   :data:`MARGIN` points; it is then taken with a chance (:data:`TAKE_WRONG`,
   :data:`TAKE_RIGHT`) so that the ten come from different games and moments, and more
   often where Beginner's choice is wrong; at least :data:`MIN_GREEDY_WRONG` are. A game
   gives at most :data:`MAX_PER_GAME` positions, of different turns.
3. The ten are shown in the order of a game: by turn (opening, middle, late, last boxes),
   then by roll.

The same date gives the same ten everywhere: the generator is integer arithmetic, the
coach's values are IEEE additions, products and divisions in a fixed order, Casual's
weights avoid ``math.exp`` (game.daily.levels), and nothing iterates over a set.

>>> from game.strategy.game_tables import load_ruleset
>>> ten = todays_ten("2024-05-01", load_ruleset("official"))
>>> len(ten.positions), [p.phase for p in ten.positions][:2], ten.positions[0].filled
(10, ['opening', 'opening'], ())
>>> all(p.margin >= MARGIN for p in ten.positions)
True
>>> yatzy = todays_ten("2024-05-01", load_ruleset("yatzy"))
>>> yatzy.ruleset, yatzy.positions[-1].phase, yatzy.digest != ten.digest
('yatzy', 'last', True)
"""

from __future__ import annotations

import datetime
import hashlib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from game.core import rules
from game.core.games import Game
from game.core.rulesets import GAME_RULESETS, rules_of
from game.daily.levels import casual_loss, greedy_option
from game.daily.moments import GAME_LEVELS, ROLLS_PER_TURN, Moment, play_game
from game.daily.prng import SplitMix64, check_date, day_rng
from game.strategy.options import Option
from game.strategy.tables import Table

#: Where a moment lies in its game, by the boxes already filled.
Phase = Literal["opening", "middle", "late", "last"]
#: What the player decides: what to hold (or to score now) with rolls left, or a box.
Kind = Literal["hold", "box"]
PHASES: tuple[tuple[Phase, int], ...] = (("opening", 4), ("middle", 8), ("late", 11), ("last", 13))
"""Each phase and the filled count it ends before, in Yahtzee's 13 turns: turns 1-4, 5-8,
9-11, 12-13 (a longer game's are stretched: :func:`phase_of`)."""
PHASE_ORDER: dict[Phase, int] = {phase: i for i, (phase, _) in enumerate(PHASES)}

#: The best option beats the runner-up by at least this many points of expected final
#: score: the coach's "solid" (game.strategy.advice.CONFIDENCE), so every wrong answer
#: costs a point or more, and 71 % of all moments of the games played qualify.
MARGIN = 1.0
#: Of the ten, at least this many where Beginner's choice is not the best (some must be more
#: than rules of thumb; 32 % of the qualifying moments are), and at most this many (a few
#: where the rule of thumb is right keep the ten within a beginner's reach).
MIN_GREEDY_WRONG = 4
MAX_GREEDY_WRONG = 7
#: The chance (numerator, denominator) that a qualifying moment is taken: every moment
#: where Beginner errs, half of the others (which are more often obvious).
TAKE_WRONG = (1, 1)
TAKE_RIGHT = (1, 2)
#: Positions one game may give, never two of one turn: a turn's next roll would show what
#: was held, and ten moments of one card would make a dull day.
MAX_PER_GAME = 3
#: Games a day may play: a guard, far out of reach (3,650 days from 2024-01-01 needed 4 to 17,
#: median 5; docs/daily.md). Reaching it raises rather than return fewer than ten.
MAX_GAMES = 200

#: Day 1 of the ten: the day it first reached players (2026-11-26). A day's number is what
#: a shared result carries ("Dice Pad #57"), as friends and chat bots compare it.
FIRST_DAY = datetime.date(2026, 11, 26)


def day_number(day: datetime.date | str) -> int | None:
    """The ten's number of ``day`` (ISO text or a date): 1 on :data:`FIRST_DAY`; None
    before it (the ten of an earlier day can be played, but it was nobody's day).

    >>> day_number("2026-11-26"), day_number(datetime.date(2027, 1, 21)), day_number("2026-03-14")
    (1, 57, None)
    """
    date = datetime.date.fromisoformat(day) if isinstance(day, str) else day
    return (date - FIRST_DAY).days + 1 if date >= FIRST_DAY else None


#: The ten, in the order shown: a phase, a kind and the rolls left it takes (1 or 2 for a
#: hold, 0 for a box). Five holds (three after the first roll, two after the second) and
#: five boxes, across the game.
SLOTS: tuple[tuple[Phase, Kind, tuple[int, ...]], ...] = (
    ("opening", "hold", (2,)),
    ("opening", "box", (0,)),
    ("middle", "hold", (1,)),
    ("middle", "box", (0,)),
    ("middle", "hold", (2,)),
    ("late", "box", (0,)),
    ("late", "hold", (1,)),
    ("late", "box", (0,)),
    ("last", "hold", (2, 1)),
    ("last", "box", (0,)),
)


def phase_of(filled_count: int, turns: int = PHASES[-1][1]) -> Phase:
    """The phase of a moment with this many boxes filled, in a game of ``turns`` turns: the
    ends of :data:`PHASES` stretched in proportion (Yatzy's 15: turns 1-5, 6-9, 10-13, 14-15).

    >>> [phase_of(n) for n in (0, 3, 4, 7, 8, 10, 11, 12)]
    ['opening', 'opening', 'middle', 'middle', 'late', 'late', 'last', 'last']
    >>> [phase_of(n, 15) for n in (4, 5, 8, 9, 12, 13, 14)]
    ['opening', 'middle', 'middle', 'late', 'late', 'last', 'last']
    """
    for phase, end in PHASES:
        if filled_count < round(end * turns / PHASES[-1][1]):
            return phase
    raise ValueError(f"a card with {filled_count} boxes filled has no decision left")


@dataclass(frozen=True)
class Position:
    """One of the day's ten: a moment of a game, and what the computers of the par do there.

    ``options`` is the coach's ranking, best first (each with its ``loss``); ``greedy`` is
    Beginner's choice among them, ``casual_loss`` what Casual loses here on average.
    """

    date: str
    index: int  # 0-9, in the order shown
    phase: Phase
    kind: Kind
    filled: tuple[tuple[str, int], ...]  # box and points, in the card's order
    yahtzee_bonuses: int
    dice: rules.Dice
    rolls_left: int
    options: tuple[Option, ...]
    greedy: Option
    casual_loss: float
    ruleset: str = rules.DEFAULT_PRESET  # the game's own: game.core.rulesets.GAME_RULESETS

    @property
    def card(self) -> dict[str, int]:
        return dict(self.filled)

    @property
    def game(self) -> Game:
        return rules_of(self.ruleset)[0]

    @property
    def turn(self) -> int:
        """1-13 (1-15 in Yatzy): the turn of the game."""
        return len(self.filled) + 1

    @property
    def roll(self) -> int:
        """1-3: the roll just made."""
        return ROLLS_PER_TURN - self.rolls_left

    @property
    def best(self) -> Option:
        return self.options[0]

    @property
    def margin(self) -> float:
        """What the runner-up loses against the best."""
        return self.options[1].loss

    @property
    def greedy_wrong(self) -> bool:
        """Beginner's rule of thumb does not find the best here."""
        return self.greedy != self.best

    def key(self) -> str:
        """The position and its grading as one line of text, the same in every Python
        (floats to a millionth of a point): what :attr:`Puzzle.digest` hashes."""
        card = ",".join(f"{box}={points}" for box, points in self.filled)
        ranked = ";".join(f"{_name(o)}:{o.value:.6f}" for o in self.options)
        return (f"{self.index}|{self.phase}|{self.kind}|{card}|{self.yahtzee_bonuses}|"
                f"{''.join(map(str, self.dice))}|{self.rolls_left}|{ranked}|{_name(self.greedy)}|"
                f"{self.casual_loss:.6f}")


def _name(option: Option) -> str:
    """``hold:556`` or ``box:chance``."""
    if option.kind == "hold":
        return "hold:" + "".join(map(str, option.held_faces))
    return f"box:{option.box}"


@dataclass(frozen=True)
class Puzzle:
    """A date's ten positions of one game, in the order shown, and how many games it took
    to find them."""

    date: str
    positions: tuple[Position, ...]
    games: int
    ruleset: str = rules.DEFAULT_PRESET

    @property
    def digest(self) -> str:
        """16 hex digits of SHA-256 over the game and every position's :meth:`Position.key`:
        two devices that agree on it agree on the whole puzzle and its grading. (Yahtzee's
        days hash as they did before Yatzy had a ten: the date alone heads the text.)"""
        head = self.date if self.ruleset == rules.DEFAULT_PRESET else f"{self.ruleset} {self.date}"
        text = "\n".join([head, *(p.key() for p in self.positions)])
        return hashlib.sha256(text.encode("ascii")).hexdigest()[:16]


def _fits(slot: tuple[Phase, Kind, tuple[int, ...]], moment: Moment, turns: int) -> bool:
    phase, _, rolls = slot
    return phase_of(len(moment.filled), turns) == phase and moment.rolls_left in rolls


def _past(moment: Moment, open_slots: list[int], turns: int) -> bool:
    """Whether the game has gone past the phases of every open slot."""
    now = PHASE_ORDER[phase_of(len(moment.filled), turns)]
    return all(PHASE_ORDER[SLOTS[i][0]] < now for i in open_slots)


def _take(rng: SplitMix64, moment: Moment, greedy: Option | None, open_slots: int, wrong_so_far: int) -> bool:
    """Whether a moment that fits an open slot is taken (the generator decides the chance)."""
    if len(moment.options) < 2 or moment.margin < MARGIN or greedy is None:
        return False
    wrong = greedy != moment.options[0]
    if not wrong and open_slots <= MIN_GREEDY_WRONG - wrong_so_far:  # the rest must be Beginner's errors
        return False
    if wrong and wrong_so_far >= MAX_GREEDY_WRONG:
        return False
    return rng.chance(*(TAKE_WRONG if wrong else TAKE_RIGHT))


def todays_ten(date: datetime.date | str, table: Table) -> Puzzle:
    """The ten positions of ``date`` (``YYYY-MM-DD`` or a ``datetime.date``) in the game of
    ``table``, a game's own rules' (:data:`~game.core.rulesets.GAME_RULESETS`). Raises
    ``ValueError`` for a date not so written, or another rule set's table."""
    for step in dealing(date, table):
        if step is not None:
            return step
    raise AssertionError("dealing() ends with the puzzle")


#: Moments of a game dealt between two turns of the browser's (about 10 ms unthrottled).
MOMENTS_PER_STEP = 4


def dealing(date: datetime.date | str, table: Table) -> Iterator[Puzzle | None]:
    """:func:`todays_ten` a few moments at a time: None after every :data:`MOMENTS_PER_STEP`
    moments of a game played (rolls the coach weighed), then the puzzle. The page gives the
    browser its turn at each, so that dealing never holds up a click for long
    (bench/bench_ten_page.py ``--inp``)."""
    day, game, ruleset = check_date(date), table.game, table.preset
    if ruleset not in GAME_RULESETS:
        raise ValueError(f"the puzzle plays a game's own rules ({', '.join(GAME_RULESETS)}), not {ruleset!r}")
    rng = day_rng(day, game.key)
    taken: dict[int, tuple[Moment, Option]] = {}
    games = 0
    while len(taken) < len(SLOTS):
        if games == MAX_GAMES:
            raise RuntimeError(f"{day}: {MAX_GAMES} games did not fill the ten slots")
        games += 1
        level = GAME_LEVELS[rng.below(len(GAME_LEVELS))]
        from_game: list[int] = []  # the turns (filled counts) this game gave positions at
        for number, moment in enumerate(play_game(rng, table, level), 1):
            if number % MOMENTS_PER_STEP == 0:
                yield None  # the page's turn: a whole game took up to 150 ms in one task
            open_slots = [i for i, slot in enumerate(SLOTS) if i not in taken]
            if not open_slots or len(from_game) == MAX_PER_GAME or _past(moment, open_slots, game.turns):
                break  # the next game, rather than the rest of this one: nothing left to take here
            slot = next((i for i in open_slots if _fits(SLOTS[i], moment, game.turns)), None)
            if slot is None or len(moment.filled) in from_game:
                continue
            greedy = greedy_option(moment.options, moment.card, moment.dice, moment.rolls_left, ruleset)
            wrong_so_far = sum(1 for m, g in taken.values() if g != m.options[0])
            if _take(rng, moment, greedy, len(open_slots), wrong_so_far):
                assert greedy is not None
                taken[slot] = (moment, greedy)
                from_game.append(len(moment.filled))
    # In the order of a game: by turn, then by roll (the two of a turn from different games
    # keep their slots' order).
    order = sorted(taken, key=lambda i: (len(taken[i][0].filled), -taken[i][0].rolls_left, i))
    positions = tuple(_position(day, index, SLOTS[slot], *taken[slot], ruleset) for index, slot in enumerate(order))
    yield Puzzle(day, positions, games, ruleset)


def _position(day: str, index: int, slot: tuple[Phase, Kind, tuple[int, ...]], moment: Moment,
              greedy: Option, ruleset: str) -> Position:
    phase, kind, _ = slot
    return Position(date=day, index=index, phase=phase, kind=kind, filled=moment.filled,
                    yahtzee_bonuses=moment.yahtzee_bonuses, dice=moment.dice, rolls_left=moment.rolls_left,
                    options=moment.options, greedy=greedy, casual_loss=casual_loss(moment.options),
                    ruleset=ruleset)
