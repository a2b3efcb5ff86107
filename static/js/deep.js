// The app's deep worker: the app worker's calls (src/web/worker/app.py) in Pyodide.
//
// The app's own Python runs in MicroPython, which starts in a fraction of a second. But
// the hardest puzzles' hints are contradiction chains nested two or three levels deep,
// whose search is plain Python arithmetic on small ints: CPython (Pyodide) runs it about
// four times as fast as MicroPython (bench/deep.py). So once a puzzle shows such a chain,
// src/web/page/app/deep.py may start this worker, where the connection and the reader
// allow it, and the page asks it for the steps (hints, the rating) from then on: the
// same modules, so the same answers.
//
// Our own code only, from the site's origin (a module worker: its requests go through
// the page's service worker, which keeps Pyodide's files and the pack once fetched).
// Messages in: [id, name, args], a call of app.py's (its arguments are text and small
// numbers). Messages out: {ready: ms} once Pyodide and the modules are in (or {failed:
// text}), then [id, answer] (app.py's JSON text) or [id, null, text] for a call that threw.
//
// A reader's press comes first: the calls the page makes in the background, a slice at a
// time (BACKGROUND: the look-ahead's hints and the rating's walk, src/web/page/app/
// companion.py and rating.py), wait while any other call is queued. The page keeps one of
// each out, so a press queued behind both waited for two slices; now it waits for the
// one that runs, at most. A new puzzle's first press no longer waits for its rating's
// first slice either: the two share the search (app.py, ``steps_of``).

const PYODIDE = new URL("../vendor/pyodide/pyodide.mjs", import.meta.url);
const PACK = new URL("../compiled/py-app-worker.pack", import.meta.url);
/** The app worker's modules as sources (scripts/pyconfig.py's SOURCE_PACKS). */
const UNPACK = new URL("../../src/web/unpack.py", import.meta.url);
/** What writes them out (src/web/unpack.py: the pack's format is there). */
const HOME = "/home/pyodide";

async function bytesOf(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** Pyodide with app.py imported, its calls as a Python object. */
async function boot() {
  const { loadPyodide } = await import(PYODIDE.href);
  const [py, pack, unpack] = await Promise.all([
    loadPyodide({ indexURL: new URL(".", PYODIDE).href, stdout: () => {}, stderr: () => {} }),
    bytesOf(PACK),
    bytesOf(UNPACK),
  ]);
  py.FS.writeFile(`${HOME}/app.pack`, pack);
  py.FS.writeFile(`${HOME}/unpack.py`, unpack);
  py.runPython(`import os, sys\nos.chdir("${HOME}")\nsys.path.insert(0, "${HOME}")`);
  py.runPython("from unpack import unpack_here\nunpack_here()\nimport app");
  return py.pyimport("app");
}

const started = performance.now();
const ready = boot();
ready.then(
  () => self.postMessage({ ready: performance.now() - started }),
  (error) => self.postMessage({ failed: String((error && error.message) || error) }),
);

const BACKGROUND = new Set(["hint_ahead", "rate_more", "rate_start"]);
/** The calls not answered yet, in the order they came. */
const queue = [];
/** Runs the next call once the messages that came during the last one are queued. */
const tick = new MessageChannel();

/** The call to run next: the first not in BACKGROUND, else the first. */
function next() {
  const first = queue.findIndex(([, name]) => !BACKGROUND.has(name));
  return queue.splice(Math.max(first, 0), 1)[0];
}

/** Answer one call, then go on while any is queued. */
async function run() {
  const [id, name, args] = next();
  try {
    const app = await ready;
    if (!app.__export__.includes(name)) throw new Error(`no call ${name}`);
    self.postMessage([id, String(app[name](...args))]);
  } catch (error) {
    self.postMessage([id, null, String((error && error.message) || error)]);
  }
  if (queue.length) tick.port2.postMessage(null);
}

/** Whether calls run: once Pyodide is in (or failed to come: each call then says why). */
let running = false;

function start() {
  running = true;
  if (queue.length) tick.port2.postMessage(null);
}

ready.then(start, start);
tick.port1.onmessage = run;
self.onmessage = ({ data }) => {
  queue.push(data);
  if (running && queue.length === 1) tick.port2.postMessage(null);
};
