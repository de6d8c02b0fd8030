// What the edge function knows of the site: netlify.toml's [[headers]] rules (Netlify's
// matcher, as tools/serve.py's for_regex writes it), the types tools/serve.py sends by
// extension, the types the host compresses and the paths never stored.
// Written by `python3 tools/precompress.py --table`; tests/test_edge_function.py fails when stale.
export const RULES = [
  [new RegExp("^/?(.*)/?$", "i"), {"Content-Security-Policy": "default-src 'self'; script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'", "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()", "Referrer-Policy": "no-referrer", "X-Content-Type-Options": "nosniff"}],
  [new RegExp("^/runtime/?(.*)/?$", "i"), {"Cache-Control": "public, max-age=31536000, immutable"}],
  [new RegExp("^/workbox\\-v(.*)/?$", "i"), {"Cache-Control": "public, max-age=31536000, immutable"}],
  [new RegExp("^//?$", "i"), {"Cache-Control": "no-cache"}],
  [new RegExp("^/index\\.html/?$", "i"), {"Cache-Control": "no-cache"}],
  [new RegExp("^/py/?(.*)/?$", "i"), {"Cache-Control": "public, max-age=31536000, immutable", "Content-Type": "text/plain; charset=x-user-defined"}],
  [new RegExp("^/locale/?(.*)/?$", "i"), {"Cache-Control": "public, max-age=31536000, immutable", "Content-Type": "text/plain; charset=utf-8"}],
  [new RegExp("^/assets/?(.*)/?$", "i"), {"Cache-Control": "no-cache"}],
  [new RegExp("^/sw\\.js/?$", "i"), {"Cache-Control": "no-cache", "Content-Type": "application/javascript; charset=utf-8"}],
  [new RegExp("^/(.*)\\.webmanifest/?$", "i"), {"Content-Type": "application/manifest+json"}],
  [new RegExp("^/(.*)\\.wasm/?$", "i"), {"Content-Type": "application/wasm"}],
];
export const TYPES = {
  ".css": "text/css",
  ".html": "text/html",
  ".js": "text/javascript",
  ".json": "application/json",
  ".mjs": "text/javascript",
  ".svg": "image/svg+xml",
  ".txt": "text/plain",
  ".wasm": "application/wasm",
  ".webmanifest": "application/manifest+json",
  ".xml": "text/xml"
};
export const COMPRESSED = new RegExp("^(?:text/.*|application/(javascript|json|wasm|xml|manifest\\+json|[\\w.+-]+\\+(json|xml))|image/svg\\+xml)$", "i");
export const NOT_STORED = new RegExp("^/py/snapshot-");
export const SUFFIX = ".br";
