"""The package's layers, checked from the source: imports flow one way (docs/architecture.md).

Each folder of ``game/`` is a layer; a module may import from its own layer and the
layers before it, never after. Only the web layer and ``game.main`` touch the browser.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

GAME = Path(__file__).resolve().parents[1] / "game"
#: In import order: a layer may import only itself and the layers before it.
LAYERS = ("core", "strategy", "daily", "records", "screens", "session", "web", "main")
BROWSER = {"js", "pyscript", "pyodide"}
MAX_LINES = 300


def layer_of(module: str) -> str:
    """``game.records.kv`` -> ``records``; the facade ``game.rules`` is core; ``game.main`` is main."""
    parts = module.split(".")
    if parts[1] == "cli":  # the command-line entry point (python -m game.cli) sits on top, as main does
        return "main"
    if parts[1] in ("rules", "__init__"):
        return "core"
    return parts[1]


def module_name(path: Path) -> str:
    relative = path.relative_to(GAME.parent).with_suffix("")
    parts = relative.parts[:-1] if relative.name == "__init__" else relative.parts
    return ".".join(parts)


def imports(path: Path) -> set[str]:
    """Every module ``path`` imports, at the top, in a function or under TYPE_CHECKING."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            # ``from game.core import rules`` imports the module game.core.rules
            found |= {f"{node.module}.{alias.name}" for alias in node.names
                      if (GAME.parent / node.module.replace(".", "/") / f"{alias.name}.py").exists()}
    return found


SOURCES = sorted(GAME.rglob("*.py"))


def test_every_folder_is_a_layer_with_its_docstring() -> None:
    folders = {p.name for p in GAME.iterdir() if p.is_dir() and p.name != "__pycache__"}
    assert folders == set(LAYERS) - {"main"}
    for folder in folders:
        tree = ast.parse((GAME / folder / "__init__.py").read_text(encoding="utf-8"))
        doc = ast.get_docstring(tree)
        assert doc and "import" in doc, f"game/{folder}/__init__.py must say what lives there and what it may import"


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: module_name(p))
def test_imports_flow_one_way(path: Path) -> None:
    name = module_name(path)
    if name == "game":
        return
    rank = LAYERS.index(layer_of(name))
    for imported in imports(path):
        root = imported.split(".")[0]
        if root in BROWSER:
            assert layer_of(name) in ("web", "main"), f"{name} imports {imported}: only game.web touches the browser"
        if root == "game" and imported != "game":
            target = layer_of(imported)
            assert LAYERS.index(target) <= rank, f"{name} ({layer_of(name)}) imports {imported} ({target})"


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: module_name(p))
def test_modules_are_short(path: Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{module_name(path)} has {lines} lines"


def test_the_check_catches_a_wrong_import(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("from game.session.manager import App\nimport js\n")
    assert {"game.session.manager", "js"} <= imports(bad)
    assert LAYERS.index(layer_of("game.session.manager")) > LAYERS.index(layer_of("game.core.rules"))


#: What the page must not import before the first hint, computer turn or review: the strategy
#: builds its roll tables when imported, and the charts draw only in dialogs (docs/performance.md).
LAZY = ("game.strategy.coach", "game.strategy.tables", "game.strategy.rolls", "game.strategy.review",
        "game.strategy.players", "game.strategy.distribution", "game.screens.charts", "game.screens.histogram",
        "game.screens.review_report")


def test_start_up_imports_leave_the_strategy_for_later() -> None:
    import subprocess
    import sys

    # Every module game/main.py imports, with the browser's modules stubbed out.
    code = """
import sys, types
for name in ("pyodide", "pyodide.ffi", "pyodide.http", "js"):
    sys.modules[name] = types.ModuleType(name)
ffi = sys.modules["pyodide.ffi"]
ffi.jsnull, ffi.JsException = object(), Exception
ffi.create_proxy = ffi.create_once_callable = ffi.to_js = lambda value, **_: value
sys.modules["js"].window = sys.modules["js"].document = None
import ast
tree = ast.parse(open("game/main.py", encoding="utf-8").read())
for node in tree.body:
    if isinstance(node, ast.ImportFrom) and node.module.startswith("game"):
        __import__(node.module)
print(" ".join(sorted(sys.modules)))
"""
    loaded = subprocess.run([sys.executable, "-c", code], cwd=GAME.parent, capture_output=True, text=True,
                            check=True).stdout.split()
    assert "game.session.manager" in loaded and "game.web.page" in loaded
    assert not set(LAZY) & set(loaded), set(LAZY) & set(loaded)
