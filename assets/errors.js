// The page's own record of what went wrong, loaded before every other script.
//
// Every uncaught JavaScript error, unhandled promise rejection, Content-Security-Policy
// violation and Python exception in an event handler (game/web/guard.py calls
// window.reportGameError) is pushed onto window.diceErrors as one line of text, counted in
// <html data-errors>, and shown to the player as a short notice with a Reload button: the
// game saves after every action, so reloading loses nothing.
//
// The record is read by the tests in every engine: WebKitGTK's driver reports no console
// messages, so the page must keep its own (docs/storage.md, "Errors").
(() => {
  const errors = [];
  window.diceErrors = errors;

  function showNotice() {
    const notice = document.getElementById("error-notice");
    if (notice) notice.hidden = false;
  }

  function record(kind, text) {
    errors.push(`${kind}: ${text}`);
    document.documentElement.dataset.errors = String(errors.length);
    if (document.readyState === "loading") {
      document.addEventListener("DOMContentLoaded", showNotice, { once: true });
    } else {
      showNotice();
    }
  }

  window.reportGameError = (text) => record("python", String(text));

  window.addEventListener("error", (event) => {
    // A failed <script>/<link> load also fires "error" (on the element, caught here in
    // the capture phase): it has no message, so say which file.
    const target = event.target;
    if (target && target !== window && (target.src || target.href)) {
      record("resource", `failed to load ${target.src || target.href}`);
      return;
    }
    const where = event.filename ? ` at ${event.filename}:${event.lineno}` : "";
    record("error", `${event.message || event.error}${where}`);
  }, true);

  window.addEventListener("unhandledrejection", (event) => {
    const reason = event.reason;
    record("unhandledrejection", reason && reason.stack ? reason.stack : String(reason));
  });

  document.addEventListener("securitypolicyviolation", (event) => {
    record("csp", `${event.violatedDirective} blocked ${event.blockedURI || "(inline)"}`
      + ` at ${event.sourceFile}:${event.lineNumber}`);
  });

  document.addEventListener("DOMContentLoaded", () => {
    const reload = document.getElementById("error-reload");
    if (reload) reload.addEventListener("click", () => location.reload());
  });
})();
