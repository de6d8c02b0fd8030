"""Chromium's processes watched over a run of the browser tests: every crash with its dump,
and the memory of every page process, sampled with the test that was running.

- **Crashes.** Debian's Chromium writes a minidump through crashpad for every process that
  dies (nothing is uploaded). The browser is started with ``BREAKPAD_DUMP_LOCATION`` set to
  ``artifacts/crashes/<run>/`` (:func:`chromium_env`), and a page's ``crash`` event is noted
  with its test (:func:`note_crash`). At the end of the session every dump is read
  (tests/browser/minidump.py) and listed with the tests whose page died: the signal, the
  code that faulted, the crash keys (docs/testing.md, "A page that crashes").
- **Memory.** Every :data:`SAMPLE_S` seconds, the resident memory of each Chromium process
  under this pytest process goes to ``artifacts/memory/<worker>.csv`` with the test running;
  the session's end names the largest page process and its test.

With pytest-xdist each worker watches its own browser and writes its own files; the
controller (or a run without workers) reads them all at the end (:func:`summary`).
"""

from __future__ import annotations

import csv
import json
import os
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from tests.browser import minidump

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts"
SAMPLE_S = 2.0
#: This process's name among pytest-xdist's workers ("main" without workers).
WORKER = os.environ.get("PYTEST_XDIST_WORKER", "main")
#: One folder per run, named by the pytest process that leads it (a worker's parent).
RUN = f"run-{os.getppid() if WORKER != 'main' else os.getpid()}"


def crash_dir() -> Path:
    return ARTIFACTS / "crashes" / RUN


def chromium_env() -> dict[str, str]:
    """The environment to launch Chromium with: its minidumps in :func:`crash_dir`."""
    folder = crash_dir()
    folder.mkdir(parents=True, exist_ok=True)
    return {**os.environ, "BREAKPAD_DUMP_LOCATION": str(folder)}


@dataclass
class _State:
    test: str = "(session start)"


_state = _State()


def running(test: str) -> None:
    """Name the test now running (pytest_runtest_logstart)."""
    _state.test = test


def note_crash(url: str) -> None:
    """A page of the running test crashed: kept beside the dumps for the summary."""
    line = json.dumps({"test": _state.test, "url": url, "worker": WORKER})
    with (crash_dir() / "crashed-pages.jsonl").open("a", encoding="utf-8") as out:
        out.write(line + "\n")


def _chromium() -> dict[int, list[bytes]]:
    """Every Chromium process on the machine, by pid: its command line."""
    found = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                args = [arg for arg in (entry / "cmdline").read_bytes().split(b"\0") if arg]
            except OSError:  # gone meanwhile
                continue
            if len(args) == 1:  # a child process retitled: its whole command line in one string
                args = args[0].split(b" ")
            if args and args[0].endswith(b"/chromium"):
                found[int(entry.name)] = args
    return found


def _parent(pid: int) -> int:
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
    except (OSError, IndexError, ValueError):
        return 0


def _ours(pid: int) -> bool:
    """Whether ``pid`` descends from this process."""
    while pid > 1:
        if pid == os.getpid():
            return True
        pid = _parent(pid)
    return False


def chromium_processes() -> list[tuple[int, str, float]]:
    """(pid, type, resident MB) of every process of the Chromium browsers this process
    started; the type is Chromium's ``--type`` (renderer, gpu-process, utility...),
    ``browser`` without one. The browser is found as a descendant of this process; its page
    processes are not (the zygote forks them twice), so they are known by its profile
    folder, which their command lines carry (``--user-data-dir``)."""
    every = _chromium()
    profiles = {arg for pid, args in every.items() if not any(a.startswith(b"--type=") for a in args) and _ours(pid)
                for arg in args if arg.startswith(b"--user-data-dir=")}
    found = []
    for pid, args in every.items():
        if not profiles.intersection(args):
            continue
        kind = next((a[7:].decode() for a in args if a.startswith(b"--type=")), "browser")
        try:
            rss = next(int(line.split()[1]) for line in Path(f"/proc/{pid}/status").read_text().splitlines()
                       if line.startswith("VmRSS:"))
        except (OSError, StopIteration):
            continue
        found.append((pid, kind, rss / 1024))
    return found


class MemorySampler(threading.Thread):
    """Samples :func:`chromium_processes` into ``artifacts/memory/<worker>.csv`` until stopped."""

    def __init__(self) -> None:
        super().__init__(name="chromium-memory", daemon=True)
        self.stopped = threading.Event()
        folder = ARTIFACTS / "memory"
        folder.mkdir(parents=True, exist_ok=True)
        self.path = folder / f"{RUN}-{WORKER}.csv"

    def run(self) -> None:
        start = time.monotonic()
        with self.path.open("w", newline="", encoding="utf-8") as out:
            rows = csv.writer(out)
            rows.writerow(["seconds", "test", "pid", "type", "rss_mb"])
            while not self.stopped.wait(SAMPLE_S):
                for pid, kind, mb in chromium_processes():
                    rows.writerow([f"{time.monotonic() - start:.0f}", _state.test, pid, kind, f"{mb:.0f}"])
                out.flush()


def summary() -> list[str]:
    """The run's crashes, each with its dump read, and the largest page process; lines to print."""
    lines = []
    folder = crash_dir()
    pages = [json.loads(line) for path in folder.glob("crashed-pages.jsonl")
             for line in path.read_text(encoding="utf-8").splitlines()]
    deadline = time.monotonic() + 10  # crashpad writes a dump a moment after the page is gone
    while len(dumps := sorted(folder.rglob("*.dmp"))) < len(pages) and time.monotonic() < deadline:
        time.sleep(0.5)
    for page in pages:
        lines.append(f"page crashed in {page['test']} ({page['worker']}): {page['url']}")
    for dump in dumps:
        try:
            lines.append(f"dump {dump.relative_to(ROOT)}: {minidump.read(dump).summary()}")
        except (OSError, ValueError, IndexError) as error:
            lines.append(f"dump {dump.relative_to(ROOT)}: unreadable ({error})")
    peaks = []
    for path in (ARTIFACTS / "memory").glob(f"{RUN}-*.csv"):
        with path.open(encoding="utf-8") as rows:
            peaks += [(float(row["rss_mb"]), row["test"]) for row in csv.DictReader(rows) if row["type"] == "renderer"]
    if peaks:
        mb, test = max(peaks)
        lines.append(f"largest page process: {mb:.0f} MB resident, in {test} (artifacts/memory/)")
    return lines
