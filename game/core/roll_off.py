"""Who starts: each player rolls five dice, the highest total starts, tied leaders roll again.

>>> from game.core.dice import ScriptedDice
>>> rounds = roll_off(2, ScriptedDice([6, 6, 6, 6, 6, 1, 1, 1, 1, 1]))
>>> rounds, roll_off_winner(rounds)
((((0, (6, 6, 6, 6, 6)), (1, (1, 1, 1, 1, 1))),), 0)
"""

from __future__ import annotations

from collections.abc import Sequence

from game.core import rules
from game.core.dice import ROLL_OFF_TURN, DiceSource
from game.core.errors import SetupError

#: A roll-off that keeps tying this long is a broken dice source, not bad luck.
MAX_ROLL_OFF_ROUNDS = 100


def roll_off(count: int, source: DiceSource) -> tuple[tuple[tuple[int, rules.Dice], ...], ...]:
    """Each contender rolls five dice; the highest total starts; tied leaders roll again."""
    if count == 1:
        return ()
    contenders = list(range(count))
    rounds = []
    for number in range(MAX_ROLL_OFF_ROUNDS):
        throws = tuple(
            (seat, rules.check_dice(source.face(seat, ROLL_OFF_TURN, number, i) for i in range(5)))
            for seat in contenders
        )
        rounds.append(throws)
        best = max(sum(d) for _, d in throws)
        contenders = [seat for seat, d in throws if sum(d) == best]
        if len(contenders) == 1:
            return tuple(rounds)
    raise SetupError("the roll-off kept tying: the dice source looks broken", "roll_off_tied")


def roll_off_winner(rolloff: Sequence[Sequence[tuple[int, Sequence[int]]]]) -> int:
    """The seat that won a roll-off (seat 0 when there was none: a solo game)."""
    if not rolloff:
        return 0
    last = rolloff[-1]
    return max(last, key=lambda throw: sum(throw[1]))[0]
