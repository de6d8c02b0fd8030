"""Which game is on the board: links, other tabs, and the games set aside.

A link never discards a game (:func:`game.session.opening.decide_opening`); a game that
gives way to another is set aside, resumable from Games; a tab that is behind another
follows the stored game before it acts (``docs/storage.md``, "Tabs"). Each answer is an
:class:`~game.session.outcome.Outcome` for the game manager to apply.

>>> from game.core.links import Link
>>> from game.records.device import open_records
>>> from game.records.kv import MemoryStore
>>> games = GameSwitcher(GameKeeper(open_records(MemoryStore())))
>>> games.open(Link(seed="s1"), "Ann").board.state.seed
's1'
>>> games.follow() is None  # nothing saved by another tab
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from game.core import rules, save
from game.core.dice import new_seed
from game.core.errors import SetupError
from game.core.games import GAMES, YAHTZEE
from game.core.links import Link
from game.core.players import Player
from game.core.rulesets import ruleset_of
from game.core.state import GameState, new_game_in
from game.core.turn_link import game_id, to_link
from game.records.game_slot import Challenge, SavedGame
from game.session import words
from game.session.keeper import GameKeeper
from game.session.opening import decide_opening
from game.session.outcome import OnBoard, Outcome


def load_saved(keeper: GameKeeper, saved: SavedGame) -> tuple[GameState | None, tuple[str, ...]]:
    """The game ``saved`` holds (an ended one from the review history), or None and the
    notice saying why it could not be read."""
    text = saved.text if saved.text is not None else keeper.records.history.text(saved.id)
    try:
        return (None if text is None else save.loads(text)), ()
    except save.SaveError as err:
        return None, (words.unreadable(err),)


class GameSwitcher:
    """Opens the page's game, answers the link question, resumes set-aside games, follows tabs."""

    def __init__(self, keeper: GameKeeper | None) -> None:
        self.keeper = keeper
        self.pending_link: tuple[Link, Challenge | None, str] | None = None  # asked: play it or keep mine?

    def start(self, players: Sequence[Player], ruleset: str = rules.DEFAULT_PRESET, seed: str | None = None,
              challenge: Challenge | None = None, real_dice: bool = False) -> Outcome:
        """A new game of ``ruleset`` (a Yahtzee preset, or "yatzy": game.core.rulesets) on the
        board; ``challenge`` is a friend's score to beat on the same seed.

        The game on the board, if it was played, is set aside (resumable from Games).
        With ``real_dice`` the players throw physical dice and type them in; hints are on. A
        seat left blank gets its default name now, in the language spoken (``Player 2``).
        """
        try:
            state = new_game_in(ruleset, players, seed, real_dice=real_dice, default_name=words.default_name)
        except SetupError as err:
            return Outcome(said=(words.cannot_start(err),))
        challenge = challenge if len(players) == 1 else None
        # A game with a friend by link is known by the same id on every device it reaches.
        game = game_id(to_link(state)) if any(p.kind == "link" for p in state.players) else new_seed()
        if self.keeper is not None and not self.keeper.switch_to(game, challenge):
            return Outcome(said=(words.cannot_set_aside(),))
        self.pending_link = None
        return Outcome(board=OnBoard(state, challenge, game, hints=real_dice), forget_link=True,
                       said=(words.describe_start(state),))

    def open(self, link: Link, name: str, game: str = YAHTZEE.key) -> Outcome:
        """What the page opens on: the stored game, the link's game, or the stored game and
        the question which to play (``name``: the device's player, blank for a default name;
        ``game``: a new game's, its key, when the link names none)."""
        saved = self.keeper.records.slot.read() if self.keeper is not None else None
        state: GameState | None = None
        notices: tuple[str, ...] = ()
        if saved is not None and not saved.ended and self.keeper is not None:
            state, notices = load_saved(self.keeper, saved)
        # An unnamed challenger is named in the language of the page that opens the link, and kept so.
        challenge = Challenge(link.beat, link.challenger or words.unnamed_friend()) if link.beat is not None else None
        opening = decide_opening(link.seed, state)
        board = None
        if opening in ("resume", "ask") and state is not None and saved is not None:
            board = OnBoard(state, saved.challenge, saved.id, adopt=saved, keep=False)
        if opening == "ask" and link.seed is not None:
            self.pending_link = (link, challenge, name)
            return Outcome(board=board, notices=notices, ask_link=words.describe_link(link.seed, challenge))
        if opening == "resume":
            return Outcome(board=board, notices=notices, forget_link=True)
        ruleset = link.preset or ruleset_of(GAMES.get(game, YAHTZEE))
        started = self.start([Player(name)], ruleset, link.seed, challenge)
        return replace(started, notices=notices + started.notices)

    def choose_link(self, play: bool) -> Outcome:
        """The answer to :meth:`open`'s question; the game not chosen is set aside."""
        if self.pending_link is None:
            return Outcome()
        (link, challenge, name), self.pending_link = self.pending_link, None
        ruleset = link.preset or rules.DEFAULT_PRESET
        if play:  # starting it sets aside the game on the board
            return self.start([Player(name)], ruleset, link.seed, challenge)
        if self.keeper is not None:
            records = self.keeper.records
            waiting = save.dumps(new_game_in(ruleset, [Player(name)], link.seed, default_name=words.default_name))
            records.set_aside.add(SavedGame(new_seed(), 1, waiting, challenge, records.store.stamp()))
        return Outcome(forget_link=True, said=(words.link_waiting(),))

    def resume(self, game_id: str) -> Outcome:
        """Play the set-aside game ``game_id``; the game on the board is set aside in its place.

        The caller has checked that this tab shows the latest saved game."""
        keeper = self.keeper
        if keeper is None:
            return Outcome()
        records = keeper.records
        found = next((g for g in records.set_aside.games() if g.id == game_id), None)
        state, notices = load_saved(keeper, found) if found is not None else (None, ())
        # In this order, each step stopping at a failure: the board's game set aside, the
        # chosen one on the board, then off the list. A game is at worst listed twice, never lost.
        if found is None or state is None or not keeper.switch_to(found.id, found.challenge):
            return Outcome(said=(words.cannot_resume(),), notices=notices)
        if keeper.save(state):  # on the board for good: off the list
            records.set_aside.take(game_id)
        return Outcome(board=OnBoard(state, found.challenge, found.id, keep=False),
                       said=(words.resumed(p.name for p in state.players),))

    def follow(self) -> Outcome | None:
        """None if this tab shows the latest saved game; else what follows the game another
        tab saved since (or, if it cannot be read, its revision, so no tab overwrites it)."""
        if self.keeper is None or (newer := self.keeper.newer()) is None:
            return None
        state, notices = load_saved(self.keeper, newer)
        if state is None:
            self.keeper.adopt(newer)
            return Outcome(notices=(*notices, words.moved_on()))
        return Outcome(board=OnBoard(state, newer.challenge, newer.id, adopt=newer, keep=False),
                       notices=(words.moved_on(),))
