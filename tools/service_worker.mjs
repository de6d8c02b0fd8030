// Writes a built site's service worker: <site>/sw.js from tools/sw-source.js with Workbox's
// injectManifest, and Workbox's runtime into <site>/workbox-v<version>/.
//
//   node tools/service_worker.mjs < request.json      (tools/service_worker.py runs it)
//
// The request: {"site": dir, "headers": {url: digest of the headers netlify.toml gives
// it}, "maxFileBytes"?: number}. Prints {"workboxDir", "tables", "count", "size"} as JSON;
// on any problem prints it to stderr and exits 1.
//
// No bundler: generateSW and the workbox-build index load rollup (and babel, terser) to
// bundle a worker; injectManifest only fills in the manifest, and the worker imports
// Workbox's prebuilt prod files. docs/offline.md explains the choices.
import { createHash } from "node:crypto";
import {
  copyFileSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const SOURCE = join(dirname(fileURLToPath(import.meta.url)), "sw-source.js");
// The worker imports these, in this order (tools/sw-source.js).
const MODULES = ["core", "routing", "strategies", "precaching", "expiration"];
// Pyodide's wasm is 9.6 MB; Workbox's default (2 MiB) would leave it out with a mere warning.
const MAX_FILE_BYTES = 16 * 1024 * 1024;
// Cached at run time, not precached: the strategy and spread tables (big, needed only by the
// coach, the computer players and win chances) and a Python memory snapshot; source maps are
// never fetched. assets/strategy/distribution.json (21 KB, the end screen's comparison with
// perfect play) is precached, so that a game finished offline has it too. The languages'
// files (locale/, tools/page_words.py) too: a visitor fetches only their own language's.
// Nor the files stored at brotli-11 (tools/precompress.py): their files' encoding, sent under the files' own URLs.
const NOT_PRECACHED = ["sw.js", "assets/strategy/*.bin", "py/snapshot-*", "py/snapshot-*/**", "**/*.map", "locale/**",
  "**/*.br"];
const TABLES_DIR = "assets/strategy";
// URLs that name their content, so their precache entry needs no revision: Workbox then
// fetches them with cache mode "default" and the browser's HTTP cache answers for what the
// page has just downloaded (Pyodide's wasm is not downloaded twice). runtime/<name>-<version>/
// and workbox-v<version>/ hold npm's bytes of one version; py/<name>-<hex hash>.<ext> are
// the build's content-hashed archives.
const VERSIONED = /^(runtime\/[^/]+-\d[^/]*\/|workbox-v\d[^/]*\/|py\/[^/]+-[0-9a-f]{8,}\.[^/]+$)/;

// A problem the person running the build can fix: its message alone is printed.
class BuildError extends Error {}
function fail(message) {
  throw new BuildError(message);
}

function workbox() {
  const versionOf = (name) => {
    try {
      return require(`${name}/package.json`).version;
    } catch {
      fail(`${name} is not installed: run \`npm ci\` (package.json pins it).`);
    }
  };
  const version = versionOf("workbox-build");
  for (const name of MODULES.map((m) => `workbox-${m}`)) {
    if (versionOf(name) !== version) fail(`${name} ${versionOf(name)} differs from workbox-build ${version}: run \`npm ci\`.`);
  }
  // Not require("workbox-build"): its index loads generateSW, and with it rollup.
  return { version, injectManifest: require("workbox-build/build/inject-manifest").injectManifest };
}

// Only the five prod builds the worker imports (copyWorkboxLibraries copies 1.8 MB of every
// module's dev and prod builds and source maps).
function copyRuntime(site, dir) {
  rmSync(join(site, dir), { recursive: true, force: true });
  mkdirSync(join(site, dir), { recursive: true });
  for (const m of MODULES) {
    const pkg = dirname(require.resolve(`workbox-${m}/package.json`));
    copyFileSync(join(pkg, "build", `workbox-${m}.prod.js`), join(site, dir, `workbox-${m}.prod.js`));
  }
}

const sha256 = (data) => createHash("sha256").update(data);

function filesUnder(dir) {
  return readdirSync(dir, { recursive: true }).map((p) => join(dir, p)).filter((p) => statSync(p).isFile());
}

// Names the tables' runtime cache: changes exactly when a table is added, removed or changed.
function tablesDigest(site) {
  const dir = join(site, TABLES_DIR);
  const files = statSync(dir, { throwIfNoEntry: false }) ? filesUnder(dir) : [];
  const hash = createHash("sha256");
  for (const rel of files.map((p) => relative(site, p).split("\\").join("/")).sort()) {
    hash.update(`${rel} ${sha256(readFileSync(join(site, rel))).digest("hex")}\n`);
  }
  return hash.digest("hex").slice(0, 20);
}

// A cached response keeps the headers it was fetched with (index.html's Content-Security-
// Policy among them), so a revision covers the headers netlify.toml gives the file as well
// as its bytes: a header change alone re-precaches the file.
const withHeaders = (headers) => (manifest) => ({
  manifest: manifest.map((entry) => {
    if (entry.revision === null) return entry;  // versioned: its headers are "immutable" too
    if (!(entry.url in headers)) throw new Error(`no headers given for ${entry.url}`);
    return { ...entry, revision: createHash("md5").update(`${entry.revision} ${headers[entry.url]}`).digest("hex") };
  }),
});

// Subresource Integrity for every entry: the browser refuses bytes that are not this
// build's, so a deploy racing an install fails the install (the browser tries again
// later) instead of caching the next build's file under this build's revision.
const withIntegrity = (site) => (manifest) => ({
  manifest: manifest
    .map((entry) => ({ ...entry, integrity: `sha256-${sha256(readFileSync(join(site, entry.url))).digest("base64")}` }))
    .sort((a, b) => (a.url < b.url ? -1 : 1)),  // glob's order is the file system's: sorted, sw.js is reproducible
});

// The page is precached under "./", the URL a visit loads: its revalidation is then a
// 304 for what the page has just downloaded, where "index.html" would be another URL and
// so another download. The worker maps /index.html to it (tools/sw-source.js).
const SHELL = "index.html";
const shellAsFolder = (manifest) => ({
  manifest: manifest
    .map((entry) => (entry.url === SHELL ? { ...entry, url: "./" } : entry))
    .sort((a, b) => (a.url < b.url ? -1 : 1)),
});

function fill(swDest, values) {
  let text = readFileSync(swDest, "utf8");
  for (const [name, value] of Object.entries(values)) text = text.replaceAll(name, value);
  const left = text.match(/__[A-Z_]+__/g);
  if (left) fail(`${swDest} still holds ${[...new Set(left)].join(", ")}`);
  writeFileSync(swDest, text);
}

async function main() {
  const request = JSON.parse(readFileSync(0, "utf8"));
  const site = request.site;
  const { version, injectManifest } = workbox();
  const workboxDir = `workbox-v${version}`;
  copyRuntime(site, workboxDir);
  // Written aside and renamed when complete: a failed build leaves the site's sw.js as it was.
  const swDest = join(site, ".sw.js.partial");
  try {
    const { count, size, warnings } = await injectManifest({
      swSrc: SOURCE,
      swDest,
      globDirectory: site,
      globPatterns: ["**/*"],
      globIgnores: NOT_PRECACHED,
      dontCacheBustURLsMatching: VERSIONED,
      maximumFileSizeToCacheInBytes: request.maxFileBytes ?? MAX_FILE_BYTES,
      manifestTransforms: [withHeaders(request.headers), withIntegrity(site), shellAsFolder],
    });
    // A file over the size limit, a glob that matched nothing...: Workbox only warns, and
    // the worker would go without the file. Never ship that.
    if (warnings.length) fail(`injectManifest warned:\n${warnings.join("\n")}`);
    const tables = tablesDigest(site);
    fill(swDest, { __WORKBOX_DIR__: workboxDir, __TABLES_DIGEST__: tables });
    renameSync(swDest, join(site, "sw.js"));
    process.stdout.write(JSON.stringify({ workboxDir, tables, count, size }));
  } finally {
    rmSync(swDest, { force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`service_worker.mjs: ${error instanceof BuildError ? error.message : error?.stack ?? error}\n`);
  process.exitCode = 1;
});
