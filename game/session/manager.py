"""The game manager: one pure-Python object that the screen, the keyboard and storage plug into.

Like 2048's GameManager, it is built with its edges passed in: a renderer (the DOM in the
browser, a fake in tests), a storage adapter and a sleep function for the pace of
computer turns. It owns the current :class:`~game.core.state.GameState` and is the only thing
that changes it.

>>> from game.core.dice import ScriptedDice
>>> screen = RecordingRenderer()
>>> app = App(screen)
>>> app.start([Player("Ann")], seed="doc")
>>> app.roll(ScriptedDice([6, 6, 6, 6, 6]))
>>> screen.spoken[-1]
'Rolled 6, 6, 6, 6, 6. 2 rolls left.'
>>> app.score("yahtzee")
>>> app.state.cards[0].filled
{'yahtzee': 50}
"""

from __future__ import annotations

import asyncio
import datetime
import random
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from dataclasses import replace
from typing import Any, Protocol

from game.core import rules, save
from game.core.card import Score
from game.core.dice import DiceSource, new_seed
from game.core.errors import IllegalAction, SetupError
from game.core.links import Link
from game.core.players import Player
from game.core.state import GameState, new_game
from game.records.device import Storage
from game.records.game_slot import Challenge, SavedGame
from game.screens import board as view
from game.screens import coach_panel as coach_view
from game.session.keeper import GameKeeper
from game.session.opening import decide_opening
from game.strategy import advice as coaching
from game.strategy.advice import Advice

#: Seconds between the visible steps of a computer's turn: slow enough to follow.
COMPUTER_PACE = 0.7


class Renderer(Protocol):
    """What the game manager needs from a screen."""

    def render(self, regions: dict[str, str], names: Sequence[str]) -> None:
        """Replace each named region's HTML, then fill the name slots with ``names`` as text."""

    def announce(self, text: str) -> None:
        """Say ``text`` in the live region (screen readers read it out)."""

    def notify(self, texts: Sequence[str]) -> None:
        """Show lasting notices (storage trouble) where the player will see them."""

    def ask_name(self, entry_id: str, name: str, score: int) -> None:
        """Ask a player to enter or confirm the name on a new high score."""

    def show_high_scores(self, highlight: str | None) -> None:
        """Open the high-score table, marking the entry ``highlight``."""

    def ask_link_choice(self, text: str) -> None:
        """Ask whether to play a link's game or keep the game in progress (:meth:`App.choose_link`)."""

    def forget_link(self) -> None:
        """The link that opened the page is used up: a reload must resume the game on the board."""


class RecordingRenderer:
    """A renderer for tests: keeps the last HTML of each region and everything said."""

    def __init__(self) -> None:
        self.regions: dict[str, str] = {}
        self.names: Sequence[str] = ()
        self.spoken: list[str] = []
        self.notices: list[str] = []
        self.asked: list[tuple[str, str, int]] = []
        self.highlight: str | None = None
        self.link_question: str | None = None
        self.link_forgotten = False

    def render(self, regions: dict[str, str], names: Sequence[str]) -> None:
        self.regions.update(regions)
        self.names = names

    def announce(self, text: str) -> None:
        self.spoken.append(text)

    def notify(self, texts: Sequence[str]) -> None:
        self.notices.extend(texts)

    def ask_name(self, entry_id: str, name: str, score: int) -> None:
        self.asked.append((entry_id, name, score))

    def show_high_scores(self, highlight: str | None) -> None:
        self.highlight = highlight

    def ask_link_choice(self, text: str) -> None:
        self.link_question = text

    def forget_link(self) -> None:
        self.link_forgotten = True


Decide = Callable[..., tuple[str, Any]]


class App:
    """Holds the game in progress and turns player actions into new states and screens."""

    def __init__(
        self,
        renderer: Renderer,
        storage: Storage | None = None,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        decide: Decide | None = None,
        load_table: Callable[[str], Awaitable[Any]] | None = None,
        rng: random.Random | None = None,
        spawn: Callable[[Coroutine[Any, Any, None]], asyncio.Future[None]] = asyncio.ensure_future,
    ) -> None:
        self.renderer = renderer
        self.storage = storage
        self.sleep = sleep
        self.decide = decide
        self.load_table = load_table
        self.rng = rng or random.Random()
        self.spawn = spawn  # the page's reports a task's exception at once (game/web/guard.py)
        self.state: GameState | None = None
        self.fast = False  # set by "skip ahead": computers play the rest of their turn at once
        self.tables: dict[str, Any] = {}
        self._computer_task: asyncio.Future | None = None
        self._name_queue: list[tuple[str, str, int]] = []  # high scores awaiting a name
        self.challenge: Challenge | None = None  # a friend's score to beat on this seed
        self.keeper = GameKeeper(storage) if storage is not None else None
        self.pending_link: tuple[Link, Challenge | None, str] | None = None  # asked: play it or keep mine?
        self.last_entry: str | None = None
        self.hints = False  # the coach's best move is shown during a person's turn
        self.show_values = False  # ... and, on demand, the value of every choice
        self.undo_point: GameState | None = None  # the state before the last box a person scored
        self._loading: asyncio.Future | None = None
        self.finished_id: str | None = None  # the history id of the game that just ended
        self.on_finish: Callable[[], None] | None = None  # the page asks for persistent storage then

    # --- starting and resuming ----------------------------------------------------------

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
        if self.keeper is not None and not self.keeper.begin(challenge):
            self.renderer.announce("Cannot start: the game in progress could not be set aside (the browser's "
                                   "storage is full), so it stays on the board.")
            self.show_notices()
            return
        self.state, self.last_entry, self.undo_point, self.pending_link = state, None, None, None
        self.hints = self.hints or real_dice
        self.challenge = challenge
        self.renderer.forget_link()
        self._changed()
        names = ", ".join(p.name for p in self.state.players)
        starter = self.state.players[self.state.first].name
        self.renderer.announce(f"New game: {names}. {starter} starts." if len(self.state.players) > 1
                               else f"New game for {names}.")

    def resume(self, state: GameState, saved: SavedGame | None = None) -> None:
        """Show ``state``, the game stored as ``saved`` (its id, revision and challenge)."""
        self.state, self.undo_point, self.last_entry = state, None, None
        if saved is not None:
            self.challenge = saved.challenge
            if self.keeper is not None:
                self.keeper.adopt(saved)
        self._changed(keep=saved is None)

    # --- links and the games set aside -------------------------------------------------

    def open(self, link: Link, name: str) -> None:
        """Show what the page opens on (:func:`game.session.opening.decide_opening`): the stored game,
        the link's game, or the stored game and the question which to play."""
        saved = self.storage.current_game() if self.storage is not None else None
        state = self.load_saved(saved) if saved is not None and not saved.ended else None
        challenge = Challenge(link.beat, link.challenger or "a friend") if link.beat is not None else None
        opening = decide_opening(link.seed, state)
        if opening in ("resume", "ask") and state is not None:
            self.resume(state, saved)
        if opening == "ask":
            self.pending_link = (link, challenge, name)
            self.renderer.ask_link_choice(
                f"You have a game in progress. The link starts a new game on the seed “{link.seed}”"
                + (f" with {challenge.name}'s score of {challenge.beat} to beat." if challenge else "."))
        elif opening == "resume":
            self.renderer.forget_link()
        else:
            self.start([Player(name)], link.preset or rules.DEFAULT_PRESET, link.seed, challenge)

    def choose_link(self, play: bool) -> None:
        """The answer to :meth:`open`'s question; the game not chosen is set aside."""
        if self.pending_link is None:
            return
        (link, challenge, name), self.pending_link = self.pending_link, None
        preset = link.preset or rules.DEFAULT_PRESET
        if play:
            self.start([Player(name)], preset, link.seed, challenge)  # sets aside the game on the board
            return
        if self.storage is not None:
            waiting = save.dumps(new_game([Player(name)], preset, link.seed))
            self.storage.set_aside(SavedGame(new_seed(), 1, waiting, challenge, self.storage.stamp()))
            self.show_notices()
        self.renderer.forget_link()
        self.renderer.announce("The link's game is waiting in Games.")

    def resume_set_aside(self, game_id: str) -> None:
        """Play the set-aside game ``game_id``; the game on the board is set aside in its place."""
        if self.keeper is None or not self.sync():
            return
        found = next((g for g in self.storage.set_aside_games() if g.id == game_id), None)
        state = self.load_saved(found) if found is not None else None
        # In this order, each step stopping at a failure: the board's game set aside, the
        # chosen one on the board, then off the list. A game is at worst listed twice, never lost.
        if state is None or not self.keeper.switch_to(found.id, found.challenge):
            self.renderer.announce("That game could not be resumed; both games were left where they were.")
            self.show_notices()
            return
        self.state, self.challenge, self.undo_point, self.last_entry = state, found.challenge, None, None
        if self.keeper.save(state):  # on the board for good: off the list
            self.storage.take_set_aside(game_id)
        self._changed(keep=False)
        self.renderer.announce("Resumed: " + ", ".join(p.name for p in state.players) + ".")

    # --- tabs: one localStorage, many pages ----------------------------------------------

    def sync(self) -> bool:
        """True if this tab shows the latest saved game. Otherwise it follows the game another
        tab saved since (``docs/storage.md``, "Tabs"), says so, and returns False."""
        if self.keeper is None or (newer := self.keeper.newer()) is None:
            return True
        state = self.load_saved(newer)
        if state is not None:
            self.resume(state, newer)
        else:  # unreadable (and told): still the revision to build on, so no tab overwrites it
            self.keeper.adopt(newer)
        self.renderer.notify(["This game moved on in another tab, so this tab now shows its latest state."])
        return False

    def load_saved(self, saved: SavedGame) -> GameState | None:
        """The game ``saved`` holds (an ended one from the review history), or None if unreadable."""
        text = saved.text
        if text is None and self.storage is not None:
            text = self.storage.finished_game(saved.id)
        try:
            return None if text is None else save.loads(text)
        except save.SaveError as err:
            self.renderer.notify([f"A saved game could not be read ({err}), so it was left as it is."])
            return None

    # --- player actions: each either succeeds or says why and changes nothing -----------

    def roll(self, source: DiceSource | None = None) -> None:
        if self.state is not None and self.state.real_dice:
            self.renderer.announce("Not allowed: type the dice you rolled, then Record roll.")
            return
        if self._act(lambda s: s.roll(source)):
            self.renderer.announce(view.describe_roll(self.state))

    def enter_dice(self, text: str) -> None:
        """Physical dice typed in: five digits, or one per die not held (in order)."""
        if self.state is None or self.state.over:
            return
        digits = [int(c) for c in text if c.isdigit()]
        free = [i for i, h in enumerate(self.state.held) if not h or self.state.rolls_used == 0]
        if len(digits) == len(free) and len(free) < 5:
            dice = list(self.state.dice)
            for i, face in zip(free, digits, strict=True):
                dice[i] = face
        elif len(digits) == 5:
            dice = digits
        else:
            self.renderer.announce(f"Not allowed: type {len(free)} dice (1 to 6), one digit each.")
            return
        if self._act(lambda s: s.enter_roll(dice)):
            self.renderer.announce(view.describe_roll(self.state))

    def toggle_hold(self, position: int) -> None:
        if self._act(lambda s: s.toggle_hold(position), rolled=False):
            die = self.state.dice[position]
            held = "held" if self.state.held[position] else "released"
            self.renderer.announce(f"Die {position + 1} ({die}) {held}.")

    def score(self, box: str) -> None:
        before = self.state
        if self._act(lambda s: s.score(box), rolled=False, undo_point=before):
            self.renderer.announce(self._describe_score(before, box))

    def undo(self) -> None:
        """Take back the last box a person scored, until the next roll; the game becomes assisted."""
        if not self.sync():
            return
        if self.undo_point is None:
            self.renderer.announce("Nothing to undo: a box can be taken back only until the next roll.")
            return
        box = next(m.box for m in reversed(self.state.moves) if isinstance(m, Score))
        self.state, self.undo_point = replace(self.undo_point, assisted=True), None
        self._changed()
        self.renderer.announce(f"Took back {rules.BOX_LABELS[box]}. Choose again.")

    # --- the coach ------------------------------------------------------------------------

    def toggle_hints(self) -> None:
        if not self.sync():  # showing hints marks the game assisted: on the latest state only
            return
        self.hints = not self.hints
        self.renderer.announce("Hints on." if self.hints else "Hints off.")
        self._changed(coach_only=True)

    def toggle_values(self) -> None:
        if not self.sync():
            return
        self.show_values = not self.show_values
        self._changed(coach_only=True)

    def _advice(self) -> Advice | None:
        """The coach's options for a person's turn, when hints are on and the table is here."""
        state = self.state
        if not self.hints or state is None or state.over or not state.current_player.is_human:
            return None
        table = self.tables.get(state.preset)
        if table is None:
            self._load_for_hints(state.preset)
            return None
        advice = coaching.advise(state, table)
        if advice is not None and not state.assisted:
            self.state = replace(state, assisted=True)  # hints were seen for a decision
        return advice

    def _load_for_hints(self, preset: str) -> None:
        if self.load_table is None or (self._loading is not None and not self._loading.done()):
            return

        async def load() -> None:
            if await self.table_for(preset) is not None and self.state is not None:
                self._changed(coach_only=True)

        self._loading = self.spawn(load())

    def _act(self, action: Callable[[GameState], GameState], rolled: bool = True, computer: bool = False,
             undo_point: GameState | None = None) -> bool:
        """Apply ``action``; ``undo_point`` is what Undo returns to (only a person's score sets one)."""
        if self.state is None:
            self.renderer.announce("Start a new game first.")
            return False
        if not self.sync():  # acting on an older state would overwrite the other tab's moves
            if not computer:
                self.renderer.announce("Not applied: this game moved on in another tab. Look again, then play.")
            return False
        player = self.state.current_player
        if not computer and player is not None and not player.is_human:
            self.renderer.announce(f"Wait: it is {player.name}'s turn.")
            return False
        try:
            self.state = action(self.state)
        except IllegalAction as err:
            self.renderer.announce(f"Not allowed: {err}.")
            return False
        # Any other action, a roll above all, ends the chance to take a box back; and a box
        # that ended the game cannot be taken back (its scores are recorded).
        self.undo_point = None if self.state.over else undo_point
        self._changed(rolled)
        return True

    def _describe_score(self, before: GameState, box: str) -> str:
        seat = before.current_seat
        card = self.state.cards[seat]
        points = card.filled[box]
        bonus = " plus a 100 Yahtzee bonus" if card.yahtzee_bonuses > before.cards[seat].yahtzee_bonuses else ""
        text = f"{before.players[seat].name} scored {points} in {rules.BOX_LABELS[box]}{bonus}."
        if self.state.over:
            totals = self.state.grand_totals()
            text += " Game over. " + ", ".join(
                f"{p.name} {t}" for p, t in zip(self.state.players, totals, strict=True)) + "."
        return text

    # --- rendering and saving -----------------------------------------------------------

    def regions(self, rolled: bool = False) -> dict[str, str]:
        state = self.state
        advice = self._advice()
        state = self.state  # _advice may have marked the game assisted
        best = advice.best if advice is not None else None
        loading = self.hints and advice is None and state.dice is not None and state.preset not in self.tables
        return {
            "dice": view.dice_html(state, rolled, hint=best.hold if best and best.kind == "hold" else None),
            "controls": view.controls_html(state, self.undo_point is not None, self.hints),
            "scorecard": view.scorecard_html(state, hint=best.box if best and best.kind == "score" else None),
            "coach": coach_view.coach_html(self.hints and not state.over and state.current_player.is_human,
                                           advice, self.show_values, loading),
            "status": view.status_html(state),
            "rolloff": view.rolloff_html(state) if state.turn < len(state.players) else "",
            "challenge": view.challenge_html(state, self.challenge.beat if self.challenge else None),
        }

    def _changed(self, rolled: bool = False, coach_only: bool = False, keep: bool = True) -> None:
        """Draw the state, then save it (``keep=False``: it is the stored one already)."""
        # Name slots: the players by seat, then the challenger (see view.challenge_html).
        names = [p.name for p in self.state.players] + [self.challenge.name if self.challenge else ""]
        assisted = self.state.assisted
        self.renderer.render(self.regions(rolled), names)
        if self.keeper is not None and (keep or self.state.assisted != assisted):
            if coach_only or not self.state.over:
                self.keeper.save(self.state)  # coach_only: the assisted flag may have changed
            else:
                self._finish()
        if coach_only:
            return
        self.show_notices()
        self.schedule_computers()

    def show_notices(self) -> None:
        if self.storage is not None and (notices := self.storage.take_notices()):
            self.renderer.notify([n.text for n in notices])

    # --- the end of a game: statistics, high scores, names ------------------------------

    def _finish(self) -> None:
        """Record each person's result once; enter high scores at once, then ask for names."""
        state, storage = self.state, self.storage
        # Every decision is kept for the review (the last 50 games), under the game's own id:
        # a tab that was behind finds the finished game there (App.load_saved).
        self.finished_id = self.keeper.id
        kept = storage.add_finished_game(save.dumps(state), game_id=self.finished_id,
                                  finished=datetime.date.today().isoformat(), preset=state.preset,
                                  players=[p.name for p in state.players], scores=list(state.grand_totals()),
                                  assisted=state.assisted)
        # Only a game the history holds may leave the slot; else the finished state stays there.
        if kept:
            self.keeper.end()
        else:
            self.keeper.save(state)
        if self.on_finish is not None:
            self.on_finish()
        results = []
        for seat, player in enumerate(state.players):
            if not player.is_human:
                continue
            card = state.cards[seat]
            yahtzees = sum(1 for m in state.moves
                           if isinstance(m, Score) and m.seat == seat and rules.is_yahtzee(m.dice))
            storage.record_game(card.totals.grand_total, preset=state.preset, yahtzees=yahtzees,
                                upper_bonus=card.totals.upper_bonus > 0, assisted=state.assisted)
            results.append((card.totals.grand_total, seat))
        for score, seat in sorted(results, reverse=True):
            name = state.players[seat].name
            # Entered now under the game's name, so closing the tab at the prompt loses nothing.
            entry = storage.add_score(name, score, preset=state.preset, players=len(state.players),
                                      assisted=state.assisted)
            if entry is not None:
                self._name_queue.append((entry, name, score))
        self.next_name()

    def next_name(self) -> None:
        """Ask for the next name, or show the table once every name is in."""
        if self._name_queue:
            self.renderer.ask_name(*self._name_queue[0])
        elif self.last_entry is not None:
            self.renderer.show_high_scores(self.last_entry)

    def confirm_name(self, entry_id: str, name: str) -> None:
        """The player entered (or kept) ``name`` for the high score ``entry_id``."""
        self._name_queue = [q for q in self._name_queue if q[0] != entry_id]
        if self.storage is not None:
            self.storage.rename_score(entry_id, name)
            self.storage.remember_name(name)
            self.show_notices()
        self.last_entry = entry_id
        self.next_name()

    # --- computer opponents -------------------------------------------------------------

    def schedule_computers(self) -> None:
        """Start playing the computers' turns in the background if one is due."""
        player = None if self.state is None else self.state.current_player
        if player is None or player.is_human or self.decide is None:
            self.fast = False
            return
        if self._computer_task is None or self._computer_task.done():
            self._computer_task = self.spawn(self.play_computers())

    async def play_computers(self) -> None:
        """Play computer turns one visible step at a time until a person is to move."""
        while self.state is not None and (player := self.state.current_player) is not None and not player.is_human:
            if not self.sync():  # another tab played on (perhaps this very turn): go on from there
                continue
            state = self.state
            table = await self._table_for(player.kind)
            if self.state is not state:  # a new game was started while the table loaded
                continue
            # Without its table (offline before it was ever fetched) a computer plays greedily.
            level = player.kind if table is not None else "greedy"
            if state.rolls_used == 0:
                if not self._act(lambda s: s.roll(), computer=True):
                    continue  # another tab played on: decide again from its state
                self.renderer.announce(f"{player.name}: " + view.describe_roll(self.state))
            else:
                seat = state.current_seat
                kind, choice = self.decide(level, state.preset, state.cards[seat].filled, state.dice,
                                           state.rolls_left, self.rng, table)
                if kind == "score":
                    if not self._act(lambda s, box=choice: s.score(box), rolled=False, computer=True):
                        continue
                    self.renderer.announce(self._describe_score(state, choice))
                else:
                    if not self._act(lambda s, held=choice: s.set_held(held), rolled=False, computer=True):
                        continue
                    kept = [str(d) for d, h in zip(state.dice, choice, strict=True) if h]
                    self.renderer.announce(f"{player.name} holds {', '.join(kept) or 'nothing'}.")
                    holding = self.state
                    if not self.fast:
                        await self.sleep(COMPUTER_PACE / 2)
                    if self.state is holding and self._act(lambda s: s.roll(), computer=True):
                        self.renderer.announce(f"{player.name}: " + view.describe_roll(self.state))
            if not self.fast:
                await self.sleep(COMPUTER_PACE)
        self.fast = False

    def skip_ahead(self) -> None:
        self.fast = True

    async def table_for(self, preset: str) -> Any:
        """The strategy table of ``preset`` (fetched once), or None if it cannot be had."""
        if preset not in self.tables and self.load_table is not None:
            try:
                self.tables[preset] = await self.load_table(preset)
            except Exception as err:  # network or data: the game goes on either way
                self.renderer.announce(f"The strategy could not be loaded ({err}); computers play simply.")
        return self.tables.get(preset)

    async def _table_for(self, level: str) -> Any:
        if level == "greedy" or self.state is None:
            return None
        return await self.table_for(self.state.preset)
