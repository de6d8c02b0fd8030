"""axe-core in the page under test: inject it, run it, and say what it found readably.

axe-core comes from npm (a devDependency pinned exactly in package.json, installed by
``npm ci``); tools/build.py copies only the runtime packages, so it never ships with the
site. The site's Content-Security-Policy refuses inline scripts, so a ``<script>`` with
axe's text would be blocked (and reported as a CSP violation, which fails the test):
instead its text is evaluated through the DevTools protocol (``page.evaluate``), which no
CSP applies to. See docs/accessibility.md.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parents[2]
AXE_DIR = ROOT / "node_modules" / "axe-core"

#: Waits until no finite animation or transition runs (a die tumbling, a dialog fading in:
#: colours mid-animation are not the ones a player reads), then for two frames.
SETTLE_JS = """async () => {
  const running = () => document.getAnimations().filter((a) => a.playState === 'running'
    && Number.isFinite(a.effect ? a.effect.getComputedTiming().endTime : Infinity));
  for (let i = 0; i < 100 && running().length; i++) await new Promise((r) => setTimeout(r, 20));
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
}"""

#: Runs axe with its default rule set (WCAG 2.0-2.2 A and AA, plus best practices) on the
#: document, or on the elements ``include`` selects; returns the violations only.
RUN_JS = """async (include) => {
  const context = include ? { include: include.map((s) => [s]) } : document;
  const results = await axe.run(context, { resultTypes: ['violations'] });
  return results.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
    nodes: v.nodes.map((n) => ({ target: n.target, html: n.html, summary: n.failureSummary })),
  }));
}"""


@cache
def axe_source() -> tuple[str, str]:
    """axe.min.js and its version, checked against the pin in package.json."""
    pinned = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["devDependencies"]["axe-core"]
    manifest = AXE_DIR / "package.json"
    if not manifest.is_file():
        pytest.fail(f"{manifest} is missing: run `npm ci` (axe-core is a devDependency)", pytrace=False)
    installed = json.loads(manifest.read_text(encoding="utf-8"))["version"]
    if installed != pinned:
        pytest.fail(f"node_modules has axe-core {installed} but package.json pins {pinned}: run `npm ci`",
                    pytrace=False)
    return (AXE_DIR / "axe.min.js").read_text(encoding="utf-8"), installed


def inject(page: Page) -> str:
    """Put axe-core into the page's document (again after a navigation); returns its version."""
    source, version = axe_source()
    if page.evaluate("() => typeof window.axe") == "undefined":
        page.evaluate(source)  # a script's text, evaluated through the DevTools protocol: no CSP
    loaded = page.evaluate("() => window.axe && window.axe.version")
    assert loaded == version, f"axe-core in the page is {loaded!r}, expected {version}"
    return version


def violations(page: Page, include: list[str] | None = None) -> list[dict[str, Any]]:
    """axe's violations on the page as it is now (once its animations have finished)."""
    inject(page)
    page.evaluate(SETTLE_JS)
    return list(page.evaluate(RUN_JS, include))


def describe(found: list[dict[str, Any]]) -> str:
    """One paragraph per rule: id, impact, what it asks; then each element (its CSS target,
    the start of its HTML) and axe's summary of what to fix."""
    lines = []
    for v in found:
        lines.append(f"{v['id']} ({v['impact']}): {v['help']} <{v['helpUrl']}>")
        for node in v["nodes"]:
            target = " ".join(" >> ".join(part) if isinstance(part, list) else part for part in node["target"])
            html = node["html"] if len(node["html"]) <= 160 else node["html"][:157] + "..."
            lines.append(f"  - {target}\n      {html}")
            lines += [f"      {line.strip()}" for line in (node["summary"] or "").splitlines() if line.strip()]
    return "\n".join(lines)


def assert_accessible(page: Page, where: str, include: list[str] | None = None) -> None:
    """Fail, listing every violation readably, unless axe finds none (``where`` names the state)."""
    found = violations(page, include)
    if found:
        version = axe_source()[1]
        scope = ", ".join(include) if include else "the whole page"
        count = sum(len(v["nodes"]) for v in found)
        pytest.fail(f"axe-core {version} on {where} ({scope}): {len(found)} rule(s) violated "
                    f"by {count} element(s)\n{describe(found)}", pytrace=False)
