// The code lab's Python, kept away from the site's origin: a sandboxed frame and its worker.
//
// ``startPython(onState)`` makes an <iframe sandbox="allow-scripts"> (no allow-same-origin:
// an opaque origin) whose srcdoc holds static/js/lab-sandbox.js inline and a policy that
// forbids every request; the frame's gate worker starts static/js/lab-runner.js as a blob:
// worker for each run (a fresh interpreter every time). The reader's code runs there, where the site's Cache Storage, IndexedDB, cookies and
// localStorage do not exist: it cannot poison the service worker's cache.
//
// The frame is not controlled by the service worker (its origin is not the site's), so
// it cannot fetch the runtime itself, online or off. This page fetches it (the service
// worker answers from its cache offline): Pyodide's files (static/vendor/pyodide/), the
// lab's snapshot of Pyodide when it is this build's (``snapshotOf``), and the Python modules
// pyscript-lab-runner.json lists, and hands them over as ArrayBuffers, once.
//
// Everything that comes back is untrusted (the reader's code runs beside the runner and
// can post anything): only messages from our frame's window, with the opaque origin
// "null", are read, only when due (``TURNS``), and each is checked field by field
// (``checkedRun``, ``checkedJudge``; an "ok" against the board, ``solves``) before the page
// shows it, as text.

const PYODIDE_FILES = {
  "pyodide.mjs": new URL("../vendor/pyodide/pyodide.mjs", import.meta.url),
  "pyodide.asm.mjs": new URL("../vendor/pyodide/pyodide.asm.mjs", import.meta.url),
  "pyodide.asm.wasm": new URL("../vendor/pyodide/pyodide.asm.wasm", import.meta.url),
  "python_stdlib.zip": new URL("../vendor/pyodide/python_stdlib.zip", import.meta.url),
  "pyodide-lock.json": new URL("../vendor/pyodide/pyodide-lock.json", import.meta.url),
};
const MODULES = new URL("../../pyscript-lab-runner.json", import.meta.url);
const SNAPSHOT = new URL("../vendor/pyodide/lab-snapshot.bin.gz", import.meta.url);
const SNAPSHOT_MADE = new URL("../vendor/pyodide/lab-snapshot.json", import.meta.url);
/** Python started and the lab's modules imported, as memory (scripts/lab_snapshot.mjs),
 * gzipped (31 MB, 6 MB so: GitHub Pages does not compress it): a worker restores it
 * instead of starting Python, when it was made from this very build. */
const SNAPSHOT_GRACE_MS = 500;
/** How long the page waits for the snapshot once the rest of the runtime is in: it is
 * asked for after the rest (never sharing a slow line with it), and a start without it is
 * faster than one that waits seconds for it (on a phone's line its 6 MB take ~5 s; the
 * service worker keeps it for the next visit). */
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

/** The SHA-256 of ``bytes`` as Subresource Integrity writes it. */
async function integrity(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return `sha256-${btoa(String.fromCharCode(...digest))}`;
}

/** The lab's modules as one text to hash: each path, its size, its bytes, in order. */
async function labHash(modules) {
  const parts = [];
  for (const [path, bytes] of Object.entries(modules)) {
    parts.push(new TextEncoder().encode(`${path}\n${bytes.byteLength}\n`), new Uint8Array(bytes));
  }
  return integrity(await new Blob(parts).arrayBuffer());
}

/** The snapshot's bytes, checked against their SHA-256 by the fetch, and what it was
 * made from; null if there is none, it fails, or it takes more than SNAPSHOT_GRACE_MS
 * (then it is not waited for: Python starts the long way). */
async function snapshotOf() {
  const stop = new AbortController();
  const late = setTimeout(() => stop.abort(), SNAPSHOT_GRACE_MS);
  try {
    const made = await (await fetch(SNAPSHOT_MADE, { signal: stop.signal })).json();
    const response = await fetch(SNAPSHOT, { integrity: made.snapshot, signal: stop.signal });
    if (!response.ok) {
      return null;
    }
    const inflated = response.body.pipeThrough(new DecompressionStream("gzip"));
    return { made, bytes: await new Response(inflated).arrayBuffer() };
  } catch {
    return null;
  } finally {
    clearTimeout(late);
  }
}

/** Pyodide's files, our modules and the two scripts, fetched by this page; with them
 * the snapshot, if it is this build's (the wasm and the modules it was made from). */
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
  const found = await snapshotOf();
  if (
    found &&
    found.made.wasm === (await integrity(files["pyodide.asm.wasm"])) &&
    found.made.modules === (await labHash(modules))
  ) {
    files["lab-snapshot.bin"] = found.bytes;
  }
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

/** Whether ``board`` (81 characters) is a complete, valid solution of ``puzzle`` that
 * keeps its givens: the page's own check of a verdict the sandbox sent. */
export function solves(puzzle, board) {
  if (!/^[1-9]{81}$/.test(board) || [...puzzle].some((given, i) => given !== "." && given !== board[i])) {
    return false;
  }
  for (let unit = 0; unit < 9; unit++) {
    const row = new Set();
    const column = new Set();
    const box = new Set();
    for (let i = 0; i < 9; i++) {
      row.add(board[unit * 9 + i]);
      column.add(board[i * 9 + unit]);
      box.add(board[(Math.floor(unit / 3) * 3 + Math.floor(i / 3)) * 9 + (unit % 3) * 3 + (i % 3)]);
    }
    if (row.size !== 9 || column.size !== 9 || box.size !== 9) {
      return false;
    }
  }
  return true;
}

const FORGED = "wrong answer: the board at the end is no solution (this page checked it, whatever the run said)";
/** The verdict put in place of an "ok" the board does not bear out. */

/** ``verdict`` on ``puzzle``, as the page lets it stand: an "ok" only with a solution. */
function checkedVerdict(verdict, puzzle, board) {
  return verdict.startsWith("ok") && !solves(puzzle, board) ? FORGED : verdict;
}

/** A board at the end: 81 digits or blanks, or "" (no longer a board). */
function board(value) {
  return typeof value === "string" && (value === "" || /^[1-9.]{81}$/.test(value));
}

/** A run's answer to ``puzzle``, checked field by field; null if anything is off. Its
 * recording is only measured here: the player's worker reads it (``read_recording``)
 * before it plays. An "ok" verdict stands only if the board at the end solves
 * ``puzzle`` (``solves``). */
export function checkedRun(data, puzzle) {
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
    text(data.verdict) && text(data.printed) && data.grid === puzzle && board(data.board) &&
    Array.isArray(data.traceback) && data.traceback.length <= 400 && data.traceback.every(text) &&
    text(data.unplayable) &&
    typeof data.recording === "string" && data.recording.length <= MAX_RECORDING;
  if (!ok) {
    return null;
  }
  const keys = ["outcome", "message", "seconds", "at_end", "printed", "grid", "board", "traceback"];
  const checked = Object.fromEntries([...numbers, ...keys, "unplayable", "recording"].map((key) => [key, data[key]]));
  checked.verdict = checkedVerdict(data.verdict, puzzle, data.board);
  return checked;
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

const CHECKS = {
  run: (data, request) => checkedRun(data, request.grid),
  judge: (data, request) => checkedJudge(data, request.grids),
  state: checkedState,
  heat: checkedHeat,
};
/** Each request's answer checker (given the answer and the request). */

/** A judge's answer on ``puzzles``, checked; null if anything is off. A pass stands only
 * if the board at the end solves its puzzle (``solves``). */
export function checkedJudge(data, puzzles) {
  if (!data || !Array.isArray(data.results) || data.results.length !== puzzles.length) {
    return null;
  }
  const results = [];
  for (const [i, result] of data.results.entries()) {
    if (!result || !text(result.verdict) || result.grid !== puzzles[i] || (result.board !== undefined && !board(result.board))) {
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
    const verdict = checkedVerdict(result.verdict, result.grid, result.board ?? "");
    const passed = result.passed === true && verdict.startsWith("ok");
    results.push({ grid: result.grid, verdict, passed, figures, builtins });
  }
  return { results };
}

/** The page's turns with its frame, and what it reads from the frame in each: nothing
 * but these types, nothing at all in the others (out of turn: dropped unread). */
const TURNS = {
  loading: new Set(), // the boot goes once, at the frame's first load
  booting: new Set(["ready", "failed"]),
  ready: new Set(),
  running: new Set(["result", "ended"]),
  waiting: new Set(["ready", "stopped", "failed"]), // after an answer or a Stop
  ended: new Set(),
};
const MOST_A_SECOND = 1000;
/** Messages a second the page takes from its frame (the protocol sends a few a run, and
 * one out of turn is dropped unread): past it the frame is ended, and the page says so. */
const ENDED = {
  flooded: "your code sent the page more messages than a run may: it was ended",
  oversized: "your code sent an answer larger than the lab reads: it was ended",
  crashed: "the worker running your code crashed (or ran out of memory): it was ended",
  deadline: "your code still ran after the lab's deadline: it was ended",
};
/** Why the sandbox ended a run's worker, in the page's words (never the frame's). */

/**
 * Start the lab's Python: returns ``{run(code, grid), judge(code, grids), state(code, grid,
 * step, expected), heat(code, grid), stop()}``.
 * ``onState(state, detail)`` hears "loading", "booting" ({boots: boot messages posted so
 * far}), "ready" ({ms: the fresh worker's boot}), "stopped" ({ms: the terminate}) and
 * "failed" ({message, fromSandbox: whether the message is the sandbox's own text}).
 * ``run`` and ``judge`` resolve with the checked answer, or reject with an Error (a Stop
 * rejects the one under way; ``error.fromSandbox`` marks text the sandbox wrote).
 *
 * The page answers the frame by a small state machine (``TURNS``): it posts the boot (the
 * runtime's bytes) once, when the frame first loads; it reads a message only when one of
 * its type is due; it ends a frame that sends more than ``MOST_A_SECOND`` messages a
 * second. Each run has a fresh worker in the frame (lab-sandbox.js), so Stop and the next
 * Run are never far.
 */
export function startPython(onState, host = document.body) {
  const frame = document.createElement("iframe");
  frame.setAttribute("sandbox", "allow-scripts");
  frame.setAttribute("title", "Python for your code (no access to this site)");
  frame.hidden = true;
  let phase = "loading";
  /** Enter turn ``name`` of ``TURNS`` (shown as ``body[data-lab-turn]``, for tests). */
  const turn = (name) => {
    phase = name;
    host.dataset.labTurn = name;
  };
  let pending = null;
  let nextId = 1;
  let boots = 0;
  let second = 0;
  let heard = 0;
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

  /** An Error whose message is the sandbox's text (shown apart, as coming from the code). */
  function sandboxError(message) {
    const error = new Error(message);
    error.fromSandbox = true;
    return error;
  }

  /** End the frame and its workers for good, saying why. */
  function endFrame(why) {
    turn("ended");
    frame.remove();
    settle(null, new Error(why));
    onState("failed", { message: why, fromSandbox: false });
  }

  window.addEventListener("message", (event) => {
    // Only our frame's window; its origin is opaque ("null"): a same-origin page or any
    // other frame is never read.
    if (event.source !== frame.contentWindow || event.origin !== "null" || phase === "ended") {
      return;
    }
    const now = performance.now();
    if (now - second > 1000) {
      second = now;
      heard = 0;
    }
    heard += 1;
    if (heard > MOST_A_SECOND) {
      endFrame("the lab's sandbox sent more messages than the page reads, so it was ended: reload the page to start Python again");
      return;
    }
    if (TURNS[phase].size === 0) {
      return; // nothing is due: not read
    }
    const data = event.data;
    if (!data || !TURNS[phase].has(data.type)) {
      return;
    }
    if (data.type === "ready" && typeof data.ms === "number") {
      turn("ready");
      becameReady();
      onState("ready", { ms: data.ms });
    } else if (data.type === "stopped" && typeof data.ms === "number") {
      onState("stopped", { ms: data.ms });
    } else if (data.type === "failed") {
      turn("ended");
      onState("failed", { message: text(data.message) ? data.message : "Python failed", fromSandbox: true });
    } else if (data.type === "ended" && data.id === pending?.id && Object.hasOwn(ENDED, data.why)) {
      turn("waiting");
      settle(null, new Error(ENDED[data.why]));
    } else if (data.type === "result" && data.id === pending?.id) {
      turn("waiting");
      if (text(data.failed)) {
        settle(null, sandboxError(data.failed));
        return;
      }
      const checked = CHECKS[pending.kind](data, pending);
      settle(checked, checked ? null : new Error("the lab's Python sent an answer it should not have"));
    }
  });

  onState("loading", {});
  const loading = runtime().then(async (parts) => {
    const boot = { type: "boot", runner: parts.runner, files: parts.files, modules: parts.modules };
    frame.addEventListener("load", () => {
      if (phase !== "loading") {
        return; // a frame that loads again gets no second boot
      }
      turn("booting");
      boots += 1;
      const buffers = [...Object.values(boot.files), ...Object.values(boot.modules)];
      send(boot, buffers); // moved, not copied: the frame keeps them for each worker
      onState("booting", { boots });
    });
    frame.srcdoc = await frameDocument(parts.sandbox);
    host.append(frame);
  });
  loading.catch((error) => onState("failed", { message: error.message, fromSandbox: false }));

  /** Send a request once Python is ready (a fresh worker waits); its answer. */
  async function ask(kind, fields) {
    if (pending !== null || phase === "ended") {
      throw new Error(phase === "ended" ? "Python was ended: reload the page" : "a run is under way");
    }
    const id = nextId++;
    const answer = new Promise((resolve, reject) => {
      pending = { id, kind, grid: fields.grid, grids: fields.grids, sent: false, resolve, reject };
    });
    await loading;
    await ready;
    if (pending?.id === id && phase === "ready") {
      turn("running");
      fresh();
      pending.sent = true;
      send({ type: kind, id, ...fields });
    } else if (pending?.id === id) {
      settle(null, new Error("Python was ended: reload the page"));
    }
    return answer;
  }

  return {
    run: (code, grid) => ask("run", { code, grid }),
    judge: (code, grids) => ask("judge", { code, grids }),
    /** The reader's frames right after write ``step`` (a re-run, checked against the
     * run's token of that step, ``expected``). */
    state: (code, grid, step, expected) => ask("state", { code, grid, step, expected }),
    /** Each line's run count of ``code`` on ``grid`` (a re-run). */
    heat: (code, grid) => ask("heat", { code, grid }),
    /** End the request under way (its code at once); the next run's worker is booted
     * already or booting (``onState("ready")`` again). False if there was none. */
    stop() {
      if (pending === null) {
        return false;
      }
      const sent = pending.sent;
      settle(null, new Error("stopped"));
      if (sent) {
        turn("waiting");
        send({ type: "stop" });
      } else {
        // Not sent yet: nothing ran. Said after the caller's own state, as a Stop's is.
        setTimeout(() => {
          onState("stopped", { ms: 0 });
          if (phase === "ready") {
            onState("ready", { ms: 0 });
          }
        });
      }
      return true;
    },
    get busy() {
      return pending !== null;
    },
  };
}
