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

from collections.abc import Collection, Sequence

from game.core import rules
from game.core.state import GameState
from game.records.high_scores import ScoreEntry
from game.records.statistics import Stats
from game.screens.markup import escape
from game.strategy import LEVEL_NAMES

#: Pip positions on a 100x100 face, for each face value.
_PIPS = {
    1: [(50, 50)],
    2: [(27, 27), (73, 73)],
    3: [(27, 27), (50, 50), (73, 73)],
    4: [(27, 27), (73, 27), (27, 73), (73, 73)],
    5: [(27, 27), (73, 27), (50, 50), (27, 73), (73, 73)],
    6: [(27, 25), (73, 25), (27, 50), (73, 50), (27, 75), (73, 75)],
}


END_ACTIONS = ('<button type="button" id="again">New game</button>'
                 '<button type="button" id="review-game">Review this game</button>')


def name_slot(seat: int) -> str:
    """An empty span the DOM layer fills with the seat's name as text."""
    return f'<span class="name" data-name-seat="{seat}"></span>'


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
    can_hold = state.rolls_used > 0 and not state.over and state.current_player.is_human
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
    if not state.current_player.is_human:
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
    if not state.current_player.is_human:
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
    waiting = "" if state.current_player.is_human else " disabled"  # a computer is choosing
    return (f'<td class="open current" data-seat="{seat}"><button type="button" class="box{marked}" '
            f'data-box="{box}" data-preview="{option}" aria-label="{label}: score {option}{advice}"{waiting}>'
            f"{option}</button></td>")


def _total_row(state: GameState, key: str, label: str, value_of) -> str:
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
    kind = state.players[seat].kind
    who = "" if kind == "human" else f" <small>(computer: {escape(LEVEL_NAMES.get(kind, kind))})</small>"
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
    """The roll-off for who starts, round by round (empty in a solo game)."""
    if not state.rolloff:
        return ""
    rounds = []
    for number, throws in enumerate(state.rolloff, start=1):
        items = ", ".join(f'{name_slot(seat)} {sum(dice)} <small>({"-".join(map(str, dice))})</small>'
                          for seat, dice in throws)
        title = "Who starts: " if number == 1 else "Tie, again: "
        rounds.append(f"<p>{title}{items}</p>")
    return "".join(rounds) + f"<p><strong>{name_slot(state.first)} starts.</strong></p>"


def describe_roll(state: GameState) -> str:
    """The words the live region speaks after a roll.

    >>> from game.core.state import new_game
    >>> from game.core.dice import ScriptedDice
    >>> describe_roll(new_game(["Ann"], seed="x").roll(ScriptedDice([1, 2, 3, 4, 5])))
    'Rolled 1, 2, 3, 4, 5. 2 rolls left.'
    """
    dice = ", ".join(map(str, state.dice or ()))
    left = state.rolls_left
    return f"Rolled {dice}. " + (f"{left} roll{'s' if left != 1 else ''} left." if left else "No rolls left.")


def high_scores_html(entries: Sequence[ScoreEntry], highlight: Collection[str] = ()) -> str:
    """The top-15 table; names go in slots indexed by rank, so they are set as text."""
    if not entries:
        return '<p class="empty">No scores yet: finish a game to enter the table.</p>'
    rows = []
    for rank, entry in enumerate(entries):
        mark = ' class="just-made" aria-current="true"' if entry.id in highlight else ""
        flags = " · assisted" if entry.assisted else ""
        rows.append(
            f'<tr{mark} data-entry="{escape(entry.id)}"><td>{rank + 1}</td><td>{name_slot(rank)}</td>'
            f"<td>{entry.score}</td><td>{escape(entry.date)}</td>"
            f"<td>{escape(rules.PRESET_LABELS.get(entry.preset, entry.preset))}{flags}</td>"
            f"<td>{entry.players}</td></tr>"
        )
    head = ('<thead><tr><th scope="col">#</th><th scope="col">Name</th><th scope="col">Score</th>'
            '<th scope="col">Date</th><th scope="col">Rules</th><th scope="col">Players</th></tr></thead>')
    return f'<table class="scores">{head}<tbody>{"".join(rows)}</tbody></table>'


def stats_html(stats: Stats) -> str:
    """One preset's statistics and the histogram of its final scores.

    >>> from game.records.statistics import Stats
    >>> "No games yet" in stats_html(Stats("official"))
    True
    """
    if not stats.games:
        return '<p class="empty">No games yet with these rules.</p>'
    facts = [
        ("Games played", str(stats.games)),
        ("Average", f"{stats.average:.1f}"),
        ("Best", str(stats.best)),
        ("Yahtzees rolled", str(stats.yahtzees)),
        ("Upper bonus reached", f"{stats.upper_bonuses} ({100 * stats.upper_bonus_rate:.0f}%)"),
    ]
    items = "".join(f"<dt>{escape(k)}</dt><dd data-stat=\"{escape(k)}\">{escape(v)}</dd>" for k, v in facts)
    from game.screens.charts import histogram_svg  # here: only the statistics dialog draws charts (start-up time)

    return f'<dl class="stats">{items}</dl><figure class="histogram">{histogram_svg(stats)}</figure>'
