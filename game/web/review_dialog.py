"""The review dialog: pick a finished game (the last 50) and a player, see where points went."""

from __future__ import annotations

from typing import Any

from game.core import rules, save
from game.screens.markup import escape
from game.web.dom import fill_names, on_clicks
from game.web.guard import listener, spawn


class ReviewDialog:
    """Fills ``#review-dialog``; the coach's table is fetched on first use."""

    def __init__(self, document: Any, app: Any, storage: Any) -> None:
        self.document, self.app, self.storage = document, app, storage
        self.games = document.getElementById("review-game-select")
        self.seats = document.getElementById("review-seat")
        self.body = document.getElementById("review-body")
        self._proxies = [on_clicks(document, {"#review-game": lambda: self.open(app.finished_id),
                                              "#show-review": lambda: self.open(None)}),
                         listener(lambda _e: self._game_chosen()), listener(lambda _e: self._draw())]
        self.games.addEventListener("change", self._proxies[1])
        self.seats.addEventListener("change", self._proxies[2])

    def open(self, game_id: str | None) -> None:
        """Open the dialog on ``game_id`` (the newest finished game when None)."""
        games = self.storage.finished_games()
        self.app.show_notices()
        if not games:
            self.games.innerHTML = ""
            self.seats.innerHTML = ""
            self.body.innerHTML = '<p class="empty">No finished games yet: the last 50 are kept here.</p>'
        else:
            # Our own text only in this HTML; player names are set as text just below.
            self.games.innerHTML = "".join(
                f'<option value="{escape(g.id)}">{escape(g.finished)} · {escape(rules.PRESET_LABELS[g.preset])}'
                f" · {' / '.join(map(str, g.scores))}</option>" for g in games)
            if game_id is not None:
                self.games.value = game_id
            self._game_chosen()
        dialog = self.document.getElementById("review-dialog")
        if not dialog.open:
            dialog.showModal()

    def _state(self):
        text = self.storage.finished_game(str(self.games.value))
        return None if text is None else save.loads(text)

    def _game_chosen(self) -> None:
        state = self._state()
        if state is None:
            return
        self.seats.innerHTML = "".join(f'<option value="{i}"></option>' for i in range(len(state.players)))
        for i, option in enumerate(self.seats.querySelectorAll("option")):
            option.textContent = state.players[i].name
        humans = [i for i, p in enumerate(state.players) if p.is_human]
        self.seats.value = str(humans[0] if humans else 0)
        self._draw()

    def _draw(self) -> None:
        spawn(self._draw_async())

    async def _draw_async(self) -> None:
        state = self._state()
        if state is None:
            return
        self.body.innerHTML = '<p class="empty">Asking the coach…</p>'
        table = await self.app.table_for(state.preset)
        if table is None:
            self.body.innerHTML = '<p class="empty">The review needs the strategy table, which could not be loaded.</p>'
            return
        from game.screens.review_report import review_html
        from game.strategy.review import review  # the coach and the chart load on first use

        seat = int(self.seats.value)
        result = review(state, seat, table)
        self.body.innerHTML = review_html(result)
        fill_names(self.body, [state.players[seat].name])
