// Firefox ESR through puppeteer-core over WebDriver BiDi (no geckodriver), for
// tests/engines/drivers.py, which spawns this script:
//
//   node tests/engines/firefox_bridge.mjs /usr/bin/firefox-esr
//
// It prints {"ready": "<browser version>"} once Firefox is up, then reads one JSON command
// a line on stdin ({"id": 1, "op": "goto", "url": "..."}) and answers each on one stdout
// line ({"id": 1, "value": ...} or {"id": 1, "error": "..."}). Commands run one at a time:
// the Python side waits for each answer. Problems seen between two "problems" commands
// (console errors, page errors, HTTP errors, off-origin requests, which are also aborted)
// are kept here, since the events arrive while no command runs.
import readline from 'node:readline';
import puppeteer from 'puppeteer-core';

const executablePath = process.argv[2];
const browser = await puppeteer.launch({
  browser: 'firefox',
  executablePath,
  headless: true,
  // One browser for the whole session; protocol timeouts are the Python side's business.
  protocolTimeout: 180_000,
});

let context = null;
let page = null;
let origin = null;
let problems = [];

function isLocal(url) {
  const parsed = new URL(url);
  if (parsed.protocol === 'data:' || parsed.protocol === 'about:') return true;
  if (parsed.protocol === 'blob:') return new URL(url.slice('blob:'.length)).origin === origin;
  return parsed.origin === origin;
}

// A console message's text names an object argument "JSHandle@object": show its value
// (BiDi hands console arguments over serialized, so an error shows as its own fields).
async function describe(message) {
  const parts = await Promise.all(message.args().map((arg) => arg.evaluate((v) => (
    v instanceof Error ? (v.stack || String(v)) : typeof v === 'object' ? JSON.stringify(v) : String(v)
  )).catch(() => String(arg))));
  return `console: ${parts.join(' ') || message.text()}`;
}

// A fresh browser context (its own storage, caches and service workers) per test.
async function open({ width, height }) {
  if (context) await context.close();
  problems = [];  // an earlier test's, already reported
  context = await browser.createBrowserContext();
  page = await context.newPage();
  await page.setViewport({ width, height });
  page.on('console', (m) => { if (m.type() === 'error') problems.push(describe(m)); });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message || e}`));
  // Not a problem: the service worker's 503 "Not available offline" for a strategy table it
  // has not cached while the server is out of reach (tools/sw-source.js); the page plays on.
  const expected = (r) => r.status() === 503 && r.statusText() === 'Not available offline';
  page.on('response', (r) => { if (r.status() >= 400 && !expected(r)) problems.push(`HTTP error: ${r.status()} ${r.url()}`); });
  // BiDi's network.addIntercept: every request of the page pauses here, so an off-origin
  // one never reaches the network.
  await page.setRequestInterception(true);
  page.on('request', (request) => {
    if (request.isInterceptResolutionHandled()) return;
    if (origin === null || isLocal(request.url())) {
      request.continue();
    } else {
      problems.push(`off-origin request: ${request.url()}`);
      request.abort();
    }
  });
  return null;
}

const ops = {
  open,
  async goto({ url }) {
    origin = new URL(url).origin;
    const response = await page.goto(url, { timeout: 120_000 });
    return response ? response.status() : null;
  },
  // `source` is a JavaScript function's text; its promise, if any, is awaited.
  evaluate: ({ source, args }) => page.evaluate(`(${source})(...${JSON.stringify(args)})`),
  click: ({ selector }) => page.click(selector),
  viewport: ({ width, height }) => page.setViewport({ width, height }),
  async reload() {
    const response = await page.reload({ timeout: 120_000 });
    return response ? response.status() : null;
  },
  screenshot: ({ path }) => page.screenshot({ path, fullPage: true }),
  problems() {
    const out = problems;
    problems = [];
    return Promise.all(out);  // some are still being described
  },
};

const write = (obj) => process.stdout.write(`${JSON.stringify(obj)}\n`);
write({ ready: await browser.version() });

const lines = readline.createInterface({ input: process.stdin });
for await (const line of lines) {
  const { id, op, ...args } = JSON.parse(line);
  try {
    if (!(op in ops)) throw new Error(`unknown op ${op}`);
    const value = await ops[op](args);
    write({ id, value: value === undefined ? null : value });
  } catch (error) {
    write({ id, error: String((error && error.stack) || error) });
  }
}
// stdin closed: the Python side is done with the browser.
await browser.close();
