"""Computer opponents: one decision at a time, at four levels of skill.

- ``to_win``: in a game of several, the option with the best chance to win given every
  card (:mod:`game.strategy.to_win`); alone, as ``optimal``.
- ``optimal``: the coach's best option (the highest expected final score).
- ``noisy``: the coach's options drawn at random, an option losing ``loss`` points
  being chosen with weight ``exp(-loss / NOISY_TEMPERATURE)``: near-equal choices are
  often confused, costly blunders are rare. Needs the table, like ``optimal``.
- ``greedy``: no look-ahead and no table. With rolls left it scores a made Full House,
  straight or Yahtzee at once, otherwise it holds the dice of its most common face (the
  higher face on a tie) and re-rolls the rest; on the last roll it takes the highest
  score now (the first box in card order on a tie).

Mean and spread of each level over 2,000 games are in docs/strategy.md
(``python bench/bench_players.py`` measures them).

>>> import random
>>> decide("greedy", "official", {}, (2, 5, 5, 1, 5), 2, random.Random(0))
HoldDice(held=(False, True, True, False, True))
>>> decide("greedy", "official", {}, (2, 3, 4, 5, 6), 2, random.Random(0))
ScoreBox(box='large_straight')
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

from game.core import rules
from game.core.players import LEVELS, ComputerLevel
from game.strategy import LEVEL_MEANS  # noqa: F401 (re-exported: the tests and bench read it here)
from game.strategy.moves import ComputerMove, HoldDice, ScoreBox, greedy
from game.strategy.options import Option
from game.strategy.ranking import rank_options
from game.strategy.tables import Table

if TYPE_CHECKING:
    from game.strategy.spread import Spread
    from game.strategy.to_win import Goal

NOISY_TEMPERATURE = 1.0  # points; 1.0 puts noisy about halfway between greedy and optimal


class Chooser(Protocol):
    """What :func:`decide` asks of its randomness: ``random.Random`` has it, and so has an
    integer generator whose draws must not depend on the Python version (game.daily.prng)."""

    def choices(self, population: Sequence[Option], weights: Sequence[float], /) -> list[Option]: ...


def decide(level: ComputerLevel, preset: str, filled: Mapping[str, int], dice: rules.Dice, rolls_left: int,
           rng: Chooser, table: Table | None = None, spread: Spread | None = None, goal: Goal | None = None,
           yahtzee_bonuses: int = 0) -> ComputerMove:
    """The computer's next move: :class:`HoldDice` (then re-roll the rest) or :class:`ScoreBox`.

    ``table`` is the preset's strategy table; in CPython it is loaded from
    assets/strategy/ when omitted (the browser must pass it; the session plays ``greedy``
    when it has none). ``rng`` is only used by ``noisy``. ``to_win`` takes the option with
    the best chance of ``goal`` (:mod:`game.strategy.to_win`, with the preset's ``spread``
    table; its card's Yahtzee bonuses count towards it), and plays as ``optimal`` without one. With
    ``rolls_left == 0`` the move is always a :class:`ScoreBox`.
    """
    dice = rules.check_dice(dice)
    if level == "greedy":
        return greedy(preset, filled, dice, rolls_left)
    if level not in LEVELS:  # a level from a save or a form, whatever its static type says
        raise ValueError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}")
    if table is None:
        from game.strategy.game_tables import load_ruleset  # CPython only: the page passes its table

        table = load_ruleset(preset)
    if table.preset != preset:
        raise ValueError(f"the table given is for preset {table.preset!r}, not {preset!r}")
    if level == "to_win" and spread is not None and goal is not None:
        from game.strategy.to_win import rank_to_win  # with the spread table, in the later archive

        return _move_of(rank_to_win(table, spread, filled, dice, rolls_left, goal, yahtzee_bonuses)[0].option)
    options = rank_options(table, filled, dice, rolls_left)
    choice = options[0]
    if level == "noisy":
        weights = [math.exp(-o.loss / NOISY_TEMPERATURE) for o in options]
        choice = rng.choices(options, weights)[0]
    return _move_of(choice)


def _move_of(option: Option) -> ComputerMove:
    """The move of one of the coach's options: a score option names its box, a hold its positions."""
    if option.kind == "score" and option.box is not None:
        return ScoreBox(option.box)
    if option.kind == "hold" and option.hold is not None:
        return HoldDice(option.hold)
    raise AssertionError(f"the coach listed an option it cannot have made: {option!r}")


def play_solitaire(level: ComputerLevel, preset: str, rng: random.Random, table: Table | None = None) -> int:
    """Play one whole solo game at ``level`` with dice from ``rng``; return the grand total.

    >>> play_solitaire("greedy", "official", random.Random(7)) > 0
    True
    """
    filled: dict[str, int] = {}
    bonuses = 0
    for _ in rules.BOXES:
        bonuses += play_turn(preset, filled, rng,
                             lambda dice, rolls_left: decide(level, preset, filled, dice, rolls_left, rng, table))
    return rules.grand_total(filled, bonuses)


def play_turn(preset: str, filled: dict[str, int], rng: random.Random,
              choose: Callable[[rules.Dice, int], ComputerMove]) -> int:
    """One turn with dice from ``rng``: the first roll, then ``choose(dice, rolls_left)`` until
    it scores a box, written into ``filled``; the Yahtzee bonus check marks it earned (0 or 1).

    >>> card = {}
    >>> play_turn("official", card, random.Random(7), lambda dice, rolls_left: ScoreBox("chance"))
    0
    >>> list(card)
    ['chance']
    """
    dice = rules.check_dice(rng.randint(1, 6) for _ in range(5))
    rolls_left = 2
    while True:
        move = choose(dice, rolls_left)
        if isinstance(move, HoldDice) and rolls_left:
            dice = rules.check_dice(d if keep else rng.randint(1, 6) for d, keep in zip(dice, move.held, strict=True))
            rolls_left -= 1
            continue
        legal = rules.legal_scores(preset, filled, dice)
        if not isinstance(move, ScoreBox) or move.box not in legal:
            raise AssertionError(f"the move {move!r} is one the rules refuse")
        bonus = rules.yahtzee_bonus(filled, dice) // rules.YAHTZEE_BONUS
        filled[move.box] = legal[move.box]
        return bonus
