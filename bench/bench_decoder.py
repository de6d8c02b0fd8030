#!/usr/bin/env python3
"""Spike: brotli-11 decoded by the browser (way A) or by a decoder in the page (way B).

    .venv/bin/python bench/bench_decoder.py [--rounds 5] [--lgwin 22] [--json out.json]

Needs dist/ (make build), node_modules/brotli-dec-wasm (npm ci) and the venv's brotli and
playwright. Serves from 127.0.0.1, in a thread of its own, the three largest files of a
first visit (Pyodide's wasm, the stdlib zip, pyodide.asm.js) in three ways:

- A: brotli-11 with ``Content-Encoding: br`` (stored .br files, the lead's Edge Function);
- B: the same brotli-11 bytes as ``application/octet-stream``, no Content-Encoding, decoded
  in the page by brotli-dec-wasm (its glue and wasm, brotli-11 with Content-Encoding, loaded
  at the request's start and counted in B's time). B-whole: arrayBuffer(), then one
  decompress(); B-stream: DecompressStream fed each chunk as it arrives; B-pipe (the wasm
  only): B-stream's output handed to WebAssembly.compileStreaming as a Response;
- C: brotli-4 with ``Content-Encoding: br``, as the host compresses today.

"Usable": the wasm compiled (compileStreaming(fetch()) for A and C, WebAssembly.compile of
the decoded bytes for B-whole and B-stream), the zip's bytes in an ArrayBuffer, the script's
text in a string. Each visit is a fresh Chromium profile on disk, one way and one target
(a file alone, or ``all`` three at once as a page asks for them), on the phone profile of
bench/phone_visits.py (Fast 4G, 4x CPU) and on desktop; the order of the ways turns every
round. Brotli outputs are cached in .cache/decoder-bench/.
"""

from __future__ import annotations

import argparse
import hashlib
import http.server
import json
import statistics
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

import brotli
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
from phone_visits import DESKTOP, PHONE, Profile, launch, open_tab  # noqa: E402

CACHE = ROOT / ".cache" / "decoder-bench"
DECODER = ROOT / "node_modules" / "brotli-dec-wasm" / "pkg"
#: The ways measured for each target (B-pipe needs a wasm); ``all``: the three files at once.
FILES = ("wasm", "stdlib", "asmjs")
WAYS = {"wasm": ["A", "B-whole", "B-stream", "B-pipe", "C"], "stdlib": ["A", "B-whole", "B-stream", "C"],
        "asmjs": ["A", "B-whole", "B-stream", "C"], "all": ["A", "B-whole", "B-stream", "B-pipe", "C"]}
#: The site's policy (netlify.toml) on the page: way B has to work under it.
CSP = "default-src 'self'; script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'; object-src 'none'"
PAGE = b'<!doctype html><meta charset="utf-8"><title>decoder</title><script type="module" src="/bench.mjs"></script>'
SCRIPT = r"""
const OUT = 1 << 18;  // decoded bytes per decompress() call at most
const dec = (stat, t0) => import('/dec/brotli_dec_wasm.js').then(async (m) => {
  await m.default(); stat.decoder = performance.now() - t0; return m; });
function concat(chunks) {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0)); let at = 0;
  for (const c of chunks) { out.set(c, at); at += c.length; } return out;
}
function decoding(decP, stat) {  // a TransformStream: brotli in, decoded chunks out
  let b, s;
  return new TransformStream({
    async start() { b = await decP; s = new b.DecompressStream(); },
    transform(chunk, controller) {
      const t = performance.now(); let code, at = 0;
      do {
        const r = s.decompress(chunk.subarray(at), OUT); code = r.code; at += r.input_offset;
        if (r.buf.length) controller.enqueue(r.buf); r.free();
      } while (code === b.BrotliStreamResultCode.NeedsMoreOutput);
      stat.cpu += performance.now() - t;
    },
  });
}
async function decoded(way, url, decP, stat) {
  const response = await fetch(url);
  if (way === 'B-whole') {
    const input = new Uint8Array(await response.arrayBuffer()); const b = await decP;
    const t = performance.now(); const out = b.decompress(input); stat.cpu += performance.now() - t; return out;
  }
  const chunks = []; const reader = response.body.pipeThrough(decoding(decP, stat)).getReader();
  for (;;) { const {done, value} = await reader.read(); if (done) break; chunks.push(value); }
  const t = performance.now(); const out = concat(chunks); stat.concat += performance.now() - t; return out;
}
async function usable(way, kind, url, decP, stat) {
  if (way === 'A' || way === 'C') {
    if (kind === 'wasm') return WebAssembly.compileStreaming(fetch(url));
    const response = await fetch(url); return kind === 'asmjs' ? response.text() : response.arrayBuffer();
  }
  if (way === 'B-pipe' && kind === 'wasm') {
    const body = (await fetch(url)).body.pipeThrough(decoding(decP, stat));
    return WebAssembly.compileStreaming(new Response(body, {headers: {'Content-Type': 'application/wasm'}}));
  }
  const bytes = await decoded(way, url, decP, stat);
  if (kind === 'wasm') { const t = performance.now(); const m = await WebAssembly.compile(bytes);
    stat.compile = performance.now() - t; return m; }
  return kind === 'asmjs' ? new TextDecoder().decode(bytes) : bytes.buffer;
}
const size = (v) => v instanceof WebAssembly.Module ? WebAssembly.Module.exports(v).length
  : typeof v === 'string' ? v.length : v.byteLength;
window.run = async (way, kinds) => {
  const stat = {cpu: 0, concat: 0, compile: null, decoder: null}; const t0 = performance.now();
  const decP = way.startsWith('B') ? dec(stat, t0) : null; const times = {}, sizes = {};
  await Promise.all(kinds.map(async (kind) => {
    const value = await usable(way, kind, `/${way[0]}/${kind}`, decP, stat);
    times[kind] = performance.now() - t0; sizes[kind] = size(value);
  }));
  const total = performance.now() - t0;
  await new Promise((resolve) => setTimeout(resolve, 100));  // a streamed body's entry comes late
  const net = performance.getEntriesByType('resource').filter((e) => e.startTime >= t0).map((e) => [
    new URL(e.name).pathname, e.startTime - t0, e.responseStart - t0, e.responseEnd - t0, e.encodedBodySize]);
  return {total, times, sizes, net, ...stat};
};
window.ready = true;
"""


def site_files() -> dict[str, tuple[Path, str]]:
    """The large files of dist/ by target name, with the Content-Type netlify.toml gives them."""
    dist = ROOT / "dist"
    runtime = next(dist.glob("runtime/pyodide-*"))
    return {"wasm": (runtime / "pyodide.asm.wasm", "application/wasm"),
            "stdlib": (next(dist.glob("py/stdlib-*.zip")), "text/plain; charset=x-user-defined"),
            "asmjs": (runtime / "pyodide.asm.js", "application/javascript; charset=utf-8")}


def compressed(path: Path, quality: int, lgwin: int) -> bytes:
    """``path`` at brotli ``quality``/``lgwin``, from .cache/ when it was done before."""
    data = path.read_bytes()
    cached = CACHE / f"{hashlib.sha256(data).hexdigest()[:16]}-q{quality}-w{lgwin}.br"
    if not cached.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        out = brotli.compress(data, quality=quality, lgwin=lgwin)
        assert brotli.decompress(out) == data
        cached.write_bytes(out)
    return cached.read_bytes()


class Server(http.server.ThreadingHTTPServer):
    """Routes: /page.html, /bench.mjs, /dec/<file> (brotli-11, Content-Encoding), and
    /{A,B,C}/<target>. ``sent`` logs (path, body bytes) of each response."""

    def __init__(self, routes: dict[str, tuple[bytes, str, str | None]]) -> None:
        super().__init__(("127.0.0.1", 0), Handler)
        self.routes = routes
        self.sent: list[tuple[str, int]] = []


class Handler(http.server.BaseHTTPRequestHandler):
    server: Server

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        path = self.path.split("?")[0]
        if path not in self.server.routes:
            self.send_error(404)
            return
        body, content_type, encoding = self.server.routes[path]
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("Content-Security-Policy", CSP)
        if encoding:
            self.send_header("Content-Encoding", encoding)
        self.end_headers()
        self.wfile.write(body)
        self.server.sent.append((path, len(body)))

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
        pass


def make_routes(lgwin: int) -> tuple[dict[str, tuple[bytes, str, str | None]], dict[str, Any]]:
    """The server's routes, and the sizes of every file and encoding (bytes)."""
    routes: dict[str, tuple[bytes, str, str | None]] = {
        "/page.html": (PAGE, "text/html; charset=utf-8", None),
        "/bench.mjs": (SCRIPT.encode(), "text/javascript; charset=utf-8", None)}
    sizes: dict[str, Any] = {}
    for name, content_type in (("brotli_dec_wasm.js", "text/javascript"),
                               ("brotli_dec_wasm_bg.wasm", "application/wasm")):
        body = compressed(DECODER / name, 11, 22)
        routes[f"/dec/{name}"] = (body, content_type, "br")
        sizes[name] = {"raw": (DECODER / name).stat().st_size, "br11": len(body)}
    for kind, (path, content_type) in site_files().items():
        eleven = compressed(path, 11, lgwin)
        routes[f"/A/{kind}"] = (eleven, content_type, "br")
        routes[f"/B/{kind}"] = (eleven, "application/octet-stream", None)
        routes[f"/C/{kind}"] = (compressed(path, 4, 22), content_type, "br")
        sizes[kind] = {"raw": path.stat().st_size, "br4": len(routes[f"/C/{kind}"][0]),
                       "br11-w22": len(compressed(path, 11, 22)), "br11-w24": len(compressed(path, 11, 24))}
    return routes, sizes


def visit(pw: Any, root: Path, server: Server, profile: Profile, way: str, target: str) -> dict[str, Any]:
    """One way, one target, in a fresh profile: the page's figures and the bytes sent for them."""
    context = launch(pw, root, profile)
    outside: list[str] = []
    context.on("request", lambda r: outside.append(r.url) if not r.url.startswith(
        ("http://127.0.0.1", "about:", "data:")) else None)
    try:
        tab = open_tab(context, profile)
        tab.page.goto(f"http://127.0.0.1:{server.server_port}/page.html")
        tab.page.wait_for_function("window.ready === true", timeout=60_000)
        server.sent.clear()
        kinds = list(FILES) if target == "all" else [target]
        result: dict[str, Any] = tab.page.evaluate("([way, kinds]) => window.run(way, kinds)", [way, kinds])
        result["sent"] = sum(n for _, n in server.sent)
        result["outside"] = outside
        return result
    finally:
        context.close()


def order(ways: list[str], round_: int) -> list[str]:
    """The ways in the order of one round: turned by one each round, reversed every other."""
    turned = ways[round_ % len(ways):] + ways[:round_ % len(ways)]
    return turned if round_ % 2 == 0 else turned[::-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--lgwin", type=int, default=22, choices=(22, 24), help="window of A's and B's brotli-11")
    parser.add_argument("--targets", default="wasm,stdlib,asmjs,all")
    parser.add_argument("--profiles", default="phone,desktop")
    parser.add_argument("--json", type=Path, help="write every visit's figures here")
    args = parser.parse_args()
    routes, sizes = make_routes(args.lgwin)
    print("bytes:", json.dumps(sizes))
    server = Server(routes)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    profiles = [p for p in (PHONE, DESKTOP) if p.name in args.profiles.split(",")]
    targets = args.targets.split(",")
    visits: list[dict[str, Any]] = []
    with sync_playwright() as pw, tempfile.TemporaryDirectory(prefix="decoder-") as tmp:
        for round_ in range(args.rounds):
            for profile in profiles:
                for target in targets:
                    for way in order(WAYS[target], round_):
                        figures = visit(pw, Path(tmp), server, profile, way, target)
                        figures.update(round=round_, profile=profile.name, target=target, way=way)
                        visits.append(figures)
                        print(json.dumps({k: round(v, 1) if isinstance(v, float) else v for k, v in figures.items()}),
                              flush=True)
    server.shutdown()
    if args.json:
        args.json.write_text(json.dumps({"sizes": sizes, "lgwin": args.lgwin, "visits": visits}, indent=1))
    report(visits, profiles, targets)


def report(visits: list[dict[str, Any]], profiles: list[Profile], targets: list[str]) -> None:
    """Medians per profile, target and way: time to usable (ms), bytes sent, decode CPU in the page."""
    print("\n| profile | target | way | sent (bytes) | median usable (ms) | ×A | decode CPU (ms) | decoder ready (ms) |"
          " rounds (ms) |\n|---|---|---|---|---|---|---|---|---|")
    for profile in profiles:
        for target in targets:
            rows = {way: [v for v in visits if v["profile"] == profile.name and v["target"] == target
                          and v["way"] == way] for way in WAYS[target]}
            base = statistics.median(v["total"] for v in rows["A"]) if rows.get("A") else float("nan")
            for way, got in rows.items():
                if not got:
                    continue
                total = statistics.median(v["total"] for v in got)
                cpu = statistics.median(v["cpu"] for v in got) if way.startswith("B") else 0.0
                decoder = statistics.median(v["decoder"] for v in got) if way.startswith("B") else None
                each = " ".join(f"{v['total']:.0f}" for v in got)
                print(f"| {profile.name} | {target} | {way} | {got[0]['sent']} | {total:.0f} | {total / base:.2f} |"
                      f" {cpu:.0f} | {'' if decoder is None else f'{decoder:.0f}'} |"
                      f" {each} |")
    outside = sum(len(v["outside"]) for v in visits)
    print(f"\nrequests outside 127.0.0.1: {outside}")


if __name__ == "__main__":
    main()
