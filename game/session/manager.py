"""The game manager: the one object that holds the game on the board and changes it.

Like 2048's GameManager, it is built with its edges passed in (a renderer, the device's
records, a clock for the computers' pace, the strategy) and every change ends in one
:meth:`App.actuate`: decide what the board shows, draw it, save it. Its jobs beyond the
turn flow live beside it: :mod:`~game.session.computers`, :mod:`~game.session.coaching`,
:mod:`~game.session.ending`, :mod:`~game.session.games` and :mod:`~game.session.words`.

>>> from game.core.dice import ScriptedDice
>>> from game.session.fakes import RecordingRenderer
>>> screen = RecordingRenderer()
>>> app = App(screen)
>>> app.start([Player("Ann")], seed="doc")
>>> app.roll(ScriptedDice([6, 6, 6, 6, 6]))
>>> screen.spoken[-1]
'Rolled 6, 6, 6, 6, 6. 2 rolls left.'
>>> app.handle("score", "yahtzee")
>>> app.state.cards[0].filled
{'yahtzee': 50}
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Literal, get_args

from game.core import rules
from game.core.card import Score
from game.core.dice import DiceSource, new_seed
from game.core.errors import IllegalAction, SetupError
from game.core.players import Player
from game.core.state import GameState, new_game
from game.core.turn_link import game_id, is_link_id, to_link
from game.records.device import Records
from game.records.game_slot import Challenge, SavedGame
from game.screens.regions import BoardView, board_regions
from game.session import words
from game.session.coaching import Coach
from game.session.computers import ComputerTurns
from game.session.ending import Ending
from game.session.friends import FriendsPlay
from game.session.games import GameSwitcher
from game.session.keeper import GameKeeper
from game.session.perfect_play import PerfectPlay
from game.session.ports import Decide, LoadDistribution, LoadSpread, LoadTable, Renderer, Sleep, Spawn

#: What a player can ask of the board (game.web.inputs maps clicks and keys to these).
GameCommand = Literal["roll", "hold", "score", "undo", "hints", "values", "skip", "enter-dice"]
GAME_COMMANDS: tuple[GameCommand, ...] = get_args(GameCommand)


class App:
    """Holds the game in progress and turns commands into new states, screens and words."""

    def __init__(self, renderer: Renderer, records: Records | None = None, *, sleep: Sleep = asyncio.sleep,
                 decide: Decide | None = None, load_table: LoadTable | None = None,
                 spawn: Spawn = asyncio.ensure_future, load_distribution: LoadDistribution | None = None,
                 load_spread: LoadSpread | None = None) -> None:
        self.renderer, self.records = renderer, records
        self.state: GameState | None = None
        self.challenge: Challenge | None = None  # a friend's score to beat on this seed
        self.undo_point: GameState | None = None  # the state before the last box a person scored
        self.keeper = GameKeeper(records) if records is not None else None
        self.coach = Coach(load_table, spawn, renderer.announce, lambda: self.actuate(coach_only=True), load_spread)
        self.computers = ComputerTurns(self, decide, sleep, spawn)
        self.perfect = PerfectPlay(load_distribution, spawn, lambda: self.actuate(coach_only=True, keep=False))
        self.ending = Ending(self)
        self.games = GameSwitcher(self)
        self.friends = FriendsPlay(self)
        self.read_only = False  # see show()

    def handle(self, command: GameCommand, arg: str = "") -> None:
        """Run one command; ``arg`` is its argument as the page gives it (a die or a box)."""
        COMMANDS[command](self, arg)

    # --- starting and showing a game ------------------------------------------------------

    def start(self, players: Sequence[Player], preset: str = rules.DEFAULT_PRESET, seed: str | None = None,
              challenge: Challenge | None = None, real_dice: bool = False) -> None:
        """Start a game; ``challenge`` is a friend's score to beat on the same seed.

        The game on the board, if it was played, is set aside (resumable from Games).
        With ``real_dice`` the players throw physical dice and type them in; hints are on.
        """
        try:
            state = new_game(players, preset, seed, real_dice=real_dice)
        except SetupError as err:
            self.renderer.announce(f"Cannot start: {err}")
            return
        challenge = challenge if len(players) == 1 else None
        # A game with a friend by link is known by the same id on every device it reaches.
        game = game_id(to_link(state)) if any(p.kind == "link" for p in state.players) else new_seed()
        if self.keeper is not None and not self.keeper.switch_to(game, challenge):
            self.renderer.announce(words.CANNOT_SET_ASIDE)
            self.show_notices()
            return
        self.show(state, challenge, game)
        self.games.pending_link = None
        self.coach.hints = self.coach.hints or real_dice
        self.renderer.forget_link()
        self.actuate()
        self.renderer.announce(words.describe_start(state))

    def resume(self, state: GameState, saved: SavedGame | None = None) -> None:
        """Show ``state``, the game stored as ``saved`` (its id, revision and challenge)."""
        self.show(state, saved.challenge if saved is not None else self.challenge,
                  saved.id if saved is not None else self.friends.game)
        if saved is not None and self.keeper is not None:
            self.keeper.adopt(saved)
        self.actuate(keep=saved is None)

    def show(self, state: GameState, challenge: Challenge | None, game: str | None = None) -> None:
        """Put ``state`` on the board (the caller actuates); ``game``: its id, if known."""
        self.state, self.challenge, self.undo_point, self.ending.last_entry = state, challenge, None, None
        self.friends.game = game if is_link_id(game) else None
        self.read_only = False  # a finished game shown from a link: the stored game is another

    # --- player actions: each either succeeds or says why and changes nothing ---------------

    def roll(self, source: DiceSource | None = None) -> None:
        if self.state is not None and self.state.real_dice:
            self.renderer.announce(words.TYPE_DICE)
        elif (rolled := self.act(lambda s: s.roll(source), rolled=True)) is not None:
            self.renderer.announce(words.describe_roll(rolled))

    def enter_dice(self, text: str) -> None:
        """Physical dice typed in: five digits, or one per die not held (in order)."""
        state = self.state
        if state is None or state.over:
            return
        digits = [int(c) for c in text if c.isdigit()]
        free = [i for i, h in enumerate(state.held) if not h or state.rolls_used == 0]
        dice = list(state.dice or (0,) * 5)
        if len(digits) == len(free) and len(free) < 5:
            for i, face in zip(free, digits, strict=True):
                dice[i] = face
        elif len(digits) == 5:
            dice = digits
        else:
            self.renderer.announce(words.refused(f"type {len(free)} dice (1 to 6), one digit each"))
            return
        if (rolled := self.act(lambda s: s.enter_roll(dice), rolled=True)) is not None:
            self.renderer.announce(words.describe_roll(rolled))

    def toggle_hold(self, position: int) -> None:
        if (after := self.act(lambda s: s.toggle_hold(position))) is not None and after.dice is not None:
            held = "held" if after.held[position] else "released"
            self.renderer.announce(f"Die {position + 1} ({after.dice[position]}) {held}.")

    def score(self, box: str) -> None:
        before = self.state
        if (after := self.act(lambda s: s.score(box), undo_point=before)) is not None and before is not None:
            self.renderer.announce(words.describe_score(before, after, box))

    def undo(self) -> None:
        """Take back the last box a person scored, until the next roll; the game becomes assisted."""
        if not self.games.sync():
            return
        if self.undo_point is None or self.state is None:
            self.renderer.announce(words.NOTHING_TO_UNDO)
            return
        box = next(m.box for m in reversed(self.state.moves) if isinstance(m, Score))
        self.state, self.undo_point = replace(self.undo_point, assisted=True), None
        self.actuate()
        self.renderer.announce(f"Took back {rules.BOX_LABELS[box]}. Choose again.")

    def skip(self) -> None:
        """Skip ahead: the computers finish their turn at once, catching up stops."""
        self.friends.skip()
        self.computers.skip()

    def toggle_hints(self) -> None:
        if not self.games.sync():  # showing hints marks the game assisted: on the latest state only
            return
        self.coach.hints = not self.coach.hints
        self.renderer.announce("Hints on." if self.coach.hints else "Hints off.")
        self.actuate(coach_only=True)

    def toggle_values(self) -> None:
        if self.games.sync():
            self.coach.show_values = not self.coach.show_values
            self.actuate(coach_only=True)

    def act(self, action: Callable[[GameState], GameState], *, rolled: bool = False, computer: bool = False,
            undo_point: GameState | None = None) -> GameState | None:
        """Apply ``action``; the new state, or None if refused (and said why, unless a computer's).

        ``undo_point`` is what Undo returns to (only a person's score sets one).
        """
        if self.state is None:
            self.renderer.announce(words.NOT_YET_STARTED)
            return None
        if not self.games.sync():  # acting on an older state would overwrite the other tab's moves
            if not computer:
                self.renderer.announce(words.NOT_APPLIED)
            return None
        if self.friends.replaying and not computer:  # catching up: a tap on the board skips to now
            self.friends.skip()
            return None
        player = self.state.current_player
        if not computer and player is not None and not player.is_human:
            self.renderer.announce(f"Wait: it is {player.name}'s turn.")
            return None
        try:
            before, self.state = self.state, action(self.state)
        except IllegalAction as err:
            self.renderer.announce(words.refused(err))
            return None
        # Any other action, a roll above all, ends the chance to take a box back; and a box
        # that ended the game cannot be taken back (its scores are recorded).
        self.undo_point = None if self.state.over else undo_point
        self.actuate(rolled)
        if len(self.state.moves) > len(before.moves):  # dice rolled or a box scored: felt and heard
            self.renderer.cue("roll" if rolled else "score")
        return self.state

    # --- drawing and saving ------------------------------------------------------------------

    def actuate(self, rolled: bool = False, coach_only: bool = False, keep: bool = True) -> None:
        """Decide what the board shows, draw it, then save (``keep=False``: it is the stored game)."""
        state = self.state
        if state is None:
            return
        advice = self.coach.advice(state)
        if advice is not None and not state.assisted:  # hints were seen for a decision
            self.state = state = replace(state, assisted=True)
            keep = True
        beat = self.challenge.beat if self.challenge else None
        view = BoardView(state, rolled, self.undo_point is not None, self.coach.hints, advice,
                         self.coach.show_values, self.coach.loading(state) and advice is None,
                         beat, self.friends.pass_on(state), chances=self.coach.chances(state, beat),
                         perfect=self.perfect.for_end(state))
        # Name slots: the players by seat, then the challenger (see screens.status.challenge_html).
        names = [p.name for p in state.players] + [self.challenge.name if self.challenge else ""]
        self.renderer.render(board_regions(view), names)
        if self.keeper is not None and keep and not self.read_only:
            if coach_only or not state.over:
                self.keeper.save(state)
            else:
                self.ending.finish(state)
            if not coach_only:
                self.friends.keep(state)
        if not coach_only:
            self.show_notices()
            self.computers.schedule()

    def show_notices(self) -> None:
        if self.records is not None and (notices := self.records.take_notices()):
            self.renderer.notify([n.text for n in notices])


#: One handler per command: the page's input table and the tests go through it.
COMMANDS: dict[GameCommand, Callable[[App, str], None]] = {
    "roll": lambda app, _: app.roll(),
    "hold": lambda app, die: app.toggle_hold(int(die)),
    "score": lambda app, box: app.score(box),
    "undo": lambda app, _: app.undo(),
    "hints": lambda app, _: app.toggle_hints(),
    "values": lambda app, _: app.toggle_values(),
    "skip": lambda app, _: app.skip(),
    "enter-dice": lambda app, text: app.enter_dice(text),
}
