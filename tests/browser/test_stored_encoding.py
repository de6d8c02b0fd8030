"""The files stored at brotli-11 reach the browser as stored (tools/serve.py does what the edge
function does: netlify/edge-functions/precompressed/), and a browser that does not accept br
still gets the whole game, compressed by the host as before (issue 43)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from tests.browser import clock
from tests.browser.pages import check_page, open_site, serve

pytestmark = pytest.mark.browser

STORED = serve.STORED_SUFFIX


@pytest.fixture
def server(site_dir: Path) -> Iterator[tuple[object, str]]:
    srv, url = serve.start_server(site_dir, port=0)
    yield srv, url
    srv.shutdown()
    srv.server_close()


def _sizes(site_dir: Path, log: list, name: str) -> tuple[int, int, int]:
    """(bytes sent, the file's size, its stored size) for the one download of ``name``."""
    [sent] = [s for s in log if s.status == 200 and (s.path == name if name == "/" else s.path.endswith(name))]
    file = site_dir / serve.file_path(sent.path).lstrip("/")
    return sent.body_bytes, file.stat().st_size, file.with_name(file.name + STORED).stat().st_size


@pytest.mark.parametrize("accept", ["gzip, deflate, br, zstd", "gzip, deflate"])
def test_the_game_comes_as_stored_or_as_the_host_compresses_it(
        browser: Browser, site_dir: Path, server: tuple, accept: str) -> None:
    srv, url = server
    context = clock.new_context(browser, service_workers="block")
    context.set_extra_http_headers({"Accept-Encoding": accept})
    try:
        site = open_site(browser, url, context=context)  # booted: the game is ready
        check_page(site)
        sent, size, stored = _sizes(site_dir, srv.log, "/pyodide.asm.wasm")
        if "br" in accept:
            assert sent == stored  # the brotli-11 file, as it is
        else:
            assert stored < sent < size  # gzip on the fly: more than brotli-11, less than the file
        sent, _, stored = _sizes(site_dir, srv.log, "/")
        assert (sent == stored) == ("br" in accept)
    finally:
        context.close()
