"""The paper pad: the upper and the lower section as two tables side by side, one column per player.

The layout follows the printed score sheet (seed 002): the upper section ends with its
total, the bonus line and the upper total; the lower section with the Yahtzee bonus check
marks (in a game that has them: not Yatzy), the lower total and the grand total. Two tables instead of one long
one so that a phone shows the whole card beside the dice (docs/board.md). Each player's
name heads a column as a button that opens that player's card alone, with the full labels
(:func:`player_card_html`): on a narrow screen the other players' columns are compact.

>>> from game.core.state import new_game
>>> html = scorecard_html(new_game(["Ann", "Ben"], seed="s"))
>>> html.count("<table"), html.count('data-box="'), html.count('data-row="')
(2, 13, 13)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

from game.core import numbers, rules
from game.core.card import Card
from game.core.games import Game
from game.core.joker import Closed
from game.core.labels import N_
from game.core.language import _, ngettext, pgettext
from game.core.state import GameState
from game.screens.board import person_to_move
from game.screens.closed_box import closed_label
from game.screens.markup import escape, name_slot

#: The totals: key (the ``data-total`` contract), label and short label (as the catalogs
#: know them: contexts "total" and "total, short"), value (read off a card's totals, which
#: scorecard_html works out once per card: they are most of the card's cost at every click).
Total = tuple[str, str, str, Callable[[rules.Totals], int]]
UPPER_TOTALS: tuple[Total, ...] = (
    ("upper", N_("total", "Total score"), N_("total, short", "Total"), lambda t: t.upper_subtotal),
    ("upper_bonus", N_("total", "Bonus (63+ = 35)"), N_("total, short", "Bonus"), lambda t: t.upper_bonus),
    ("upper_total", N_("total", "Upper total"), N_("total, short", "Upper"), lambda t: t.upper_total),
)
LOWER_TOTALS: tuple[Total, ...] = (
    ("lower", N_("total", "Lower total"), N_("total, short", "Lower"), lambda t: t.lower_total),
    ("grand", N_("total", "Grand total"), N_("total, short", "Grand"), lambda t: t.grand_total),
)


def total_label(label: str, short: str) -> tuple[str, str]:
    """A total's name and short name (the catalogs' contexts "total" and "total, short")."""
    return pgettext("total", label), pgettext("total, short", short)


@lru_cache(maxsize=256)  # the same few dozen labels at every drawing, per language
def _label(long: str, short: str | None = None) -> str:
    """A row label: the short form replaces the long one on narrow screens (CSS)."""
    if short is None or short == long:
        return escape(long)
    return f'<span class="long">{escape(long)}</span><span class="short">{escape(short)}</span>'


def _box_cell(state: GameState, seat: int, box: str, options: dict[str, int | Closed], hint: str | None,
              filled: dict[str, int], current: str) -> str:
    """One box of one player: its points, an empty square, or (the current player's) a button.
    ``filled``: that player's boxes; ``current``: " current" for the player to move, else ""."""
    if box in filled:
        return f'<td class="filled{current}" data-seat="{seat}" data-points="{filled[box]}">{filled[box]}</td>'
    if not current:
        return f'<td class="open" data-seat="{seat}"></td>'
    label = state.game.box_label(box)  # a catalog look-up: only for an open box of the player to move
    if state.dice is None:
        name = escape(_("%(box)s: roll first") % {"box": label})
        return (f'<td class="open current" data-seat="{seat}"><button type="button" class="box" '
                f'data-box="{box}" disabled aria-label="{name}"></button></td>')
    option = options[box]
    if isinstance(option, Closed):
        reason = escape(closed_label(box, option))
        return (f'<td class="open current" data-seat="{seat}"><button type="button" class="box closed" '
                f'data-box="{box}" data-closed="{option.rule}" aria-disabled="true" title="{reason}" '
                f'aria-label="{reason}"><span aria-hidden="true">✕</span></button></td>')
    marked = " hint" if box == hint else ""
    values = {"box": label, "points": option}
    name = (_("%(box)s: score %(points)d, the coach's choice") if box == hint else _("%(box)s: score %(points)d"))
    waiting = "" if person_to_move(state) else " disabled"  # a computer is choosing
    return (f'<td class="open current" data-seat="{seat}"><button type="button" class="box{marked}" '
            f'data-box="{box}" data-preview="{option}" aria-label="{escape(name % values)}"{waiting}>'
            f"{option}</button></td>")


def summary_row(name: str, label: str, short: str, cells: Sequence[tuple[str, str]], current: int | None,
                 title: str = "") -> str:
    """A row under a section: one cell per seat, each (its data attributes, its text)."""
    tds = "".join(f'<td class="{"current" if seat == current else ""}" data-seat="{seat}" {attrs}>{text}</td>'
                  for seat, (attrs, text) in enumerate(cells))
    tip = f' title="{title}"' if title else ""
    return f'<tr class="total total-{name}"{tip}><th scope="row">{_label(label, short)}</th>{tds}</tr>'


@lru_cache(maxsize=8)
def _upper_totals(game: Game) -> tuple[Total, ...]:
    """:data:`UPPER_TOTALS` with the game's own bonus line (its threshold and points)."""
    return tuple((key, game.bonus_words, short, value) if key == "upper_bonus" else (key, label, short, value)
                 for key, label, short, value in UPPER_TOTALS)


def _total_row(sums: Sequence[rules.Totals], current: int | None, total: Total) -> str:
    key, label, short, value_of = total
    cells = [(f'data-total="{key}" data-value="{value}"', str(value)) for value in map(value_of, sums)]
    return summary_row(key.replace("_", "-"), *total_label(label, short), cells, current)


def _bonus_row(cards: Sequence[Card], current: int | None) -> str:
    """Yahtzee bonus check marks beside their points, as on the pad."""
    cells = "".join(
        f'<td class="{"current" if seat == current else ""}" data-seat="{seat}" data-total="yahtzee_bonus" '
        f'data-count="{c.yahtzee_bonuses}" data-value="{100 * c.yahtzee_bonuses}">'
        f'<span class="checks" role="img" aria-label="{escape(_checks(c.yahtzee_bonuses))}">'
        f'{"✓" * c.yahtzee_bonuses}</span>'
        f" {100 * c.yahtzee_bonuses}</td>"
        for seat, c in enumerate(cards)
    )
    label = _label(*total_label(N_("total", "Yahtzee bonus"), N_("total, short", "Y. bonus")))
    return f'<tr class="total total-yahtzee-bonus"><th scope="row">{label}</th>{cells}</tr>'


def _checks(count: int) -> str:
    return ngettext("%(count)d bonus check mark", "%(count)d bonus check marks", count) % {"count": count}


def _head(state: GameState, title: str, short: str, contract: bool, card_buttons: bool) -> str:
    """The header row: the section's name, then each player's name as a button to their card
    (without ``card_buttons``, a disabled one: a card drawn outside the board, whose name
    would open the card of the game on the board).

    Only the first table's name cells carry ``data-seat`` (``#scorecard thead th[data-seat]``
    names each player once, docs/ui-contract.md).
    """
    cells = []
    for seat in range(len(state.players)):
        current = seat == state.current_seat
        attrs = (f' data-seat="{seat}"' if contract else "") + (' class="current"' if current else "")
        turn = ' aria-current="true"' if current else ""
        opens = f' data-card="{seat}"' if card_buttons else " disabled"
        cells.append(f'<th scope="col"{attrs}><button type="button" class="who"{opens}{turn}>'
                     f"{name_slot(seat)}</button></th>")
    return f'<thead><tr><th scope="col" class="section">{_label(title, short)}</th>{"".join(cells)}</tr></thead>'


#: A player's column as the boxes are drawn: the seat, its filled boxes, and " current" for
#: the player to move (else ""), worked out once per drawing for both sections.
Column = tuple[int, dict[str, int], str]


def _section(state: GameState, part: str, boxes: Sequence[str], options: dict[str, int | Closed], tail: str,
             hint: str | None, card_buttons: bool, columns: Sequence[Column]) -> str:
    title, short = (_("Upper section"), pgettext("section, short", "Upper")) if part == "upper" else (
        _("Lower section"), pgettext("section, short", "Lower"))
    rows = [f'<table class="pad-section {part}" data-players="{len(state.players)}">',
            _head(state, title, short, contract=part == "upper", card_buttons=card_buttons), "<tbody>"]
    game = state.game
    for box in boxes:
        cells = "".join(_box_cell(state, seat, box, options, hint, filled, mark) for seat, filled, mark in columns)
        rows.append(f'<tr data-row="{box}"><th scope="row">'
                    f"{_label(game.box_label(box), game.box_label(box, short=True))}</th>{cells}</tr>")
    rows.append(tail)
    rows.append("</tbody></table>")
    return "".join(rows)


def _chances_row(chances: Sequence[float], current: int | None) -> str:
    """Each player's chance to win, under the grand totals (game.strategy.win_chances)."""
    cells = [(f'data-win-chance="{chance:.4f}"', percent(chance)) for chance in chances]
    label, short = total_label(N_("total", "Chance to win"), N_("total, short", "Win"))
    return summary_row("win-chance", label, short, cells, current,
                        escape(_("Each player's chance to win from here, if all play the optimal strategy")))


def percent(chance: float) -> str:
    """A chance in whole percent as the language writes it ("50 %" in German); "<1%" and ">99%"
    where rounding would say 0 or 100 wrongly.

    >>> percent(0.004), percent(0.5), percent(0.996), percent(1.0)
    ('<1%', '50%', '>99%', '100%')
    """
    if 0.0 < chance < 0.005:
        return "<" + numbers.percent(0.01)
    if 0.995 <= chance < 1.0:
        return ">" + numbers.percent(0.99)
    return numbers.percent(chance)


def scorecard_html(state: GameState, hint: str | None = None, chances: Sequence[float] | None = None,
                   card_buttons: bool = True, ranges: Sequence[tuple[int, int] | None] | None = None) -> str:
    """Both sections of the pad, every player's column, the current player's marked;
    ``chances``: each player's chance to win, in a row under the grand totals, and
    ``ranges`` each one's finish range; without ``card_buttons`` the names open no card
    (see :func:`_head`)."""
    cards, current, options, game = state.cards, state.current_seat, state.box_options(), state.game
    sums = [card.totals for card in cards]
    upper_tail = "".join(_total_row(sums, current, total) for total in _upper_totals(game))
    checks = _bonus_row(cards, current) if game.five_alike_extra else ""
    lower_tail = checks + "".join(_total_row(sums, current, total) for total in LOWER_TOTALS)
    if ranges is not None:
        from game.screens.range_bar import range_cells  # the later archive's, as the ranges are

        label, short = total_label(N_("total", "Finish range"), N_("total, short", "Range"))
        lower_tail += summary_row("range", label, short, range_cells(ranges, [s.grand_total for s in sums]), current)
    if chances is not None:
        lower_tail += _chances_row(chances, current)
    columns = [(seat, card.filled, " current" if seat == current else "") for seat, card in enumerate(cards)]
    return (_section(state, "upper", game.upper_names, options, upper_tail, hint, card_buttons, columns)
            + _section(state, "lower", game.lower_names, options, lower_tail, hint, card_buttons, columns))


def _card_total(label: str, value: str) -> str:
    return f'<tr class="total"><th scope="row">{escape(label)}</th><td>{value}</td></tr>'


def player_card_html(state: GameState, seat: int) -> str:
    """One player's whole card with full labels (the dialog a name in the pad opens).

    >>> from game.core.state import new_game
    >>> player_card_html(new_game(["Ann"], seed="s"), 0).count("<tr")
    19
    """
    card, game = state.cards[seat], state.game
    sums, filled = card.totals, card.filled
    rows = []
    for box in game.names:
        points = filled.get(box)
        rows.append(f'<tr><th scope="row">{escape(game.box_label(box))}</th>'
                    f'<td>{"" if points is None else points}</td></tr>')
        if box == game.upper_names[-1]:
            rows += [_card_total(pgettext("total", label), str(value(sums)))
                     for _key, label, _s, value in _upper_totals(game)]
    if game.five_alike_extra:
        checks = f'{"✓" * card.yahtzee_bonuses} {100 * card.yahtzee_bonuses}'
        rows.append(_card_total(pgettext("total", "Yahtzee bonus"), checks))
    rows += [_card_total(pgettext("total", label), str(value(sums))) for _key, label, _s, value in LOWER_TOTALS]
    return f'<table class="player-card">{"".join(rows)}</table>'
