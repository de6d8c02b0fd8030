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

from game.core.language import LANGUAGES
from tests.support import load_tool
from tests.test_archives import NOT_SHIPPED

ROOT = Path(__file__).resolve().parent.parent




build = load_tool("build")
archives = load_tool("python_archives")
compression = load_tool("compression")
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
    "/", "/index.html", "/py/game-0123456789ab.zip", "/py/stdlib-0123456789ab.zip", "/sw.js",
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
    # The stored archives: a type Netlify compresses (tools/compression.py follows it).
    archive = serve.headers_for("/py/stdlib-0123456789ab.zip", rules)
    assert "immutable" in archive["Cache-Control"] and compression.compresses(archive["Content-Type"])
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


@pytest.fixture
def built(site_dir: Path) -> Path:
    """The session's build (tests/conftest.py), which these tests only read."""
    return site_dir


def test_build_is_deterministic_and_complete(built: Path, tmp_path: Path) -> None:
    second = tmp_path / "b"
    assert build.main(["--out", str(second)]) == 0
    digest = _tree_digest(built)
    assert digest == _tree_digest(second)
    runtime = build.runtime_dirs()
    pyscript, pyodide = runtime["runtime/pyscript"], runtime["runtime/pyodide"]
    expected = {"index.html", "sw.js", f"{pyscript}/core.js", f"{pyscript}/core.css"}
    expected |= {f"{pyodide}/{name}" for name in (*build.PYODIDE_FILES, build.PYODIDE_LOADER_SCRIPT)}
    assert f"{pyodide}/{build.PYODIDE_LOADER}" not in digest
    assert expected <= digest.keys()
    # Each archive under the hash of its bytes (so the name changes exactly when they do).
    for stem in ("game", "stdlib"):
        archive = build.find_archive(built, stem)
        assert archive.relative_to(built).as_posix() == build.archive_name(stem, archive.read_bytes())
    # The modules travel in the archive and the config inside index.html: neither ships as
    # files; nor do Pyodide's lock file, its whole standard library, or PyScript's chunks
    # for a TOML config and for archives in [files], which the built page has neither of.
    assert not [p for p in digest if p.startswith("game/") or p.startswith("pyscript.")]
    assert not [p for p in digest if p.endswith((build.PYODIDE_LOCK, build.PYODIDE_STDLIB))]
    assert not [p for p in digest if re.search(r"/(toml|zip)-[\w-]{8}\.js$", p)]
    assert not [p for p in digest if p.endswith(".map") or "/tests/" in p or "__pycache__" in p]
    assert not [p for p in digest if p.startswith(("runtime/pyscript/", "runtime/pyodide/"))]


def test_built_pages_name_only_the_versioned_runtime(built: Path) -> None:
    out = built
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
    # asks for its interpreter. The modules come in the game's archive, not [files].
    [(config_text, code)] = re.findall(r'<script type="py" config="([^"]*)">([^<]*)</script>', html)
    assert json.loads(unescape(config_text)) == {"interpreter": "./assets/boot.mjs"}
    assert code == "import game.main"
    boot = (out / "assets" / "boot.mjs").read_text(encoding="utf-8")
    imported = set(re.findall(r'from "\.\./([^"]+)"', boot))
    assert imported == {f"{runtime['runtime/pyodide']}/pyodide.mjs"}
    assert all((out / path).is_file() for path in imported)
    # boot.mjs names both archives (preloaded by index.html) and holds the lock file's info.
    for stem in ("game", "stdlib"):
        name = build.find_archive(out, stem).relative_to(out).as_posix()
        assert f'"../{name}"' in boot and f'href="./{name}"' in html
    lock = json.loads((build.NODE_MODULES / "pyodide" / build.PYODIDE_LOCK).read_text())
    assert f"{{ info: {json.dumps(lock['info'], sort_keys=True)}, packages: {{}} }}" in boot
    # Pyodide's wasm is a fetch (assets/wasm-fetch.js, handed to Pyodide by boot.mjs), not
    # a preload: a preloaded response loses Chromium's code cache for it (docs/performance.md).
    assert f'"../{runtime["runtime/pyodide"]}/pyodide.asm.wasm"' in boot
    assert not [link for link in re.findall(r"<link [^>]*>", html) if "pyodide.asm.wasm" in link]


def test_archives_hold_bytecode_only(built: Path) -> None:
    """What assets/boot.mjs puts on sys.path: the bytecode of every game module (but the
    command-line coach and the ports' fakes), where zipimport looks for it, and not PyScript's package (the page
    never imports it); and the standard library it hands Pyodide: bytecode of the modules
    the site imports, no more."""
    with zipfile.ZipFile(build.find_archive(built, "game")) as bundle:
        names = set(bundle.namelist())
        infos = bundle.infolist()
        header = bundle.read("game/rules.pyc")[:16]
    # The features loaded on first use are in later.zip (game/web/later.py), and only there.
    with zipfile.ZipFile(build.find_archive(built, "later")) as later:
        later_names = set(later.namelist())
        infos += later.infolist()
    # ... with each language's words that only those modules use (tools/page_words.py later_catalogs).
    catalogs = {n for n in later_names if n.startswith("locale/")}
    assert catalogs == {f"locale/{code}.mo" for code in LANGUAGES if code != "en"}
    later_names -= catalogs
    assert later_names and all(n.startswith(archives.LATER_MODULES) for n in later_names)
    assert not [n for n in names if n.startswith(archives.LATER_MODULES)]
    names |= later_names
    left_out = {f"{name.replace('.', '/')}.pyc" for name in NOT_SHIPPED}  # tools/compile_pyc.mjs: never in the page
    expected = {m.removeprefix("./").replace(".py", ".pyc") for m in _game_modules()} - left_out
    assert expected <= names and not [n for n in names if n.startswith("pyscript/")]
    assert not left_out & names
    assert int.from_bytes(header[4:8], "little") == 0b01  # PEP 552: hash-based, not checked against a source
    assert not [n for n in names if not n.startswith(build.GAME_PACKAGES) or not n.endswith(".pyc")]
    with zipfile.ZipFile(build.find_archive(built, "stdlib")) as stdlib:
        std_names = set(stdlib.namelist())
        infos += stdlib.infolist()
        header = stdlib.read("asyncio/__init__.pyc")[:16]
    with zipfile.ZipFile(build.NODE_MODULES / "pyodide" / build.PYODIDE_STDLIB) as shipped:
        pyodide_names = set(shipped.namelist())
    assert {"encodings/__init__.pyc", "asyncio/events.pyc", "gettext.pyc", "datetime.pyc",
            "urllib/parse.pyc", "pyodide/http/__init__.pyc"} <= std_names
    # Only PyScript's package, which the page never imports, imports html (and its entities).
    assert not {"html/__init__.pyc", "html/entities.pyc"} & std_names
    assert all(n.endswith(".pyc") and n.removesuffix("c") in pyodide_names for n in std_names)
    assert not {"argparse.pyc", "xml/dom/minidom.pyc", "email/message.pyc"} & std_names
    assert len(std_names) < len(pyodide_names) / 4
    assert int.from_bytes(header[4:8], "little") == 0b01
    # Stored, so that HTTP compression works across the whole archive.
    assert {info.compress_type for info in infos} == {zipfile.ZIP_STORED}
    assert not list(built.rglob("__pycache__")) and not (built / build.ZIP_BYTECODE).exists()


def test_every_built_file_gets_a_sound_cache_control(built: Path) -> None:
    """Immutable exactly for what is versioned by its path (the runtime, Workbox's, the
    hashed archives), no-cache for everything else, so no browser keeps a stale file (the
    service worker's precache is revisioned by sw.js)."""
    out = built
    rules = serve.load_header_rules()
    workbox = json.loads((ROOT / "package.json").read_text())["devDependencies"]["workbox-build"]
    versioned = (*(f"/{d}/" for d in build.runtime_dirs().values()), f"/workbox-v{workbox}/", f"/{build.ARCHIVES}/",
                 "/locale/")  # each language's catalog and page words, named by their content
    assert (out / f"workbox-v{workbox}").is_dir()
    # A file stored at brotli-11 (<file>.br) is sent only under its file's path, with its headers.
    paths = ["/"] + [f"/{p.relative_to(out).as_posix()}" for p in sorted(out.rglob("*"))
                     if p.is_file() and p.suffix != serve.STORED_SUFFIX]
    assert any(p.suffix == serve.STORED_SUFFIX for p in out.rglob("*"))
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
