"""Every way Python code runs in the page goes through here, so no failure is silent.

An exception in an event handler or a background task is recorded with the page's own
error record (``window.reportGameError``, from assets/errors.js: it shows "Something went
wrong — your game is saved" with a Reload button and keeps the traceback where tests read
it) instead of leaving a board that quietly stops answering.
"""

from __future__ import annotations

import asyncio
import traceback
from collections.abc import Callable, Coroutine
from typing import Any

from js import window  # the page's own; PyScript's package is not imported (assets/boot.mjs)
from pyodide.ffi import create_proxy


def report(error: BaseException) -> None:
    """Record ``error`` with its traceback in the page's error record (and the console)."""
    text = "".join(traceback.format_exception(error))
    try:
        window.reportGameError(text)
    except Exception:  # the record itself is missing (a stripped page): the console still has it
        window.console.error(text)


def guarded(handler: Callable[..., Any]) -> Callable[..., Any]:
    """``handler`` with any exception it raises reported instead of thrown into the DOM."""

    def run(*args: Any) -> Any:
        try:
            return handler(*args)
        except Exception as error:
            report(error)
            return None

    return run


def listener(handler: Callable[..., Any]) -> Any:
    """A JS proxy of ``handler``, guarded: what every ``addEventListener`` gets."""
    return create_proxy(guarded(handler))


def spawn(coroutine: Coroutine[Any, Any, Any]) -> asyncio.Future[Any]:
    """Run ``coroutine`` in the background; an exception it ends with is reported at once
    (asyncio would only log it when the task is garbage-collected, if ever)."""
    task = asyncio.ensure_future(coroutine)
    task.add_done_callback(_check)
    return task


def _check(task: asyncio.Future[Any]) -> None:
    if not task.cancelled() and (error := task.exception()) is not None:
        report(error)
