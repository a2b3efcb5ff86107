// The code lab's sandbox: the script of a frame with no origin, between the lab page and
// the worker that runs the reader's code.
//
// static/js/lab.js puts this text inline in the srcdoc of an <iframe sandbox="allow-scripts">
// (no allow-same-origin: the frame's origin is opaque, "null"), with two <meta>s: the lab
// page's origin, and a Content-Security-Policy that forbids every request (connect-src
// 'none'). A worker started here from a blob: URL inherits both: no Cache Storage, no
// IndexedDB, no cookies, no localStorage, no network, no parent document. lab.html's own
// policy allows this script by its SHA-256 (tests/unit/test_lab.py keeps them equal).
//
// Messages are plain data, and only between the right windows: from the parent window
// with the lab's origin, to the parent with that origin only. The parent sends
// {type: "boot", runner, files, modules} once (the worker's script as text, Pyodide's files
// and our modules as ArrayBuffers), then requests ({type: "run" | "judge" | "state" |
// "heat", id, ...}) and
// {type: "stop"}. Stop terminates the worker at once (the reader's code may never yield)
// and starts a fresh one from the same bytes: {type: "stopped", ms} says how long the
// terminate took, {type: "ready", ms} comes again when the new worker has booted.
"use strict";
(() => {
  const parentOrigin = document.querySelector('meta[name="lab-parent"]').content;
  let boot = null;
  let worker = null;

  /** To the lab page, its origin only. */
  const tell = (message) => parent.postMessage(message, parentOrigin);

  /** A fresh worker from the boot message's script and bytes (copies: the first stay here). */
  function start() {
    const url = URL.createObjectURL(new Blob([boot.runner], { type: "text/javascript" }));
    worker = new Worker(url); // classic: a module worker from blob:null does not load
    worker.onmessage = (event) => tell(event.data);
    worker.onerror = (event) => tell({ type: "failed", message: `the worker failed: ${event.message || "it did not load"}` });
    worker.postMessage({ type: "boot", files: boot.files, modules: boot.modules });
  }

  window.addEventListener("message", (event) => {
    if (event.source !== parent || event.origin !== parentOrigin) {
      return;
    }
    const message = event.data;
    if (message.type === "boot" && boot === null) {
      boot = message;
      start();
    } else if (message.type === "stop" && worker !== null) {
      const started = performance.now();
      worker.terminate();
      const ms = performance.now() - started;
      start();
      tell({ type: "stopped", ms });
    } else if (["run", "judge", "state", "heat"].includes(message.type) && worker !== null) {
      worker.postMessage(message);
    }
  });
  tell({ type: "loaded" });
})();
