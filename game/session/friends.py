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

from collections.abc import Callable, Sequence
from dataclasses import replace

from game.core.card import Score
from game.core.players import Player
from game.core.state import GameState
from game.core.turn_link import (
    GameLink,
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
from game.session.games import load_saved
from game.session.keeper import GameKeeper
from game.session.outcome import CatchUp, OnBoard, Outcome
from game.session.ports import Renderer, Sleep

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

    def __init__(self, keeper: GameKeeper | None) -> None:
        self.keeper = keeper
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
        if self.game is not None and self.keeper is not None and not state.rolls_used:
            records = self.keeper.records
            records.friends.keep(encode(state), mine_of(state), records.store.stamp())

    # --- opening a link -------------------------------------------------------------------

    def open(self, text: str) -> Outcome:
        """Open the link game ``text``; raises :class:`TurnLinkError` (its message quotes nothing
        from the link, and nothing stored changes) if the link cannot be read."""
        content = decode(text)
        final = replay(content)
        gid = game_id(content)
        records = self.keeper.records if self.keeper is not None else None
        kept = records.friends.find(gid) if records is not None else None
        mine = kept.mine if kept is not None and kept.mine else claim(final)
        since = kept.turns if kept is not None else 0
        if kept is None and not mine and final.over:  # someone's final card: shown, not kept
            return self._view(final)
        outcome: Kept = "new"
        if records is not None:
            outcome = records.friends.keep(text, mine, records.store.stamp())
        notices: tuple[str, ...] = ()
        if kept is not None and outcome in ("older", "conflict"):
            notices = (words.kept_link(outcome == "older", kept.turns, len(content.turns)),)
            content = kept.content
        shown = self.show(gid, content, mine, since if outcome in ("new", "later") else len(content.turns),
                          record=outcome in ("new", "later", "refused"))
        return replace(shown, notices=notices + shown.notices)

    def resume(self, gid: str) -> Outcome:
        """Put the kept link game ``gid`` on the board (from Games with friends)."""
        kept = self.keeper.records.friends.find(gid) if self.keeper is not None else None
        if kept is None:
            return Outcome(said=(words.cannot_resume(),))
        return self.show(gid, kept.content, kept.mine, kept.turns, record=False)

    def show(self, gid: str, content: GameLink, mine: Sequence[int], since: int, record: bool) -> Outcome:
        """Put the game on the board (the board's game set aside), then catch up from turn ``since``.

        ``record``: the game is new here, so its end (if it has ended) is recorded here."""
        steps = tuple(replace(s, players=seated(s.players, mine)) for s in replay_steps(content, since))
        final, notices = self._in_progress(gid, steps[-1])
        if final.over and not record:
            return self._view(final, gid)  # recorded when it ended here: shown as it is, nothing written
        unchanged = False  # the board already holds this very state: nothing to write
        if self.keeper is not None:
            keeper, records = self.keeper, self.keeper.records
            stored = records.slot.read()
            if stored is not None and stored.id == gid:
                keeper.adopt(stored)
                on_board, more = load_saved(keeper, stored)
                unchanged, notices = on_board == final, notices + more
            elif not keeper.switch_to(gid, None):
                return Outcome(said=(words.cannot_set_aside(),), notices=notices)
            if not unchanged:
                keeper.save(final)
                records.set_aside.take(gid)  # a turn half played here, now back on the board
        if len(steps) > 1 and steps[-1] is not final:
            steps = steps[:1]  # resumed mid-turn: its turns were seen here
        catch_up = CatchUp(steps, final, gid) if len(steps) > 1 else None
        return Outcome(board=OnBoard(final, None, gid, keep=not unchanged, draw=catch_up is None),
                       catch_up=catch_up, forget_link=True, notices=notices)

    def _view(self, final: GameState, gid: str | None = None) -> Outcome:
        """Show a finished link game without writing anything (its end was recorded where it
        was played); ``gid``: one this device played, which still offers its final link."""
        state = final if gid else replace(final, players=seated(final.players, ()))
        return Outcome(board=OnBoard(state, None, gid, read_only=True), forget_link=True)

    def _in_progress(self, gid: str, final: GameState) -> tuple[GameState, tuple[str, ...]]:
        """``final``, or a turn of it half played on this device (on the board or set aside)."""
        if self.keeper is None:
            return final, ()
        records = self.keeper.records
        stored = records.slot.read()
        candidates = [stored] if stored is not None and stored.id == gid else []
        candidates += [g for g in records.set_aside.games() if g.id == gid]
        notices: tuple[str, ...] = ()
        for saved in candidates:
            state, more = load_saved(self.keeper, saved)
            notices += more
            if state is not None and state.rolls_used and turns_of(state) == turns_of(final):
                return replace(state, players=final.players), notices
        return final, notices

    # --- catching up ----------------------------------------------------------------------

    async def catch_up(self, catch_up: CatchUp, on_board: Callable[[], bool], screen: Renderer,
                       sleep: Sleep) -> Outcome:
        """Show each roll and box played since this device last saw the game, while
        ``on_board()`` holds and nobody skips; then, if it still holds, the game to play on."""
        self.replaying = True
        try:
            for before, step in zip(catch_up.steps, catch_up.steps[1:], strict=False):
                if self.fast or not on_board():
                    break
                names = [p.name for p in step.players] + [""]
                view = BoardView(step, rolled=step.rolls_used > 0, catching_up=True,
                                 next_seat=catch_up.final.current_seat)
                screen.render(board_regions(view), names)
                move = step.moves[-1]
                if isinstance(move, Score):
                    screen.announce(words.describe_score(before, step, move.box))
                await sleep(CATCH_UP_PACE)
        finally:
            self.replaying = False
        if not on_board():  # another game was put on the board meanwhile
            return Outcome()
        final, player = catch_up.final, catch_up.final.current_player
        said = (words.caught_up(player.name),) if player is not None and player.is_human else ()
        return Outcome(board=OnBoard(final, None, catch_up.game), said=said)

    def skip(self) -> None:
        self.fast = True
