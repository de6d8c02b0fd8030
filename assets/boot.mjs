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
// The build points the imports at the versioned runtime directory.
import * as pyodide from "../runtime/pyodide/pyodide.mjs";

export * from "../runtime/pyodide/pyodide.mjs";

const bundleURL = new URL("../game.zip", import.meta.url).href;
const stdLibURL = new URL("../stdlib.zip", import.meta.url).href;
// PyScript passes this module's folder as indexURL; the runtime lives in its own.
const indexURL = new URL("../runtime/pyodide/", import.meta.url).href;
// What Pyodide would fetch as pyodide-lock.json: the runtime's description, without the
// packages, none of which the game loads (the build writes it; one request fewer).
const lockFileContents = { info: "build: lock info", packages: {} };

/** PyScript's entry point: Pyodide, loaded as PyScript asks, with the game installed. */
export async function loadPyodide(options = {}) {
  const bundle = fetch(bundleURL).then((response) => {
    if (!response.ok) throw new Error(`${bundleURL}: HTTP ${response.status} ${response.statusText}`);
    return response.arrayBuffer();
  });
  const interpreter = await pyodide.loadPyodide({ ...options, indexURL, stdLibURL, lockFileContents });
  const path = `${interpreter.FS.cwd()}/game.zip`;
  interpreter.FS.writeFile(path, new Uint8Array(await bundle));
  interpreter.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(path)})`);
  return interpreter;
}
