"""What a player sees without scrolling: the sizes the board is built for, and a probe.

Shared by tests/browser/test_layout.py (the assertions) and tools/board_shots.py (the
screenshots in docs/). A control is *in view* when its whole box lies inside the viewport
and the element drawn at its centre is the control itself (not clipped by a scrolling
container, not covered by a sticky header).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from playwright.sync_api import Page

#: (width, height) of each viewport, and the player counts the issue asks for at it.
VIEWPORTS: dict[tuple[int, int], tuple[int, ...]] = {
    (360, 640): (1, 2, 4),      # small Android
    (390, 844): (1, 2, 4, 6),   # iPhone 12-15
    (430, 932): (1, 2, 4, 6),   # large phone
    (844, 390): (1, 2, 4),      # phone on its side
    (1280, 800): (1, 2, 4, 6),  # laptop
}
PHONES = {size for size in VIEWPORTS if min(size) < 500}
NAMES = ("Ann", "Ben", "Cleo", "Dev", "Eve", "Finn")

#: JavaScript statements that define ``seen(el)``: the element whole in the viewport and the
#: element drawn at its centre itself (the start of every probe's function body).
SEEN_JS = """
  const W = innerWidth, H = innerHeight;
  const seen = (el) => {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.left < -0.5 || r.top < -0.5 || r.right > W + 0.5 || r.bottom > H + 0.5) return false;
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (hit === el || el.contains(hit));
  };
"""
#: What is in view (a JavaScript function; the engine tests run it through their drivers too).
PROBE_JS = "() => {" + SEEN_JS + """
  const size = (el) => { const r = el.getBoundingClientRect(); return [r.width, r.height]; };
  const dice = [...document.querySelectorAll('#dice [data-die]')];
  const boxes = [...document.querySelectorAll('#scorecard button[data-box]')];
  const roll = document.getElementById('roll');
  const style = getComputedStyle(document.querySelector('.board'));
  return {
    scrollY: scrollY, scrollWidth: document.documentElement.scrollWidth, width: W,
    dice: dice.map(seen), roll: seen(roll), boxes: boxes.map(seen),
    boxNames: boxes.map((b) => b.dataset.box),
    diceSizes: dice.map(size), rollSize: size(roll), boxSizes: boxes.map(size),
    touchAction: style.touchAction, userSelect: style.userSelect || style.webkitUserSelect,
  };
}"""


@dataclass(frozen=True)
class View:
    """The probe's answer, for one board after the first roll of a turn."""

    raw: dict[str, Any]

    @property
    def boxes_in_view(self) -> int:
        return sum(self.raw["boxes"])

    @property
    def all_in_view(self) -> bool:
        return all(self.raw["dice"]) and self.raw["roll"] and self.boxes_in_view == len(self.raw["boxes"])

    def missing(self) -> list[str]:
        """What is not in view, by name (for a failure message)."""
        out = [f"die {i + 1}" for i, seen in enumerate(self.raw["dice"]) if not seen]
        out += [] if self.raw["roll"] else ["Roll"]
        out += [name for name, seen in zip(self.raw["boxNames"], self.raw["boxes"], strict=True) if not seen]
        return out


def probe(page: Page) -> View:
    return View(page.evaluate(PROBE_JS))


def start_and_roll(run_python: Any, players: int, seed: str = "layout", ruleset: str = "official") -> None:
    """A new game of ``ruleset`` ("yatzy" too) for ``players`` people (names from :data:`NAMES`)
    on ``seed``, first roll made.

    ``run_python`` is :meth:`SitePage.run_python` (the game is started through the game
    manager, so the same board comes up at every size whatever the menu looks like).
    """
    names = list(NAMES[:players])
    run_python(
        "from game.main import app\n"
        "from game.core.players import Player\n"
        f"app.start([Player(n) for n in {names!r}], {ruleset!r}, seed={seed!r})\n"
        "app.roll()\n"
        "result = True\n"
    )
