"""What each region of the screen shows, as HTML text built from the game state alone.

Pure functions, so they run in CPython tests and cost one DOM write per region in the
browser. Player names never enter this HTML: each region leaves an empty
``<span data-name-seat="N">`` slot that the DOM layer fills with ``textContent``, so a
name is always shown as text and never parsed as markup.

>>> from game.core.state import new_game
>>> 'data-face="0"' in dice_html(new_game(["Ann"], seed="v"))
True
"""

from __future__ import annotations

from collections.abc import Callable

from game.core import rules
from game.core.card import Card
from game.core.state import GameState
from game.screens.markup import escape, name_slot

#: Pip positions on a 100x100 face, for each face value.
_PIPS = {
    1: [(50, 50)],
    2: [(27, 27), (73, 73)],
    3: [(27, 27), (50, 50), (73, 73)],
    4: [(27, 27), (73, 27), (27, 73), (73, 73)],
    5: [(27, 27), (73, 27), (50, 50), (27, 73), (73, 73)],
    6: [(27, 25), (73, 25), (27, 50), (73, 50), (27, 75), (73, 75)],
}


def _person_to_move(state: GameState) -> bool:
    player = state.current_player
    return player is not None and player.is_human


def die_svg(face: int) -> str:
    """A die face drawn with pips (``face`` 0 draws a blank die, before the first roll).

    >>> die_svg(3).count("<circle")
    3
    """
    pips = "".join(f'<circle cx="{x}" cy="{y}" r="9"/>' for x, y in _PIPS.get(face, []))
    return (f'<svg viewBox="0 0 100 100" aria-hidden="true" focusable="false">'
            f'<rect x="4" y="4" width="92" height="92" rx="16"/>{pips}</svg>')


def dice_html(state: GameState, rolled: bool = False, hint: tuple[bool, ...] | None = None) -> str:
    """Five die buttons; ``rolled`` animates the dice just thrown; ``hint`` marks the coach's hold."""
    faces = state.dice or (0,) * 5
    can_hold = state.rolls_used > 0 and not state.over and _person_to_move(state)
    out = []
    for i, (face, held) in enumerate(zip(faces, state.held, strict=True)):
        classes = "die" + (" held" if held else "") + (" rolling" if rolled and not held else "")
        classes += " hint" if hint and hint[i] else ""
        label = f"Die {i + 1}: " + (f"{face}, {'held' if held else 'not held'}" if face else "not rolled yet")
        label += ", the coach would hold it" if hint and hint[i] else ""
        out.append(
            f'<button type="button" class="{classes}" data-die="{i}" data-face="{face}" '
            f'aria-pressed="{"true" if held else "false"}" aria-label="{label}"'
            f'{"" if can_hold else " disabled"}>{die_svg(face)}'
            f'<span class="die-key" aria-hidden="true">{i + 1}</span>'
            f'<span class="held-tag" aria-hidden="true">{"Held" if held else ""}</span></button>'
        )
    return "".join(out)


def controls_html(state: GameState, can_undo: bool = False, hints: bool = False) -> str:
    """Roll (or, with real dice, the entry of a throw), Undo while allowed, and the Hints switch."""
    main = dice_entry_html(state) if state.real_dice and not state.over else roll_button_html(state)
    undo = '<button type="button" id="undo" class="undo">Undo last box</button>' if can_undo else ""
    toggle = (f'<button type="button" id="hints" class="hints" aria-pressed="{"true" if hints else "false"}">'
              "Hints</button>" if not state.over else "")
    return main + undo + toggle


def dice_entry_html(state: GameState) -> str:
    """Physical dice: type the throw (all five, or the dice not held); the card is kept here."""
    if not _person_to_move(state):
        return roll_button_html(state)
    left = state.rolls_left
    if not left:
        return '<button type="button" id="roll" class="roll" disabled>Roll (none left: score a box)</button>'
    count = 5 if state.rolls_used == 0 else 5 - sum(state.held)
    return (f'<form id="dice-entry" class="dice-entry"><label>Dice you rolled ({count}) '
            f'<input id="dice-input" inputmode="numeric" autocomplete="off" maxlength="9" '
            f'pattern="[1-6 ,]*" required></label> <button type="submit" id="roll" class="roll">'
            f"Roll recorded ({left} left)</button></form>")


def roll_button_html(state: GameState) -> str:
    """The Roll button: its accessible name starts with "Roll" and says how many are left.

    While a computer plays, Roll is disabled and a Skip ahead button hurries it along.
    """
    if state.over:
        return '<button type="button" id="roll" class="roll" disabled>Roll (game over)</button>'
    if not _person_to_move(state):
        return ('<button type="button" id="roll" class="roll" disabled>Roll (computer playing)</button>'
                '<button type="button" id="skip" class="skip">Skip ahead</button>')
    left = state.rolls_left
    text = f"Roll ({left} left)" if left else "Roll (none left: score a box)"
    disabled = "" if left else " disabled"
    return f'<button type="button" id="roll" class="roll"{disabled}>{escape(text)}</button>'


def _box_cell(state: GameState, seat: int, box: str, options: dict[str, int | str], hint: str | None = None) -> str:
    card = state.cards[seat]
    filled = card.filled
    label = rules.BOX_LABELS[box]
    if box in filled:
        return f'<td class="filled" data-seat="{seat}" data-points="{filled[box]}">{filled[box]}</td>'
    if seat != state.current_seat:
        return f'<td class="open" data-seat="{seat}"></td>'
    if state.dice is None:
        return (f'<td class="open current" data-seat="{seat}"><button type="button" class="box" '
                f'data-box="{box}" disabled aria-label="{label}: roll first"></button></td>')
    option = options[box]
    if isinstance(option, str):
        reason = escape(f"{label} is closed: {option}")
        return (f'<td class="open current" data-seat="{seat}"><button type="button" class="box closed" '
                f'data-box="{box}" data-closed="{escape(option)}" aria-disabled="true" title="{reason}" '
                f'aria-label="{reason}"><span aria-hidden="true">✕</span></button></td>')
    marked = " hint" if box == hint else ""
    advice = ", the coach's choice" if box == hint else ""
    waiting = "" if _person_to_move(state) else " disabled"  # a computer is choosing
    return (f'<td class="open current" data-seat="{seat}"><button type="button" class="box{marked}" '
            f'data-box="{box}" data-preview="{option}" aria-label="{label}: score {option}{advice}"{waiting}>'
            f"{option}</button></td>")


def _total_row(state: GameState, key: str, label: str, value_of: Callable[[Card], int]) -> str:
    cells = "".join(
        f'<td data-seat="{seat}" data-total="{key}" data-value="{value_of(card)}">{value_of(card)}</td>'
        for seat, card in enumerate(state.cards)
    )
    return f'<tr class="total total-{key.replace("_", "-")}"><th scope="row">{escape(label)}</th>{cells}</tr>'


def _bonus_row(state: GameState) -> str:
    """Yahtzee bonus check marks beside their points, as on the pad."""
    cells = "".join(
        f'<td data-seat="{seat}" data-total="yahtzee_bonus" data-count="{c.yahtzee_bonuses}" '
        f'data-value="{100 * c.yahtzee_bonuses}"><span class="checks" aria-label="{c.yahtzee_bonuses} bonus '
        f'check marks">{"✓" * c.yahtzee_bonuses}</span> {100 * c.yahtzee_bonuses}</td>'
        for seat, c in enumerate(state.cards)
    )
    return f'<tr class="total total-yahtzee-bonus"><th scope="row">Yahtzee bonus</th>{cells}</tr>'


def scorecard_html(state: GameState, hint: str | None = None) -> str:
    """The paper pad: one column per player, the current player's column marked."""
    options = state.box_options()
    head = "".join(
        f'<th scope="col" data-seat="{seat}" class="{"current" if seat == state.current_seat else ""}">'
        f"{name_slot(seat)}</th>"
        for seat in range(len(state.players))
    )
    rows = [f'<thead><tr><th scope="col">Box</th>{head}</tr></thead><tbody class="upper">']

    def box_row(box: str) -> str:
        cells = "".join(_box_cell(state, seat, box, options, hint) for seat in range(len(state.players)))
        return f'<tr data-row="{box}"><th scope="row">{escape(rules.BOX_LABELS[box])}</th>{cells}</tr>'

    rows += [box_row(box) for box in rules.UPPER_BOXES]
    rows.append(_total_row(state, "upper", "Upper subtotal", lambda c: c.totals.upper_subtotal))
    rows.append(_total_row(state, "upper_bonus", "Bonus (63+ = 35)", lambda c: c.totals.upper_bonus))
    rows.append(_total_row(state, "upper_total", "Upper total", lambda c: c.totals.upper_total))
    rows.append('</tbody><tbody class="lower">')
    rows += [box_row(box) for box in rules.LOWER_BOXES]
    rows.append(_bonus_row(state))
    rows.append(_total_row(state, "lower", "Lower total", lambda c: c.totals.lower_total))
    rows.append(_total_row(state, "grand", "Grand total", lambda c: c.totals.grand_total))
    rows.append("</tbody>")
    return "".join(rows)


