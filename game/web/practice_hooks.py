"""Where Today's ten's dialog hands over to your mistakes to practise.

The practice (game/web/practice_dialog.py) travels in the later archive with the ten's
own modules, so the dialog knows it only through these hooks: the ``practice`` command
(its buttons' ``data-practice``), and, while a practice is on screen, the dice, boxes,
roll and next that the ten's controls send (:func:`practised`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from game.web import later
from game.web.guard import spawn

if TYPE_CHECKING:
    from game.session.manager import App

Method = TypeVar("Method", bound=Callable[..., None])


def practised(method: Method) -> Method:
    """A control of the ten that the practice takes while it is on screen (the method of the
    same name of the practice's dialog)."""

    @functools.wraps(method)
    def run(self: Any, *args: Any) -> None:
        practising = self.practising
        if practising is not None and practising.on_screen:
            getattr(practising, method.__name__)(*args)
        else:
            method(self, *args)

    return run  # type: ignore[return-value]


class PracticeHooks:
    """The part of Today's ten's dialog that the practice uses."""

    practising: Any = None  # game.web.practice_dialog.PracticeDialog, once used
    app: App
    document: Any
    ruleset: str  # the game's own rules whose ten (and practice) is open
    play: Any
    _opening: int

    def title(self) -> str:
        """The dialog's heading: the ten and its dice game (Today's ten's dialog says it)."""
        raise NotImplementedError

    def practice(self, what: str) -> None:
        """Do ``what`` of the practice (game.web.practice_dialog.PracticeDialog.act): ``open``,
        ``add:<game id>:<seat>`` (a review's), ``count`` (the dialog's button), or an answer's
        ``again``, ``reveal``, ``skip``."""
        spawn(self._practice(what))

    async def _practice(self, what: str) -> None:
        if not await later.available():
            return  # offline before the archive was kept: the ten says so in its own body
        from game.web.practice_dialog import PracticeDialog

        if self.practising is None:
            self.practising = PracticeDialog(self)
        await self.practising.act(what)

    def take_body(self) -> int:
        """The dialog's body is the practice's: a deal or an archive under way no longer
        draws there. Returns the opening's number (:meth:`still`)."""
        self._opening += 1
        self.play = None
        return self._opening

    def still(self, opening: int) -> bool:
        """Nothing else was opened in the dialog since ``opening``."""
        return opening == self._opening
