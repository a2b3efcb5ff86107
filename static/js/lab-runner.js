// The code lab's Python worker: Pyodide running the reader's code, with no origin.
//
// static/js/lab-sandbox.js starts this script as a classic blob: worker from the lab's sandboxed,
// opaque-origin frame, so nothing here (the reader's code included) can reach the site's
// Cache Storage, IndexedDB, cookies or localStorage, and the frame's Content-Security-Policy
// (connect-src 'none') stops every request. The runtime comes as bytes, not URLs: the lab
// page fetched Pyodide's files and our Python modules (its service worker serves them
// offline) and handed them over; here they become blob: URLs, and loadPyodide's only
// network read, the wasm, is answered from the bytes (``served``).
//
// Messages in (from the sandbox): {type: "boot", files: {name: ArrayBuffer}, modules:
// {path: ArrayBuffer}}, then {type: "run", id, code, grid}, {type: "judge", id, code,
// grids}, and after a run {type: "state", id, code, grid, step, expected} (the reader's
// frames at a step) and {type: "heat", id, code, grid} (each line's run count). Messages out: {type: "ready", ms} (or {type: "failed", message}), and
// {type: "result", id, ...} with src/web/lab/runner.py's answer (a run's summary and its
// recording, or a judge's results): plain data only.

const RUNTIME = "https://runtime.invalid/";
/** What loadPyodide takes as its folder: never fetched, every read is answered here. */

let python = null;

/** A blob: URL for ``bytes`` as ``type``. */
function blobUrl(bytes, type) {
  return URL.createObjectURL(new Blob([bytes], { type }));
}

/** A fetch that answers RUNTIME's files from ``files`` and refuses everything else. */
function served(files) {
  return async (url) => {
    const name = String(url instanceof Request ? url.url : url);
    if (name.startsWith(RUNTIME) && files[name.slice(RUNTIME.length)]) {
      const type = name.endsWith(".wasm") ? "application/wasm" : "application/octet-stream";
      return new Response(files[name.slice(RUNTIME.length)], { headers: { "Content-Type": type } });
    }
    throw new TypeError(`the lab's worker fetches nothing: ${name}`);
  };
}

/** Pyodide from the handed bytes, our modules written into its file system; restored
 * from the lab's snapshot when the page sent one (Python started, runner imported). */
async function boot(files, modules) {
  const started = performance.now();
  const { loadPyodide } = await import(blobUrl(files["pyodide.mjs"], "text/javascript"));
  const createPyodideModule = (await import(blobUrl(files["pyodide.asm.mjs"], "text/javascript")))
    .default;
  self.fetch = served(files);
  const py = await loadPyodide({
    indexURL: RUNTIME,
    createPyodideModule,
    lockFileContents: new TextDecoder().decode(files["pyodide-lock.json"]),
    _loadSnapshot: files["lab-snapshot.bin"],
    stdLibURL: `${RUNTIME}python_stdlib.zip`,
    stdout: () => {},
    stderr: () => {},
  });
  for (const [path, bytes] of Object.entries(modules)) {
    py.FS.mkdirTree(`/lib/${path.split("/").slice(0, -1).join("/")}`);
    py.FS.writeFile(`/lib/${path}`, new Uint8Array(bytes));
  }
  // A snapshot holds ``random``'s state as it was made: seeded again, from the system.
  py.runPython("import random, sys\nrandom.seed()\nif '/lib' not in sys.path: sys.path.insert(0, '/lib')\nimport runner");
  python = py.pyimport("runner");
  self.fetch = served({}); // the bytes are Pyodide's now: let these copies go
  return performance.now() - started;
}

/** Run one request through runner.py; its answer is JSON text and, for a run, its recording. */
function answer(request) {
  if (request.type === "run") {
    const answered = python.run(request.code, request.grid);
    const [text, recording] = answered.toJs();
    answered.destroy();
    return { ...JSON.parse(text), recording };
  }
  if (request.type === "state") {
    return JSON.parse(python.state(request.code, request.grid, request.step, request.expected));
  }
  if (request.type === "heat") {
    return JSON.parse(python.heat(request.code, request.grid));
  }
  return JSON.parse(python.judge(request.code, request.grids));
}

self.onmessage = async (event) => {
  const request = event.data;
  if (request.type === "boot") {
    try {
      self.postMessage({ type: "ready", ms: await boot(request.files, request.modules) });
    } catch (error) {
      self.postMessage({ type: "failed", message: String((error && error.message) || error) });
    }
    return;
  }
  try {
    self.postMessage({ type: "result", id: request.id, ...answer(request) });
  } catch (error) {
    self.postMessage({ type: "result", id: request.id, failed: String(error && error.message) });
  }
};
