// The interpreter module PyScript loads (`interpreter` in pyscript.toml): Pyodide's own
// module, re-exported unchanged (PyScript reads `version` from it), with a loadPyodide()
// that hands PyScript a Pyodide with the game installed.
//
// index.html also loads this module `async` at the top of <head>, so Pyodide starts
// loading at once: its JavaScript is evaluated and its WebAssembly compiled while it
// downloads, in the time PyScript spends on its own start-up (about 250 ms here, mostly
// waiting). Only the last step, Python's own 2-second initialisation, waits until
// PyScript asks for the interpreter, so that it does not block PyScript's start-up.
// docs/performance.md has the measurements, with and without.
//
// Both archives come from tools/build.py. stdlib.zip is Pyodide's standard library with
// the bytecode of every module imported at start-up added (Pyodide ships it as source
// only, and compiling it was most of Python's start-up). game.zip holds the game's
// modules and PyScript's own Python package, with their bytecode; it goes first on
// sys.path as it is, and Python imports from it directly (zipimport), so nothing is
// unpacked and nothing is compiled at start-up.
//
// The build points the imports at the versioned runtime directory.
import * as pyodide from "../runtime/pyodide/pyodide.mjs";

export * from "../runtime/pyodide/pyodide.mjs";

const bundleURL = new URL("../game.zip", import.meta.url).href;
const stdLibURL = new URL("../stdlib.zip", import.meta.url).href;
// PyScript passes this module's folder as indexURL; the runtime lives in its own.
const indexURL = new URL("../runtime/pyodide/", import.meta.url).href;

let asked;
const whenAsked = new Promise((resolve) => { asked = resolve; });

const bundle = fetch(bundleURL).then((response) => {
  if (!response.ok) throw new Error(`${bundleURL}: HTTP ${response.status} ${response.statusText}`);
  return response.arrayBuffer();
});

// `createPyodideModule` (typed in pyodide.d.ts, marked experimental) lets us wrap
// Emscripten's documented `instantiateWasm` hook: Pyodide compiles and instantiates
// the WebAssembly as usual, and the callback that goes on to start Python waits for
// `whenAsked`. The Pyodide version is pinned, and every browser test boots through here.
const early = pyodide.loadPyodide({
  indexURL,
  stdLibURL,
  async createPyodideModule(settings) {
    const { default: create } = await import("../runtime/pyodide/pyodide.asm.mjs");
    const instantiate = settings.instantiateWasm;
    settings.instantiateWasm = (imports, done) =>
      instantiate(imports, (instance, module) => whenAsked.then(() => done(instance, module)));
    return create(settings);
  },
});
// A failure is PyScript's to report, when it asks: not an unhandled rejection before that.
early.catch(() => {});
bundle.catch(() => {});

/** PyScript's entry point: the early Pyodide, with PyScript's output streams and the game. */
export async function loadPyodide(options = {}) {
  asked();
  const unknown = Object.keys(options).filter((key) => !["indexURL", "stdout", "stderr"].includes(key));
  if (unknown.length) throw new Error(`assets/boot.mjs started Pyodide without PyScript's ${unknown.join(", ")}`);
  const interpreter = await early;
  // What PyScript would have passed to Pyodide's loadPyodide(): its stdout and stderr.
  if (options.stdout) interpreter.setStdout({ batched: options.stdout });
  if (options.stderr) interpreter.setStderr({ batched: options.stderr });
  const path = `${interpreter.FS.cwd()}/game.zip`;
  interpreter.FS.writeFile(path, new Uint8Array(await bundle));
  interpreter.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(path)})`);
  return interpreter;
}
