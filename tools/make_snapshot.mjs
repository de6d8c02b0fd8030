// Make the Python memory snapshot a returning player's page starts from.
//
//   node tools/make_snapshot.mjs <site dir> <stdlib archive> <game archive> <lock info JSON> <modules JSON>
//
// (the archives as paths inside the site dir: py/stdlib-<hash>.zip; the modules to import,
// a JSON list). Prints the snapshot's path inside the site dir, py/snapshot-<hash>.bin,
// named by its content.
//
// Pyodide's own mechanism (loadPyodide's _makeSnapshot / _loadSnapshot, marked private in
// pyodide.d.ts; Cloudflare's Python Workers run on it): the whole WebAssembly memory of an
// interpreter that has started and imported the game's pure modules (not game.web, which
// touches the page, nor game.main, which starts it). Restoring it skips Python's start-up
// and those imports (docs/performance.md).
//
// What restoring asks of this snapshot, and how it is met:
// - the same Pyodide build (checked by Pyodide against the build id inside);
// - the same files at the same paths: the standard library's archive is where Pyodide
//   always puts it, and the game's is written where assets/boot.mjs writes it; the
//   zipimport caches are emptied before the snapshot is taken, so that a later import
//   reads the archive's directory afresh;
// - no JavaScript object held by Python (none: only pure modules are imported);
// - reproducible: the same inputs give the same bytes (a fixed hash seed, and the
//   entropy Python asks for while this runs comes from a fixed generator). So every
//   restored page starts with the same `random` state and string hashes: assets/boot.mjs
//   reseeds `random` from the browser's entropy after restoring.
//
// Stored sparse: of the 31.5 MB (the memory Pyodide starts with), some 18 MB are whole
// 64 KiB pages of zeros (the space between the stack and the heap, and the heap's unused
// end). The file holds a bitmap of the other pages and those pages only; assets/boot.mjs
// expands it (unpackSnapshot). A returning player's page reads 13 MB from the cache
// instead of 31.5, which was its slowest wait (docs/performance.md).
import nodeCrypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const PAGE = 65536;  // a WebAssembly page
const [siteArg, stdlibPath, gamePath, lockInfo, modules] = process.argv.slice(2);
const site = path.resolve(siteArg);

// Emscripten's getentropy() reads crypto.getRandomValues (node:crypto's randomFillSync
// on older Nodes): a fixed xorshift stream instead, for this process only.
let state = 0x2545f491;
const fixedEntropy = (view) => {
  const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  for (let i = 0; i < bytes.length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    bytes[i] = state & 0xff;
  }
  return view;
};
nodeCrypto.randomFillSync = fixedEntropy;
Object.defineProperty(globalThis.crypto, "getRandomValues", { value: fixedEntropy });
// And a clock that starts at the same moment in every build and ticks a millisecond per
// reading: Python keeps some times it reads (the start-up's, a module's import).
let tick = Date.UTC(2026, 0, 1);
const clock = () => (tick += 1);
Date.now = clock;
globalThis.performance.now = () => clock() - Date.UTC(2026, 0, 1);
Math.random = () => (fixedEntropy(new Uint32Array(1))[0] / 2 ** 32);
// Emscripten keeps the script's path (argv[0] of the program) in memory: the same one
// wherever the checkout is.
process.argv[1] = "make_snapshot.mjs";

const { loadPyodide } = await import("pyodide");
const pyodide = await loadPyodide({
  _makeSnapshot: true,
  stdLibURL: path.join(site, stdlibPath),
  lockFileContents: { info: JSON.parse(lockInfo), packages: {} },
  env: { PYTHONHASHSEED: "0" },
});
// As assets/boot.mjs does it: the game's archive in the home folder, first on sys.path.
const archive = `${pyodide.FS.cwd()}/game.zip`;
pyodide.FS.writeFile(archive, fs.readFileSync(path.join(site, gamePath)));
const count = pyodide.runPython(`
import gc, importlib, sys, zipimport
sys.path.insert(0, ${JSON.stringify(archive)})
pure = ${JSON.stringify(JSON.parse(modules))}
for name in pure:
    importlib.import_module(name)
zipimport._zip_directory_cache.clear()
sys.path_importer_cache.clear()
gc.collect()
len(pure)
`);
const snapshot = pyodide.makeMemorySnapshot();
const packed = packSnapshot(snapshot);
const hash = nodeCrypto.createHash("sha256").update(packed).digest("hex").slice(0, 12);
const name = `py/snapshot-${hash}.bin`;
fs.writeFileSync(path.join(site, name), packed);
console.error(`make_snapshot: ${count} game modules imported, ${(snapshot.length / 1e6).toFixed(1)} MB,` +
  ` ${(packed.length / 1e6).toFixed(1)} MB stored`);
console.log(name);

/** The snapshot without its pages of zeros: "DPSNAP01", the full length and the page size
 * (u32, little-endian), a bitmap of the pages kept (bit i of byte i >> 3: page i holds a
 * byte other than zero), then those pages in order (the last one may be short). */
function packSnapshot(bytes) {
  const pageCount = Math.ceil(bytes.length / PAGE);
  const bitmap = new Uint8Array(Math.ceil(pageCount / 8));
  const kept = [];
  for (let page = 0; page < pageCount; page++) {
    const body = bytes.subarray(page * PAGE, (page + 1) * PAGE);
    if (body.some((byte) => byte !== 0)) {
      bitmap[page >> 3] |= 1 << (page & 7);
      kept.push(body);
    }
  }
  const head = Buffer.alloc(16);
  head.write("DPSNAP01", 0, "latin1");
  head.writeUInt32LE(bytes.length, 8);
  head.writeUInt32LE(PAGE, 12);
  return Buffer.concat([head, bitmap, ...kept]);
}
