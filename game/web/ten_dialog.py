"""Today's ten in ``#ten-dialog``: opened from the New game dialog (the game chosen there),
the end of a game (the game played), or a ``?ten=YYYY-MM-DD`` link (``&preset=yatzy``:
Yatzy's); its modules come on first use (game/web/later.py).

The dialog holds one attempt (:class:`game.daily.play.TenPlay`) of one game's ten and
redraws its body after every action; the game on the board stays as it is underneath.
"""

from __future__ import annotations

import asyncio
import dataclasses
import datetime
from typing import TYPE_CHECKING, Any

from game.core import rules
from game.core.language import _
from game.core.links import ten_query
from game.core.rulesets import rules_of
from game.records.daily_results import DailyResults
from game.records.ten_record import Attempt
from game.screens.markup import escape
from game.session.manager import App
from game.web import later
from game.web.dom import fill_names, found
from game.web.guard import spawn
from game.web.practice_hooks import PracticeHooks, practised
from game.web.share import page_address, start_share

if TYPE_CHECKING:
    from game.daily.play import TenPlay

#: Seconds the dialog's date field must rest before its day is opened (see other_day).
PICK_REST_S = 0.8


class TenDialog(PracticeHooks):
    """Fills ``#ten-dialog``; the puzzle is dealt when it opens."""

    def __init__(self, document: Any, window: Any, app: App) -> None:
        self.document, self.window, self.app = document, window, app
        self.dialog = document.getElementById("ten-dialog")
        self.body = document.getElementById("ten-body")
        self.said = document.getElementById("ten-said")  # the live region: a choice's verdict, a refusal
        self.play: TenPlay | None = None
        self.ruleset = rules.DEFAULT_PRESET  # the game's own rules whose ten is open (GAME_RULESETS)
        self._opening = 0  # numbered, so that only the last of two quick openings draws
        self._picked = 0  # numbered too: only the last of quick changes of the date field opens

    def open(self, day: str | None = None, again: bool = False, ruleset: str | None = None) -> None:
        """Open on ``day`` (ISO; today when None) of the ten of ``ruleset`` (a game's own
        rules; None: the game last opened). An attempt left unfinished on that day (a
        reload, a closed dialog) goes on where it stopped; else one starts: today's first is
        scored, any other day, or another go (``again``), is practice (game.records.daily_results)."""
        today = datetime.date.today().isoformat()
        day = day or today
        self.ruleset = ruleset or self.ruleset
        self.document.getElementById("ten-title").textContent = self.title()  # the heading names the game
        self._opening += 1
        self.play, self.practising = None, None  # nothing else is answered while this one is dealt
        self.said.textContent = ""
        self.body.dataset.day = day  # the day and the game on screen (docs/ui-contract.md)
        self.body.dataset.ruleset = self.ruleset
        dealing = _("Dealing the day's ten…")
        self.body.innerHTML = f'<p class="ten-loading">{escape(dealing)}</p>'
        if not self.dialog.open:
            self.dialog.showModal()
        spawn(self._deal(self._attempt(day, today, again), self._opening))

    def title(self) -> str:
        """The ten and its dice game: the heading, and a shared result's title."""
        # Translators: the heading of Today's ten's dialog; %(game)s is the dice game (Yahtzee, Yatzy).
        return _("Today's ten · %(game)s") % {"game": rules_of(self.ruleset)[0].title_words()}

    @property
    def results(self) -> DailyResults | None:
        """The open game's days kept (None: no storage at all)."""
        return None if self.app.records is None else self.app.records.tens[self.ruleset]

    def _attempt(self, day: str, today: str, again: bool) -> Attempt:
        results = self.results
        if results is None:  # no storage at all: played, never kept
            return Attempt(day, day != today or again)
        kept = results.resume()
        if kept is not None and kept.date == day and not again:
            return kept
        scored = results.day(day)
        if scored is not None and scored.finished and not again:  # the day's result, to see or share again
            return Attempt(day, False, scored.choices)
        attempt = results.start(day, today=today)
        self.app.show_notices()
        return attempt

    async def _deal(self, attempt: Attempt, opening: int) -> None:
        table = await self.app.coach.table_for(self.ruleset)
        if table is None or not await later.available():
            if opening == self._opening:  # worded here: the later archive may be what is missing
                sentence = _("Today's ten needs the strategy table, which could not be loaded.")
                self.body.innerHTML = f'<p class="ten-problem">{escape(sentence)}</p>'
            return
        # On the first opening each import is a task's worth (25 ms): the browser's turn after each.
        from game.daily.puzzle import Puzzle, dealing

        await asyncio.sleep(0)
        from game.daily.play import TenPlay, replay

        await asyncio.sleep(0)
        puzzle: Puzzle | None = None
        for step in dealing(attempt.date, table):
            if step is None:
                await asyncio.sleep(0)  # the browser's turn after each moment dealt: a click is never held up long
                if opening != self._opening:
                    return  # opened again meanwhile: that deal is the one wanted
            puzzle = step
        assert puzzle is not None
        try:
            play = replay(puzzle, attempt.practice, attempt.choices)
        except ValueError:  # choices that are not this puzzle's (a damaged record): from the start
            play = TenPlay(puzzle, attempt.practice)
        if opening == self._opening:
            self.play = play
            self.draw()
            self.practice("count")  # the button to the practice, its positions found (game.web.practice_dialog)

    def _keep(self) -> None:
        """Keep the attempt after a choice: in progress, or its result after the tenth."""
        results, play = self.results, self.play
        if results is None or play is None:
            return
        attempt = Attempt(play.puzzle.date, play.practice, play.codes)
        outcome = play.result
        kept = (results.finish(attempt, round(outcome.total_loss, 2), outcome.colours) if outcome is not None
                else results.progress(attempt))
        if kept.practice and not play.practice:  # another tab answered this day differently
            self.play = dataclasses.replace(play, practice=True)
        self.app.show_notices()

    def draw(self, problem: str = "") -> None:
        """The body redrawn; the die or box that had the focus keeps it (the keyboard's place),
        and ``problem`` is said in the live region."""
        if self.play is None:
            return
        from game.screens.ten_view import ten_html

        active = self.document.activeElement
        place = next((f'[{name}="{active.getAttribute(name)}"]' for name in ("data-die", "data-box")
                      if found(active) and self.body.contains(active) and active.hasAttribute(name)), None)
        results = self.results
        stats = None
        if results is not None and self.play.done:
            from game.records.daily_stats import ten_stats

            stats = ten_stats(results.read(), datetime.date.today().isoformat())
        self.body.innerHTML = ten_html(self.play, problem, stats)
        # Translators: Today's ten: the heading of the player's column on the score card.
        fill_names(self.body, [_("You")])
        if problem:
            self.said.textContent = problem
        if place is not None and found(again := self.body.querySelector(place)):
            again.focus()

    @practised
    def die(self, die: str) -> None:
        if not self._answering():
            self._stay_on_next()
            return
        if self.play is not None and die.isdigit():
            from game.daily.play import toggle_die

            self.play = toggle_die(self.play, int(die))
            self.draw()

    def _answering(self) -> bool:
        """A position is on screen, not yet answered (a second click on a grading does nothing)."""
        return self.play is not None and not self.play.showing and not self.play.done

    def _stay_on_next(self) -> None:
        """A die or a box pressed while a grading shows: nothing changes, and the focus, which
        the press moved to the die or box, goes back to Next, where a keyboard or screen-reader
        player left it (a double tap on a box would otherwise strand them on the card)."""
        if found(follow := self.body.querySelector("#ten-next")):
            follow.focus()

    def _answered(self) -> None:
        """After a choice: kept, drawn, its verdict said, and the focus on Next."""
        self._keep()
        self.draw()
        verdict = self.body.querySelector(".ten-verdict")
        self.said.textContent = str(verdict.textContent).strip() if found(verdict) else ""
        if found(follow := self.body.querySelector("#ten-next")):
            follow.focus()

    @practised
    def roll(self) -> None:
        if not self._answering():
            self._stay_on_next()
            return
        from game.daily.play import choose_hold

        assert self.play is not None
        try:
            self.play = choose_hold(self.play)
        except ValueError:  # no roll left, or all five held: hold_choice says which in English
            self.draw(_("Holding all five dice rolls nothing: choose a box instead."))
            return
        self._answered()

    @practised
    def box(self, box: str) -> None:
        if not self._answering():
            self._stay_on_next()
            return
        from game.daily.play import choose_box

        assert self.play is not None
        try:
            self.play = choose_box(self.play, box)
        except ValueError:
            self.draw(_("That box cannot take these dice."))
            return
        self._answered()

    @practised
    def next(self) -> None:
        if self.play is not None:
            from game.daily.play import next_position

            self.play = next_position(self.play)
            self.said.textContent = ""
            self.draw()
            self.body.querySelector("button").focus()

    def past(self) -> None:
        """The archive in the dialog's body: the player's days, today and the days before it
        to open again, and a date field for any other day (game.screens.ten_days)."""
        self._opening += 1  # a deal still running does not draw over the archive
        self.play, self.practising = None, None
        spawn(self._past(self._opening))

    async def _past(self, opening: int) -> None:
        if not await later.available() or opening != self._opening:
            return  # its modules travel in the later archive (without it the ten cannot open either)
        from game.records.daily_stats import past_days, ten_stats
        from game.records.ten_record import TenRecord
        from game.screens.ten_days import archive_html

        today = datetime.date.today().isoformat()  # the day may have ended with the dialog open
        record = self.results.read() if self.results is not None else TenRecord()
        self.said.textContent = ""
        self.body.dataset.day = ""
        self.body.innerHTML = archive_html(ten_stats(record, today), past_days(record, today), today)
        if not self.dialog.open:
            self.dialog.showModal()
        self.body.querySelector("[data-ten-day]").focus()
        self.dialog.scrollTop = 0  # the focus on today's row scrolled the player's days away

    def other_day(self, day: str) -> None:
        """The day chosen in the dialog's date field: played as practice (today's, as ever),
        once the field has rested a moment: arrow keys and typing a year digit by digit
        change it at every step, and each step is not a day the player wants to start."""
        self._picked += 1
        spawn(self._open_picked(day, self._picked))

    async def _open_picked(self, day: str, picked: int) -> None:
        from game.core.links import iso_day

        await asyncio.sleep(PICK_REST_S)
        chosen = iso_day(day)
        if picked == self._picked and chosen is not None and chosen <= datetime.date.today():
            self.open(day)

    def again(self) -> None:
        """Another go at the same day, as practice."""
        if self.play is not None:
            self.open(self.play.puzzle.date, again=True)

    def share(self) -> None:
        if self.play is None or self.play.result is None:
            return
        from game.screens.ten_view import share_text

        url = page_address(self.window) + ten_query(self.play.puzzle.date, self.play.puzzle.ruleset)
        text = share_text(self.play, url)
        start_share(self.window, self.title(), text.rsplit("\n", 1)[0], url, copy=text)
