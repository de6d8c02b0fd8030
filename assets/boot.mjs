// The interpreter module PyScript loads (`interpreter` in pyscript.toml): Pyodide's own
// module, re-exported unchanged (PyScript reads `version` from it), with a loadPyodide()
// that gives Pyodide the site's standard library and installs the game before PyScript
// runs `import game.main`.
//
// Both archives come from tools/build.py. stdlib.zip is Pyodide's standard library with
// the bytecode of every module imported at start-up added: Pyodide ships it as source
// only, and compiling it was most of Python's start-up (about 2.0 s down to 0.65 s here,
// docs/performance.md). game.zip holds the game's modules and PyScript's own Python
// package, with their bytecode; it goes first on sys.path as it is, and Python imports
// from it directly (zipimport), so nothing is unpacked and nothing is compiled at
// start-up. index.html preloads both, so they have arrived when Pyodide asks.
//
// The build points the imports at the versioned runtime directory.
import * as pyodide from "../runtime/pyodide/pyodide.mjs";

export * from "../runtime/pyodide/pyodide.mjs";

const bundleURL = new URL("../game.zip", import.meta.url).href;
const stdLibURL = new URL("../stdlib.zip", import.meta.url).href;
// PyScript passes this module's folder as indexURL; the runtime lives in its own.
const indexURL = new URL("../runtime/pyodide/", import.meta.url).href;

/** PyScript's entry point: Pyodide, loaded as PyScript asks, with the game installed. */
export async function loadPyodide(options = {}) {
  const bundle = fetch(bundleURL).then((response) => {
    if (!response.ok) throw new Error(`${bundleURL}: HTTP ${response.status} ${response.statusText}`);
    return response.arrayBuffer();
  });
  const interpreter = await pyodide.loadPyodide({ ...options, indexURL, stdLibURL });
  const path = `${interpreter.FS.cwd()}/game.zip`;
  interpreter.FS.writeFile(path, new Uint8Array(await bundle));
  interpreter.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(path)})`);
  return interpreter;
}
