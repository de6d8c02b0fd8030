// Offline support: registers the service worker (sw.js, built on Workbox by
// tools/service_worker.py) and, when a new version of the site has been installed and
// waits, shows the "A new version is ready" notice (#update-notice in index.html). See
// docs/offline.md.
//
// The page never reloads by itself: a game in progress is only left when the player
// presses Reload (the game autosaves every action and resumes after the reload).

const notice = document.getElementById("update-notice");
const reloadButton = document.getElementById("update-reload");
const CHECK_EVERY_MS = 60 * 60 * 1000;  // a page left open for days still hears of updates

if ("serviceWorker" in navigator && notice && reloadButton) {
  start();
}

async function start() {
  await booted();
  const container = navigator.serviceWorker;
  let registration;
  try {
    // Relative to this module (assets/), so the site also works from a sub-path; the
    // worker's scope is then the folder of sw.js: the whole site.
    registration = await container.register(new URL("../sw.js", import.meta.url));
  } catch (error) {
    console.warn("Offline play is unavailable: the service worker did not register.", error);
    return;
  }
  if (!registration) return;  // registration refused without an error (an automated browser's policy)

  let controller = container.controller;
  let reloading = false;
  const reloadOnce = () => {
    if (!reloading) {
      reloading = true;
      location.reload();
    }
  };
  let asked = false;  // the player pressed Reload

  const offer = () => {
    notice.hidden = false;
    reloadButton.disabled = false;
  };
  // A worker that is "installed" while another is active waits for us: a new version.
  // On the very first install there is no active worker, and nothing to offer.
  const watch = (worker) => {
    if (!worker) return;
    const check = () => {
      if (worker.state === "installed" && registration.active && registration.waiting === worker) offer();
    };
    worker.addEventListener("statechange", check);
    check();
  };
  keepLanguage(container);
  watch(registration.waiting);  // found on an earlier visit, still waiting
  watch(registration.installing);  // found by the browser's own check as this page loaded
  registration.addEventListener("updatefound", () => watch(registration.installing));

  container.addEventListener("controllerchange", () => {
    const previous = controller;
    controller = container.controller;
    if (asked) {
      reloadOnce();
    } else if (previous) {
      // Another tab started the new version; this one still runs the old page.
      offer();
    }  // else: the first install took control of this page (clients.claim()): nothing changes
  });

  reloadButton.addEventListener("click", () => {
    asked = true;
    reloadButton.disabled = true;
    const waiting = registration.waiting;
    if (!waiting) {
      reloadOnce();  // already active (another tab took it): just load it
      return;
    }
    // controllerchange follows activation; "activated" covers a page the worker never
    // controlled (opened with a hard reload).
    waiting.addEventListener("statechange", () => waiting.state === "activated" && reloadOnce());
    waiting.postMessage({ type: "SKIP_WAITING" });
  });

  let lastCheck = Date.now();
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && Date.now() - lastCheck > CHECK_EVERY_MS) {
      lastCheck = Date.now();
      registration.update().catch(() => {});  // offline: try again next time
    }
  });
}

// The language the page speaks was fetched before any worker existed (a first visit): ask
// the worker to keep its files for offline play (tools/sw-source.js, KEEP_LOCALE). A later
// switch in Settings fetches through the worker, which keeps the files itself.
async function keepLanguage(container) {
  const language = window.diceLanguage;
  const files = language && language.languages[language.code];
  if (!files || !files.mo) return;  // English: nothing to keep
  const registration = await container.ready;
  if (registration.active) registration.active.postMessage({ type: "KEEP_LOCALE", urls: [files.mo, files.words] });
}

// Register once the game is up (or after the load event plus a grace period, if it never
// comes up), so that precaching never competes with the first boot for the network.
function booted() {
  return new Promise((resolve) => {
    const ready = () => document.readyState === "complete" && !["loading", "waking"].includes(document.body.dataset.state);
    if (ready()) {
      resolve();
      return;
    }
    const observer = new MutationObserver(() => ready() && done());
    const done = () => {
      observer.disconnect();
      resolve();
    };
    observer.observe(document.body, { attributes: true, attributeFilter: ["data-state"] });
    window.addEventListener("load", () => {
      if (ready()) done();
      else setTimeout(done, 20_000);
    }, { once: true });
  });
}
