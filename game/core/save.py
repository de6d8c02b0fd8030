"""Saving a game as JSON and restoring it, exactly or not at all.

A saved game holds a snapshot of the state and the list of moves that led there.
Restoring checks every field for a clear message, then replays the moves through the
engine and requires the replay to reach the snapshot: whatever restores is a state
that legal play can reach, never a half-valid game.

>>> from game.core.state import new_game
>>> state = new_game(["Ann", "Bob"], seed="save-doc").roll()
>>> loads(dumps(state)) == state
True
>>> loads('{"schema": 99}')
Traceback (most recent call last):
...
game.core.save.SaveError: this save comes from a newer version of the game (schema 99; this one reads up to 1)
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from game.core import rules
from game.core.card import Card, Move, Roll
from game.core.errors import IllegalAction
from game.core.games import GAMES, YAHTZEE, Game
from game.core.names import clean_name
from game.core.players import MAX_PLAYERS, PLAYER_KINDS, Player
from game.core.roll_off import roll_off_winner
from game.core.state import GameState

SCHEMA = 1


class SaveError(ValueError):
    """A saved game that cannot be restored; the message says what is wrong."""


def state_to_record(state: GameState) -> dict[str, Any]:
    """The game as a JSON record (the naming of every codec: ``<thing>_to_record`` / ``_from_record``)."""
    return {
        "schema": SCHEMA,
        "game": state.game.key,
        "preset": state.preset,
        "seed": state.seed,
        "players": [{"name": p.name, "kind": p.kind} for p in state.players],
        "rolloff": [[[seat, list(dice)] for seat, dice in rnd] for rnd in state.rolloff],
        "first": state.first,
        "cards": [{"filled": dict(c.scores), "yahtzee_bonuses": c.yahtzee_bonuses} for c in state.cards],
        "turn": state.turn,
        "rolls_used": state.rolls_used,
        "dice": None if state.dice is None else list(state.dice),
        "held": list(state.held),
        "moves": [_move_to_record(m) for m in state.moves],
        "assisted": state.assisted,
        "real_dice": state.real_dice,
    }


def dumps(state: GameState) -> str:
    """The game as compact JSON text, keys in a fixed order so equal games give equal text."""
    return json.dumps(state_to_record(state), separators=(",", ":"), ensure_ascii=False)


def loads(text: str) -> GameState:
    """Restore a game from :func:`dumps` text, or raise :class:`SaveError` saying why."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as err:
        raise SaveError(f"the save is not valid JSON ({err})") from None
    return state_from_record(data)


def state_from_record(data: Any) -> GameState:
    """Check a record field by field, then replay its moves; :class:`SaveError` says what is wrong."""
    _expect(isinstance(data, dict), "the save is not a JSON object")
    schema = data.get("schema")
    _expect(type(schema) is int, "the save has no schema version")
    if schema > SCHEMA:
        raise SaveError(
            f"this save comes from a newer version of the game (schema {schema}; this one reads up to {SCHEMA})"
        )
    _expect(schema == SCHEMA, f"unknown schema version {schema}")
    snapshot = _snapshot(data)
    replayed = _replay(snapshot, data.get("moves"))
    for name in ("cards", "turn", "rolls_used", "dice"):
        _expect(getattr(replayed, name) == getattr(snapshot, name), f"the saved {name} do not follow from the moves")
    # Holds change between rolls without a move of their own, so they come from the snapshot.
    replayed = replayed if snapshot.rolls_used == 0 else replayed.set_held(snapshot.held)
    flags = {name: data.get(name, False) for name in ("assisted", "real_dice")}
    for name, value in flags.items():
        _expect(type(value) is bool, f"{name} must be true or false")
    return replace(replayed, **flags)


# --- checking each field ---------------------------------------------------------------


def _expect(condition: bool, message: str) -> None:
    if not condition:
        raise SaveError(message)


def _int(value: Any, low: int, high: int, what: str) -> int:
    # an if, not _expect: mypy narrows ``value`` to int only on a condition it sees
    if type(value) is not int or not low <= value <= high:
        raise SaveError(f"{what} must be a whole number from {low} to {high}")
    return value


def _dice(value: Any, what: str) -> rules.Dice:
    _expect(isinstance(value, list), f"{what} must be a list of five dice")
    try:
        return rules.check_dice(value)
    except rules.RulesError as err:
        raise SaveError(f"{what}: {err}") from None


def _holds(value: Any) -> tuple[bool, ...]:
    ok = isinstance(value, list) and len(value) == 5 and all(type(h) is bool for h in value)
    _expect(ok, "held must be five true/false values")
    return tuple(value)


def _player(value: Any, seat: int) -> Player:
    _expect(isinstance(value, dict), f"player {seat + 1} is not an object")
    name, kind = value.get("name"), value.get("kind")
    _expect(isinstance(name, str) and clean_name(name) == name, f"player {seat + 1} has an invalid name")
    _expect(kind in PLAYER_KINDS, f"player {seat + 1} has an unknown kind {kind!r}")
    return Player(name, kind)


def _card(value: Any, seat: int, game: Game) -> Card:
    who = f"player {seat + 1}'s card"
    _expect(isinstance(value, dict), f"{who} is not an object")
    filled = value.get("filled")
    _expect(isinstance(filled, dict), f"{who} has no filled boxes")
    for box, points in filled.items():
        _expect(box in game.names, f"{who} has an unknown box {box!r}")
        _expect(type(points) is int and game.can_hold(box, points),
                f"{who} holds {points!r} in {box}, which that box cannot score")
    most = game.turns - 1 if game.five_alike_extra else 0
    bonuses = _int(value.get("yahtzee_bonuses"), 0, most, f"{who}'s Yahtzee bonuses")
    _expect(bonuses == 0 or filled.get("yahtzee") == rules.YAHTZEE_SCORE,
            f"{who} has a Yahtzee bonus without {rules.YAHTZEE_SCORE} in the Yahtzee box")
    _expect(bonuses == 0 or bonuses < len(filled),
            f"{who} has more Yahtzee bonuses than boxes filled after the Yahtzee")
    return Card(game.ordered(filled), bonuses, game)


def _snapshot(data: dict[str, Any]) -> GameState:
    # The fields built into the state are checked with ifs, which narrow their types for mypy.
    key = data.get("game", YAHTZEE.key)  # saves from before Yatzy are Yahtzee
    if not (isinstance(key, str) and key in GAMES):
        raise SaveError(f"unknown game {key!r}")
    game = GAMES[key]
    preset = data.get("preset")
    if not (isinstance(preset, str) and preset in rules.PRESETS):
        raise SaveError(f"unknown preset {preset!r}")
    seed = data.get("seed")
    if not (isinstance(seed, str) and 0 < len(seed) <= 200):
        raise SaveError("the seed must be a short text")
    players_raw = data.get("players")
    if not (isinstance(players_raw, list) and 1 <= len(players_raw) <= MAX_PLAYERS):
        raise SaveError(f"a game has 1 to {MAX_PLAYERS} players")
    players = tuple(_player(p, i) for i, p in enumerate(players_raw))
    n = len(players)
    rolloff = _rolloff(data.get("rolloff"), n)
    first = _int(data.get("first"), 0, n - 1, "first")
    _expect(first == roll_off_winner(rolloff), "the first player is not the roll-off's winner")
    cards_raw = data.get("cards")
    if not (isinstance(cards_raw, list) and len(cards_raw) == n):
        raise SaveError("there must be one card per player")
    cards = tuple(_card(c, i, game) for i, c in enumerate(cards_raw))
    turn = _int(data.get("turn"), 0, game.turns * n, "turn")
    rolls_used = _int(data.get("rolls_used"), 0, 3, "rolls_used")
    dice = None if data.get("dice") is None else _dice(data.get("dice"), "dice")
    held = _holds(data.get("held"))
    _expect((dice is None) == (rolls_used == 0), "dice are on the table exactly when a roll has been made")
    _expect(rolls_used > 0 or not any(held), "dice are held before the first roll")
    state = GameState(preset, seed, players, rolloff, first, cards, turn, rolls_used, dice, held, game=game)
    for seat, card in enumerate(cards):
        expected = state.turns_taken(seat)
        _expect(len(card.scores) == expected,
                f"player {seat + 1}'s card has {len(card.scores)} boxes filled after {expected} turns")
    return state


def _rolloff(value: Any, players: int) -> tuple[tuple[tuple[int, rules.Dice], ...], ...]:
    _expect(isinstance(value, list), "the roll-off must be a list of rounds")
    _expect((players == 1) == (not value), "a roll-off is held exactly when there are several players")
    contenders = list(range(players))
    rounds = []
    for number, rnd in enumerate(value):
        _expect(bool(contenders) and len(contenders) > 1, "the roll-off goes on after it was decided")
        _expect(isinstance(rnd, list) and len(rnd) == len(contenders), f"roll-off round {number + 1} is malformed")
        throws = []
        for seat_and_dice, expected_seat in zip(rnd, contenders, strict=True):
            ok = isinstance(seat_and_dice, list) and len(seat_and_dice) == 2 and seat_and_dice[0] == expected_seat
            _expect(ok, f"roll-off round {number + 1} has the wrong players")
            throws.append((expected_seat, _dice(seat_and_dice[1], "a roll-off throw")))
        best = max(sum(d) for _, d in throws)
        contenders = [seat for seat, d in throws if sum(d) == best]
        rounds.append(tuple(throws))
    _expect(len(contenders) <= 1 or players == 1, "the roll-off was not finished")
    return tuple(rounds)


# --- moves ------------------------------------------------------------------------------


def _move_to_record(move: Move) -> dict[str, Any]:
    if isinstance(move, Roll):
        return {"roll": list(move.dice), "held": list(move.held)}
    return {"score": move.box}


def _replay(snapshot: GameState, moves: Any) -> GameState:
    """Play the recorded moves from the opening position; each must be legal."""
    _expect(isinstance(moves, list) and len(moves) <= 4 * snapshot.game.turns * MAX_PLAYERS, "moves must be a list")
    state = GameState(snapshot.preset, snapshot.seed, snapshot.players, snapshot.rolloff, snapshot.first,
                      tuple(Card(game=snapshot.game) for _ in snapshot.players), game=snapshot.game)
    for number, move in enumerate(moves, start=1):
        _expect(isinstance(move, dict), f"move {number} is not an object")
        try:
            if "roll" in move:
                state = state.enter_roll(_dice(move["roll"], f"move {number}"), _holds(move.get("held")))
            else:
                box = move.get("score")
                _expect(isinstance(box, str), f"move {number} is neither a roll nor a score")
                state = state.score(box)
        except IllegalAction as err:
            raise SaveError(f"move {number} breaks the rules: {err}") from None
    return state
