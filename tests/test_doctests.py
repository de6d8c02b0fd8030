"""The examples in the core modules' docstrings are tests too."""

import doctest
import importlib

import pytest

CORE_MODULES = ["game.rules", "game.dice", "game.game", "game.save"]


@pytest.mark.parametrize("name", CORE_MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0, f"{name} has no examples"
    assert result.failed == 0


@pytest.mark.parametrize("name", CORE_MODULES)
def test_core_imports_nothing_from_the_browser(name):
    source = importlib.import_module(name).__file__
    text = open(source, encoding="utf-8").read()
    for browser_module in ("import js", "from js", "pyscript", "pyodide"):
        assert browser_module not in text, f"{name} mentions {browser_module}"
