"""Games with friends by link: the seats this device plays, the link to pass on, catching up.

A link game is kept twice on a device, each copy for its own job: the board's game slot
holds it while it is on the board, move by move like any game (a reload resumes a turn
half played), and ``yahtzee:friends`` keeps its latest turn link and the seats played here
(the "Games with friends" list). The flow (docs/friends.md):

- **Passing the turn.** When play reaches a person who plays on another device, or the
  game ends, the board shows the link that carries the game on (:meth:`FriendsPlay.pass_on`).
- **Opening a link** (:meth:`FriendsPlay.open`): a device that does not know the game
  takes the seat whose turn it is; one that does keeps its seats. A link older than the
  device's state, or one that does not continue it, leaves the device's game as it is.
- **Catching up**: the turns played since the device last saw the game are shown one
  step at a time (skippable), then the player's turn begins.

Which device plays a seat is each device's own business: a link writes every person as
a person, and a device makes its own seats ``human`` and the others ``link``
(:func:`seated`), so only a person at this device may act on this board.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from game.core.card import Score
from game.core.players import Player
from game.core.state import GameState
from game.core.turn_link import (
    GameLink,
    TurnLinkError,
    decode,
    encode,
    fragment,
    game_id,
    replay,
    replay_steps,
    turns_of,
)
from game.records.friends_games import Kept
from game.screens.regions import BoardView, board_regions
from game.session import words

if TYPE_CHECKING:
    from game.session.manager import App

#: Seconds per step while catching up: quick, but each roll and box can be followed.
CATCH_UP_PACE = 0.35


def seated(players: Sequence[Player], mine: Sequence[int]) -> tuple[Player, ...]:
    """The seats as this device plays them: its own persons ``human``, the other persons ``link``.

    >>> [p.kind for p in seated([Player("Ann"), Player("Bot", "optimal"), Player("Cy")], [2])]
    ['link', 'optimal', 'human']
    """
    return tuple(p if p.is_computer else Player(p.name, "human" if seat in mine else "link")
                 for seat, p in enumerate(players))


def mine_of(state: GameState) -> tuple[int, ...]:
    """The seats this device plays in ``state``."""
    return tuple(seat for seat, p in enumerate(state.players) if p.is_human)


def claim(state: GameState) -> tuple[int, ...]:
    """The seat a device new to the game takes: the person whose turn it is (none once it is over)."""
    seat = state.current_seat
    return () if seat is None or state.players[seat].is_computer else (seat,)


class FriendsPlay:
    """The link game on the board, if any: keeps its link, passes it on, catches up."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.game: str | None = None  # the id of the link game on the board (None: not a link game)
        self.replaying = False  # catching up: the board shows turns already played
        self.fast = False  # Skip: stop catching up

    # --- the game on the board ------------------------------------------------------------

    def pass_on(self, state: GameState) -> str | None:
        """The link to send (``#play=…``) when it is another device's turn or the game is over."""
        if self.game is None or self.replaying or state.rolls_used:
            return None
        player = state.current_player
        return fragment(encode(state)) if player is None or player.kind == "link" else None

    def keep(self, state: GameState) -> None:
        """After a save: a finished turn of the board's link game goes into its kept link (the
        list is written only when the link is new to it)."""
        records = self.app.records
        if self.game is not None and records is not None and not state.rolls_used:
            records.friends.keep(encode(state), mine_of(state), records.store.stamp())

    # --- opening a link -------------------------------------------------------------------

    def open(self, text: str) -> bool:
        """Open the link game ``text``; False (and a notice) if the link cannot be read."""
        app = self.app
        try:
            content = decode(text)
            final = replay(content)
        except TurnLinkError as error:  # quotes nothing from the link; nothing stored changes
            app.renderer.notify([str(error)])
            return False
        gid = game_id(content)
        kept = app.records.friends.find(gid) if app.records is not None else None
        mine = kept.mine if kept is not None and kept.mine else claim(final)
        since = kept.turns if kept is not None else 0
        if kept is None and not mine and final.over:  # someone's final card: shown, not kept
            self._view(final)
            return True
        outcome: Kept = "new"
        if app.records is not None:
            outcome = app.records.friends.keep(text, mine, app.records.store.stamp())
        if kept is not None and outcome in ("older", "conflict"):
            app.renderer.notify([_kept_notice(outcome, kept.turns, len(content.turns))])
            content = kept.content
        self.show(gid, content, mine, since if outcome in ("new", "later") else len(content.turns),
                  record=outcome in ("new", "later", "refused"))
        return True

    def resume(self, gid: str) -> None:
        """Put the kept link game ``gid`` on the board (from Games with friends)."""
        records = self.app.records
        kept = records.friends.find(gid) if records is not None else None
        if kept is None:
            self.app.renderer.announce(words.CANNOT_RESUME)
            return
        self.show(gid, kept.content, kept.mine, kept.turns, record=False)

    def show(self, gid: str, content: GameLink, mine: Sequence[int], since: int, record: bool) -> None:
        """Put the game on the board (the board's game set aside), then catch up from turn ``since``.

        ``record``: the game is new here, so its end (if it has ended) is recorded here."""
        app = self.app
        steps = tuple(replace(s, players=seated(s.players, mine)) for s in replay_steps(content, since))
        final = self._in_progress(gid, steps[-1])
        if final.over and not record:
            self._view(final, gid)  # recorded when it ended here: shown as it is, nothing written
            return
        unchanged = False  # the board already holds this very state: nothing to write
        if app.keeper is not None and app.records is not None:
            stored = app.records.slot.read()
            if stored is not None and stored.id == gid:
                app.keeper.adopt(stored)
                unchanged = app.games.load_saved(stored) == final
            elif not app.keeper.switch_to(gid, None):
                app.renderer.announce(words.CANNOT_SET_ASIDE)
                app.show_notices()
                return
            if not unchanged:
                app.keeper.save(final)
                app.records.set_aside.take(gid)  # a turn half played here, now back on the board
        app.show(final, None, gid)
        app.renderer.forget_link()
        if len(steps) > 1 and steps[-1] is not final:
            steps = steps[:1]  # resumed mid-turn: its turns were seen here
        if len(steps) > 1:
            self.replaying, self.fast = True, False  # from now: a tap on the board skips, not plays
            app.computers.spawn(self.catch_up(steps, final))
        else:
            app.actuate(keep=not unchanged)

    def _view(self, final: GameState, gid: str | None = None) -> None:
        """Show a finished link game without writing anything (its end was recorded where it
        was played); ``gid``: one this device played, which still offers its final link."""
        app = self.app
        app.show(final if gid else replace(final, players=seated(final.players, ())), None, gid)
        app.read_only = True
        app.renderer.forget_link()
        app.actuate()

    def _in_progress(self, gid: str, final: GameState) -> GameState:
        """``final``, or a turn of it half played on this device (on the board or set aside)."""
        records = self.app.records
        if records is None:
            return final
        stored = records.slot.read()
        candidates = [stored] if stored is not None and stored.id == gid else []
        candidates += [g for g in records.set_aside.games() if g.id == gid]
        for saved in candidates:
            state = self.app.games.load_saved(saved)
            if state is not None and state.rolls_used and turns_of(state) == turns_of(final):
                return replace(state, players=final.players)
        return final

    # --- catching up ----------------------------------------------------------------------

    async def catch_up(self, steps: Sequence[GameState], final: GameState) -> None:
        """Show each roll and box played since this device last saw the game, then go on."""
        app = self.app
        self.replaying = True
        try:
            for before, step in zip(steps, steps[1:], strict=False):
                if self.fast or app.state is not final:
                    break
                names = [p.name for p in step.players] + [""]
                view = BoardView(step, rolled=step.rolls_used > 0, catching_up=True)
                app.renderer.render(board_regions(view), names)
                move = step.moves[-1]
                if isinstance(move, Score):
                    app.renderer.announce(words.describe_score(before, step, move.box))
                await app.computers.sleep(CATCH_UP_PACE)
        finally:
            self.replaying = False
        if app.state is final:
            app.actuate()
            player = final.current_player
            if player is not None and player.is_human:
                app.renderer.announce(f"Caught up. Your turn, {player.name}.")

    def skip(self) -> None:
        self.fast = True


def _kept_notice(outcome: Kept, kept_turns: int, link_turns: int) -> str:
    if outcome == "older":
        return (f"This link is from earlier in the game ({link_turns} turns played); this device already has "
                f"a later state ({kept_turns} turns) and keeps it.")
    return ("This link does not continue the game as this device has it, so the device keeps its own "
            f"({kept_turns} turns played). Ask for the latest link.")
