// Sends the file the build stored at brotli-11 (<file>.br, tools/precompress.py) to a browser
// that accepts br, with `Content-Encoding: br`: Netlify compresses on the fly at a low
// quality and ignores a Content-Encoding set in netlify.toml (docs/performance.md, "The bytes
// as the host sends them"). It only chooses which stored file to send: no state, no data.
//
// As eustas/jxl-demo's netlify/edge-functions/precompressed.ts does, with what it leaves out:
// - a request for a range, or that does not accept br (q=0 is a refusal), gets the file as it is;
// - a file not stored (a 404 for its .br) falls through to the file as it is;
// - conditional requests are passed on (sendConditionalRequest), so a 304 stays a 304;
// - Netlify's [[headers]] do not reach an edge function's response, so every response it
//   returns carries the site's headers (site.js, written from netlify.toml), the security
//   headers among them, and `Vary: Accept-Encoding` where the choice was made.
// tools/serve.py decides the same way (serve.sends_stored), so the tests get what players get;
// tests/edge/precompressed.test.mjs runs this file in Node on the requests a browser sends.
import { COMPRESSED, NOT_STORED, RULES, SUFFIX, TYPES } from "./site.js";

// Every path; a thrown error sends the site as Netlify would without the function.
export const config = { path: "/*", onError: "bypass" };

/** netlify.toml's headers for a URL path: a later rule overrides what an earlier one set. */
export function headersFor(path) {
  const headers = {};
  for (const [pattern, values] of RULES) {
    if (pattern.test(path)) Object.assign(headers, values);
  }
  return headers;
}

const filePath = (path) => (path.endsWith("/") ? `${path}index.html` : path);

/** The Content-Type the site sends for a path: netlify.toml's, else by the extension. */
export function contentType(path, headers = headersFor(path)) {
  const given = Object.keys(headers).find((name) => name.toLowerCase() === "content-type");
  if (given !== undefined) return headers[given];
  const file = filePath(path);
  const dot = file.lastIndexOf(".");
  return dot > file.lastIndexOf("/") ? TYPES[file.slice(dot).toLowerCase()] : undefined;
}

/** The codings an Accept-Encoding header accepts (tools/compression.py's accepted()). */
export function accepted(header) {
  const codings = new Set();
  for (const part of (header || "").split(",")) {
    const [name, ...params] = part.split(";").map((piece) => piece.trim().toLowerCase());
    if (name && !params.some((param) => /^q\s*=\s*0(\.0*)?$/.test(param))) codings.add(name);
  }
  return codings;
}

/** Whether a request is answered with the stored file, when there is one (serve.sends_stored). */
export function sendsStored(request, path) {
  const type = contentType(path);
  return (request.method === "GET" || request.method === "HEAD") && !request.headers.has("range")
    && accepted(request.headers.get("accept-encoding")).has("br")
    && type !== undefined && COMPRESSED.test(type.split(";")[0].trim()) && !NOT_STORED.test(filePath(path));
}

function withHeaders(response, headers) {
  const out = new Headers(response.headers);
  for (const [name, value] of Object.entries(headers)) out.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers: out });
}

export default async function precompressed(request, context) {
  let path;
  try {
    path = decodeURIComponent(new URL(request.url).pathname);
  } catch {
    return withHeaders(await context.next({ sendConditionalRequest: true }), headersFor("/"));  // not a path
  }
  const headers = headersFor(path);
  if (sendsStored(request, path)) {
    const storedUrl = new URL(encodeURI(filePath(path) + SUFFIX), request.url);
    const stored = await context.next(new Request(storedUrl, request), { sendConditionalRequest: true });
    if (stored.status === 200 || stored.status === 304) {
      return withHeaders(stored, {
        ...headers, "Content-Type": contentType(path, headers), "Content-Encoding": "br", Vary: "Accept-Encoding",
      });
    }
    // Not stored (404): the file as it is, below.
  }
  const response = await context.next({ sendConditionalRequest: true });
  const vary = contentType(path, headers) !== undefined ? { Vary: "Accept-Encoding" } : {};
  return withHeaders(response, { ...headers, ...vary });
}
