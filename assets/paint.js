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

// Python's drawing (game/web/dom.py), one call for the regions that changed: each as
// [id, html, whole]. A whole region is written anew (its elements are new: the dice
// tumble); the others are patched to the same markup, keeping each element whose tag is
// unchanged, its attributes set to the new ones in the new order, so that only what
// changed is restyled and laid out again, and focus and hover stay put. The DOM, and so
// its serialization, ends as innerHTML would leave it. Always new, as before: a form
// field (its typed value goes), and the focused element (or one holding it) when it
// starts or stops being focusable (focus then moves as it did: game/web/dom.py).
window.diceDraw = (changes, names) => {
  const active = document.activeElement;
  const fill = (root) => {
    for (const slot of root.querySelectorAll("[data-name-seat]")) {
      slot.textContent = names[Number(slot.getAttribute("data-name-seat"))];
    }
  };
  const fresh = new Set(["INPUT", "SELECT", "TEXTAREA"]);
  const focusable = ["disabled", "hidden", "inert", "tabindex"];
  const same = (a, b) => a.nodeType === b.nodeType && (a.nodeType !== Node.ELEMENT_NODE
    || (a.tagName === b.tagName && !fresh.has(a.tagName) && (!a.contains(active)
        || focusable.every((name) => a.hasAttribute(name) === b.hasAttribute(name)))));
  const attributes = (a, b) => {
    const had = a.getAttributeNames();
    const wanted = b.getAttributeNames();
    let i = 0;
    for (; i < wanted.length && had[i] === wanted[i]; i += 1) {
      const value = b.getAttribute(wanted[i]);
      if (a.getAttribute(wanted[i]) !== value) a.setAttribute(wanted[i], value);
    }
    // From the first difference on, removed and set again in the new order.
    for (let j = i; j < had.length; j += 1) a.removeAttribute(had[j]);
    for (let j = i; j < wanted.length; j += 1) a.setAttribute(wanted[j], b.getAttribute(wanted[j]));
  };
  const patch = (into, from) => {
    let a = into.firstChild;
    let b = from.firstChild;
    while (b) {
      const next = b.nextSibling;
      if (!a) {
        into.appendChild(b);
      } else if (!same(a, b)) {
        into.replaceChild(b, a);
        a = b.nextSibling;
      } else {
        if (a.nodeType === Node.ELEMENT_NODE) {
          attributes(a, b);
          patch(a, b);
        } else if (a.nodeValue !== b.nodeValue) {
          a.nodeValue = b.nodeValue;
        }
        a = a.nextSibling;
      }
      b = next;
    }
    while (a) {
      const next = a.nextSibling;
      a.remove();
      a = next;
    }
  };
  for (const [id, html, whole] of changes) {
    const element = document.getElementById(id);
    if (whole || !element.firstChild) {
      element.innerHTML = html;
      fill(element);
    } else {
      const template = document.createElement("template");
      template.innerHTML = html;
      fill(template.content);
      patch(element, template.content);
    }
    element.hidden = !html;
  }
};
