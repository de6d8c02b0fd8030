"""The game manager: the one object that holds the game on the board and changes it.

Like 2048's GameManager, it is built with its edges passed in (renderer, records, clock,
strategy), and every change ends in one :meth:`App.actuate`: decide, draw, save. The helpers
beside it (games, friends, ending) return an :class:`~game.session.outcome.Outcome` that
:meth:`App.apply` carries out; computers play through the ``Board`` port; ``coaching`` holds
the hints and tables, ``second_look`` the word before a costly move; commands: ``commands``.

>>> from game.session.fakes import RecordingRenderer
>>> App(RecordingRenderer()).state is None  # no game until one is started or opened
True
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import replace

from game.core import rules
from game.core.card import Score
from game.core.dice import DiceSource
from game.core.errors import IllegalAction
from game.core.games import YAHTZEE
from game.core.links import Link
from game.core.players import Player
from game.core.state import GameState
from game.core.turn_link import TurnLinkError, is_link_id
from game.records.device import Records
from game.records.game_slot import Challenge
from game.screens.regions import BoardView, board_regions
from game.screens.storage_words import notice_words
from game.session import words
from game.session.coaching import Coach
from game.session.computers import ComputerTurns
from game.session.ending import Ending
from game.session.friends import FriendsPlay
from game.session.games import GameSwitcher
from game.session.keeper import GameKeeper
from game.session.outcome import CatchUp, Outcome
from game.session.perfect_play import PerfectPlay
from game.session.ports import Decide, LoadDistribution, LoadSpread, LoadTable, Renderer, Sleep, Spawn
from game.session.typed_dice import typed_dice


class App:
    """Holds the game in progress and turns commands into new states, screens and words."""

    def __init__(self, renderer: Renderer, records: Records | None = None, *, sleep: Sleep = asyncio.sleep,
                 decide: Decide | None = None, load_table: LoadTable | None = None,
                 spawn: Spawn = asyncio.ensure_future, load_distribution: LoadDistribution | None = None,
                 load_spread: LoadSpread | None = None) -> None:
        self.renderer, self.records = renderer, records
        self.default_game = YAHTZEE.key  # a new player's game (game/main.py: the last chosen, or by language)
        self.state: GameState | None = None
        self.challenge: Challenge | None = None  # a friend's score to beat on this seed
        self.undo_point: GameState | None = None  # the state before the last box a person scored
        self.keeper = GameKeeper(records) if records is not None else None
        self.sleep, self.spawn = sleep, spawn
        self.coach = Coach(load_table, spawn, renderer.announce, lambda: self.actuate(coach_only=True), load_spread)
        self.coach.redraw = lambda: self.actuate(coach_only=True, keep=False)  # draws, saves nothing
        self.perfect = PerfectPlay(load_distribution, spawn, lambda: self.actuate(coach_only=True, keep=False))
        self.ending = Ending(self.keeper)
        self.games = GameSwitcher(self.keeper)
        self.friends = FriendsPlay(self.keeper)
        self.computers = ComputerTurns(decide, self.coach.table_for, renderer.announce, sleep, spawn,
                                       link_game=lambda: self.friends.game is not None, goal_for=self.coach.goal_for)
        self.read_only = False  # see show()
        self.coach.ask_costly = renderer.ask_costly  # the word before a costly move (game.session.second_look)

    # --- starting and showing a game ------------------------------------------------------

    def start(self, players: Sequence[Player], ruleset: str = rules.DEFAULT_PRESET, seed: str | None = None,
              challenge: Challenge | None = None, real_dice: bool = False) -> None:
        """Start a game (:meth:`GameSwitcher.start`): the one on the board, if played, is set aside."""
        self.apply(self.games.start(players, ruleset, seed, challenge, real_dice))

    def show(self, state: GameState, challenge: Challenge | None, game: str | None = None) -> None:
        """Put ``state`` on the board (the caller actuates); ``game``: its id, if known."""
        self.state, self.challenge, self.undo_point, self.ending.last_entry = state, challenge, None, None
        self.friends.game = game if is_link_id(game) else None
        self.read_only = False  # a finished game shown from a link: the stored game is another

    # --- the games on the board, in tabs and by link: the helpers decide, apply() carries out ----

    def open(self, link: Link, name: str, turn: str | None = None) -> None:
        """Show what the page opens on: the stored game, the link's game, or the stored game
        and the question which to play. ``turn``: a game with friends (``#play=…``) to open;
        if it cannot be read (it is said why), the page opens as without it."""
        if turn is None or not self.open_turn_link(turn):
            self.apply(self.games.open(link, name, self.default_game))

    def open_turn_link(self, text: str) -> bool:
        """Open the game with friends ``text``; False (and a notice) if the link cannot be read."""
        try:
            outcome = self.friends.open(text)
        except TurnLinkError as error:  # quotes nothing from the link; nothing stored changes
            self.renderer.notify([words.turn_link_error(error)])
            return False
        self.apply(outcome)
        return True

    def choose_link(self, play: bool) -> None:
        """The answer to the question :meth:`open` asked: play the link's game, or keep mine."""
        self.apply(self.games.choose_link(play))

    def resume_game(self, game_id: str) -> None:
        """Play the set-aside game ``game_id`` (from Games)."""
        if self.sync():
            self.apply(self.games.resume(game_id))

    def resume_friends(self, game_id: str) -> None:
        """Play the game with friends ``game_id`` (from Games with friends)."""
        self.apply(self.friends.resume(game_id))

    def confirm_name(self, entry_id: str, name: str) -> None:
        """The player entered (or kept) ``name`` for the high score ``entry_id``."""
        self.apply(self.ending.confirm_name(entry_id, name))

    def sync(self) -> bool:
        """True if this tab shows the latest saved game. Otherwise it follows the game another
        tab saved since, says so, and returns False."""
        if (follow := self.games.follow()) is None:
            return True
        self.apply(follow)
        return False

    def apply(self, outcome: Outcome) -> None:
        """Carry out what a helper decided, in one pass: the game, the board, then the words."""
        if (board := outcome.board) is not None:
            self.show(board.state, board.challenge, board.game)
            self.read_only, self.coach.hints = board.read_only, self.coach.hints or board.hints
            if board.adopt is not None and self.keeper is not None:
                self.keeper.adopt(board.adopt)
            if board.draw:
                self.actuate(keep=board.keep)
        if outcome.forget_link:
            self.renderer.forget_link()
        if (catch_up := outcome.catch_up) is not None:
            self.friends.replaying, self.friends.fast = True, False  # from now: a tap skips, not plays
            self.spawn(self._catch_up(catch_up))
        for text in outcome.said:
            self.renderer.announce(text)
        if outcome.notices:
            self.renderer.notify(outcome.notices)
        if outcome.ask_link is not None:
            self.renderer.ask_link_choice(outcome.ask_link)
        if outcome.ask_name is not None:
            self.renderer.ask_name(*outcome.ask_name)
        elif outcome.high_scores is not None:
            self.renderer.show_high_scores(outcome.high_scores)
        self.show_notices()

    async def _catch_up(self, catch_up: CatchUp) -> None:
        final = catch_up.final
        self.apply(await self.friends.catch_up(catch_up, lambda: self.state is final, self.renderer, self.sleep))

    # --- player actions: each either succeeds or says why and changes nothing ---------------

    def roll(self, source: DiceSource | None = None, *, asked: bool = False) -> None:
        if self.state is not None and self.state.real_dice:
            self.renderer.announce(words.type_dice_instead())
        elif ((asked or not self._ask_first(None, lambda: self.roll(source, asked=True)))
              and (rolled := self.act(lambda s: s.roll(source), rolled=True)) is not None):
            self.renderer.announce(words.describe_roll(rolled))

    def enter_dice(self, text: str) -> None:
        """Physical dice typed in: five digits, or one per die not held (in order)."""
        if self.state is None or self.state.over:
            return
        dice, count = typed_dice(self.state, text)
        if dice is None:  # out-of-range faces are the engine's to refuse, with its reason
            self.renderer.announce(words.type_dice(count))
        elif (rolled := self.act(lambda s: s.enter_roll(dice), rolled=True)) is not None:
            self.renderer.announce(words.describe_roll(rolled))

    def toggle_hold(self, position: int) -> None:
        if (after := self.act(lambda s: s.toggle_hold(position))) is not None and after.dice is not None:
            self.renderer.announce(words.held_die(position, after.dice[position], after.held[position]))

    def score(self, box: str, *, asked: bool = False) -> None:
        if not asked and self._ask_first(box, lambda: self.score(box, asked=True)):
            return
        before = self.state
        if (after := self.act(lambda s: s.score(box), undo_point=before)) is not None and before is not None:
            self.renderer.announce(words.describe_score(before, after, box))

    def _ask_first(self, box: str | None, go: Callable[[], None]) -> bool:
        """True if the page asks before this move of a person's (:mod:`game.session.second_look`)."""
        if self.state is None or self.read_only or self.friends.replaying:
            return False
        if (look := self.coach.second_look(self.state)) is None:
            return False
        self.state, asked = look.ask(self.state, self.coach.table_now, box, go)
        return asked

    def answer_costly(self, choice: str) -> None:
        """The answer to that question: "keep" makes the move, "best" shows the coach's best."""
        answer, go = self.coach.look.answer(self.state, choice) if self.coach.look else (None, None)
        if answer == "keep" and go is not None:
            go()
        elif answer == "best":
            self.actuate(coach_only=True)

    def undo(self) -> None:
        """Take back the last box a person scored, until the next roll; the game becomes assisted."""
        if not self.sync():
            return
        if self.undo_point is None or self.state is None:
            self.renderer.announce(words.nothing_to_undo())
            return
        box = next(m.box for m in reversed(self.state.moves) if isinstance(m, Score))
        self.state, self.undo_point = replace(self.undo_point, assisted=True), None
        self.actuate()
        self.renderer.announce(words.took_back(box, self.state.game))

    def skip(self) -> None:
        """Skip ahead: the computers finish their turn at once, catching up stops."""
        self.friends.skip()
        self.computers.skip()

    def toggle_hints(self) -> None:
        if self.sync():  # showing hints marks the game assisted: on the latest state only
            self.renderer.announce(self.coach.switch_hints())
            self.actuate(coach_only=True)

    def toggle_values(self) -> None:
        if self.sync():
            self.coach.switch_values()
            self.actuate(coach_only=True)

    def act(self, action: Callable[[GameState], GameState], *, rolled: bool = False, computer: bool = False,
            undo_point: GameState | None = None) -> GameState | None:
        """Apply ``action``; the new state, or None if refused (and said why, unless a computer's).

        ``undo_point`` is what Undo returns to (only a person's score sets one).
        """
        if self.state is None:
            self.renderer.announce(words.not_yet_started())
            return None
        if not self.sync():  # acting on an older state would overwrite the other tab's moves
            if not computer:
                self.renderer.announce(words.not_applied())
            return None
        if self.friends.replaying and not computer:  # catching up: a tap on the board skips to now
            self.friends.skip()
            return None
        player = self.state.current_player
        if not computer and player is not None and not player.is_human:
            self.renderer.announce(words.wait_for(player.name))
            return None
        try:
            before, self.state = self.state, action(self.state)
        except IllegalAction as err:
            self.renderer.announce(words.refused(err, self.state.game))
            return None
        # Any other action, a roll above all, ends the chance to take a box back; and a box
        # that ended the game cannot be taken back (its scores are recorded).
        self.undo_point = None if self.state.over else undo_point
        self.coach.once = False  # the best shown after a warning was for that decision only
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
        beat = self.challenge.beat if self.challenge else None
        advice = self.coach.advice(state, beat, None if beat is not None else self.coach.own_best(state, self.records))
        if advice is not None and not state.assisted:  # hints were seen for a decision
            self.state = state = replace(state, assisted=True)
            keep = True
        view = BoardView(state, rolled, self.undo_point is not None, self.coach.hints, advice,
                         self.coach.show_values, self.coach.loading(state) and advice is None, beat,
                         self.friends.pass_on(state), chances=self.coach.chances(state, beat), once=self.coach.once,
                         perfect=self.perfect.for_end(state), given_up=self.coach.given_up(state),
                         ranges=self.coach.finish_ranges(state, beat))
        # Name slots: the players by seat, then the challenger (see screens.status.challenge_html).
        names = [p.name for p in state.players] + [self.challenge.name if self.challenge else ""]
        self.renderer.render(board_regions(view), names)
        if self.keeper is not None and keep and not self.read_only:
            if coach_only or not state.over:
                self.keeper.save(state)
            else:
                self.apply(self.ending.finish(state, beat))
            if not coach_only:
                self.friends.keep(state)
        if not coach_only:
            self.show_notices()
            self.computers.schedule(self)

    def show_notices(self) -> None:
        if self.records is not None and (notices := self.records.take_notices()):
            self.renderer.notify([notice_words(n) for n in notices])

