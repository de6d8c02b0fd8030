"""The lines around the board: whose turn it is, the result, the roll-off, the score to beat.

>>> from game.core.state import new_game
>>> "Round 1 of 13" in status_html(new_game(["Ann"], seed="s"))
True
>>> rolloff_html(new_game(["Ann"], seed="s"))
''
"""

from __future__ import annotations

from game.core.state import GameState
from game.screens.markup import escape, name_slot
from game.strategy import LEVEL_NAMES

END_ACTIONS = ('<button type="button" id="again">New game</button>'
                 '<button type="button" id="review-game">Review this game</button>')


def status_html(state: GameState) -> str:
    """Whose turn it is and what to do, or the result when the game is over."""
    if state.over:
        winners = state.winners()
        names = ", ".join(name_slot(seat) for seat in winners)
        verb = "share the win" if len(winners) > 1 else "wins"
        if len(state.players) == 1:
            # Solo games can be replayed by a friend on the same dice (game/core/links.py).
            action = ('<button type="button" id="challenge-friend">Challenge a friend</button>'
                      if state.players[0].is_human else "")
            score = state.grand_totals()[0]
            return (f'<p class="result">Game over: {name_slot(0)} scored <strong>{score}</strong>.</p>'
                    f'<p class="actions">{END_ACTIONS}{action}</p>')
        totals = "".join(f"<li>{name_slot(seat)}: {total}</li>" for seat, total in enumerate(state.grand_totals()))
        return (f'<p class="result">Game over: {names} {verb}!</p><ol class="final">{totals}</ol>'
                f'<p class="actions">{END_ACTIONS}</p>')
    seat = state.current_seat
    assert seat is not None, "a game not over has a player to move"
    kind = state.players[seat].kind
    who = ("" if kind == "human" else " <small>(on their own device)</small>" if kind == "link"
           else f" <small>(computer: {escape(LEVEL_NAMES[kind])})</small>")
    hint = "Roll the dice." if state.rolls_used == 0 else (
        "Hold dice and roll again, or score a box." if state.rolls_left else "Choose a box to score.")
    turn = f"Round {state.round + 1} of 13"
    return f'<p class="turn"><span class="whose">{name_slot(seat)}{who}</span> · {turn}</p><p class="hint">{hint}</p>'


def challenge_html(state: GameState, beat: int | None) -> str:
    """The score a friend's link asks to beat; the friend's name sits in the slot after the players'."""
    if beat is None:
        return ""
    who = name_slot(len(state.players))
    if not state.over:
        return f"Score to beat: <strong>{beat}</strong>, set by {who}."
    score = state.grand_totals()[0]
    verdict = "You beat it!" if score > beat else ("A tie!" if score == beat else "It stands.")
    return f"{who}'s score to beat was <strong>{beat}</strong>; you scored {score}. {verdict}"


def rolloff_html(state: GameState) -> str:
    """The roll-off for who starts, round by round, on one line (empty in a solo game).

    >>> from game.core.state import new_game
    >>> rolloff_html(new_game(["Ann", "Ben"], seed="s")).count("<p>")
    1
    """
    if not state.rolloff:
        return ""
    rounds = []
    for number, throws in enumerate(state.rolloff, start=1):
        items = ", ".join(f'{name_slot(seat)} {sum(dice)}<small> ({"-".join(map(str, dice))})</small>'
                          for seat, dice in throws)
        rounds.append(("Who starts: " if number == 1 else "tie, again: ") + items)
    return f"<p>{'; '.join(rounds)} — <strong>{name_slot(state.first)} starts.</strong></p>"
