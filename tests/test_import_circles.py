"""No import circle between the modules of ``game/``, type-only imports included.

Layers (``tests/test_layers.py``) keep imports flowing down between folders; within a
folder, a circle makes two modules one in all but name: neither can be read, tested or
loaded without the other (docs/architecture.md). The check reads the source, so an import
under ``TYPE_CHECKING`` or inside a function counts as much as one at the top.
"""

from __future__ import annotations

from collections.abc import Mapping, Set
from pathlib import Path

from tests.test_layers import SOURCES, imports, module_name


def import_graph(sources: list[Path]) -> dict[str, set[str]]:
    """Each module of ``game`` and the modules of ``game`` it imports (itself left out)."""
    names = {module_name(path): path for path in sources}
    return {name: {m for m in imports(path) if m in names and m != name} for name, path in names.items()}


def circles(graph: Mapping[str, Set[str]]) -> list[list[str]]:
    """One circle per strongly connected group of modules, as a path back to its start."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[set[str]] = []

    def visit(node: str) -> None:  # Tarjan's algorithm; the package is small enough to recurse
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = set()
            while True:
                member = stack.pop()
                group.add(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(group)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return [_path_through(group, graph) for group in groups]


def _path_through(group: set[str], graph: Mapping[str, Set[str]]) -> list[str]:
    """A shortest circle from the group's first module back to it, within the group."""
    start = min(group)
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for nxt in sorted(graph[node] & group):
                if nxt == start:
                    return paths[node] + [start]
                if nxt not in paths:
                    paths[nxt] = paths[node] + [nxt]
                    following.append(nxt)
        frontier = following
    raise AssertionError(f"{group} is strongly connected, so a circle exists")


def test_no_module_of_game_imports_itself_round_a_circle() -> None:
    found = circles(import_graph(SOURCES))
    assert not found, "import circles: " + "; ".join(" → ".join(circle) for circle in found)


def test_one_circle_named_per_group_and_none_without() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c", "a"]]
    assert circles({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == []
    assert circles({"a": {"b"}, "b": {"a"}, "c": {"d"}, "d": {"c"}}) == [["a", "b", "a"], ["c", "d", "c"]]


def test_the_check_names_a_circle_made_of_type_only_imports(tmp_path: Path) -> None:
    package = tmp_path / "game" / "strategy"
    package.mkdir(parents=True)
    (package / "advice.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                       "    from game.strategy.review import Decision\n")
    (package / "review.py").write_text("def f():\n    from game.strategy.advice import describe\n")
    read = {f"game.strategy.{name}": imports(package / f"{name}.py") for name in ("advice", "review")}
    graph = {name: targets & set(read) for name, targets in read.items()}
    assert circles(graph) == [["game.strategy.advice", "game.strategy.review", "game.strategy.advice"]]
