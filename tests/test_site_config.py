"""The static-site wiring: pyscript.toml lists every game module, netlify.toml's headers are
sound, tools/serve.py matches paths as Netlify does, and tools/build.py is deterministic
and says what to do when node_modules/ is missing. No browser needed."""

from __future__ import annotations

import hashlib
import json
import re
import tomllib
import zipfile
from html import unescape
from pathlib import Path

import pytest

from tests.support import load_tool

ROOT = Path(__file__).resolve().parent.parent




build = load_tool("build")
serve = load_tool("serve")


def _toml(name: str) -> dict:
    with (ROOT / name).open("rb") as fh:
        return tomllib.load(fh)


def _game_modules() -> list[str]:
    """./game/... paths of every shipped module (test code inside game/ is not shipped)."""
    paths = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        rel = path.relative_to(ROOT)
        if "__pycache__" not in rel.parts and not build.is_test_module(rel):
            paths.append(f"./{rel.as_posix()}")
    return paths


# pyscript.toml ------------------------------------------------------------------------

def test_every_game_module_is_in_pyscript_files() -> None:
    files = _toml("pyscript.toml").get("files", {})
    missing = [p for p in _game_modules() if p not in files]
    assert not missing, (
        "add these to [files] in pyscript.toml, or the browser cannot import them:\n"
        + "\n".join(f'"{p}" = "{p}"' for p in missing)
    )


def test_pyscript_files_exist_and_keep_their_path() -> None:
    for url, dest in _toml("pyscript.toml").get("files", {}).items():
        assert url == dest, f"[files] {url!r} should map to the same path, not {dest!r}"
        assert url.startswith("./game/") and url.endswith(".py"), url
        assert (ROOT / url).is_file(), f"pyscript.toml lists {url}, which does not exist"


def test_interpreter_is_the_self_hosted_pyodide() -> None:
    # Without `interpreter`, PyScript 0.7 fetches Pyodide from a CDN. assets/boot.mjs is
    # the self-hosted pyodide.mjs, re-exported, with the game installed by loadPyodide().
    config = _toml("pyscript.toml")
    assert config.get("interpreter") == "./assets/boot.mjs"
    boot = (ROOT / "assets" / "boot.mjs").read_text(encoding="utf-8")
    assert 'export * from "../runtime/pyodide/pyodide.mjs";' in boot
    assert "export async function loadPyodide(" in boot
    assert "pyodide.mjs" in build.PYODIDE_FILES
    assert "packages" not in config, "packages would be fetched off-origin (and need pyodide_graph)"


# netlify.toml ---------------------------------------------------------------------------

SAMPLE_PATHS = (
    "/", "/index.html", "/game.zip", "/stdlib.zip", "/sw.js",
    "/assets/favicon.svg", "/assets/manifest.webmanifest", "/assets/icons/icon-192.png",
    "/assets/strategy/official.bin", "/runtime/pyscript-0.7.31/core.js", "/runtime/pyodide-314.0.7/pyodide.asm.wasm",
    "/workbox-v7.4.1/workbox-core.prod.js",
)


def test_netlify_build_settings() -> None:
    config = _toml("netlify.toml")
    assert config["build"]["publish"] == "dist"
    assert "npm ci" in config["build"]["command"] and "tools/build.py" in config["build"]["command"]


def test_header_rules_never_set_one_header_twice() -> None:
    rules = _toml("netlify.toml")["headers"]
    for path in SAMPLE_PATHS:
        seen: dict[str, str] = {}
        for rule in rules:
            if serve.for_regex(rule["for"]).match(path):
                for name in rule["values"]:
                    assert name.lower() not in seen, f"{path}: {name} set by {seen.get(name.lower())} and {rule['for']}"
                    seen[name.lower()] = rule["for"]
        assert "cache-control" in seen, f"{path} gets no Cache-Control"


def test_headers_for_sample_paths() -> None:
    rules = serve.load_header_rules()
    assert serve.headers_for("/runtime/pyodide/pyodide.asm.wasm", rules)["Content-Type"] == "application/wasm"
    assert "immutable" in serve.headers_for("/runtime/pyscript/core.js", rules)["Cache-Control"]
    assert serve.headers_for("/", rules)["Cache-Control"] == "no-cache"
    assert serve.headers_for("/sw.js", rules)["Cache-Control"] == "no-cache"
    assert serve.headers_for("/sw.js", rules)["Content-Type"].startswith("application/javascript")
    assert serve.headers_for("/assets/manifest.webmanifest", rules)["Content-Type"] == "application/manifest+json"
    csp = serve.headers_for("/", rules)["Content-Security-Policy"]
    directives = dict(d.strip().split(" ", 1) for d in csp.split(";"))
    assert directives["default-src"] == "'self'"
    assert "'unsafe-inline'" not in csp and "http" not in csp, csp
    assert "\n" not in csp


@pytest.mark.parametrize(
    ("pattern", "path", "matches"),
    [
        ("/*", "/", True),
        ("/*", "/runtime/pyodide/pyodide.mjs", True),
        ("/runtime/*", "/runtime/pyscript/core.js", True),
        ("/runtime/*", "/runtime", True),
        ("/runtime/*", "/runtimes/x.js", True),  # sic: Netlify's parser makes the "/" before * optional
        ("/runtime/*", "/game/runtime/x.js", False),
        ("*.wasm", "/runtime/pyodide/pyodide.asm.wasm", True),
        ("/*.wasm", "/a.wasm", True),
        ("/*.wasm", "/a.wasm.map", False),
        ("/index.html", "/index.html", True),
        ("/index.html", "/INDEX.HTML", True),
        ("/index.html", "/index.htm", False),
        ("/", "/", True),
        ("/", "/index.html", False),
        ("/game/:name", "/game/rules.py", True),
        ("/game/:name", "/game/web/dom.py", False),
    ],
)
def test_netlify_for_matching(pattern: str, path: str, matches: bool) -> None:
    assert bool(serve.for_regex(pattern).match(path)) is matches


# tools/build.py -------------------------------------------------------------------------

def _tree_digest(root: Path) -> dict[str, str]:
    return {
        p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*")) if p.is_file()
    }


def test_build_is_deterministic_and_complete(tmp_path: Path) -> None:
    if not (build.NODE_MODULES / "pyodide").is_dir():
        pytest.fail("node_modules/ is missing: run `npm ci` (or `make test`, which does)")
    first, second = tmp_path / "a", tmp_path / "b"
    assert build.main(["--out", str(first)]) == 0
    assert build.main(["--out", str(second)]) == 0
    digest = _tree_digest(first)
    assert digest == _tree_digest(second)
    runtime = build.runtime_dirs()
    pyscript, pyodide = runtime["runtime/pyscript"], runtime["runtime/pyodide"]
    expected = {"index.html", build.BUNDLE, build.STDLIB_BUNDLE, "sw.js", f"{pyscript}/core.js", f"{pyscript}/core.css"}
    expected |= {f"{pyodide}/{name}" for name in build.PYODIDE_FILES}
    assert expected <= digest.keys()
    # The modules travel in game.zip and the config inside index.html: neither ships as files.
    assert not [p for p in digest if p.startswith("game/") or p.startswith("pyscript.")]
    assert not [p for p in digest if p.endswith(".map") or "/tests/" in p or "__pycache__" in p]
    assert not [p for p in digest if p.startswith(("runtime/pyscript/", "runtime/pyodide/"))]


def test_built_pages_name_only_the_versioned_runtime(tmp_path: Path) -> None:
    out = tmp_path / "dist"
    assert build.main(["--out", str(out)]) == 0
    runtime = build.runtime_dirs()
    assert runtime["runtime/pyodide"] == "runtime/pyodide-" + json.loads((ROOT / "package.json").read_text())[
        "dependencies"]["pyodide"]
    for name in ("index.html", "assets/boot.mjs"):
        text = (out / name).read_text(encoding="utf-8")
        assert "runtime/pyodide/" not in text and "runtime/pyscript/" not in text, name
    html = (out / "index.html").read_text(encoding="utf-8")
    for url in re.findall(r'(?:href|src)="\./([^"]+)"', html):
        assert (out / url).is_file(), f"index.html names {url}, which the build did not write"
    # pyscript.toml inlined as the one py script's config: nothing to fetch before PyScript
    # asks for its interpreter. The modules come in game.zip, not [files].
    [(config_text, code)] = re.findall(r'<script type="py" config="([^"]*)">([^<]*)</script>', html)
    assert json.loads(unescape(config_text)) == {"interpreter": "./assets/boot.mjs"}
    assert code == "import game.main"
    boot = (out / "assets" / "boot.mjs").read_text(encoding="utf-8")
    imported = set(re.findall(r'from "\.\./([^"]+)"', boot))
    assert imported == {f"{runtime['runtime/pyodide']}/pyodide.mjs"}
    assert all((out / path).is_file() for path in imported)


def test_game_zip_holds_sources_and_bytecode(tmp_path: Path) -> None:
    """What assets/boot.mjs puts on sys.path: every game module with its bytecode where
    zipimport looks for it, and bytecode for PyScript's package. And the standard library
    it hands Pyodide: Pyodide's own, whole, plus bytecode for what start-up imports."""
    out = tmp_path / "dist"
    assert build.main(["--out", str(out)]) == 0
    with zipfile.ZipFile(out / build.BUNDLE) as bundle:
        names = set(bundle.namelist())
        for module in _game_modules():
            source = module.removeprefix("./")
            assert source in names and source.replace(".py", ".pyc") in names, source
        assert {"pyscript/__init__.pyc", "pyscript/display.pyc"} <= names
        header = bundle.read("game/rules.pyc")[:16]
    assert int.from_bytes(header[4:8], "little") == 0b01  # PEP 552: hash-based, not checked against a source
    assert not [n for n in names if not n.startswith(build.GAME_PACKAGES)]
    assert not [n for n in names if "__pycache__" in n or n.endswith(".py") and not n.startswith("game/")]
    with zipfile.ZipFile(build.NODE_MODULES / "pyodide" / build.PYODIDE_STDLIB) as shipped:
        pyodide_names = set(shipped.namelist())
    with zipfile.ZipFile(out / build.STDLIB_BUNDLE) as stdlib:
        names = set(stdlib.namelist())
        header = stdlib.read("asyncio/__init__.pyc")[:16]
    assert pyodide_names <= names and not [n for n in pyodide_names if n.endswith(".pyc")]
    added = names - pyodide_names
    assert {"encodings/__init__.pyc", "asyncio/events.pyc", "html/entities.pyc", "datetime.pyc"} <= added
    assert all(n.endswith(".pyc") and n.removesuffix("c") in pyodide_names for n in added)
    assert int.from_bytes(header[4:8], "little") == 0b01
    assert not list(out.rglob("__pycache__")) and not (out / build.ZIP_BYTECODE).exists()


def test_every_built_file_gets_a_sound_cache_control(tmp_path: Path) -> None:
    """Immutable exactly for the versioned runtime and Workbox's, no-cache for everything
    else, so no browser keeps a stale file (the service worker's precache is revisioned by sw.js)."""
    out = tmp_path / "dist"
    assert build.main(["--out", str(out)]) == 0
    rules = serve.load_header_rules()
    workbox = json.loads((ROOT / "package.json").read_text())["devDependencies"]["workbox-build"]
    versioned = (*(f"/{d}/" for d in build.runtime_dirs().values()), f"/workbox-v{workbox}/")
    assert (out / f"workbox-v{workbox}").is_dir()
    paths = ["/"] + [f"/{p.relative_to(out).as_posix()}" for p in sorted(out.rglob("*")) if p.is_file()]
    for path in paths:
        cache = serve.headers_for(path, rules).get("Cache-Control")
        if path.startswith(versioned):
            assert cache == "public, max-age=31536000, immutable", path
        else:
            assert cache == "no-cache", path


def test_build_without_node_modules_says_npm_ci(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(build, "NODE_MODULES", tmp_path / "node_modules")
    assert build.main(["--out", str(tmp_path / "dist")]) == 1
    err = capsys.readouterr().err
    assert "npm ci" in err and "node_modules" in err
    assert not (tmp_path / "dist").exists()
