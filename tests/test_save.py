"""Saving and restoring: exact round trips, and clear refusals of broken saves."""

import json

import pytest

from game import rules
from game.core.dice import ScriptedDice
from game.core.save import SCHEMA, SaveError, dumps, loads, state_to_record
from game.core.state import new_game


def mid_game():
    state = new_game(["Ann", "Bob"], seed="save")
    for _ in range(5):
        state = state.roll().roll(held=(True, False, True, False, False))
        state = state.score(next(iter(state.legal_scores())))
    return state.roll().set_held((False, True, False, True, False))


def yahtzee_game():
    """Solo: a Yahtzee in its box, then a second one in Fours, with a bonus."""
    state = new_game(["Ann"], seed="y").roll(ScriptedDice((4,) * 5)).score("yahtzee")
    return state.roll(ScriptedDice((4,) * 5)).score("fours")


def test_round_trip_is_exact_mid_turn():
    state = mid_game()
    restored = loads(dumps(state))
    assert restored == state
    assert restored.held == (False, True, False, True, False) and restored.rolls_used == 1
    assert dumps(restored) == dumps(state)


def test_round_trip_with_bonus():
    state = yahtzee_game()
    assert loads(dumps(state)).cards[0].yahtzee_bonuses == 1


def tampered(state, change) -> str:
    data = state_to_record(state)
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize(("make", "message"), [
    (lambda: "{not json", "not valid JSON"),
    (lambda: "[]", "not a JSON object"),
    (lambda: json.dumps({"schema": SCHEMA + 1}), "newer version"),
    (lambda: tampered(mid_game(), lambda d: d.update(preset="house")), "unknown preset"),
    (lambda: tampered(mid_game(), lambda d: d.update(dice=[1, 2, 3, 4, 7])), "1 to 6"),
    (lambda: tampered(mid_game(), lambda d: d.update(rolls_used=4)), "rolls_used"),
    (lambda: tampered(mid_game(), lambda d: d.update(turn=3)), "boxes filled after"),
    (lambda: tampered(mid_game(), lambda d: d["cards"][0]["filled"].update(
        {b: (5 if b == "chance" else 0) for b in rules.BOXES})), "13 boxes filled"),
    (lambda: tampered(mid_game(), lambda d: d["cards"][0]["filled"].update(fives=7)), "cannot score"),
    (lambda: tampered(yahtzee_game(), lambda d: d["cards"][0]["filled"].update(yahtzee=0)), "without 50"),
    (lambda: tampered(mid_game(), lambda d: d["players"][0].update(name="  x  ")), "invalid name"),
    (lambda: tampered(mid_game(), lambda d: d["players"][0].update(kind="wizard")), "unknown kind"),
    (lambda: tampered(mid_game(), lambda d: d.update(first=1 - d["first"])), "roll-off"),
    (lambda: tampered(mid_game(), lambda d: d["moves"][0].update(roll=[6, 6, 6, 6, 6])),
     "do not follow|breaks the rules"),
    (lambda: tampered(mid_game(), lambda d: d["moves"].append({"score": "sevens"})), "breaks the rules"),
    (lambda: tampered(mid_game(), lambda d: d.update(held=[True] * 4)), "held"),
])
def test_broken_saves_are_refused_clearly(make, message):
    with pytest.raises(SaveError, match=message):
        loads(make())


def test_a_valid_looking_but_unreachable_card_is_refused():
    """Cards that match their own turn count but not the moves recorded."""
    state = mid_game()
    text = tampered(state, lambda d: d["cards"][0]["filled"].update(
        {box: 0 for box in d["cards"][0]["filled"]}))
    with pytest.raises(SaveError, match="cards do not follow"):
        loads(text)


def yatzy_game():
    """Solo Yatzy: five alike in Yatzy, then again in Fours (no bonus, no Joker), then mid-turn."""
    from game.core.games import YATZY
    state = new_game(["Ann"], seed="yz", game=YATZY).roll(ScriptedDice((4,) * 5)).score("yatzy")
    return state.roll(ScriptedDice((4,) * 5)).score("fours").roll(ScriptedDice((1, 2, 2, 5, 5)))


def test_a_yatzy_game_round_trips_and_names_its_game():
    state = yatzy_game()
    assert state.cards[0].filled == {"fours": 20, "yatzy": 50} and state.cards[0].yahtzee_bonuses == 0
    assert state_to_record(state)["game"] == "yatzy"
    restored = loads(dumps(state))
    assert restored == state and restored.game is state.game
    assert restored.legal_scores()["two_pairs"] == 14


def test_a_save_from_before_yatzy_reads_as_yahtzee():
    data = state_to_record(mid_game())
    del data["game"]
    assert loads(json.dumps(data)) == mid_game() and loads(json.dumps(data)).game.key == "yahtzee"


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.update(game="maxi"), "unknown game 'maxi'"),
    (lambda d: d["cards"][0]["filled"].update(yahtzee=50), "unknown box 'yahtzee'"),
    (lambda d: d["cards"][0]["filled"].update(chance=0), "cannot score"),
    (lambda d: d["cards"][0].update(yahtzee_bonuses=1), "Yahtzee bonuses must be a whole number from 0 to 0"),
])
def test_a_broken_yatzy_save_is_refused_clearly(change, message):
    with pytest.raises(SaveError, match=message):
        loads(tampered(yatzy_game(), change))
