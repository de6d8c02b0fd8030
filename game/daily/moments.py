"""Whole solo games of one game's own rules (Yahtzee's official ones, Yatzy) played from the
day's generator, decision by decision.

Every *moment* is a real decision of a real game: the card as it stands, the dice on the
table, the rolls left, and the coach's ranking of every option. The games are played by
a computer of one level each, so the cards look like people's: Optimal's are tidy,
Casual's (half the games) carry the odd slip, Beginner's the habits of a beginner.

>>> from game.daily.prng import day_rng
>>> from game.strategy.tables import load_preset
>>> moments = list(play_game(day_rng("2024-05-01"), load_preset("official"), "optimal"))
>>> moments[0].filled, moments[0].rolls_left, len(moments[-1].filled)
((), 2, 12)
>>> from game.strategy.game_tables import load_ruleset
>>> len(list(play_game(day_rng("2024-05-01", "yatzy"), load_ruleset("yatzy"), "greedy"))[-1].filled)
14
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from game.core import rules
from game.core.players import ComputerLevel
from game.daily.levels import casual_pick, greedy_option
from game.daily.prng import SplitMix64
from game.strategy.options import Option
from game.strategy.ranking import rank_options
from game.strategy.tables import Table

ROLLS_PER_TURN = 3
#: Which level plays a game, drawn from these (Casual twice as often): a mix of cards.
GAME_LEVELS: tuple[ComputerLevel, ...] = ("optimal", "noisy", "noisy", "greedy")


@dataclass(frozen=True)
class Moment:
    """One decision of a game: the card (``filled``: box and points, in the card's order),
    the Yahtzee bonuses earned (none in a game without them), the dice, the rolls left and
    every option, best first."""

    filled: tuple[tuple[str, int], ...]
    yahtzee_bonuses: int
    dice: rules.Dice
    rolls_left: int
    options: tuple[Option, ...]

    @property
    def card(self) -> dict[str, int]:
        return dict(self.filled)

    @property
    def margin(self) -> float:
        """What the runner-up loses against the best (infinite when there is one option)."""
        return self.options[1].loss if len(self.options) > 1 else float("inf")


def roll(rng: SplitMix64, dice: rules.Dice | None, held: tuple[bool, ...]) -> rules.Dice:
    """The dice after a roll: the held ones stay, each other die is drawn (left to right)."""
    if dice is None:
        return rules.check_dice(rng.die() for _ in range(5))
    return rules.check_dice(d if keep else rng.die() for d, keep in zip(dice, held, strict=True))


def choose(level: ComputerLevel, moment: Moment, rng: SplitMix64, ruleset: str) -> Option | None:
    """The option ``level`` takes at ``moment`` of a game of ``ruleset``; None when Beginner
    holds all five dice."""
    if level == "optimal":
        return moment.options[0]
    if level == "noisy":
        return casual_pick(moment.options, rng)
    return greedy_option(moment.options, moment.card, moment.dice, moment.rolls_left, ruleset)


def play_game(rng: SplitMix64, table: Table, level: ComputerLevel) -> Iterator[Moment]:
    """Play one solo game of ``table``'s rules at ``level`` with dice from ``rng``; yield every
    moment before its decision is made. The caller may stop early: nothing is drawn ahead of need."""
    game = table.game
    filled: dict[str, int] = {}
    bonuses = 0
    for _ in range(game.turns):
        dice = roll(rng, None, ())
        rolls_left = ROLLS_PER_TURN - 1
        while True:
            options = rank_options(table, filled, dice, rolls_left, bonuses)
            moment = Moment(game.ordered(filled), bonuses, dice, rolls_left, tuple(options))
            yield moment
            chosen = choose(level, moment, rng, table.preset)
            if chosen is None:  # Beginner keeps all five: the same dice, one roll fewer
                rolls_left -= 1
                continue
            if chosen.kind == "hold" and chosen.hold is not None:
                dice = roll(rng, dice, chosen.hold)
                rolls_left -= 1
                continue
            assert chosen.box is not None
            bonuses += game.five_alike_bonus(filled, dice) // rules.YAHTZEE_BONUS
            filled[chosen.box] = chosen.points
            break
