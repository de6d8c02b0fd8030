"""The dice and the controls under them, as HTML text built from the game state alone.

Pure functions, so they run in CPython tests and cost one DOM write per region in the
browser. Player names never enter this HTML: each region leaves an empty
``<span data-name-seat="N">`` slot that the DOM layer fills with ``textContent``, so a
name is always shown as text and never parsed as markup.

>>> from game.core.state import new_game
>>> 'data-face="0"' in dice_html(new_game(["Ann"], seed="v"))
True
"""

from __future__ import annotations

from game.core.state import GameState
from game.screens.markup import escape

#: Pip positions on a 100x100 face, for each face value.
_PIPS = {
    1: [(50, 50)],
    2: [(27, 27), (73, 73)],
    3: [(27, 27), (50, 50), (73, 73)],
    4: [(27, 27), (73, 27), (27, 73), (73, 73)],
    5: [(27, 27), (73, 27), (50, 50), (27, 73), (73, 73)],
    6: [(27, 25), (73, 25), (27, 50), (73, 50), (27, 75), (73, 75)],
}


def person_to_move(state: GameState) -> bool:
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
    can_hold = state.rolls_used > 0 and not state.over and person_to_move(state)
    out = []
    for i, (face, held) in enumerate(zip(faces, state.held, strict=True)):
        classes = "die" + (" held" if held else "") + (" rolling" if rolled and not held else "")
        classes += " hint" if hint and hint[i] else ""
        # The name holds the die's visible words in their order, the key and "Held" (WCAG
        # 2.5.3, axe's label-content-name-mismatch): "Die 2, held: 5"; a space parts them.
        label = f"Die {i + 1}" + (f", {'held' if held else 'not held'}: {face}" if face else ": not rolled yet")
        label += ", the coach would hold it" if hint and hint[i] else ""
        out.append(
            f'<button type="button" class="{classes}" data-die="{i}" data-face="{face}" '
            f'aria-pressed="{"true" if held else "false"}" aria-label="{label}"'
            f'{"" if can_hold else " disabled"}>{die_svg(face)}'
            f'<span class="die-key" aria-hidden="true">{i + 1}</span> '
            f'<span class="held-tag" aria-hidden="true">{"Held" if held else ""}</span></button>'
        )
    return "".join(out)


def controls_html(state: GameState, can_undo: bool = False, hints: bool = False, catching_up: bool = False) -> str:
    """Roll (or, with real dice, the entry of a throw), Undo while allowed, and the Hints switch."""
    if catching_up:  # turns played on other devices, shown one step at a time
        return ('<button type="button" id="roll" class="roll" disabled>Roll (catching up)</button>'
                '<button type="button" id="skip" class="skip">Skip to now</button>')
    main = dice_entry_html(state) if state.real_dice and not state.over else roll_button_html(state)
    undo = ('<button type="button" id="undo" class="undo" title="Undo the last box scored">Undo</button>'
            if can_undo else "")
    toggle = (f'<button type="button" id="hints" class="hints" aria-pressed="{"true" if hints else "false"}">'
              "Hints</button>" if not state.over else "")
    return main + undo + toggle


def dice_entry_html(state: GameState) -> str:
    """Physical dice: type the throw (all five, or the dice not held); the card is kept here."""
    if not person_to_move(state):
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
    player = state.current_player
    if player is not None and player.kind == "link":
        return '<button type="button" id="roll" class="roll" disabled>Roll (their turn)</button>'
    if not person_to_move(state):
        return ('<button type="button" id="roll" class="roll" disabled>Roll (computer playing)</button>'
                '<button type="button" id="skip" class="skip">Skip ahead</button>')
    left = state.rolls_left
    text = f"Roll ({left} left)" if left else "Roll (none left: score a box)"
    disabled = "" if left else " disabled"
    return f'<button type="button" id="roll" class="roll"{disabled}>{escape(text)}</button>'
