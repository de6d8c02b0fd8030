#!/usr/bin/env python3
"""What restoring Python's memory snapshot costs, and what a sparser restore would save (issue 43).

    python3 bench/bench_restore.py [--rounds 7] [--reps 9] [--no-small]

Copies dist/ (run `make build` first) into a temporary directory with a page of its own
(restore-bench.html; the repository is not touched), serves it from 127.0.0.1
(tools/serve.py) and, in Chromium unthrottled ("desktop") and at CPU 4x ("phone"), each round:
- micro: copying N 64 KiB pages into a fresh WebAssembly.Memory of Pyodide's 480 pages with
  Int8Array.set (as Pyodide's restoreSnapshot does: HEAP8.set(Uint8Array)), with
  Uint8Array.set, into the same memory again (pages already touched), growing a memory by
  N pages, and allocating the N pages as a Uint8Array;
- real: the site's snapshot file: assets/boot.mjs's unpackSnapshot (13 MB file to 31 MB),
  then HEAP8.set of the 31 MB into a fresh memory, against writing only the file's pages
  straight into a fresh memory ("sparse"), and that plus a scan of the left-out pages
  ("sparse+scan", which a real restore needs: the memory is not all zero by then);
- e2e: loadPyodide restoring the snapshot in a fresh tab: "copy" as the page does it (unpack,
  then Pyodide's HEAP8.set); "direct", API.restoreSnapshot replaced by the sparse+scan writer
  from the file's bytes (no 31 MB buffer, no full copy); "direct noscan" without the scan
  (valid only while "direct" finds no dirty page); "small": a snapshot made with no game
  module imported (unless --no-small). Each then imports the game's pure modules.
The snapshots' content first (zero 64 KiB and 4 KiB pages of the memory).
Prints medians in ms and every run.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "bench"))
import python_archives  # noqa: E402
import serve  # noqa: E402
from bench_page import ARGS, CHROMIUM  # noqa: E402

PAGE = 65536
MICRO_PAGES = (128, 200, 256, 368, 480)  # 8.4, 13.1, 16.8, 24.1, 31.5 MB
MODES = ("copy", "direct", "direct noscan", "small copy", "small direct")
JS = r"""
const PAGE = 65536, MEM_PAGES = 480, C = window.BENCH, now = () => performance.now();
const fresh = (pages) => new WebAssembly.Memory({ initial: pages, maximum: 65536 });
const time = (f) => { const t = now(); f(); return now() - t; };
const get = async (url) => new Uint8Array(await (await fetch(url)).arrayBuffer());
let keep = null, wasm = [];
for (const name of ["instantiateStreaming", "instantiate"]) {  // how much of "instantiate" is the wasm's
  const original = WebAssembly[name];
  WebAssembly[name] = (...a) => { const t = now(); return original(...a).finally(() => wasm.push(now() - t)); };
}
function unpack(bytes) {  // assets/boot.mjs's unpackSnapshot, checks left out
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const length = view.getUint32(8, true), pageSize = view.getUint32(12, true);
  const pageCount = Math.ceil(length / pageSize);
  const bitmap = bytes.subarray(16, 16 + Math.ceil(pageCount / 8));
  const memory = new Uint8Array(length);
  let offset = 16 + bitmap.length;
  for (let page = 0; page < pageCount; page++) {
    if (bitmap[page >> 3] & (1 << (page & 7))) {
      const size = Math.min(pageSize, length - page * pageSize);
      memory.set(bytes.subarray(offset, offset + size), page * pageSize);
      offset += size;
    }
  }
  return memory;
}
// The file's pages straight into `heap` (a view of the wasm memory), Pyodide's header (its
// first `skip` bytes) left out; with `scan`, the left-out pages' bytes zeroed where not zero.
function writeSparse(bytes, heap, skip, scan) {
  const length = new DataView(bytes.buffer, bytes.byteOffset).getUint32(8, true);
  const count = Math.ceil(length / PAGE), words = new Int32Array(heap.buffer);
  let offset = 16 + Math.ceil(count / 8), dirty = 0;
  for (let page = 0; page < count; page++) {
    const at = page * PAGE, size = Math.min(PAGE, length - at), start = Math.max(at, skip), end = at + size;
    if (bytes[16 + (page >> 3)] & (1 << (page & 7))) {
      if (end > skip) heap.set(bytes.subarray(offset + start - at, offset + size), start - skip);
      offset += size;
    } else if (scan && end > skip) {
      for (let i = (start - skip) >> 2, hi = (end - skip) >> 2; i < hi; i++) {
        if (words[i] !== 0) { heap.fill(0, start - skip, end - skip); dirty++; break; }
      }
    }
  }
  return dirty;
}
window.micro = (sizes, reps) => {
  const out = {};
  for (const pages of sizes) {
    const src = new Uint8Array(pages * PAGE).fill(7), r = { i8: [], u8: [], warm: [], grow: [], alloc: [] };
    for (let k = 0; k < reps; k++) {
      let m = fresh(MEM_PAGES);
      r.i8.push(time(() => new Int8Array(m.buffer).set(src)));
      r.warm.push(time(() => new Int8Array(m.buffer).set(src)));
      m = fresh(MEM_PAGES);
      r.u8.push(time(() => new Uint8Array(m.buffer).set(src)));
      const g = fresh(1);
      r.grow.push(time(() => g.grow(pages - 1)));
      r.alloc.push(time(() => { keep = new Uint8Array(pages * PAGE); }));
    }
    out[pages] = r;
  }
  return out;
};
window.real = async (url, reps) => {
  const bytes = await get(url), r = { unpack: [], set: [], sparse: [], "sparse+scan": [] };
  for (let k = 0; k < reps; k++) {
    let snap;
    r.unpack.push(time(() => { snap = unpack(bytes); }));
    const skip = new Uint32Array(snap.buffer, 0, 2)[1], heapBytes = snap.subarray(skip);
    if (heapBytes.length !== MEM_PAGES * PAGE) throw new Error("memory of " + heapBytes.length);
    let m = fresh(MEM_PAGES);
    r.set.push(time(() => new Int8Array(m.buffer).set(heapBytes)));
    m = fresh(MEM_PAGES);
    const heap = new Uint8Array(m.buffer);
    r.sparse.push(time(() => writeSparse(bytes, heap, skip, false)));
    if (k === 0 && !heap.every((b, i) => b === heapBytes[i])) throw new Error("sparse write differs");
    m = fresh(MEM_PAGES);
    r["sparse+scan"].push(time(() => writeSparse(bytes, new Uint8Array(m.buffer), skip, true)));
  }
  return r;
};
window.restore = async (url, mode, modules) => {
  const [bytes, game] = [await get(url), await get(C.gameURL)], create = globalThis.diceCreatePyodideModule;
  const t = {}, mark = (name) => { t[name] = now(); };
  let dirty = -1;
  wasm.length = 0;
  const wrapped = async (settings) => {
    mark("create");
    const module = await create(settings);
    mark("instantiated");
    const original = module.API.restoreSnapshot;
    module.API.restoreSnapshot = (snap) => {
      mark("restore");
      let meta;
      if (mode === "copy") meta = original(snap);
      else {
        const first = 16 + Math.ceil(Math.ceil(new DataView(snap.buffer).getUint32(8, true) / PAGE) / 8);
        const skip = new DataView(snap.buffer).getUint32(first + 4, true);
        if (!(snap[16] & 1) || skip > PAGE) throw new Error("unexpected header");
        meta = original(snap.slice(first, first + skip));  // checks magic and build id, copies nothing
        dirty = writeSparse(snap, new Uint8Array(module.HEAP8.buffer), skip, mode === "direct");
      }
      mark("restored");
      return meta;
    };
    return module;
  };
  mark("start");
  const snap = mode === "copy" ? unpack(bytes) : bytes;
  mark("unpacked");
  const py = await pyodide.loadPyodide({ indexURL: C.indexURL, stdLibURL: C.stdLibURL,
    lockFileContents: { info: C.lockInfo, packages: {} }, createPyodideModule: wrapped, _loadSnapshot: snap });
  mark("loaded");
  const path = py.FS.cwd() + "/game.zip";
  py.FS.writeFile(path, game);
  py.runPython(`import sys\nsys.path.insert(0, ${JSON.stringify(path)})`);
  mark("imports");
  py.runPython(`import importlib\nfor m in ${JSON.stringify(modules)}: importlib.import_module(m)`);
  mark("imported");
  const check = py.runPython("import sys; len(sys.modules)");
  const d = (a, b) => t[b] - t[a];
  return { unpack: d("start", "unpacked"), "to create": d("unpacked", "create"),
    instantiate: d("create", "instantiated"), "of which wasm": wasm.reduce((a, b) => a + b, 0),
    "write memory": d("restore", "restored"), "finalize+rest": d("restored", "loaded"),
    "loadPyodide total": d("start", "loaded"), "game imports": d("imports", "imported"),
    "to game ready": d("start", "imported"), dirty, check };
};
"""


def analyze(path: Path) -> dict[str, Any]:
    """The packed file's header and the memory it unpacks to: zero pages at 64 KiB and 4 KiB."""
    data = path.read_bytes()
    length, size = int.from_bytes(data[8:12], "little"), int.from_bytes(data[12:16], "little")
    count = -(-length // size)
    bitmap, offset, blob = data[16:16 + -(-count // 8)], 16 + -(-count // 8), bytearray(length)
    for page in (p for p in range(count) if bitmap[p >> 3] & (1 << (p & 7))):
        n = min(size, length - page * size)
        blob[page * size:page * size + n], offset = data[offset:offset + n], offset + n
    skip, memory = int.from_bytes(blob[4:8], "little"), bytes(blob[int.from_bytes(blob[4:8], "little"):])
    zero = {step: [memory[i:i + step] == bytes(step) for i in range(0, len(memory), step)] for step in (PAGE, 4096)}
    runs = re.finditer("1+", "".join("01"[z] for z in zero[PAGE]))
    return {"file MB": len(data) / 1e6, "header bytes": skip, "memory MB": len(memory) / 1e6,
            "file pages kept": f"{sum(bin(b).count('1') for b in bitmap)}/{count}",
            **{f"zero {step // 1024}K pages": f"{sum(z)}/{len(z)}" for step, z in zero.items()},
            **{f"non-zero MB at {step // 1024}K": (len(z) - sum(z)) * step / 1e6 for step, z in zero.items()},
            "zero 64K runs (pages)": [f"{m.start()}-{m.end() - 1}" for m in runs if m.end() - m.start() > 1]}


def prepare(site: Path, small: bool) -> tuple[dict[str, str], list[str]]:
    """The bench page in the copied site; the snapshots' paths in it; the game's pure modules."""
    boot = (site / "assets/boot.mjs").read_text(encoding="utf-8")
    lock_info = json.loads(re.search(r"lockFileContents = \{ info: (\{.*?\}), packages", boot)[1])  # type: ignore[index]
    stdlib, game = (next(site.glob(f"py/{n}-*.zip")).relative_to(site).as_posix() for n in ("stdlib", "game"))
    runtime = next(site.glob("runtime/pyodide-*")).name
    with zipfile.ZipFile(site / game) as archive:
        modules = python_archives.snapshot_modules(archive.namelist())
    snaps = {"full": next(site.glob("py/snapshot-*.bin")).relative_to(site).as_posix()}
    if small:
        done = subprocess.run(["node", "tools/make_snapshot.mjs", str(site), stdlib, game, json.dumps(lock_info), "[]"],
                              cwd=ROOT, capture_output=True, text=True, check=True)
        snaps["small"] = done.stdout.strip().splitlines()[-1]
        print(done.stderr.strip())
    config = {"indexURL": f"/runtime/{runtime}/", "stdLibURL": f"/{stdlib}", "gameURL": f"/{game}",
              "lockInfo": lock_info}
    (site / "restore-bench.js").write_text(f'import * as pyodide from "./runtime/{runtime}/pyodide.mjs";\n'
                                           f"window.BENCH = {json.dumps(config)};\n" + JS)
    (site / "restore-bench.html").write_text(f'<!doctype html><meta charset="utf-8"><title>restore bench</title><script'
                                             f' src="runtime/{runtime}/pyodide.asm.js"></script><script type="module"'
                                             ' src="restore-bench.js"></script>')
    return snaps, modules


def tab(context: Any, url: str, rate: int) -> Any:
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    page.goto(url)
    page.wait_for_function("typeof window.restore === 'function' && !!globalThis.diceCreatePyodideModule")
    page._bench_cdp = cdp  # keep the session (and its throttling) alive with the page
    return page


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--reps", type=int, default=9, help="repetitions of micro and real in a round")
    parser.add_argument("--no-small", action="store_true", help="skip the snapshot with no game module")
    args = parser.parse_args()
    site = (work := Path(tempfile.mkdtemp(prefix="bench-restore-"))) / "site"
    shutil.copytree(ROOT / "dist", site)
    snaps, modules = prepare(site, not args.no_small)
    for name, rel in snaps.items():
        print(f"snapshot {name} ({rel}):", json.dumps(analyze(site / rel)))
    server, base = serve.start_server(site)
    url = base + "restore-bench.html"
    modes = [m for m in MODES if "small" not in m or "small" in snaps]
    results: dict[str, dict[str, dict[str, list[float]]]] = {}
    checks: set[str] = set()  # restored modules and dirty pages per mode
    with sync_playwright() as pw:
        browsers = {}
        for profile, rate in (("desktop", 1), ("phone", 4)):
            context = pw.chromium.launch_persistent_context(str(work / profile), executable_path=CHROMIUM, args=ARGS)
            for _ in range(2):  # HTTP and wasm code caches warm, as on a return
                page = tab(context, url, 1)
                page.evaluate("([u, m]) => restore(u, 'copy', m)", ["/" + snaps["full"], modules])
                time.sleep(5)
                page.close()
            browsers[profile] = (context, rate)
        for rnd in range(args.rounds):
            for profile, (context, rate) in browsers.items():
                into = results.setdefault(profile, {})
                page = tab(context, url, rate)
                for pages, row in page.evaluate("([s, r]) => micro(s, r)", [list(MICRO_PAGES), args.reps]).items():
                    cells = into.setdefault(f"micro {int(pages) * PAGE / 1e6:4.1f} MB", {})
                    for key, values in row.items():
                        cells.setdefault(key, []).extend(values)
                for key, values in page.evaluate("([u, r]) => real(u, r)", ["/" + snaps["full"], args.reps]).items():
                    into.setdefault("real", {}).setdefault(key, []).extend(values)
                page.close()
                order = modes[rnd % len(modes):] + modes[:rnd % len(modes)]
                for mode in order:
                    page = tab(context, url, rate)
                    snap = snaps["small" if "small" in mode else "full"]
                    got = page.evaluate("([u, m, mods]) => restore(u, m, mods)",
                                        ["/" + snap, mode.removeprefix("small "), modules])
                    page.close()
                    checks.add(f"{mode}: {got.pop('check')} modules, dirty {got['dirty']}")
                    for key, value in got.items():
                        into.setdefault(f"e2e {mode}", {}).setdefault(key, []).append(value)
            print(f"round {rnd + 1} done", flush=True)
        for context, _ in browsers.values():
            context.close()
    server.shutdown()
    print("\nchecks:", *sorted(checks), sep="\n  ")
    for profile, groups in results.items():
        print(f"\n== {profile}: medians in ms (n), then all runs")
        for group, row in groups.items():
            print(f"{group:22s}", "  ".join(f"{k} {statistics.median(v):7.1f} ({len(v)})" for k, v in row.items()))
        for group, row in groups.items():
            for key, values in row.items():
                print(f"  {group} / {key}:", " ".join(f"{v:.1f}" for v in values))
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
