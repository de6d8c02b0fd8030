// Boots the site's own Pyodide and nothing more: the floor the game page is measured against.
import { loadPyodide } from "./runtime/pyodide/pyodide.mjs";

const pyodide = await loadPyodide({ indexURL: new URL("./runtime/pyodide/", location.href).href });
pyodide.runPython("import sys");
document.body.dataset.state = "ready";
