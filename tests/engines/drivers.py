"""One small driver interface over two engines that Playwright cannot drive here.

- :class:`FirefoxDriver`: Debian's firefox-esr through puppeteer-core over WebDriver BiDi,
  by way of a Node script (firefox_bridge.mjs) that answers JSON lines.
- :class:`tests.engines.webkit.WebKitDriver`: WebKitGTK's MiniBrowser through Selenium and
  WebKitWebDriver, in an Xvfb of its own (MiniBrowser has no headless mode).

Both take a fresh page with :meth:`EngineDriver.open` and report what they saw go wrong
with :meth:`EngineDriver.problems`, which only Firefox can fill from the console; the page
keeps its own record (``window.diceErrors``) that conftest.py reads in both.
"""

from __future__ import annotations

import itertools
import json
import os
import queue
import subprocess
import threading
from abc import ABC, abstractmethod
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
VIEWPORT = (1280, 900)
FIREFOX = os.environ.get("FIREFOX_PATH", "/usr/bin/firefox-esr")
#: Off-origin resources of the current document, by name (WebKit's driver sees no requests).
OFF_ORIGIN_JS = """(origin) => performance.getEntriesByType('resource').map((e) => e.name)
  .filter((n) => !n.startsWith(origin + '/') && !n.startsWith('data:') && !n.startsWith('blob:' + origin))"""


#: Resolves once two more frames have been painted.
NEXT_FRAME_JS = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(true))))"


class EngineError(RuntimeError):
    """The engine or its driver failed (not the page)."""


class EngineDriver(ABC):
    """What the engine tests need of a browser: one page at a time."""

    name: str
    version: str

    @abstractmethod
    def open(self) -> None:
        """A fresh page with no storage, cache or service worker from an earlier one."""

    @abstractmethod
    def goto(self, url: str) -> None: ...

    @abstractmethod
    def evaluate(self, source: str, *args: Any) -> Any:
        """Call the JavaScript function ``source`` with JSON-able ``args``; awaits a promise."""

    @abstractmethod
    def click(self, selector: str) -> None:
        """A real click (scrolled into view, at the element's centre) on the first match."""

    @abstractmethod
    def reload(self) -> None: ...

    @abstractmethod
    def resize(self, width: int, height: int) -> None:
        """Make the page's viewport ``width``×``height`` CSS px (until the next :meth:`open`)."""

    @abstractmethod
    def screenshot(self, path: Path) -> None: ...

    @abstractmethod
    def problems(self) -> list[str]:
        """What the driver saw go wrong since the last call, one line each."""

    @abstractmethod
    def close(self) -> None: ...


class FirefoxDriver(EngineDriver):
    name = "firefox"

    def __init__(self, executable: str = FIREFOX, timeout: float = 180.0) -> None:
        if not Path(executable).exists():
            raise EngineError(f"{executable} is missing: `make engines` installs firefox-esr")
        self.timeout = timeout
        self._ids = itertools.count(1)
        if not (ROOT / "node_modules" / "puppeteer-core").is_dir():
            raise EngineError("node_modules/puppeteer-core is missing: run `npm ci`")
        self.proc = subprocess.Popen(
            ["node", str(HERE / "firefox_bridge.mjs"), executable], cwd=ROOT, text=True,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        )
        # Answers come on a thread, so a hung engine fails the test after `timeout`
        # instead of blocking a pipe read for ever.
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._err: list[str] = []
        threading.Thread(target=self._pump, args=(self.proc.stdout, self._lines.put), daemon=True).start()
        threading.Thread(target=self._pump, args=(self.proc.stderr, self._err.append), daemon=True).start()
        try:
            first = self._read(60.0)
            if "ready" not in first:
                raise EngineError(f"firefox bridge did not start: {first}")
        except BaseException:
            self.proc.kill()
            self.proc.wait()
            raise
        self.version = first["ready"]

    @staticmethod
    def _pump(stream: Any, sink: Any) -> None:
        for line in stream:
            sink(line)
        sink(None)

    def _read(self, timeout: float) -> dict[str, Any]:
        try:
            line = self._lines.get(timeout=timeout)
        except queue.Empty:
            raise EngineError(f"firefox bridge silent for {timeout:.0f} s") from None
        if line is None:
            raise EngineError("firefox bridge exited:\n" + "".join(x for x in self._err if x))
        return json.loads(line)

    def _call(self, op: str, **args: Any) -> Any:
        ident = next(self._ids)
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps({"id": ident, "op": op, **args}) + "\n")
        self.proc.stdin.flush()
        answer = self._read(self.timeout)
        if answer.get("id") != ident:
            raise EngineError(f"firefox bridge answered {answer} to command {ident}")
        if "error" in answer:
            raise EngineError(f"firefox {op} failed: {answer['error']}")
        return answer["value"]

    def open(self) -> None:
        self._call("open", width=VIEWPORT[0], height=VIEWPORT[1])

    def goto(self, url: str) -> None:
        self._call("goto", url=url)

    def evaluate(self, source: str, *args: Any) -> Any:
        return self._call("evaluate", source=source, args=list(args))

    def click(self, selector: str) -> None:
        self._call("click", selector=selector)

    def reload(self) -> None:
        self._call("reload")

    def resize(self, width: int, height: int) -> None:
        self._call("viewport", width=width, height=height)

    def screenshot(self, path: Path) -> None:
        self._call("screenshot", path=str(path))

    def problems(self) -> list[str]:
        return list(self._call("problems"))

    def close(self) -> None:
        if self.proc.stdin and not self.proc.stdin.closed:
            self.proc.stdin.close()  # the bridge closes Firefox when its input ends
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
