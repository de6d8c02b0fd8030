#!/usr/bin/env python3
"""Assemble the publish directory (dist/) from a checkout plus node_modules/.

    python3 tools/build.py [--out DIR]

dist/ gets index.html (with pyscript.toml inlined as its PyScript config), two archives
named by their content: py/game-<hash>.zip (the bytecode of game/, no tests) and
py/stdlib-<hash>.zip (the bytecode of the standard-library
modules the site imports, and no others), assets/**, the self-hosted runtime:
runtime/pyscript-<version>/ (the PyScript chunks the page runs) and
runtime/pyodide-<version>/ (what Pyodide needs to boot with no extra packages), and last
sw.js, the service worker, which precaches all of it, with Workbox's runtime in
workbox-v<version>/ (tools/service_worker.py); then every file of a type the host
compresses is stored at brotli-11 beside itself, ``<file>.br``, for the edge function
that sends it (tools/precompress.py).

The runtime directories carry the version package.json pins (and package-lock.json's
integrity hashes hold to the byte), so a URL under runtime/ always names the same bytes
and netlify.toml can serve them "immutable"; the build rewrites the page's references
(index.html, pyscript.toml, assets/boot.mjs), whose sources name the
plain runtime/pyscript/ and runtime/pyodide/.

The output depends only on the inputs (sorted walk, plain byte copies), is built in a
temporary sibling directory and swapped in, so a half-written dist/ is never served.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import re
import shutil
import sys
import time
import tomllib
from html import escape
from pathlib import Path
from types import ModuleType

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pyscript_chunks import PYSCRIPT_BOOT_CHUNK, pyscript_sources  # noqa: E402
from python_archives import (  # noqa: E402  (tools/ is a folder of scripts, not a package)
    ARCHIVES,
    BUNDLE,
    GAME_PACKAGES,
    LATER_BUNDLE,
    SNAPSHOT,
    STDLIB_BUNDLE,
    ZIP_BYTECODE,
    BuildError,
    archive_name,
    bundle_members,
    compile_bytecode,
    find_archive,
    make_snapshot,
    point_boot_at,
    snapshot_modules,
    split_later,
    write_archive,
)

__all__ = ["ARCHIVES", "BUNDLE", "GAME_PACKAGES", "SNAPSHOT", "STDLIB_BUNDLE", "ZIP_BYTECODE", "BuildError",
           "archive_name", "find_archive", "snapshot_modules", "build", "main"]

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"

#: The standard library as Pyodide ships it (source only), which stdlib.zip extends.
PYODIDE_STDLIB = "python_stdlib.zip"
#: Where the build inserts the preload links of the archives (see _speed_up_boot).
PRELOAD_MARKER = "<!-- build: archives preload -->"

# Top-level files of the sources. pyscript.toml and game/ are read by the build and do
# not ship as files: the config goes into index.html, the modules into game.zip.
SITE_FILES = ("index.html", "pyscript.toml")
#: How index.html names its PyScript config in the sources; the build inlines it there.
CONFIG_ATTRIBUTE = 'config="./pyscript.toml"'

# The runtime's npm packages and the directory of dist/runtime/ each goes to, before the
# version is appended (runtime/pyodide -> runtime/pyodide-314.0.7).
RUNTIME_PACKAGES = {"runtime/pyscript": "@pyscript/core", "runtime/pyodide": "pyodide"}

# From pyodide/: the loader, the Emscripten module and the interpreter. Not the package
# lock file: assets/boot.mjs holds the part of it Pyodide needs. The standard library
# ships as an archive of its own instead (see _speed_up_boot).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.wasm",
)
# ... and its Emscripten loader, pyodide.asm.mjs, as the classic script index.html loads
# (tools/classic_loader.py): Chromium then keeps its compiled code across visits.
PYODIDE_LOADER, PYODIDE_LOADER_SCRIPT = "pyodide.asm.mjs", "pyodide.asm.js"
PYODIDE_LOCK = "pyodide-lock.json"

def _load_tool(name: str) -> ModuleType:
    """tools/<name>.py as a module (tools/ is a folder of scripts, not a package)."""
    key = f"_site_tools_{name}"
    if key not in sys.modules:
        spec = importlib.util.spec_from_file_location(key, Path(__file__).with_name(f"{name}.py"))
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        sys.modules[key] = module
        spec.loader.exec_module(module)
    return sys.modules[key]


def runtime_dirs() -> dict[str, str]:
    """{"runtime/pyodide": "runtime/pyodide-314.0.7", ...} from the pins in package.json."""
    pins = json.loads((ROOT / "package.json").read_text())["dependencies"]
    return {plain: f"{plain}-{pins[package]}" for plain, package in RUNTIME_PACKAGES.items()}


def _package_dir(name: str) -> Path:
    """The installed package directory, checked against the version package.json pins."""
    pins = json.loads((ROOT / "package.json").read_text())["dependencies"]
    pkg = NODE_MODULES / name
    manifest = pkg / "package.json"
    if not manifest.is_file():
        raise BuildError(
            f"{manifest} is missing: run `npm ci` in {ROOT} first "
            "(node_modules/ holds the PyScript and Pyodide runtime that dist/ ships)."
        )
    installed = json.loads(manifest.read_text())["version"]
    if installed != pins[name]:
        raise BuildError(
            f"node_modules has {name} {installed} but package.json pins {pins[name]}: run `npm ci`."
        )
    return pkg


def _site_sources() -> list[tuple[Path, Path]]:
    """(source, path inside dist) for the site's own files, sorted."""
    pairs = [(ROOT / name, Path(name)) for name in SITE_FILES]
    for path in sorted((ROOT / "game").rglob("*.py")):
        rel = path.relative_to(ROOT)
        if not is_test_module(rel) and "__pycache__" not in rel.parts:
            pairs.append((path, rel))
    assets = ROOT / "assets"
    pairs += [(p, p.relative_to(ROOT)) for p in sorted(assets.rglob("*")) if p.is_file()]
    for src, _ in pairs:
        if not src.is_file():
            raise BuildError(f"{src.relative_to(ROOT)} is missing")
    return pairs


def is_test_module(rel: Path) -> bool:
    """True for test code inside game/, which is neither shipped nor listed in pyscript.toml."""
    name = rel.name
    return (
        "tests" in rel.parts[:-1]
        or name.startswith("test_")
        or name.endswith("_test.py")
        or name == "conftest.py"
    )


def build(out: Path) -> int:
    """Write the publish directory to ``out``; returns the number of files."""
    pyscript = _package_dir("@pyscript/core") / "dist"
    pyodide = _package_dir("pyodide")
    runtime = runtime_dirs()
    pairs = _site_sources()
    chunks = [Path(runtime["runtime/pyscript"]) / src.name for src in pyscript_sources(pyscript)]
    pairs += [(pyscript / chunk.name, chunk) for chunk in chunks]
    pairs += [(pyodide / name, Path(runtime["runtime/pyodide"]) / name) for name in PYODIDE_FILES]
    for src, _ in pairs:
        if not src.is_file():
            raise BuildError(f"{src} is missing from the installed package")
    service_worker = _load_tool("service_worker")
    try:
        service_worker.check_tools()  # the last step's tools, before the work
    except service_worker.ServiceWorkerError as err:
        raise BuildError(str(err)) from None

    tmp = out.with_name(f".{out.name}.tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    for src, rel in pairs:
        dest = tmp / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, dest)  # bytes only: no source mtimes or modes leak into dist/
    try:
        _load_tool("classic_loader").write_script(
            pyodide / PYODIDE_LOADER, tmp / runtime["runtime/pyodide"] / PYODIDE_LOADER_SCRIPT)
    except ValueError as err:
        raise BuildError(str(err)) from None
    _version_runtime(tmp, runtime)
    preload = [chunk.as_posix() for chunk in chunks if PYSCRIPT_BOOT_CHUNK.fullmatch(chunk.name)]
    _speed_up_boot(tmp, preload, pyodide)
    try:
        _load_tool("page_words").write_site_languages(tmp)
        _load_tool("build_stamp").stamp_build(tmp, find_archive(tmp, "game").name)
        _load_tool("minify").strip_comments(tmp)  # last of the page's rewrites: they read its markers
    except ImportError as err:
        raise BuildError(f"{err}: the catalogs need Babel, `pip install -r requirements-build.txt`") from None
    except ValueError as err:
        raise BuildError(str(err)) from None
    # Last but one: the service worker hashes the finished files (and is not itself precached).
    try:
        service_worker.write_service_worker(tmp)
    except service_worker.ServiceWorkerError as err:
        raise BuildError(str(err)) from None
    # Last: each file the host compresses, stored at brotli-11 beside it for the edge
    # function (sw.js and Workbox's runtime too); the worker never names a .br file.
    try:
        _load_tool("precompress").store_site(tmp)
    except RuntimeError as err:
        raise BuildError(str(err)) from None
    count = sum(1 for path in tmp.rglob("*") if path.is_file())
    shutil.rmtree(out, ignore_errors=True)
    tmp.rename(out)
    return count


def _version_runtime(site: Path, runtime: dict[str, str]) -> None:
    """Point the files that name the runtime at its versioned directories."""
    for name in ("index.html", "pyscript.toml", "assets/boot.mjs"):
        page = site / name
        text = page.read_text(encoding="utf-8")
        for plain, versioned in runtime.items():
            text = text.replace(f"./{plain}/", f"./{versioned}/")
        left = re.findall(r"[\w./-]*runtime/(?:pyscript|pyodide)/[\w./-]*", text)
        if left:
            raise BuildError(f"{name} names the runtime other than as ./runtime/...: {left}")
        page.write_text(text, encoding="utf-8")


def _speed_up_boot(site: Path, pyscript_chunks: list[str], pyodide: Path) -> None:
    """Start-up savings measured in docs/performance.md.

    - pyscript.toml goes into index.html as JSON, in the config attribute: PyScript
      parses JSON natively (for TOML it fetches and runs a parser chunk first), and
      there is no config file to wait for.
    - The standard library is an archive of the bytecode of the modules the site imports
      (tools/compile_pyc.mjs decides which and compiles them with Pyodide itself), in
      place of Pyodide's python_stdlib.zip (all of it, as source): Python's start-up no
      longer compiles some 140 modules (about 1.2 s less per load here), and the first
      visit downloads 0.6 MB (brotli) instead of 2.5 MB. assets/boot.mjs hands it to
      Pyodide as its standard library.
    - The game's modules, and PyScript's own Python package, travel as one archive of
      bytecode instead of one request and one file write each. assets/boot.mjs writes it
      and puts it on sys.path: Python imports straight from it (zipimport, built in).
      The entry point is `import game.main` in index.html, so the site ships neither
      game/ nor pyscript.toml as files.
    - Both archives are stored, not deflated, so that HTTP compression (brotli) works
      across the whole archive; netlify.toml gives them a type Netlify compresses. Their
      names carry a hash of their content, so they are served "immutable" and the service
      worker's precache takes them from the HTTP cache rather than downloading them again.
    - assets/boot.mjs gets the part of pyodide-lock.json Pyodide needs, so Pyodide does
      not fetch the file (the game loads no package).
    - index.html preloads both archives, and the PyScript chunks the core imports at
      every start, so that they are parsed and ready when the core reaches them.
    """
    with (site / "pyscript.toml").open("rb") as fh:
        config = tomllib.load(fh)
    config.pop("files", None)
    bytecode = compile_bytecode(site)
    game: list[Path] = []
    stdlib: list[Path] = []
    for pyc in bytecode:
        (game if pyc.relative_to(site / ZIP_BYTECODE).parts[0] in GAME_PACKAGES else stdlib).append(pyc)
    game_members, later_members = split_later(bundle_members(site, game))
    try:  # the words only the later modules use (tools/page_words.py)
        later_members += _load_tool("page_words").later_catalogs()
    except ImportError as err:
        raise BuildError(f"{err}: the catalogs need Babel, `pip install -r requirements-build.txt`") from None
    names = {
        BUNDLE: write_archive(site, "game", game_members),
        LATER_BUNDLE: write_archive(site, "later", later_members),
        STDLIB_BUNDLE: write_archive(site, "stdlib", bundle_members(site, stdlib)),
    }
    # Shipped inside the archives only.
    shutil.rmtree(site / ZIP_BYTECODE)
    shutil.rmtree(site / "game")
    (site / "pyscript.toml").unlink()
    lock_info = json.loads((pyodide / PYODIDE_LOCK).read_text())["info"]
    names[SNAPSHOT] = make_snapshot(site, names, lock_info, [name for name, _ in game_members])
    point_boot_at(site / "assets" / "boot.mjs", names, lock_info)
    page = site / "index.html"
    html = page.read_text(encoding="utf-8")
    if html.count(CONFIG_ATTRIBUTE) != 1 or PRELOAD_MARKER not in html:
        raise BuildError(f"index.html must hold {CONFIG_ATTRIBUTE} once, and {PRELOAD_MARKER}")
    # PyScript's chunks right after its core.js, ahead of the runtime's big downloads: on
    # HTTP/1.1 the page gets six connections, and these small files are what PyScript
    # waits for before it asks for Pyodide.
    core_tag = re.search(r'<script type="module" src="\./runtime/pyscript-[^/"]+/core\.js"></script>', html)
    if core_tag is None:
        raise BuildError("index.html must load PyScript's core.js as a module from ./runtime/pyscript/")
    chunks = "".join(f'\n  <link rel="modulepreload" href="./{chunk}">' for chunk in pyscript_chunks)
    html = html[:core_tag.end()] + chunks + html[core_tag.end():]
    preloads = "".join(f'\n  <link rel="preload" href="./{name}" as="fetch" crossorigin="anonymous">'
                       for name in (names[STDLIB_BUNDLE], names[BUNDLE]))
    inline = json.dumps(config, separators=(",", ":"), sort_keys=True)
    html = html.replace(CONFIG_ATTRIBUTE, f'config="{escape(inline, quote=True)}"')
    page.write_text(html.replace(PRELOAD_MARKER, PRELOAD_MARKER + preloads), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="publish directory (default: dist/)")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    try:
        count = build(args.out.resolve())
    except BuildError as err:
        print(f"build.py: error: {err}", file=sys.stderr)
        return 1
    print(f"build.py: wrote {count} files to {args.out} in {time.perf_counter() - start:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
