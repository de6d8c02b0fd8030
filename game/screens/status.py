"""The lines around the board: whose turn it is, the result, the roll-off, the score to beat.

>>> from game.core.state import new_game
>>> "Round 1 of 13" in status_html(new_game(["Ann"], seed="s"))
True
>>> rolloff_html(new_game(["Ann"], seed="s"))
''
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.language import _, list_separator
from game.core.players import level_name
from game.core.state import GameState
from game.screens.markup import escape, name_slot
from game.screens.scorecard import percent
from game.screens.versus import versus_html

if TYPE_CHECKING:
    from game.strategy.distribution import ScoreDistribution



def _html(message: str, **markup: object) -> str:
    """A catalog's sentence as HTML, its placeholders filled with markup (name slots, <strong>)."""
    return escape(message) % markup


def end_actions() -> str:
    """What to do after a game: a new one, its review, its result shared, Today's ten."""
    again, review, share = escape(_("New game")), escape(_("Review this game")), escape(_("Share result"))
    ten = escape(_("Today's ten"))
    return (f'<button type="button" id="again">{again}</button>'
            f'<button type="button" id="review-game">{review}</button>'
            f'<button type="button" id="share-result">{share}</button>'
            f'<button type="button" id="ten-open">{ten}</button>')


def status_html(state: GameState, turn_link: str | None = None, catching_up: bool = False,
                perfect: ScoreDistribution | None = None, next_seat: int | None = None,
                given_up: tuple[float, ...] | None = None) -> str:
    """Whose turn it is and what to do, or the result when the game is over.

    ``turn_link``: the ``#play=…`` link that carries a link game on, shown in an element
    carrying ``data-turn-link``; ``catching_up``: the turns shown were played elsewhere;
    ``perfect``: the distribution under perfect play the end screen compares scores with;
    ``next_seat``: while catching up, the seat that plays once the turns are shown (who
    plays now is said at once, not only after the replay); ``given_up``: each player's
    points given up against perfect play, once known (the end screen shows them).

    >>> from game.core.players import Player
    >>> from game.core.state import new_game
    >>> html = status_html(new_game(["Ann", Player("Ben", "link")], seed="e"), turn_link="#play=1.AAA")
    >>> 'data-turn-link href="#play=1.AAA"' in html
    True
    """
    if state.over:
        return _result_html(state, turn_link, perfect, given_up)
    seat = state.current_seat
    assert seat is not None, "a game not over has a player to move"
    kind = state.players[seat].kind
    who = "" if kind == "human" else " <small>" + (
        escape(_("(on their own device)")) if kind == "link"
        else _html(_("(computer: %(level)s)"), level=escape(level_name(kind)))) + "</small>"
    turn = _html(_("Round %(round)d of %(rounds)d"), round=state.round + 1, rounds=state.game.turns)
    if catching_up:  # named: who made the move on the board (a box scored passes the turn)
        mover = state.moves[-1].seat if state.moves else seat
        whose = f'<span class="whose">{name_slot(mover)}</span>'
        line = _html(_("Catching up: %(name)s · %(round)s"), name=whose, round=turn)
        since = escape(_("The turns played since this device last saw the game."))
        then = "" if next_seat is None else " " + _html(
            # Translators: after the turns played elsewhere are shown, this player is to play.
            _("Next to play: %(name)s."), name=f'<span class="whose">{name_slot(next_seat)}</span>')
        return f'<p class="turn">{line}</p><p class="hint">{since}{then}</p>'
    line = f'<p class="turn"><span class="whose">{name_slot(seat)}{who}</span> · {turn}</p>'
    if kind == "link":
        send_to = _html(_("Send the game to %(name)s"), name=name_slot(seat))
        send = (f'<p class="pass-on"><a class="turn-link" data-turn-link href="{escape(turn_link)}">'
                f"{send_to}</a></p>" if turn_link else "")
        their = escape(_("They play this turn on their device: send them the game."))
        return f'{line}<p class="hint">{their}</p>{send}'
    hint = _("Roll the dice.") if state.rolls_used == 0 else (
        _("Hold dice and roll again, or score a box.") if state.rolls_left else _("Choose a box to score."))
    return f'{line}<p class="hint">{escape(hint)}</p>'


def standings(state: GameState) -> tuple[tuple[int, int, int], ...]:
    """(rank, seat, total) best first; tied totals share a rank.

    >>> from dataclasses import replace
    >>> from game.core.card import Card
    >>> from game.core.state import new_game
    >>> state = new_game(["Ann", "Ben", "Cy"], seed="s")
    >>> cards = tuple(Card().with_box("chance", n, 0) for n in (20, 25, 20))
    >>> standings(replace(state, cards=cards))
    ((1, 1, 25), (2, 0, 20), (2, 2, 20))
    """
    totals = state.grand_totals()
    order = sorted(range(len(totals)), key=lambda seat: (-totals[seat], seat))
    return tuple((1 + sum(t > totals[seat] for t in totals), seat, totals[seat]) for seat in order)


def _result_html(state: GameState, turn_link: str | None, perfect: ScoreDistribution | None,
                 given_up: tuple[float, ...] | None = None) -> str:
    """The final standings by rank, each person against perfect play, and what to do next."""
    given = ""
    if given_up is not None:  # known only once a table is here, with the later archive
        from game.screens.given_up_words import given_up_html

        given = given_up_html(state, given_up)
    final_card = escape(_("Send the final card to the others"))
    send = f' <a class="turn-link" data-turn-link href="{escape(turn_link)}">{final_card}</a>' if turn_link else ""
    winners = state.winners()
    if len(state.players) == 1:
        # Solo games can be replayed by a friend on the same dice (game/core/links.py).
        challenge = escape(_("Challenge a friend"))
        action = (f'<button type="button" id="challenge-friend">{challenge}</button>'
                  if state.players[0].is_human else "")
        score = f"<strong>{state.grand_totals()[0]}</strong>"
        result = _html(_("Game over: %(name)s scored %(score)s."), name=name_slot(0), score=score)
        return (f'<p class="result">{result}</p>'
                f'{versus_html(state, perfect)}{given}'
                f'<p class="actions">{end_actions()}{action}{send}</p>')
    names = escape(list_separator()).join(name_slot(seat) for seat in winners)
    result = _html(_("Game over: %(names)s share the win!") if len(winners) > 1 else _("Game over: %(names)s wins!"),
                   names=names)
    rows = "".join(f'<li value="{rank}">{name_slot(seat)}: {total}</li>' for rank, seat, total in standings(state))
    return (f'<p class="result">{result}</p><ol class="final">{rows}</ol>'
            f'{versus_html(state, perfect)}{given}'
            f'<p class="actions">{end_actions()}{send}</p>')


def challenge_html(state: GameState, beat: int | None, chance: float | None = None) -> str:
    """The score a friend's link asks to beat; the friend's name sits in the slot after the players'.

    ``chance``: the chance to beat it from here (game.strategy.win_chances), once known.

    >>> from game.core.state import new_game
    >>> challenge_html(new_game(["Ann"], seed="s"), 250, 0.4964).split(". ", 1)[1]
    '<span data-win-chance="0.4964">Your chance to beat it: 50%.</span>'
    """
    if beat is None:
        return ""
    who = name_slot(len(state.players))
    if not state.over:
        your = _html(_("Your chance to beat it: %(chance)s."), chance=percent(chance)) if chance is not None else ""
        odds = f' <span data-win-chance="{chance:.4f}">{your}</span>' if chance is not None else ""
        return _html(_("Score to beat: %(score)s, set by %(name)s."), score=f"<strong>{beat}</strong>", name=who) + odds
    score = state.grand_totals()[0]
    verdict = _("You beat it!") if score > beat else (_("A tie!") if score == beat else _("It stands."))
    # Translators: the name may be "a friend" (words.unnamed_friend, lowercase): never first in the sentence.
    return _html(_("The score to beat was %(beat)s, set by %(name)s; you scored %(score)d. %(verdict)s"), name=who,
                 beat=f"<strong>{beat}</strong>", score=score, verdict=escape(verdict))


def rolloff_html(state: GameState) -> str:
    """The roll-off for who starts, round by round, on one line (empty in a solo game).

    >>> from game.core.state import new_game
    >>> rolloff_html(new_game(["Ann", "Ben"], seed="s")).count("<p>")
    1
    """
    if not state.rolloff:
        return ""
    rounds, separator = [], escape(list_separator())
    for number, throws in enumerate(state.rolloff, start=1):
        items = separator.join(f'{name_slot(seat)} {sum(dice)}<small> ({"-".join(map(str, dice))})</small>'
                               for seat, dice in throws)
        # Translators: each round of the roll-off for who starts is its own sentence; the throws
        # are a list of "Ann 18 (6-6-3-2-1)".
        rounds.append(_html(_("Who starts: %(throws)s.") if number == 1 else _("A tie, so again: %(throws)s."),
                            throws=items))
    starts = _html(_("%(name)s starts."), name=name_slot(state.first))
    return f"<p>{' '.join(rounds)} <strong>{starts}</strong></p>"
