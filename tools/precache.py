#!/usr/bin/env python3
"""Write the service worker of a built site: dist/sw.js from tools/sw.template.js.

    python3 tools/precache.py [--site dist]     (tools/build.py runs it as its last step)

Does the job workbox-build's generateSW would (workbox itself pulls rollup platform
packages this project's registry does not serve): it lists what the service worker
precaches, with a Subresource-Integrity hash per file, and names the precache after a
content hash of all of it, so

- the precache is the whole site except ``sw.js`` itself and the strategy tables
  (``assets/strategy/``, half a megabyte each and only needed when a coach or a computer
  player is used: the worker caches them on first use, in a cache of their own named
  after their own hash, which therefore outlives deploys that do not change them);
- index.html is precached as ``./``, the URL the site is opened at: Netlify's pretty
  URLs may redirect ``/index.html`` to ``/``, and a redirected response cannot answer a
  navigation;
- the version (the precache's name) changes when any precached byte changes, and also
  when a header netlify.toml gives a precached path changes (the cached responses keep
  the headers they were fetched with, the Content-Security-Policy of index.html among
  them) or the worker's template changes;
- sw.js changes byte for byte whenever the version does (it holds every file's hash),
  which is what makes the browser install the new worker.

docs/offline.md describes the worker; tests/test_precache.py tests this module.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import importlib.util
import json
import sys
from collections.abc import Iterable
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = ROOT / "tools" / "sw.template.js"
NETLIFY_TOML = ROOT / "netlify.toml"

#: The one line of the template that the build replaces with the build's data.
PLACEHOLDER = "__BUILD__"
#: The service worker's file, at the top of the site so that its scope is the whole site.
SW_NAME = "sw.js"
#: Fetched lazily and cached on first use rather than precached (a URL prefix, site-relative).
LAZY_PREFIXES = ("assets/strategy/", "py/snapshot-")
#: The page the site opens with, and the key it is precached under.
SHELL_FILE, SHELL_URL = "index.html", "./"
#: Hex digits of the version in cache names: 80 bits, no collision between deploys.
VERSION_DIGITS = 20


def _serve() -> ModuleType:
    """tools/serve.py, for the headers netlify.toml gives each path (tools/ is not a package)."""
    name = "_site_tools_serve"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, Path(__file__).with_name("serve.py"))
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


def _site_files(site: Path) -> list[str]:
    """Every file of the site as a posix path relative to it, sorted."""
    return sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())


def is_lazy(rel: str) -> bool:
    return any(rel.startswith(prefix) for prefix in LAZY_PREFIXES)


def precache_files(site: Path) -> list[str]:
    """The site's files the worker precaches: all but sw.js and the lazily cached ones."""
    return [rel for rel in _site_files(site) if rel != SW_NAME and not is_lazy(rel)]


def lazy_files(site: Path) -> list[str]:
    return [rel for rel in _site_files(site) if is_lazy(rel)]


def url_for(rel: str) -> str:
    """The URL (relative to sw.js, so the site also works from a sub-path) a file is cached under."""
    return SHELL_URL if rel == SHELL_FILE else rel


def integrity(path: Path) -> str:
    """The Subresource Integrity value of a file ("sha256-<base64>")."""
    return "sha256-" + base64.b64encode(hashlib.sha256(path.read_bytes()).digest()).decode("ascii")


def _digest(parts: Iterable[str]) -> str:
    h = hashlib.sha256()
    for part in parts:
        h.update(part.encode("utf-8"))
        h.update(b"\0")
    return h.hexdigest()[:VERSION_DIGITS]


def manifest(site: Path, netlify_toml: Path = NETLIFY_TOML, template: Path = TEMPLATE) -> dict:
    """What sw.js is built with: versions, the precache list, the lazily cached prefixes."""
    serve = _serve()
    rules = serve.load_header_rules(netlify_toml)
    entries = [(url_for(rel), integrity(site / rel)) for rel in precache_files(site)]
    if not any(url == SHELL_URL for url, _ in entries):
        raise FileNotFoundError(f"{site / SHELL_FILE} is missing: nothing to serve offline")

    def headers(url: str) -> str:
        path = "/" + ("" if url == SHELL_URL else url)
        return json.dumps(serve.headers_for(path, rules), sort_keys=True)

    version = _digest(
        [template.read_text(encoding="utf-8")]
        + [f"{url} {sri} {headers(url)}" for url, sri in entries]
    )
    tables = _digest(f"{rel} {integrity(site / rel)}" for rel in lazy_files(site))
    return {
        "version": version,
        "tables": tables,
        "shell": SHELL_URL,
        "pages": [SHELL_URL, SHELL_FILE],
        "lazy": list(LAZY_PREFIXES),
        "precache": [list(entry) for entry in entries],
    }


def render(data: dict, template: Path = TEMPLATE) -> str:
    text = template.read_text(encoding="utf-8")
    if text.count(PLACEHOLDER) != 1:
        raise ValueError(f"{template} must hold {PLACEHOLDER} exactly once")
    # One line per key and per precached file: readable, and a deploy's diff of sw.js
    # shows which files changed.
    lines = [f"  {json.dumps(key)}: {json.dumps(value)}," for key, value in data.items() if key != "precache"]
    files = ",\n".join(f"    {json.dumps(entry)}" for entry in data["precache"])
    body = "{\n" + "\n".join(lines) + f'\n  "precache": [\n{files}\n  ]\n}}'
    return text.replace(PLACEHOLDER, body)


def write_service_worker(site: Path, netlify_toml: Path = NETLIFY_TOML, template: Path = TEMPLATE) -> dict:
    """Write ``site``/sw.js for the files now in ``site``; returns the manifest it holds."""
    (site / SW_NAME).unlink(missing_ok=True)  # never hashed into itself
    data = manifest(site, netlify_toml, template)
    (site / SW_NAME).write_text(render(data, template), encoding="utf-8")
    return data


def read_manifest(sw_js: str) -> dict:
    """The data a built sw.js holds (for tests and tools): the JSON between the template's text."""
    head, tail = TEMPLATE.read_text(encoding="utf-8").split(PLACEHOLDER)
    if not (sw_js.startswith(head) and sw_js.endswith(tail)):
        raise ValueError("not a sw.js built from tools/sw.template.js")
    return json.loads(sw_js[len(head):len(sw_js) - len(tail)])


def cache_names(data: dict) -> tuple[str, str]:
    """The names (without the "@scope" suffix) the worker gives its two caches."""
    return f"dicepad-precache-{data['version']}", f"dicepad-tables-{data['tables']}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "dist", help="built site (default: dist/)")
    args = parser.parse_args(argv)
    data = write_service_worker(args.site.resolve())
    size = sum((args.site / rel).stat().st_size for rel in precache_files(args.site))
    print(f"precache.py: {len(data['precache'])} files, {size / 1e6:.1f} MB, version {data['version']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

