"""Your mistakes to practise, in Today's ten's dialog (its modules come in the later archive).

The practice holds one go (:class:`game.daily.practice_play.PracticePlay`) at the kept
positions of the ten's game (Yahtzee's, any of its rule sets; or Yatzy's) and redraws the
dialog's body after every action. Before it opens, and whenever the ten is dealt, the
games kept for review since the last look are looked at (:func:`gather`): each one's
costliest decisions join the list, once its rule set's strategy table is here (fetched
then, as the ten fetches its own). So a game's positions are there from the first time
Today's ten's dialog opens after it (its end screen has the button), with no hook in
the game's end: the finished games kept for review (``yahtzee:history``) say which.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any, Protocol

from game.core import save
from game.core.language import _, ngettext
from game.core.rulesets import rules_of, ruleset_of
from game.daily.practice_play import PracticePlay, choose_box, choose_hold, next_position, reveal, toggle_die, try_again
from game.records.practice_positions import as_position, from_game, positions_of, waiting
from game.records.practice_record import PracticePosition, practice_list
from game.screens.markup import escape
from game.screens.practice_view import count_words, practice_html, review_button_html
from game.session.manager import App
from game.web.dom import fill_names, found

if TYPE_CHECKING:
    from game.core.state import GameState
    from game.strategy.review import Review
    from game.strategy.tables import Table


class TenSide(Protocol):
    """What the practice uses of Today's ten's dialog (game.web.practice_hooks.PracticeHooks)."""

    app: App
    document: Any
    ruleset: str

    def title(self) -> str: ...
    def take_body(self) -> int: ...
    def still(self, opening: int) -> bool: ...

_gathering: asyncio.Task[None] | None = None  # one look at the games ended, however many ask


async def _gather(app: App) -> None:
    records = app.records
    if records is None:
        return
    practice = practice_list(records.store)
    for entry, text in waiting(records.history.all(), practice.read().since):
        state = save.loads(text)
        table = await app.coach.table_for(state.ruleset, say=False)
        if table is None:
            break  # offline before it was kept: this game and the later ones, the next time
        practice.add(from_game(state, table, entry.id, entry.finished))
        practice.looked_at(entry.at)
        await asyncio.sleep(0)  # a game's review at a time: the dialog stays responsive
    app.show_notices()


async def gather(app: App) -> None:
    """Find the positions of the games kept for review since the last look (at most
    :data:`~game.records.practice_record.LOOK_AT`: game.records.practice_positions.waiting)."""
    global _gathering
    if _gathering is None or _gathering.done():
        _gathering = asyncio.ensure_future(_gather(app))
    await asyncio.shield(_gathering)


def review_button(app: App, state: GameState, result: Review, table: Table, game_id: str) -> str:
    """The review's way to practise a seat's costliest decisions (none for a computer's: no
    position, no button)."""
    records = app.records
    entry = records.history.entry(game_id) if records is not None else None
    if records is None or entry is None:
        return ""
    spots = positions_of(state, result.seat, table, game_id, entry.finished, result)
    known = {p.key() for p in practice_list(records.store).positions()}
    new = sum(1 for p in spots if p.key() not in known)
    return review_button_html(len(spots), new, game_id, result.seat, ruleset_of(state.game))


def same_game(ruleset: str, other: str) -> bool:
    """Whether two rule sets are of one game (Yahtzee's presets, or Yatzy)."""
    return rules_of(ruleset)[0].key == rules_of(other)[0].key


class PracticeDialog:
    """The practice in ``#ten-dialog``'s body, while :attr:`on_screen`."""

    def __init__(self, ten: TenSide) -> None:
        self.ten = ten
        self.app, self.document = ten.app, ten.document
        self.body = self.document.getElementById("ten-body")
        self.said = self.document.getElementById("ten-said")
        self.on_screen = False
        self.play = PracticePlay(())
        self.spots: tuple[PracticePosition, ...] = ()

    def _kept(self, ruleset: str) -> tuple[PracticePosition, ...]:
        records = self.app.records
        kept = () if records is None else practice_list(records.store).positions()
        return tuple(p for p in kept if same_game(p.ruleset, ruleset))

    def count(self) -> None:
        """The dialog's button to the practice: how many positions of this game wait there."""
        button = self.document.getElementById("ten-practise")
        if found(button):
            kept = len(self._kept(self.ten.ruleset))
            button.textContent = count_words(kept)
            button.hidden = kept == 0

    async def act(self, what: str) -> None:
        """``count``, ``open[:<rule set>]``, ``add:<game id>:<seat>``, ``again``, ``reveal``, ``skip``."""
        command, _colon, rest = what.partition(":")
        if command == "count":
            await gather(self.app)
            self.count()
        elif command == "open":
            await self.start(rest or self.ten.ruleset)
        elif command == "add":
            game_id, _colon, seat = rest.rpartition(":")
            await self.add(game_id, int(seat))
        elif self.on_screen and command in ("again", "reveal", "skip"):
            step = {"again": try_again, "reveal": reveal, "skip": next_position}[command]
            self.play = step(self.play)
            self.said.textContent = ""
            self.draw()
            self._focus("#ten-next" if command == "reveal" else "button")

    async def add(self, game_id: str, seat: int) -> None:
        """A review's positions into the list, then the practice of its game."""
        records = self.app.records
        text = records.history.text(game_id) if records is not None else None
        entry = records.history.entry(game_id) if records is not None else None
        if records is None or text is None or entry is None:
            return
        state = save.loads(text)
        table = await self.app.coach.table_for(state.ruleset)
        if table is None:
            return  # the coach said it could not be loaded
        spots = positions_of(state, seat, table, game_id, entry.finished)
        new = practice_list(records.store).add(spots)
        self.app.show_notices()
        review = self.document.getElementById("review-dialog")
        if found(review) and review.open:
            review.close()
        # Translators: your mistakes to practise: said when a review's positions join the list.
        said = (ngettext("%(count)d position added to your practice list.",
                         "%(count)d positions added to your practice list.", new) % {"count": new} if new
                else _("These positions were already in your practice list."))
        await self.start(ruleset_of(state.game), said)

    async def start(self, ruleset: str, said: str = "") -> None:
        """A go at the kept positions of ``ruleset``'s game, the newest first."""
        ten, dialog = self.ten, self.document.getElementById("ten-dialog")
        opening = ten.take_body()
        self.on_screen = True
        ten.ruleset = ruleset
        self.document.getElementById("ten-title").textContent = ten.title()
        self.body.dataset.day = ""
        self.body.dataset.ruleset = ruleset
        self.said.textContent = ""
        finding = _("Finding the positions of your games…")
        self.body.innerHTML = f'<p class="ten-loading">{escape(finding)}</p>'
        if not dialog.open:
            dialog.showModal()
        await gather(self.app)
        spots = self._kept(ruleset)
        tables = {r: await self.app.coach.table_for(r) for r in dict.fromkeys(p.ruleset for p in spots)}
        if not ten.still(opening):
            return  # the ten or its archive was opened meanwhile
        if any(table is None for table in tables.values()):
            sentence = _("The practice needs the strategy table, which could not be loaded.")
            self.body.innerHTML = f'<p class="ten-problem">{escape(sentence)}</p>'
            return
        self.spots = spots
        self.play = PracticePlay(tuple((p.key(), as_position(p, table)) for p in spots
                                       if (table := tables[p.ruleset]) is not None))
        self.count()
        self.draw()
        self.said.textContent = said
        self._focus("button")

    def draw(self, problem: str = "") -> None:
        """The body redrawn; the die or box that had the focus keeps it."""
        active = self.document.activeElement
        place = next((f'[{name}="{active.getAttribute(name)}"]' for name in ("data-die", "data-box")
                      if found(active) and self.body.contains(active) and active.hasAttribute(name)), None)
        self.body.innerHTML = practice_html(self.play, self.spots, problem)
        fill_names(self.body, [_("You")])
        if problem:
            self.said.textContent = problem
        if place is not None and found(again := self.body.querySelector(place)):
            again.focus()

    def _focus(self, selector: str) -> None:
        if found(target := self.body.querySelector(selector)):
            target.focus()

    def _answered(self) -> None:
        """After an answer: a solved position leaves the list; the verdict said, the focus on
        what comes next (Try again, or Next)."""
        records = self.app.records
        if self.play.solved and records is not None:
            practice_list(records.store).solve(self.play.key)
            self.app.show_notices()
            self.count()
        self.draw()
        verdict = self.body.querySelector(".ten-verdict")
        self.said.textContent = str(verdict.textContent).strip() if found(verdict) else ""
        self._focus("#ten-next" if found(self.body.querySelector("#ten-next")) else "[data-practice]")

    def _stay(self) -> None:
        """A die or box pressed while a grading shows: the focus back where the next step is."""
        self._focus("#ten-next" if found(self.body.querySelector("#ten-next")) else "[data-practice]")

    def die(self, die: str) -> None:
        if not self.play.answering:
            self._stay()
        elif die.isdigit():
            self.play = toggle_die(self.play, int(die))
            self.draw()

    def roll(self) -> None:
        if not self.play.answering:
            self._stay()
            return
        try:
            self.play = choose_hold(self.play)
        except ValueError:
            self.draw(_("Holding all five dice rolls nothing: choose a box instead."))
            return
        self._answered()

    def box(self, box: str) -> None:
        if not self.play.answering:
            self._stay()
            return
        try:
            self.play = choose_box(self.play, box)
        except ValueError:
            self.draw(_("That box cannot take these dice."))
            return
        self._answered()

    def next(self) -> None:
        self.play = next_position(self.play)
        self.said.textContent = ""
        self.draw()
        self._focus("button")
