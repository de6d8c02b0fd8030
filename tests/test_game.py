"""The game model: turns, illegal actions, the roll-off, seeding and two complete games."""

import pytest

from game import rules
from game.core.dice import ScriptedDice, SeededDice
from game.core.errors import (
    BoxClosed,
    BoxFilled,
    GameOverError,
    InvalidDice,
    NoRollsLeft,
    NotRolledYet,
    SetupError,
    UnknownBox,
)
from game.core.players import Player
from game.core.state import GameState, new_game


def play(state: GameState, dice: tuple[int, ...], box: str) -> GameState:
    """One turn: a single roll showing ``dice``, scored in ``box``."""
    return state.roll(ScriptedDice(dice)).score(box)


def test_perfect_game_reaches_1575():
    state = new_game(["Max"], seed="perfect")
    state = play(state, (6,) * 5, "yahtzee")
    for face in (6, 5, 4, 3, 2, 1):  # the forced Joker sends each into its upper box
        state = play(state, (face,) * 5, rules.upper_box(face))
    joker_sixes = {"three_of_a_kind": 30, "four_of_a_kind": 30, "full_house": 25,
                   "small_straight": 30, "large_straight": 40, "chance": 30}
    for box, points in joker_sixes.items():  # upper Sixes filled: any lower box at full value
        state = state.roll(ScriptedDice((6,) * 5))
        assert state.legal_scores() == {b: p for b, p in joker_sixes.items() if b not in state.cards[0].filled}
        assert state.legal_scores()[box] == points
        state = state.score(box)
    card = state.cards[0]
    assert state.over
    assert card.yahtzee_bonuses == 12
    assert card.totals == rules.Totals(105, 35, 140, 1200, 1435, 1575)
    assert state.winners() == (0,)


def test_best_game_without_a_bonus_reaches_375():
    state = new_game(["Max"], seed="375")
    # Five of a kind while the Yahtzee box is open is no Joker and earns no bonus.
    for face in range(1, 7):
        state = play(state, (face,) * 5, rules.upper_box(face))
    for box in ("three_of_a_kind", "four_of_a_kind", "chance"):
        state = play(state, (6,) * 5, box)
    state = play(state, (6,) * 5, "yahtzee")
    state = play(state, (6, 6, 6, 5, 5), "full_house")
    state = play(state, (1, 2, 3, 4, 6), "small_straight")
    state = play(state, (2, 3, 4, 5, 6), "large_straight")
    assert state.over
    assert state.cards[0].yahtzee_bonuses == 0
    assert state.cards[0].totals.grand_total == 375


def test_turns_pass_in_seating_order_from_the_roll_off_winner():
    state = new_game(["A", "B", "C"], source=ScriptedDice([1] * 5 + [6] * 5 + [6] * 5 + [2] * 5 + [3] * 5))
    # B and C tie on 30 and roll again; C wins with 15 against 10.
    assert [len(r) for r in state.rolloff] == [3, 2]
    assert state.first == 2
    seats = []
    for _ in range(6):
        seats.append(state.current_seat)
        state = play(state, (1, 2, 3, 4, 5), next(iter(state.roll(ScriptedDice([1, 2, 3, 4, 5])).legal_scores())))
    assert seats == [2, 0, 1, 2, 0, 1]


def test_three_rolls_then_no_fourth():
    state = new_game(["A"], seed="s").roll().roll().roll()
    assert state.rolls_left == 0
    with pytest.raises(NoRollsLeft, match="no rolls left"):
        state.roll()


def test_holding_before_the_first_roll_is_refused():
    state = new_game(["A"], seed="s")
    with pytest.raises(NotRolledYet, match="first roll"):
        state.toggle_hold(0)
    with pytest.raises(NotRolledYet, match="first roll"):
        state.roll(held=(True, False, False, False, False))


def test_scoring_before_rolling_is_refused():
    with pytest.raises(NotRolledYet, match="roll the dice"):
        new_game(["A"], seed="s").score("chance")


def test_filled_box_is_refused_and_state_unchanged():
    state = play(new_game(["A"], seed="s"), (1, 2, 3, 4, 5), "chance").roll(ScriptedDice([2, 2, 3, 3, 3]))
    with pytest.raises(BoxFilled, match="chance is already filled"):
        state.score("chance")
    assert state.rolls_used == 1 and "chance" in state.cards[0].filled


def test_joker_closed_box_is_refused_with_the_reason():
    state = play(new_game(["A"], seed="s"), (4,) * 5, "yahtzee").roll(ScriptedDice((4,) * 5))
    with pytest.raises(BoxClosed, match="Fours"):
        state.score("large_straight")
    after = state.score("fours")
    assert after.cards[0].yahtzee_bonuses == 1 and after.cards[0].filled["fours"] == 20


def test_unknown_box_and_bad_faces_are_refused():
    state = new_game(["A"], seed="s").roll()
    with pytest.raises(UnknownBox):
        state.score("sevens")
    with pytest.raises(InvalidDice, match="1 to 6"):
        new_game(["A"], seed="s").roll(ScriptedDice([1, 2, 3, 4, 7]))
    with pytest.raises(InvalidDice, match="1 to 6"):
        new_game(["A"], seed="s").enter_roll([0, 2, 3, 4, 5])


def test_held_dice_keep_their_faces():
    state = new_game(["A"], seed="held").roll()
    held = (True, False, True, False, True)
    after = state.roll(held=held)
    assert [after.dice[i] for i in (0, 2, 4)] == [state.dice[i] for i in (0, 2, 4)]
    with pytest.raises(InvalidDice, match="keep their faces"):
        state.enter_roll([7 - state.dice[0], 1, 1, 1, 1], held=held)


def test_acting_after_the_game_is_refused():
    state = new_game(["A"], seed="end")
    for box in rules.BOXES:
        state = state.roll().score(box)
    for action in (lambda: state.roll(), lambda: state.score("chance"), lambda: state.toggle_hold(0)):
        with pytest.raises(GameOverError, match="over"):
            action()


@pytest.mark.parametrize(("players", "preset", "message", "reason", "number"), [
    ([], "official", "1 to 6", "player_count", 0), (["a"] * 7, "official", "1 to 6", "player_count", 7),
    (["a"], "house", "unknown preset", "unknown_preset", None),
    (["a", Player("b", "wizard")], "official", "unknown player kind", "player_kind", 2),
    (["a", " \n"], "official", "player 2 has no name", "blank_name", 2),
])
def test_bad_setups(players, preset, message, reason, number):
    with pytest.raises(SetupError, match=message) as caught:
        new_game(players, preset)
    assert (caught.value.reason, caught.value.number) == (reason, number)  # a code and its fact, for the words


def test_real_dice_with_a_friend_by_link_cannot_start():
    with pytest.raises(SetupError) as caught:
        new_game(["a", Player("b", "link")], real_dice=True)
    assert caught.value.reason == "real_dice_link"


def test_names_are_cleaned_but_kept_literal():
    state = new_game(["  <b>Zoë</b>\n ", "", "🎲" * 40], default_name=lambda number: f"Seat {number}")
    assert [p.name for p in state.players] == ["<b>Zoë</b>", "Seat 2", "🎲" * 32]


def test_same_seed_same_decisions_same_dice():
    def run(seed: str) -> list:
        state, seen = new_game(["A", "B"], seed=seed), []
        for _ in range(4):
            state = state.roll().roll(held=(True, True, False, False, False))
            seen.append(state.dice)
            state = state.score(next(iter(state.legal_scores())))
        return seen

    assert run("same") == run("same")
    assert run("same") != run("other")


def test_different_holds_do_not_shift_later_rolls():
    base = new_game(["A"], seed="shift").roll()
    one = base.roll(held=(True, True, True, True, False)).score("chance")
    two = base.roll(held=(False, False, False, False, False)).score("chance")
    assert one.roll().dice == two.roll().dice


def test_seeded_faces_are_uniform_enough():
    source = SeededDice("uniform")
    counts = [0] * 7
    for i in range(6000):
        counts[source.face(0, i, 0, 0)] += 1
    assert counts[0] == 0 and all(850 < c < 1150 for c in counts[1:])
