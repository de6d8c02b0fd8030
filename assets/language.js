// Before the first paint: the language the page speaks, its words put in the page, and its
// catalog fetched for Python. Loaded synchronously in <head>, after theme.js.
//
// The language is the one chosen in Settings (yahtzee:settings, "language", read as
// game/records/settings.py reads it: a code the game does not speak is ignored), or else
// the best match for the browser's languages (navigator.languages), as
// game.core.language.negotiate chooses it (tests/browser/test_languages.py holds the two
// to the same answers), English when none matches. For any other language than English:
// - the page stays hidden (<html data-words="pending">, style.css) until its words are in:
//   never an English flash;
// - its words (locale/<code>-<hash>.json, index.html's data-i18n texts, written by the
//   build from the catalogs) replace the English; every original is kept, so that Settings
//   can switch back and forth;
// - its catalog (locale/<code>-<hash>.mo) is fetched for Python, which reads it from
//   window.diceLanguage (game/web/page_language.py);
// - either failing shows the page in English with #language-notice, never a blank page.
// Only that one language's files are fetched; the service worker keeps them for offline
// play once fetched (tools/sw-source.js).
//
// The board at once on a first visit (tools/first_board.py): a visit with no saved game and
// no game with friends in the address (<html data-board="first">) shows the board Python
// will draw first, inert, while Python starts. index.html holds it in English for Yahtzee;
// any other language's (and English Yatzy's) comes with the language's words and is put in
// with them, before the page shows. The game is the link's (?preset=yatzy), else the one
// chosen in New game (yahtzee:settings, "game"), else the browser's first language's
// (game.core.rulesets.default_game). A visit with a saved game (<html data-board="kept">)
// shows the board kept for it (assets/paint.js) or, failing that, the loading view.
(() => {
  // The build fills these in (tools/page_words.py): {code: {name, mo, words}}, the aliases,
  // and the languages whose players start on Yatzy.
  const LANGUAGES = {"en": {"name": "English"}};
  const ALIASES = {};
  const YATZY_LANGUAGES = [];
  const SOURCE = "en";
  // The game of the first board index.html holds, in English (tools/first_board.py).
  const INLINE_GAME = "yahtzee";
  // At most this long hidden: past it the page shows in English while the words come.
  const HIDDEN_AT_MOST_MS = 3000;
  // A fetch that has not answered by then has failed (a connection up but passing nothing).
  const FETCH_AT_MOST_MS = 15000;
  const root = document.documentElement;

  function setting(name) {
    try {
      const settings = JSON.parse(localStorage.getItem("yahtzee:settings"));
      return settings !== null && typeof settings === "object" ? settings[name] : undefined;
    } catch {
      return undefined;  // no storage, or text that is not JSON: follow the browser
    }
  }

  function stored() {
    const code = setting("language");
    return typeof code === "string" && Object.hasOwn(LANGUAGES, code) ? code : null;
  }

  // Whether this visit opens on a new game (no saved game, no game with friends to open).
  function firstVisit() {
    if (/(^#|&)play=/.test(location.hash)) return false;
    try {
      return localStorage.getItem("yahtzee:game") === null;
    } catch {
      return true;  // no storage: Python plays a new game in memory
    }
  }

  // The game of the first board: the link's, the one chosen, the browser's language's.
  function firstGame(browser) {
    const preset = new URLSearchParams(location.search).get("preset");
    if (preset !== null) return preset === "yatzy" ? "yatzy" : "yahtzee";
    const chosen = setting("game");
    if (chosen === "yahtzee" || chosen === "yatzy") return chosen;
    const first = browser.length ? String(browser[0]).split("-")[0].toLowerCase() : "";
    return YATZY_LANGUAGES.includes(first) ? "yatzy" : "yahtzee";
  }

  // game.core.language.negotiate, line for line.
  function negotiate(preferred) {
    const codes = new Map(Object.keys(LANGUAGES).map((code) => [code.toLowerCase(), code]));
    for (const tag of preferred) {
      const parts = String(tag).replaceAll("_", "-").toLowerCase().split("-");
      const language = (Object.hasOwn(ALIASES, parts[0]) ? ALIASES[parts[0]] : parts[0]).toLowerCase();
      const exact = parts.length > 1 ? `${parts[0]}_${parts[1]}` : parts[0];
      for (const candidate of [exact, language]) {
        if (codes.has(candidate)) return codes.get(candidate);
      }
      for (const [key, code] of codes) {
        if (key.split("_")[0] === language) return code;
      }
    }
    return SOURCE;
  }

  // The first board in the page, as Python will draw it (assets/paint.js's diceDraw), unless
  // the page has moved on (a board kept, or Python's own).
  function paintFirst(boards) {
    const board = boards && boards[state.game];
    if (!board || root.dataset.board !== "first" || document.body.dataset.state !== "loading") return;
    window.diceDraw(Object.entries(board.regions).map(([id, html]) => [id, html, true]), board.names);
  }

  const fetched = new Map();
  async function get(url, read) {
    const limit = typeof AbortSignal.timeout === "function" ? { signal: AbortSignal.timeout(FETCH_AT_MOST_MS) } : {};
    const response = await fetch(url, limit);
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    return read(response);
  }
  // One language's files: its catalog's bytes (for Python) and its page words.
  function load(code) {
    if (!fetched.has(code)) {
      const files = LANGUAGES[code];
      fetched.set(code, code === SOURCE ? Promise.resolve({ code, catalog: null, words: {} }) : Promise.all([
        get(files.mo, async (r) => new Uint8Array(await r.arrayBuffer())),
        get(files.words, (r) => r.json()),
      ]).then(([catalog, page]) => ({ code, catalog, words: page.words, boards: page.boards })));
      fetched.get(code).catch(() => fetched.delete(code));  // a later try fetches again
    }
    return fetched.get(code);
  }

  // Put ``words`` (English -> the language) in the page; none ({} or null) puts the English back.
  function apply(code, words) {
    words = words || {};
    const notice = document.getElementById("language-notice");
    if (notice) notice.hidden = true;  // failed() shows it again when this is the fallback
    for (const element of document.querySelectorAll("[data-i18n]")) {
      if (element.dataset.i18nSource === undefined) {
        element.dataset.i18nSource = element.innerHTML.replace(/\s+/g, " ").trim();
      }
      const source = element.dataset.i18nSource;
      const text = Object.hasOwn(words, source) ? words[source] : source;
      if (element.innerHTML !== text) element.innerHTML = text;  // our catalogs' text: tags as in index.html
    }
    for (const element of document.querySelectorAll("[data-i18n-attr]")) {
      for (const name of element.dataset.i18nAttr.split(",").map((n) => n.trim())) {
        const key = `i18nSource${name.replace(/(^|-)(\w)/g, (_, __, c) => c.toUpperCase())}`;
        if (element.dataset[key] === undefined) element.dataset[key] = element.getAttribute(name) || "";
        const source = element.dataset[key];
        element.setAttribute(name, Object.hasOwn(words, source) ? words[source] : source);
      }
    }
    root.lang = code.replace("_", "-");
  }

  function whenParsed(then) {
    if (document.readyState === "loading") {
      document.addEventListener("DOMContentLoaded", then, { once: true });
    } else {
      then();
    }
  }

  function failed() {
    const notice = document.getElementById("language-notice");
    if (notice) notice.hidden = false;
  }

  const browser = Array.from(navigator.languages || [navigator.language || SOURCE]);
  const code = stored() || negotiate(browser);
  // What Python reads (game/web/page_language.py): the language, its files once in (result)
  // or why not (error), and the means to switch; and the first board's game.
  const state = { code, browser, game: firstGame(browser), loaded: null, result: null, error: null,
    languages: LANGUAGES, load, apply, negotiate, failed };
  window.diceLanguage = state;
  root.dataset.board = firstVisit() ? "first" : "kept";
  const inline = root.dataset.board !== "first" || state.game === INLINE_GAME;
  if (code === SOURCE) {
    state.loaded = Promise.resolve(state.result = { code, catalog: null, words: {} });
    if (inline) return;
  }
  root.dataset.words = "pending";
  const shown = () => delete root.dataset.words;
  const giveUp = setTimeout(shown, HIDDEN_AT_MOST_MS);
  if (code === SOURCE) {  // English words, and a first board index.html does not hold
    get(LANGUAGES[SOURCE].words, (r) => r.json()).then((page) => whenParsed(() => {
      paintFirst(page.boards);
      clearTimeout(giveUp);
      shown();
    }), () => whenParsed(() => { clearTimeout(giveUp); shown(); }));  // Python draws it when ready
    return;
  }
  state.loaded = load(code);
  state.loaded.then((loaded) => whenParsed(() => {
    state.result = loaded;
    if (state.code !== code) return;  // Python fell back to English, or Settings chose another
    apply(code, loaded.words);
    paintFirst(loaded.boards);
    clearTimeout(giveUp);
    shown();
  }), (error) => {
    state.error = String(error);
    clearTimeout(giveUp);
    whenParsed(() => {
      shown();
      if (state.code === code) failed();
    });
  });
})();
