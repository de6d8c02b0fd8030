"""The board's regions: one list in the code, the same in the page and in the contract."""

import re
from dataclasses import FrozenInstanceError
from pathlib import Path

import pytest

from game.core.dice import ScriptedDice
from game.core.state import new_game
from game.screens.regions import REGIONS, BoardView, board_regions
from game.strategy.advice import advise
from game.strategy.tables import load_preset

ROOT = Path(__file__).resolve().parents[1]


def test_every_region_has_its_element_in_the_page() -> None:
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    for region in REGIONS:
        assert f'id="{region}"' in page, region


def test_the_contract_lists_exactly_the_regions() -> None:
    contract = (ROOT / "docs" / "ui-contract.md").read_text(encoding="utf-8")
    paragraph = contract[contract.index("The board has"):].split("\n\n")[0]
    listed = re.findall(r"`#([a-z-]+)`", paragraph)
    assert listed == list(REGIONS)
    assert f"{len(REGIONS)} regions" in paragraph or "seven regions" in paragraph


def test_drawing_is_a_function_of_one_frozen_value() -> None:
    state = new_game(["Ann"], seed="screens").roll(ScriptedDice([6, 6, 6, 2, 3]))
    view = BoardView(state, hints=True, advice=advise(state, load_preset("official")))
    assert board_regions(view) == board_regions(view)
    assert view.state is state and not state.assisted  # drawing advice marks nothing: the session does
    assert 'class="die held' not in board_regions(view)["dice"] and " hint" in board_regions(view)["dice"]
    with pytest.raises(FrozenInstanceError):
        view.hints = False  # type: ignore[misc]
