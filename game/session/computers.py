"""Computer turns, played one visible step at a time so people can follow them.

A turn is decided as values (:meth:`ComputerTurns.steps`: what to do to the state, what
to say, how long to pause) and played through the :class:`~game.session.ports.Board`
port, so this module knows nothing of the game manager.

Whichever tab reaches a computer's turn plays it; before each step the tab checks that it
shows the latest saved game (another tab may have played this very turn) and decides
again from there. A decision's randomness comes from the game alone (:func:`decision_rng`),
so any tab or device that plays it makes the same one (a game passed by link: issue 15).
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.core.players import Player, is_level
from game.core.state import GameState
from game.session import words
from game.session.ports import Board, Decide, GoalFor, Sleep, Spawn, TableFor

if TYPE_CHECKING:
    from game.strategy.spread import Spread
    from game.strategy.tables import Table
    from game.strategy.to_win import Goal

#: Seconds before a computer of a game with friends asks again for its strategy table.
TABLE_RETRY = 10.0
#: Seconds between the visible steps of a computer's turn: slow enough to follow.
COMPUTER_PACE = 0.7


def decision_rng(state: GameState) -> random.Random:
    """The randomness of the computer's decision in ``state``: the same on every device.

    >>> from game.core.state import new_game
    >>> state = new_game(["Ann"], seed="d").roll()
    >>> decision_rng(state).random() == decision_rng(state).random()
    True
    """
    return random.Random(f"{state.seed}/{state.turn}/{state.rolls_used}")


@dataclass(frozen=True)
class Step:
    """One visible step of a computer's turn: the action, its words once done, the pause after."""

    action: Callable[[GameState], GameState]
    words: Callable[[GameState], str]  # given the state the action made
    rolled: bool = False
    pause: float = COMPUTER_PACE


def _roll(name: str) -> Step:
    return Step(lambda s: s.roll(), lambda after: f"{name}: " + words.describe_roll(after), rolled=True)


class ComputerTurns:
    """Plays the computers' turns in the background; ``skip`` hurries the current one."""

    def __init__(self, decide: Decide | None, table_for: TableFor, announce: Callable[[str], None],
                 sleep: Sleep, spawn: Spawn, link_game: Callable[[], bool] = lambda: False,
                 goal_for: GoalFor | None = None) -> None:
        self.decide, self.table_for, self.announce, self.sleep, self.spawn = decide, table_for, announce, sleep, spawn
        self.goal_for = goal_for  # a computer playing to win: what it plays for (None: as optimal)
        self.link_game = link_game  # a game with friends: every device must play it alike
        self.fast = False  # "Skip ahead": computers play the rest of their turn at once
        self._task: asyncio.Future[None] | None = None

    def to_move(self, state: GameState | None) -> Player | None:
        """The computer whose turn it is, if there is one and computers can play."""
        player = None if state is None else state.current_player
        return player if player is not None and player.is_computer and self.decide is not None else None

    def schedule(self, board: Board) -> None:
        """Start playing in the background if a computer is to move."""
        if self.to_move(board.state) is None:
            self.fast = False
        elif self._task is None or self._task.done():
            self._task = self.spawn(self.play(board))

    def skip(self) -> None:
        self.fast = True

    def steps(self, state: GameState, table: Table | None, aim: tuple[Spread, Goal] | None = None
              ) -> tuple[Step, ...]:
        """The next steps of the computer to move in ``state``: a roll, a box, or a hold then a roll.

        Without its table (offline before it was ever fetched) a computer plays greedily;
        ``aim``: the spread table and the goal a computer playing to win plays for.
        """
        from game.strategy.moves import ScoreBox  # here: a computer's first turn loads it

        player, seat = state.current_player, state.current_seat
        assert player is not None and seat is not None and self.decide is not None
        if state.rolls_used == 0:
            return (_roll(player.name),)
        assert state.dice is not None
        level = player.kind if table is not None and is_level(player.kind) else "greedy"
        card, rng = state.cards[seat], decision_rng(state)
        if aim is None:
            move = self.decide(level, state.ruleset, card.filled, state.dice, state.rolls_left, rng, table)
        else:  # playing to win: the goal, and the card's Yahtzee bonuses, which count towards it
            move = self.decide(level, state.ruleset, card.filled, state.dice, state.rolls_left, rng, table,
                               aim[0], aim[1], card.yahtzee_bonuses)
        if isinstance(move, ScoreBox):
            box = move.box
            return (Step(lambda s: s.score(box), lambda after: words.describe_score(state, after, box)),)
        held, dice = move.held, state.dice
        return (Step(lambda s: s.set_held(held), lambda _: words.describe_hold(player.name, dice, held),
                     pause=COMPUTER_PACE / 2), _roll(player.name))

    async def play(self, board: Board) -> None:
        """Play computer turns until a person is to move."""
        while (player := self.to_move(state := board.state)) is not None and state is not None:
            if not board.sync():  # another tab played on (perhaps this very turn): go on from there
                continue
            table = await self.table_for(state.ruleset) if player.kind != "greedy" else None
            # A computer playing to win also needs the spread table and the others' forecasts.
            to_win = (player.kind == "to_win" and table is not None and state.rolls_used > 0
                      and self.goal_for is not None and len(state.players) > 1)
            aim = await self.goal_for(state) if to_win and self.goal_for is not None else None
            if board.state is not state:  # a new game was started while the tables loaded
                continue
            if ((table is None and player.kind != "greedy") or (to_win and aim is None)) and self.link_game():
                # In a game with friends every device must play a computer alike: it waits for
                # its tables rather than play simply (and so differently).
                self.announce(words.computer_waits(player.name))
                await self.sleep(TABLE_RETRY)
                continue
            for step in self.steps(state, table, aim):
                after = board.act(step.action, rolled=step.rolled, computer=True)
                if after is not None:
                    self.announce(step.words(after))
                if not self.fast:
                    await self.sleep(step.pause)
                if after is None or board.state is not after:  # refused, or another tab played on
                    break
        self.fast = False
