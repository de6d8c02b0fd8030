"""Python runs without JSPI in Chromium (assets/boot.mjs), so that Chromium's sampling of
allocations cannot kill the tab: the walk of a sampled allocation's stack read past the end
of Pyodide's JSPI stacks (docs/testing.md, "A page that crashes")."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Playwright

from tests.browser import board, chromium, process_watch
from tests.browser.pages import CHROMIUM_ARGS, SitePage, check_page, open_site

#: The heap profiler on in every page process, as in about 1 % of Chromium's launches (its
#: field trial's probabilities, set to 1): it samples allocations and walks their stacks.
HEAP_PROFILER = "--enable-features=HeapProfilerReporting:stable-probability/1/nonstable-probability/1"
#: With JSPI, 6 boots of 15 crashed under it (each playing three turns): 4 all pass so by
#: chance 13 % of the time.
BOOTS = 4


def test_python_runs_without_jspi(site: SitePage) -> None:
    assert site.page.evaluate("'Suspending' in WebAssembly || 'Suspender' in WebAssembly") is False
    assert site.run_python(
        "import pyodide_js\nresult = [pyodide_js._module.newJspiSupported, pyodide_js._module.oldJspiSupported]"
    ) == [False, False]


def _profiled_renderers() -> list[int]:
    """The page processes of this test's browsers that run the heap profiler."""
    found = []
    for pid, kind, _mb in process_watch.chromium_processes():
        try:
            line = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            continue
        if kind == "renderer" and b"--subproc-heap-profiling" in line:
            found.append(pid)
    return found


def test_the_heap_profiler_does_not_kill_the_tab(playwright: Playwright, site_url: str) -> None:
    executable = chromium.executable()
    browser = playwright.chromium.launch(executable_path=executable, args=[*CHROMIUM_ARGS, HEAP_PROFILER],
                                         env=process_watch.chromium_env())
    try:
        for boot in range(BOOTS):
            site = open_site(browser, site_url)  # a crash while booting fails here
            try:
                assert _profiled_renderers(), "the heap profiler is not on in the page process"
                for _turn in range(3):
                    board.play_turn_by_clicks(site.page, holds=(boot % 5,))
                check_page(site)
            finally:
                site.page.context.close()
    finally:
        browser.close()
