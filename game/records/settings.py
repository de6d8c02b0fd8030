"""``yahtzee:settings``: the player's settings on this device (theme, sound, vibration, animation, language,
the coach's warnings).

Unlike every other record, settings are never worth a word to the player: a stored value
that is missing, damaged or of the wrong type falls back to its default, field by field,
with no notice and no backup copy (text that is not a JSON object gives all the defaults).
The page's early scripts ``assets/theme.js`` and ``assets/language.js`` read the theme, the
animation switch and the language the same way before Python starts, so they must agree
(``docs/storage.md``); a language the game does not speak is ignored. Writing is the
store's usual write: a full store keeps the previous settings and says so once.

>>> from game.records.kv import MemoryStore
>>> from game.records.safe_store import SafeStore
>>> store = SafeStore(MemoryStore({SETTINGS_KEY: '{"version": 1, "theme": "purple", "sound": false}'}))
>>> SavedSettings(store).read()
Settings(theme='system', sound=False, vibration=True, animation=True, language='', game='', warn=0.0)
>>> SavedSettings(store).write(Settings(theme="dark")), SavedSettings(store).read().theme, store.notices
(True, 'dark', ())
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any, Literal, get_args

from game.core.games import GAMES
from game.core.language import LANGUAGES
from game.records.safe_store import SafeStore

SETTINGS_KEY = "yahtzee:settings"
SETTINGS_VERSION = 1

Theme = Literal["system", "light", "dark"]
#: The themes, in the order the dialog offers them.
THEMES: tuple[Theme, ...] = get_args(Theme)
#: The coach's warning before a costly move: off (0.0), or above so many points of expected
#: final score (game.session.second_look); in the order the dialog offers them.
WARN_LEVELS: tuple[float, ...] = (0.0, 0.5, 2.0, 5.0)


@dataclass(frozen=True)
class Settings:
    """How the page looks and feels: ``theme`` ("system" follows ``prefers-color-scheme``),
    the dice ``sound``, a ``vibration`` on roll and score, the dice ``animation``, and the
    ``language`` chosen in Settings (a code of ``game.core.language.LANGUAGES``; "" follows
    the browser's languages), the ``game`` last chosen in New game (a key of
    ``game.core.games.GAMES``; "" until then: the browser's language picks it), and ``warn``,
    the loss above which the coach asks before a person's move (one of :data:`WARN_LEVELS`;
    0.0: never, the default)."""

    theme: Theme = "system"
    sound: bool = True
    vibration: bool = True
    animation: bool = True
    language: str = ""
    game: str = ""
    warn: float = 0.0


#: Every field of :class:`Settings`, in order.
SETTING_NAMES: tuple[str, ...] = tuple(f.name for f in fields(Settings))


def _valid(name: str, value: object) -> bool:
    if name == "language":  # an exact code, not a str subclass or a number equal to one
        return type(value) is str and (value == "" or value in LANGUAGES)
    if name == "game":
        return type(value) is str and (value == "" or value in GAMES)
    if name == "warn":  # a number (JSON's 2 or 2.0), not a bool, which equals 0 or 1
        return type(value) in (int, float) and value in WARN_LEVELS
    return value in THEMES if name == "theme" else isinstance(value, bool)  # "dark" in THEMES: exact str


def settings_to_record(settings: Settings) -> dict[str, Any]:
    return {"version": SETTINGS_VERSION, **asdict(settings)}


def settings_from_record(data: Mapping[str, Any]) -> Settings:
    """The settings of a whole, valid record (a backup file's): ``ValueError`` names a bad field.

    >>> settings_from_record({"version": 1, "theme": "dark", "sound": 1, "vibration": True, "animation": True})
    Traceback (most recent call last):
    ...
    ValueError: sound is not one of the settings' values
    """
    # A backup made before languages has none, and one from a version that speaks a language
    # this one does not names it: both follow the browser here.
    # Nor, before the coach's warnings, a "warn": they are off.
    language, game, warn = data.get("language", ""), data.get("game", ""), data.get("warn", 0.0)
    data = {**data, "language": language if _valid("language", language) else "",
            "game": game if _valid("game", game) else "", "warn": warn if _valid("warn", warn) else 0.0}
    for name in SETTING_NAMES:
        if not _valid(name, data.get(name)):
            raise ValueError(f"{name} is not one of the settings' values")
    return Settings(**{name: data[name] for name in SETTING_NAMES if name != "warn"}, warn=float(data["warn"]))


def settings_from_text(raw: str | None) -> Settings:
    """The stored text read leniently, each field on its own: what this device uses.

    >>> settings_from_text('{"theme": "light", "animation": "no"}')
    Settings(theme='light', sound=True, vibration=True, animation=True, language='', game='', warn=0.0)
    >>> settings_from_text("{not json") == settings_from_text('["dark"]') == settings_from_text(None) == Settings()
    True
    """
    if raw is None:
        return Settings()
    try:
        data = json.loads(raw, parse_constant=_refuse)  # NaN and Infinity: not JSON to JavaScript either
    except (ValueError, RecursionError):
        return Settings()
    if not isinstance(data, dict):
        return Settings()
    kept = {name: data[name] for name in SETTING_NAMES if name in data and _valid(name, data[name])}
    return Settings(**{**kept, "warn": float(kept.get("warn", 0.0))})


def _refuse(constant: str) -> object:
    raise ValueError(f"{constant} is not JSON")


class SavedSettings:
    def __init__(self, store: SafeStore) -> None:
        self._store = store

    def read(self) -> Settings:
        """The settings of this device; the defaults for anything not stored or unreadable (no notice)."""
        return settings_from_text(self._store.get(SETTINGS_KEY))

    def stored(self) -> bool:
        """Whether this device has settings of its own stored (a backup's do not replace them)."""
        return self._store.get(SETTINGS_KEY) is not None

    def write(self, settings: Settings) -> bool:
        """Keep ``settings``; False (the previous ones stay, and a notice says so) if the store is full."""
        return self._store.write_record(SETTINGS_KEY, settings_to_record(settings), "settings")
