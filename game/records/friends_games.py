"""``yahtzee:friends``: the games this device plays with friends by link ("Games with friends").

Each game is kept as its latest turn link (game/core/turn_link.py) and the seats this
device plays. A link never takes a game back: a link older than the one kept (fewer
turns of the same game), or one that does not continue it, leaves the kept game as it is,
and :meth:`FriendsGames.keep` says which happened. Every change re-reads the list first,
so two tabs never erase each other's games.

>>> from game.core.state import new_game
>>> from game.core.turn_link import encode
>>> from game.records.kv import MemoryStore
>>> from game.records.safe_store import SafeStore
>>> games = FriendsGames(SafeStore(MemoryStore()))
>>> start = new_game(["Ann", "Ben"], seed="f")
>>> later = start.roll().score("chance")
>>> games.keep(encode(later), (0,), at=2), games.keep(encode(start), (), at=3)
('new', 'older')
>>> [(g.turns, g.mine) for g in games.games()]
[(1, (0,))]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from game.core.players import MAX_PLAYERS
from game.core.save import SaveError, loads
from game.core.turn_link import GameLink, TurnLinkError, decode, game_id, is_link_id, turns_of
from game.records.fields import MAX_STAMP, decode_record, read_int
from game.records.game_slot import SavedGame
from game.records.safe_store import SafeStore

FRIENDS_KEY = "yahtzee:friends"
#: The schema of ``yahtzee:friends``.
FRIENDS_VERSION = 1
#: What keeping a link did: a game not kept before, a later state of one, the same state,
#: an older one (the kept game stays), one that does not continue the kept game (it stays),
#: or nothing because the store refused to write.
Kept = Literal["new", "later", "same", "older", "conflict", "refused"]


@dataclass(frozen=True)
class FriendsGame:
    """A game with friends as this device keeps it: its latest link and the seats played here."""

    link: str
    mine: tuple[int, ...]
    at: int  # when it was last kept (ms since 1970 UTC)
    content: GameLink

    @property
    def id(self) -> str:
        return game_id(self.content)

    @property
    def turns(self) -> int:
        return len(self.content.turns)


def friends_game(link: str, mine: Iterable[int], at: int) -> FriendsGame:
    """A kept game from its link; :class:`TurnLinkError` (a ``ValueError``) if the link is not one."""
    content = decode(link)
    seats = tuple(sorted(set(mine)))
    if any(not 0 <= seat < len(content.players) for seat in seats):
        raise ValueError("a seat played here is not one of the game's")
    return FriendsGame(link, seats, at, content)


def friends_to_record(games: Iterable[FriendsGame]) -> dict[str, Any]:
    return {"version": FRIENDS_VERSION,
            "games": [{"link": g.link, "mine": list(g.mine), "at": g.at} for g in games]}


def friends_from_record(data: Mapping[str, Any]) -> tuple[FriendsGame, ...]:
    """The games of a record (at :data:`FRIENDS_VERSION`), kept last first."""
    items = data.get("games")
    if not isinstance(items, list):
        raise ValueError("games is not a list")
    games = []
    for item in items:
        if not isinstance(item, Mapping) or not isinstance(item.get("link"), str):
            raise ValueError("a game with friends has no link")
        mine = item.get("mine")
        if not isinstance(mine, list) or any(type(s) is not int or not 0 <= s < MAX_PLAYERS for s in mine):
            raise ValueError("a game with friends has no list of the seats played here")
        try:
            games.append(friends_game(item["link"], mine, read_int(item, "at", 0, MAX_STAMP)))
        except TurnLinkError:
            raise ValueError("a game with friends has a damaged link") from None
    return tuple(sorted(games, key=lambda g: -g.at))


def compare(kept: FriendsGame, content: GameLink) -> Kept:
    """How a link's game stands against the kept state of the same game."""
    old, new = kept.content.turns, content.turns
    if new == old:
        return "same"
    if new[:len(old)] == old:
        return "later"
    return "older" if old[:len(new)] == new else "conflict"


class FriendsGames:
    """The list, re-read at every change."""

    def __init__(self, store: SafeStore) -> None:
        self._store = store

    def games(self) -> tuple[FriendsGame, ...]:
        """The games with friends, kept last first."""
        return self._store.load(FRIENDS_KEY, "friends", _parse, blank=_EMPTY) or ()

    def find(self, game: str) -> FriendsGame | None:
        return next((g for g in self.games() if g.id == game), None)

    def holds(self, saved: SavedGame) -> bool:
        """Whether ``saved`` (the board's game) is a link game this list has in full: one
        between two turns, with all its turns in the kept link. It needs no place among the
        set-aside games; a turn half played does."""
        kept = self.find(saved.id) if is_link_id(saved.id) else None
        if kept is None or saved.text is None:
            return False
        try:
            state = loads(saved.text)
        except SaveError:
            return False
        turns = turns_of(state)
        return state.rolls_used == 0 and kept.content.turns[:len(turns)] == turns

    def keep(self, link: str, mine: Sequence[int], at: int) -> Kept:
        """Keep ``link``'s game (``mine``: the seats this device plays, added to those kept).

        A later state replaces the kept one; an older or diverging one leaves it as it is.
        ``TurnLinkError`` if ``link`` cannot be read (nothing stored changes).
        """
        new = friends_game(link, mine, at)
        games = self.games()
        kept = next((g for g in games if g.id == new.id), None)
        outcome: Kept = "new" if kept is None else compare(kept, new.content)
        if kept is not None:
            seats = tuple(sorted(set(kept.mine) | set(new.mine)))
            if outcome in ("same", "older", "conflict") and seats == kept.mine:
                return outcome  # nothing to change
            new = replace(new if outcome == "later" else kept, mine=seats, at=at)
        rest = [g for g in games if g.id != new.id]
        if not self._store.write_record(FRIENDS_KEY, friends_to_record([new, *rest]), "friends"):
            return "refused"
        return outcome


_EMPTY = '{"version":1,"games":[]}'


def _parse(raw: str) -> tuple[FriendsGame, ...]:
    return friends_from_record(decode_record(raw, FRIENDS_VERSION))
