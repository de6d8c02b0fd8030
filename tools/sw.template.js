// Dice Pad's service worker: the game loads and plays with no network once it has been
// opened once. Built by tools/precache.py from tools/sw.template.js; docs/offline.md
// explains the design.
//
// - install: precache every file of this build (the app shell, the Python sources, the
//   runtime) into a cache named by the build's content hash, each file checked against
//   its SHA-256 by the browser (Subresource Integrity). No skipWaiting() here: a new
//   version waits until the page asks for it (its Reload button posts SKIP_WAITING).
// - activate: delete this site's caches of other builds; take control of open pages
//   (on the first install, so the page that installed the worker works offline at once).
// - fetch: the app's page (any query string) and precached files come from the precache,
//   so a page always runs the one build it started with; the strategy tables are cached
//   on first use in a cache that only changes when they do; everything else is left to
//   the network.
"use strict";

const BUILD = __BUILD__;

const BASE = self.location.href;  // sw.js sits at the top of the site: URLs are relative to it
const toURL = (path) => new URL(path, BASE).href;
// Cache names end with the scope, so two copies of the site under one origin (two
// sub-paths) never delete each other's caches.
const SCOPE = self.registration.scope;
const PRECACHE = `dicepad-precache-${BUILD.version}@${SCOPE}`;
const TABLES = `dicepad-tables-${BUILD.tables}@${SCOPE}`;
const OURS = /^dicepad-(precache|tables)-/;

const PRECACHED = new Map(BUILD.precache.map(([path, integrity]) => [toURL(path), integrity]));
const SHELL = toURL(BUILD.shell);
const PAGES = new Set(BUILD.pages.map(toURL));
const LAZY = BUILD.lazy.map(toURL);

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

async function precache() {
  const cache = await caches.open(PRECACHE);
  // A cache of this name only ever holds this build's verified files, so an install that
  // failed half-way (a flaky network) resumes instead of fetching everything again.
  const done = new Set((await cache.keys()).map((request) => request.url));
  await Promise.all([...PRECACHED].filter(([url]) => !done.has(url)).map(async ([url, integrity]) => {
    // cache "no-cache": revalidate with the server (a 304 when the HTTP cache is current);
    // integrity: a file from another build (a deploy racing this install) fails the
    // install, and the browser tries again at its next update check.
    const response = await fetch(new Request(url, { integrity, cache: "no-cache" }));
    if (!response.ok) throw new Error(`precache: HTTP ${response.status} for ${url}`);
    await cache.put(url, await unredirected(response));
  }));
}

// A response that followed a redirect cannot answer a navigation: keep its body and headers.
async function unredirected(response) {
  if (!response.redirected) return response;
  const { status, statusText, headers } = response;
  return new Response(await response.blob(), { status, statusText, headers });
}

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const keep = new Set([PRECACHE, TABLES]);
    const names = await caches.keys();
    await Promise.all(names
      .filter((name) => OURS.test(name) && name.endsWith(`@${SCOPE}`) && !keep.has(name))
      .map((name) => caches.delete(name)));
    await self.clients.claim();
  })());
});

// A Content-Security-Policy violation in the worker (its fetches are held to this site by
// the header sw.js comes with) reaches no page and only the worker's own devtools console
// (not even as a console message): log it as an error, so it is seen (the browser tests
// fail on any console error, the worker's included).
self.addEventListener("securitypolicyviolation", (event) => {
  console.error(`Content-Security-Policy: ${event.violatedDirective} blocked ${event.blockedURI || "(inline)"}` +
    ` in the service worker`);
});

// The page's Reload button (assets/sw-register.js): the one way a waiting version starts.
self.addEventListener("message", (event) => {
  const data = event.data;
  if (data === "SKIP_WAITING" || data?.type === "SKIP_WAITING") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  url.hash = "";
  if (request.mode === "navigate") {
    // The page itself, whatever its query string (?seed=..., challenge links): the
    // search is ignored by matching the one shell entry, cached under "./".
    url.search = "";
    if (PAGES.has(url.href)) event.respondWith(fromCache(PRECACHE, SHELL, request));
    return;
  }
  if (PRECACHED.has(url.href)) {
    event.respondWith(fromCache(PRECACHE, url.href, request));
  } else if (!url.search && LAZY.some((prefix) => url.href.startsWith(prefix))) {
    event.respondWith(cacheOnFirstUse(event));
  }
});

// Cache first; the network only if the entry is gone (storage cleared under a live worker).
async function fromCache(name, key, request) {
  const cache = await caches.open(name);
  return (await cache.match(key, { ignoreVary: true })) || fetch(request);
}

async function cacheOnFirstUse(event) {
  const { request } = event;
  const cache = await caches.open(TABLES);
  const hit = await cache.match(request, { ignoreVary: true });
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok && response.type === "basic") event.waitUntil(cache.put(request, response.clone()));
  return response;
}
