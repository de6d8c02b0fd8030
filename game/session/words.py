"""Everything the session says to the player, in one place: the live region's sentences.

>>> from game.core.state import new_game
>>> from game.core.dice import ScriptedDice
>>> state = new_game(["Ann"], seed="x").roll(ScriptedDice([1, 2, 3, 4, 5]))
>>> describe_roll(state)
'Rolled 1, 2, 3, 4, 5. 2 rolls left.'
>>> describe_score(state, state.score("large_straight"), "large_straight")
'Ann scored 40 in Lg. straight.'
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Sequence

from game.core import rules
from game.core.state import GameState
from game.records.game_slot import Challenge
from game.screens.status import standings


def describe_roll(state: GameState) -> str:
    """The words spoken after a roll."""
    dice = ", ".join(map(str, state.dice or ()))
    left = state.rolls_left
    return f"Rolled {dice}. " + (f"{left} roll{'s' if left != 1 else ''} left." if left else "No rolls left.")


def describe_hold(name: str, dice: Sequence[int], held: Sequence[bool]) -> str:
    """A computer's hold: ``Bot holds 6, 6.``"""
    kept = [str(d) for d, h in zip(dice, held, strict=True) if h]
    return f"{name} holds {', '.join(kept) or 'nothing'}."


def describe_score(before: GameState, after: GameState, box: str) -> str:
    """What a box scored (and the result, if it ended the game)."""
    seat = before.current_seat
    assert seat is not None, "a box is scored during a turn"
    card = after.cards[seat]
    points = card.filled[box]
    bonus = " plus a 100 Yahtzee bonus" if card.yahtzee_bonuses > before.cards[seat].yahtzee_bonuses else ""
    text = f"{before.players[seat].name} scored {points} in {rules.BOX_LABELS[box]}{bonus}."
    if after.over:
        totals = after.grand_totals()
        text += " Game over. " + ", ".join(f"{p.name} {t}" for p, t in zip(after.players, totals, strict=True)) + "."
    return text


def describe_start(state: GameState) -> str:
    names = ", ".join(p.name for p in state.players)
    if len(state.players) == 1:
        return f"New game for {names}."
    return f"New game: {names}. {state.players[state.first].name} starts."


def describe_link(seed: str, challenge: Challenge | None) -> str:
    """The question a link asks while a game is in progress."""
    text = f"You have a game in progress. The link starts a new game on the seed “{seed}”"
    return text + (f" with {challenge.name}'s score of {challenge.beat} to beat." if challenge else ".")


def result_text(state: GameState, challenge: Challenge | None, day: datetime.date) -> str:
    """The short text Share result sends to a chat: the rules, the date, the standings.

    >>> from dataclasses import replace
    >>> from game.core.card import Card
    >>> from game.core.state import new_game
    >>> game = new_game(["Ann", "Ben"], seed="daily-2026-11-23")
    >>> game = replace(game, turn=26, cards=(Card().with_box("chance", 20, 0), Card().with_box("chance", 25, 0)))
    >>> print(result_text(game, None, datetime.date(2026, 11, 23)))
    Dice Pad daily challenge · Official (forced Joker) · 23 November 2026
    1. Ben 25
    2. Ann 20
    """
    title = "Dice Pad daily challenge" if state.seed.startswith("daily-") else "Dice Pad"
    lines = [f"{title} · {rules.PRESET_LABELS[state.preset]} · {day.day} {day:%B %Y}"]
    lines += [f"{rank}. {state.players[seat].name} {total}" if len(state.players) > 1
              else f"{state.players[seat].name} {total}" for rank, seat, total in standings(state)]
    if challenge is not None and len(state.players) == 1:
        score = state.grand_totals()[0]
        verdict = "beaten!" if score > challenge.beat else "tied!" if score == challenge.beat else "it stands."
        lines.append(f"{challenge.name}'s {challenge.beat} to beat: {verdict}")
    return "\n".join(lines)


def computer_waits(name: str) -> str:
    return (f"{name} waits for its strategy, which could not be loaded: in a game with friends a computer "
            "plays only as it would on every device. It tries again in a few seconds.")


def kept_link(older: bool, kept_turns: int, link_turns: int) -> str:
    """A link this device does not take: ``older`` than its game, or one that does not continue it."""
    if older:
        return (f"This link is from earlier in the game ({link_turns} turns played); this device already has "
                f"a later state ({kept_turns} turns) and keeps it.")
    return ("This link does not continue the game as this device has it, so the device keeps its own "
            f"({kept_turns} turns played). Ask for the latest link.")


def resumed(names: Iterable[str]) -> str:
    return "Resumed: " + ", ".join(names) + "."


def caught_up(name: str) -> str:
    return f"Caught up. Your turn, {name}."


def held_die(position: int, face: int, held: bool) -> str:
    return f"Die {position + 1} ({face}) {'held' if held else 'released'}."


def took_back(box: str) -> str:
    return f"Took back {rules.BOX_LABELS[box]}. Choose again."


def hints_switched(on: bool) -> str:
    return "Hints on." if on else "Hints off."


def wait_for(name: str) -> str:
    return f"Wait: it is {name}'s turn."


def strategy_failed(error: object) -> str:
    return f"The strategy could not be loaded ({error}): hints wait for it, computers play simply."


def cannot_start(error: object) -> str:
    return f"Cannot start: {error}"


def type_dice(count: int) -> str:
    return refused(f"type {count} dice (1 to 6), one digit each")


NOT_YET_STARTED = "Start a new game first."
MOVED_ON = "This game moved on in another tab, so this tab now shows its latest state."
NOT_APPLIED = "Not applied: this game moved on in another tab. Look again, then play."
CANNOT_SET_ASIDE = ("Cannot start: the game in progress could not be set aside (the browser's storage is full), "
                    "so it stays on the board.")
CANNOT_RESUME = "That game could not be resumed; both games were left where they were."
LINK_WAITING = "The link's game is waiting in Games."
TYPE_DICE = "Not allowed: type the dice you rolled, then Record roll."
NOTHING_TO_UNDO = "Nothing to undo: a box can be taken back only until the next roll."


def refused(reason: object) -> str:
    """A refused action: ``Not allowed: <why>.``"""
    return f"Not allowed: {reason}."


def unreadable(error: object) -> str:
    return f"A saved game could not be read ({error}), so it was left as it is."
