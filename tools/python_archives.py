"""The Python the site ships, made at build time (tools/build.py runs it): the bytecode
archives and the memory snapshot.

- py/game-<hash>.zip: the bytecode of game/ that the page may import at any moment;
- py/later-<hash>.zip: the bytecode of the features the page loads on first use, after an
  await (LATER_MODULES: Today's ten), so that they add nothing to the first visit;
- py/stdlib-<hash>.zip: the bytecode of the standard-library modules the site imports;
- py/snapshot-<hash>.bin: Python's memory once started with the game's pure modules
  imported (tools/make_snapshot.mjs);

each named by a hash of its content, and written into assets/boot.mjs, which loads them.
Bytecode comes from Pyodide itself under Node (tools/compile_pyc.mjs). docs/performance.md
has the measurements behind each choice.
"""

from __future__ import annotations

import hashlib
import io
import json
import shutil
import subprocess
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


class BuildError(Exception):
    """A problem the person running the build can fix; printed without a traceback."""


#: The folder of the archives, whose names carry their content's hash (served "immutable").
ARCHIVES = "py"
#: The archive of the game's Python modules that the page loads (tools/build.py), as
#: assets/boot.mjs names it before the build gives it its hashed name.
BUNDLE = "game.zip"
#: The archive of the modules loaded on first use (game/web/later.py fetches it); likewise.
LATER_BUNDLE = "later.zip"
#: The modules of the later archive, by the start of their path in it: Today's ten (its
#: core, its play, its screens and the player's days; your mistakes to practise: their
#: building, play, screens and dialog), the review of a game and its charts,
#: the coach's reasons in words; the coaches and the computers that need a strategy table
#: (fetched with this archive: game/web/strategy_loader.py; greedy, game.strategy.moves, needs
#: none); the finish range; and Yatzy's table, spread table reader and coach (the games as values,
#: game.core.games, are in every state). Only what
#: the page imports after awaiting game.web.later.ensure()
#: belongs here: tests/test_archives.py fails if a module of game.zip imports one of these
#: other than inside a function.
LATER_MODULES = ("game/daily/", "game/strategy/coach.pyc", "game/strategy/ranking.pyc", "game/strategy/players.pyc",
                 "game/strategy/advice.pyc", "game/strategy/tables.pyc", "game/strategy/rolls.pyc",
                 "game/strategy/options.pyc",
                 "game/screens/ten_view.pyc", "game/screens/ten_days.pyc",
                 "game/records/daily_stats.pyc",
                 "game/strategy/review.pyc", "game/screens/review_report.pyc", "game/screens/charts.pyc",
                 "game/strategy/reasons.pyc", "game/strategy/chances.pyc", "game/strategy/win_chances.pyc",
                 "game/strategy/turn_outcomes.pyc", "game/strategy/turns.pyc", "game/strategy/spread.pyc",
                 "game/strategy/distribution.pyc",
                 "game/strategy/to_win.pyc", "game/strategy/review_to_win.pyc", "game/web/inflate.pyc",
                 "game/strategy/table_decoding.pyc", "game/strategy/game_tables.pyc", "game/strategy/game_coach.pyc",
                 "game/strategy/game_spread.pyc", "game/screens/reason_words.pyc", "game/strategy/move_cost.pyc",
                 "game/screens/costly_words.pyc", "game/session/given_up.pyc", "game/session/second_look.pyc",
                 "game/screens/given_up_words.pyc", "game/web/costly_dialog.pyc",
                 "game/records/practice_record.pyc", "game/records/practice_positions.pyc",
                 "game/screens/practice_view.pyc", "game/web/practice_dialog.pyc",
                 "game/strategy/finish_range.pyc", "game/session/finish_ranges.pyc", "game/screens/range_bar.pyc",
                 "game/screens/histogram.pyc", "game/strategy/exact_turns.pyc", "game/strategy/score_frontier.pyc")
#: The game's sources the site never ships (tools/compile_pyc.mjs leaves them out): the
#: command-line coach, and the ports' fakes for the tests and the docstrings' examples.
NOT_SHIPPED = ("game/cli.py", "game/session/fakes.py")
#: The standard library the site imports, as bytecode (tools/build.py); likewise.
STDLIB_BUNDLE = "stdlib.zip"
#: The Python memory snapshot a returning player's page starts from (tools/make_snapshot.mjs),
#: as assets/boot.mjs names it before the build gives it its hashed name.
SNAPSHOT = "snapshot.bin"
#: Hex digits of the content hash in an archive's name.
HASH_DIGITS = 12
#: The top-level folders of ZIP_BYTECODE that go to game.zip; the rest is the stdlib's.
GAME_PACKAGES = ("game",)
#: Where tools/compile_pyc.mjs leaves the bytecode of the game and of the
#: standard-library modules start-up imports, laid out as in the
#: archives (game/rules.pyc, asyncio/events.pyc).
ZIP_BYTECODE = ".zip-bytecode"
#: What the build replaces in assets/boot.mjs with pyodide-lock.json's "info".
LOCK_MARKER = '"build: lock info"'


def split_later(members: list[tuple[str, bytes]]) -> tuple[list[tuple[str, bytes]], list[tuple[str, bytes]]]:
    """The game's archive members as (game.zip's, later.zip's), each in the order given.

    >>> split_later([("game/core/rules.pyc", b""), ("game/daily/prng.pyc", b"")])
    ([('game/core/rules.pyc', b'')], [('game/daily/prng.pyc', b'')])
    """
    later = [member for member in members if member[0].startswith(LATER_MODULES)]
    return [member for member in members if not member[0].startswith(LATER_MODULES)], later


def snapshot_modules(members: list[str]) -> list[str]:
    """The game's modules a snapshot holds imported: the pure ones, from the archive's
    member names. Not game.web (it touches the page) nor game.main (it starts the game).

    >>> snapshot_modules(["game/__init__.pyc", "game/core/rules.pyc", "game/main.pyc", "game/web/dom.pyc",
    ...                   "pyscript/__init__.pyc"])
    ['game', 'game.core.rules']
    """
    modules = [m.removesuffix(".pyc").removesuffix("/__init__").replace("/", ".")
               for m in members if m.startswith("game/") and m.endswith(".pyc")]
    return [m for m in modules if m != "game.main" and not m.startswith("game.web")]


def make_snapshot(site: Path, names: dict[str, str], lock_info: dict[str, object], members: list[str]) -> str:
    """Python's memory after start-up and the game's pure imports, made by Pyodide under
    Node (tools/make_snapshot.mjs); returns its path in the site, py/snapshot-<hash>.bin."""
    node = shutil.which("node")
    if node is None:
        raise BuildError("node is needed to make the Python snapshot (Node 20 or later)")
    done = subprocess.run(
        [node, str(ROOT / "tools" / "make_snapshot.mjs"), str(site), names[STDLIB_BUNDLE], names[BUNDLE],
         json.dumps(lock_info), json.dumps(snapshot_modules(members))],
        cwd=ROOT, capture_output=True, text=True, check=False)
    if done.returncode:
        raise BuildError(f"making the Python snapshot failed:\n{done.stdout}{done.stderr[-3000:]}")
    return done.stdout.strip().splitlines()[-1]


def point_boot_at(boot: Path, names: dict[str, str], lock_info: dict[str, object]) -> None:
    """Write the hashed names (archives, snapshot) and the lock file's info into assets/boot.mjs."""
    text = boot.read_text(encoding="utf-8")
    for plain, hashed in names.items():
        if text.count(f'"../{plain}"') != 1:
            raise BuildError(f'assets/boot.mjs must name "../{plain}" once')
        text = text.replace(f'"../{plain}"', f'"../{hashed}"')
    if text.count(LOCK_MARKER) != 1:
        raise BuildError(f"assets/boot.mjs must hold {LOCK_MARKER} once")
    boot.write_text(text.replace(LOCK_MARKER, json.dumps(lock_info, sort_keys=True)), encoding="utf-8")


def archive_name(stem: str, data: bytes) -> str:
    """The site path of an archive: py/<stem>-<hash of its bytes>.zip."""
    return f"{ARCHIVES}/{stem}-{hashlib.sha256(data).hexdigest()[:HASH_DIGITS]}.zip"


def find_archive(site: Path, stem: str) -> Path:
    """The one py/<stem>-<hash>.zip of a built site."""
    found = sorted((site / ARCHIVES).glob(f"{stem}-*.zip"))
    if len(found) != 1:
        raise FileNotFoundError(f"expected one {ARCHIVES}/{stem}-<hash>.zip in {site}, found {found}")
    return found[0]


def write_archive(site: Path, stem: str, members: list[tuple[str, bytes]]) -> str:
    """A stored (uncompressed) archive of ``members`` (name, bytes), in the order given,
    under its hashed name; returns that name."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as archive:
        for name, data in members:
            # A fixed timestamp keeps the archive's bytes (and so its name) reproducible.
            archive.writestr(zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0)), data)
    data = buffer.getvalue()
    name = archive_name(stem, data)
    (site / name).parent.mkdir(parents=True, exist_ok=True)
    (site / name).write_bytes(data)
    return name


def bundle_members(site: Path, bytecode: list[Path]) -> list[tuple[str, bytes]]:
    """(name in the archive, bytes), sorted: the bytecode where zipimport looks for it
    (game/rules.pyc, html/entities.pyc). No sources: tracebacks keep file and line."""
    return sorted((pyc.relative_to(site / ZIP_BYTECODE).as_posix(), pyc.read_bytes()) for pyc in bytecode)


def compile_bytecode(site: Path) -> list[Path]:
    """Bytecode for the browser's Python, compiled into ZIP_BYTECODE by Pyodide itself
    under Node (tools/compile_pyc.mjs): the game's modules and the standard-library
    modules start-up imports, so the page
    compiles none of them at every load. Returns the .pyc files."""
    node = shutil.which("node")
    if node is None:
        raise BuildError("node is needed to compile the game's bytecode for Pyodide (Node 20 or later)")
    done = subprocess.run([node, str(ROOT / "tools" / "compile_pyc.mjs"), str(site)], cwd=ROOT,
                          capture_output=True, text=True, check=False)
    if done.returncode:
        raise BuildError(f"compiling bytecode failed:\n{done.stdout}{done.stderr}")
    return sorted((site / ZIP_BYTECODE).rglob("*.pyc"))
