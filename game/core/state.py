"""The game: players, turns, dice, holds and scorecards, as immutable values.

A :class:`GameState` never changes; every action returns a new one, so a refused action
leaves the state exactly as it was, and undo is keeping the previous value. The dice
come from an injected :class:`~game.core.dice.DiceSource`; by default the game's own seed.

>>> from game.core.dice import ScriptedDice
>>> state = new_game(["Ann"], seed="doc")
>>> state = state.roll(ScriptedDice([2, 2, 2, 5, 6]))
>>> state.dice, state.rolls_left
((2, 2, 2, 5, 6), 2)
>>> state = state.roll(ScriptedDice([2, 2]), held=(True, True, True, False, False))
>>> state.dice
(2, 2, 2, 2, 2)
>>> state = state.score("yahtzee")
>>> state.cards[0].filled["yahtzee"], state.turn
(50, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace

from game.core import rules
from game.core.card import Card, Move, Roll, Score
from game.core.dice import DiceSource, SeededDice, new_seed
from game.core.errors import (
    BoxClosed,
    BoxFilled,
    GameOverError,
    InvalidDice,
    NoRollsLeft,
    NotRolledYet,
    SetupError,
    UnknownBox,
)
from game.core.games import GAMES, YAHTZEE, Game
from game.core.joker import Closed
from game.core.players import Player, make_players
from game.core.roll_off import roll_off, roll_off_winner
from game.core.rulesets import RULESETS, rules_of, ruleset_of

ROLLS_PER_TURN = 3
#: Yahtzee's turns (a state's own game says how many it has: ``state.game.turns``).
TURNS = len(rules.BOXES)
NO_HOLDS = (False,) * 5


@dataclass(frozen=True)
class GameState:
    """Everything about a game at one moment. Build one with :func:`new_game`."""

    preset: str
    seed: str
    players: tuple[Player, ...]
    rolloff: tuple[tuple[tuple[int, rules.Dice], ...], ...]
    first: int
    cards: tuple[Card, ...]
    turn: int = 0
    rolls_used: int = 0
    dice: rules.Dice | None = None
    held: tuple[bool, ...] = NO_HOLDS
    moves: tuple[Move, ...] = field(default=(), repr=False)
    #: Hints were shown or a box was taken back: kept apart in high scores and statistics.
    assisted: bool = False
    #: The players roll physical dice and type them in; the game keeps the card and advises.
    real_dice: bool = False
    #: The game played (its boxes and scoring); ``preset`` is Yahtzee's Joker and means nothing in Yatzy.
    game: Game = YAHTZEE

    # --- what can be read off the state -------------------------------------------------

    @property
    def seat_order(self) -> tuple[int, ...]:
        """Seats in playing order: the roll-off winner, then onward in seating order."""
        n = len(self.players)
        return tuple((self.first + i) % n for i in range(n))

    @property
    def ruleset(self) -> str:
        """What the game's table and records go by: its Joker preset, or the game's key (Yatzy)."""
        return ruleset_of(self.game, self.preset)

    @property
    def over(self) -> bool:
        return self.turn >= self.game.turns * len(self.players)

    @property
    def current_seat(self) -> int | None:
        # seat_order[turn % n], without building the tuple: read many times at every drawing.
        return None if self.over else (self.first + self.turn) % len(self.players)

    @property
    def current_player(self) -> Player | None:
        seat = self.current_seat
        return None if seat is None else self.players[seat]

    @property
    def round(self) -> int:
        """The round being played from 0 (the game's number of turns once it is over)."""
        return self.turn // len(self.players)

    @property
    def rolls_left(self) -> int:
        return ROLLS_PER_TURN - self.rolls_used

    def turns_taken(self, seat: int) -> int:
        """How many boxes ``seat`` should have filled by now."""
        position = self.seat_order.index(seat)
        n = len(self.players)
        return (self.turn - position + n - 1) // n

    def grand_totals(self) -> tuple[int, ...]:
        return tuple(card.totals.grand_total for card in self.cards)

    def winners(self) -> tuple[int, ...]:
        """Seats with the highest grand total (all of them on a tie); empty until the end."""
        if not self.over:
            return ()
        totals = self.grand_totals()
        best = max(totals)
        return tuple(seat for seat, total in enumerate(totals) if total == best)

    def yahtzees_rolled(self, seat: int) -> int:
        """How many boxes ``seat`` filled with five alike on the table (what Statistics counts)."""
        return sum(1 for m in self.moves if isinstance(m, Score) and m.seat == seat and rules.is_yahtzee(m.dice))

    def box_options(self) -> dict[str, int | Closed]:
        """Each open box of the current player: points now, or why the Joker rules close it."""
        if self.dice is None or self.current_seat is None:
            return {}
        return self.game.box_options(self.preset, self.cards[self.current_seat].filled, self.dice)

    def legal_scores(self) -> dict[str, int]:
        """The boxes the current player may fill now, with their points (empty before a roll)."""
        return {b: v for b, v in self.box_options().items() if isinstance(v, int)}

    # --- actions ------------------------------------------------------------------------

    def roll(self, source: DiceSource | None = None, held: Iterable[bool] | None = None) -> GameState:
        """Roll the dice not held. ``held`` replaces the current holds when given."""
        holds = self._check_roll(held)
        seat = self.current_seat
        assert seat is not None
        source = source or SeededDice(self.seed)
        old = self.dice or (0,) * 5
        new = tuple(
            old[i] if holds[i] else source.face(seat, self.round, self.rolls_used, i) for i in range(5)
        )
        return self._after_roll(holds, new)

    def enter_roll(self, dice: Iterable[int], held: Iterable[bool] | None = None) -> GameState:
        """Record a roll whose result is known: physical dice typed in, or a saved game replayed.

        Held dice must keep their faces.
        """
        holds = self._check_roll(held)
        return self._after_roll(holds, tuple(dice))

    def set_held(self, held: Iterable[bool]) -> GameState:
        """Hold exactly the dice marked True (held dice may be released before a re-roll)."""
        holds = self._check_holds(held)
        self._check_can_act()
        if self.rolls_used == 0 and any(holds):
            raise NotRolledYet("hold dice after the first roll: the first roll uses all five", "hold_after_first_roll")
        return replace(self, held=holds)

    def toggle_hold(self, position: int) -> GameState:
        if not (type(position) is int and 0 <= position < 5):
            raise InvalidDice(f"dice are numbered 0 to 4, not {position!r}", "die_position")
        holds = list(self.held)
        holds[position] = not holds[position]
        return self.set_held(holds)

    def score(self, box: str) -> GameState:
        """Fill ``box`` with the dice on the table and pass the turn."""
        self._check_can_act()
        if box not in self.game.names:
            raise UnknownBox(f"there is no box called {box!r}", "unknown_box")
        if self.dice is None:
            raise NotRolledYet("roll the dice before scoring", "roll_first")
        seat = self.current_seat
        assert seat is not None
        card = self.cards[seat]
        if box in card.filled:
            raise BoxFilled(f"{box} is already filled", "box_filled", box=box)
        option = self.box_options()[box]
        if isinstance(option, Closed):
            raise BoxClosed(f"{box} is closed: {option}", "box_closed", box=box, closed=option)
        bonus = self.game.five_alike_bonus(card.filled, self.dice)
        cards = list(self.cards)
        cards[seat] = card.with_box(box, option, bonus)
        return replace(
            self, cards=tuple(cards), turn=self.turn + 1, rolls_used=0, dice=None, held=NO_HOLDS,
            moves=self.moves + (Score(seat, box, self.dice, option, bonus),),
        )

    # --- checks shared by the actions ---------------------------------------------------

    def _check_can_act(self) -> None:
        if self.over:
            raise GameOverError("the game is over: start a new game", "game_over")

    @staticmethod
    def _check_holds(held: Iterable[bool]) -> tuple[bool, ...]:
        holds = tuple(held)
        if len(holds) != 5 or not all(isinstance(h, bool) for h in holds):
            raise InvalidDice("holds are five True/False values, one per die", "holds_shape")
        return holds

    def _check_roll(self, held: Iterable[bool] | None) -> tuple[bool, ...]:
        self._check_can_act()
        holds = self.held if held is None else self._check_holds(held)
        if self.rolls_used >= ROLLS_PER_TURN:
            raise NoRollsLeft("no rolls left this turn: choose a box to score", "no_rolls_left")
        if self.rolls_used == 0 and any(holds):
            raise NotRolledYet("the first roll of a turn uses all five dice: nothing can be held yet",
                               "first_roll_all_five")
        return holds

    def _after_roll(self, holds: tuple[bool, ...], new: tuple[int, ...]) -> GameState:
        try:
            dice = rules.check_dice(new)
        except rules.RulesError as err:
            raise InvalidDice(str(err), "dice_faces") from None
        if self.dice is not None and any(h and a != b for h, a, b in zip(holds, self.dice, dice, strict=True)):
            raise InvalidDice("held dice keep their faces", "held_dice_changed")
        seat = self.current_seat
        assert seat is not None
        return replace(
            self, rolls_used=self.rolls_used + 1, dice=dice, held=holds,
            moves=self.moves + (Roll(seat, holds, dice),),
        )


def new_game(
    players: Sequence[Player | str],
    preset: str = rules.DEFAULT_PRESET,
    seed: str | None = None,
    source: DiceSource | None = None,
    real_dice: bool = False,
    default_name: Callable[[int], str] | None = None,
    game: Game = YAHTZEE,
) -> GameState:
    """Seat the players, hold the roll-off for who starts, and return the opening state of
    ``game``; ``default_name(number)`` names a seat left blank (:func:`game.core.players.make_players`).

    >>> state = new_game(["Ann", Player("Bot", "optimal")], seed="s")
    >>> len(state.rolloff) >= 1 and state.current_seat == state.first
    True
    """
    seats = make_players(players, default_name)
    if preset not in rules.PRESETS:
        raise SetupError(f"unknown preset {preset!r}; choose one of {', '.join(rules.PRESETS)}", "unknown_preset")
    if GAMES.get(game.key) is not game:
        raise SetupError(f"unknown game {game.key!r}; choose one of {', '.join(GAMES)}", "unknown_preset")
    if real_dice and any(p.kind == "link" for p in seats):
        raise SetupError("a friend by link plays the game's own dice, so a game of real dice cannot have one",
                         "real_dice_link")
    seed = new_seed() if seed is None else str(seed)
    rolloff = roll_off(len(seats), source or SeededDice(seed))
    return GameState(
        preset=preset, seed=seed, players=seats, rolloff=rolloff,
        first=roll_off_winner(rolloff), cards=tuple(Card(game=game) for _ in seats), real_dice=real_dice,
        # A real-dice game is coached from the start (that is its point), so it is assisted.
        assisted=real_dice, game=game,
    )


def new_game_in(
    ruleset: str,
    players: Sequence[Player | str],
    seed: str | None = None,
    real_dice: bool = False,
    default_name: Callable[[int], str] | None = None,
) -> GameState:
    """:func:`new_game` of a rule set (:mod:`game.core.rulesets`: a Yahtzee preset, or "yatzy").

    >>> new_game_in("yatzy", ["Ann"], seed="s").game.key, new_game_in("free_choice", ["Ann"], seed="s").preset
    ('yatzy', 'free_choice')
    """
    try:
        game, preset = rules_of(ruleset)
    except KeyError:
        raise SetupError(f"unknown rules {ruleset!r}; choose one of {', '.join(RULESETS)}", "unknown_preset") from None
    return new_game(players, preset, seed, real_dice=real_dice, default_name=default_name, game=game)
