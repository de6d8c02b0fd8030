"""The examples in the modules' docstrings are tests too: every module outside the web layer."""

import doctest
import importlib
import pkgutil

import pytest

import game

MODULES = sorted(info.name for info in pkgutil.walk_packages(game.__path__, "game.")
                 if not info.name.startswith("game.web") and info.name not in ("game.main", "game.strategy.__main__"))
#: The modules whose examples state their contract: each must keep at least one.
WITH_EXAMPLES = ["game.rules", "game.core.rules", "game.core.dice", "game.core.state", "game.core.card",
                 "game.core.players", "game.core.errors", "game.core.save", "game.core.names", "game.core.links",
                 "game.strategy.advice", "game.records.game_slot", "game.records.kv", "game.screens.board",
                 "game.screens.markup", "game.screens.coach_panel", "game.screens.review_report",
                 "game.screens.games_list", "game.session.manager", "game.session.keeper", "game.session.opening",
                 "game.session.outcome", "game.session.ending", "game.session.games", "game.session.typed_dice",
                 "game.strategy.options", "game.core.language", "game.core.labels", "game.daily.prng",
                 "game.daily.levels", "game.daily.moments", "game.daily.puzzle", "game.daily.grading",
                 "game.records.daily_results", "game.records.daily_streak", "game.records.daily_stats"]


def test_the_list_names_real_modules() -> None:
    assert set(WITH_EXAMPLES) <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
    if name in WITH_EXAMPLES:
        assert result.attempted > 0, f"{name} has no examples"


#: Build tools whose docstrings carry examples (tools/ is a folder of scripts, loaded by path).
TOOLS_WITH_EXAMPLES = ["python_archives", "compression", "score_distribution", "score_layers", "classic_loader",
                       "finish_range_check"]


@pytest.mark.parametrize("name", TOOLS_WITH_EXAMPLES)
def test_tool_docstring_examples(name: str) -> None:
    from tests.support import load_tool

    result = doctest.testmod(load_tool(name))
    assert result.failed == 0 and result.attempted > 0
