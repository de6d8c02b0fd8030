"""No browser test holds a page's element in a handle it never lets go.

``page.wait_for_selector()`` (and ``query_selector``, ``evaluate_handle``...) return a
handle, and the page keeps the element it names alive until the handle is disposed, which
Playwright does not do when Python drops it. Once the page redraws, the element keeps its
whole detached tree alive: a module's shared page (``site_page``) grew so over its tests, by
about 5,000 DOM nodes per game played in bench/bench_evening.py before it waited as below
(docs/testing.md, "Memory over a full run"). Locators hold nothing:
``page.locator(selector).first.wait_for()`` waits the same way.
"""

from __future__ import annotations

import ast
from pathlib import Path

BROWSER_TESTS = Path(__file__).resolve().parent / "browser"
HOLDING = {"wait_for_selector", "query_selector", "query_selector_all", "evaluate_handle", "element_handle",
           "element_handles"}


def held_handles(source: str) -> list[int]:
    """The lines of ``source`` that call a method returning an element or object handle."""
    return [node.lineno for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in HOLDING]


def test_the_check_finds_a_held_handle() -> None:
    assert held_handles("page.wait_for_selector('#roll')\nx = page.locator('#roll').first.wait_for()\n") == [1]
    assert held_handles("h = site.page.query_selector_all('li')\n") == [1]


def test_no_browser_test_holds_a_handle() -> None:
    found = [f"{path.name}:{line}" for path in sorted(BROWSER_TESTS.glob("*.py"))
             for line in held_handles(path.read_text(encoding="utf-8"))]
    message = "a browser test holds a handle (a locator instead: tests/test_page_handles.py):\n"
    assert found == [], message + "\n".join(found)
