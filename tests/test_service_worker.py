"""tools/service_worker.py and tools/service_worker.mjs, the service worker's build on
Workbox: what the manifest precaches and with which revisions, the runtime copied into the
site, and failures that stop the build. No browser needed (tests/browser/test_offline.py,
test_update.py and test_first_visit.py run the worker itself)."""

from __future__ import annotations

import base64
import hashlib
import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from game.core.language import LANGUAGES
from tests.support import load_tool

ROOT = Path(__file__).resolve().parent.parent
WORKBOX = "workbox-v" + json.loads((ROOT / "package.json").read_text())["devDependencies"]["workbox-build"]
RUNTIME_FILES = [f"workbox-{m}.prod.js" for m in ("core", "routing", "strategies", "precaching", "expiration")]

service_worker = load_tool("service_worker")
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
    "runtime/pyscript-2.0/core.js.map": "{}",
    "py/game-0123abcd4567.zip": "PK hashed",
    "py/stdlib.zip": "PK not hashed",
    "py/game-notahash.zip": "PK not hashed either",
    "py/snapshot-89abcdef.bin": "memory",
    "sw.js": "// a stale worker",
}
#: Cached at run time or never fetched, so never precached (besides sw.js).
NOT_PRECACHED = {"sw.js", "assets/strategy/official.bin", "assets/strategy/free_choice.bin",
                 "runtime/pyscript-2.0/core.js.map", "py/snapshot-89abcdef.bin"}
#: Content-versioned URLs: precached with no revision.
VERSIONED = {"runtime/pyodide-1.0/pyodide.asm.wasm", "runtime/pyscript-2.0/core.js", "py/game-0123abcd4567.zip",
             *(f"{WORKBOX}/{name}" for name in RUNTIME_FILES)}


@pytest.fixture
def fake_site(tmp_path: Path) -> Path:
    site = tmp_path / "site"
    for rel, text in FAKE_SITE.items():
        (site / rel).parent.mkdir(parents=True, exist_ok=True)
        (site / rel).write_text(text, encoding="utf-8")
    return site


def _by_url(site: Path, **kwargs: Any) -> dict[str, dict[str, Any]]:
    return {e["url"]: e for e in service_worker.write_service_worker(site, **kwargs)["manifest"]}


def _sri(path: Path) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(path.read_bytes()).digest()).decode()


def _file(url: str) -> str:
    """The file a precache URL holds: the page is precached as "./" (the URL a visit loads)."""
    return "index.html" if url == "./" else url


def test_the_manifest_lists_every_file_but_the_worker_the_tables_the_snapshot_and_maps(fake_site: Path) -> None:
    manifest = service_worker.write_service_worker(fake_site)["manifest"]
    urls = [e["url"] for e in manifest]
    assert urls == sorted(urls)  # sw.js is the same bytes for the same site
    assert "./" in urls and "index.html" not in urls
    runtime = {f"{WORKBOX}/{name}" for name in RUNTIME_FILES}
    assert {_file(u) for u in urls} == (set(FAKE_SITE) - NOT_PRECACHED) | runtime
    for entry in manifest:
        assert entry["integrity"] == _sri(fake_site / _file(entry["url"])), entry


def test_revisions_are_null_exactly_for_versioned_urls(fake_site: Path) -> None:
    manifest = _by_url(fake_site)
    assert {url for url, e in manifest.items() if e["revision"] is None} == VERSIONED
    assert all(re.fullmatch(r"[0-9a-f]{32}", e["revision"]) for url, e in manifest.items() if url not in VERSIONED)


def test_a_file_changes_its_revision_only(fake_site: Path) -> None:
    before = _by_url(fake_site)
    (fake_site / "assets/style.css").write_text("body { color: red }", encoding="utf-8")
    after = _by_url(fake_site)
    assert after["assets/style.css"]["revision"] != before["assets/style.css"]["revision"]
    del before["assets/style.css"], after["assets/style.css"]
    assert after == before


def test_index_html_revision_changes_with_its_content_and_with_its_headers(fake_site: Path, tmp_path: Path) -> None:
    # Cached responses keep their headers (index.html's CSP among them), so new headers need
    # a new entry even when no byte of the site changed.
    toml = tmp_path / "netlify.toml"
    shutil.copy(ROOT / "netlify.toml", toml)
    first = _by_url(fake_site, netlify_toml=toml)["./"]["revision"]
    assert _by_url(fake_site, netlify_toml=toml)["./"]["revision"] == first  # stable
    text = toml.read_text(encoding="utf-8")
    assert "frame-ancestors 'none'" in text
    toml.write_text(text.replace("frame-ancestors 'none'", "frame-ancestors 'self'"), encoding="utf-8")
    headers = _by_url(fake_site, netlify_toml=toml)["./"]["revision"]
    (fake_site / "index.html").write_text("<!doctype html><title>y</title>", encoding="utf-8")
    content = _by_url(fake_site, netlify_toml=toml)["./"]["revision"]
    assert len({first, headers, content}) == 3


def test_a_table_changes_the_tables_cache_not_the_precache(fake_site: Path) -> None:
    first = service_worker.write_service_worker(fake_site)
    (fake_site / "assets/strategy/official.bin").write_text("table one, solved again", encoding="utf-8")
    second = service_worker.write_service_worker(fake_site)
    assert second["manifest"] == first["manifest"]
    assert second["tables"] != first["tables"]
    sw_js = (fake_site / "sw.js").read_text(encoding="utf-8")
    assert service_worker.cache_names(sw_js, "https://x/") == (
        "dicepad-precache-v2-https://x/", f"dicepad-strategy-{second['tables']}-https://x/")


def test_every_cache_the_worker_names_is_known(fake_site: Path) -> None:
    # tests/browser/test_update.py checks that an update leaves no cache but these.
    source = (ROOT / "tools" / "sw-source.js").read_text(encoding="utf-8")
    named = set(re.findall(r'cacheName\("([\w-]+)"\)', source))
    kept = {name.removeprefix("dicepad-") for name in service_worker.KEPT_CACHES}
    assert named == {"strategy-__TABLES_DIGEST__", *kept}
    service_worker.write_service_worker(fake_site)
    sw_js = (fake_site / "sw.js").read_text(encoding="utf-8")
    assert service_worker.every_cache_name(sw_js, "https://x/") == {
        *service_worker.cache_names(sw_js, "https://x/"), "dicepad-locale-https://x/", "dicepad-snapshot-https://x/"}


def test_sw_js_is_filled_in_and_names_nothing_off_the_site(fake_site: Path) -> None:
    service_worker.write_service_worker(fake_site)
    text = (fake_site / "sw.js").read_text(encoding="utf-8")
    assert "__WB_MANIFEST" not in text and not re.findall(r"__[A-Z_]+__", text)
    assert not re.findall(r"\w+://", text), "sw.js names a URL with a scheme"
    [call] = re.findall(r"^importScripts\(([^)]*)\);$", text, re.MULTILINE)
    imported = re.findall(r'"\./([^"]+)"', call)
    assert imported == [f"{WORKBOX}/{name}" for name in RUNTIME_FILES]
    assert all((fake_site / rel).is_file() for rel in imported)
    assert not list(fake_site.glob(".sw.js*"))  # nothing left aside


def test_the_runtime_is_the_five_prod_builds_of_the_pinned_workbox(fake_site: Path) -> None:
    (fake_site / WORKBOX).mkdir()
    (fake_site / WORKBOX / "stale.js").write_text("", encoding="utf-8")
    service_worker.write_service_worker(fake_site)
    assert sorted(p.name for p in (fake_site / WORKBOX).iterdir()) == sorted(RUNTIME_FILES)
    for name in RUNTIME_FILES:
        package = build.NODE_MODULES / name.removesuffix(".prod.js")
        assert (fake_site / WORKBOX / name).read_bytes() == (package / "build" / name).read_bytes()
        text = (fake_site / WORKBOX / name).read_text(encoding="utf-8")
        assert "workbox-cdn" not in text and "googleapis" not in text and "importScripts" not in text, name


def test_a_file_over_the_size_limit_fails_the_build(fake_site: Path) -> None:
    (fake_site / "sw.js").unlink()
    (fake_site / "stdlib.zip").write_bytes(b"x" * 2000)
    with pytest.raises(service_worker.ServiceWorkerError, match=r"stdlib\.zip is 2 kB, and won't be precached"):
        service_worker.write_service_worker(fake_site, max_file_bytes=1000)
    assert not (fake_site / "sw.js").exists() and not list(fake_site.glob(".sw.js*"))


def test_the_size_limit_admits_pyodides_wasm() -> None:
    wasm = build.NODE_MODULES / "pyodide" / "pyodide.asm.wasm"
    limit = re.search(r"const MAX_FILE_BYTES = (\d+) \* (\d+) \* (\d+);", service_worker.SCRIPT.read_text())
    assert limit and wasm.stat().st_size * 1.3 < int(limit[1]) * int(limit[2]) * int(limit[3])


def test_a_missing_workbox_says_npm_ci(fake_site: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(service_worker, "NODE_MODULES", tmp_path / "node_modules")
    with pytest.raises(service_worker.ServiceWorkerError, match=r"workbox-build is missing: run `npm ci`"):
        service_worker.write_service_worker(fake_site)


def test_the_build_stops_with_the_reason_when_workbox_is_missing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(service_worker, "NODE_MODULES", tmp_path / "node_modules")
    assert build.main(["--out", str(tmp_path / "dist")]) == 1
    err = capsys.readouterr().err
    assert err.startswith("build.py: error:") and "workbox-build is missing: run `npm ci`" in err, err
    assert not (tmp_path / "dist").exists()


def test_the_worker_source_holds_the_injection_point_once() -> None:
    source = (ROOT / "tools" / "sw-source.js").read_text(encoding="utf-8")
    assert source.count("self.__WB_MANIFEST") == 1  # injectManifest refuses any other count
    assert not (ROOT / "tools" / "sw-source.js").is_relative_to(ROOT / "assets")  # not itself an asset


# The real build ------------------------------------------------------------------------

@pytest.fixture
def built(site_dir: Path) -> Path:
    """The session's build (tests/conftest.py), which these tests only read."""
    return site_dir


def test_build_precaches_the_whole_site_but_the_tables_and_the_snapshot(built: Path) -> None:
    manifest = service_worker.read_manifest((built / "sw.js").read_text(encoding="utf-8"))
    urls = {_file(e["url"]) for e in manifest}
    # The files stored at brotli-11 (<file>.br) are their files' encoding, never asked for by name.
    everything = {p.relative_to(built).as_posix() for p in built.rglob("*") if p.is_file() and p.suffix != ".br"}
    assert len(everything) < sum(1 for p in built.rglob("*") if p.is_file())
    # Cached on first use, by routes of their own: the tables, the snapshot, and the one
    # language a visitor speaks (its catalog and page words; English's first boards but the
    # one index.html holds, tools/first_board.py).
    later = {p for p in everything if p.startswith(("assets/strategy/", "py/snapshot-")) and not p.endswith(".json")}
    languages = {p for p in everything if p.startswith("locale/")}
    assert {p.split("-")[0] for p in languages} == {f"locale/{code}" for code in LANGUAGES}
    later |= languages
    assert len([p for p in later if p.startswith("py/snapshot-")]) == 1
    assert [p for p in later if p.startswith("assets/strategy/")], "the tables still ship, for caching on first use"
    assert urls == everything - later - {"sw.js"}
    archives = {build.find_archive(built, stem).relative_to(built).as_posix() for stem in ("game", "stdlib")}
    assert {"index.html", "assets/sw-register.js", "assets/manifest.webmanifest"} | archives <= urls
    assert "assets/strategy/distribution.json" in urls  # small, and the end screen needs it offline too
    versioned = (*(d + "/" for d in build.runtime_dirs().values()), WORKBOX + "/", build.ARCHIVES + "/")
    for entry in manifest:
        assert (entry["revision"] is None) == entry["url"].startswith(versioned), entry
        assert entry["integrity"] == _sri(built / _file(entry["url"])), entry
    assert any(e["url"].endswith("/pyodide.asm.wasm") and e["revision"] is None for e in manifest)


def test_built_sw_js_is_valid_javascript(built: Path) -> None:
    node = shutil.which("node")
    assert node is not None
    proc = subprocess.run([node, "--check", str(built / "sw.js")], capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr
