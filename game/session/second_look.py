"""The coach's word before a costly move (Settings: off, or above 0.5, 2 or 5 points).

When a person is about to roll (what they hold is the decision) or to fill a box, and the
move would lose more than the threshold against the best (:mod:`game.strategy.move_cost`,
the review's own valuation), the page asks first, in words, with three answers: show the
best (the coach's hint for this decision), keep my choice (the move is made as asked), try
again (nothing happens). Computers' moves, a friend's turns replayed and real dice typed in
are never checked. Checking is coaching: a game where a person moved with warnings on is
assisted, whether or not a warning came (a move let through says it was fine).

>>> from game.core.dice import ScriptedDice
>>> from game.core.state import new_game
>>> from game.strategy.tables import load_preset
>>> asked: list[str] = []
>>> look = SecondLook(asked.append, print, lambda: 2.0)
>>> state = new_game(["Ann"], seed="doc").roll(ScriptedDice([5, 5, 5, 5, 5]))
>>> table = load_preset("official")
>>> checked, _ = look.ask(state, lambda ruleset: table, "chance", lambda: None)
>>> checked.assisted, asked[0][:52]
(True, 'Scoring Chance now gives up 75.9 points. Score 50 in')
>>> look.answer(checked, "keep")[0], look.answer(checked, "keep")[0]  # answered once
('keep', None)
>>> look.ask(state, lambda ruleset: table, "yahtzee", lambda: None)[1]  # the best: nothing to ask
False
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Literal, Protocol, get_args

from game.core import rules
from game.core.state import GameState
from game.session.ports import Spawn

if TYPE_CHECKING:  # the strategy comes with the later archive, fetched with the first table
    from game.strategy.move_cost import MoveCost
    from game.strategy.options import Option
    from game.strategy.tables import Table

#: What a ranking of the dice depends on: the table, the card, the dice, the re-rolls left, the bonuses.
Ranked = tuple[int, tuple[tuple[str, int], ...], "rules.Dice | None", int, int]
#: The three answers to the question.
Answer = Literal["best", "keep", "again"]
ANSWERS: tuple[Answer, ...] = get_args(Answer)


class Once(Protocol):
    """The coach's switch for a hint on this decision only (game.session.coaching.Coach)."""

    once: bool


@dataclass(frozen=True)
class Asked:
    """A question waiting for its answer: the state it was asked on, and the move (``go``)
    to make if the player keeps their choice."""

    state: GameState
    go: Callable[[], None]


class SecondLook:
    """The threshold (``above``: read from the player's settings at each move) and the
    question waiting for its answer."""

    def __init__(self, ask: Callable[[str], None], announce: Callable[[str], None],
                 above: Callable[[], float], coach: Once | None = None) -> None:
        self._ask, self._announce = ask, announce  # the Renderer's ask_costly and announce
        self.above, self.coach = above, coach  # the threshold (Settings), and whose ``once`` "best" sets
        self.asked: Asked | None = None
        # The last ranking of the dice on the table, made after the drawing that showed them
        # (:meth:`ready`): the check of the move then costs a click next to nothing.
        self._ranked: tuple[Ranked, tuple[Option, ...]] | None = None
        self._ranking: Ranked | None = None  # the one being made

    def on(self, state: GameState) -> bool:
        """Warnings are on and a person is to move with dice on the table."""
        player = state.current_player
        return self.above() > 0 and player is not None and player.is_human and state.dice is not None

    def ready(self, state: GameState, table: Table, spawn: Spawn) -> None:
        """Rank the dice on the table in the background, after this drawing, for the check
        of the person's next move (warnings on; a ranking already made is kept)."""
        key = _ranked_key(state, table)
        if self.on(state) and key not in (self._ranking, self._ranked and self._ranked[0]):
            self._ranking = key
            spawn(self._rank(state, table, key))

    async def _rank(self, state: GameState, table: Table, key: Ranked) -> None:
        await asyncio.sleep(0)  # the board is drawn first
        if self._ranking != key:  # another roll since
            return
        from game.screens.costly_words import costly_words  # noqa: F401  (the check's own, brought in now)
        from game.strategy.move_cost import hold_cost  # noqa: F401
        from game.strategy.ranking import rank_options

        card = state.cards[state.current_seat or 0]
        assert state.dice is not None  # on() checked it
        try:
            self._ranked = (key, tuple(rank_options(table, card.filled, state.dice, state.rolls_left,
                                                    card.yahtzee_bonuses)))
        finally:  # a ranking that failed is asked for again (the click ranks for itself meanwhile)
            self._ranking = None

    def ask(self, state: GameState, table_of: Callable[[str], Table | None], box: str | None,
            go: Callable[[], None]) -> tuple[GameState, bool]:
        """Value the move about to be made (``box``: filling it; None: rolling with the dice
        held); if it loses more than the threshold, ask the player (the question kept with
        ``go``). Returns the state (assisted, if a person moved with warnings on) and whether
        it asked. ``table_of``: the rule set's strategy table if it is here (if not, the
        move goes unasked). A box the dice cannot fill is the engine's to refuse."""
        self.asked = None
        # Asked for from the turn's first roll on (it has no decision): its loading starts then.
        table = table_of(state.ruleset) if self.above() > 0 else None
        if not self.on(state):
            return state, False
        if not state.assisted:
            state = replace(state, assisted=True)
        if table is None:
            return state, False
        from game.screens.costly_words import costly_words
        from game.strategy.move_cost import hold_cost, score_cost

        seat = state.current_seat
        assert seat is not None and state.dice is not None  # on() checked both
        card = state.cards[seat]
        known = self._ranked[1] if self._ranked and self._ranked[0] == _ranked_key(state, table) else None
        cost: MoveCost
        if box is None:
            if state.rolls_left == 0:
                return state, False  # the engine says why no roll is left
            cost = hold_cost(table, card.filled, state.dice, state.rolls_left, card.yahtzee_bonuses, state.held,
                             known)
        else:
            try:
                cost = score_cost(table, card.filled, state.dice, state.rolls_left, card.yahtzee_bonuses, box,
                                  known)
            except ValueError:
                return state, False
        if cost.loss <= self.above():
            return state, False
        self.asked = Asked(state, go)
        self._ask(costly_words(cost, box, state.held, state.game))
        return state, True

    def answer(self, state: GameState | None, choice: str) -> tuple[Answer | None, Callable[[], None]]:
        """The answer given (None if nothing waits for one, the game moved on since: another
        tab, a new game; or it is not one of :data:`ANSWERS`) and the move asked about."""
        asked, self.asked = self.asked, None
        if asked is None or asked.state is not state:
            return None, _nothing
        answer = next((a for a in ANSWERS if a == choice), None)
        if answer == "best" and self.coach is not None:
            self.coach.once = True  # the coach's hint, for this decision only
        elif answer == "again":
            from game.screens.costly_words import choose_again  # asked: the later archive is here

            self._announce(choose_again())
        return answer, asked.go


def _ranked_key(state: GameState, table: Table) -> Ranked:
    """What a ranking of the dice on the table depends on."""
    seat = state.current_seat
    card = state.cards[seat] if seat is not None else None
    return (id(table), tuple(sorted(card.filled.items())) if card else (), state.dice, state.rolls_left,
            card.yahtzee_bonuses if card else 0)


def _nothing() -> None:
    """No move to make."""
