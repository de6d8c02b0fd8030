// The interpreter module PyScript loads (`interpreter` in pyscript.toml): Pyodide's own
// module, re-exported unchanged (PyScript reads `version` from it), with a loadPyodide()
// that gives Pyodide the site's standard library and installs the game before PyScript
// runs `import game.main`.
//
// Both archives come from tools/build.py, which names them by their content
// (py/stdlib-<hash>.zip, py/game-<hash>.zip) and writes those names here. The standard
// library's holds only the modules the site imports, as bytecode: Pyodide ships its whole
// library as source only, and compiling it was most of Python's start-up
// (docs/performance.md). The game's holds the game's modules and PyScript's own Python
// package as bytecode; it goes first on sys.path as it is, and Python imports from it
// directly (zipimport), so nothing is unpacked and nothing is compiled at start-up.
// index.html preloads both, so they have arrived when Pyodide asks.
//
// A returning player's page starts from a memory snapshot instead, when the service
// worker holds one (fetched when the player was idle on an earlier visit): Python's
// start-up and the game's imports are skipped (docs/performance.md).
//
// The build points the imports at the versioned runtime directory.
import * as pyodide from "../runtime/pyodide/pyodide.mjs";

export * from "../runtime/pyodide/pyodide.mjs";

// Python runs without JSPI (WebAssembly's stack switching) in Chromium too, as it already
// does in Firefox and WebKit: the game uses nothing JSPI gives (no run_sync), and with it a
// Chromium tab can die. Chromium samples allocations (its heap profiler, in every page of
// about 1 % of its launches; GWP-ASan, in about 1 % of page processes) and walks the stack
// of each sampled one; its walker does not know where a JSPI stack ends and reads past it.
// With the heap profiler on, 6 boots of 15 crashed so; with JSPI removed, none
// (docs/testing.md, "A page that crashes"). Pyodide looks for JSPI when its factory runs,
// which is in loadPyodide() below, after this.
for (const name of ["Suspending", "Suspender"]) Reflect.deleteProperty(WebAssembly, name);

const bundleURL = new URL("../game.zip", import.meta.url).href;
const stdLibURL = new URL("../stdlib.zip", import.meta.url).href;
// The features loaded on first use (Today's ten), in an archive of their own that the first
// visit does not download: game/web/later.py fetches it when one is first opened.
globalThis.diceLaterArchive = new URL("../later.zip", import.meta.url).href;
// Python's memory once started with the game's pure modules imported, made by the build
// (tools/make_snapshot.mjs) and named by its content like the archives.
const snapshotURL = new URL("../snapshot.bin", import.meta.url).href;
// The official rules' strategy table (assets/strategy/, which the worker caches on first use).
const officialTableURL = new URL("./strategy/official.bin", import.meta.url).href;
// PyScript passes this module's folder as indexURL; the runtime lives in its own.
const indexURL = new URL("../runtime/pyodide/", import.meta.url).href;
// What Pyodide would fetch as pyodide-lock.json: the runtime's description, without the
// packages, none of which the game loads (the build writes it; one request fewer).
const lockFileContents = { info: "build: lock info", packages: {} };
// How long after start-up the snapshot is fetched, at the first idle moment after that:
// well clear of the first visit's own downloads (docs/performance.md).
const SNAPSHOT_AFTER_MS = 20_000;

// The snapshot's bytes, if the service worker keeps them, read from Cache Storage as soon
// as this module runs: index.html loads it (async) ahead of PyScript, so the read overlaps
// PyScript's own start-up instead of following it. Null when there is none, or no Cache
// Storage. Never from the network. Read as a Blob first: Cache Storage hands its stored body
// over at once, and the Blob's read costs the main thread, which hands over its chunks,
// half what the response's own does (30 against 57 ms under CPU 4×; docs/performance.md,
// "The snapshot's read").
const savedSnapshot = fromCacheStorage(snapshotURL)
  .then((cached) => cached?.blob().then((blob) => blob.arrayBuffer()) ?? null).catch(() => null);

/** The response Cache Storage holds for ``url`` (in any of the site's caches), or null:
 * none, or no Cache Storage in this browser. */
async function fromCacheStorage(url) {
  try {
    return (await caches.match(url)) ?? null;
  } catch {
    return null;  // `caches` undefined (no secure context, or taken away)
  }
}

// Pyodide's Emscripten loader: index.html loads it as a classic script, which leaves its
// factory in a global (tools/classic_loader.py), so that Chromium keeps its compiled code
// from one visit to the next; Pyodide takes it as `createPyodideModule` and never imports
// pyodide.asm.mjs, which the site does not ship.
const createPyodideModule = new Promise((resolve, reject) => {
  const take = () => globalThis.diceCreatePyodideModule
    ? resolve(globalThis.diceCreatePyodideModule)
    : reject(new Error("pyodide.asm.js did not load"));
  if (globalThis.diceCreatePyodideModule) return take();  // it ran before this module
  const script = document.querySelector('script[src$="/pyodide.asm.js"]');
  if (!script) return reject(new Error("index.html does not load pyodide.asm.js"));
  script.addEventListener("load", take, { once: true });
  script.addEventListener("error", take, { once: true });
});
createPyodideModule.catch(() => {});  // handled where it is awaited, not as an unhandled rejection

// Pyodide's wasm: the response assets/wasm-fetch.js started from index.html, handed to
// Pyodide when it fetches the wasm's URL. A fetch answered by the HTTP cache, never by the
// worker (tools/sw-source.js), so that Chromium's code cache for the wasm works (both
// files say why). The copy the worker precached is read from Cache Storage instead when
// that fetch fails, when the browser knows it is offline, or when the network has not
// begun to answer after WASM_PATIENCE_MS (a connection that is up but passes nothing; the
// HTTP cache answers at once), and that download is then cancelled. With neither, the
// player gets the error notice rather than a page that never leaves "loading" (Pyodide
// only logs a failed instantiation).
const wasmURL = new URL("../runtime/pyodide/pyodide.asm.wasm", import.meta.url).href;
const WASM_PATIENCE_MS = 4000;
const pageFetch = globalThis.fetch.bind(globalThis);
const precachedWasm = () => fromCacheStorage(wasmURL);

/** The network's response, or the precached copy if the network is that slow to start;
 * the network's download is then cancelled (``cancel``), not left to use up the player's
 * bandwidth for a copy the page no longer needs. */
async function patiently(network, cancel) {
  let timer;
  const late = new Promise((resolve) => { timer = setTimeout(resolve, WASM_PATIENCE_MS); })
    .then(async () => ({ precached: await precachedWasm() }));
  try {
    const first = await Promise.race([network, late]);
    if (first instanceof Response) return first;
    if (!first.precached) return await network;  // nothing else to wait for
    cancel?.();
    return first.precached;
  } finally {
    clearTimeout(timer);
  }
}

/** The wasm's response: ``started`` (wasm-fetch.js's fetch already under way, or null when
 * the page began offline) with its ``cancel``, else a fetch of its own; the precached copy
 * when that fails. */
async function fetchWasm(started, cancel) {
  let network = started;
  if (network === undefined && navigator.onLine !== false) {
    const controller = new AbortController();
    network = pageFetch(wasmURL, { signal: controller.signal });
    cancel = () => controller.abort();
  }
  let failure = new Error(`${wasmURL}: offline, and not in Cache Storage`);
  try {
    const response = network && await patiently(network, cancel);
    if (response?.ok) return response;
    if (response) failure = new Error(`${wasmURL}: HTTP ${response.status} ${response.statusText}`);
  } catch (error) {
    failure = new Error(`${wasmURL}: ${error?.message ?? error}`);
  }
  const precached = await precachedWasm();
  if (precached) return precached;
  // Offline as far as the browser knew, and nothing precached (a first visit): try anyway.
  const last = network ? null : await pageFetch(wasmURL).catch(() => null);
  if (last?.ok) return last;
  reportError(failure);  // as an uncaught error: assets/errors.js records it and shows its notice
  throw failure;
}

const early = globalThis.diceWasm?.url === wasmURL ? globalThis.diceWasm : undefined;
let earlyWasm = fetchWasm(early?.response, early?.cancel);
earlyWasm.catch(() => {});  // handled where Pyodide awaits it
globalThis.fetch = (resource, ...rest) => {
  const url = resource instanceof Request ? resource.url : String(resource);
  if (url !== wasmURL) return pageFetch(resource, ...rest);
  const response = earlyWasm ?? fetchWasm();  // a second start (a failed restore) fetches again
  earlyWasm = null;
  return response;
};

// A returning player's Python is restored as soon as the snapshot is read, without waiting
// for PyScript to ask: the restore then overlaps PyScript's own start-up (docs/
// performance.md). Null on a first visit, or if the restore failed.
const restored = savedSnapshot
  .then((bytes) => bytes && createPyodideModule.then((create) => fromSnapshot(bytes, create)))
  .catch(() => null);

/** PyScript's entry point: Pyodide, loaded as PyScript asks, with the game installed. */
export async function loadPyodide(options = {}) {
  const bundle = fetch(bundleURL).then((response) => {
    if (!response.ok) throw new Error(`${bundleURL}: HTTP ${response.status} ${response.statusText}`);
    return response.arrayBuffer();
  });
  let interpreter = await restored;
  document.documentElement.dataset.pythonStart = interpreter ? "snapshot" : "fresh";
  if (interpreter) {
    // PyScript's output handlers, which the early restore could not have.
    if (options.stdout) interpreter.setStdout({ batched: options.stdout });
    if (options.stderr) interpreter.setStderr({ batched: options.stderr });
  } else {
    const settings = { ...options, indexURL, stdLibURL, lockFileContents, createPyodideModule: await createPyodideModule };
    interpreter = await pyodide.loadPyodide(settings);
  }
  const path = `${interpreter.FS.cwd()}/game.zip`;
  interpreter.FS.writeFile(path, new Uint8Array(await bundle));
  interpreter.runPython(`import sys\nif ${JSON.stringify(path)} not in sys.path: sys.path.insert(0, ${JSON.stringify(path)})`);
  skipPackageWrites(interpreter);
  cacheSnapshotWhenIdle();
  return interpreter;
}

// Before the page's script, PyScript runs Python that writes its own package into the
// file system (pathlib, 20 files, 33 KB of source compiled at every start), then imports
// it. The game uses nothing of that package (it takes `document` and `window` from
// Pyodide's `js` module), so both are dropped: the writes cost 50-100 ms per start, the
// import (display, fetch, storage, websocket, workers...) another ~50 (docs/
// performance.md). The site ships neither the package nor the standard-library modules
// only it imports (tools/compile_pyc.mjs). PyScript sends that code before every <script type="py">; it
// is matched exactly, and any other shape (another PyScript) runs as PyScript wrote it,
// which tests/browser/test_boot.py reports so that this is looked at again.
const PACKAGE_WRITES_START = "import os as _os\nfrom pathlib import Path as _Path\n_path = None\n";
const PACKAGE_WRITES_END = "import pyscript as _pyscript\ndel _Path\ndel _path\ndel _os\ndel _pyscript\n";

function skipPackageWrites(interpreter) {
  const withoutWrites = (code) => {
    const end = typeof code === "string" && code.startsWith(PACKAGE_WRITES_START) ? code.indexOf(PACKAGE_WRITES_END) : -1;
    return end < 0 ? code : code.slice(end + PACKAGE_WRITES_END.length);
  };
  // A <script type="py"> is async unless it says otherwise: PyScript runs it, and the
  // code before it, with runPythonAsync.
  for (const name of ["runPython", "runPythonAsync"]) {
    const run = interpreter[name];
    interpreter[name] = function (code, ...rest) { return run.call(this, withoutWrites(code), ...rest); };
  }
}

/** Pyodide restored from the snapshot's bytes (read from the cache the service worker
 * keeps), or null on any failure (a damaged entry, another build's, a browser that
 * cannot), after which the page starts Python afresh and the player sees nothing of it. */
async function fromSnapshot(bytes, create) {
  try {
    const snapshot = unpackSnapshot(new Uint8Array(bytes));
    const interpreter = await pyodide.loadPyodide({
      indexURL, stdLibURL, lockFileContents, createPyodideModule: create, _loadSnapshot: snapshot,
    });
    // Every restore starts from the build's state: `random` gets this browser's entropy.
    interpreter.runPython("import random\nrandom.seed()");
    return interpreter;
  } catch (error) {
    console.warn("Starting Python afresh: the saved snapshot did not load.", error);
    forgetSnapshot();
    return null;
  }
}

/** The snapshot's memory from the file the build stores (tools/make_snapshot.mjs,
 * packSnapshot): its pages of zeros are left out there and put back here. Throws on a
 * file of any other shape (damaged, cut short). */
function unpackSnapshot(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const magic = String.fromCharCode(...bytes.subarray(0, 8));
  if (bytes.length < 16 || magic !== "DPSNAP01") throw new Error("not a packed snapshot");
  const length = view.getUint32(8, true), pageSize = view.getUint32(12, true);
  const pageCount = Math.ceil(length / pageSize);
  const bitmap = bytes.subarray(16, 16 + Math.ceil(pageCount / 8));
  const memory = new Uint8Array(length);
  let offset = 16 + bitmap.length;
  for (let page = 0; page < pageCount; page++) {
    if (bitmap[page >> 3] & (1 << (page & 7))) {
      const size = Math.min(pageSize, length - page * pageSize);
      if (offset + size > bytes.length) throw new Error("packed snapshot cut short");
      memory.set(bytes.subarray(offset, offset + size), page * pageSize);
      offset += size;
    }
  }
  if (offset !== bytes.length) throw new Error("packed snapshot too long");
  return memory;
}

function forgetSnapshot() {
  caches.keys()
    .then((names) => Promise.all(names.map((name) => caches.open(name).then((cache) => cache.delete(snapshotURL)))))
    .catch(() => {});
}

/** Once the page has been up a while and the player is idle, ask the service worker to
 * keep the snapshot (it downloads it itself: 31 MB never cross the page's main thread
 * while the player plays): the next visit starts from it. And the official rules' strategy
 * table (0.5 MB), so that the coach and Today's ten work offline even if the player never
 * asked for them online. Not before the worker controls the page, not twice, not on a
 * data-saving connection. */
function cacheSnapshotWhenIdle() {
  keepWhenIdle("KEEP_SNAPSHOT", snapshotURL);
  keepWhenIdle("KEEP_TABLE", officialTableURL);
}

function keepWhenIdle(type, url) {
  const container = navigator.serviceWorker;
  if (!container || typeof caches === "undefined" || navigator.connection?.saveData) return;
  (async () => {
    if (await caches.match(url)) return;
    await new Promise((resolve) => setTimeout(resolve, SNAPSHOT_AFTER_MS));
    if (!container.controller) {
      await new Promise((resolve) => container.addEventListener("controllerchange", resolve, { once: true }));
    }
    await new Promise((resolve) => (globalThis.requestIdleCallback ?? setTimeout)(resolve));
    container.controller.postMessage({ type, url });
  })().catch(() => {});  // no worker after all: the next visit tries again
}
