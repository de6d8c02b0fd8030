"""The built site boots in Chromium on the self-hosted runtime: ready, game code importable,
nothing fetched off-origin, no console error, the headers netlify.toml promises, and no
Content-Security-Policy violation."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser
from playwright.sync_api import Error as PlaywrightError

from tests.browser import clock
from tests.browser.pages import SitePage

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]


def _path(url: str) -> str:
    return urlsplit(url).path


def test_boots_to_ready(site: SitePage) -> None:
    assert site.page.evaluate("document.body.dataset.state") == "ready"
    assert site.boot_seconds < 60
    print(f"boot to ready: {site.boot_seconds:.2f} s")


def test_runtime_is_self_hosted(site: SitePage) -> None:
    # Under directories named for the pinned versions (tools/build.py), so they can be immutable.
    pins = json.loads((ROOT / "package.json").read_text())["dependencies"]
    pyodide, pyscript = f"/runtime/pyodide-{pins['pyodide']}", f"/runtime/pyscript-{pins['@pyscript/core']}"
    paths = {_path(u) for u in site.requests}
    assert f"{pyodide}/pyodide.asm.wasm" in paths
    # Pyodide's loader as the classic script the build makes of it (tools/classic_loader.py);
    # the module itself is neither shipped nor asked for.
    assert f"{pyodide}/pyodide.asm.js" in paths
    assert not [p for p in paths if p.endswith("/pyodide.asm.mjs")], paths
    # The site's own standard library (tools/build.py), not Pyodide's, and no lock file.
    assert [p for p in paths if re.fullmatch(r"/py/stdlib-[0-9a-f]{12}\.zip", p)], paths
    assert [p for p in paths if re.fullmatch(r"/py/game-[0-9a-f]{12}\.zip", p)], paths
    assert f"{pyodide}/python_stdlib.zip" not in paths and f"{pyodide}/pyodide-lock.json" not in paths
    assert f"{pyscript}/core.js" in paths
    assert not [p for p in paths if p.startswith(("/runtime/pyodide/", "/runtime/pyscript/"))]
    assert not site.off_origin
    everything = site.requests + site.worker_requests  # the service worker's own fetches too
    assert all(site.is_local(u) for u in everything), [u for u in everything if not site.is_local(u)]


def test_the_browser_reaches_nothing_but_this_machine(browser: Browser, site_url: str) -> None:
    """The tests' Chromium cannot send a request off this machine (its proxy is not there),
    by name or by address; the site on loopback is reached."""
    context = clock.new_context(browser)
    try:
        page = context.new_page()
        for url in ("http://example.com/", "https://example.com/", "http://93.184.216.34/"):
            with pytest.raises(PlaywrightError, match="ERR_PROXY_CONNECTION_FAILED"):
                page.goto(url)
        response = context.new_page().goto(site_url + "assets/favicon.svg")
        assert response is not None and response.ok
    finally:
        context.close()


def test_game_modules_work_in_the_browser(site: SitePage) -> None:
    from game import rules  # the same module under CPython, for the expected values

    code = (
        "from game import rules\n"
        "result = [rules.legal_scores('official', {}, (5, 2, 5, 6, 5)), rules.grand_total({'chance': 20})]"
    )
    in_browser = site.run_python(code)
    assert in_browser == [rules.legal_scores("official", {}, (5, 2, 5, 6, 5)), rules.grand_total({"chance": 20})]
    assert site.run_python("import sys\nresult = sys.platform") == "emscripten"


# Run in the page: where each loaded module came from (before this code imports anything
# itself), and whether PyScript's package was written to the file system (assets/boot.mjs
# drops those writes, and the site ships no bytecode of it).
_ORIGINS = """
import sys
origins = {name: getattr(getattr(m, "__spec__", None), "origin", None) for name, m in list(sys.modules.items())}
import pathlib
bundle = sys.path[0]
stdlib = next(p for p in sys.path if p.endswith(".zip") and p != bundle)
result = {"bundle": bundle, "stdlib": stdlib, "written": pathlib.Path("pyscript").exists(), "origins": origins}
"""


def test_python_starts_from_bytecode(site: SitePage) -> None:
    """Every module the page has loaded came from bytecode built by tools/compile_pyc.mjs:
    Python compiled nothing at start-up, neither Pyodide's own start-up modules nor the
    standard library or the game after it (assets/boot.mjs hands Pyodide stdlib.zip and
    puts game.zip first on sys.path), and PyScript's package was neither written nor
    imported."""
    found = site.run_python(_ORIGINS)
    assert found["bundle"].endswith("/game.zip")
    # PyScript's package was not written: its writes were dropped (assets/boot.mjs).
    assert not found["written"], "PyScript wrote its package to the file system: its writer code changed shape"
    origins = {name: origin for name, origin in found["origins"].items() if origin}
    compiled = {name: origin for name, origin in origins.items() if origin.endswith(".py")}
    assert not compiled, f"compiled from source at start-up (add to STDLIB in tools/compile_pyc.mjs): {compiled}"
    from_stdlib = {name for name, origin in origins.items() if origin.startswith(found["stdlib"] + "/")}
    assert {"encodings", "asyncio", "_pyodide._base", "pyodide.ffi", "datetime"} <= from_stdlib
    from_bundle = {name for name, origin in origins.items() if origin.startswith(found["bundle"] + "/")}
    assert {"game.session.manager", "game.core.rules", "game.web.dom"} <= from_bundle
    # Nor was it imported: the game takes `document` and `window` from `js` (assets/boot.mjs).
    assert not {name for name in found["origins"] if name.split(".")[0] == "pyscript"}


def test_no_console_errors_or_failed_requests(site: SitePage) -> None:
    assert not site.errors
    assert not site.http_errors
    assert "/favicon.ico" not in {_path(u) for u in site.requests}
    icon = site.page.evaluate("document.querySelector('link[rel~=icon]')?.href")
    assert icon and site.is_local(icon)
    assert site.page.request.get(icon).ok


def test_wasm_is_served_as_application_wasm(site: SitePage) -> None:
    wasm = [r for r in site.responses if _path(r.url).endswith(".wasm")]
    assert wasm, "no .wasm was loaded"
    for response in wasm:
        assert response.headers["content-type"] == "application/wasm", response.url


def test_csp_header_present_and_not_violated(
    site: SitePage, netlify_headers: Callable[[str], dict[str, str]]
) -> None:
    assert site.response is not None
    expected = netlify_headers("/")["Content-Security-Policy"]
    assert site.response.headers.get("content-security-policy") == expected
    assert "default-src 'self'" in expected
    assert site.csp_violations() == []


def test_a_module_left_out_of_the_site_is_named(site: SitePage) -> None:
    """The guard every browser test runs under (tests/browser/pages.py): a module of
    Pyodide's standard library that the site does not ship is named, and fails the test."""
    outcome = site.run_python(
        "try:\n    import xml.dom.minidom\n    result = 'imported'\n"
        "except ModuleNotFoundError as error:\n    result = error.name"
    )
    assert outcome == "xml"
    try:
        assert site.missing_modules() == ["xml"]
        assert any("left out of the site" in line and line.endswith(": xml") for line in site.problems())
    finally:
        site.page.evaluate("window.__missingModules = []")  # not a failure of this test module


def test_the_tests_chromium_goes_without_the_features_it_must(browser) -> None:
    """Chromium keeps the last --disable-features: Playwright's own list and the suite's must
    both be in the one it runs with (tests/browser/chromium.py)."""
    from tests.browser.chromium import DISABLED_FEATURES, playwright_disabled_features

    page = browser.new_page()
    try:
        page.goto("chrome://version")
        line = page.inner_text("#command_line").split()
    finally:
        page.close()
    [*_, last] = [arg for arg in line if arg.startswith("--disable-features=")]
    disabled = set(last.split("=", 1)[1].split(","))
    assert {*playwright_disabled_features(), *DISABLED_FEATURES} <= disabled
    assert {"WebUIOmniboxPopup", "PaintHolding"} <= disabled
    # Allocations are sampled as in a player's Chromium (test_sampled_allocations.py).
    assert not {"GwpAsanMalloc", "GwpAsanPartitionAlloc", "HeapProfilerReporting"} & disabled
