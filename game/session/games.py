"""Which game is on the board: links, other tabs, and the games set aside.

A link never discards a game (:func:`game.session.opening.decide_opening`); a game that
gives way to another is set aside, resumable from Games; a tab that is behind another
follows the stored game before it acts (``docs/storage.md``, "Tabs").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core import rules, save
from game.core.dice import new_seed
from game.core.links import Link
from game.core.players import Player
from game.core.state import GameState, new_game
from game.records.game_slot import Challenge, SavedGame
from game.session import words
from game.session.opening import decide_opening

if TYPE_CHECKING:
    from game.session.manager import App


class GameSwitcher:
    """Opens the page's game, answers the link question, resumes set-aside games, follows tabs."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.pending_link: tuple[Link, Challenge | None, str] | None = None  # asked: play it or keep mine?

    def open(self, link: Link, name: str, turn: str | None = None) -> None:
        """Show what the page opens on: the stored game, the link's game, or the stored game
        and the question which to play. ``turn``: a game with friends (``#play=…``) to open;
        if it cannot be read (it is said why), the page opens as without it."""
        app = self.app
        if turn is not None and app.friends.open(turn):
            return
        saved = app.records.slot.read() if app.records is not None else None
        state = self.load_saved(saved) if saved is not None and not saved.ended else None
        challenge = Challenge(link.beat, link.challenger or "a friend") if link.beat is not None else None
        opening = decide_opening(link.seed, state)
        if opening in ("resume", "ask") and state is not None:
            app.resume(state, saved)
        if opening == "ask" and link.seed is not None:
            self.pending_link = (link, challenge, name)
            app.renderer.ask_link_choice(words.describe_link(link.seed, challenge))
        elif opening == "resume":
            app.renderer.forget_link()
        else:
            app.start([Player(name)], link.preset or rules.DEFAULT_PRESET, link.seed, challenge)

    def choose_link(self, play: bool) -> None:
        """The answer to :meth:`open`'s question; the game not chosen is set aside."""
        if self.pending_link is None:
            return
        app, (link, challenge, name) = self.app, self.pending_link
        self.pending_link = None
        preset = link.preset or rules.DEFAULT_PRESET
        if play:
            app.start([Player(name)], preset, link.seed, challenge)  # sets aside the game on the board
            return
        if app.records is not None:
            waiting = save.dumps(new_game([Player(name)], preset, link.seed))
            app.records.set_aside.add(SavedGame(new_seed(), 1, waiting, challenge, app.records.store.stamp()))
            app.show_notices()
        app.renderer.forget_link()
        app.renderer.announce(words.LINK_WAITING)

    def resume(self, game_id: str) -> None:
        """Play the set-aside game ``game_id``; the game on the board is set aside in its place."""
        app = self.app
        if app.records is None or app.keeper is None or not self.sync():
            return
        found = next((g for g in app.records.set_aside.games() if g.id == game_id), None)
        state = self.load_saved(found) if found is not None else None
        # In this order, each step stopping at a failure: the board's game set aside, the
        # chosen one on the board, then off the list. A game is at worst listed twice, never lost.
        if found is None or state is None or not app.keeper.switch_to(found.id, found.challenge):
            app.renderer.announce(words.CANNOT_RESUME)
            app.show_notices()
            return
        app.show(state, found.challenge, found.id)
        if app.keeper.save(state):  # on the board for good: off the list
            app.records.set_aside.take(game_id)
        app.actuate(keep=False)
        app.renderer.announce("Resumed: " + ", ".join(p.name for p in state.players) + ".")

    def sync(self) -> bool:
        """True if this tab shows the latest saved game. Otherwise it follows the game another
        tab saved since, says so, and returns False."""
        app = self.app
        if app.keeper is None or (newer := app.keeper.newer()) is None:
            return True
        state = self.load_saved(newer)
        if state is not None:
            app.resume(state, newer)
        else:  # unreadable (and told): still the revision to build on, so no tab overwrites it
            app.keeper.adopt(newer)
        app.renderer.notify([words.MOVED_ON])
        return False

    def load_saved(self, saved: SavedGame) -> GameState | None:
        """The game ``saved`` holds (an ended one from the review history), or None if unreadable."""
        records, text = self.app.records, saved.text
        if text is None and records is not None:
            text = records.history.text(saved.id)
        try:
            return None if text is None else save.loads(text)
        except save.SaveError as err:
            self.app.renderer.notify([words.unreadable(err)])
            return None
