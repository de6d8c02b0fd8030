"""What Netlify deploys: netlify.toml's build command, run in a fresh copy of the repository
(tracked files plus untracked ones git does not ignore: no node_modules/, no dist/),
publishes a site that boots, plays a turn, installs its service worker and is installable.

npm ci installs from the local npm cache when it can (prefer-offline), so this takes a
few seconds; a package missing from the cache is fetched from the registry.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Playwright

from tests.browser import board, chromium, clock
from tests.browser.pages import CHROMIUM_ARGS, ROOT, check_page, open_site, serve, wait_for_offline_ready

pytestmark = pytest.mark.browser


def _fresh_copy(dest: Path) -> int:
    """Copy what a clone would hold (plus work not yet committed); returns the file count."""
    listing = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                             cwd=ROOT, capture_output=True, check=True).stdout.decode()
    files = [f for f in listing.split("\0") if f and (ROOT / f).is_file()]  # deleted-but-tracked: skip
    for rel in files:
        (dest / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / rel, dest / rel)
    return len(files)


@pytest.fixture(scope="module")
def published(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("needs git and a git checkout")
    repo = tmp_path_factory.mktemp("netlify") / "repo"
    count = _fresh_copy(repo)
    assert not (repo / "node_modules").exists() and not (repo / "dist").exists()
    with (repo / "netlify.toml").open("rb") as fh:
        settings = tomllib.load(fh)["build"]
    env = {**os.environ, "npm_config_prefer_offline": "true", "npm_config_audit": "false",
           "npm_config_fund": "false", "npm_config_update_notifier": "false", "npm_config_loglevel": "error",
           # The brotli-11 bodies of this checkout's builds, by content hash: the same bytes, not
           # 40 CPU-seconds again (tools/precompress.py).
           "BROTLI11_CACHE": str(ROOT / ".cache" / "brotli11-bodies")}
    start = time.monotonic()
    proc = subprocess.run(["bash", "-c", settings["command"]], cwd=repo, env=env, capture_output=True,
                          text=True, timeout=600, check=False)
    seconds = time.monotonic() - start
    assert proc.returncode == 0, f"`{settings['command']}` failed:\n{proc.stdout}\n{proc.stderr}"
    print(f"netlify build command on a fresh copy ({count} files): {seconds:.1f} s")
    yield repo / settings["publish"]


def test_publish_directory_holds_the_site(published: Path) -> None:
    for rel in ("index.html", "sw.js", "assets/manifest.webmanifest"):
        assert (published / rel).is_file(), rel
    assert list((published / "py").glob("game-*.zip")) and list((published / "py").glob("stdlib-*.zip"))
    assert [p.name for p in (published / "runtime").iterdir()]


def test_published_site_boots_plays_and_is_installable(
    playwright: Playwright, published: Path, tmp_path: Path
) -> None:
    server, url = serve.start_server(published, port=0)
    executable = chromium.executable()
    # A profile on disk: Chromium reports an incognito context (Playwright's usual) as never installable.
    context = clock.pin(playwright.chromium.launch_persistent_context(
        tmp_path / "profile", executable_path=executable, args=CHROMIUM_ARGS, timezone_id=clock.ZONE))
    try:
        site = open_site(None, url, context=context)  # type: ignore[arg-type]  # (a persistent context has no browser)
        box, points = board.play_turn_by_clicks(site.page, holds=(0,))  # the game the page starts with, solo
        assert board.filled(site.page, 0) == {box: points}
        wait_for_offline_ready(site, published)
        cdp = context.new_cdp_session(site.page)
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["url"] == url + "assets/manifest.webmanifest"
        assert manifest["errors"] == []
        parsed = manifest["manifest"]
        assert parsed["startUrl"] == url and parsed["scope"] == url and parsed["name"] == "Dice Pad"
        assert parsed["display"] == "kStandalone"
        errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert errors == [], errors
        check_page(site)
    finally:
        context.close()
        server.shutdown()
        server.server_close()
