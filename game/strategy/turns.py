"""A turn of any game seen through its table: the state of a card, the points each open box
takes from each roll, and the state a box leaves. What the forecasts of final scores
(:mod:`game.strategy.turn_outcomes`, :mod:`game.strategy.win_chances`) and playing to win
(:mod:`game.strategy.to_win`) need, whatever the game: Yahtzee's coach answers for its
presets (with the ``y`` bit of a Yahtzee scored 50), the game coach for another game (Yatzy:
``y`` is always 0). Yahtzee's Joker, which bends a five-alike's boxes, stays with its callers.

>>> from game.strategy.game_tables import load_ruleset
>>> yatzy = load_ruleset("yatzy")
>>> state_of(yatzy, {"sixes": 24, "yatzy": 50}), open_count(yatzy, {"sixes": 24})
((16416, 24, 0), 14)
>>> after_state(yatzy, (16416, 24, 0), "fives", 25), after_state(load_ruleset("official"), (0, 0, 0), "yahtzee", 50)
((16432, 49, 0), (2048, 0, 1))
>>> [box for box, _ in columns(yatzy, 16416)][:3], dict(columns(yatzy, 16416))["one_pair"][:3]
(['ones', 'twos', 'threes'], (2, 2, 2))
"""

from __future__ import annotations

from collections.abc import Mapping

from game.core import rules
from game.core.games import Game
from game.strategy import coach
from game.strategy.coach import TurnValues
from game.strategy.rolls import plain_points
from game.strategy.tables import Table

#: A state of any game's table: (mask of boxes filled, upper subtotal capped, y).
State = tuple[int, int, int]


def full_mask(game: Game) -> int:
    """The mask of a full card of ``game`` (bit i: ``game.names[i]``)."""
    return (1 << len(game.boxes)) - 1


def state_of(table: Table, filled: Mapping[str, int]) -> State:
    """The state of a card in ``table``'s game; ValueError for a card the game cannot have."""
    if table.game.five_alike_extra:
        return coach.state_of(filled)
    from game.strategy.game_coach import state_of as game_state  # with the game's table, in the later archive

    return (*game_state(table.game, filled), 0)


def open_count(table: Table, filled: Mapping[str, int]) -> int:
    """How many boxes of the card are still open."""
    return len(table.game.boxes) - len(filled)


def turn_values(table: Table, filled: Mapping[str, int]) -> TurnValues:
    """The coach's (cached) values of the turn from ``filled``, for the average."""
    if table.game.five_alike_extra:
        return coach.turn_values(table, filled)
    from game.strategy.game_coach import turn_values as game_turn
    from game.strategy.game_tables import GameTable

    assert isinstance(table, GameTable), f"{table.game.key}'s table is a GameTable"
    return game_turn(table, filled)


def columns(table: Table, mask: int) -> list[tuple[str, tuple[int, ...]]]:
    """Each open box of ``mask``, in the card's order, with the points each of the 252 rolls
    writes there by its plain rules (a Yahtzee in its box: 50; the Joker is not here)."""
    game = table.game
    every = plain_points(game)
    return [(box, every[i]) for i, box in enumerate(game.names) if not mask >> i & 1]


def after_state(table: Table, state: State, box: str, points: int) -> State:
    """The state once ``points`` are written in ``box``: its bit set, an upper box's points
    added to the subtotal (capped at the threshold), and, in Yahtzee, ``y`` set by a Yahtzee
    scored 50 (a later one then earns the bonus)."""
    game = table.game
    mask, up, y = state
    mask |= 1 << game.names.index(box)
    if box in game.upper_names:
        up = min(game.bonus_threshold, up + points)
    elif game.five_alike_extra and box == "yahtzee":
        y = 1 if points == rules.YAHTZEE_SCORE else 0
    return mask, up, y


def gained(table: Table, state: State, box: str, points: int) -> int:
    """The points writing ``points`` in ``box`` adds to the card: the box's, and the upper
    bonus if they reach its threshold (a Yahtzee bonus is the caller's to add)."""
    game = table.game
    up = state[1]
    crosses = box in game.upper_names and up < game.bonus_threshold <= up + points
    return points + (game.bonus if crosses else 0)


def value_after(table: Table, state: State, box: str, points: int) -> float:
    """What writing ``points`` in ``box`` is worth for the average: the points it adds and
    the value of the state it leaves (a table values a full card 0)."""
    return gained(table, state, box, points) + table.value(*after_state(table, state, box, points))
