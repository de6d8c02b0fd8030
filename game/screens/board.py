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

from game.core.language import _, ngettext
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


def _roll_off(text: str) -> str:
    """Roll, disabled, saying why (its accessible name starts with the word for Roll)."""
    return f'<button type="button" id="roll" class="roll" disabled>{escape(text)}</button>'


def _skip(text: str) -> str:
    return f'<button type="button" id="skip" class="skip">{escape(text)}</button>'


def person_to_move(state: GameState) -> bool:
    player = state.current_player
    return player is not None and player.is_human


def _die_label(number: int, face: int, held: bool, coach_holds: bool) -> str:
    """A die's accessible name: its visible words in their order, the key and "Held" (WCAG
    2.5.3, axe's label-content-name-mismatch): "Die 2, held: 5"."""
    values = {"die": number, "face": face}
    if not face:
        return _("Die %(die)d: not rolled yet") % values
    if coach_holds:
        return (_("Die %(die)d, held: %(face)d, the coach would hold it") if held
                else _("Die %(die)d, not held: %(face)d, the coach would hold it")) % values
    return (_("Die %(die)d, held: %(face)d") if held else _("Die %(die)d, not held: %(face)d")) % values


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
        label = _die_label(i + 1, face, held, bool(hint and hint[i]))
        tag = escape(_("Held")) if held else ""
        long = " data-long" if len(tag) > 6 else ""  # set closer, so that it stays within the die (style.css)
        out.append(
            f'<button type="button" class="{classes}" data-die="{i}" data-face="{face}" '
            f'aria-pressed="{"true" if held else "false"}" aria-label="{escape(label)}"'
            f'{"" if can_hold else " disabled"}>{die_svg(face)}'
            f'<span class="die-key" aria-hidden="true">{i + 1}</span> '
            f'<span class="held-tag" aria-hidden="true"{long}>{tag}</span></button>'
        )
    return "".join(out)


def controls_html(state: GameState, can_undo: bool = False, hints: bool = False, catching_up: bool = False) -> str:
    """Roll (or, with real dice, the entry of a throw), Undo while allowed, and the Hints switch."""
    if catching_up:  # turns played on other devices, shown one step at a time
        return _roll_off(_("Roll (catching up)")) + _skip(_("Skip to now"))
    main = dice_entry_html(state) if state.real_dice and not state.over else roll_button_html(state)
    why, undo_text, hints_text = escape(_("Undo the last box scored")), escape(_("Undo")), escape(_("Hints"))
    undo = (f'<button type="button" id="undo" class="undo" title="{why}">{undo_text}</button>'
            if can_undo else "")
    toggle = (f'<button type="button" id="hints" class="hints" aria-pressed="{"true" if hints else "false"}">'
              f"{hints_text}</button>" if not state.over else "")
    return main + undo + toggle


def dice_entry_html(state: GameState) -> str:
    """Physical dice: type the throw (all five, or the dice not held); the card is kept here."""
    if not person_to_move(state):
        return roll_button_html(state)
    left = state.rolls_left
    if not left:
        return _roll_off(_("Roll (none left: score a box)"))
    count = 5 if state.rolls_used == 0 else 5 - sum(state.held)
    typed = ngettext("Dice you rolled (%(count)d)", "Dice you rolled (%(count)d)", count) % {"count": count}
    # Translators: the real-dice button; a refusal names it ("…then Record roll."): the same words in both.
    record = ngettext("Record roll (%(left)d left)", "Record roll (%(left)d left)", left) % {"left": left}
    return (f'<form id="dice-entry" class="dice-entry"><label>{escape(typed)} '
            f'<input id="dice-input" inputmode="numeric" autocomplete="off" maxlength="9" '
            f'pattern="[1-6 ,]*" required></label> <button type="submit" id="roll" class="roll">'
            f"{escape(record)}</button></form>")


def roll_button_html(state: GameState) -> str:
    """The Roll button: its accessible name starts with "Roll" and says how many are left.

    While a computer plays, Roll is disabled and a Skip ahead button hurries it along.
    """
    if state.over:
        return _roll_off(_("Roll (game over)"))
    player = state.current_player
    if player is not None and player.kind == "link":
        return _roll_off(_("Roll (their turn)"))
    if not person_to_move(state):
        return _roll_off(_("Roll (computer playing)")) + _skip(_("Skip ahead"))
    left = state.rolls_left
    text = (ngettext("Roll (%(left)d left)", "Roll (%(left)d left)", left) % {"left": left} if left
            else _("Roll (none left: score a box)"))
    disabled = "" if left else " disabled"
    return f'<button type="button" id="roll" class="roll"{disabled}>{escape(text)}</button>'
