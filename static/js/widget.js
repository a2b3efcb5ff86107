/*
 * The widget's first moments (embed.html), before any Python: a blog post may hold many
 * widgets, and a reader may scroll past most of them.
 *
 * 1. At once: the puzzle of an obvious `puzzle=` (an 81-character line, or LeetCode JSON)
 *    is painted on the static board, the `strategy=` shown in its menu and the parts
 *    `controls=` and `tree=` name laid out as Python lays them out, and the
 *    widget's height is reported to the host page (`{type: "sudoku-lab:height", height}`,
 *    read by static/js/embed.js) now and whenever it changes, so the host's iframe has its
 *    real height before Python runs.
 * 2. Python (PyScript's MicroPython: src/web/page/widget/widget.py and its worker) starts only when the
 *    widget is in view, or on the reader's first touch, click or key in it. A widget the
 *    reader never reaches costs its HTML, CSS and this file.
 *
 * 3. Inside a frame, the host page's messages are the host's commands (src/web/page/widget/host.py
 *    reads them: exact shapes only). Those from the parent window are kept, as JSON text,
 *    until Python is ready and takes them (`window.sudokuLabHost(receive)`), then handed
 *    over as they come; messages from any other window are ignored.
 *
 * 4. A recording of a reader's own code in the fragment (`#trace=`: static/js/recording.js
 *    reads it, loaded only then) is unpacked for Python (`window.sudokuLabRecording()`),
 *    and the worker then also loads the modules that play it (pyscript-widget-worker.json's
 *    `recorded_files`). A widget without one loads neither.
 *
 * 5. The widgets of one post start before any of them counts its search (a long search's
 *    count, "This search takes 79,462 steps", is seconds of its worker's time): each
 *    widget says on a BroadcastChannel that it is starting Python (again every
 *    `HEARTBEAT_MS` until its player is ready), then that it has started
 *    (`window.sudokuLabStarted()`), and a count waits while a sibling (a frame of this
 *    site in the same browser) is starting (`window.sudokuLabQuiet()`); a sibling silent
 *    for `SILENT_MS` is gone. A widget that loads asks who is starting. A widget's counts
 *    wait `HOLD_MS` in all at most: any page of this origin can post on the channel, and
 *    one that says "starting" forever must not keep the widgets from counting.
 *
 * 6. The widgets of one post share one Python and one solver worker: the first to start
 *    Python makes them and lends them (`window.sudokuLabLend`, `window.sudokuLabAdopt`); a
 *    sibling that starts later (a frame of the same page of this site) borrows them: it
 *    loads no PyScript and starts no MicroPython of its own, and the lender's Python plays
 *    its widget in its frame (src/web/page/widget/widget.py, `adopt`). Each MicroPython's
 *    start is main-thread time every frame of the post shares, and memory (README,
 *    Benchmarks). Python and worker live as long as the frame that made them, so a
 *    borrower checks every `LENDER_MS` that its lender is still there; if the host page
 *    removed or reloaded it, the borrower reloads itself at the step it shows (`step=`,
 *    which body[data-step] keeps). A widget with a recording neither lends nor borrows:
 *    its worker loads more modules.
 *
 * Flags for tests and CSS: html[data-framed] ("true" inside another page's frame),
 * body[data-python] ("waiting", then "started"), body[data-height] (the last height sent),
 * body[data-held] ("true" while a count waits for a sibling that is starting),
 * body[data-worker] ("own" or "borrowed": Python and worker, once Python starts).
 * The Python side is the judge of the puzzle: it reads every shape and names what is wrong.
 */

const HEIGHT_MESSAGE = "sudoku-lab:height";
const PYSCRIPT = new URL("../vendor/pyscript/core.js", import.meta.url).href;
const MICROPYTHON = new URL("../vendor/micropython/micropython.mjs", import.meta.url).href;
const WORKER = new URL("../../src/web/worker/worker_script.py", import.meta.url).href;
const WORKER_CONFIG = new URL("../../pyscript-widget-worker.json", import.meta.url).href;
const BLANKS = ".0-_*";
const TRUE_WORDS = ["1", "true", "yes", "on"]; // options.py's TRUE_WORDS
const MAX_COMMAND = 200; // characters of JSON: every command is far shorter
const KEPT_COMMANDS = 16; // commands kept before Python is ready

const recording = /(^#|&)trace=/.test(location.hash)
  ? import("./recording.js").then((module) => module.unpack(location.hash))
  : null;
const NO_RECORDING = { text: "", error: "" };

const commands = [];
let deliver = null;

const framed = window.self !== window.top;
document.documentElement.dataset.framed = String(framed);
document.body.dataset.python = "waiting";

/** The 81-char grid of an obvious puzzle (a line, or LeetCode JSON), else null. */
function previewGrid(text) {
  let cells = text.trim();
  if (cells.startsWith("[")) {
    try {
      cells = JSON.parse(cells).flat().map(String).join("");
    } catch {
      return null;
    }
  }
  if (cells.length !== 81 || ![...cells].every((c) => "123456789".includes(c) || BLANKS.includes(c))) {
    return null;
  }
  return [...cells].map((c) => (BLANKS.includes(c) ? "." : c)).join("");
}

/** Show the parts `controls=` names, the search tree if `tree=` is on and the legend's
 * line for the candidates if `candidates=` is, as Python will (src/web/page/player/
 * player.py, `use_controls`, `show_tree`, `show_marks`; options.py reads the words alike), so the height reported before Python is the widget's own: the host's
 * frame takes its height once, not again when Python is ready. */
function layoutPreview(query) {
  const controls = query.get("controls");
  if (controls !== null) {
    const names = controls.split(",").map((name) => name.trim());
    const all = names.length === 1 && names[0] === "all";
    document.querySelectorAll("#player [data-part]").forEach((part) => {
      part.hidden = !all && !names.includes(part.dataset.part);
    });
  }
  const on = (name) => TRUE_WORDS.includes((query.get(name) || "").toLowerCase());
  const tree = document.querySelector("#player [data-role=tree-panel]");
  if (tree) tree.hidden = !on("tree");
  document.getElementById("player").dataset.marks = String(on("candidates")); // its legend
}

/** Paint the givens on the static board, and show the URL's strategy when it is one of
 * the menu's (Python shows the same once it runs, or its fallback with a note). */
function paintPreview() {
  const query = new URLSearchParams(location.search);
  layoutPreview(query);
  const menu = document.querySelector("#player [data-role=strategy]");
  const strategy = query.get("strategy");
  if (menu && [...menu.options].some((option) => option.value === strategy)) menu.value = strategy;
  const puzzle = query.get("puzzle");
  const grid = puzzle === null ? null : previewGrid(puzzle);
  if (grid === null) return;
  document.querySelectorAll("#player .pcell").forEach((cell, i) => {
    const given = grid[i] !== ".";
    cell.textContent = given ? grid[i] : "";
    cell.className = given ? "pcell given" : "pcell";
  });
}

/** Tell the host page the widget's height when it changed; any host may know it. */
function reportHeight() {
  const box = document.querySelector(".widget");
  const height = Math.ceil(box.getBoundingClientRect().height);
  if (document.body.dataset.height === String(height)) return;
  document.body.dataset.height = String(height);
  if (framed) window.parent.postMessage({ type: HEIGHT_MESSAGE, height }, "*");
}

const SIBLINGS = "sudoku-lab:widgets";
const HEARTBEAT_MS = 1000;
const SILENT_MS = 3000;
const HOLD_MS = 10000; // the longest this widget's counts wait for siblings, in all
const MAX_SIBLINGS = 32; // siblings heard at a time: any more are not waited for
const me = Math.random().toString(36).slice(2);
const siblings = "BroadcastChannel" in window ? new BroadcastChannel(SIBLINGS) : null;
const starting = new Map(); // a sibling's id -> when it last said it was starting
const waiting = []; // the resolve of each `sudokuLabQuiet()` not answered yet
let heldSince = null; // when the counts waiting now began to wait
let heldFor = 0; // how long counts waited before that, in all
let heartbeat = null; // while this widget starts: its timer saying so again
let recheck = null;
let answered = -Infinity; // when this widget last answered "who"

/** Say `what` ("starting", "started", "who") to the sibling widgets. */
function tell(what) {
  if (siblings) siblings.postMessage({ from: me, say: what });
}

/** A sibling's news; a sibling that asks who is starting hears whether this one is (once
 * a heartbeat at most). Any page of this origin can post on the channel, so only the
 * exact shape counts, and no sibling holds a count past `HOLD_MS` (see `settle`). */
function hearSibling({ data }) {
  if (!data || typeof data.from !== "string" || data.from.length > 16) return;
  const now = performance.now();
  if (data.say === "starting" && (starting.has(data.from) || starting.size < MAX_SIBLINGS)) {
    starting.set(data.from, now);
  } else if (data.say === "started") starting.delete(data.from);
  else if (data.say === "who" && heartbeat !== null && now - answered >= HEARTBEAT_MS) {
    answered = now;
    tell("starting");
  } else return;
  settle();
}

/** Answer the waiting counts once no sibling is starting (one silent for `SILENT_MS` is
 * gone), or once this widget's counts have waited `HOLD_MS` in all (a count is a chunk at
 * a time, each asking again): a sibling that says "starting" forever (a page of the
 * origin posting it under ever new names, say) delays the count, never stops it. Until
 * then, body[data-held]. */
function settle() {
  clearTimeout(recheck);
  const now = performance.now();
  for (const [id, since] of starting) if (now - since >= SILENT_MS) starting.delete(id);
  if (!waiting.length) return;
  heldSince ??= now;
  const deadline = heldSince + HOLD_MS - heldFor;
  if (starting.size && now < deadline) {
    document.body.dataset.held = "true";
    let next = deadline;
    for (const since of starting.values()) next = Math.min(next, since + SILENT_MS);
    recheck = setTimeout(settle, next - now);
    return;
  }
  document.body.dataset.held = "false";
  heldFor += now - heldSince;
  heldSince = null;
  waiting.splice(0).forEach((resolve) => resolve());
}

/** Resolves once no sibling widget is starting Python (at once if none is), or once
 * this widget's counts have waited `HOLD_MS` in all. */
window.sudokuLabQuiet = () =>
  new Promise((resolve) => {
    waiting.push(resolve);
    settle();
  });

/** This widget's player is ready (or failed): its siblings' counts need not wait for it. */
window.sudokuLabStarted = () => {
  clearInterval(heartbeat);
  heartbeat = null;
  tell("started");
};

if (siblings) siblings.onmessage = hearSibling;
tell("who");

let solver = null;

/** Load PyScript (once): it runs the page's `type="mpy"` script; and start the solver's
 * worker beside it. The worker is made here, with its config as an object, because only
 * an object reaches the worker's `pyscript.config` (a `<script worker config="...">`
 * passes the file's address): its `sync_main_only` keeps PyScript from warning, in every
 * blog reader's console, that the worker has no SharedArrayBuffer to reach the page with
 * (it never does: it only answers calls). Beside PyScript's entry, the page's
 * `#python-preload` lines go in: the files PyScript would otherwise find one after
 * another are asked for at once. */
function startPython() {
  if (document.body.dataset.python === "started") return;
  document.body.dataset.python = "started";
  tell("starting");
  heartbeat = setInterval(tell, HEARTBEAT_MS, "starting");
  const lender = recording ? null : findLender();
  document.body.dataset.worker = lender ? "borrowed" : "own";
  if (lender) {
    borrow(lender);
    return;
  }
  const pyscript = import(PYSCRIPT); // asked first: it is what runs first
  document.head.append(document.getElementById("python-preload").content.cloneNode(true));
  const config = fetch(WORKER_CONFIG).then((response) => response.json());
  solver = Promise.all([pyscript, config])
    .then(([{ MPWorker }, { recorded_files: more, ...options }]) => {
      if (recording) options.files = { ...options.files, ...more };
      else options.opening = firstTrace();
      return MPWorker(WORKER, { config: options, version: MICROPYTHON });
    })
    .then((worker) => worker.sync); // as `workers[name]` gives a named worker's calls
  if (recording) return;
  window.sudokuLabLend = () => solver;
  window.sudokuLabAdopt = adopt;
}

/** The trace this page's Python opens first, `[puzzle, strategy]` (the URL's puzzle and
 * the strategy its menu shows: paintPreview), for the worker to open as it starts, while
 * the page's Python starts too (src/web/worker/worker.py, `open_early`); null with no
 * puzzle. Only a guess: the worker answers it to the very same call, and Python, the
 * judge of the URL, asks for what it reads. */
function firstTrace() {
  const puzzle = new URLSearchParams(location.search).get("puzzle");
  const menu = document.querySelector("#player [data-role=strategy]");
  return puzzle === null || !menu ? null : [puzzle, menu.value];
}

let adopter = null; // this page's Python's `adopt`, once it runs
const adoptions = []; // the sibling windows that borrowed before it ran

/** Have this page's Python play the widget of the sibling window `frame` (now, or as
 * soon as it runs). */
function adopt(frame) {
  if (adopter) adopter(frame);
  else adoptions.push(frame);
}

/** This page's Python runs: it takes the siblings that borrowed so far, then each as it
 * comes (after the current task: Python calls this, and must not be re-entered). */
window.sudokuLabAdopter = (receive) => {
  queueMicrotask(() => {
    adopter = receive;
    adoptions.splice(0).forEach((frame) => receive(frame));
  });
};

const LENDER_MS = 1000;

/** A sibling widget's window that lends its Python and worker (a frame of this same page
 * of this site, in the same host page: frames of other sites cannot be read, and another
 * path may be another version of the site), else null. */
function findLender() {
  if (!framed) return null;
  const host = window.parent;
  for (let i = 0; i < host.length; i += 1) {
    try {
      const other = host[i];
      const lends = other !== window && typeof other.sudokuLabLend === "function";
      if (lends && other.location.pathname === location.pathname) return other;
    } catch {
      // a frame of another site: not a widget
    }
  }
  return null;
}

/** Use `lender`'s Python and worker; once the lender is gone (removed, reloaded,
 * navigated away), they have ended: reload this widget at the step it shows. */
function borrow(lender) {
  const lend = lender.sudokuLabLend;
  solver = lend();
  lender.sudokuLabAdopt(window);
  const watch = setInterval(() => {
    let here = false;
    try {
      here = !lender.closed && lender.sudokuLabLend === lend;
    } catch {
      // the lender's frame now holds another site's page
    }
    if (here) return;
    clearInterval(watch);
    const url = new URL(location.href);
    const step = document.body.dataset.step;
    if (step && step !== "0") url.searchParams.set("step", step);
    location.replace(url.href);
  }, LENDER_MS);
}

/** The solver's worker, once it is ready: its exported calls (src/web/worker/worker.py). */
window.sudokuLabSolver = () => solver;

/** The fragment's recording, `{text, error}` (static/js/recording.js; both "": none). */
window.sudokuLabRecording = () => recording || Promise.resolve(NO_RECORDING);

/** A message from the host page: its data as JSON text, for Python (now or once ready). */
function fromHost(event) {
  if (!framed || event.source !== window.parent) return;
  let text;
  try {
    text = JSON.stringify(event.data);
  } catch {
    return; // data JSON cannot hold (a BigInt, a cycle): no command has it
  }
  if (typeof text !== "string" || text.length > MAX_COMMAND) return;
  if (deliver) deliver(text);
  else if (commands.length < KEPT_COMMANDS) commands.push(text);
  startPython(); // the host wants the widget to act: it needs Python, in view or not
}

/** Python is ready: it takes the commands kept so far, then each as it comes. */
window.sudokuLabHost = (receive) => {
  deliver = receive;
  commands.splice(0).forEach((text) => receive(text));
};

window.addEventListener("message", fromHost);
paintPreview();
new ResizeObserver(reportHeight).observe(document.querySelector(".widget"));
reportHeight();

const seen = new IntersectionObserver((entries) => {
  if (entries.some((entry) => entry.isIntersecting)) {
    seen.disconnect();
    startPython();
  }
});
seen.observe(document.querySelector(".widget"));
for (const type of ["pointerdown", "keydown", "focusin"]) {
  document.addEventListener(type, startPython, { once: true, capture: true });
}
