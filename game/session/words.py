"""Everything the session says to the player, in one place: the live region's sentences.

Every sentence comes from the catalogs (:mod:`game.core.language`): whole sentences with
named placeholders, so that each language orders its words as it needs; counts through
``ngettext``, for each language's plural forms.

>>> from game.core.state import new_game
>>> from game.core.dice import ScriptedDice
>>> state = new_game(["Ann"], seed="x").roll(ScriptedDice([1, 2, 3, 4, 5]))
>>> describe_roll(state)
'Rolled 1, 2, 3, 4, 5. 2 rolls left.'
>>> describe_score(state, state.score("large_straight"), "large_straight")
'Ann scored 40 in Lg. straight.'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from game.core import rules
from game.core.errors import IllegalAction, Refusal, SetupError
from game.core.games import YAHTZEE, Game
from game.core.language import _, list_separator, ngettext
from game.core.links import MAX_SEED_LENGTH, LinkProblem
from game.core.players import MAX_PLAYERS
from game.core.rulesets import RULESETS, ruleset_label
from game.core.state import GameState
from game.core.turn_link import FORMAT as LINK_FORMAT
from game.core.turn_link import LinkFromTheFuture, TurnLinkError
from game.records.game_slot import Challenge
from game.screens.closed_box import closed_label
from game.session.downloads import Unavailable


def _names(names: Iterable[str]) -> str:
    return list_separator().join(names)


def describe_roll(state: GameState) -> str:
    """The words spoken after a roll."""
    dice, left = _names(map(str, state.dice or ())), state.rolls_left
    if not left:
        return _("Rolled %(dice)s. No rolls left.") % {"dice": dice}
    return ngettext("Rolled %(dice)s. %(left)d roll left.", "Rolled %(dice)s. %(left)d rolls left.",
                    left) % {"dice": dice, "left": left}


def describe_hold(name: str, dice: Sequence[int], held: Sequence[bool]) -> str:
    """A computer's hold: ``Bot holds 6, 6.``"""
    kept = [str(d) for d, h in zip(dice, held, strict=True) if h]
    if not kept:
        return _("%(name)s holds nothing.") % {"name": name}
    return _("%(name)s holds %(dice)s.") % {"name": name, "dice": _names(kept)}


def describe_score(before: GameState, after: GameState, box: str) -> str:
    """What a box scored (and the result, if it ended the game)."""
    seat = before.current_seat
    assert seat is not None, "a box is scored during a turn"
    card = after.cards[seat]
    values = {"name": before.players[seat].name, "points": card.filled[box], "box": before.game.box_label(box)}
    if card.yahtzee_bonuses > before.cards[seat].yahtzee_bonuses:
        text = _("%(name)s scored %(points)d in %(box)s plus a 100 Yahtzee bonus.") % values
    else:
        text = _("%(name)s scored %(points)d in %(box)s.") % values
    if after.over:
        totals = after.grand_totals()
        # Translators: one player's final total in the list said when the game ends ("Ann 231").
        results = _names(_("%(name)s %(total)d") % {"name": p.name, "total": t}
                         for p, t in zip(after.players, totals, strict=True))
        text += " " + _("Game over. %(results)s.") % {"results": results}
    return text


def describe_start(state: GameState) -> str:
    names = _names(p.name for p in state.players)
    if len(state.players) == 1:
        return _("New game for %(name)s.") % {"name": names}
    return _("New game: %(names)s. %(first)s starts.") % {"names": names, "first": state.players[state.first].name}


def describe_link(seed: str, challenge: Challenge | None) -> str:
    """The question a link asks while a game is in progress."""
    if challenge is None:
        return _("You have a game in progress. The link starts a new game on the seed “%(seed)s”.") % {"seed": seed}
    return _("You have a game in progress. The link starts a new game on the seed “%(seed)s” with %(name)s's "
             "score of %(score)d to beat.") % {"seed": seed, "name": challenge.name, "score": challenge.beat}


def computer_waits(name: str) -> str:
    return _("%(name)s waits for its strategy, which could not be loaded: in a game with friends a computer "
             "plays only as it would on every device. It tries again in a few seconds.") % {"name": name}


def kept_link(older: bool, kept_turns: int, link_turns: int) -> str:
    """A link this device does not take: ``older`` than its game, or one that does not continue it."""
    if older:
        return ngettext("This link is from earlier in the game (%(link)d turn played); this device already has "
                        "a later state (%(kept)d turns) and keeps it.",
                        "This link is from earlier in the game (%(link)d turns played); this device already has "
                        "a later state (%(kept)d turns) and keeps it.", link_turns) % {"link": link_turns,
                                                                                        "kept": kept_turns}
    return ngettext("This link does not continue the game as this device has it, so the device keeps its own "
                    "(%(kept)d turn played). Ask for the latest link.",
                    "This link does not continue the game as this device has it, so the device keeps its own "
                    "(%(kept)d turns played). Ask for the latest link.", kept_turns) % {"kept": kept_turns}


def resumed(names: Iterable[str]) -> str:
    return _("Resumed: %(names)s.") % {"names": _names(names)}


def caught_up(name: str) -> str:
    return _("Caught up. Your turn, %(name)s.") % {"name": name}


def held_die(position: int, face: int, held: bool) -> str:
    values = {"die": position + 1, "face": face}
    return (_("Die %(die)d (%(face)d) held.") if held else _("Die %(die)d (%(face)d) released.")) % values


def took_back(box: str, game: Game) -> str:
    return _("Took back %(box)s. Choose again.") % {"box": game.box_label(box)}


def hints_switched(on: bool) -> str:
    return _("Hints on.") if on else _("Hints off.")


def wait_for(name: str) -> str:
    return _("Wait: it is %(name)s's turn.") % {"name": name}


def strategy_failed(error: object) -> str:
    """The strategy table could not be had: offline before its first use online, or a failed
    download or damaged data (the error's own text is for developers, in English)."""
    if isinstance(error, Unavailable) and error.offline:
        return _("The strategy is kept for offline play only after its first use online: hints wait for it, "
                 "computers play simply.")
    return _("The strategy could not be loaded: hints wait for it, computers play simply.")


def default_name(number: int) -> str:
    """The name of a seat left blank (``Player 2``), as the New game dialog's placeholder shows it."""
    # Translators: the name a seat left blank gets, kept with the game (also the New game dialog's placeholder).
    return _("Player %(number)d") % {"number": number}


def cannot_start(error: SetupError) -> str:
    """Why a game cannot be started (:attr:`SetupError.reason`), a whole sentence each."""
    number = error.number or 0
    if error.reason == "player_count":
        return ngettext("Cannot start: a game has 1 to %(most)d player, not %(count)d.",
                        "Cannot start: a game has 1 to %(most)d players, not %(count)d.",
                        MAX_PLAYERS) % {"most": MAX_PLAYERS, "count": number}
    if error.reason == "player_kind":
        return _("Cannot start: player %(number)d is neither a person nor a known computer level.") % {
            "number": number}
    if error.reason == "blank_name":
        return _("Cannot start: player %(number)d has no name.") % {"number": number}
    if error.reason == "unknown_preset":
        return _("Cannot start: the rules are unknown; choose one of %(rules)s.") % {
            "rules": _names(ruleset_label(ruleset) for ruleset in RULESETS)}
    if error.reason == "real_dice_link":
        return _("Cannot start: a friend by link plays the game's own dice, so a game of real dice cannot "
                 "have one.")
    return _("Cannot start: the roll-off for who starts kept tying, so the dice look broken.")


def type_dice(count: int) -> str:
    return ngettext("Not allowed: type %(count)d die (1 to 6), one digit each.",
                    "Not allowed: type %(count)d dice (1 to 6), one digit each.", count) % {"count": count}


def refused(error: IllegalAction, game: Game = YAHTZEE) -> str:
    """An action the engine refused, and why: ``Not allowed: roll the dice before scoring.``"""
    if error.closed is not None and error.box is not None:
        return _("Not allowed: %(reason)s") % {"reason": closed_label(error.box, error.closed)}
    return _("Not allowed: %(reason)s.") % {"reason": _REFUSALS[error.reason](error.box, game)}


def _box_filled(box: str | None, game: Game) -> str:
    return _("%(box)s is already filled") % {"box": game.box_label(box or "")}


#: Why, per refusal, as the end of "Not allowed: …" (the box it is about, if any).
_REFUSALS: dict[Refusal, Callable[[str | None, Game], str]] = {
    # Translators: this and the refusals after it end the sentence "Not allowed: …" (no final full stop).
    "game_over": lambda _box, _game: _("the game is over: start a new game"),
    "no_rolls_left": lambda _box, _game: _("no rolls left this turn: choose a box to score"),
    "roll_first": lambda _box, _game: _("roll the dice before scoring"),
    "hold_after_first_roll": lambda _box, _game: _("hold dice after the first roll: the first roll uses all five"),
    "first_roll_all_five": lambda _box, _game: _(
        "the first roll of a turn uses all five dice: nothing can be held yet"),
    "box_filled": _box_filled,
    "box_closed": lambda _box, _game: _("that box is closed for these dice"),
    "unknown_box": lambda _box, _game: _("there is no such box"),
    "die_position": lambda _box, _game: _("there is no such die"),
    "holds_shape": lambda _box, _game: _("hold or release one die at a time"),
    "dice_faces": lambda _box, _game: _("a die shows 1 to 6"),
    "held_dice_changed": lambda _box, _game: _("held dice keep their faces"),
}


def unreadable(error: object) -> str:
    """A saved game that cannot be read. The reason is the save's own technical description,
    in English (game.core.save): it goes into a sentence of its own, as for any record."""
    # Translators: %(reason)s is the game's technical description of the fault, in English; it helps a bug report.
    details = _("Details: %(reason)s.") % {"reason": str(error).rstrip(".")}
    return _("A saved game could not be read, so it was left as it is.") + " " + details


# The fixed sentences: functions, not constants, so each is looked up in the language
# spoken when it is said (a constant would keep the language of the moment it was imported).


def not_yet_started() -> str:
    return _("Start a new game first.")


def moved_on() -> str:
    return _("This game moved on in another tab, so this tab now shows its latest state.")


def not_applied() -> str:
    return _("Not applied: this game moved on in another tab. Look again, then play.")


def cannot_set_aside() -> str:
    return _("Cannot start: the game in progress could not be set aside (the browser's storage is full), "
             "so it stays on the board.")


def cannot_resume() -> str:
    return _("That game could not be resumed; both games were left where they were.")


def link_waiting() -> str:
    return _("The link's game is waiting in Games.")


def type_dice_instead() -> str:
    # Translators: "Record roll" is the real-dice button's label ("Record roll (2 left)"): the same words.
    return _("Not allowed: type the dice you rolled, then Record roll.")


def nothing_to_undo() -> str:
    return _("Nothing to undo: a box can be taken back only until the next roll.")


def unnamed_friend() -> str:
    """The name of a challenger whose link gives none (kept with the game, as typed names are)."""
    # Translators: who set a score to beat, when the link does not say ("231 to beat, set by a friend").
    # Lowercase, and no sentence starts with it: each puts the name after other words.
    return _("a friend")


def link_problem(problem: LinkProblem) -> str:
    """Why part of a link was set aside (game.core.links)."""
    if problem == "seed":
        return _("The seed in the link is not a short printable text (up to %(count)d characters), so a random "
                 "game was started.") % {"count": MAX_SEED_LENGTH}
    if problem == "preset":
        return _("The link names rules this game does not know, so the official rules are used.")
    if problem == "ten":
        return _("The link to Today's ten does not name a day (YYYY-MM-DD), so it was ignored.")
    if problem == "ten-future":
        return _("The link to Today's ten names a day still to come, so it was ignored.")
    return _("The score to beat in the link is not a score from 0 to %(max)d, so it was ignored.") % {
        "max": rules.MAX_SCORE}


def turn_link_error(error: TurnLinkError) -> str:
    """Why a game link cannot be opened (game.core.turn_link), quoting nothing from it."""
    if isinstance(error, LinkFromTheFuture):
        return _("This game link was made by a newer version of Dice Pad (link format %(version)d; this page "
                 "reads format %(format)d). Reload the page to update it, then open the link again.") % {
            "version": error.version, "format": LINK_FORMAT}
    return _("This game link is damaged (a character is changed or missing): ask for it again. "
             "Nothing here was changed.")
