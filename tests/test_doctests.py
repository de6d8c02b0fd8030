"""The examples in the core modules' docstrings are tests too."""

import ast
import doctest
import importlib

import pytest

CORE_MODULES = ["game.rules", "game.dice", "game.game", "game.save", "game.names", "game.view", "game.app",
                "game.markup", "game.links", "game.coaching", "game.coach_view", "game.review_view",
                "game.saved_games", "game.keeper", "game.opening", "game.games_view"]


@pytest.mark.parametrize("name", CORE_MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0, f"{name} has no examples"
    assert result.failed == 0


@pytest.mark.parametrize("name", CORE_MODULES)
def test_core_imports_nothing_from_the_browser(name):
    tree = ast.parse(open(importlib.import_module(name).__file__, encoding="utf-8").read())
    imported = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import)
                for alias in node.names}
    imported |= {(node.module or "").split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert not imported & {"js", "pyscript", "pyodide"}, f"{name} imports from the browser"
