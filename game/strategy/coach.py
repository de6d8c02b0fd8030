"""The coach: every option of a situation, ranked by expected final score under optimal play.

Pure Python (the browser has no NumPy). The table gives the expected points still to come
at the start of each turn; one turn is then solved exactly here, backwards over its three
rolls, and cached per state so that the second and third decisions of a turn are cheap.

>>> from game.strategy.tables import load_preset
>>> best = rank_options(load_preset("official"), {}, (6, 6, 6, 2, 1), rolls_left=2)[0]
>>> best.kind, best.held_faces
('hold', (6, 6, 6))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import asdict

from game.core import rules
from game.strategy.options import Hold, Option
from game.strategy.rolls import KEEPS, ROLL_INDEX, ROLLS, UP_CAP, best_in_roll, keep_values, sub_keeps
from game.strategy.tables import FULL_MASK, YAHTZEE_BIT, Table, state_index

BIT = {box: 1 << i for i, box in enumerate(rules.BOXES)}
UPPER_FACE = {box: i + 1 for i, box in enumerate(rules.UPPER_BOXES)}
# Per box, the plain points of every roll (for a Joker the rules are asked directly).
PLAIN = {box: tuple(rules.box_score(box, roll) for roll in ROLLS) for box in rules.BOXES}
COUNTS = tuple(tuple(roll.count(f) for roll in ROLLS) for f in range(1, 7))
YAHTZEE_ROWS = tuple(ROLL_INDEX[(f,) * 5] for f in range(1, 7))
_SUB_KEEPS: dict[int, tuple[int, ...]] = {}


def state_of(filled: Mapping[str, int]) -> tuple[int, int, int]:
    """``(mask, upper subtotal capped at 63, y)`` of a score card.

    >>> state_of({"ones": 3, "sixes": 30, "yahtzee": 50})
    (2081, 33, 1)
    """
    mask = 0
    for box, points in filled.items():
        mask |= BIT[rules.check_box(box)]
        if points not in rules.possible_box_values(box):
            raise ValueError(f"{box} cannot hold {points!r}")
    return mask, min(UP_CAP, rules.upper_subtotal(filled)), int(filled.get("yahtzee") == rules.YAHTZEE_SCORE)


def _after(table: Table, mask: int, up: int, y: int, box: str, points: int) -> float:
    """Points of filling ``box`` with ``points`` plus any upper bonus it earns plus the future."""
    nxt = mask | BIT[box]
    if box in UPPER_FACE:
        bonus = rules.UPPER_BONUS if up < rules.UPPER_BONUS_THRESHOLD <= up + points else 0
        return points + bonus + table.value(nxt, min(UP_CAP, up + points), y)
    if box == "yahtzee":
        return points + table.value(nxt, up, 1 if points == rules.YAHTZEE_SCORE else 0)
    return points + table.value(nxt, up, y)


class TurnValues:
    """The values of one turn from one state, computed stage by stage as needed, from
    ``roll0``: each of the 252 rolls' value when it must be scored now (:func:`score_now`
    for Yahtzee; game.strategy.game_coach for a game without its Jokers)."""

    def __init__(self, roll0: list[float]):
        self.roll0 = roll0
        self.keep1: list[float] | None = None
        self.keep2: list[float] | None = None

    def keeps(self, rolls_left: int) -> list[float]:
        """Value of each of the 462 keeps with ``rolls_left`` (1 or 2) rolls still to come."""
        if self.keep1 is None:
            self.keep1 = keep_values(self.roll0)
        if rolls_left == 1:
            return self.keep1
        if self.keep2 is None:
            self.keep2 = keep_values(best_in_roll(self.keep1))
        return self.keep2


def score_now(table: Table, filled: Mapping[str, int], mask: int, up: int, y: int) -> list[float]:
    """For each of the 252 rolls: the value of its best box (the roll must be scored)."""
    cols: list[list[float]] = []
    for box in rules.BOXES:
        if mask & BIT[box]:
            continue
        if box in UPPER_FACE:
            f = UPPER_FACE[box]
            by_count = [_after(table, mask, up, y, box, f * c) for c in range(6)]
            cols.append(list(map(by_count.__getitem__, COUNTS[f - 1])))
        elif box == "yahtzee":
            col = [_after(table, mask, up, y, box, 0)] * len(ROLLS)
            for row in YAHTZEE_ROWS:
                col[row] = _after(table, mask, up, y, box, rules.YAHTZEE_SCORE)
            cols.append(col)
        else:
            cols.append(list(map(_after(table, mask, up, y, box, 0).__add__, PLAIN[box])))
    best = list(map(max, *cols)) if len(cols) > 1 else cols[0]
    if mask & YAHTZEE_BIT:  # Jokers: the rules say which boxes take five of a kind
        bonus = rules.YAHTZEE_BONUS * y
        for f, row in enumerate(YAHTZEE_ROWS, start=1):
            legal = rules.legal_scores(table.preset, filled, (f,) * 5)
            best[row] = max(_after(table, mask, up, y, b, p) for b, p in legal.items()) + bonus
    return best


def turn_values(table: Table, filled: Mapping[str, int]) -> TurnValues:
    """The (cached) turn values of the state of ``filled``."""
    mask, up, y = state_of(filled)
    return memo_turn(table.cache, (mask, up, y), lambda: score_now(table, filled, mask, up, y))


def memo_turn(cache: dict[tuple[int, int, int], object], key: tuple[int, int, int],
              roll0: Callable[[], list[float]]) -> TurnValues:
    """The turn of state ``key`` from a table's ``cache``, or a new one from ``roll0()``."""
    turn = cache.get(key)  # the table keeps the memo untyped: it does not import this module
    if isinstance(turn, TurnValues):
        return turn
    if len(cache) > 256:  # one game visits 13 states; keep memory bounded
        cache.clear()
    fresh = cache[key] = TurnValues(roll0())
    return fresh


def hold_of(dice: rules.Dice, faces: tuple[int, ...]) -> Hold:
    """Positions to hold so that ``faces`` stay: the leftmost dice showing them."""
    want = list(faces)
    hold = []
    for d in dice:
        hold.append(d in want)
        if d in want:
            want.remove(d)
    first, second, third, fourth, fifth = hold  # five dice, five flags
    return first, second, third, fourth, fifth


def rank_options(table: Table, filled: Mapping[str, int], dice: tuple[int, ...], rolls_left: int,
                 yahtzee_bonuses: int = 0) -> list[Option]:
    """Every option, best first: each distinct hold (while rolls are left) and each legal box.

    Holding all five dice is the same as scoring now, so it is not listed as a hold.
    ``yahtzee_bonuses`` (check marks already earned) only shifts every value by 100 each.
    """
    dice = rules.check_dice(dice)
    if rolls_left not in (0, 1, 2):
        raise ValueError(f"rolls_left is 0, 1 or 2, not {rolls_left!r}")
    mask, up, y = state_of(filled)
    if mask == FULL_MASK:
        raise ValueError("the score card is full: there is nothing to decide")
    state_index(mask, up, y)  # state_of's card is reachable: this only guards that promise
    turn = turn_values(table, filled)
    on_card = rules.grand_total(filled, yahtzee_bonuses)
    bonus = rules.yahtzee_bonus(filled, dice)
    return ranked([
        Option("score", on_card + bonus + _after(table, mask, up, y, box, pts), 0.0, box=box, points=pts)
        for box, pts in rules.legal_scores(table.preset, filled, dice).items()
    ], turn, dice, rolls_left, on_card)


def ranked(boxes: list[Option], turn: TurnValues, dice: rules.Dice, rolls_left: int,
           on_card: float) -> list[Option]:
    """``boxes`` (each legal box, scored) and each distinct hold while rolls are left, best
    first, each with its loss: how every game's coach ends."""
    options = boxes
    if rolls_left:
        keeps = turn.keeps(rolls_left)
        roll = ROLL_INDEX[tuple(sorted(dice))]
        subs = _SUB_KEEPS.get(roll) or _SUB_KEEPS.setdefault(roll, sub_keeps(ROLLS[roll])[:-1])
        options += [Option("hold", on_card + keeps[k], 0.0, hold=hold_of(dice, KEEPS[k]),
                           held_faces=KEEPS[k]) for k in subs]
    options.sort(key=lambda o: -o.value)  # stable: boxes before holds on exact ties
    best = options[0].value
    return [Option(o.kind, o.value, best - o.value, o.hold, o.held_faces, o.box, o.points) for o in options]


def advise(preset: str, filled: Mapping[str, int], dice: tuple[int, ...] | list[int], rolls_left: int,
           table: Table, yahtzee_bonuses: int = 0) -> list[dict[str, object]]:
    """:func:`rank_options` as plain dicts (JSON-ready; the browser calls this).

    >>> from game.strategy.tables import load_preset
    >>> advise("official", {}, [1, 2, 3, 4, 5], 0, load_preset("official"))[0]["box"]
    'large_straight'
    """
    if table.preset != preset:
        raise ValueError(f"the table given is for preset {table.preset!r}, not {preset!r}")
    return [asdict(o) for o in rank_options(table, filled, tuple(dice), rolls_left, yahtzee_bonuses)]
