// The app's boot watchdog (index.html). PyScript fetches the files the page's Python
// needs (pyscript.toml's [files]) before main.py runs; when one cannot be had (a corrupt
// offline cache answers 503, a broken deploy 404) it throws "[503] Unable to fetch URL"
// and main.py never starts. Without this the page would say "Loading Python..." forever.
// Here the status line says which file failed and what to do, as text (never HTML), and
// body[data-ready] becomes "failed", as main.py sets it when the solver worker fails.

const FETCH_FAILED = /\[(\d+)\] Unable to fetch (\S+)/;

function failed(reason) {
  const found = FETCH_FAILED.exec(String((reason && reason.message) || reason));
  const body = document.body;
  if (!found || !body || body.dataset.ready === "true") return;
  const site = new URL("./", location.href).href;
  const file = found[2].startsWith(site) ? found[2].slice(site.length) : found[2];
  const status = document.getElementById("status");
  status.textContent =
    `Python could not start: ${file} did not load (HTTP ${found[1]}). ` +
    "Reload the page when you are online.";
  status.dataset.verdict = "error";
  body.dataset.ready = "failed";
}

addEventListener("error", (event) => failed(event.error || event.message));
addEventListener("unhandledrejection", (event) => failed(event.reason));
