"""A first visit downloads each versioned file once, Pyodide's 9.6 MB wasm among them: the
service worker's install precaches them from the browser's HTTP cache, where the page's
own downloads left them (tools/service_worker.mjs gives versioned URLs no revision, so
Workbox fetches them with cache mode "default"; netlify.toml serves them "immutable").

Counted at the server, which is what a download is, and in Playwright's events, which
tell the page's requests from the worker's. Not through conftest's routes: Playwright
turns the HTTP cache off while a route is set. A profile on disk, as a player's browser
has: an incognito context's cache is in memory, and keeps no file that large.
"""

from __future__ import annotations

import functools
import os
import threading
from collections import Counter
from collections.abc import Iterator
from http import HTTPStatus
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Playwright

from tests.browser.conftest import (
    CHROMIUM,
    CHROMIUM_ARGS,
    ROOT,
    _check,
    open_site,
    serve,
    service_worker,
    wait_for_offline_ready,
)

pytestmark = pytest.mark.browser


class _CountingHandler(serve.Handler):  # type: ignore[misc,name-defined]
    """tools/serve.py's handler, counting the complete answers (200) to GET per path."""

    counts: Counter[str]

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        if self.command == "GET" and code == HTTPStatus.OK:
            self.counts[urlsplit(self.path).path] += 1
        super().log_request(code, size)


@pytest.fixture(scope="module")
def counted(site_dir: Path) -> Iterator[tuple[str, Counter[str]]]:
    counts: Counter[str] = Counter()
    handler = type("Handler", (_CountingHandler,),
                   {"rules": serve.load_header_rules(ROOT / "netlify.toml"), "counts": counts})
    server = serve.Server(("127.0.0.1", 0), functools.partial(handler, directory=str(site_dir)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/", counts
    server.shutdown()
    server.server_close()


def test_a_first_visit_downloads_the_wasm_once(
    playwright: Playwright, counted: tuple[str, Counter[str]], site_dir: Path, tmp_path: Path
) -> None:
    url, counts = counted
    executable = os.environ.get("CHROMIUM_PATH") or (str(CHROMIUM) if CHROMIUM.exists() else None)
    context = playwright.chromium.launch_persistent_context(
        tmp_path / "profile", executable_path=executable, args=CHROMIUM_ARGS)
    try:
        site = open_site(None, url, context=context, intercept=False)  # type: ignore[arg-type]
        wait_for_offline_ready(site, site_dir)  # the install is over: everything precached
        _check(site)
    finally:
        context.close()

    manifest = service_worker.read_manifest((site_dir / "sw.js").read_text(encoding="utf-8"))
    wasm = next(e["url"] for e in manifest if e["url"].endswith("/pyodide.asm.wasm"))
    assert next(e for e in manifest if e["url"] == wasm)["revision"] is None
    # Both asked for it: the page to boot, the worker to precache it...
    assert [u for u in site.requests if u == url + wasm] == [url + wasm]
    assert [u for u in site.worker_requests if u == url + wasm] == [url + wasm]
    # ...and it crossed the network once.
    assert counts[f"/{wasm}"] == 1, counts
    # So did every other versioned file, whoever asked first.
    versioned = [e["url"] for e in manifest if e["revision"] is None]
    assert {u: counts[f"/{u}"] for u in versioned} == dict.fromkeys(versioned, 1)
    # The count sees the worker's downloads: a revisioned file is fetched past the HTTP
    # cache (cache mode "reload"), so index.html came twice, for the page and the worker.
    assert url + "index.html" in site.worker_requests and counts["/index.html"] == 1 and counts["/"] == 1, counts
