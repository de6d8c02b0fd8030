// Compile the browser's Python to bytecode at build time.
//
//   node tools/compile_pyc.mjs <site dir>
//
// Pyodide runs a newer Python than the build machine, so its own interpreter (from
// node_modules, run by Node) compiles, as "unchecked hash" files (PEP 552, used by the
// import system without comparing timestamps or sources):
//
// - every game/**/*.py under <site dir>;
// - the standard library the site needs, and nothing else (the idea of pyodide-pack):
//   every module Pyodide's own start-up imports (read from sys.modules once it is up),
//   plus every module that importing what the game names in an import statement
//   (anywhere in its sources, in functions too) brings in. Not PyScript's own Python
//   package: PyScript writes and imports it at every start, but assets/boot.mjs drops
//   both (the game takes document and window from Pyodide's js module), so the site
//   ships neither it nor what only it imports (html and its 2,000 entities, base64):
//   about 28 KB less at brotli-11. Pyodide ships its standard library as source only
//   (python_stdlib.zip holds no .pyc), so Python would otherwise compile some 140
//   modules at every page load: about 1.2 s of 2 s in Chromium here. The site ships
//   their bytecode only, without docstrings: about 0.6 MB in brotli against 3.8 MB for
//   Pyodide's whole library with the bytecode. tests/browser/pages.py fails a test,
//   naming the module, when the page asks for a standard-library module the site left out.
//
// Everything is compiled without column ranges (PYTHONNODEBUGRANGES: tracebacks keep
// their line numbers and lose only the ^^^ markers), a fifth less to download.
// All of it goes to <site dir>/.zip-bytecode/ in zipimport's layout (game/rules.pyc,
// asyncio/events.pyc), with stdlib-modules.json (what was included, and why).
// tools/build.py puts game/ in the game's archive, which
// assets/boot.mjs puts first on sys.path, and the rest in the standard library's, which
// assets/boot.mjs hands Pyodide as its standard library (docs/performance.md).
import { loadPyodide } from "pyodide";
import path from "node:path";

const site = path.resolve(process.argv[2]);
// Standard-library modules imported only inside other standard-library functions, which
// the import statements of the game do not reveal (none so far: the browser
// tests name any that is missing).
const LAZY_STDLIB = [];

// Two interpreters: a probe that imports nothing but what is asked (start-up's modules,
// then the standard-library names the game imports), so that its
// sys.modules is exactly what the page needs; and the compiler, which imports its tools.
const probe = await loadPyodide();
const pyodide = await loadPyodide({ env: { PYTHONNODEBUGRANGES: "1" } });
// Before the probe imports anything: the standard library start-up imported.
const ORIGINS = `sorted({m.__spec__.origin for m in list(sys.modules.values())
        if getattr(getattr(m, "__spec__", None), "origin", None) and m.__spec__.origin.endswith(".py")})`;
const startup = probe.runPython(`import sys\n${ORIGINS}`).toJs();
pyodide.FS.mkdirTree("/site");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: site }, "/site");
const named = JSON.parse(pyodide.runPython(`
import ast, importlib, json, pathlib, py_compile, shutil, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc
from importlib.util import source_hash

class StripDocstrings(ast.NodeTransformer):
    """Drops the docstring of every module, class and function (__doc__ becomes None);
    with classes="blank", a class's becomes one space instead (see the game's below)."""
    def __init__(self, classes=True):
        self.classes = classes
    def visit_ClassDef(self, node):
        return self._strip(node, " " if self.classes == "blank" else None)
    def _strip(self, node, blank=None):
        self.generic_visit(node)
        first = node.body[0] if node.body else None
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
            if blank is not None:
                first.value.value = blank
            else:
                node.body = node.body[1:] or [ast.copy_location(ast.Pass(), first)]
        return node
    def visit_Module(self, node):
        return self._strip(node)
    visit_FunctionDef = visit_AsyncFunctionDef = visit_Module

def compile_stripped(source_bytes, cfile, dfile, classes=True):
    code = compile(StripDocstrings(classes).visit(ast.parse(source_bytes, dfile)), dfile, "exec", dont_inherit=True)
    pathlib.Path(cfile).parent.mkdir(parents=True, exist_ok=True)
    pathlib.Path(cfile).write_bytes(_code_to_hash_pyc(code, source_hash(source_bytes), False))

def imported(source):
    """Every module name an import statement of this source names (from a import b: a and a.b)."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module
            yield from (f"{node.module}.{alias.name}" for alias in node.names)

out = pathlib.Path("/site/.zip-bytecode")
shutil.rmtree(out, ignore_errors=True)

# The game: named in tracebacks as game/....
# Not cli.py: the command-line coach (python -m game.cli) never runs in the page;
# nor game/session/fakes.py, the ports' fakes for the tests and the docstrings' examples.
NEVER_IN_THE_PAGE = ("game/cli.py", "game/session/fakes.py")
game_sources = sorted(p for p in pathlib.Path("/site/game").rglob("*.py")
                      if p.relative_to("/site").as_posix() not in NEVER_IN_THE_PAGE)
# Without the docstrings of modules and functions (the examples the tests run), a quarter
# less to download; a class's becomes one space, 3 % less again (nothing in the page reads
# them), and not None, or dataclasses would build one for each at import.
for source in game_sources:
    relative = source.relative_to("/site")
    compile_stripped(source.read_bytes(), out / relative.with_suffix(".pyc"), str(relative), classes="blank")

named = {name for source in game_sources for name in imported(source.read_bytes())}
# What Pyodide's library archive holds: the standard library and Pyodide's own packages
# (pyodide.http, _pyodide...).
stdlib_zip = next(p for p in sys.path if p.endswith(".zip") and pathlib.Path(p).is_file())
with zipfile.ZipFile(stdlib_zip) as archive:
    tops = {name.split("/")[0].removesuffix(".py") for name in archive.namelist()}
json.dumps(sorted(n for n in named if n.split(".")[0] in tops))
`));
// The probe imports them: its sys.modules then holds each with everything it imports.
const [origins, unavailable] = probe.runPython(`
import importlib  # imported at start-up already, as sys is
unavailable = []
for name in ${JSON.stringify([...named, ...LAZY_STDLIB])}:
    try:
        importlib.import_module(name)
    except ImportError:
        # "from a import b" where b is not a module, or a module Pyodide lacks (an import
        # the code guards): the page cannot import it either.
        if "." not in name or name.rsplit(".", 1)[0] not in sys.modules:
            unavailable.append(name)
[${ORIGINS}, unavailable]
`).toJs();
const compiled = pyodide.runPython(`
stdlib_zip = next(p for p in sys.path if p.endswith(".zip") and pathlib.Path(p).is_file())
prefix = f"{stdlib_zip}/"
startup = [origin.removeprefix(prefix) for origin in ${JSON.stringify(startup)}]
origins = [origin.removeprefix(prefix) for origin in ${JSON.stringify(origins)}]
if not startup or any(origin.startswith("/") for origin in startup + origins):
    raise SystemExit(f"unexpected modules (not in {stdlib_zip}): {startup + origins}")
stdlib = sorted(set(origins) | set(startup))
with zipfile.ZipFile(stdlib_zip) as archive:
    for relative in stdlib:
        cfile = out / pathlib.Path(relative).with_suffix(".pyc")
        dfile = f"{stdlib_zip}/{relative}"
        # Pyodide's own packages too: they attach their docstrings to JsProxy's methods
        # (_pyodide/docstring.py), and take a missing one as empty.
        compile_stripped(archive.read(relative), cfile, dfile)
(out / "stdlib-modules.json").write_text(json.dumps({
    "stdlib": stdlib, "startup": startup, "unavailable": ${JSON.stringify(unavailable)},
    "builtin": sorted(sys.builtin_module_names)}, indent=1))
[len(game_sources), len(stdlib)]
`).toJs();
console.log(`compile_pyc: ${compiled[0]} game modules and ${compiled[1]} standard-library modules compiled ` +
  `for Pyodide ${pyodide.version}`);
