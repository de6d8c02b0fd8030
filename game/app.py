"""The game manager: one pure-Python object that the screen, the keyboard and storage plug into.

Like 2048's GameManager, it is built with its edges passed in: a renderer (the DOM in the
browser, a fake in tests), a storage adapter and a sleep function for the pace of
computer turns. It owns the current :class:`~game.game.GameState` and is the only thing
that changes it.

>>> from game.dice import ScriptedDice
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
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace
from typing import Any, Protocol

from game import coach_view, coaching, rules, save, view
from game.coaching import Advice
from game.dice import DiceSource, new_seed
from game.game import GameState, IllegalAction, Player, Score, SetupError, new_game

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


class RecordingRenderer:
    """A renderer for tests: keeps the last HTML of each region and everything said."""

    def __init__(self) -> None:
        self.regions: dict[str, str] = {}
        self.names: Sequence[str] = ()
        self.spoken: list[str] = []
        self.notices: list[str] = []
        self.asked: list[tuple[str, str, int]] = []
        self.highlight: str | None = None

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


Decide = Callable[..., tuple[str, Any]]


class App:
    """Holds the game in progress and turns player actions into new states and screens."""

    def __init__(
        self,
        renderer: Renderer,
        storage: Any = None,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        decide: Decide | None = None,
        load_table: Callable[[str], Awaitable[Any]] | None = None,
        rng: random.Random | None = None,
    ) -> None:
        self.renderer = renderer
        self.storage = storage
        self.sleep = sleep
        self.decide = decide
        self.load_table = load_table
        self.rng = rng or random.Random()
        self.state: GameState | None = None
        self.fast = False  # set by "skip ahead": computers play the rest of their turn at once
        self.tables: dict[str, Any] = {}
        self._computer_task: asyncio.Future | None = None
        self._name_queue: list[tuple[str, str, int]] = []  # high scores awaiting a name
        self.challenge: tuple[int, str] | None = None  # a friend's (score to beat, name) on this seed
        self.last_entry: str | None = None
        self.hints = False  # the coach's best move is shown during a person's turn
        self.show_values = False  # ... and, on demand, the value of every choice
        self.undo_point: GameState | None = None  # the state before the last box a person scored
        self._loading: asyncio.Future | None = None
        self.finished_id: str | None = None  # the history id of the game that just ended

    # --- starting and resuming ----------------------------------------------------------

    def start(self, players: Sequence[Player], preset: str = rules.DEFAULT_PRESET, seed: str | None = None,
              challenge: tuple[int, str] | None = None, real_dice: bool = False) -> None:
        """Start a game; ``challenge`` is a friend's (score, name) to beat on the same seed.

        With ``real_dice`` the players throw physical dice and type them in; hints are on.
        """
        try:
            self.state = new_game(players, preset, seed, real_dice=real_dice)
            self.last_entry = None
            self.undo_point = None
            self.hints = self.hints or real_dice
            self.challenge = challenge if len(players) == 1 else None
        except SetupError as err:
            self.renderer.announce(f"Cannot start: {err}")
            return
        self._changed()
        names = ", ".join(p.name for p in self.state.players)
        starter = self.state.players[self.state.first].name
        self.renderer.announce(f"New game: {names}. {starter} starts." if len(self.state.players) > 1
                               else f"New game for {names}.")

    def resume(self, state: GameState) -> None:
        self.state = state
        self._changed()

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
        if self.undo_point is None:
            self.renderer.announce("Nothing to undo: a box can be taken back only until the next roll.")
            return
        box = next(m.box for m in reversed(self.state.moves) if isinstance(m, Score))
        self.state, self.undo_point = replace(self.undo_point, assisted=True), None
        self._changed()
        self.renderer.announce(f"Took back {rules.BOX_LABELS[box]}. Choose again.")

    # --- the coach ------------------------------------------------------------------------

    def toggle_hints(self) -> None:
        self.hints = not self.hints
        self.renderer.announce("Hints on." if self.hints else "Hints off.")
        self._changed(coach_only=True)

    def toggle_values(self) -> None:
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

        self._loading = asyncio.ensure_future(load())

    def _act(self, action: Callable[[GameState], GameState], rolled: bool = True, computer: bool = False,
             undo_point: GameState | None = None) -> bool:
        """Apply ``action``; ``undo_point`` is what Undo returns to (only a person's score sets one)."""
        if self.state is None:
            self.renderer.announce("Start a new game first.")
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
            "challenge": view.challenge_html(state, self.challenge[0] if self.challenge else None),
        }

    def _changed(self, rolled: bool = False, coach_only: bool = False) -> None:
        # Name slots: the players by seat, then the challenger (see view.challenge_html).
        names = [p.name for p in self.state.players] + [self.challenge[1] if self.challenge else ""]
        self.renderer.render(self.regions(rolled), names)
        if coach_only:
            if self.storage is not None:
                self.storage.save_game(save.dumps(self.state))  # the assisted flag may have changed
            return
        if self.storage is not None:
            if self.state.over:
                self._finish()
            else:
                self.storage.save_game(save.dumps(self.state))
            self.show_notices()
        self.schedule_computers()

    def show_notices(self) -> None:
        if self.storage is not None and (notices := self.storage.take_notices()):
            self.renderer.notify([n.text for n in notices])

    # --- the end of a game: statistics, high scores, names ------------------------------

    def _finish(self) -> None:
        """Record each person's result once; enter high scores at once, then ask for names."""
        state, storage = self.state, self.storage
        storage.clear_game()
        # Every decision is kept for the review (the last 50 games).
        self.finished_id = new_seed()
        storage.add_finished_game(save.dumps(state), game_id=self.finished_id,
                                  finished=datetime.date.today().isoformat(), preset=state.preset,
                                  players=[p.name for p in state.players], scores=list(state.grand_totals()),
                                  assisted=state.assisted)
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
            self._computer_task = asyncio.ensure_future(self.play_computers())

    async def play_computers(self) -> None:
        """Play computer turns one visible step at a time until a person is to move."""
        while self.state is not None and (player := self.state.current_player) is not None and not player.is_human:
            state = self.state
            table = await self._table_for(player.kind)
            if self.state is not state:  # a new game was started while the table loaded
                continue
            # Without its table (offline before it was ever fetched) a computer plays greedily.
            level = player.kind if table is not None else "greedy"
            if state.rolls_used == 0:
                self._act(lambda s: s.roll(), computer=True)
                self.renderer.announce(f"{player.name}: " + view.describe_roll(self.state))
            else:
                seat = state.current_seat
                kind, choice = self.decide(level, state.preset, state.cards[seat].filled, state.dice,
                                           state.rolls_left, self.rng, table)
                if kind == "score":
                    self._act(lambda s, box=choice: s.score(box), rolled=False, computer=True)
                    self.renderer.announce(self._describe_score(state, choice))
                else:
                    self._act(lambda s, held=choice: s.set_held(held), rolled=False, computer=True)
                    kept = [str(d) for d, h in zip(state.dice, choice, strict=True) if h]
                    self.renderer.announce(f"{player.name} holds {', '.join(kept) or 'nothing'}.")
                    holding = self.state
                    if not self.fast:
                        await self.sleep(COMPUTER_PACE / 2)
                    if self.state is holding:  # no new game started during the pause
                        self._act(lambda s: s.roll(), computer=True)
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
