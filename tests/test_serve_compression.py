"""tools/serve.py compresses as Netlify does (tools/compression.py): by Content-Type,
brotli before gzip, nothing under 1 KB; the decoded bytes are the file's, and its log
counts what went over the wire."""

from __future__ import annotations

import gzip
import hashlib
import http.client
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import brotli
import pytest

from tests.support import load_tool

serve = load_tool("serve")

BIG = b"Yahtzee! " * 400  # 3.6 KB: over the 1 KB threshold, and compressible


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[object, str]]:
    site = tmp_path / "site"
    (site / "py").mkdir(parents=True)
    (site / "index.html").write_bytes(b"<!doctype html>" + BIG)
    (site / "tiny.js").write_bytes(b"console.log(1);")
    (site / "big.wasm").write_bytes(BIG)
    (site / "py" / "game-0123456789ab.zip").write_bytes(BIG)
    (site / "photo.png").write_bytes(BIG)
    srv, url = serve.start_server(site, port=0)
    yield srv, url
    srv.shutdown()
    srv.server_close()


def _get(url: str, path: str, accept: str | None) -> tuple[int, dict[str, str], bytes]:
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
    connection.request("GET", path, headers={"Accept-Encoding": accept} if accept is not None else {})
    response = connection.getresponse()
    body = response.read()
    headers = {k.lower(): v for k, v in response.getheaders()}
    connection.close()
    return response.status, headers, body


@pytest.mark.parametrize(("accept", "encoding"), [
    ("gzip, deflate, br, zstd", "br"),  # a browser's header: brotli, never zstd
    ("gzip", "gzip"),
    ("identity", None),
    (None, None),
])
def test_encoding_follows_accept_encoding(server: tuple[object, str], accept: str | None, encoding: str | None) -> None:
    _, url = server
    status, headers, body = _get(url, "/", accept)
    assert status == 200 and headers.get("content-encoding") == encoding
    assert headers["vary"] == "Accept-Encoding" and int(headers["content-length"]) == len(body)
    decoded = {"br": brotli.decompress, "gzip": gzip.decompress, None: bytes}[encoding](body)
    assert decoded == b"<!doctype html>" + BIG


@pytest.mark.parametrize(("path", "compressed"), [
    ("/big.wasm", True),  # Netlify compresses application/wasm
    ("/py/game-0123456789ab.zip", True),  # netlify.toml labels the stored archives as text
    ("/photo.png", False),  # images are sent as they are
    ("/tiny.js", False),  # under 1 KB
])
def test_which_files_are_compressed(server: tuple[object, str], path: str, compressed: bool) -> None:
    _, url = server
    status, headers, body = _get(url, path, "br, gzip")
    assert status == 200 and ("content-encoding" in headers) == compressed, headers
    assert (brotli.decompress(body) if compressed else body) in (BIG, b"console.log(1);")


def test_the_log_counts_bytes_on_the_wire(server: tuple[object, str]) -> None:
    srv, url = server
    _, _, body = _get(url, "/big.wasm", "br")
    _, _, plain = _get(url, "/big.wasm", None)
    assert [(s.path, s.status, s.body_bytes) for s in srv.log] == [  # type: ignore[attr-defined]
        ("/big.wasm", 200, len(body)), ("/big.wasm", 200, len(plain))]
    assert len(body) < len(plain) == len(BIG)


def test_the_pinned_brotli_sizes_are_the_installed_runtimes() -> None:
    """tools/brotli11_pinned.json names exactly the files the build takes from npm's pinned
    packages, and its sizes are brotli's (each small file computed again here; the wasm's
    minute is the reason for the table)."""
    build, compression = load_tool("build"), load_tool("compression")
    files = [build.NODE_MODULES / "pyodide" / name for name in build.PYODIDE_FILES]
    files += build.pyscript_sources(build.NODE_MODULES / "@pyscript" / "core" / "dist")
    by_digest = {hashlib.sha256(path.read_bytes()).hexdigest(): path for path in files}
    pinned = compression.pinned_sizes()
    assert pinned.keys() == by_digest.keys(), (
        "the pinned runtime changed: python3 tools/compression.py --pin " + " ".join(map(str, files)))
    small = {digest: path for digest, path in by_digest.items() if path.stat().st_size < 200_000}
    assert len(small) == len(files) - 1  # all but Pyodide's wasm
    for digest, path in small.items():
        assert pinned[digest] == compression.brotli11_compute(path.read_bytes()), path
