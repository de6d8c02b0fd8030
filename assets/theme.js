// Before the first paint: the player's theme and animation settings, so a dark theme never
// flashes light while Python starts. Loaded right after errors.js, synchronously, in <head>.
//
// It reads the stored settings (yahtzee:settings, docs/storage.md) exactly as the game does
// (game/records/settings.py, game/web/settings_dialog.py): a field that is missing or not
// one of its values means its default, and anything unreadable means all the defaults,
// without a word. <html data-theme="light|dark"> (none: follow the system) and
// <html data-motion="off"> (none: the dice tumble) are what the style sheet reads; Python
// sets them again once it runs, and whenever the player changes them.
(() => {
  try {
    const settings = JSON.parse(localStorage.getItem("yahtzee:settings"));
    if (settings === null || typeof settings !== "object" || Array.isArray(settings)) return;
    const root = document.documentElement;
    if (settings.theme === "light" || settings.theme === "dark") root.dataset.theme = settings.theme;
    if (settings.animation === false) root.dataset.motion = "off";
  } catch {
    // No storage (disabled, or a sandboxed frame), or text that is not JSON: the defaults.
  }
})();
