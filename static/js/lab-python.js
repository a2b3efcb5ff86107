// The code lab's Python, kept away from the site's origin: a sandboxed frame and its worker.
//
// ``startPython(onState)`` makes an <iframe sandbox="allow-scripts"> (no allow-same-origin:
// an opaque origin) whose srcdoc holds static/js/lab-sandbox.js inline and a policy that
// forbids every request; the frame starts static/js/lab-runner.js as a blob: worker. The
// reader's code runs there, where the site's Cache Storage, IndexedDB, cookies and
// localStorage do not exist: it cannot poison the service worker's cache.
//
// The frame is not controlled by the service worker (its origin is not the site's), so
// it cannot fetch the runtime itself, online or off. This page fetches it (the service
// worker answers from its cache offline): Pyodide's files (static/vendor/pyodide/) and the
// Python modules lab.json lists, and hands them over as ArrayBuffers.
//
// Everything that comes back is untrusted (the reader's code runs beside the runner and
// can post anything): only messages from our frame's window, with the opaque origin
// "null", are read, and each is checked field by field (``checkedRun``, ``checkedJudge``)
// before the page shows it, as text.

const PYODIDE_FILES = {
  "pyodide.mjs": new URL("../vendor/pyodide/pyodide.mjs", import.meta.url),
  "pyodide.asm.mjs": new URL("../vendor/pyodide/pyodide.asm.mjs", import.meta.url),
  "pyodide.asm.wasm": new URL("../vendor/pyodide/pyodide.asm.wasm", import.meta.url),
  "python_stdlib.zip": new URL("../vendor/pyodide/python_stdlib.zip", import.meta.url),
  "pyodide-lock.json": new URL("../vendor/pyodide/pyodide-lock.json", import.meta.url),
};
const MODULES = new URL("../../lab.json", import.meta.url);
const SANDBOX = new URL("./lab-sandbox.js", import.meta.url);
const RUNNER = new URL("./lab-runner.js", import.meta.url);

const FRAME_POLICY =
  "default-src 'none'; script-src 'unsafe-eval' 'wasm-unsafe-eval' blob: " +
  "'sha256-{hash}'; worker-src blob:; connect-src 'none'; base-uri 'none'; form-action 'none'";
/** The frame's own Content-Security-Policy (on top of the one it inherits from lab.html):
 * no request at all, scripts only its own (by hash) and blob: ones (the worker, Pyodide). */

const MAX_TEXT = 20000;
const MAX_RECORDING = 8e6;
/** Characters of a recording read at most (200,000 writes of ~12 characters, the code). */
const OUTCOMES = new Set(["returned", "error", "stopped", "refused"]);

/** Bytes of a same-origin file, or an Error naming it (in the service worker's words when
 * it answered why it cannot: a 503 of sw.js). */
async function bytesOf(url) {
  const response = await fetch(url);
  if (!response.ok) {
    const why = response.status === 503 ? (await response.text()).slice(0, 400) : "";
    throw new Error(why || `${url.pathname} did not load (HTTP ${response.status})`);
  }
  return response.arrayBuffer();
}

/** Pyodide's files, our modules and the two scripts, fetched by this page. */
async function runtime() {
  const names = Object.keys(PYODIDE_FILES);
  const [buffers, listing, sandbox, runner] = await Promise.all([
    Promise.all(names.map((name) => bytesOf(PYODIDE_FILES[name]))),
    bytesOf(MODULES),
    bytesOf(SANDBOX),
    bytesOf(RUNNER),
  ]);
  const files = Object.fromEntries(names.map((name, i) => [name, buffers[i]]));
  const listed = JSON.parse(new TextDecoder().decode(listing)).files;
  const sources = Object.keys(listed);
  const loaded = await Promise.all(sources.map((path) => bytesOf(new URL(path, MODULES))));
  const modules = Object.fromEntries(
    sources.map((path, i) => [listed[path].replace(/^\.\//, ""), loaded[i]]),
  );
  const text = (bytes) => new TextDecoder().decode(bytes);
  return { files, modules, sandbox: text(sandbox), runner: text(runner) };
}

/** SHA-256 of ``text`` in base64, as a CSP source names it. */
async function sha256(text) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return btoa(String.fromCharCode(...new Uint8Array(digest)));
}

/** Text with &, <, > and " written as entities (for an attribute or element of srcdoc). */
function escaped(text) {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
}

/** The sandbox frame's document: its policy, the lab page's origin, its script inline. */
async function frameDocument(script) {
  const policy = FRAME_POLICY.replace("{hash}", await sha256(script));
  return (
    `<!doctype html><meta http-equiv="Content-Security-Policy" content="${escaped(policy)}">` +
    `<meta name="lab-parent" content="${escaped(location.origin)}">` +
    `<script>${script}</script>`
  );
}

/** A whole number in [0, most]. */
function count(value, most = 1e12) {
  return Number.isInteger(value) && value >= 0 && value <= most;
}

/** Text of at most MAX_TEXT characters. */
function text(value) {
  return typeof value === "string" && value.length <= MAX_TEXT;
}

/** A run's answer, checked field by field; null if anything is off. Its recording is
 * only measured here: the player's worker reads it (``read_recording``) before it plays. */
export function checkedRun(data) {
  const numbers = ["steps", "writes", "undos", "lines", "calls", "max_depth", "line", "recorded"];
  if (!data || !OUTCOMES.has(data.outcome) || !text(data.message)) {
    return null;
  }
  if (data.outcome === "refused") {
    return { outcome: "refused", message: data.message };
  }
  const ok =
    numbers.every((key) => count(data[key])) &&
    typeof data.seconds === "number" && data.seconds >= 0 &&
    typeof data.at_end === "boolean" &&
    text(data.verdict) && text(data.printed) && typeof data.grid === "string" &&
    /^[1-9.]{81}$/.test(data.grid) &&
    Array.isArray(data.traceback) && data.traceback.length <= 400 && data.traceback.every(text) &&
    text(data.unplayable) &&
    typeof data.recording === "string" && data.recording.length <= MAX_RECORDING;
  if (!ok) {
    return null;
  }
  const keys = ["outcome", "message", "seconds", "at_end", "verdict", "printed", "grid", "traceback"];
  return Object.fromEntries([...numbers, ...keys, "unplayable", "recording"].map((key) => [key, data[key]]));
}

/** One strategy's or the reader's figures, checked; null if off. */
function checkedFigures(figures) {
  const ok =
    figures && count(figures.writes) && count(figures.undos) && count(figures.steps) &&
    typeof figures.ms === "number" && figures.ms >= 0 && typeof figures.done === "boolean";
  return ok ? { writes: figures.writes, undos: figures.undos, steps: figures.steps, ms: figures.ms, done: figures.done } : null;
}

const MAX_FRAMES = 2000;
const MAX_NAMES = 200;
/** Frames, and names in a frame, a state may hold (the runner shows at most 60 names). */

/** The reader's state at a step (runner.py's ``state``), checked: text only, bounded;
 * null if anything is off. */
export function checkedState(data) {
  if (!data || !count(data.step) || !text(data.message) || !Array.isArray(data.frames) || data.frames.length > MAX_FRAMES) {
    return null;
  }
  const frames = [];
  for (const frame of data.frames) {
    const names = frame && frame.locals && typeof frame.locals === "object" ? Object.entries(frame.locals) : null;
    if (!names || !text(frame.function) || !count(frame.line) || names.length > MAX_NAMES) {
      return null;
    }
    if (!names.every(([name, value]) => text(name) && text(value))) {
      return null;
    }
    frames.push({ function: frame.function, line: frame.line, locals: names });
  }
  const matches = data.matches === true || data.matches === false ? data.matches : null;
  return { step: data.step, frames, matches, message: data.message };
}

/** Each line's run count (runner.py's ``heat``), checked; null if anything is off. */
export function checkedHeat(data) {
  const ok =
    data && Array.isArray(data.heat) && data.heat.length <= 200000 && data.heat.every((n) => count(n)) &&
    typeof data.complete === "boolean";
  return ok ? { heat: data.heat, complete: data.complete } : null;
}

const CHECKS = { run: checkedRun, judge: checkedJudge, state: checkedState, heat: checkedHeat };
/** Each request's answer checker. */

/** A judge's answer, checked; null if anything is off. */
export function checkedJudge(data) {
  if (!data || !Array.isArray(data.results) || data.results.length > 100) {
    return null;
  }
  const results = [];
  for (const result of data.results) {
    if (!result || !text(result.verdict) || typeof result.grid !== "string" || result.grid.length > 200) {
      return null;
    }
    const builtins = {};
    for (const name of ["naive", "mrv", "propagate"]) {
      if (result.builtins && result.builtins[name]) {
        builtins[name] = checkedFigures(result.builtins[name]);
        if (!builtins[name]) {
          return null;
        }
      }
    }
    const figures = result.figures ? checkedFigures(result.figures) : null;
    results.push({ grid: result.grid, verdict: result.verdict, passed: result.passed === true, figures, builtins });
  }
  return { results };
}

/**
 * Start the lab's Python: returns ``{run(code, grid), judge(code, grids), state(code, grid,
 * step, expected), heat(code, grid), stop()}``.
 * ``onState(state, detail)`` hears "loading", "ready" ({ms: boot time}), "stopped"
 * ({ms: the terminate}) and "failed" ({message}). ``run`` and ``judge`` resolve with the
 * checked answer, or reject with an Error (a Stop rejects the one under way).
 */
export function startPython(onState, host = document.body) {
  const frame = document.createElement("iframe");
  frame.setAttribute("sandbox", "allow-scripts");
  frame.setAttribute("title", "Python for your code (no access to this site)");
  frame.hidden = true;
  let pending = null;
  let nextId = 1;
  let boot = null;
  let ready = null;
  let becameReady = null;
  const fresh = () => (ready = new Promise((resolve) => (becameReady = resolve)));
  fresh();

  const send = (message, transfer = []) => frame.contentWindow.postMessage(message, "*", transfer);

  /** The pending request's end: its answer, checked, or an Error. */
  function settle(result, error) {
    if (pending === null) {
      return;
    }
    const { resolve, reject } = pending;
    pending = null;
    if (error) {
      reject(error);
    } else {
      resolve(result);
    }
  }

  window.addEventListener("message", (event) => {
    // Only our frame's window; its origin is opaque ("null"): a same-origin page or any
    // other frame is never read.
    if (event.source !== frame.contentWindow || event.origin !== "null") {
      return;
    }
    const data = event.data;
    if (!data || typeof data.type !== "string") {
      return;
    }
    if (data.type === "loaded" && boot !== null) {
      send(boot); // copies: this page keeps its own for a reload of the frame
    } else if (data.type === "ready" && typeof data.ms === "number") {
      becameReady();
      onState("ready", { ms: data.ms });
    } else if (data.type === "stopped" && typeof data.ms === "number") {
      onState("stopped", { ms: data.ms });
    } else if (data.type === "failed") {
      onState("failed", { message: text(data.message) ? data.message : "Python failed" });
      settle(null, new Error(text(data.message) ? data.message : "Python failed"));
    } else if (data.type === "result" && pending !== null && data.id === pending.id) {
      if (text(data.failed)) {
        settle(null, new Error(data.failed));
        return;
      }
      const checked = CHECKS[pending.kind](data);
      settle(checked, checked ? null : new Error("the lab's Python sent an answer it should not have"));
    }
  });

  onState("loading", {});
  const loading = runtime().then(async (parts) => {
    boot = { type: "boot", runner: parts.runner, files: parts.files, modules: parts.modules };
    frame.srcdoc = await frameDocument(parts.sandbox);
    host.append(frame);
  });
  loading.catch((error) => onState("failed", { message: error.message }));

  /** Send a request once Python is ready; its answer. */
  async function ask(kind, fields) {
    await loading;
    await ready;
    if (pending !== null) {
      throw new Error("a run is under way");
    }
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending = { id, kind, resolve, reject };
      send({ type: kind, id, ...fields });
    });
  }

  return {
    run: (code, grid) => ask("run", { code, grid }),
    judge: (code, grids) => ask("judge", { code, grids }),
    /** The reader's frames right after write ``step`` (a re-run, checked against the
     * run's token of that step, ``expected``). */
    state: (code, grid, step, expected) => ask("state", { code, grid, step, expected }),
    /** Each line's run count of ``code`` on ``grid`` (a re-run). */
    heat: (code, grid) => ask("heat", { code, grid }),
    /** End the code under way at once; a fresh worker boots (``onState("ready")`` again). */
    stop() {
      if (boot === null || !frame.isConnected) {
        return;
      }
      fresh();
      settle(null, new Error("stopped"));
      send({ type: "stop" });
    },
    get busy() {
      return pending !== null;
    },
  };
}
