"""Fixtures shared by the suites: the built site (the browser suites serve it; the build's
own tests read it)."""

from __future__ import annotations

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
