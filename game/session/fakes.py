"""Fakes of the session's ports, for tests and docstring examples."""

from __future__ import annotations

import contextlib
from collections.abc import Coroutine, Mapping, Sequence
from typing import Any

from game.screens.regions import Region
from game.session.ports import Cue


class RecordingRenderer:
    """A renderer for tests: keeps the last HTML of each region, everything said and every cue."""

    def __init__(self) -> None:
        self.regions: dict[Region, str] = {}
        self.names: Sequence[str] = ()
        self.spoken: list[str] = []
        self.notices: list[str] = []
        self.asked: list[tuple[str, str, int]] = []
        self.highlight: str | None = None
        self.link_question: str | None = None
        self.costly: list[str] = []  # the questions asked before costly moves
        self.link_forgotten = False
        self.cues: list[Cue] = []

    def render(self, regions: Mapping[Region, str], names: Sequence[str]) -> None:
        self.regions.update(regions)
        self.names = names

    def announce(self, text: str) -> None:
        self.spoken.append(text)

    def notify(self, texts: Sequence[str]) -> None:
        self.notices.extend(texts)

    def ask_name(self, entry_id: str, name: str, score: int) -> None:
        self.asked.append((entry_id, name, score))

    def show_high_scores(self, highlight: str | None) -> None:
        self.highlight = highlight

    def ask_costly(self, text: str) -> None:
        self.costly.append(text)

    def ask_link_choice(self, text: str) -> None:
        self.link_question = text

    def forget_link(self) -> None:
        self.link_forgotten = True

    def cue(self, event: Cue) -> None:
        self.cues.append(event)


class Jobs:
    """A spawn (game.session.ports.Spawn) that keeps the background work until :meth:`run`."""

    def __init__(self) -> None:
        self.waiting: list[Coroutine[Any, Any, None]] = []

    def __call__(self, job: Coroutine[Any, Any, None]) -> Any:
        self.waiting.append(job)
        return self  # its done(): whether every job has run

    def done(self) -> bool:
        return not self.waiting

    def __del__(self) -> None:
        # a test that never ran its jobs (not its point) leaves them unstarted: closed here, as a
        # page closed mid-work drops its tasks, not reported as "never awaited" at collection
        for job in self.waiting:
            job.close()

    def run(self) -> None:
        """Each job to its end, stepped by hand (asyncio.sleep(0) only yields): no event loop
        needed, so this runs beside one (Playwright's, when the browser tests share the process)."""
        while self.waiting:
            job = self.waiting[0]  # waiting (not done) until it ends, as a task is
            with contextlib.suppress(StopIteration):
                while True:
                    job.send(None)
            self.waiting.remove(job)
