"""WebKitGTK's MiniBrowser behind the engines' driver interface (tests/engines/drivers.py):
Selenium and WebKitWebDriver, in an X server of its own, since MiniBrowser has no headless
mode."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import warnings
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from tests.engines.drivers import NEXT_FRAME_JS, OFF_ORIGIN_JS, VIEWPORT, EngineDriver, EngineError

WEBKIT_DRIVER = os.environ.get("WEBKIT_DRIVER_PATH", "/usr/bin/WebKitWebDriver")


def minibrowser() -> str:
    """WebKitGTK's MiniBrowser, which webkit2gtk-driver brings (not on PATH)."""
    found = os.environ.get("WEBKIT_MINIBROWSER") or next(
        iter(sorted(glob.glob("/usr/lib/*/webkit2gtk-4.*/MiniBrowser"), reverse=True)), "")
    if not found or not Path(found).exists():
        raise EngineError("MiniBrowser not found: `make engines` installs webkit2gtk-driver")
    return found


class Xvfb:
    """An X server of its own, on a free display (``-displayfd`` picks it)."""

    def __init__(self) -> None:
        if not shutil.which("Xvfb"):
            raise EngineError("Xvfb is missing: `make engines` installs xvfb")
        read, write = os.pipe()
        self.proc = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", "1920x1080x24", "-nolisten", "tcp"],
            pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        os.close(write)
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        if not number:
            self.proc.kill()
            raise EngineError("Xvfb did not start")
        self.display = f":{number}"

    def close(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=10)


class WebKitDriver(EngineDriver):
    name = "webkit"

    def __init__(self) -> None:
        # Imported here, so that collecting the tests does not need Selenium.
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        if not Path(WEBKIT_DRIVER).exists():
            raise EngineError(f"{WEBKIT_DRIVER} is missing: `make engines` installs webkit2gtk-driver")
        options = Options()
        options.binary_location = minibrowser()
        # --full-screen: otherwise the window cannot be made smaller than 447 px.
        options.add_argument("--automation")
        options.add_argument("--full-screen")
        self.xvfb = Xvfb()
        try:
            service = Service(executable_path=WEBKIT_DRIVER, env={**os.environ, "DISPLAY": self.xvfb.display})
            with warnings.catch_warnings():
                # Selenium's own WebKitGTK class passes the driver's address the way it
                # deprecates (DeprecationWarning "setting remote_server_addr ...").
                warnings.simplefilter("ignore", DeprecationWarning)
                self.driver = webdriver.WebKitGTK(options=options, service=service)
        except BaseException:
            self.xvfb.close()
            raise
        self.driver.set_window_size(*VIEWPORT)
        self.driver.set_script_timeout(60)
        self.driver.set_page_load_timeout(120)
        self.version = f"MiniBrowser (WebKitGTK {self.driver.capabilities.get('browserVersion')})"
        self.origin = ""
        self._seen: set[str] = set()
        self._pending: list[str] = []

    def open(self) -> None:
        # One session for all tests: each test has an origin of its own (a server on a
        # port of its own), hence its own storage and service worker.
        self.driver.get("about:blank")
        self.driver.set_window_size(*VIEWPORT)
        self._seen.clear()

    def goto(self, url: str) -> None:
        self._harvest()
        parts = urlsplit(url)
        self.origin = f"{parts.scheme}://{parts.netloc}"
        self.driver.get(url)

    def evaluate(self, source: str, *args: Any) -> Any:
        # WebDriver's Execute Script awaits a returned promise.
        return self.driver.execute_script(f"return ({source})(...arguments);", *args)

    def click(self, selector: str) -> None:
        from selenium.webdriver.common.by import By

        self.driver.find_element(By.CSS_SELECTOR, selector).click()

    def reload(self) -> None:
        self._harvest()  # resource timing starts again with the new document
        self.driver.refresh()

    def resize(self, width: int, height: int) -> None:
        # A full-screen MiniBrowser window is all viewport (checked by the layout test).
        self.driver.set_window_size(width, height)

    def screenshot(self, path: Path) -> None:
        # WebDriver's screenshot is of the viewport, and WebKitGTK cuts an element's wrong
        # (the body's comes out with the header black): make the window as tall as the page
        # for a moment instead. Its snapshot is of the last frame painted, so wait for one.
        height = self.evaluate("() => document.documentElement.scrollHeight")
        self.driver.set_window_size(VIEWPORT[0], max(VIEWPORT[1], height))
        try:
            self.evaluate(NEXT_FRAME_JS)
            self.driver.save_screenshot(str(path))
        finally:
            self.driver.set_window_size(*VIEWPORT)

    def _harvest(self) -> None:
        # about:blank (between tests) has nothing to report.
        if not self.origin or not self.driver.current_url.startswith(self.origin + "/"):
            return
        for name in self.evaluate(OFF_ORIGIN_JS, self.origin):
            if name not in self._seen:
                self._seen.add(name)
                self._pending.append(f"off-origin request: {name}")

    def problems(self) -> list[str]:
        self._harvest()
        out, self._pending = self._pending, []
        return out

    def close(self) -> None:
        try:
            self.driver.quit()
        finally:
            self.xvfb.close()
