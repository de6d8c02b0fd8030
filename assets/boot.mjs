// The interpreter module PyScript loads (`interpreter` in pyscript.toml): Pyodide's own
// module, re-exported unchanged (PyScript reads `version` from it), with a loadPyodide()
// that installs the game before PyScript runs game/main.py.
//
// The game is game.zip, built by tools/build.py: the game's modules with their bytecode,
// the bytecode of PyScript's own Python package and of the few standard-library modules
// the page imports that Pyodide ships as source only. The archive goes first on sys.path
// as it is, and Python imports from it directly (zipimport), so nothing is unpacked and
// nothing is compiled at start-up (docs/performance.md). index.html preloads it, so it
// has arrived by the time Python is up.
//
// The build points the imports at the versioned runtime directory.
import * as pyodide from "../runtime/pyodide/pyodide.mjs";

export * from "../runtime/pyodide/pyodide.mjs";

const bundleURL = new URL("../game.zip", import.meta.url).href;
// PyScript passes this module's folder as indexURL; the runtime lives in its own.
const indexURL = new URL("../runtime/pyodide/", import.meta.url).href;

/** PyScript's entry point: Pyodide, loaded as PyScript asks, with the game installed. */
export async function loadPyodide(options = {}) {
  const bundle = fetch(bundleURL).then((response) => {
    if (!response.ok) throw new Error(`${bundleURL}: HTTP ${response.status} ${response.statusText}`);
    return response.arrayBuffer();
  });
  const interpreter = await pyodide.loadPyodide({ ...options, indexURL });
  const path = `${interpreter.FS.cwd()}/game.zip`;
  interpreter.FS.writeFile(path, new Uint8Array(await bundle));
  interpreter.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(path)})`);
  return interpreter;
}
