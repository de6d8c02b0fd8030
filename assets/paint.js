// The saved board at once: a returning player sees the last board (dice, card, status,
// whose turn) at the first paint, while Python starts, from what the game kept when it
// last drew it (game/web/early_paint.py, yahtzee:paint). Loaded synchronously after the
// board's markup, before the first paint, so there is no layout shift.
//
// Shown only when it is certainly the board Python will draw: no link being opened (any
// query or fragment), the same deployment's markup (<meta name="dice-build">), the same
// language (assets/language.js's choice), and the very saved game it showed (a checksum of
// yahtzee:game's text: another tab's newer game, or cleared storage, do not match).
// Otherwise nothing happens: the usual loading view. The board is inert and marked as
// waking up (<body data-state="waking">, style.css) until Python takes over
// (game/main.py), drawing the same HTML into the same regions.
(() => {
  const REGIONS = ["dice", "controls", "scorecard", "coach", "status", "rolloff", "challenge"];

  // FNV-1a over the code points, as game.web.early_paint.checksum.
  function checksum(text) {
    let value = 2166136261;
    for (const char of text) value = Math.imul(value ^ char.codePointAt(0), 16777619) >>> 0;
    return value >>> 0;
  }

  try {
    if (location.search || location.hash) return;
    const record = JSON.parse(localStorage.getItem("yahtzee:paint"));
    const build = document.querySelector('meta[name="dice-build"]');
    const language = window.diceLanguage ? window.diceLanguage.code : "en";
    const game = localStorage.getItem("yahtzee:game");
    if (!record || record.v !== 1 || !build || record.build !== build.content || record.lang !== language
        || game === null || record.game !== checksum(game) || typeof record.regions !== "object") return;
    const elements = REGIONS.map((id) => [document.getElementById(id), record.regions[id]]);
    if (elements.some(([element, html]) => !element || typeof html !== "string")) return;
    for (const [element, html] of elements) {
      element.innerHTML = html;
      element.hidden = !html;
    }
    // Drawn as it stood, not as it moved: no tumble of dice rolled before the page closed.
    for (const die of document.querySelectorAll("#dice .rolling")) die.classList.remove("rolling");
    document.querySelector("main.board").inert = true;
    document.body.dataset.state = "waking";
  } catch {
    // Storage unreadable, a record that is not JSON: the loading view, as without a record.
  }
})();
