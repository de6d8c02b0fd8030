"""Rule sets: what a strategy table, a high score or a statistic is kept by.

A game of Yahtzee is played under one of its four Joker presets, and each has its own
table and its own records; a game without Yahtzee's extra (Yatzy) has one set of rules,
named by its key. So a rule set is a preset of Yahtzee or the key of another game, and
records written before Yatzy existed (each names its preset) read unchanged.

>>> ruleset_of(YATZY, "official"), ruleset_of(YAHTZEE, "free_choice")
('yatzy', 'free_choice')
>>> rules_of("yatzy") == (YATZY, rules.DEFAULT_PRESET), rules_of("upper_or_kind")[1]
(True, 'upper_or_kind')
>>> RULESETS[-1], is_ruleset("official"), is_ruleset("maxi")
('yatzy', True, False)
"""

from __future__ import annotations

from collections.abc import Sequence

from game.core import rules
from game.core.games import GAMES, YAHTZEE, YATZY, Game
from game.core.labels import preset_label

#: Every rule set, in the order the dialogs list them: Yahtzee's presets, then the other games.
RULESETS: tuple[str, ...] = (*rules.PRESETS, *(g.key for g in GAMES.values() if not g.five_alike_extra))


def ruleset_of(game: Game, preset: str = rules.DEFAULT_PRESET) -> str:
    """The rule set of a game played with ``preset`` (which only a game with Yahtzee's extra
    reads; by default the official rules, as a new game and the daily challenge play)."""
    return preset if game.five_alike_extra else game.key


#: Each game's own rule set, as the daily challenge and Today's ten play it: Yahtzee's
#: official rules, Yatzy.
GAME_RULESETS: tuple[str, ...] = tuple(ruleset_of(game) for game in GAMES.values())


def game_ruleset(ruleset: str) -> str:
    """The own rule set of ``ruleset``'s game: a Yahtzee preset's is the official one.

    >>> game_ruleset("free_choice"), game_ruleset("yatzy"), GAME_RULESETS
    ('official', 'yatzy', ('official', 'yatzy'))
    """
    return ruleset_of(rules_of(ruleset)[0])


def rules_of(ruleset: str) -> tuple[Game, str]:
    """The game and the preset of a rule set (the default preset for a game that reads none);
    KeyError for an unknown one."""
    if ruleset in rules.PRESETS:
        return YAHTZEE, ruleset
    game = GAMES[ruleset]
    if game.five_alike_extra:
        raise KeyError(ruleset)  # Yahtzee goes by its presets
    return game, rules.DEFAULT_PRESET


def is_ruleset(name: object) -> bool:
    return name in RULESETS


def check_ruleset(ruleset: str) -> str:
    """``ruleset`` if it is one; :class:`~game.core.rules.RulesError` if not."""
    if ruleset not in RULESETS:
        raise rules.RulesError(f"unknown rules {ruleset!r}; choose one of {', '.join(RULESETS)}")
    return ruleset


def ruleset_label(ruleset: str) -> str:
    """A rule set's name: a preset's ("Free-choice Joker"), or the game's ("Yatzy"); an
    unknown one (from a damaged record) as it is."""
    game = GAMES.get(ruleset)
    return game.title_words() if game is not None and not game.five_alike_extra else preset_label(ruleset)


#: The languages whose players know the dice game as Yatzy (Sweden, Denmark, Norway,
#: Finland: docs/yatzy-names.md); a browser in one of them starts on it.
YATZY_LANGUAGES = frozenset({"sv", "da", "nb", "nn", "no", "fi"})


def default_game(languages: Sequence[str]) -> Game:
    """The game a new player starts on: Yatzy where the browser's first language is one
    of :data:`YATZY_LANGUAGES`, Yahtzee elsewhere (or with no language at all).

    >>> default_game(["sv-SE", "en"]).key, default_game(["nb"]).key, default_game(["en-US", "da"]).key
    ('yatzy', 'yatzy', 'yahtzee')
    >>> default_game([]).key, default_game(["FI"]).key
    ('yahtzee', 'yatzy')
    """
    first = languages[0].split("-")[0].lower() if languages else ""
    return YATZY if first in YATZY_LANGUAGES else YAHTZEE
