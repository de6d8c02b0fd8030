"""Physical dice typed in: which faces the player means, from what they typed.

Five digits give all five dice; after a first roll, one digit per die not held fills
those dice in order, the held ones staying as they lie.

>>> from game.core.state import new_game
>>> state = new_game(["Ann"], seed="t", real_dice=True).enter_roll([6, 6, 2, 3, 6])
>>> state = state.set_held([True, True, False, False, True])
>>> typed_dice(state, "6 5")
((6, 6, 6, 5, 6), 2)
>>> typed_dice(state, "12345")
((1, 2, 3, 4, 5), 2)
>>> typed_dice(state, "7")
(None, 2)
"""

from __future__ import annotations

from game.core.state import GameState


def typed_dice(state: GameState, text: str) -> tuple[tuple[int, ...] | None, int]:
    """The five dice ``text`` gives (None if it gives neither form) and how many dice are to be typed."""
    digits = [int(c) for c in text if c.isdigit()]
    free = [i for i, h in enumerate(state.held) if not h or state.rolls_used == 0]
    dice = list(state.dice or (0,) * 5)
    if len(digits) == len(free) and len(free) < 5:
        for i, face in zip(free, digits, strict=True):
            dice[i] = face
    elif len(digits) == 5:
        dice = digits
    else:
        return None, len(free)
    return tuple(dice), len(free)
