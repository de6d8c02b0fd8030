#!/usr/bin/env python3
"""Write the service worker of a built site: dist/sw.js on Workbox, and its runtime.

    python3 tools/service_worker.py [--site dist]     (tools/build.py runs it as its last step)

The work is Workbox's (tools/service_worker.mjs runs workbox-build's injectManifest over
tools/sw-source.js and copies Workbox's runtime into the site); this wrapper gives it what
only the Python side knows, the headers netlify.toml gives each file (through
tools/serve.py, which serves them locally), and reads back what a built sw.js precaches,
for the tests. docs/offline.md describes the worker; tests/test_service_worker.py tests
this module.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import serve  # noqa: E402  (tools/ is a folder of scripts, not a package): netlify.toml's headers

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"
NETLIFY_TOML = ROOT / "netlify.toml"
SCRIPT = ROOT / "tools" / "service_worker.mjs"

#: The service worker's file, at the top of the site so that its scope is the whole site.
SW_NAME = "sw.js"
#: The precache's name before "-<scope>": the prefix tools/sw-source.js gives Workbox,
#: then Workbox's own name for it.
PRECACHE = "dicepad-precache-v2"
#: The strategy tables' runtime cache, before "<digest>-<scope>".
TABLES = "dicepad-strategy-"
#: The caches of routes whose names stay from build to build, before "-<scope>": the
#: catalogs' and the Python snapshot's (tools/sw-source.js, each ``cacheName("...")``).
KEPT_CACHES = ("dicepad-locale", "dicepad-snapshot")
#: The injected manifest: the one array on precacheAndRoute's line of tools/sw-source.js.
_MANIFEST_RE = re.compile(r"^precaching\.precacheAndRoute\((\[.*\]), \{$", re.MULTILINE)
_TABLES_RE = re.compile(r'cacheName\("strategy-([0-9a-f]+)"\)')


class ServiceWorkerError(Exception):
    """sw.js could not be written; the message says why (printed without a traceback)."""


def url_paths(rel: str) -> list[str]:
    """The URL paths a file is served at: its own, and its folder's for an index.html
    (Netlify may redirect /index.html to /, and the worker then caches what / sends)."""
    paths = ["/" + rel]
    if rel == "index.html" or rel.endswith("/index.html"):
        paths.append("/" + rel.removesuffix("index.html"))
    return paths


def header_digests(site: Path, netlify_toml: Path = NETLIFY_TOML) -> dict[str, str]:
    """{file: digest of the headers netlify.toml gives its URLs} for every file of ``site``."""
    rules = serve.load_header_rules(netlify_toml)
    digests = {}
    for path in sorted(site.rglob("*")):
        if path.is_file():
            rel = path.relative_to(site).as_posix()
            headers = [serve.headers_for(p, rules) for p in url_paths(rel)]
            digests[rel] = hashlib.sha256(json.dumps(headers, sort_keys=True).encode()).hexdigest()
    return digests


def check_tools() -> str:
    """The path of node, if it and workbox-build are there to build the service worker;
    else ServiceWorkerError with what to do. tools/build.py asks first, so that a missing
    tool stops the build before its minute of work, not at its last step."""
    node = shutil.which("node")
    if node is None:
        raise ServiceWorkerError("node is needed to build the service worker (Node 20 or later)")
    if not (NODE_MODULES / "workbox-build" / "package.json").is_file():
        raise ServiceWorkerError(f"{NODE_MODULES}/workbox-build is missing: run `npm ci` in {ROOT} first")
    return node


def write_service_worker(site: Path, netlify_toml: Path = NETLIFY_TOML,
                         max_file_bytes: int | None = None) -> dict[str, Any]:
    """Write ``site``/sw.js and ``site``/workbox-v<version>/ for the files now in ``site``.

    Returns what tools/service_worker.mjs reports (workboxDir, tables, count, size) and the
    precache manifest. ``max_file_bytes`` overrides the largest file precached (for tests).
    """
    node = check_tools()
    request: dict[str, Any] = {"site": str(site), "headers": header_digests(site, netlify_toml)}
    if max_file_bytes is not None:
        request["maxFileBytes"] = max_file_bytes
    done = subprocess.run([node, str(SCRIPT)], input=json.dumps(request), cwd=ROOT,
                          capture_output=True, text=True, check=False)
    if done.returncode:
        raise ServiceWorkerError(f"building the service worker failed:\n{done.stderr}{done.stdout}")
    result: dict[str, Any] = json.loads(done.stdout)
    result["manifest"] = read_manifest((site / SW_NAME).read_text(encoding="utf-8"))
    return result


def read_manifest(sw_js: str) -> list[dict[str, Any]]:
    """The precache manifest a built sw.js holds: [{"url", "revision", "integrity"}, ...]."""
    found = _MANIFEST_RE.search(sw_js)
    if found is None:
        raise ValueError("not a sw.js built from tools/sw-source.js: no precache manifest")
    manifest: list[dict[str, Any]] = json.loads(found.group(1))
    return manifest


def read_tables_digest(sw_js: str) -> str:
    """The digest of the strategy tables a built sw.js names their cache after."""
    found = _TABLES_RE.search(sw_js)
    if found is None:
        raise ValueError("not a sw.js built from tools/sw-source.js: no tables digest")
    return found.group(1)


def cache_key(entry: dict[str, Any]) -> str:
    """The URL (relative to sw.js) Workbox stores a precache entry under."""
    url = str(entry["url"]).removeprefix("./")  # the page, precached as "./" (the folder)
    return f"{url}?__WB_REVISION__={entry['revision']}" if entry["revision"] else url


def cache_names(sw_js: str, scope: str) -> tuple[str, str]:
    """The names of the precache and of the tables' cache of a built sw.js at ``scope``."""
    return f"{PRECACHE}-{scope}", f"{TABLES}{read_tables_digest(sw_js)}-{scope}"


def every_cache_name(sw_js: str, scope: str) -> set[str]:
    """Every cache a built sw.js may keep at ``scope``: :func:`cache_names`' two and
    :data:`KEPT_CACHES` (the snapshot's is filled once the player has been idle a while)."""
    return {*cache_names(sw_js, scope), *(f"{name}-{scope}" for name in KEPT_CACHES)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "dist", help="built site (default: dist/)")
    args = parser.parse_args(argv)
    try:
        result = write_service_worker(args.site.resolve())
    except ServiceWorkerError as err:
        print(f"service_worker.py: error: {err}", file=sys.stderr)
        return 1
    print(f"service_worker.py: {result['count']} files precached, {result['size'] / 1e6:.1f} MB,"
          f" Workbox in {result['workboxDir']}/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
