// Boots the site's own Pyodide and nothing more: the floor the game page is measured against.
// With <html data-stdlib="..."> (bench/bench_page.py writes bare-bytecode.html so), it
// boots with that standard library instead of the one Pyodide ships.
import { loadPyodide } from "./runtime/pyodide/pyodide.mjs";

const stdlib = document.documentElement.dataset.stdlib;
const pyodide = await loadPyodide({
  indexURL: new URL("./runtime/pyodide/", location.href).href,
  ...(stdlib ? { stdLibURL: new URL(stdlib, location.href).href } : {}),
});
pyodide.runPython("import sys");
document.body.dataset.state = "ready";
