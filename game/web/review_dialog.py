"""The review dialog: pick a finished game (the last 50) and a player, see where points went."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from game.core import save
from game.core.state import GameState
from game.screens.games_list import finished_options_html
from game.session.manager import App
from game.web import later
from game.web.dom import fill_names
from game.web.guard import spawn

if TYPE_CHECKING:
    from game.strategy.review import Review
    from game.strategy.tables import Table


class ReviewDialog:
    """Fills ``#review-dialog``; the coach's table is fetched on first use."""

    def __init__(self, document: Any, app: App) -> None:
        self.document, self.app = document, app
        self.games = document.getElementById("review-game-select")
        self.seats = document.getElementById("review-seat")
        self.body = document.getElementById("review-body")
        self._drawn = 0  # reviews asked for so far: a late answer to an earlier one is dropped

    def open(self, game_id: str | None) -> None:
        """Open the dialog on ``game_id`` (the newest finished game when None)."""
        records = self.app.records
        games = records.history.entries() if records is not None else ()
        self.app.show_notices()
        if not games:
            self.games.innerHTML = ""
            self.seats.innerHTML = ""
            from game.screens.review_words import no_games_html  # the review's words load on first use

            self.body.innerHTML = no_games_html()
        else:
            self.games.innerHTML = finished_options_html(games)
            if game_id is not None:
                self.games.value = game_id
            self.game_chosen()
        dialog = self.document.getElementById("review-dialog")
        if not dialog.open:
            dialog.showModal()

    def _state(self) -> GameState | None:
        records = self.app.records
        text = records.history.text(str(self.games.value)) if records is not None else None
        return None if text is None else save.loads(text)

    def _practise(self, state: GameState, result: Review, table: Table) -> str:
        """The way to practise this seat's costliest decisions (the later archive's: the
        review has its table, so the archive is here)."""
        from game.web.practice_dialog import review_button

        return review_button(self.app, state, result, table, str(self.games.value))

    def _beat(self) -> int | None:
        """The chosen game's score to beat (a challenge), or None."""
        records = self.app.records
        entry = records.history.entry(str(self.games.value)) if records is not None else None
        return entry.beat if entry is not None else None

    def game_chosen(self) -> None:
        state = self._state()
        if state is None:
            return
        self.seats.innerHTML = "".join(f'<option value="{i}"></option>' for i in range(len(state.players)))
        for i, option in enumerate(self.seats.querySelectorAll("option")):
            option.textContent = state.players[i].name
        humans = [i for i, p in enumerate(state.players) if p.is_human]
        self.seats.value = str(humans[0] if humans else 0)
        self.draw()

    def draw(self) -> None:
        from game.screens.review_words import asking_html

        self.body.innerHTML = asking_html()  # at once: never the previous review while this one is asked for
        self._drawn += 1
        spawn(self._draw_async(self._drawn))

    async def _draw_async(self, number: int) -> None:
        state = self._state()
        if state is None:
            return
        from game.screens.review_words import no_table_html

        table = await self.app.coach.table_for(state.ruleset)
        if number != self._drawn:
            return  # another review was asked for meanwhile
        if table is None or not await later.available():
            self.body.innerHTML = no_table_html()
            return
        from game.screens.review_report import review_html
        from game.strategy.review import review  # the coach and the chart load on first use

        seat = int(self.seats.value)
        result = review(state, seat, table)
        self.body.innerHTML = review_html(result)
        fill_names(self.body, [state.players[seat].name])
        self.body.querySelector(".review-headline").insertAdjacentHTML("afterend", self._practise(state, result, table))
        beat = self._beat()
        if len(state.players) > 1 or beat is not None:  # a goal: where playing for it parted from the average
            spread = await self.app.coach.spread_for(state.ruleset)
            if spread is None or number != self._drawn:
                return  # no spread table (offline, never fetched), or another review asked for since
            from game.screens.review_report import parting_html
            from game.strategy.review_to_win import partings

            found = []
            for step in partings(state, seat, table, spread, result, beat):
                if step is None:
                    await asyncio.sleep(0)  # one decision per task: the dialog stays responsive
                    if number != self._drawn:
                        return
                else:
                    found.append(step)
            self.body.insertAdjacentHTML("beforeend", parting_html(found, beat, state.game))
