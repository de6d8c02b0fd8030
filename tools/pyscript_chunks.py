"""Which of PyScript's files the site ships (tools/build.py copies them into
dist/runtime/pyscript-<version>/): the entries, the chunks they import at every start, and
not the chunks of features the page never uses."""

from __future__ import annotations

import re
from pathlib import Path

from python_archives import BuildError

# From @pyscript/core/dist: core.js, core.css, every chunk they import statically, and the
# chunks the core imports dynamically at boot. PyScript imports all its plugin modules
# (py-editor, py-game, py-terminal, donkey, deprecations-manager) on every page load, even
# when pyscript.toml disables them (the "mpy" pass has no config, so nothing is disabled
# there), so those small chunks ship. Left out are the chunks those plugins or the core
# import only when a feature is used: codemirror (py-editor), xterm and the terminal
# runtimes (py-terminal), the full TOML parser (py-editor, py-game; and the core for a
# TOML config, which the built page does not have: its config is JSON), zip (archives in
# [files], which the built page has none of) and pyodide_graph (`packages`). Chunk names
# carry a content hash, so they are matched by stem; a version bump keeps working.
# tests/browser/test_boot.py fails on a 404.
PYSCRIPT_ENTRIES = ("core.js", "core.css")
PYSCRIPT_UNUSED = re.compile(r"(codemirror[\w-]*|pyodide_graph|toml|zip)-[\w-]{8}\.js")
# The chunks every boot imports: the core's own chunk and its plugins (but not the TOML
# parser or the zip reader, which the built page never needs), preloaded by index.html.
PYSCRIPT_BOOT_CHUNK = re.compile(r"(core|deprecations-manager|donkey|error|py-editor|py-game|py-terminal)-[\w-]{8}\.js")

# Relative ES module imports in minified code: static from"./x.js" / import"./x.js",
# dynamic import("./x.js").
_STATIC_IMPORT_RE = re.compile(r"""\b(?:from|import)\s*["']\./([\w.-]+\.js)["']""")
_DYNAMIC_IMPORT_RE = re.compile(r"""\bimport\(\s*["']\./([\w.-]+\.js)["']\s*\)""")


def pyscript_sources(dist: Path) -> list[Path]:
    """PyScript files to copy: the entries, the closure of their static imports, and the
    dynamic imports of the core chunk (not those of plugin chunks: see PYSCRIPT_UNUSED)."""
    todo = [dist / name for name in PYSCRIPT_ENTRIES]
    seen: set[Path] = set()
    while todo:
        src = todo.pop()
        if src in seen:
            continue
        if not src.is_file():
            raise BuildError(f"{src} is missing from @pyscript/core")
        seen.add(src)
        if src.suffix != ".js":
            continue
        code = src.read_text(encoding="utf-8")
        targets = _STATIC_IMPORT_RE.findall(code)
        if src.name.startswith("core-"):
            targets += [t for t in _DYNAMIC_IMPORT_RE.findall(code) if not PYSCRIPT_UNUSED.fullmatch(t)]
        todo += [dist / t for t in targets]
    return sorted(seen)
