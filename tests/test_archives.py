"""The two archives of the game's bytecode: nothing in game.zip needs later.zip to import.

game.zip (downloaded before the game is ready) holds every module the page may import at
any moment; later.zip (tools/python_archives.py ``LATER_MODULES``) the features fetched
on first use, imported only after ``game.web.later.ensure()``. A module of game.zip that
imported one of them as it loads would fail on a first visit, before the archive is there.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.support import load_tool
from tests.test_layers import GAME, SOURCES, imports, module_name

archives = load_tool("python_archives")


def is_later(module: str) -> bool:
    """Whether ``module`` (dotted) travels in later.zip."""
    path = module.replace(".", "/")
    return any(f"{path}/".startswith(prefix) or f"{path}.pyc".startswith(prefix) for prefix in archives.LATER_MODULES)


def eager_imports(path: Path) -> set[str]:
    """The modules ``path`` imports as it loads: at the top and in class bodies, not in a
    function (which runs later) nor under ``if TYPE_CHECKING`` (which never runs)."""
    found: set[str] = set()

    def visit(nodes: list[ast.stmt]) -> None:
        for node in nodes:
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module:
                found.add(node.module)
                found.update(f"{node.module}.{alias.name}" for alias in node.names
                             if (GAME.parent / node.module.replace(".", "/") / f"{alias.name}.py").exists())
            elif isinstance(node, ast.If):
                if not (isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"):
                    visit(node.body)
                visit(node.orelse)
            elif isinstance(node, ast.ClassDef):
                visit(node.body)
            elif isinstance(node, (ast.Try, ast.With)):
                visit(node.body)
                for handler in getattr(node, "handlers", []):
                    visit(handler.body)
                visit(getattr(node, "orelse", []))
                visit(getattr(node, "finalbody", []))

    visit(ast.parse(path.read_text(encoding="utf-8")).body)
    return found


def test_the_later_archive_holds_a_feature() -> None:
    later = [module_name(path) for path in SOURCES if is_later(module_name(path))]
    assert "game.daily.puzzle" in later and "game.strategy.reasons" in later and "game.web.later" not in later
    assert not is_later("game.dailies") and is_later("game.daily")


#: What tools/compile_pyc.mjs leaves out of the site (tools/python_archives.py), as modules.
NOT_SHIPPED = tuple(path.removesuffix(".py").replace("/", ".") for path in archives.NOT_SHIPPED)
#: The modules of game.zip: not the later archive's, nor those not shipped.
FIRST = [p for p in SOURCES if not is_later(module_name(p)) and module_name(p) not in NOT_SHIPPED]


def test_what_is_not_shipped_is_what_the_build_leaves_out() -> None:
    build = (GAME.parent / "tools" / "compile_pyc.mjs").read_text(encoding="utf-8")
    for name in NOT_SHIPPED:
        assert f'"{name.replace(".", "/")}.py"' in build, name


@pytest.mark.parametrize("path", [p for p in SOURCES if module_name(p) not in NOT_SHIPPED], ids=module_name)
def test_no_shipped_module_imports_one_left_out(path: Path) -> None:
    """Not even inside a function or for type checking: the page would not find it. (The
    docstrings' examples may: the page has no docstrings.)"""
    assert not set(imports(path)) & set(NOT_SHIPPED), module_name(path)


@pytest.mark.parametrize("path", FIRST, ids=module_name)
def test_game_zip_imports_nothing_of_later_zip_as_it_loads(path: Path) -> None:
    eager = sorted(m for m in eager_imports(path) if m.startswith("game") and is_later(m))
    assert not eager, f"{module_name(path)} imports {eager} as it loads: import them in a function, after " \
                      "game.web.later.ensure()"


def test_eager_imports_leave_functions_and_type_checking_out(tmp_path: Path) -> None:
    source = tmp_path / "sample.py"
    source.write_text("from typing import TYPE_CHECKING\nimport a\nif TYPE_CHECKING:\n    import b\n"
                      "class C:\n    import c\ndef f():\n    import d\ntry:\n    import e\nexcept ImportError:\n"
                      "    import g\n", encoding="utf-8")
    assert eager_imports(source) == {"typing", "a", "c", "e", "g"}


def test_the_loader_names_the_distribution_as_its_module_does() -> None:
    from game.strategy.distribution import URL
    from game.web.strategy_loader import DISTRIBUTION_URL

    assert DISTRIBUTION_URL == URL
