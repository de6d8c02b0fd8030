"""The turn link: a whole game in a URL fragment, for friends who play from their own phones.

The link is the game. It carries what is needed to rebuild it, and nothing else:

- the format version;
- the preset and the seed;
- each seat's name and kind (a person, or a computer level: which device plays a person's
  seat is each device's own business, so every person is written as ``human``);
- every turn played: the holds before each re-roll, and the box.

The dice are not in the link. They come from the seed (:class:`game.core.dice.SeededDice`),
and the receiving page rebuilds the game by replaying the turns through the engine
(:func:`replay`). So a link can only describe play the rules allow. docs/friends.md
describes the format, the flow and the trust model.

The text is ``<version>.<base64url>``. The bytes are:

- ``preset`` (1 byte), then ``seed`` (its length in 2 bytes, and UTF-8);
- ``seats`` (1 byte), then for each seat its ``kind`` (1 byte) and ``name`` (a length byte and UTF-8);
- ``turns`` (1 byte), then 2 bytes per turn: rolls − 1 (2 bits), the holds before the
  second roll (5 bits), the holds before the third (5 bits), and the box (4 bits);
- a CRC-32 of everything before it (4 bytes). A character changed or cut off fails it.

>>> from game.core.state import new_game
>>> state = new_game(["Ann", "Ben"], seed="doc").roll().roll(held=(True,) * 2 + (False,) * 3).score("chance")
>>> text = encode(state)
>>> text.startswith("1.") and replay(decode(text)) == replay(decode(encode(replay(decode(text)))))
True
>>> try:
...     decode(text[:-2])
... except LinkDamaged as error:
...     print(type(error).__name__)
LinkDamaged
"""

from __future__ import annotations

import binascii
from dataclasses import dataclass

from game.core.card import Roll
from game.core.errors import IllegalAction, SetupError
from game.core.players import MAX_PLAYERS, PLAYER_KINDS, Player, is_level
from game.core.rulesets import RULESETS, rules_of
from game.core.state import ROLLS_PER_TURN, GameState, new_game_in

#: The format this code writes and reads (a newer one is refused with a clear message).
FORMAT = 1
#: The fragment key: ``https://…/#play=1.AbC…``.
FRAGMENT_KEY = "play"
#: The start of a link game's id (:func:`game_id`) wherever a game id is kept.
LINK_ID_PREFIX = "link-"
_CHECKSUM = 4


class TurnLinkError(ValueError):
    """A turn link that cannot be read: damaged, or from a newer version (its type says which;
    ``game.session.words.turn_link_error`` words it, quoting nothing from the link)."""


class LinkDamaged(TurnLinkError):
    def __init__(self) -> None:
        super().__init__("damaged game link")


class LinkFromTheFuture(TurnLinkError):
    def __init__(self, version: int) -> None:
        super().__init__(f"game link format {version}, this page reads format {FORMAT}")
        self.version = version


@dataclass(frozen=True)
class Turn:
    """One turn as the link keeps it: how many rolls, the holds before each re-roll, the box."""

    holds: tuple[tuple[bool, ...], ...]  # before the 2nd and 3rd roll (as many as were made)
    box: str


@dataclass(frozen=True)
class GameLink:
    """What a turn link carries."""

    preset: str
    seed: str
    players: tuple[Player, ...]
    turns: tuple[Turn, ...]


def game_id(link: GameLink) -> str:
    """The game's name on every device: from what never changes in it (preset, seed, seats).

    >>> from game.core.state import new_game
    >>> state = new_game(["Ann", "Ben"], seed="id")
    >>> game_id(to_link(state)) == game_id(to_link(state.roll().score("chance")))
    True
    """
    fixed = [link.preset, link.seed, *(f"{p.kind}:{p.name}" for p in link.players)]
    return f"{LINK_ID_PREFIX}{binascii.crc32(chr(0).join(fixed).encode('utf-8')):08x}"


def is_link_id(game: str | None) -> bool:
    """Whether a kept game's id is a link game's (:func:`game_id`)."""
    return game is not None and game.startswith(LINK_ID_PREFIX)


def fragment(text: str) -> str:
    """The address fragment that opens a link game: ``#play=<text>``."""
    return f"#{FRAGMENT_KEY}={text}"


def from_fragment(hash_: str) -> str | None:
    """The link text of a ``#play=…`` fragment, or None if the fragment is something else.

    >>> from_fragment("#play=1.AAA"), from_fragment("#dice"), from_fragment("")
    ('1.AAA', None, None)
    """
    key, equals, text = hash_.lstrip("#").partition("=")
    return text if equals and key == FRAGMENT_KEY else None


def turns_of(state: GameState) -> tuple[Turn, ...]:
    """The turns completed in ``state``, from its moves (a first roll holds nothing)."""
    turns: list[Turn] = []
    holds: list[tuple[bool, ...]] = []
    for move in state.moves:
        if isinstance(move, Roll):
            holds.append(move.held)
        else:
            turns.append(Turn(tuple(holds[1:]), move.box))
            holds = []
    return tuple(turns)


def _mask(held: tuple[bool, ...]) -> int:
    return sum(1 << i for i, h in enumerate(held) if h)


def _unmask(mask: int) -> tuple[bool, ...]:
    return tuple(bool(mask >> i & 1) for i in range(5))


def _text(raw: str, size: int = 1) -> bytes:
    """UTF-8 after its length in ``size`` bytes (2 for a seed: 64 characters may take 256 bytes)."""
    data = raw.encode("utf-8")
    return len(data).to_bytes(size, "big") + data


def to_link(state: GameState) -> GameLink:
    """The link's content for ``state``, at a turn's end (between two turns, or the game over)."""
    if state.rolls_used:
        raise ValueError("a turn link is made between turns, not in the middle of one")
    if state.real_dice:
        raise ValueError("a game of real dice cannot travel by link: its dice are not the seed's")
    players = tuple(p if p.is_computer else Player(p.name) for p in state.players)
    return GameLink(state.ruleset, state.seed, players, turns_of(state))


def encode(state: GameState) -> str:
    """The fragment value (without ``#play=``) that rebuilds ``state``."""
    import base64  # here, not at the top: start-up time in the browser (docs/performance.md)

    link = to_link(state)
    boxes = rules_of(link.preset)[0].names
    out = bytearray([RULESETS.index(link.preset)]) + _text(link.seed, 2) + bytes([len(link.players)])
    for player in link.players:
        out += bytes([PLAYER_KINDS.index(player.kind)]) + _text(player.name)
    out.append(len(link.turns))
    for turn in link.turns:
        holds = [*turn.holds, (False,) * 5, (False,) * 5][:2]
        word = len(turn.holds) << 14 | _mask(holds[0]) << 9 | _mask(holds[1]) << 4 | boxes.index(turn.box)
        out += word.to_bytes(2, "big")
    out += binascii.crc32(out).to_bytes(_CHECKSUM, "big")
    return f"{FORMAT}.{base64.urlsafe_b64encode(bytes(out)).decode('ascii').rstrip('=')}"


class _Reader:
    """Reads the bytes in order; any overrun or bad value is a damaged link."""

    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def byte(self, below: int) -> int:
        if self.at >= len(self.data) or self.data[self.at] >= below:
            raise LinkDamaged()
        self.at += 1
        return self.data[self.at - 1]

    def text(self, size_bytes: int = 1) -> str:
        size = 0
        for _ in range(size_bytes):
            size = size << 8 | self.byte(256)
        chunk = self.data[self.at:self.at + size]
        if len(chunk) != size:
            raise LinkDamaged()
        self.at += size
        try:
            return chunk.decode("utf-8")
        except UnicodeDecodeError:
            raise LinkDamaged() from None


def decode(text: str) -> GameLink:
    """The content of a link's fragment value; :class:`TurnLinkError` if it cannot be read."""
    import base64

    version, dot, payload = text.strip().partition(".")
    if not dot or not version.isdigit() or int(version) < 1:
        raise LinkDamaged()
    if int(version) > FORMAT:
        raise LinkFromTheFuture(int(version))
    try:
        data = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    except (binascii.Error, ValueError):
        raise LinkDamaged() from None
    if base64.urlsafe_b64encode(data).decode("ascii").rstrip("=") != payload:
        raise LinkDamaged()  # a character outside the alphabet, or one whose spare bits changed
    body, check = data[:-_CHECKSUM], data[-_CHECKSUM:]
    if len(data) <= _CHECKSUM or binascii.crc32(body).to_bytes(_CHECKSUM, "big") != check:
        raise LinkDamaged()
    read = _Reader(body)
    preset = RULESETS[read.byte(len(RULESETS))]  # Yahtzee's presets first: links from before Yatzy read
    game = rules_of(preset)[0]
    seed = read.text(2)
    seats = read.byte(MAX_PLAYERS + 1)
    kinds_names = [(PLAYER_KINDS[read.byte(len(PLAYER_KINDS))], read.text()) for _ in range(seats)]
    players = tuple(Player(name, kind if is_level(kind) else "human") for kind, name in kinds_names)
    turns = []
    for _ in range(read.byte(game.turns * seats + 1)):
        word = read.byte(256) << 8 | read.byte(256)
        rolls, box = (word >> 14) + 1, word & 0xF
        if rolls > ROLLS_PER_TURN or box >= game.turns:
            raise LinkDamaged()
        holds = (_unmask(word >> 9 & 0x1F), _unmask(word >> 4 & 0x1F))[:rolls - 1]
        turns.append(Turn(holds, game.names[box]))
    if read.at != len(body) or not seats or not seed:
        raise LinkDamaged()
    return GameLink(preset, seed, players, tuple(turns))


def replay(link: GameLink) -> GameState:
    """The game the link describes, rebuilt through the engine from the seed's dice.

    A turn the rules refuse (a box already filled, a box the Joker rules close) makes the
    link damaged: a link can only describe legal play.
    """
    return replay_steps(link, len(link.turns))[-1]


def replay_steps(link: GameLink, since: int) -> tuple[GameState, ...]:
    """The state after the first ``since`` turns, then every state the later turns pass
    through (each roll, each box): what a device shows when it catches up.

    >>> from game.core.state import new_game
    >>> two = new_game(["Ann", "Ben"], seed="s").roll().score("chance").roll().roll().score("ones")
    >>> [(s.turn, s.rolls_used) for s in replay_steps(to_link(two), 1)]
    [(1, 0), (1, 1), (1, 2), (2, 0)]
    """
    try:
        state = new_game_in(link.preset, link.players, link.seed)
        if [p.name for p in state.players] != [p.name for p in link.players]:
            raise LinkDamaged()  # a name the game would not keep as it is (too long, blank)
        steps = [state]
        for number, turn in enumerate(link.turns):
            steps.append(state := state.roll())
            for held in turn.holds:
                steps.append(state := state.roll(held=held))
            steps.append(state := state.score(turn.box))
            if number < since:
                steps = [state]
    except (IllegalAction, SetupError):
        raise LinkDamaged() from None
    return tuple(steps)
