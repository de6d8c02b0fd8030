#!/usr/bin/env python3
"""Assemble the publish directory (dist/) from a checkout plus node_modules/.

    python3 tools/build.py [--out DIR]

dist/ gets index.html, pyscript.toml, game/**/*.py (no tests), assets/**, the
self-hosted runtime: runtime/pyscript-<version>/ (the PyScript chunks the page loads) and
runtime/pyodide-<version>/ (what Pyodide needs to boot with no extra packages), and last
sw.js, the service worker, which precaches all of it (tools/precache.py).

The runtime directories carry the version package.json pins (and package-lock.json's
integrity hashes hold to the byte), so a URL under runtime/ always names the same bytes
and netlify.toml can serve them "immutable"; the build rewrites the page's references
(index.html, pyscript.toml and .json), whose sources name the plain runtime/pyscript/ and
runtime/pyodide/.

The output depends only on the inputs (sorted walk, plain byte copies), is built in a
temporary sibling directory and swapped in, so a half-written dist/ is never served.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import re
import shutil
import subprocess
import sys
import time
import tomllib
import zipfile
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"

#: The archive of the game's Python modules that the page loads (see _speed_up_boot).
BUNDLE = "game.zip"
#: Where the build inserts a preload link for each Python module (see _speed_up_boot).
PRELOAD_MARKER = "<!-- build: module preloads -->"

# Top-level files of the site.
SITE_FILES = ("index.html", "pyscript.toml")

# The runtime's npm packages and the directory of dist/runtime/ each goes to, before the
# version is appended (runtime/pyodide -> runtime/pyodide-314.0.7).
RUNTIME_PACKAGES = {"runtime/pyscript": "@pyscript/core", "runtime/pyodide": "pyodide"}

# From @pyscript/core/dist: core.js, core.css, every chunk they import statically, and the
# chunks the core imports dynamically at boot. PyScript imports all its plugin modules
# (py-editor, py-game, py-terminal, donkey, deprecations-manager) on every page load, even
# when pyscript.toml disables them (the "mpy" pass has no config, so nothing is disabled
# there), so those small chunks ship. Left out are the chunks those plugins or the core
# import only when a feature is used: codemirror (py-editor), xterm and the terminal
# runtimes (py-terminal), the full TOML parser (py-editor, py-game), zip (archives in
# [files]) and pyodide_graph (`packages`). Chunk names carry a content hash, so they are
# matched by stem; a version bump keeps working. tests/browser/test_boot.py fails on a 404.
PYSCRIPT_ENTRIES = ("core.js", "core.css")
PYSCRIPT_UNUSED = re.compile(r"(codemirror[\w-]*|pyodide_graph)-[\w-]{8}\.js")

# From pyodide/: the loader, the Emscripten module, the interpreter, the standard
# library and the package lock file (fetched at boot even when no package is loaded).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)

# Relative ES module imports in minified code: static from"./x.js" / import"./x.js",
# dynamic import("./x.js").
_STATIC_IMPORT_RE = re.compile(r"""\b(?:from|import)\s*["']\./([\w.-]+\.js)["']""")
_DYNAMIC_IMPORT_RE = re.compile(r"""\bimport\(\s*["']\./([\w.-]+\.js)["']\s*\)""")


class BuildError(Exception):
    """A problem the person running the build can fix; printed without a traceback."""


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


def _pyscript_sources(dist: Path) -> list[Path]:
    """PyScript files to copy: the entries, the closure of their static imports, and the
    dynamic imports of the core chunk (not those of plugin chunks: see PYSCRIPT_UNUSED)."""
    todo = [dist / name for name in PYSCRIPT_ENTRIES]
    seen: set[Path] = set()
    while todo:
        src = todo.pop()
        if src in seen:
            continue
        if not src.is_file():
            raise BuildError(f"{src} is missing from @pyscript/core")
        seen.add(src)
        if src.suffix != ".js":
            continue
        code = src.read_text(encoding="utf-8")
        targets = _STATIC_IMPORT_RE.findall(code)
        if src.name.startswith("core-"):
            targets += [t for t in _DYNAMIC_IMPORT_RE.findall(code) if not PYSCRIPT_UNUSED.fullmatch(t)]
        todo += [dist / t for t in targets]
    return sorted(seen)


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
    pairs += [(src, Path(runtime["runtime/pyscript"]) / src.name) for src in _pyscript_sources(pyscript)]
    pairs += [(pyodide / name, Path(runtime["runtime/pyodide"]) / name) for name in PYODIDE_FILES]
    for src, _ in pairs:
        if not src.is_file():
            raise BuildError(f"{src} is missing from the installed package")

    tmp = out.with_name(f".{out.name}.tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    for src, rel in pairs:
        dest = tmp / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, dest)  # bytes only: no source mtimes or modes leak into dist/
    _version_runtime(tmp, runtime)
    count = len(pairs) + _speed_up_boot(tmp)
    # Last: the service worker hashes the finished files (and is not itself precached).
    _load_tool("precache").write_service_worker(tmp)
    count += 1
    shutil.rmtree(out, ignore_errors=True)
    tmp.rename(out)
    return count


def _version_runtime(site: Path, runtime: dict[str, str]) -> None:
    """Point index.html and pyscript.toml at the versioned runtime directories."""
    for name in ("index.html", "pyscript.toml"):
        page = site / name
        text = page.read_text(encoding="utf-8")
        for plain, versioned in runtime.items():
            text = text.replace(f"./{plain}/", f"./{versioned}/")
        left = re.findall(r"[\w./-]*runtime/(?:pyscript|pyodide)/[\w./-]*", text)
        if left:
            raise BuildError(f"{name} names the runtime other than as ./runtime/...: {left}")
        page.write_text(text, encoding="utf-8")


def _speed_up_boot(site: Path) -> int:
    """Three start-up savings measured in docs/performance.md; returns the files added.

    - pyscript.toml becomes pyscript.json for the page: PyScript parses JSON natively but
      fetches and runs a TOML parser chunk first for TOML, on the critical path.
    - the Python modules listed in [files] travel as one game.zip that PyScript unpacks,
      instead of one request and one file write each (about 200 ms here).
    - index.html preloads that archive, so it arrives while Pyodide boots rather than
      after it (PyScript asks for [files] only once the interpreter is up).
    """
    with (site / "pyscript.toml").open("rb") as fh:
        config = tomllib.load(fh)
    modules = sorted(config.pop("files", {}))
    modules += _compile_bytecode(site)
    with zipfile.ZipFile(site / BUNDLE, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as bundle:
        for module in modules:
            # A fixed timestamp keeps the archive's bytes (and so the cache hash) reproducible.
            info = zipfile.ZipInfo(module.removeprefix("./"), date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            bundle.writestr(info, (site / module).read_bytes())
    for cache in list((site / "game").rglob("__pycache__")):  # shipped inside the archive only
        shutil.rmtree(cache)
    config["files"] = {f"./{BUNDLE}": "./*"}
    (site / "pyscript.json").write_text(json.dumps(config, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    page = site / "index.html"
    html = page.read_text(encoding="utf-8")
    if 'config="./pyscript.toml"' not in html or PRELOAD_MARKER not in html:
        raise BuildError("index.html must load config=\"./pyscript.toml\" and hold " + PRELOAD_MARKER)
    links = f'\n  <link rel="preload" href="./{BUNDLE}" as="fetch" crossorigin="anonymous">'
    html = html.replace('config="./pyscript.toml"', 'config="./pyscript.json"')
    html = html.replace('href="./pyscript.toml"', 'href="./pyscript.json"')
    page.write_text(html.replace(PRELOAD_MARKER, PRELOAD_MARKER + links), encoding="utf-8")
    return 2


def _compile_bytecode(site: Path) -> list[str]:
    """Bytecode for the browser's Python, compiled by Pyodide itself under Node
    (tools/compile_pyc.mjs): the archive then carries game/**/__pycache__/*.pyc and the
    page skips compiling ~4,000 lines at every load. Returns the ./paths of the .pyc files."""
    node = shutil.which("node")
    if node is None:
        raise BuildError("node is needed to compile the game's bytecode for Pyodide (Node 20 or later)")
    done = subprocess.run([node, str(ROOT / "tools" / "compile_pyc.mjs"), str(site)], cwd=ROOT,
                          capture_output=True, text=True, check=False)
    if done.returncode:
        raise BuildError(f"compiling bytecode failed:\n{done.stdout}{done.stderr}")
    return sorted(f"./{p.relative_to(site).as_posix()}" for p in (site / "game").rglob("__pycache__/*.pyc"))


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
