"""The examples in the core modules' docstrings are tests too."""

import ast
import doctest
import importlib

import pytest

CORE_MODULES = ["game.core.rules", "game.core.dice", "game.core.state", "game.core.save", "game.core.names", "game.screens.board", "game.session.manager",
                "game.screens.markup", "game.core.links", "game.strategy.advice", "game.screens.coach_panel", "game.screens.review_report",
                "game.records.game_slot", "game.session.keeper", "game.session.opening", "game.screens.games_list"]


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
