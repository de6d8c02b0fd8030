"""The bytes of a file of the site, fetched on first use (the strategy tables, the later
archive), with what the service worker kept when offline."""

from __future__ import annotations

from game.session.downloads import Unavailable


async def download(url: str, what: str) -> bytes:
    """The bytes at ``url`` (relative to the page). Offline, only what the service worker
    has kept: a request that cannot succeed is not made (it would only log a network error),
    and the caller gets an :class:`Unavailable` (an OSError) saying why, as for a failed
    download (``what`` names the file in its English message, for developers)."""
    import js
    from pyodide.ffi import to_js
    from pyodide.http import pyfetch  # ~80 ms to import in the browser: on first use only

    if not js.navigator.onLine:
        caches = getattr(js, "caches", None)  # none outside a secure context
        options = to_js({"ignoreSearch": True}, dict_converter=js.Object.fromEntries)  # precache revisions
        if caches is None or await caches.match(url, options) is None:
            raise Unavailable(what, offline=True)
    response = await pyfetch(url)
    if not response.ok:
        raise Unavailable(what, status=int(response.status))
    return bytes(await response.bytes())
