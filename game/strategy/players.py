"""Computer opponents: one decision at a time, at three levels of skill.

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
('hold', (False, True, True, False, True))
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping

from game.core import rules
from game.strategy import LEVEL_MEANS, LEVELS  # noqa: F401 (LEVEL_MEANS re-exported)
from game.strategy.coach import rank_options
from game.strategy.tables import Table, load_preset

NOISY_TEMPERATURE = 1.0  # points; 1.0 puts noisy about halfway between greedy and optimal
_MADE = ("full_house", "small_straight", "large_straight", "yahtzee")

Action = tuple[str, object]  # ("hold", (bool,) * 5) or ("score", box)


def decide(level: str, preset: str, filled: Mapping[str, int], dice: tuple[int, ...], rolls_left: int,
           rng: random.Random, table: Table | None = None) -> Action:
    """The computer's next action: ``("hold", held)`` then re-roll the rest, or ``("score", box)``.

    ``table`` is the preset's strategy table; in CPython it is loaded from
    assets/strategy/ when omitted (the browser must pass it). ``rng`` is only used by
    ``noisy``. With ``rolls_left == 0`` the action is always ``("score", box)``.
    """
    dice = rules.check_dice(dice)
    if level == "greedy":
        return _greedy(preset, filled, dice, rolls_left)
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}")
    table = load_preset(preset) if table is None else table
    if table.preset != preset:
        raise ValueError(f"the table given is for preset {table.preset!r}, not {preset!r}")
    options = rank_options(table, filled, dice, rolls_left)
    choice = options[0]
    if level == "noisy":
        weights = [math.exp(-o.loss / NOISY_TEMPERATURE) for o in options]
        choice = rng.choices(options, weights)[0]
    return ("score", choice.box) if choice.kind == "score" else ("hold", choice.hold)


def _greedy(preset: str, filled: Mapping[str, int], dice: rules.Dice, rolls_left: int) -> Action:
    legal = rules.legal_scores(preset, filled, dice)
    best = max(legal.values())
    if rolls_left == 0 or any(legal.get(box, 0) > 0 for box in _MADE):
        return "score", next(box for box in rules.BOXES if legal.get(box) == best)
    face = max(range(1, 7), key=lambda f: (dice.count(f), f))
    return "hold", tuple(d == face for d in dice)


def play_solitaire(level: str, preset: str, rng: random.Random, table: Table | None = None) -> int:
    """Play one whole solo game at ``level`` with dice from ``rng``; return the grand total.

    >>> play_solitaire("greedy", "official", random.Random(7)) > 0
    True
    """
    filled: dict[str, int] = {}
    bonuses = 0
    for _ in rules.BOXES:
        dice = tuple(rng.randint(1, 6) for _ in range(5))
        rolls_left = 2
        while True:
            kind, what = decide(level, preset, filled, dice, rolls_left, rng, table)
            if kind == "hold" and rolls_left:
                dice = tuple(d if keep else rng.randint(1, 6) for d, keep in zip(dice, what, strict=True))
                rolls_left -= 1
                continue
            box = what if kind == "score" else None
            legal = rules.legal_scores(preset, filled, dice)
            if box not in legal:
                raise AssertionError(f"{level} chose {kind} {what!r}, which the rules refuse")
            bonuses += rules.yahtzee_bonus(filled, dice) // rules.YAHTZEE_BONUS
            filled[box] = legal[box]
            break
    return rules.grand_total(filled, bonuses)
