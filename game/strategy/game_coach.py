"""The coach of a game whose five-alike does nothing beyond its boxes (Yatzy,
:mod:`game.core.games`): every option of a situation ranked by expected final score.

Yahtzee's coach (:mod:`game.strategy.coach`) with what differs: the boxes and their points
come from the game's data, a state has no ``y``, and any open box takes any roll (no
Joker). The turn's stages, its memo and the ranking are the Yahtzee coach's own. It
travels in the later archive with the game's table (tools/python_archives.py).

>>> from game.core.games import YATZY
>>> from game.strategy.game_tables import load_game
>>> best = rank_options(load_game(YATZY), {}, (6, 6, 6, 2, 1), rolls_left=2)[0]
>>> best.kind, best.held_faces
('hold', (6, 6, 6))
>>> rank_options(load_game(YATZY), {}, (1, 2, 3, 4, 5), rolls_left=0)[0].box
'small_straight'
"""

from __future__ import annotations

from collections.abc import Mapping

from game.core.games import Game
from game.strategy.coach import COUNTS, TurnValues, memo_turn, ranked
from game.strategy.game_tables import GameTable, layout
from game.strategy.options import Option
from game.strategy.rolls import plain_points


def state_of(game: Game, filled: Mapping[str, int]) -> tuple[int, int]:
    """``(mask, upper subtotal capped at the threshold)`` of a score card of ``game``;
    ValueError for a box the game has not or points it cannot hold.

    >>> from game.core.games import YATZY
    >>> state_of(YATZY, {"ones": 3, "sixes": 30, "yatzy": 50})
    (16417, 33)
    """
    mask, up = 0, 0
    for box, points in filled.items():
        if box not in game.names:
            raise ValueError(f"{game.key} has no box {box!r}")
        if not game.can_hold(box, points):
            raise ValueError(f"{box} cannot hold {points!r}")
        mask |= 1 << game.names.index(box)
        up += points if box in game.upper_names else 0
    return mask, min(game.bonus_threshold, up)


def on_card(game: Game, filled: Mapping[str, int]) -> int:
    """The points on the card, the upper bonus included once earned."""
    return sum(filled.values()) + (game.bonus if game.upper_total(filled) >= game.bonus_threshold else 0)


def _after(table: GameTable, mask: int, up: int, index: int, points: int) -> float:
    """Points of filling box ``index`` with ``points``, the bonus they earn, and the future."""
    game = table.game
    if index >= len(game.upper_names):
        return points + table.value(mask | 1 << index, up)
    threshold = game.bonus_threshold
    bonus = game.bonus if up < threshold <= up + points else 0
    return points + bonus + table.value(mask | 1 << index, min(threshold, up + points))


def score_now(table: GameTable, mask: int, up: int) -> list[float]:
    """For each of the 252 rolls: the value of its best open box (the roll must be scored)."""
    game, cols = table.game, []
    for index, points in enumerate(plain_points(table.game)):
        if mask >> index & 1:
            continue
        if index < len(game.upper_names):  # c dice of the face: 0..5 times the face, bonus by subtotal
            by_count = [_after(table, mask, up, index, (index + 1) * c) for c in range(6)]
            cols.append(list(map(by_count.__getitem__, COUNTS[index])))
        else:
            cols.append(list(map(_after(table, mask, up, index, 0).__add__, points)))
    return list(map(max, *cols)) if len(cols) > 1 else cols[0]


def turn_values(table: GameTable, filled: Mapping[str, int]) -> TurnValues:
    """The (cached) turn values of the state of ``filled``."""
    mask, up = state_of(table.game, filled)
    return memo_turn(table.cache, (mask, up, 0), lambda: score_now(table, mask, up))


def rank_options(table: GameTable, filled: Mapping[str, int], dice: tuple[int, ...],
                 rolls_left: int) -> list[Option]:
    """Every option, best first: each distinct hold (while rolls are left) and each open box,
    as :func:`game.strategy.coach.rank_options` lists them."""
    dice = tuple(dice)
    if len(dice) != 5 or not all(isinstance(d, int) and 1 <= d <= 6 for d in dice):
        raise ValueError(f"five dice from 1 to 6, not {dice!r}")
    if rolls_left not in (0, 1, 2):
        raise ValueError(f"rolls_left is 0, 1 or 2, not {rolls_left!r}")
    game = table.game
    mask, up = state_of(game, filled)
    if mask == layout(game).full_mask:
        raise ValueError("the score card is full: there is nothing to decide")
    turn, total = turn_values(table, filled), on_card(game, filled)
    open_boxes = [(i, box, game.score(box, dice)) for i, box in enumerate(game.names) if not mask >> i & 1]
    boxes = [Option("score", total + _after(table, mask, up, i, points), 0.0, box=box, points=points)
             for i, box, points in open_boxes]
    return ranked(boxes, turn, dice, rolls_left, total)
