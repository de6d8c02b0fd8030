// Compile the browser's Python to bytecode at build time.
//
//   node tools/compile_pyc.mjs <site dir> <PyScript core chunk>
//
// Pyodide runs a newer Python than the build machine, so its own interpreter (from
// node_modules, run by Node) compiles, as "unchecked hash" files (PEP 552, used by the
// import system without comparing timestamps or sources):
//
// - every game/**/*.py under <site dir>;
// - PyScript's own Python package, which PyScript's core writes to ./pyscript/ at every
//   start and then imports. Its sources are taken from the core chunk the site ships,
//   so the bytecode is that of the very text PyScript writes;
//   tests/browser/test_boot.py checks the source hash in the browser;
// - the standard-library modules imported at start-up: every one Pyodide's own start-up
//   imports (read from sys.modules once it is up), and those the page imports after it
//   (STDLIB below). Pyodide ships its standard library as source only (python_stdlib.zip
//   holds no .pyc), so Python would otherwise compile some 140 modules at every page
//   load, which is most of Pyodide's start-up: about 1.2 s of 2 s in Chromium here, and
//   1.4 s of 1.8 s under Node. They are compiled from the same python_stdlib.zip.
//   tests/browser/test_boot.py fails, naming the module, when the page compiles any
//   module from source.
//
// All of it goes to <site dir>/.zip-bytecode/ in zipimport's layout (game/rules.pyc,
// pyscript/web.pyc, html/entities.pyc). tools/build.py puts game/ and pyscript/ in
// game.zip, which assets/boot.mjs puts first on sys.path, and the standard library's in
// stdlib.zip, a copy of python_stdlib.zip plus that bytecode, which assets/boot.mjs
// hands Pyodide as its standard library (docs/performance.md).
import { loadPyodide } from "pyodide";
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";

const site = path.resolve(process.argv[2]);
const coreChunk = path.resolve(process.argv[3]);
// The standard library the page imports after Pyodide's start-up, as top-level names (a
// package goes whole). html (with html.entities): PyScript's display module; datetime:
// the game's dates; hashlib: the dice; secrets and hmac: a new game's seed.
const STDLIB = ["datetime", "hashlib", "hmac", "html", "secrets"];

/** PyScript's Python package, {"__init__.py": "...", "web.py": "...", ...} (nested for
 * sub-packages), read from the object literal the core chunk passes to its file writer. */
function pyscriptPackage() {
  const code = fs.readFileSync(coreChunk, "utf8");
  const marker = "{pyscript:{";
  const start = code.indexOf(marker);
  if (start < 0 || code.indexOf(marker, start + 1) >= 0) {
    throw new Error(`PyScript's Python package not found once in ${coreChunk}: update tools/compile_pyc.mjs`);
  }
  // The literal's end: the brace that closes the opening one, outside string literals.
  let depth = 0;
  let quote = null;
  let end = start;
  for (; end < code.length; end++) {
    const c = code[end];
    if (quote) {
      if (c === "\\") end++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'" || c === "`") quote = c;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) break;
  }
  // Plain data (string values in nested objects): evaluated in an empty context.
  const tree = vm.runInNewContext(`(${code.slice(start, end + 1)})`, {}, { timeout: 1000 });
  if (typeof tree.pyscript?.["__init__.py"] !== "string") throw new Error("unexpected shape of PyScript's package");
  return tree.pyscript;
}

/** Write the package's sources under `dir` (a path in Pyodide's file system). */
function writeTree(pyodide, dir, tree) {
  pyodide.FS.mkdirTree(dir);
  for (const [name, value] of Object.entries(tree)) {
    if (typeof value === "string") pyodide.FS.writeFile(`${dir}/${name}`, value);
    else writeTree(pyodide, `${dir}/${name}`, value);
  }
}

const pyodide = await loadPyodide();
// Before this script imports anything itself: the standard library start-up imported.
const startup = pyodide.runPython(`
import sys
sorted({m.__spec__.origin for m in list(sys.modules.values())
        if getattr(getattr(m, "__spec__", None), "origin", None) and m.__spec__.origin.endswith(".py")})
`).toJs();
pyodide.FS.mkdirTree("/site");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: site }, "/site");
writeTree(pyodide, "/pyscript-src/pyscript", pyscriptPackage());
const counts = pyodide.runPython(`
import pathlib, py_compile, shutil, sys, zipfile

def compile_one(source, cfile, dfile):
    pathlib.Path(cfile).parent.mkdir(parents=True, exist_ok=True)
    py_compile.compile(str(source), cfile=str(cfile), dfile=dfile, doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)

out = pathlib.Path("/site/.zip-bytecode")
shutil.rmtree(out, ignore_errors=True)

# The game: named in tracebacks as game/....
game_sources = sorted(pathlib.Path("/site/game").rglob("*.py"))
for source in game_sources:
    relative = source.relative_to("/site")
    compile_one(source, out / relative.with_suffix(".pyc"), str(relative))

# PyScript: named as the file PyScript writes, so tracebacks show its lines.
pyscript_sources = sorted(pathlib.Path("/pyscript-src/pyscript").rglob("*.py"))
for source in pyscript_sources:
    relative = source.relative_to("/pyscript-src")
    compile_one(source, out / relative.with_suffix(".pyc"), f"/home/pyodide/{relative}")

# The standard library: named as the file in Pyodide's own archive.
stdlib_zip = next(p for p in sys.path if p.endswith(".zip") and pathlib.Path(p).is_file())
stdlib = []
startup = [origin.removeprefix(f"{stdlib_zip}/") for origin in ${JSON.stringify(startup)}]
if not startup or any(origin.startswith("/") for origin in startup):
    raise SystemExit(f"unexpected start-up modules (not in {stdlib_zip}): {startup}")
with zipfile.ZipFile(stdlib_zip) as archive:
    names = archive.namelist()
    listed = set(startup)
    for top in ${JSON.stringify(STDLIB)}:
        package = [n for n in names if n.startswith(f"{top}/") and n.endswith(".py")]
        listed.update(package or [f"{top}.py"])
    for relative in sorted(listed):
        source = pathlib.Path("/stdlib-src", relative)
        source.parent.mkdir(parents=True, exist_ok=True)
        source.write_bytes(archive.read(relative))
        compile_one(source, out / pathlib.Path(relative).with_suffix(".pyc"), f"{stdlib_zip}/{relative}")
        stdlib.append(relative)
[len(game_sources), len(pyscript_sources), len(stdlib)]
`).toJs();
console.log(`compile_pyc: ${counts[0]} game modules, ${counts[1]} PyScript modules and ${counts[2]} ` +
  `standard-library modules compiled for Pyodide ${pyodide.version}`);
