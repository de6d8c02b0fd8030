"""The archive of the features loaded on first use, fetched when one is first opened.

The first visit downloads only what the page may import at any moment (``py/game-<hash>.zip``;
its byte budget is in docs/performance.md). The features listed in
``tools/python_archives.py`` (``LATER_MODULES``: Today's ten) travel in
``py/later-<hash>.zip``, which ``assets/boot.mjs`` names in ``globalThis.diceLaterArchive``.
A feature awaits :func:`ensure` before importing its modules: the archive is downloaded
once (the service worker keeps it for offline play), written beside game.zip, and each
package of the game already imported gets the archive's folder of the same name on its
``__path__``: Python looks for ``game.daily`` in ``game.__path__``, not on ``sys.path``,
and finds it there as it finds the rest in game.zip (zipimport). The archive also holds
each language's words that only its modules use (``locale/<code>.mo``, left out of the
page's catalog): they join the language spoken (:func:`game.core.language.add_later`).
"""

from __future__ import annotations

import asyncio
import functools
import sys
import zipimport
from pathlib import Path

from game.core import language
from game.web.download import download

_loading: asyncio.Task[None] | None = None


async def ensure() -> None:
    """Make the later archive importable; at once when it already is. Raises
    :class:`game.session.downloads.Unavailable` (an OSError) when it cannot be fetched
    (offline before the service worker kept it), and a later call tries again."""
    global _loading
    if _loading is None or (_loading.done() and _loading.exception() is not None):
        _loading = asyncio.ensure_future(_install())
    await asyncio.shield(_loading)


def here() -> bool:
    """Whether the archive is importable already (a feature can draw at once, not a moment later)."""
    return _loading is not None and _loading.done() and not _loading.cancelled() and _loading.exception() is None


async def available() -> bool:
    """:func:`ensure`, for a caller that says "not available" in its own words: False when
    the archive cannot be fetched (offline before the service worker kept it)."""
    try:
        await ensure()
    except OSError:
        return False
    return True


async def _install() -> None:
    import js

    url = str(js.globalThis.diceLaterArchive)
    data = await download(url, "the later modules")
    # Beside game.zip (assets/boot.mjs writes it in the home folder), under the name the
    # build gave it, so a traceback names the archive of this build.
    path = str(Path.cwd() / url.rsplit("/", 1)[-1])
    Path(path).write_bytes(data)
    for name, module in list(sys.modules.items()):
        search = getattr(module, "__path__", None)
        folder = f"{path}/{name.replace('.', '/')}"
        # A folder the archive lacks is skipped by the import system (zipimport refuses it).
        if (name == "game" or name.startswith("game.")) and isinstance(search, list) and folder not in search:
            search.append(folder)
    # Its locale/<code>.mo: the words only its modules use (tools/page_words.py). Read as the
    # import system reads it (zipfile would need codecs the site does not ship).
    language.add_later(functools.partial(_catalog, zipimport.zipimporter(path)))


def _catalog(archive: zipimport.zipimporter, code: str) -> bytes | None:
    """The later archive's part of language ``code``'s catalog, or None (English has none)."""
    try:
        return archive.get_data(f"locale/{code}.mo")
    except OSError:
        return None
