"""The strategy table answers for the states games reach, and refuses every other one by name.

A state is ``(mask, up, y)`` (game/strategy/tables.py). Reachability is computed here a
second way, by brute force over the points each filled upper box can hold, so the
table's own rule (``rolls.REACHABLE_UPS``) is checked rather than trusted.
"""

import contextlib
import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import rules
from game.strategy import coach, players, tables
from tests.test_strategy_coach import random_card, random_dice

FOURS, YAHTZEE = 1 << 3, tables.YAHTZEE_BIT
#: A table whose value at each stored state is its index: a wrong look-up shows.
INDEXED = tables.Table.from_values("official", [float(i) for i in range(tables.STATE_COUNT)], start=0.0)


def brute_force_ups(upper_mask: int) -> set[int]:
    """Every upper subtotal (capped at 63) some filling of these upper boxes gives."""
    faces = [f for f in range(1, 7) if upper_mask >> (f - 1) & 1]
    return {min(63, sum(f * n for f, n in zip(faces, counts, strict=True)))
            for counts in itertools.product(range(6), repeat=len(faces))}


UPS = [brute_force_ups(m) for m in range(64)]


def reachable(mask: int, up: int, y: int) -> bool:
    """The definition, independent of game.strategy: a 13-bit mask, a subtotal its upper boxes
    can make, and y = 1 only with the Yahtzee box filled."""
    return 0 <= mask < 1 << 13 and up in UPS[mask & 63] and (y == 0 or y == 1 and bool(mask & YAHTZEE))


@pytest.mark.parametrize(("state", "words"), [
    ((FOURS, 30, 0), "mask=0x0008 (Fours), up=30, y=0: the upper boxes filled (Fours) cannot total 30"),
    ((0, 0, 1), "mask=0x0000 (empty card), up=0, y=1: y=1 needs 50 in the Yahtzee box, which is open"),
    ((FOURS | 1 << 12, 0, 1), "mask=0x1008 (Fours, Chance), up=0, y=1: y=1 needs 50"),
    ((0, 5, 0), "up=5, y=0: no upper box is filled, so the upper subtotal is 0"),
    ((0b11, 62, 0), "mask=0x0003 (Ones, Twos), up=62, y=0: the upper boxes filled (Ones, Twos) cannot total 62"),
    ((-1, 0, 0), "mask=-1, up=0, y=0: a mask has 13 bits: 0 to 0x1fff"),
    ((tables.FULL_MASK + 1, 0, 0), "mask=8192, up=0, y=0: a mask has 13 bits"),
    ((FOURS, -4, 0), "up=-4, y=0: the upper subtotal is counted from 0 up to 63"),
    ((0x3F, 64, 0), "up=64, y=0: the upper subtotal is counted from 0 up to 63"),
    ((YAHTZEE, 0, 2), "mask=0x0800 (Yahtzee), up=0, y=2: y is 0 or 1"),
    ((YAHTZEE, 0, -1), "y=-1: y is 0 or 1"),
    ((tables.FULL_MASK, 0, 2), "mask=0x1fff (full card), up=0, y=2: y is 0 or 1"),
])
def test_unreachable_states_are_refused_by_name(state, words):
    """Before, these answered silently with another state's value (a negative index wrapped)."""
    for lookup in (tables.load_preset("official").value, INDEXED.value, tables.state_index):
        with pytest.raises(tables.UnreachableState) as refused:
            lookup(*state)
        assert words in str(refused.value)
        assert str(refused.value).startswith("no game reaches the state ")
        assert (refused.value.mask, refused.value.up, refused.value.y) == state
    assert isinstance(refused.value, tables.TableError) and isinstance(refused.value, ValueError)
    assert tables.unreachable_reason(*state) is not None


def test_every_stored_state_is_answered_with_its_own_value():
    for index, (mask, up, y) in enumerate((m, u, y) for m, y, ups in tables.runs() for u in ups):
        assert INDEXED.value(mask, up, y) == index == tables.state_index(mask, up, y)
        assert reachable(mask, up, y)


def test_the_table_answers_exactly_the_reachable_states():
    """Every subtotal -1..64 and y -1..2, for each set of upper boxes, beside two lower parts."""
    for upper, lower in itertools.product(range(64), (0, YAHTZEE | 1 << 6)):
        mask = upper | lower
        for up, y in itertools.product(range(-1, 65), range(-1, 3)):
            if reachable(mask, up, y):
                assert INDEXED.value(mask, up, y) >= 0 and tables.unreachable_reason(mask, up, y) is None
            else:
                with pytest.raises(tables.UnreachableState):
                    INDEXED.value(mask, up, y)


def test_the_full_card_is_worth_nothing_more_but_has_no_entry():
    shipped = tables.load_preset("official")
    for up, y in itertools.product(range(64), (0, 1)):
        assert shipped.value(tables.FULL_MASK, up, y) == 0.0
        with pytest.raises(tables.UnreachableState, match="no turn starts from a full card"):
            tables.state_index(tables.FULL_MASK, up, y)


def test_reachable_states_keep_their_values():
    """The shipped official table at known states; at 63 the stored bonus offset is undone."""
    table = tables.load_preset("official")
    assert table.value(0, 0, 0) == pytest.approx(table.start, abs=2.0 ** -11)
    assert table.value(YAHTZEE, 0, 1) > table.value(YAHTZEE, 0, 0)  # a 50 in the box: bonuses ahead
    # With every upper box filled the subtotal no longer matters (the bonus was paid on filling).
    assert table.value(0x3F, 0, 0) == table.value(0x3F, 40, 0) == table.value(0x3F, 63, 0) > 0


@contextlib.contextmanager
def recording(table):
    """The set of every state the coach asks ``table`` for inside the block (its cache emptied,
    so that no turn is answered from an earlier computation)."""
    seen: set[tuple[int, int, int]] = set()
    lookup = table.value

    def record(mask, up, y):
        seen.add((mask, up, y))
        return lookup(mask, up, y)

    table.cache.clear()
    table.value = record  # this table object only
    try:
        yield seen
    finally:
        del table.value
        table.cache.clear()  # no turn computed through the recorder stays


@pytest.mark.parametrize("preset", rules.PRESETS)
def test_the_coach_asks_only_for_reachable_states_in_whole_games(preset):
    rng, table = random.Random(f"reach-{preset}"), tables.load_preset(preset)
    with recording(table) as asked:
        for level in ("optimal", "noisy"):
            for _ in range(3):
                players.play_solitaire(level, preset, rng, table)
    assert asked and all(reachable(*state) for state in asked)
    assert any(mask == tables.FULL_MASK for mask, _, _ in asked)  # the last box of a game
    assert any(y == 1 for _, _, y in asked) and any(up == 63 for _, up, _ in asked)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32), preset=st.sampled_from(rules.PRESETS))
def test_the_coach_asks_only_for_reachable_states_from_any_card(seed, preset):
    """Random cards some game reaches, often with Jokers on the table: no refusal, ever."""
    rng = random.Random(seed)
    filled, dice, rolls_left = random_card(rng), random_dice(rng), rng.randrange(3)
    with recording(tables.load_preset(preset)) as asked:
        coach.rank_options(tables.load_preset(preset), filled, dice, rolls_left)
    assert asked and all(reachable(*state) for state in asked)
