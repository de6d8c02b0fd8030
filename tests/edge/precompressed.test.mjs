// The edge function (netlify/edge-functions/precompressed/) in Node, on the requests a browser
// sends (requests.json, which tests/test_edge_function.py sends to tools/serve.py too), with a
// fake of Netlify's origin behind context.next(): it serves a folder's files as Netlify's
// static server does (a folder's index.html, an ETag, a 304 for a matching If-None-Match only
// when the function asks for conditional requests, a 206 for a range, a 404).
//
//   node --test tests/edge/          (tests/test_edge_function.py runs it in the suite)
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { brotliCompressSync, brotliDecompressSync } from "node:zlib";

import precompressed, { headersFor } from "../../netlify/edge-functions/precompressed/index.js";
import { RULES } from "../../netlify/edge-functions/precompressed/site.js";

const SPEC = JSON.parse(readFileSync(new URL("./requests.json", import.meta.url), "utf8"));
const ORIGIN = "https://dice.example";
// The headers netlify.toml gives every path ("/*"): the security headers.
const SECURITY = RULES.find(([pattern]) => pattern.source === "^\\/?(.*)\\/?$")[1];
const ORIGIN_TYPES = { ".br": "application/octet-stream", ".css": "text/css", ".png": "image/png" };

// The site: each file's bytes, and its .br beside it when stored.
const site = new Map();
for (const [name, file] of Object.entries(SPEC.files)) {
  const body = Buffer.from(file.text.repeat(file.repeat));
  site.set(`/${name}`, body);
  if (file.stored) site.set(`/${name}.br`, brotliCompressSync(body));
}

const etag = (body) => `"${createHash("sha256").update(body).digest("hex").slice(0, 16)}"`;

function origin(request, { sendConditionalRequest = false } = {}) {
  let path = new URL(request.url).pathname;
  if (path.endsWith("/")) path += "index.html";
  const body = site.get(decodeURIComponent(path));
  if (body === undefined) return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/html" } });
  const dot = path.lastIndexOf(".");
  const headers = { ETag: etag(body), "Content-Type": ORIGIN_TYPES[path.slice(dot)] ?? "text/html" };
  if (sendConditionalRequest && request.headers.get("if-none-match") === headers.ETag) {
    return new Response(null, { status: 304, headers });
  }
  const range = /^bytes=(\d+)-(\d+)$/.exec(request.headers.get("range") ?? "");
  if (range) {
    const [start, end] = [Number(range[1]), Math.min(Number(range[2]), body.length - 1)];
    return new Response(request.method === "HEAD" ? null : body.subarray(start, end + 1), {
      status: 206, headers: { ...headers, "Content-Range": `bytes ${start}-${end}/${body.length}` },
    });
  }
  return new Response(request.method === "HEAD" ? null : body, {
    status: 200, headers: { ...headers, "Content-Length": String(body.length) },
  });
}

// Netlify's Context as the function uses it: next(), or next(request), with options.
function contextFor(request) {
  const calls = [];
  return {
    calls,
    next(...args) {
      const [given, options] = args[0] instanceof Request ? args : [request, args[0]];
      calls.push({ url: given.url, options });
      return Promise.resolve(origin(given, options));
    },
  };
}

async function send(entry, extra = {}) {
  const request = new Request(ORIGIN + entry.path, {
    method: entry.method ?? "GET", headers: { ...entry.headers, ...extra },
  });
  const context = contextFor(request);
  const response = await precompressed(request, context);
  const body = Buffer.from(await response.arrayBuffer());
  return { response, body, calls: context.calls };
}

function fileOf(path) {
  return site.get(path.endsWith("/") ? `${path}index.html` : path);
}

for (const entry of SPEC.cases) {
  test(entry.name, async () => {
    let { response, body } = await send(entry);
    if (entry.revalidate) {
      assert.equal(response.status, 200);
      ({ response, body } = await send(entry, { "If-None-Match": response.headers.get("etag") }));
    }
    const statuses = [entry.status].flat();
    assert.ok(statuses.includes(response.status), `status ${response.status}, wanted ${statuses}`);
    for (const [name, value] of Object.entries(SECURITY)) assert.equal(response.headers.get(name), value, name);
    const encoding = response.headers.get("content-encoding");
    if (entry.encoding === "br") assert.equal(encoding, "br");
    if (entry.encoding === "not br") assert.notEqual(encoding, "br");
    if (entry.encoding === "none") assert.equal(encoding, null);
    if (entry.type) assert.equal(response.headers.get("content-type"), entry.type);
    if (entry.cache) assert.equal(response.headers.get("cache-control"), entry.cache);
    if (entry.vary) assert.match(response.headers.get("vary") ?? "", /accept-encoding/i);
    const file = fileOf(entry.path);
    if (entry.body === "stored") assert.deepEqual(brotliDecompressSync(body), file);
    if (entry.body === "file") assert.deepEqual(body, file);
    if (entry.body === "part") assert.deepEqual(body, file.subarray(0, body.length));
    if (entry.body === "part") assert.ok(body.length > 0);
    if (entry.body === "none") assert.equal(body.length, 0);
  });
}

test("the stored file is asked for with conditional requests passed on", async () => {
  const { calls } = await send({ path: "/index.html", headers: { "Accept-Encoding": "br" } });
  assert.deepEqual(calls, [{ url: `${ORIGIN}/index.html.br`, options: { sendConditionalRequest: true } }]);
});

test("a file not stored costs one more call to the origin, no more", async () => {
  const { calls } = await send({ path: "/assets/style.css", headers: { "Accept-Encoding": "br" } });
  assert.equal(calls.length, 2);
  assert.equal(calls[0].url, `${ORIGIN}/assets/style.css.br`);
});

test("a type the host does not compress goes straight to the file", async () => {
  const { calls } = await send({ path: "/assets/icons/icon-512.png", headers: { "Accept-Encoding": "br" } });
  assert.equal(calls.length, 1);
});

test("a later rule overrides an earlier one, as netlify.toml's do", () => {
  assert.equal(headersFor("/runtime/pyodide-1.0/pyodide.asm.wasm")["Content-Type"], "application/wasm");
  assert.match(headersFor("/runtime/pyodide-1.0/pyodide.asm.wasm")["Cache-Control"], /immutable/);
  assert.equal(headersFor("/sw.js")["Cache-Control"], "no-cache");
});

test("a range never asks for the stored file", async () => {
  const { calls } = await send({
    path: "/runtime/pyodide-1.0/pyodide.asm.wasm", headers: { "Accept-Encoding": "br", Range: "bytes=0-9" },
  });
  assert.deepEqual(calls.map((call) => call.url), [`${ORIGIN}/runtime/pyodide-1.0/pyodide.asm.wasm`]);
});
