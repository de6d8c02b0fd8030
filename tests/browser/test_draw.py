"""The board's regions drawn by patching (window.diceDraw, assets/paint.js): the page ends
exactly as innerHTML would leave it, and what stays keeps its focus."""

from __future__ import annotations

import random

from game.core import rules
from game.core.state import GameState, new_game
from game.screens.regions import REGIONS, BoardView, board_regions
from tests.browser.pages import SitePage

NAMES = ["Ann", "<b>Zoë</b> & 李", "Cy", ""]

#: Each step's HTML patched into a scratch element, and written with innerHTML into
#: another; both with their name slots filled. Returns the steps whose results differ.
COMPARE_JS = """([steps, names]) => {
  const scratch = document.createElement('div');
  scratch.hidden = true;
  document.body.append(scratch);
  const patched = document.createElement('div');
  patched.id = 'draw-test-patched';
  scratch.append(patched);
  const differ = [];
  steps.forEach(([html, whole], i) => {
    window.diceDraw([['draw-test-patched', html, whole]], names);
    const written = document.createElement('div');
    written.innerHTML = html;
    for (const slot of written.querySelectorAll('[data-name-seat]')) {
      slot.textContent = names[Number(slot.getAttribute('data-name-seat'))];
    }
    if (patched.innerHTML !== written.innerHTML || patched.hidden !== !html) differ.push(i);
  });
  scratch.remove();
  return differ;
}"""


def states(seed: int, real_dice: bool = False) -> list[GameState]:
    """Every state of a three-player game played at random: rolls, holds, boxes, to its end."""
    rng = random.Random(seed)
    state = new_game(NAMES[:3], seed=f"draw{seed}", real_dice=real_dice)
    out = [state]
    while not state.over:
        if state.rolls_used and (not state.rolls_left or rng.random() < 0.3):
            card = state.cards[state.current_seat]
            state = state.score(rng.choice([b for b in rules.BOXES if b not in card.filled]))
        elif state.rolls_used and rng.random() < 0.4:
            state = state.toggle_hold(rng.randrange(5))
        elif real_dice:
            dice = state.dice or (1,) * 5  # held dice keep their faces
            state = state.enter_roll([d if h else rng.randint(1, 6) for d, h in zip(dice, state.held, strict=True)])
        else:
            state = state.roll()
        out.append(state)
    return out


def test_patching_ends_as_innerhtml_would_in_every_region(site: SitePage) -> None:
    for seed, real_dice in ((1, False), (2, True)):
        views = [board_regions(BoardView(s, rolled=bool(s.rolls_used))) for s in states(seed, real_dice)]
        for region in REGIONS:
            steps = [[regions[region], whole] for regions in views for whole in (False, True)]
            assert site.page.evaluate(COMPARE_JS, [steps, NAMES]) == [], (region, seed)


def test_an_element_patched_keeps_its_focus_and_a_field_is_always_new(site: SitePage) -> None:
    kept, field, disabled = site.page.evaluate("""() => {
      const region = document.createElement('div');
      region.id = 'draw-test-focus';
      document.body.append(region);
      window.diceDraw([['draw-test-focus', '<button id="t-b" class="a">1</button><input id="t-i">', false]], []);
      const button = document.getElementById('t-b');
      const input = document.getElementById('t-i');
      button.focus();
      window.diceDraw([['draw-test-focus', '<button id="t-b" class="b">2</button><input id="t-i">', false]], []);
      const result = [document.activeElement === button && button.className === 'b' && button.textContent === '2',
                      document.getElementById('t-i') !== input];
      // The focused button disabled: a new one, and focus leaves it, as innerHTML did.
      window.diceDraw([['draw-test-focus', '<button id="t-b" class="b" disabled>2</button>', false]], []);
      result.push(document.getElementById('t-b') !== button && document.activeElement === document.body);
      region.remove();
      return result;
    }""")
    assert kept and field and disabled
