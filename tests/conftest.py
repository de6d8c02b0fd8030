"""Fixtures shared by the suites: the built site (the browser suites serve it; the build's
own tests read it)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.support import build_site


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The publish directory, built once per session for every test that needs it (not
    dist/, which a `make play` in the same tree may be serving)."""
    out = tmp_path_factory.mktemp("site") / "dist"
    try:
        build_site(out)
    except RuntimeError as error:
        pytest.fail(str(error), pytrace=False)
    return out


@pytest.fixture(scope="session")
def catalog_files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Every language's compiled catalog, and the pseudo-locale's (``en_XA``), by code."""
    from tests.support import load_tool

    out = tmp_path_factory.mktemp("catalogs")
    return {path.stem: path for path in load_tool("catalogs").compile_all(out)}


@pytest.fixture
def speak(catalog_files: dict[str, Path]) -> Iterator[Callable[[str], None]]:
    """A function that makes the game speak a language by its code; English again after the test."""
    from game.core import language

    def activate(code: str) -> None:
        language.activate(language.load(catalog_files[code].read_bytes()), code)

    yield activate
    language.activate(None)
