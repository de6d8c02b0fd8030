"""tools/precache.py, the service worker's generator: what it precaches, and a version that
changes exactly when something the worker serves from its cache does. No browser needed
(tests/browser/test_offline.py runs the worker itself)."""

from __future__ import annotations

import base64
import hashlib
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.support import load_tool

ROOT = Path(__file__).resolve().parent.parent




precache = load_tool("precache")
build = load_tool("build")

FAKE_SITE = {
    "index.html": "<!doctype html><title>x</title>",
    "game.zip": "PK",
    "assets/style.css": "body {}",
    "assets/manifest.webmanifest": "{}",
    "assets/strategy/official.bin": "table one",
    "assets/strategy/free_choice.bin": "table two",
    "runtime/pyodide-1.0/pyodide.asm.wasm": "\0asm",
    "runtime/pyscript-2.0/core.js": "export {}",
}
PRECACHED = sorted(p for p in FAKE_SITE if not p.startswith("assets/strategy/"))


@pytest.fixture
def fake_site(tmp_path: Path) -> Path:
    site = tmp_path / "site"
    for rel, text in FAKE_SITE.items():
        (site / rel).parent.mkdir(parents=True, exist_ok=True)
        (site / rel).write_text(text, encoding="utf-8")
    return site


def _sri(data: bytes) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode()


def test_precache_lists_every_file_but_the_worker_and_the_tables(fake_site: Path) -> None:
    data = precache.write_service_worker(fake_site)
    urls = [url for url, _ in data["precache"]]
    assert urls == ["./" if rel == "index.html" else rel for rel in PRECACHED]  # in file order
    assert "sw.js" not in urls and not [u for u in urls if u.startswith("assets/strategy/")]
    for url, sri in data["precache"]:
        rel = "index.html" if url == "./" else url
        assert sri == _sri((fake_site / rel).read_bytes()), url
    assert data["shell"] == "./" and data["lazy"] == ["assets/strategy/", "py/snapshot-"]


def test_sw_js_holds_the_manifest_and_is_stable(fake_site: Path) -> None:
    first = precache.write_service_worker(fake_site)
    text = (fake_site / "sw.js").read_text(encoding="utf-8")
    assert precache.read_manifest(text) == first
    assert text.count(first["version"]) == 1
    # sw.js is never hashed into itself: writing again gives the same bytes.
    assert precache.write_service_worker(fake_site) == first
    assert (fake_site / "sw.js").read_text(encoding="utf-8") == text


@pytest.mark.parametrize("rel", PRECACHED)
def test_version_changes_when_any_precached_file_changes(fake_site: Path, rel: str) -> None:
    before = precache.manifest(fake_site)
    with (fake_site / rel).open("ab") as fh:
        fh.write(b" ")
    after = precache.manifest(fake_site)
    assert after["version"] != before["version"]
    assert after["tables"] == before["tables"]


def test_version_changes_when_a_file_is_added_or_removed(fake_site: Path) -> None:
    before = precache.manifest(fake_site)["version"]
    (fake_site / "assets" / "new.css").write_text("", encoding="utf-8")
    added = precache.manifest(fake_site)["version"]
    (fake_site / "assets" / "style.css").unlink()
    removed = precache.manifest(fake_site)["version"]
    assert len({before, added, removed}) == 3


def test_a_table_changes_the_tables_cache_not_the_precache(fake_site: Path) -> None:
    before = precache.manifest(fake_site)
    (fake_site / "assets/strategy/official.bin").write_text("table one, solved again", encoding="utf-8")
    after = precache.manifest(fake_site)
    assert after["version"] == before["version"]
    assert after["tables"] != before["tables"]
    assert precache.cache_names(after)[1] != precache.cache_names(before)[1]


def test_version_changes_with_the_headers_of_a_precached_path(fake_site: Path, tmp_path: Path) -> None:
    # Cached responses keep their headers (index.html's CSP among them), so new headers
    # need a new cache even when no byte of the site changed.
    toml = tmp_path / "netlify.toml"
    shutil.copy(ROOT / "netlify.toml", toml)
    before = precache.manifest(fake_site, netlify_toml=toml)["version"]
    toml.write_text(toml.read_text(encoding="utf-8").replace("frame-ancestors 'none'", "frame-ancestors 'self'"),
                    encoding="utf-8")
    assert precache.manifest(fake_site, netlify_toml=toml)["version"] != before


def test_version_changes_with_the_worker_template(fake_site: Path, tmp_path: Path) -> None:
    template = tmp_path / "sw.template.js"
    template.write_text(precache.TEMPLATE.read_text(encoding="utf-8") + "\n// changed\n", encoding="utf-8")
    assert precache.manifest(fake_site, template=template)["version"] != precache.manifest(fake_site)["version"]


def test_a_site_without_index_html_is_refused(fake_site: Path) -> None:
    (fake_site / "index.html").unlink()
    with pytest.raises(FileNotFoundError):
        precache.manifest(fake_site)


def test_template_holds_the_placeholder_once() -> None:
    assert precache.TEMPLATE.read_text(encoding="utf-8").count(precache.PLACEHOLDER) == 1
    assert not precache.TEMPLATE.is_relative_to(ROOT / "assets")  # not itself an asset


# The real build ------------------------------------------------------------------------

@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not (build.NODE_MODULES / "pyodide").is_dir():
        pytest.fail("node_modules/ is missing: run `npm ci` (or `make test`, which does)")
    out = tmp_path_factory.mktemp("precache") / "dist"
    assert build.main(["--out", str(out)]) == 0
    return out


def test_build_precaches_the_runtime_the_game_and_the_shell(built: Path) -> None:
    data = precache.read_manifest((built / "sw.js").read_text(encoding="utf-8"))
    urls = {url for url, _ in data["precache"]}
    runtime = {p.relative_to(built).as_posix() for p in (built / "runtime").rglob("*") if p.is_file()}
    assert runtime and runtime <= urls
    for directory in build.runtime_dirs().values():
        assert any(u.startswith(directory + "/") for u in urls), directory
    game = build.find_archive(built, "game").relative_to(built).as_posix()
    assert {"./", game, "assets/style.css", "assets/sw-register.js", "assets/errors.js", "assets/theme.js",
            "assets/manifest.webmanifest", "assets/icons/icon-512.png"} <= urls
    assert "index.html" not in urls and "sw.js" not in urls
    assert not [u for u in urls if u.startswith("assets/strategy/")]
    assert list((built / "assets" / "strategy").glob("*.bin")), "the tables still ship, for lazy caching"
    # Everything the site has is either precached, cached on first use, or sw.js itself.
    everything = {p.relative_to(built).as_posix() for p in built.rglob("*") if p.is_file()}
    lazy = {p for p in everything if p.startswith(("assets/strategy/", "py/snapshot-"))}
    assert everything == (urls - {"./"}) | {"index.html", "sw.js"} | lazy


def test_build_precache_integrity_matches_the_files(built: Path) -> None:
    data = precache.read_manifest((built / "sw.js").read_text(encoding="utf-8"))
    for url, sri in data["precache"]:
        assert sri == _sri((built / ("index.html" if url == "./" else url)).read_bytes()), url


def test_built_sw_js_is_valid_javascript(built: Path) -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    proc = subprocess.run([node, "--check", str(built / "sw.js")], capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr
