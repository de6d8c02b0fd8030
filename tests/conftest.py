"""Fixtures shared by the browser suites (tests/browser/ and tests/engines/)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support import build_site


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The publish directory, built once per session for every engine's tests (not dist/,
    which a `make play` in the same tree may be serving)."""
    out = tmp_path_factory.mktemp("site") / "dist"
    try:
        build_site(out)
    except RuntimeError as error:
        pytest.fail(f"{error}\n(`-m 'not browser and not engines'` skips the tests that need the site)",
                    pytrace=False)
    return out
