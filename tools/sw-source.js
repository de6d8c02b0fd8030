// Dice Pad's service worker, on Workbox: the game loads and plays with no network once it
// has been opened once. tools/service_worker.mjs builds dist/sw.js from this file (the
// precache manifest injected, the placeholders in capitals filled); docs/offline.md
// explains the design.
//
// Workbox's runtime comes from this site (workbox-v<version>/, copied from npm by the
// build), never from a CDN: the CSP allows scripts from 'self' only. The five prod builds
// are imported here, at the top, rather than through workbox-sw, which imports modules
// lazily at first use (an importScripts() after install fails) and defaults to a CDN.
// Each build extends the one before it: the order matters.
/* global workbox */
"use strict";

importScripts(
  "./__WORKBOX_DIR__/workbox-core.prod.js",
  "./__WORKBOX_DIR__/workbox-routing.prod.js",
  "./__WORKBOX_DIR__/workbox-strategies.prod.js",
  "./__WORKBOX_DIR__/workbox-precaching.prod.js",
  "./__WORKBOX_DIR__/workbox-expiration.prod.js",
);

const { core, precaching, routing, strategies, expiration } = workbox;

// Pyodide's wasm is left to the network, that is to the HTTP cache, where it is immutable:
// Chromium keeps a wasm module's compiled code only for a response from there, not for one
// a worker answers (docs/performance.md). It is still precached, for the page to read from
// Cache Storage itself when the network fails (assets/boot.mjs). This listener comes
// before Workbox's (added at the first route), and keeps it from answering.
const isPyodideWasm = (url) => url.startsWith(self.registration.scope) && url.endsWith("/pyodide.asm.wasm");
self.addEventListener("fetch", (event) => {
  if (isPyodideWasm(event.request.url)) event.stopImmediatePropagation();
});

// Before the first precaching call, which fixes the precache's name for good. The default
// suffix (the scope) stays: two copies of the site under one origin keep their caches
// apart, and cleanupOutdatedCaches() looks for the scope in a name (docs/offline.md has
// its one caveat).
core.setCacheNameDetails({ prefix: "dicepad" });
const SCOPE = self.registration.scope;
// Runtime caches named as Workbox names its own: <prefix>-<name>-<scope>.
const cacheName = (name) => `${core.cacheNames.prefix}-${name}-${SCOPE}`;

// The strategy tables (half a megabyte each, needed only by the coach and the computer
// players) are cached on first use, not precached. Their URLs carry no version, so their
// cache is named after their content (the build's digest of assets/strategy/): new tables
// get a new cache, and activate deletes the old one.
const TABLES = cacheName("strategy-__TABLES_DIGEST__");
const isOldTables = (name) => name.startsWith(`${core.cacheNames.prefix}-strategy-`) &&
  name.endsWith(`-${SCOPE}`) && name !== TABLES;
// A Python memory snapshot: its URL names its content, and only the newest one is of use.
const SNAPSHOT = cacheName("snapshot");
// The hand-written worker this one replaced named its caches
// dicepad-precache-<version>@<scope> and dicepad-tables-<version>@<scope>.
const isHandWritten = (name) => /^dicepad-(precache|tables)-/.test(name) && name.endsWith(`@${SCOPE}`);

// No skipWaiting() on install: a new version waits until the page asks for it (its Reload
// button, assets/sw-register.js), so an open game is never switched under the player.
self.addEventListener("message", (event) => {
  const data = event.data;
  if (data === "SKIP_WAITING" || data?.type === "SKIP_WAITING") self.skipWaiting();
});
// The first install takes control of the page that installed it, which then plays offline.
core.clientsClaim();

// Every file of this build but sw.js, the tables and the snapshot. A navigation with any
// query string (?seed=..., challenge links) gets the precached page: every parameter is
// ignored for matching, and "/" maps to index.html. Workbox deletes the entries of the
// previous build when this one activates.
// Workbox fetches a file that has a revision with cache mode "reload", past the HTTP
// cache. The page has just downloaded these (index.html, assets/*): revalidating instead
// ("no-cache") costs a 304, not a second download, and still gets a changed file.
precaching.addPlugins([{
  requestWillFetch: async ({ request }) => (request.cache === "reload" ? new Request(request, { cache: "no-cache" }) : request),
}]);
precaching.precacheAndRoute(self.__WB_MANIFEST, {
  ignoreURLParametersMatching: [/.*/],
  directoryIndex: "index.html",
  cleanURLs: false,
  // The page is precached as "./" (tools/service_worker.mjs): /index.html is the same page.
  urlManipulation: ({ url }) => (url.pathname.endsWith("/index.html") ? [new URL("./", url)] : []),
});
// Caches of older Workbox precache formats of this scope.
precaching.cleanupOutdatedCaches();

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const stale = (await caches.keys()).filter((name) => isHandWritten(name) || isOldTables(name));
    await Promise.all(stale.map((name) => caches.delete(name)));
  })());
});

// Only this site's complete answers are kept (not an error page, a redirect elsewhere or
// a partial response): a cached table or snapshot is served for good.
const completeSameOrigin = {
  cacheWillUpdate: async ({ response }) => (response.status === 200 && response.type === "basic" ? response : null),
};
// sw.js sits at the top of the site: paths are relative to it (the site may live in a sub-path).
const under = (path) => {
  const prefix = new URL(path, self.location.href).href;
  return ({ url }) => url.href.startsWith(prefix);
};

// A table neither cached nor downloadable (offline, the server gone): a 503 the page reads
// as "not available" (game/web/strategy_loader.py) and plays on without, rather than a
// rejected respondWith(), which browsers report as a page error.
const notAvailable = {
  handlerDidError: async () => new Response("", { status: 503, statusText: "Not available offline" }),
};
const isTable = under("assets/strategy/");
const tables = new strategies.CacheFirst({
  cacheName: TABLES,
  // A handful of presets today; the bound only keeps a runaway from filling the disk.
  plugins: [completeSameOrigin, notAvailable,
    new expiration.ExpirationPlugin({ maxEntries: 16, purgeOnQuotaError: true })],
});
routing.registerRoute(isTable, tables);
// The page asks for files to be kept by a message: { type, url } or { type, urls }. Only this
// site's files of the route named are fetched, by that route's strategy, so a message can
// never make the worker fetch or keep anything else.
function keepOnRequest(type, isWanted, strategy) {
  self.addEventListener("message", (event) => {
    if (event.data?.type !== type) return;
    const asked = Array.isArray(event.data.urls) ? event.data.urls : [event.data.url];
    const urls = asked.filter((url) => typeof url === "string").map((url) => new URL(url, self.location.href))
      .filter((url) => url.origin === self.location.origin && isWanted({ url }));
    event.waitUntil(Promise.all(urls.map((url) => strategy.handle({ event, request: new Request(url.href) })
      .catch(() => {}))));
  });
}
// The official table, kept when the player is idle (assets/boot.mjs), so that the coach and
// Today's ten work offline though never asked for online.
keepOnRequest("KEEP_TABLE", isTable, tables);
// A language's catalog and page words (assets/language.js fetches the visitor's only): kept
// once fetched, so that the game speaks it offline. Their names carry a hash of their
// content, so a cached file is never stale; the bound keeps a few languages' worth.
const isLocale = under("locale/");
const locales = new strategies.CacheFirst({
  cacheName: cacheName("locale"),
  plugins: [completeSameOrigin, notAvailable,
    new expiration.ExpirationPlugin({ maxEntries: 12, purgeOnQuotaError: true })],
});
routing.registerRoute(isLocale, locales);
// On a first visit the page fetched its language before this worker existed: it asks for
// those files to be kept (assets/sw-register.js), from the HTTP cache that just got them.
keepOnRequest("KEEP_LOCALE", isLocale, locales);
const isSnapshot = under("py/snapshot-");
const snapshots = new strategies.CacheFirst({
  cacheName: SNAPSHOT,
  plugins: [completeSameOrigin, new expiration.ExpirationPlugin({ maxEntries: 1, purgeOnQuotaError: true })],
});
routing.registerRoute(isSnapshot, snapshots);
// The page asks for the snapshot to be kept when the player is idle (assets/boot.mjs): the
// worker downloads it itself, so that 31 MB never pass through the page's main thread
// while the player plays.
keepOnRequest("KEEP_SNAPSHOT", isSnapshot, snapshots);

// A Content-Security-Policy violation in the worker (its fetches are held to this site by
// the header sw.js comes with) reaches no page and only the worker's own devtools console
// (not even as a console message): log it as an error, so it is seen (the browser tests
// fail on any console error, the worker's included).
self.addEventListener("securitypolicyviolation", (event) => {
  console.error(`Content-Security-Policy: ${event.violatedDirective} blocked ${event.blockedURI || "(inline)"}` +
    ` in the service worker`);
});
