"""The one input table: every click, key, change, submit and cancel the page answers, as a command.

One listener per kind of event sits on the document (controls come and go with
re-rendering, so nothing is bound to them); the first selector that matches the event's
target names the command, and the source beside it, if any, gives its argument: an
attribute of the matched element, or for a form the value of the field it selects.
Game commands go to the game manager (:data:`game.session.commands.COMMANDS`); page
commands open and fill dialogs (:mod:`game.web.page`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from game.session.commands import GameCommand
from game.web.dom import found
from game.web.guard import listener

#: What the page itself does: dialogs, sharing, data, other tabs.
PageCommand = Literal[
    "new-game", "setup-rows", "setup-game", "setup-start", "setup-cancel", "daily", "show-games", "resume-game",
    "link-play", "link-keep", "show-scores", "show-stats", "stats-reset", "name-entered", "show-review", "review-game",
    "review-pick-game", "review-pick-seat", "backup-save", "backup-restore", "backup-file", "share", "challenge",
    "close-dialog", "other-tab", "focus-next", "focus-previous", "menu", "show-card",
    "show-settings", "settings-changed", "send-game", "share-result", "resume-friends", "open-link",
    "ten", "setup-ten", "ten-die", "ten-roll", "ten-box", "ten-next", "ten-again", "ten-share", "ten-day", "ten-past",
    "ten-open-day", "ten-today", "practice",
]
Command = GameCommand | PageCommand
#: A selector, its command, and where the argument comes from ("" for none): an attribute of
#: the matched element ("value": a field's live value), or, when that element is a form, a
#: selector of the field holding it.
Binding = tuple[str, Command, str]
Dispatch = Callable[[Command, str], None]

CLICKS: tuple[Binding, ...] = (
    # Today's ten: its dialog draws a position as the board draws the game, so its dice and
    # boxes are taken here, before the board's bindings below would take them.
    ("#ten-dialog [data-die]", "ten-die", "data-die"),
    ("#ten-dialog [data-box]", "ten-box", "data-box"),
    ("#ten-roll", "ten-roll", ""),
    ("#ten-next", "ten-next", ""),
    ("#ten-again", "ten-again", ""),
    ("#ten-share", "ten-share", ""),
    ("#ten-past", "ten-past", ""),  # the archive: the player's days, any past day
    ("[data-ten-day]", "ten-open-day", "data-ten-day"),
    ("#ten-today", "ten-today", ""),
    ("[data-practice]", "practice", "data-practice"),  # your mistakes to practise (game/web/practice_hooks.py)
    ("#setup-ten", "setup-ten", ""),  # the ten of the game chosen in New game
    ("#ten-open", "ten", ""),
    # The board (game commands).
    ("[data-die]", "hold", "data-die"),
    ("#roll", "roll", ""),
    ("[data-box]", "score", "data-box"),  # a closed box too: the engine says why it is closed
    ("#skip", "skip", ""),
    ("#hints", "hints", ""),
    ("#coach-values", "values", ""),
    ("#undo", "undo", ""),
    ("[data-card]", "show-card", "data-card"),  # a name in the pad: that player's card
    # The menu and the end of a game.
    ("#menu-toggle", "menu", ""),
    ("#new-game", "new-game", ""),
    ("#again", "new-game", ""),
    ("#show-games", "show-games", ""),
    ("#show-scores", "show-scores", ""),
    ("#show-stats", "show-stats", ""),
    ("#show-review", "show-review", ""),
    ("#review-game", "review-game", ""),
    ("#share", "share", ""),
    ("#show-settings", "show-settings", ""),
    ("#challenge-friend", "challenge", ""),
    ("[data-turn-link]", "send-game", "href"),  # a link: shared, not followed (see _NOT_FOLLOWED)
    ("#share-result", "share-result", ""),
    # Dialogs.
    ("#setup-daily", "daily", ""),
    ("#setup-cancel", "setup-cancel", ""),
    ("[data-resume]", "resume-game", "data-resume"),
    ("[data-friends-game]", "resume-friends", "data-friends-game"),
    ("#link-play", "link-play", ""),
    ("#link-keep", "link-keep", ""),
    ("[data-costly]", "costly", "data-costly"),  # the answer to a warning before a costly move
    ("#stats-reset", "stats-reset", ""),
    ("#backup-save", "backup-save", ""),
    ("#backup-restore", "backup-restore", ""),
    ("[data-close]", "close-dialog", ""),
)
CHANGES: tuple[Binding, ...] = (
    ("#ten-day", "ten-day", "value"),  # Today's ten: an earlier day, as practice
    ("#player-count", "setup-rows", ""),
    ("#game-options", "setup-game", ""),  # a game chosen: Yahtzee's presets shown or hidden
    ("#stats-preset", "show-stats", ""),
    ("#stats-assisted", "show-stats", ""),
    ("#review-game-select", "review-pick-game", ""),
    ("#review-seat", "review-pick-seat", ""),
    ("#backup-file", "backup-file", ""),
    ("#settings-form", "settings-changed", ""),  # any of its controls: applied and kept at once
)
SUBMITS: tuple[Binding, ...] = (
    ("#dice-entry", "enter-dice", "#dice-input"),  # the dice typed in
    ("#setup-form", "setup-start", ""),
    ("#name-form", "name-entered", ""),
)
#: Escape on a dialog: the link question means "keep my game" by it, the warning "try again".
CANCELS: tuple[Binding, ...] = (("#link-choice", "link-keep", ""), ("#costly-dialog", "costly", "data-cancel"))
#: Keys on the board, when no dialog is open and no field has focus.
KEYS: dict[str, tuple[Command, str]] = {
    **{str(n): ("hold", str(n - 1)) for n in range(1, 6)},
    "r": ("roll", ""), "R": ("roll", ""), " ": ("roll", ""),
    "h": ("hints", ""), "H": ("hints", ""),
    "u": ("undo", ""), "U": ("undo", ""),
    "ArrowDown": ("focus-next", ""), "ArrowRight": ("focus-next", ""),
    "ArrowUp": ("focus-previous", ""), "ArrowLeft": ("focus-previous", ""),
}
#: Keys in Today's ten, as on the board (its dice show the same key labels): 1-5 hold a die,
#: R rolls the others. Each acts only where its button is on screen and enabled (no R at a
#: box decision), so a key does what a click could; Space stays the focused button's.
TEN_KEYS: dict[str, tuple[Command, str, str]] = {
    **{str(n): ("ten-die", str(n - 1), f'#ten-dialog [data-die="{n - 1}"]') for n in range(1, 6)},
    "r": ("ten-roll", "", "#ten-roll"), "R": ("ten-roll", "", "#ten-roll"),
}
#: Clicks on links that the page shares rather than follows.
_NOT_FOLLOWED = {"send-game"}
#: Keys whose browser default (scrolling, pressing a focused button twice) must not happen.
_GAME_KEYS = {" ", "ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"}


def match(event: Any, bindings: tuple[Binding, ...]) -> tuple[Command, str] | None:
    """The command of the first binding whose selector the event's target is inside."""
    target = event.target
    if not hasattr(target, "closest"):
        return None
    for selector, command, source in bindings:
        element = target.closest(selector)
        if not found(element):
            continue
        if not source:
            return command, ""
        if str(element.tagName).lower() == "form":
            return command, str(element.querySelector(source).value)
        if source == "value":  # a field's live value, not its attribute (the value it started with)
            return command, str(element.value)
        return command, str(element.getAttribute(source))
    return None


def bind_inputs(document: Any, window: Any, dispatch: Dispatch) -> list[Any]:
    """Install the page's listeners; returns their proxies, which must stay alive."""

    def on(bindings: tuple[Binding, ...], prevent: bool = False) -> Callable[[Any], None]:
        def handle(event: Any) -> None:
            if (matched := match(event, bindings)) is not None:
                if prevent or matched[0] in _NOT_FOLLOWED:
                    event.preventDefault()
                dispatch(*matched)
        return handle

    def on_key(event: Any) -> None:
        tag = str(event.target.tagName or "").lower() if hasattr(event.target, "tagName") else ""
        if event.ctrlKey or event.metaKey or event.altKey or tag in ("input", "select", "textarea"):
            return
        key = str(event.key)
        dialog = document.querySelector("dialog[open]")
        if found(dialog):
            if str(dialog.id) == "ten-dialog" and key in TEN_KEYS:
                command, argument, button = TEN_KEYS[key]
                if found(target := document.querySelector(button)) and not target.disabled:
                    dispatch(command, argument)
            return
        if key not in KEYS:
            return
        if key in _GAME_KEYS:
            event.preventDefault()
        dispatch(*KEYS[key])

    proxies = []
    for target, kind, handler, capture in (
        (document.body, "click", on(CLICKS), False), (document.body, "change", on(CHANGES), False),
        (document.body, "submit", on(SUBMITS, prevent=True), False),
        (document, "cancel", on(CANCELS), True),  # "cancel" does not bubble: caught on its way down
        (document, "keydown", on_key, False),
        (window, "storage", lambda _event: dispatch("other-tab", ""), False),  # another tab saved
        (window, "hashchange", lambda _event: dispatch("open-link", ""), False),  # a #play= link in this tab
    ):
        proxies.append(listener(handler))
        target.addEventListener(kind, proxies[-1], capture)
    return proxies
