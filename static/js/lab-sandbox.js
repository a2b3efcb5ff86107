// The code lab's sandbox: the script of a frame with no origin, between the lab page and
// the workers that run the reader's code.
//
// static/js/lab-python.js puts this text inline in the srcdoc of an <iframe
// sandbox="allow-scripts"> (no allow-same-origin: the frame's origin is opaque, "null"),
// with two <meta>s: the lab page's origin, and a Content-Security-Policy that forbids every
// request (connect-src 'none'). Workers started here from blob: URLs inherit both: no Cache
// Storage, no IndexedDB, no cookies, no localStorage, no network, no parent document.
// lab.html's own policy allows this script by its SHA-256 (tests/unit/test_lab.py keeps
// them equal).
//
// This frame shares the lab page's thread, so it reads nothing the reader's code sends: a
// worker of its own, the gate (``gateWorker`` below), starts the Python workers as its nested
// workers and reads their messages off the page's thread. Each run gets a fresh worker
// that ran nothing before (a spare, booted in advance), which is ended once it answers:
// code that ran once can neither change a later run nor keep working after its own.
// The gate passes on one answer per run, of bounded size, and ends a worker that sends
// anything else too often, sends too much, crashes or outlives its deadline, saying why.
//
// Messages are plain data, and only between the right windows: from the parent window
// with the lab's origin, to the parent with that origin only. The parent sends
// {type: "boot", runner, files, modules} once (the worker's script as text, Pyodide's files
// and our modules as ArrayBuffers), then requests ({type: "run" | "judge" | "state" |
// "heat", id, ...}: each to a fresh worker) and
// {type: "stop"}. Back: {type: "ready", ms} when a fresh worker waits for the next request
// (ms: its boot), {type: "result", id, ...} (the runner's answer), {type: "ended", id, why}
// (the gate ended the run's worker: "flooded", "oversized", "crashed", "deadline"),
// {type: "stopped", ms} (Stop's terminate) and {type: "failed", message} (Python did not
// boot).
"use strict";
(() => {
  const parentOrigin = document.querySelector('meta[name="lab-parent"]').content;
  let gate = null;

  /** To the lab page, its origin only. */
  const tell = (message) => parent.postMessage(message, parentOrigin);

  /** The gate worker's whole script (it runs as ``(gateWorker)()``, on its own thread). */
  function gateWorker() {
    const MAX_TEXT = 20000;
    const MAX_ANSWER = 8.5e6;
    /** Characters of one answer read at most: a recording (8e6) and its summary. */
    const MAX_MESSAGES = 50;
    /** Messages a run's worker may send beside its answer before it is ended. */
    const RUN_MS = 60000;
    const JUDGE_MS = 30000;
    /** A run's deadline, and a judge's for each puzzle (the tracer stops the reader's
     * code itself well before: these end a worker that no longer listens). */

    let boot = null;
    let runner = null;
    let spare = null;
    let current = null;

    /** A worker of the runner's script, booting from copies of the boot's bytes. */
    function start() {
      const entry = { worker: new Worker(runner), ready: false, ms: 0, count: 0, id: 0, timer: 0 };
      entry.worker.onmessage = (event) => heard(entry, event);
      entry.worker.onerror = (event) => {
        event.preventDefault();
        if (entry === current) {
          end("crashed");
        } else if (entry === spare) {
          spare = null;
          entry.worker.terminate();
          postMessage({ type: "failed", message: "Python did not start in its worker" });
        }
      };
      entry.worker.postMessage({ type: "boot", files: boot.files, modules: boot.modules });
      return entry;
    }

    /** Tell the page a fresh worker waits, once no run is under way. */
    function announce() {
      if (current === null && spare !== null && spare.ready) {
        postMessage({ type: "ready", ms: spare.ms });
      }
    }

    /** End the run under way, telling the page ``why`` (nothing for an answered run). */
    function end(why) {
      const entry = current;
      current = null;
      clearTimeout(entry.timer);
      entry.worker.onmessage = entry.worker.onerror = null;
      entry.worker.terminate();
      if (why) {
        postMessage({ type: "ended", id: entry.id, why });
      }
      announce();
    }

    /** Whether ``value`` is plain data whose texts add up to at most ``most`` characters
     * (-1 if more, or if it is not plain data). */
    function size(value, most, depth = 0) {
      if (value === null || typeof value === "number" || typeof value === "boolean") {
        return 8;
      }
      if (typeof value === "string") {
        return value.length <= most ? value.length : -1;
      }
      if (depth > 6 || typeof value !== "object") {
        return -1;
      }
      const items = Array.isArray(value) ? value : Object.values(value);
      let total = 0;
      for (const item of items) {
        const one = size(item, most - total, depth + 1);
        if (one < 0) {
          return -1;
        }
        total += one + 8;
      }
      return total <= most ? total : -1;
    }

    /** A message from one of the runner's workers: a spare's boot, or a run's answer. */
    function heard(entry, event) {
      if (entry === spare && !entry.ready) {
        const data = event.data;
        if (data && data.type === "ready" && typeof data.ms === "number") {
          entry.ready = true;
          entry.ms = data.ms;
          announce();
        } else if (data && data.type === "failed") {
          spare = null;
          entry.worker.terminate();
          const message = typeof data.message === "string" ? data.message.slice(0, MAX_TEXT) : "";
          postMessage({ type: "failed", message: message || "Python did not start" });
        }
        return;
      }
      if (entry !== current) {
        return; // a spare's or an ended worker's leftovers
      }
      entry.count += 1;
      if (entry.count > MAX_MESSAGES) {
        end("flooded");
        return;
      }
      const data = event.data;
      if (!data || data.type !== "result" || data.id !== entry.id) {
        return; // out of turn: not read further
      }
      if (size(data, MAX_ANSWER) < 0) {
        end("oversized");
        return;
      }
      postMessage(data);
      end("");
    }

    onmessage = (event) => {
      const message = event.data;
      if (message.type === "boot" && boot === null) {
        boot = message;
        runner = URL.createObjectURL(new Blob([message.runner], { type: "text/javascript" }));
        spare = start();
      } else if (message.type === "stop") {
        if (current !== null) {
          const started = performance.now();
          current.worker.terminate();
          const ms = performance.now() - started;
          postMessage({ type: "stopped", ms });
          current.worker.onmessage = current.worker.onerror = null;
          clearTimeout(current.timer);
          current = null;
          announce();
        }
      } else if (["run", "judge", "state", "heat"].includes(message.type) && boot !== null) {
        if (current !== null || spare === null || !spare.ready) {
          postMessage({ type: "result", id: message.id, failed: "Python is not ready yet" });
          return;
        }
        const entry = (current = spare);
        entry.id = message.id;
        const puzzles = message.type === "judge" ? message.grids.length : 0;
        entry.timer = setTimeout(() => current === entry && end("deadline"), RUN_MS + JUDGE_MS * puzzles);
        entry.worker.postMessage(message);
        spare = start(); // the next run's, booting meanwhile
      }
    };
  }

  window.addEventListener("message", (event) => {
    if (event.source !== parent || event.origin !== parentOrigin) {
      return;
    }
    const message = event.data;
    if (message.type === "boot" && gate === null) {
      const script = new Blob([`(${gateWorker})()`], { type: "text/javascript" });
      gate = new Worker(URL.createObjectURL(script)); // classic: module workers from blob:null do not load
      gate.onmessage = (answer) => tell(answer.data);
      gate.onerror = (error) => tell({ type: "failed", message: `the sandbox's gate failed: ${error.message}` });
      const buffers = [...Object.values(message.files), ...Object.values(message.modules)];
      gate.postMessage(message, buffers); // moved, not copied: the gate keeps them for each worker
    } else if (gate !== null && ["run", "judge", "state", "heat", "stop"].includes(message.type)) {
      gate.postMessage(message);
    }
  });
})();
