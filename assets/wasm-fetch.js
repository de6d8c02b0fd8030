// Starts the download of Pyodide's wasm (9.6 MB) while the page is still being parsed,
// for assets/boot.mjs to hand to Pyodide: once this script and the two above it have
// arrived and run (a preload would start as the parser met it). A fetch() and not a
// <link rel="preload">: Chromium keeps a wasm module's compiled code (its code cache) for
// a response fetched so, and a preloaded response loses it; with the cache, a returning
// player's page no longer compiles the wasm's functions again (docs/performance.md). When
// the browser knows it is offline, nothing is fetched: boot.mjs reads the copy the
// service worker precached.
"use strict";
{
  const url = new URL(document.currentScript.dataset.wasm, document.baseURI).href;
  const controller = new AbortController();  // boot.mjs cancels a download it gave up on
  const response = navigator.onLine === false ? null : fetch(url, { signal: controller.signal });
  response?.catch(() => {});  // boot.mjs falls back to the precached copy
  globalThis.diceWasm = { url, response, cancel: () => controller.abort() };
}
