#!/usr/bin/env python3
"""The deployment's stamp: ``<meta name="dice-build" content="…">`` in the built index.html.

A digest of what the board's markup is made from: the game's bytecode archive and the
languages' catalogs, both named by their content. A board kept for an early paint
(game/web/early_paint.py) records the stamp it was drawn under; assets/paint.js shows it
only under the same stamp, so a new deployment whose markup differs never shows an old
board.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

EMPTY = '<meta name="dice-build" content="">'


def stamp_build(site: Path, game_archive: str) -> str:
    """Write the stamp into ``site``/index.html; returns it."""
    catalogs = sorted(path.name for path in (site / "locale").glob("*")) if (site / "locale").is_dir() else []
    stamp = hashlib.sha256("\n".join([game_archive, *catalogs]).encode()).hexdigest()[:16]
    page = site / "index.html"
    html = page.read_text(encoding="utf-8")
    if html.count(EMPTY) != 1:
        raise ValueError(f"index.html must hold {EMPTY} once")
    page.write_text(html.replace(EMPTY, f'<meta name="dice-build" content="{stamp}">'), encoding="utf-8")
    return stamp
