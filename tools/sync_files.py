#!/usr/bin/env python3
"""Rewrite the [files] table of pyscript.toml to list every module of the game package.

    python3 tools/sync_files.py

PyScript copies only the files listed there into Pyodide's file system, so a module
left out imports in CPython and fails in the browser; tests/test_site_config.py checks.
"""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "pyscript.toml"
MARKER = "[files]\n"


def main() -> None:
    text = CONFIG.read_text(encoding="utf-8")
    head = text[: text.index(MARKER) + len(MARKER)]
    modules = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "game").rglob("*.py"))
    CONFIG.write_text(head + "".join(f'"./{m}" = "./{m}"\n' for m in modules), encoding="utf-8")
    print(f"pyscript.toml lists {len(modules)} modules")


if __name__ == "__main__":
    main()
