"""HTTP compression as Netlify applies it, for tools/serve.py (docs/performance.md has the
sources behind each rule).

Netlify publishes no specification; this follows what its blog and observations of live
sites show:

- brotli when the request accepts it, else gzip, else none (no zstd);
- chosen by Content-Type: text, JavaScript, JSON, WebAssembly, SVG and XML are compressed;
  ``application/octet-stream``, archives and images are sent as they are;
- bodies under 1 KB go uncompressed;
- a low brotli quality (observed as 3-5; 4 here), gzip at zlib's default 6.

So the tests and benchmarks get the bytes a player gets, give or take the exact level.
Without the ``brotli`` package (a build dependency: the build stores the site at brotli-11
with it, tools/precompress.py) the server offers gzip only, as a browser that does not
accept brotli sees it. A file the build stored at brotli-11 is sent as stored instead
(tools/serve.py, as the edge function does).

>>> compresses("application/wasm"), compresses("text/plain; charset=x-user-defined")
(True, True)
>>> compresses("application/zip"), compresses("image/png"), compresses("application/octet-stream")
(False, False, False)
>>> choose("gzip, deflate, br, zstd", 5000) == ("br" if brotli else "gzip")
True
>>> choose("gzip", 5000), choose("identity", 5000), choose("br, gzip", 100)
('gzip', None, None)
"""

from __future__ import annotations

import argparse
import functools
import gzip
import hashlib
import json
import re
import threading
from pathlib import Path
from types import ModuleType

brotli: ModuleType | None
try:
    import brotli
except ImportError:  # gzip only: see the docstring
    brotli = None

#: The smallest body compressed.
MIN_SIZE = 1024
BROTLI_QUALITY = 4
GZIP_LEVEL = 6
COMPRESSED_TYPES = re.compile(
    r"text/.*|application/(javascript|json|wasm|xml|manifest\+json|[\w.+-]+\+(json|xml))|image/svg\+xml"
)

# Encoded bodies by (content hash, encoding): a rebuilt site's unchanged files (the 10 MB
# runtime above all) are not compressed again, whatever their path.
_cache: dict[tuple[str, str], bytes] = {}
_lock = threading.Lock()


def compresses(content_type: str) -> bool:
    """Whether Netlify compresses a response of this Content-Type."""
    return bool(COMPRESSED_TYPES.fullmatch(content_type.split(";")[0].strip().lower()))


def choose(accept_encoding: str, size: int) -> str | None:
    """The Content-Encoding for a body of ``size`` bytes, or None to send it as it is."""
    if size < MIN_SIZE:
        return None
    offered = accepted(accept_encoding)
    if brotli is not None and "br" in offered:
        return "br"
    return "gzip" if "gzip" in offered else None


def accepted(accept_encoding: str) -> set[str]:
    """The codings an Accept-Encoding header accepts: those named without ``q=0``.

    >>> sorted(accepted("gzip, deflate, br;q=1.0, zstd")), sorted(accepted("br;q=0, gzip;q=0.5"))
    (['br', 'deflate', 'gzip', 'zstd'], ['gzip'])
    """
    codings = set()
    for part in accept_encoding.split(","):
        name, *params = (piece.strip().lower() for piece in part.split(";"))
        refused = any(re.fullmatch(r"q\s*=\s*0(\.0*)?", param) for param in params)
        if name and not refused:
            codings.add(name)
    return codings


def encode(body: bytes, encoding: str) -> bytes:
    """``body`` in ``encoding``, cached by content."""
    key = (hashlib.sha256(body).hexdigest(), encoding)
    with _lock:
        if key in _cache:
            return _cache[key]
    if encoding == "br":
        assert brotli is not None
        data = brotli.compress(body, quality=BROTLI_QUALITY)
    else:
        data = gzip.compress(body, compresslevel=GZIP_LEVEL, mtime=0)
    with _lock:
        _cache[key] = data
    return data


#: Where brotli11_size() keeps what it computed (a minute for the 10 MB runtime).
SIZE_CACHE = Path(__file__).resolve().parent.parent / ".cache" / "brotli11"
#: The brotli-11 sizes of the files the site takes unchanged from npm's pinned packages
#: (Pyodide's wasm above all), by SHA-256: computing them is a minute of CPU on every fresh
#: clone, for bytes that change only with package-lock.json. `python3 tools/compression.py
#: --pin FILE...` writes it; tests/test_serve_compression.py checks that it names exactly
#: the installed files and that its sizes are brotli's.
PINNED_SIZES = Path(__file__).with_name("brotli11_pinned.json")


@functools.cache
def pinned_sizes() -> dict[str, int]:
    """:data:`PINNED_SIZES` as {sha256: size} (its entries are {"file": name, "size": size})."""
    table = json.loads(PINNED_SIZES.read_text(encoding="utf-8"))
    return {digest: int(entry["size"]) for digest, entry in table.items()}


def brotli11_size(path: Path) -> int:
    """The size of ``path`` compressed with brotli at quality 11: the measure of a
    download the byte budget of docs/performance.md is set in. Cached by content."""
    body = path.read_bytes()
    digest = hashlib.sha256(body).hexdigest()
    pinned = pinned_sizes().get(digest)
    if pinned is not None:
        return pinned
    cached = SIZE_CACHE / digest
    if cached.is_file():
        return int(cached.read_text())
    size = brotli11_compute(body)
    SIZE_CACHE.mkdir(parents=True, exist_ok=True)
    cached.write_text(str(size))
    return size


def brotli11_compute(body: bytes) -> int:
    """The brotli-11 size of ``body``, computed."""
    if brotli is None:
        raise RuntimeError("brotli11_size() needs the brotli package (pip install -r requirements-dev.txt)")
    return len(brotli.compress(body, quality=11))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write the brotli-11 sizes of the pinned runtime files.")
    parser.add_argument("--pin", nargs="+", type=Path, required=True, metavar="FILE")
    args = parser.parse_args(argv)
    table = {}
    for path in args.pin:
        body = path.read_bytes()
        table[hashlib.sha256(body).hexdigest()] = {"file": path.name, "size": brotli11_compute(body)}
    PINNED_SIZES.write_text(json.dumps(table, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"compression.py: {len(table)} sizes in {PINNED_SIZES}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
