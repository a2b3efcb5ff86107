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

self.onmessage = async ({ data: [id, name, args] }) => {
  try {
    const app = await ready;
    if (!app.__export__.includes(name)) throw new Error(`no call ${name}`);
    self.postMessage([id, String(app[name](...args))]);
  } catch (error) {
    self.postMessage([id, null, String((error && error.message) || error)]);
  }
};
