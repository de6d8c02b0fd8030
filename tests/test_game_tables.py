"""The shipped Yatzy table (assets/strategy/yatzy.bin) against the solver, on a sample of states.

Solving the whole game takes 26 CPU-seconds, too much for every CI run (docs/testing.md);
the table is checked instead where each check is cheap and together they pin it down:
its header holds the published start value; every state of the last three turns equals
tools/game_solver.py's (solved only that far back); every last turn equals a turn played
out here in plain Python; and a sample of earlier states, the empty card among them,
satisfies the turn equation from the table's own later values. A table that is stale,
damaged or from another game fails one of them.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from game.core.games import YATZY, Game
from game.strategy import game_tables as GT
from game.strategy import rolls as R
from game.strategy.tables import TableError, table_path
from tools import game_solver
from tools import gen_tables as G

PUBLISHED_START = 248.4399893779  # precisit/yatzy-solver and dlangk/yatzy (docs/strategy.md)
QUANTUM = 2.0 ** -G.GAME_Q_BITS
FULL = (1 << len(YATZY.boxes)) - 1


def table() -> GT.GameTable:
    return GT.load_game(YATZY)


def turn_value(game: Game, value, mask: int, up: int) -> float:
    """The turn from ``(mask, up)`` played out here: each final roll in its best open box
    (points, the bonus if they reach the threshold, ``value`` of the state after), then two
    re-rolls, each the best keep inside each roll and the next roll's mean."""
    open_boxes = [(1 << i, box) for i, box in enumerate(game.names) if not mask >> i & 1]

    def scored(roll: tuple[int, ...]) -> float:
        best = -np.inf
        for bit, box in open_boxes:
            points = game.score(box, roll)
            upper = box in game.upper_names
            after = min(up + points, game.bonus_threshold) if upper else up
            reached = upper and up < game.bonus_threshold <= up + points
            best = max(best, points + (game.bonus if reached else 0) + value(mask | bit, after))
        return best

    values = [scored(roll) for roll in R.ROLLS]
    for _ in range(2):
        values = R.best_in_roll(R.keep_values(values))
    return sum(p * v for p, v in zip(R.ROLL_PROBS, values, strict=True))


def test_the_header_holds_the_published_start_value_and_every_state_is_stored():
    assert table().start == pytest.approx(PUBLISHED_START, abs=5e-11)
    assert table().value(0, 0) == pytest.approx(PUBLISHED_START, abs=QUANTUM / 2)
    full_card_states = len(R.REACHABLE_UPS[63])  # stored as nothing: the game is over
    assert GT.layout(YATZY).state_count + full_card_states == game_solver.state_count(YATZY) == 1_430_528


def test_the_last_three_turns_equal_the_solvers():
    V = game_solver.solve(YATZY, down_to=len(YATZY.boxes) - 3)
    shipped, checked = table(), 0
    for filled in range(len(YATZY.boxes) - 3, len(YATZY.boxes)):
        for mask, up in zip(*game_solver.states(YATZY, filled), strict=True):
            assert shipped.value(int(mask), int(up)) == pytest.approx(V[mask, up], abs=QUANTUM / 2 + 1e-9)
            checked += 1
    assert checked == 36_122


@pytest.mark.parametrize("box", YATZY.names)
def test_every_last_turn_against_a_turn_played_out_here(box):
    mask = FULL & ~(1 << YATZY.names.index(box))
    for up in R.REACHABLE_UPS[mask & 63]:
        expected = turn_value(YATZY, lambda *_: 0.0, mask, up)
        assert table().value(mask, up) == pytest.approx(expected, abs=QUANTUM / 2 + 1e-9), (box, up)


def test_earlier_states_satisfy_the_turn_equation_from_the_tables_later_values():
    """Both sides come from the table: each later value is within half a quantum, so the
    turn computed from them is too, and the stored value is within half a quantum."""
    shipped, rng = table(), random.Random("yatzy-turn-equation")
    sample = [(0, 0)]
    while len(sample) < 200:
        mask = sum(1 << i for i in rng.sample(range(len(YATZY.boxes)), rng.randrange(1, 12)))
        sample.append((mask, rng.choice(R.REACHABLE_UPS[mask & 63])))
    for mask, up in sample:
        expected = turn_value(YATZY, shipped.value, mask, up)
        assert shipped.value(mask, up) == pytest.approx(expected, abs=QUANTUM + 1e-9), (hex(mask), up)


def test_decoded_and_encoded_again_the_file_is_the_same_bytes():
    """The decoder reads what tools/gen_tables.py writes: re-encoding the values read gives the file."""
    data, shipped = GT.game_table_path(YATZY).read_bytes(), table()
    mask, up, _ = G.game_states(YATZY)
    V = np.zeros((FULL + 1, 64))
    V[mask, up] = np.array(shipped._values) * QUANTUM - YATZY.bonus * (up >= 63)  # as value() reads them
    V[0, 0] = shipped.start  # the header keeps the exact start value, the body its quantized one
    assert G.encode_game(YATZY, V) == data


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d[:20], "cut short"),
    (lambda d: b"XXXX" + d[4:], "not a strategy table"),
    (lambda d: d[:-9], "damaged"),
    (lambda d: table_path("official").read_bytes(), "for official, not yatzy"),
])
def test_damaged_or_foreign_bytes_are_refused_with_a_reason(change, message):
    with pytest.raises(TableError, match=message):
        GT.load_game_table(YATZY, change(GT.game_table_path(YATZY).read_bytes()))


def test_a_state_no_game_reaches_is_refused_and_the_full_card_is_worth_nothing():
    with pytest.raises(TableError, match="no game of yatzy reaches"):
        table().value(0b1000, 30)  # Fours alone cannot make 30
    with pytest.raises(TableError):
        table().value(0, 0, 1)  # no y bit in Yatzy
    assert table().value(FULL, 63) == 0.0
    exact = GT.GameTable.from_values(YATZY, [1.5] * GT.layout(YATZY).state_count, start=1.5)
    assert exact.value(0b111111, 63) == 1.5  # exact values carry no bonus offset


def test_the_pages_decoding_in_parts_gives_the_same_table():
    """GT.decoding (a part at a time, the browser's turn between parts) against the whole."""
    data = GT.game_table_path(YATZY).read_bytes()
    *pauses, parted = GT.decoding(YATZY, data, parts=8)
    assert set(pauses) == {None} and len(pauses) == 1 + 8  # the inflate, then each part
    assert list(parted._values) == list(table()._values) and parted.start == table().start
    with pytest.raises(TableError, match="damaged"):
        list(GT.decoding(YATZY, data[:-9]))


@pytest.mark.parametrize("ruleset", ["official", "yatzy"])
def test_a_body_inflated_by_the_browser_decodes_to_the_same_table(ruleset: str) -> None:
    """The page hands the decoding a body the browser inflated (game/web/strategy_loader.py):
    the same table as Python's own inflate; a body of the wrong length is refused."""
    import zlib

    from game.core.rulesets import rules_of
    from game.strategy.table_decoding import body_size, decoding
    from game.strategy.tables import HEADER

    game = rules_of(ruleset)[0]
    data = (table_path(ruleset) if game.five_alike_extra else GT.game_table_path(game)).read_bytes()
    body = zlib.decompress(data[HEADER.size:])
    assert body_size(data) == len(body)
    *_, ours = decoding(ruleset, data)
    *_, theirs = decoding(ruleset, data, bytearray(body))
    states = [(0, 0, 0), (1, 1, 0), (2 ** 12 - 1, 63, 0)]
    assert [ours.value(*s) for s in states] == [theirs.value(*s) for s in states]
    with pytest.raises(TableError, match="wrong length"):
        list(decoding(ruleset, data, body[:-2]))
