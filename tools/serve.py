#!/usr/bin/env python3
"""Serve the publish directory locally as Netlify serves it: the headers netlify.toml gives
each path, the file stored at brotli-11 beside it (``<file>.br``) where the edge function
netlify/edge-functions/precompressed/ would send it, else the host's own HTTP compression
(tools/compression.py, docs/performance.md).

    python3 tools/serve.py [--dir dist] [--port 8000]     (--port 0 picks a free port)

Tests import it: ``server, url = start_server(dist, port=0)`` runs it in a thread and
``server.shutdown()`` stops it. Only for local play and tests: it binds 127.0.0.1.
"""

from __future__ import annotations

import argparse
import functools
import mimetypes
import os
import re
import sys
import threading
import time
import tomllib
from dataclasses import dataclass
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import BinaryIO
from urllib.parse import unquote, urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent))
import compression  # noqa: E402  (tools/ is a folder of scripts, not a package)

ROOT = Path(__file__).resolve().parent.parent
NETLIFY_TOML = ROOT / "netlify.toml"

HeaderRule = tuple[re.Pattern[str], dict[str, str]]

#: The suffix of a file stored already compressed at brotli-11 (tools/precompress.py).
STORED_SUFFIX = ".br"
#: Paths never stored: the Python snapshot (13 MB, fetched in the idle time after a first
#: visit, not during it) would cost every build half a minute at brotli-11.
NOT_STORED = re.compile(r"^/py/snapshot-")


def for_regex(pattern: str) -> re.Pattern[str]:
    """Netlify's matcher for a [[headers]] `for` path (as in @netlify/headers-parser).

    Segments split on "/": a lone `*` matches the rest of the path, including nothing
    ("/runtime/*" matches "/runtime/" and "/runtime/a/b.js"); `*` inside a segment matches
    anything, slashes too ("*.wasm" matches every .wasm); `:name` matches one segment;
    an optional trailing slash; case-insensitive. "/" matches only the root.
    """
    parts = []
    for part in filter(None, (p.rstrip() for p in pattern.strip().split("/"))):
        if part.startswith(":"):
            parts.append("([^/]+)")
        elif part == "*":
            parts.append("?(.*)")
        else:
            parts.append("(.*)".join(re.escape(piece) for piece in part.split("*")))
    return re.compile(f"^/{'/'.join(parts)}/?$", re.IGNORECASE)


def _header_value(value: str | list[str]) -> str:
    """Netlify joins list values and comma-separated lines with ", "."""
    items = value if isinstance(value, list) else [value]
    return ", ".join(re.sub(r"\s*,\s*", ", ", str(item).strip()) for item in items)


def load_header_rules(netlify_toml: Path = NETLIFY_TOML) -> list[HeaderRule]:
    """The [[headers]] rules of netlify.toml, in file order."""
    with netlify_toml.open("rb") as fh:
        config = tomllib.load(fh)
    return [
        (for_regex(rule["for"]), {k.strip(): _header_value(v) for k, v in rule.get("values", {}).items()})
        for rule in config.get("headers", [])
    ]


def headers_for(path: str, rules: list[HeaderRule]) -> dict[str, str]:
    """Headers for a URL path; a later matching rule overrides a name an earlier one set
    (what `netlify dev` does; tests/test_site_config.py keeps the rules from overlapping)."""
    out: dict[str, str] = {}
    for regex, values in rules:
        if regex.match(path):
            out.update(values)
    return out


def file_path(path: str) -> str:
    """The file a URL path names: a folder's index.html."""
    return path + "index.html" if path.endswith("/") else path


def content_type(path: str, rules: list[HeaderRule]) -> str:
    """The Content-Type the site sends for a URL path: netlify.toml's, else by extension."""
    headers = headers_for(path, rules)
    given = next((v for k, v in headers.items() if k.lower() == "content-type"), None)
    if given is not None:
        return given
    suffix = Path(file_path(path)).suffix.lower()
    if suffix in Handler.extensions_map:
        return Handler.extensions_map[suffix]
    return mimetypes.guess_type(file_path(path))[0] or "application/octet-stream"  # as guess_type


def stores(path: str, rules: list[HeaderRule]) -> bool:
    """Whether the build keeps ``path``'s file at brotli-11 too: every file of a type the
    host compresses, but NOT_STORED. The edge function's choice, in the same words."""
    return compression.compresses(content_type(path, rules)) and not NOT_STORED.match(file_path(path))


def sends_stored(method: str, path: str, headers: dict[str, str], rules: list[HeaderRule]) -> bool:
    """Whether a request is answered with the stored ``.br`` file (when it is there): a GET
    or HEAD that accepts br and asks for no range (a range of the encoded bytes would be no
    range of the file), for a path the build stores. The edge function decides the same."""
    lowered = {k.lower(): v for k, v in headers.items()}
    return (method in ("GET", "HEAD") and "range" not in lowered
            and "br" in compression.accepted(lowered.get("accept-encoding", "")) and stores(path, rules))


class Handler(SimpleHTTPRequestHandler):
    """Static files plus Netlify's headers; quiet unless a request fails."""

    rules: list[HeaderRule] = []
    extensions_map = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",  # streaming compilation refuses any other type
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".toml": "text/plain; charset=utf-8",
        ".py": "text/plain; charset=utf-8",
        ".svg": "image/svg+xml",
        ".webmanifest": "application/manifest+json",
        # Pinned rather than left to the machine's mime.types: the edge function's table
        # (tools/precompress.py) is written from these, and must not depend on the machine.
        ".css": "text/css",
        ".html": "text/html",
        ".json": "application/json",
        ".txt": "text/plain",
        ".xml": "text/xml",
    }

    def send_head(self) -> BinaryIO | None:
        path = unquote(urlsplit(self.path).path)
        self.extra = headers_for(path, self.rules)
        self.encoded: bytes | None = None
        self.head: dict[str, str] = {}
        self.stored: str | None = None
        if sends_stored(self.command, path, dict(self.headers.items()), self.rules):
            stored = Path(super().translate_path(file_path(path)) + STORED_SUFFIX)
            # A file edited after it was stored (a benchmark's or a test's edit of a built
            # copy) is sent as it now is: the stored bytes are the old file's. A build
            # stores last (tools/build.py), and tests/test_edge_function.py checks each.
            if stored.is_file() and stored.stat().st_mtime_ns >= stored.with_suffix("").stat().st_mtime_ns:
                self.stored = str(stored)
                self.extra = {**self.extra, "Content-Type": content_type(path, self.rules)}
        return super().send_head()

    def translate_path(self, path: str) -> str:
        stored = getattr(self, "stored", None)
        return stored if stored is not None else super().translate_path(path)

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        # An error page keeps its text/html type, whatever the rules say about the path.
        self.extra = {k: v for k, v in self._extra().items() if k.lower() != "content-type"}
        super().send_error(code, message, explain)

    def list_directory(self, path: str | os.PathLike[str]) -> None:
        # Netlify has no directory listings: a folder without index.html is a 404.
        self.send_error(HTTPStatus.NOT_FOUND, "File not found")

    def send_header(self, keyword: str, value: str) -> None:
        # netlify.toml may set Content-Type (e.g. for *.wasm): it replaces the guessed one.
        if keyword.lower() == "content-type":
            value = next((v for k, v in self._extra().items() if k.lower() == "content-type"), value)
        if keyword.lower() == "content-length" and self._compressible():
            return  # the encoded length is sent by end_headers, once it is known
        if hasattr(self, "head"):
            self.head[keyword.lower()] = value
        super().send_header(keyword, value)

    def end_headers(self) -> None:
        for name, value in self._extra().items():
            # Netlify sets these itself and ignores them in netlify.toml (docs/performance.md).
            if name.lower() not in ("content-type", "content-encoding", "content-length"):
                self.send_header(name, value)
        if getattr(self, "stored", None) is not None:
            super().send_header("Content-Encoding", "br")
        if self._compressible() or getattr(self, "stored", None) is not None:
            super().send_header("Vary", "Accept-Encoding")
        if self._compressible():
            self._encode()
        super().end_headers()
        self._log_response()

    def _log_response(self) -> None:
        status = getattr(self, "_status", 0)
        if status == HTTPStatus.NOT_MODIFIED or self.command == "HEAD":
            size = 0
        elif getattr(self, "encoded", None) is not None:
            size = len(self.encoded)
        else:
            size = int(getattr(self, "head", {}).get("content-length", 0))
        log = getattr(self.server, "log", None)
        if log is not None:
            log.append(Served(time.monotonic(), unquote(urlsplit(self.path).path), status, size))

    def _compressible(self) -> bool:
        """A 200 for a file whose type Netlify compresses (the body is the file), not stored
        and not asked for by range (this server sends the whole file for a range)."""
        return (getattr(self, "head", None) is not None and getattr(self, "stored", None) is None
                and self.command in ("GET", "HEAD") and "Range" not in self.headers
                and getattr(self, "_status", 0) == HTTPStatus.OK and "content-type" in self.head
                and compression.compresses(self.head["content-type"]))

    def _encode(self) -> None:
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        body = path.read_bytes()
        encoding = compression.choose(self.headers.get("Accept-Encoding", ""), len(body))
        self.encoded = compression.encode(body, encoding) if encoding else body
        if encoding:
            super().send_header("Content-Encoding", encoding)
        super().send_header("Content-Length", str(len(self.encoded)))

    def send_response(self, code: int, message: str | None = None) -> None:
        self._status = code
        super().send_response(code, message)

    def _extra(self) -> dict[str, str]:
        return getattr(self, "extra", {})

    def copyfile(self, source: BinaryIO, outputfile: BinaryIO) -> None:  # type: ignore[override]
        if getattr(self, "encoded", None) is not None:
            outputfile.write(self.encoded)  # type: ignore[arg-type]
            return
        # sendfile(2): the kernel copies the file to the socket without the GIL, so a
        # 10 MB runtime file does not hold up the other requests of a page load (or the
        # Playwright driver sharing this process in the tests).
        self.connection.sendfile(source)

    def log_message(self, format: str, *args: object) -> None:
        if len(args) > 1 and str(args[1])[:1] in "45":
            super().log_message(format, *args)


@dataclass(frozen=True)
class Served:
    """One response, as the server log keeps it: what went over the network."""

    at: float  # time.monotonic() when its headers were sent
    path: str
    status: int
    body_bytes: int  # as sent: compressed when it was, 0 for a 304 or a HEAD


class Server(ThreadingHTTPServer):
    daemon_threads = True  # a hung browser connection must not keep the process alive
    #: Every response sent, in order: the tests and benchmarks count a visit's downloads here.
    log: list[Served]

    def handle_error(self, request: object, client_address: tuple[str, int]) -> None:
        # A browser that drops a download (a closed tab or test context) is not an error.
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


def start_server(directory: Path | str, port: int = 0, host: str = "127.0.0.1",
                 netlify_toml: Path = NETLIFY_TOML) -> tuple[Server, str]:
    """Serve ``directory`` in a daemon thread; returns the server and its base URL."""
    directory = Path(directory).resolve()
    if not (directory / "index.html").is_file():
        raise FileNotFoundError(f"{directory}/index.html not found: run `python3 tools/build.py` first")
    handler = type("SiteHandler", (Handler,), {"rules": load_header_rules(netlify_toml)})
    server = Server((host, port), functools.partial(handler, directory=str(directory)))
    server.log = []
    threading.Thread(target=server.serve_forever, name="serve.py", daemon=True).start()
    return server, f"http://{host}:{server.server_address[1]}/"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", type=Path, default=ROOT / "dist", help="directory to serve (default: dist/)")
    parser.add_argument("--port", type=int, default=8000, help="port; 0 picks a free one (default: 8000)")
    args = parser.parse_args(argv)
    try:
        server, url = start_server(args.dir, args.port)
    except (FileNotFoundError, OSError) as err:
        print(f"serve.py: error: {err}", file=sys.stderr)
        return 1
    print(f"Serving on {url}", flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        pass
    finally:
        server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
