#!/usr/bin/env python3
"""The site's files stored at brotli-11 beside themselves, and what the edge function that
sends them knows of the site (docs/performance.md, "The bytes as the host sends them").

Netlify compresses on the fly at a low brotli quality, and ignores a `Content-Encoding` set
in netlify.toml. So the build keeps every file of a type the host compresses also as
``<file>.br`` (quality 11), and a Netlify Edge Function
(netlify/edge-functions/precompressed/index.js) answers a request that accepts br with
that file and `Content-Encoding: br`. An edge function's response gets none of netlify.toml's
headers, so the function sets them itself, from ``site.js`` beside it, which this tool
writes from netlify.toml and tools/serve.py's types: one source for the headers, the
types and the choice, which tools/serve.py applies the same way.

    python3 tools/precompress.py --table          rewrite netlify/edge-functions/precompressed/site.js
    python3 tools/precompress.py --store DIR      store DIR's files at brotli-11 (tools/build.py does)

A file's brotli-11 bytes are kept in .cache/brotli11-bodies/ by content hash: the 9.6 MB
wasm takes about 20 s, and it changes only with package-lock.json.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import compression  # noqa: E402  (tools/ is a folder of scripts, not a package)
import serve  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
FUNCTION_DIR = ROOT / "netlify" / "edge-functions" / "precompressed"
TABLE = FUNCTION_DIR / "site.js"
#: Where the brotli-11 bodies are kept by content hash (``BROTLI11_CACHE`` names another
#: folder: tests/browser/test_netlify_build.py lends a fresh copy its checkout's).
BODY_CACHE = Path(os.environ.get("BROTLI11_CACHE") or ROOT / ".cache" / "brotli11-bodies")
#: The extensions whose types the table carries: every kind of file the site stores
#: (tests/test_edge_function.py checks each file of a built site against tools/serve.py).
EXTENSIONS = (".css", ".html", ".js", ".json", ".mjs", ".svg", ".txt", ".wasm", ".webmanifest", ".xml")


def _compressed(body: bytes) -> bytes:
    digest = hashlib.sha256(body).hexdigest()
    cached = BODY_CACHE / digest
    if cached.is_file():
        return cached.read_bytes()
    if compression.brotli is None:
        raise RuntimeError("storing the site at brotli-11 needs the brotli package (requirements-build.txt)")
    data: bytes = compression.brotli.compress(body, quality=11)
    BODY_CACHE.mkdir(parents=True, exist_ok=True)
    partial = cached.with_name(f".{digest}.{os.getpid()}")
    partial.write_bytes(data)
    partial.replace(cached)  # whole or not at all: two builds may share the cache
    return data


def _store(path: Path) -> int:
    data = _compressed(path.read_bytes())
    path.with_name(path.name + serve.STORED_SUFFIX).write_bytes(data)
    return len(data)


def stored_files(site: Path, rules: list[serve.HeaderRule]) -> list[Path]:
    """The files of ``site`` the build keeps at brotli-11 too (serve.stores)."""
    return [path for path in sorted(site.rglob("*"))
            if path.is_file() and not path.name.endswith(serve.STORED_SUFFIX)
            and serve.stores("/" + path.relative_to(site).as_posix(), rules)]


def store_site(site: Path, netlify_toml: Path = serve.NETLIFY_TOML) -> tuple[int, int]:
    """Write ``<file>.br`` beside each stored file of ``site``; returns (files, bytes).

    In threads (brotli lets go of the GIL while it compresses): the wasm alone is most of
    the time, so the rest goes beside it on the other core."""
    files = stored_files(site, serve.load_header_rules(netlify_toml))
    files.sort(key=lambda path: -path.stat().st_size)  # the largest first, while the others fill in
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        sizes = list(pool.map(_store, files))
    return len(files), sum(sizes)


def table_source(netlify_toml: Path = serve.NETLIFY_TOML) -> str:
    """The JavaScript module the edge function imports (see the module's docstring)."""
    rules = serve.load_header_rules(netlify_toml)
    lines = [
        "// What the edge function knows of the site: netlify.toml's [[headers]] rules (Netlify's",
        "// matcher, as tools/serve.py's for_regex writes it), the types tools/serve.py sends by",
        "// extension, the types the host compresses and the paths never stored.",
        "// Written by `python3 tools/precompress.py --table`; tests/test_edge_function.py fails when stale.",
        "export const RULES = [",
    ]
    for regex, values in rules:
        lines.append(f"  [new RegExp({json.dumps(regex.pattern)}, \"i\"), {json.dumps(values, sort_keys=True)}],")
    lines.append("];")
    types = {ext: serve.Handler.extensions_map[ext] for ext in EXTENSIONS}
    lines.append(f"export const TYPES = {json.dumps(types, indent=2, sort_keys=True)};")
    compressed = f"^(?:{compression.COMPRESSED_TYPES.pattern})$"  # JavaScript's test() searches
    lines.append(f"export const COMPRESSED = new RegExp({json.dumps(compressed)}, \"i\");")
    lines.append(f"export const NOT_STORED = new RegExp({json.dumps(serve.NOT_STORED.pattern)});")
    lines.append(f"export const SUFFIX = {json.dumps(serve.STORED_SUFFIX)};")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--table", action="store_true", help=f"rewrite {TABLE.relative_to(ROOT)}")
    group.add_argument("--store", type=Path, metavar="DIR", help="store DIR's files at brotli-11")
    args = parser.parse_args(argv)
    if args.table:
        TABLE.write_text(table_source(), encoding="utf-8")
        print(f"precompress.py: wrote {TABLE.relative_to(ROOT)}")
    else:
        count, size = store_site(args.store)
        print(f"precompress.py: {count} files stored at brotli-11, {size:,} B")
    return 0


if __name__ == "__main__":
    sys.exit(main())
