// Compile the game's modules to bytecode for the browser's Python, at build time.
//
//   node tools/compile_pyc.mjs <site dir>
//
// Pyodide runs a newer Python than the build machine, so its own interpreter (from
// node_modules, run by Node) compiles every game/**/*.py under <site dir> into
// __pycache__/*.cpython-<ver>.pyc, as "unchecked hash" files (PEP 552): the browser's
// import system uses them without comparing timestamps, which PyScript's unzipping
// does not keep. Saves compiling the sources at every page load (docs/performance.md).
import { loadPyodide } from "pyodide";
import path from "node:path";

const site = path.resolve(process.argv[2]);
const pyodide = await loadPyodide();
pyodide.FS.mkdirTree("/site");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: site }, "/site");
const count = pyodide.runPython(`
import pathlib, py_compile
count = 0
for source in sorted(pathlib.Path("/site/game").rglob("*.py")):
    relative = source.relative_to("/site")
    py_compile.compile(str(source), cfile=py_compile.importlib.util.cache_from_source(str(source)),
                       dfile=str(relative), doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    count += 1
count
`);
console.log(`compile_pyc: ${count} modules compiled for Python ${pyodide.version}`);
