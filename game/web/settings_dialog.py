"""The Settings dialog: language, theme, sound, vibration, animation, the coach's warnings; each change
applies at once and is kept.

Applying means two attributes on ``<html>``, which the style sheet reads (``docs/ui-contract.md``):
``data-theme="light"|"dark"`` (none: follow the system) and ``data-motion="off"`` (none: the
dice tumble). ``assets/theme.js`` sets the same two before the first paint, from the same
stored record, so a dark page never flashes light while Python starts; this module applies
them again once it runs and whenever they change. Sound and vibration are read from
:meth:`SettingsDialog.current` by :class:`game.web.feedback.Feedback` at every cue. A new
language goes to :attr:`SettingsDialog.on_language` (:class:`game.web.page_language.PageLanguage`
switches the page to it, assets/language.js having read the same setting before the first paint).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from game.core.language import LANGUAGES
from game.records.device import Records
from game.records.settings import THEMES, WARN_LEVELS, Settings, Theme
from game.screens.language_list import language_options_html
from game.web.dom import found

#: The checkboxes, by the setting each one switches.
SWITCHES = {"sound": "settings-sound", "vibration": "settings-vibration", "animation": "settings-animation"}


def apply_settings(document: Any, settings: Settings) -> None:
    """Put the theme and the motion switch on ``<html>`` (the attributes are removed for the defaults)."""
    root = document.documentElement
    if settings.theme == "system":
        root.removeAttribute("data-theme")
    else:
        root.setAttribute("data-theme", settings.theme)
    if settings.animation:
        root.removeAttribute("data-motion")
    else:
        root.setAttribute("data-motion", "off")


class SettingsDialog:
    """Keeps the player's settings in memory, applied to the page, and the dialog that changes them."""

    def __init__(self, document: Any, records: Records, show_notices: Callable[[], None]) -> None:
        self.document, self.records, self.show_notices = document, records, show_notices
        self.settings = records.settings.read()
        apply_settings(document, self.settings)
        self.browser_language = "en"  # the language the browser's own choice gives (game/main.py sets it)
        # (the new language, the one before, whether this page chose it): game/main.py
        self.on_language: Callable[[str, str, bool], None] = lambda code, previous, here: None

    def current(self) -> Settings:
        """The settings in force (from memory: cheap enough for every roll)."""
        return self.settings

    def open(self) -> None:
        self._show(self.settings)
        if not (dialog := self.document.getElementById("settings-dialog")).open:
            dialog.showModal()

    def changed(self) -> None:
        """A control changed: apply the dialog's settings at once, and keep them."""
        self._use(self._read(), save=True)

    def reload(self) -> None:
        """Another tab may have changed them: follow what is stored."""
        settings = self.records.settings.read()
        if settings != self.settings:
            self._use(settings, save=False)
            if self.document.getElementById("settings-dialog").open:
                self._show(settings)

    def _use(self, settings: Settings, *, save: bool) -> None:
        previous = self.settings.language
        self.settings = settings
        apply_settings(self.document, settings)
        if settings.language != previous:
            self.on_language(settings.language, previous, save)
        if save:
            self.records.settings.write(settings)  # a full store: kept in memory, and a notice says so
            self.show_notices()

    def keep_game(self, game: str) -> None:
        """Remember the game chosen in New game (its key), for the dialog's next opening."""
        if game != self.settings.game:
            self._use(replace(self.settings, game=game), save=True)

    def keep_language(self, language: str, save: bool) -> None:
        """Back to ``language``: the one chosen could not be loaded (offline), so it is not
        kept; stored again only if this page chose it (another tab's choice stays its own)."""
        self.settings = Settings(**{**self.settings.__dict__, "language": language})
        if save:
            self.records.settings.write(self.settings)
        self.show_languages()

    def show_languages(self) -> None:
        """The language list, in the language spoken now (again after a change)."""
        self.document.getElementById("settings-language").innerHTML = language_options_html(
            self.settings.language, self.browser_language)

    def _show(self, settings: Settings) -> None:
        self.show_languages()
        for theme in THEMES:
            self.document.getElementById(f"settings-theme-{theme}").checked = settings.theme == theme
        for name, element_id in SWITCHES.items():
            self.document.getElementById(element_id).checked = bool(getattr(settings, name))
        for i, level in enumerate(WARN_LEVELS):
            self.document.getElementById(f"settings-warn-{i}").checked = settings.warn == level

    def _read(self) -> Settings:
        chosen = self.document.querySelector('#settings-form input[name="theme"]:checked')
        value = str(chosen.value) if found(chosen) else self.settings.theme
        theme: Theme = next((t for t in THEMES if t == value), "system")
        switches = {name: bool(self.document.getElementById(element_id).checked)
                    for name, element_id in SWITCHES.items()}
        language = str(self.document.getElementById("settings-language").value)
        warn = next((level for i, level in enumerate(WARN_LEVELS)
                     if self.document.getElementById(f"settings-warn-{i}").checked), 0.0)
        # The game last chosen is New game's, not this dialog's: kept as it is.
        return Settings(theme, **switches, language=language if language in LANGUAGES else "", game=self.settings.game,
                        warn=warn)
