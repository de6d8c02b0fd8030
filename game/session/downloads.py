"""A file the game fetches on first use (a strategy table, the score distribution) that it
could not have, and why, as facts: the session words them (:func:`game.session.words.strategy_failed`).

>>> err = Unavailable("the strategy table for official", offline=True)
>>> err.offline, err.status, str(err)
(True, None, 'the strategy table for official is kept for offline play after its first use online')
>>> str(Unavailable("the score distribution", status=404))
'the score distribution could not be loaded (HTTP 404)'
"""

from __future__ import annotations


class Unavailable(OSError):
    """``what`` could not be had: ``offline`` (kept only after its first use online) or a
    failed download (``status``: its HTTP status). The message, in English, is for developers."""

    def __init__(self, what: str, *, offline: bool = False, status: int | None = None) -> None:
        super().__init__(f"{what} is kept for offline play after its first use online" if offline
                         else f"{what} could not be loaded (HTTP {status})")
        self.offline, self.status = offline, status
