// The code lab (lab.html): your own solveSudoku in an editor, run in a sandbox, played in
// the player, judged beside the built-in strategies, shared by a link, put in a post
// (Embed: lab-embed.js).
//
// The editor is CodeMirror 6 (static/vendor/codemirror/, bundled by scripts/vendor.py).
// Your code is kept in localStorage at every change and when the page is hidden, and is
// never thrown away: picking a starting point or opening a shared link first keeps what
// was there in the code's history (lab-history.js: each version with when and where it
// came from, listed in the picker). Code from a link (#code=...) is shown, never run,
// until you press Run, and the page says so until then; a link opened in a tab already on
// the lab loads too (hashchange), and a reload of the link's tab keeps the reader's edits
// (the tab remembers the link it loaded, in sessionStorage). The editor wraps long lines;
// the line the player is on is scrolled into the editor's own box, never the page's.
// Python (Pyodide) runs in a sandboxed frame with no origin
// (lab-python.js) and starts when this page opens; the page's MicroPython
// (src/web/page/lab/lab.py) holds the player and the starting points, and hands them here
// through ``window.sudokuLabPage`` (and the "sudoku-lab:page" event).
//
// Flags for tests: body[data-python] (loading, ready, running, failed), body[data-run]
// (a number, new for each run answered; data-run-steps and data-run-seconds: its writes
// and its time under the tracer), body[data-judged] (a number, new for each judge
// answered), body[data-stop-ms] (the last Stop's terminate, ms), body[data-restart-ms]
// (the last Stop to a fresh Python ready, ms), body[data-boots] (boot messages the page
// posted to its sandbox: one a page), body[data-state-step] (the step the Variables panel
// shows, once it shows it), body[data-heat] (a number, new for each heat map shown).
//
// After a run, the editor's gutter shows how often each line ran (a heat map: a re-run that
// counts lines, runner.py's ``heat``), and whenever the player stops on a step, the
// Variables panel beside the board shows the reader's frames and locals right after that
// write (a re-run to it, runner.py's ``state``, checked against the run's own write).

import {
  EditorView,
  basicSetup,
  python as pythonLanguage,
  oneDarkTheme,
  HighlightStyle,
  syntaxHighlighting,
  tags,
  keymap,
  indentWithTab,
  setDiagnostics,
  lintGutter,
  Decoration,
  StateEffect,
  StateField,
  indentUnit,
  gutter,
  GutterMarker,
} from "../vendor/codemirror/codemirror.js";
import { startPython } from "./lab-python.js";
import { codeOf, fragmentOf } from "./lab-share.js";
import { openEmbed } from "./lab-embed.js";
import * as history from "./lab-history.js";

const STORE = "sudoku-lab lab code";
/** The localStorage key of the editor's code (its history: lab-history.js). */
const LINKED = "sudoku-lab lab link";
/** sessionStorage key: the last link (#code=...) this tab loaded: a reload keeps the
 * reader's edits rather than loading it again. */
const FROM_LINK = "This code came from a link: read it, then press Run to run it (it runs only in the sandbox).";

const $ = (id) => document.getElementById(id);
const body = document.body;
const say = (text) => ($("lab-status").textContent = text);

/** Show ``text`` that the sandbox wrote (the reader's code runs there and could write
 * anything) in its own box, marked as the code's, never in the status line. */
function fromSandbox(text) {
  $("lab-error").textContent = `Your code's sandbox said: ${text}`;
}

// -- the editor ----------------------------------------------------------------------

/** One Dark's colours, lightened where they read below 4.5:1 (WCAG AA) on its background,
 * its active line and the running line (lab.css): the variable red, the purple, comments. */
const highlight = HighlightStyle.define([
  { tag: tags.keyword, color: "#d9a0f5" },
  { tag: [tags.name, tags.deleted, tags.character, tags.macroName], color: "#f0a0a8" },
  { tag: [tags.propertyName, tags.function(tags.variableName), tags.definition(tags.name)], color: "#8cc4ff" },
  { tag: [tags.className, tags.typeName, tags.standard(tags.name)], color: "#f0d080" },
  { tag: [tags.number, tags.bool, tags.null, tags.atom, tags.self], color: "#f2c088" },
  { tag: [tags.string, tags.special(tags.string)], color: "#a8d88a" },
  { tag: [tags.operator, tags.operatorKeyword, tags.escape], color: "#7fd4e0" },
  { tag: tags.comment, color: "#a9b2c3", fontStyle: "italic" },
  { tag: tags.invalid, color: "#ffffff" },
]);

const markLine = StateEffect.define();
/** The line the player is on (0: none), marked in the editor. */
const runningLine = StateField.define({
  create: () => Decoration.none,
  update(marks, transaction) {
    for (const effect of transaction.effects) {
      if (effect.is(markLine)) {
        const doc = transaction.state.doc;
        if (effect.value < 1 || effect.value > doc.lines) {
          return Decoration.none;
        }
        const line = doc.line(effect.value);
        return Decoration.set([Decoration.line({ class: "cm-running-line" }).range(line.from)]);
      }
    }
    return marks.map(transaction.changes);
  },
  provide: (field) => EditorView.decorations.from(field),
});

const hangs = new Map();
/** Line decorations by indent (in characters): a wrapped line's rest goes on under its
 * own indent (as the widget's code panel does), not at the editor's left edge. */
function hangingIndents(doc) {
  const marks = [];
  for (let n = 1; n <= doc.lines; n++) {
    const line = doc.line(n);
    const indent = /^[ \t]*/.exec(line.text)[0].length;
    if (indent > 0 && indent < line.length) {
      if (!hangs.has(indent)) {
        const style = `padding-left: calc(${indent}ch + 6px); text-indent: -${indent}ch`;
        hangs.set(indent, Decoration.line({ attributes: { style } }));
      }
      marks.push(hangs.get(indent).range(line.from));
    }
  }
  return Decoration.set(marks);
}

const hanging = StateField.define({
  create: (state) => hangingIndents(state.doc),
  update: (marks, transaction) => (transaction.docChanged ? hangingIndents(transaction.state.doc) : marks),
  provide: (field) => EditorView.decorations.from(field),
});

const setHeat = StateEffect.define();
/** Each line's run count after a run (an array by line number; null: none shown). */
const heatField = StateField.define({
  create: () => null,
  update(counts, transaction) {
    for (const effect of transaction.effects) {
      if (effect.is(setHeat)) {
        return effect.value;
      }
    }
    return transaction.docChanged ? null : counts; // the code changed: the counts are stale
  },
});

/** ``n`` in a few characters: 7, 812, 12k, 3.4M. */
function short(n) {
  if (n < 1000) {
    return String(n);
  }
  if (n < 1e6) {
    return `${n < 1e4 ? (n / 1e3).toFixed(1) : Math.round(n / 1e3)}k`;
  }
  return `${n < 1e7 ? (n / 1e6).toFixed(1) : Math.round(n / 1e6)}M`;
}

/** A line's run count in the gutter, shaded by its share of the busiest line's. */
class HeatMarker extends GutterMarker {
  constructor(count, level) {
    super();
    this.count = count;
    this.level = level;
  }

  eq(other) {
    return other.count === this.count && other.level === this.level;
  }

  toDOM() {
    const mark = document.createElement("span");
    mark.className = `cm-heat cm-heat-${this.level}`;
    mark.textContent = short(this.count);
    mark.title = `ran ${this.count.toLocaleString("en")} time${this.count === 1 ? "" : "s"}`;
    return mark;
  }
}

const heatGutter = gutter({
  class: "cm-heat-gutter",
  lineMarker(view, line) {
    const counts = view.state.field(heatField);
    const count = counts ? counts[view.state.doc.lineAt(line.from).number] || 0 : 0;
    if (!count) {
      return null;
    }
    const most = Math.max(...counts);
    const level = Math.min(4, Math.floor((5 * Math.log(count + 1)) / Math.log(most + 1)));
    return new HeatMarker(count, level);
  },
  lineMarkerChange: (update) =>
    update.docChanged || update.transactions.some((t) => t.effects.some((e) => e.is(setHeat))),
  initialSpacer: () => new HeatMarker(88888, 0),
});

let saveTimer = 0;
const editor = new EditorView({
  parent: $("code"),
  doc: "",
  extensions: [
    basicSetup,
    keymap.of([indentWithTab]),
    pythonLanguage(),
    indentUnit.of("    "), // PEP 8's four spaces
    oneDarkTheme,
    syntaxHighlighting(highlight),
    lintGutter(),
    EditorView.lineWrapping,
    hanging,
    heatField,
    heatGutter,
    runningLine,
    // tabindex: axe counts the editor a focusable part of its scrolling box (on a phone the
    // code is taller than the box, and a contenteditable alone did not count).
    EditorView.contentAttributes.of({ "aria-label": "Your Python code", "aria-describedby": "code-help", tabindex: "0" }),
    EditorView.updateListener.of((update) => {
      if (update.docChanged) {
        clearTimeout(saveTimer);
        saveTimer = setTimeout(save, 300);
        editor.dispatch(setDiagnostics(editor.state, []));
      }
    }),
  ],
});

/** The editor's code. */
const code = () => editor.state.doc.toString();

/** Keep the editor's code (the reader's, as they typed it). */
function save() {
  clearTimeout(saveTimer);
  try {
    localStorage.setItem(STORE, code());
  } catch {
    say("Your code could not be saved in this browser (storage is full or refused): copy it somewhere.");
  }
}

/** Put ``text`` (from ``source``: "link", "start" named ``name``, or "typed": a version
 * put back) in the editor, keeping ``old`` (what the editor holds) in the history first
 * if the reader typed it (not empty, not a starting point as it came). */
function replaceCode(text, startingPoints, source, name = "", old = code()) {
  if (!history.keepTyped(old, Object.values(startingPoints))) {
    say("Your code could not be kept in this browser's history (storage is full or refused): copy it somewhere.");
  }
  if (source !== "typed") {
    history.keep(text, source, name);
  }
  editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: text } });
  save();
  showHistory();
}

/** The picker's "Your previous code" entry (the newest version the reader typed, other
 * than the editor's), and every version of the history, newest first. */
function showHistory() {
  const picker = $("start-from");
  const option = picker.querySelector('option[value="previous"]');
  option.hidden = option.disabled = history.previous(code()) === null;
  picker.querySelector("optgroup")?.remove();
  const list = history.versions();
  if (list.length) {
    const group = document.createElement("optgroup");
    group.label = "Your code's history";
    list.forEach((version, i) => {
      const entry = document.createElement("option");
      entry.value = `version:${i}`;
      entry.textContent = history.label(version);
      group.append(entry);
    });
    picker.append(group);
  }
}

/** Mark (or unmark: 0) a line of the editor as the one running, scrolled into the
 * editor's view. */
export function markRunning(line) {
  editor.dispatch({ effects: markLine.of(line) });
  if (line > 0 && line <= editor.state.doc.lines) {
    showInEditor(editor.state.doc.line(line).from);
  }
}

/** Scroll the editor's own box so that the line at ``pos`` shows, and nothing else:
 * CodeMirror's scrollIntoView also scrolls the page, which on a phone took the board and
 * the player's buttons off screen at every step. */
function showInEditor(pos) {
  const block = editor.lineBlockAt(pos);
  const box = editor.scrollDOM;
  const margin = 2 * editor.defaultLineHeight;
  if (block.top - margin < box.scrollTop) {
    box.scrollTop = Math.max(0, block.top - margin);
  } else if (block.bottom + margin > box.scrollTop + box.clientHeight) {
    box.scrollTop = block.bottom + margin - box.clientHeight;
  }
}

/** An error's place in the editor: the whole of ``line``, with ``message``. */
function showError(line, message) {
  const doc = editor.state.doc;
  if (line < 1 || line > doc.lines) {
    return;
  }
  const { from, to } = doc.line(line);
  editor.dispatch(setDiagnostics(editor.state, [{ from, to, severity: "error", message }]));
}

// -- the page's data (from MicroPython: lab.py) -------------------------------------------

/** What lab.py hands over: starting points, puzzles, judge sets, and the player's ``play``. */
function pageData() {
  if (window.sudokuLabPage) {
    return Promise.resolve(window.sudokuLabPage);
  }
  return new Promise((resolve) =>
    window.addEventListener("sudoku-lab:page", () => resolve(window.sudokuLabPage), { once: true }),
  );
}

/** ``<option>``s for ``entries`` ([value, label]) appended to ``select``. */
function fill(select, entries) {
  for (const [value, label] of entries) {
    const option = document.createElement("option");
    option.value = value;
    option.textContent = label;
    select.append(option);
  }
}

// -- Python ----------------------------------------------------------------------------

let stoppedAt = 0;
let linkShown = false;
let started = false;
/** Whether the link's warning is in the status line (kept there until Run). */
let stoppedWhy = "Stopped.";
const python = startPython((state, detail) => {
  if (state === "booting") {
    body.dataset.boots = String(detail.boots);
  } else if (state === "ready") {
    // Each run has a fresh worker: a "ready" comes after each. Said only for the first
    // and after a Stop; while a request waits for it, it is that request's.
    if (python.busy) {
      return;
    }
    body.dataset.python = "ready";
    if (stoppedAt) {
      const ms = performance.now() - stoppedAt;
      body.dataset.restartMs = String(Math.round(ms));
      say(`${stoppedWhy} A fresh Python was ready ${(ms / 1000).toFixed(1)} s after Stop: press Run again.`);
      stoppedAt = 0;
    } else if (linkShown) {
      say(`${FROM_LINK} Python is ready.`);
    } else if (!started) {
      say(`Python is ready (started in ${(detail.ms / 1000).toFixed(1)} s). Press Run.`);
    }
    started = true;
    $("run").disabled = $("judge").disabled = false;
    keepLazy();
  } else if (state === "stopped") {
    body.dataset.stopMs = String(detail.ms);
  } else if (state === "failed") {
    body.dataset.python = "failed";
    $("run").disabled = $("judge").disabled = $("stop").disabled = true;
    if (detail.fromSandbox) {
      say("Python could not start: what its sandbox said is below.");
      fromSandbox(detail.message);
    } else {
      say(`Python could not start: ${detail.message}`);
    }
  } else {
    body.dataset.python = "loading";
  }
});

/** Ask the site's service worker (once it is active) to keep Pyodide, which it does not
 * precache: the lab then works offline after this first visit. */
function keepLazy() {
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage("keep-lazy"));
  }
}

/** The puzzle Run and Judge use. */
const puzzle = () => $("puzzle").value;

/** Buttons for a run under way (``running``) or not. */
function busy(running) {
  body.dataset.python = running ? "running" : "ready";
  $("run").disabled = $("judge").disabled = running;
  $("stop").disabled = !running;
}

/** A run's or a judge's error, said: the sandbox's own words go in their box. */
function failed(what, error) {
  if (error.fromSandbox) {
    say(`Your code could not ${what}: what its sandbox said is below.`);
    fromSandbox(error.message);
  } else {
    say(`Your code could not ${what}: ${error.message}`);
  }
  busy(false);
}

async function run(page) {
  page.lastRun = null; // Embed offers the run the player plays, once it does
  $("embed").disabled = true;
  linkShown = false;
  history.keepTyped(code(), Object.values(page.starting));
  showHistory();
  markRunning(0);
  editor.dispatch(setDiagnostics(editor.state, []));
  $("lab-error").textContent = $("lab-printed").textContent = "";
  $("lab-printed").hidden = true;
  busy(true);
  say("Running your code...");
  closeRun();
  const ran = { code: code(), grid: puzzle(), tokens: [] };
  let result;
  if (!(await inTurnForRun())) {
    return;
  }
  // Pyodide has no alarm: a loop that neither calls nor writes outlives the tracer's time
  // limit, and only ending its worker stops it.
  const overdue = setTimeout(() => stop(page, OVERDUE_SAID), OVERDUE_MS);
  try {
    result = await python.run(ran.code, ran.grid);
  } catch (error) {
    if (error.message !== "stopped") {
      failed("run", error);
    }
    return;
  } finally {
    clearTimeout(overdue);
  }
  busy(false);
  body.dataset.runSteps = String(result.steps ?? 0);
  body.dataset.runSeconds = String(result.seconds ?? 0);
  body.dataset.run = String(Number(body.dataset.run || 0) + 1);
  if (result.outcome === "refused") {
    say(`This puzzle cannot be run: ${result.message}`);
    return;
  }
  const recorded = result.recorded < result.steps ? `first ${result.recorded.toLocaleString("en")} (of ${result.steps.toLocaleString("en")})` : result.steps.toLocaleString("en");
  const writes = result.steps ? ` Press Play to watch its ${recorded} writes.` : "";
  say(`${result.verdict}.${result.unplayable ? "" : writes}`);
  if (result.line > 0 && result.outcome !== "returned") {
    showError(result.line, result.message);
  }
  $("lab-error").textContent = result.traceback.join("\n");
  if (result.printed) {
    $("lab-printed").hidden = false;
    $("lab-printed").textContent = result.printed;
  }
  if (result.unplayable) {
    $("lab-error").textContent += `${result.traceback.length ? "\n" : ""}The player cannot show this run: ${result.unplayable}`;
  } else {
    page.play(result);
    page.lastRun = result;
    $("embed").disabled = false;
    openRun(ran, result);
  }
}

// -- after a run: the heat map and the Variables panel -------------------------------------

let inspecting = Promise.resolve();
/** Requests to Python after a run, one at a time (a Run waits for the one under way). */
function inTurn(job) {
  const next = inspecting.then(job, job);
  inspecting = next.catch(() => {});
  return next;
}

let opened = null;
/** The run the player holds: its code, puzzle and each write's token ({code, grid, tokens}). */
let wanted = -1;
/** The step the Variables panel is asked for (-1: none). */
let stateTimer = 0;

const HEAT_UNDER = 2;
/** Seconds a run may have taken for its heat map to be made: a re-run that counts lines
 * takes about three times as long (in Pyodide), and a Run waits for it. */

/** The writes of a run's recording, as tokens (``p133:12:2``). */
function tokensOf(recording) {
  try {
    return JSON.parse(recording).events.split(" ").filter(Boolean);
  } catch {
    return [];
  }
}

/** A run answered and played: keep it for the panel, and ask for its heat map. */
function openRun(ran, result) {
  ran.tokens = tokensOf(result.recording);
  opened = ran;
  wanted = -1;
  $("variables").hidden = false;
  showFrames([], "Pause on a step (or step with the buttons) to see your variables right after that write.");
  if (result.seconds < HEAT_UNDER) {
    inTurn(() => python.heat(ran.code, ran.grid)).then(
      (answer) => {
        if (opened === ran && code() === ran.code) {
          editor.dispatch({ effects: setHeat.of(answer.heat) });
          body.dataset.heat = String(Number(body.dataset.heat || 0) + 1);
        }
      },
      () => {}, // stopped, or Python failed: no heat map
    );
  }
}

/** Forget the run shown: no heat map, no variables. */
function closeRun() {
  opened = null;
  clearTimeout(stateTimer);
  editor.dispatch({ effects: setHeat.of(null) });
  $("variables").hidden = true;
}

/** The Variables panel: ``frames`` (outermost first: shown innermost first, the innermost
 * open) and a note; text only. */
function showFrames(frames, note) {
  $("variables-note").textContent = note;
  const boxes = [...frames].reverse().map((frame, i) => {
    const box = document.createElement("details");
    box.className = "frame";
    box.open = i === 0;
    const head = document.createElement("summary");
    head.textContent = frame.function === "<module>" ? "your module's data" : `${frame.function}, line ${frame.line}`;
    const table = document.createElement("table");
    for (const [name, value] of frame.locals) {
      const row = document.createElement("tr");
      const key = document.createElement("th");
      key.scope = "row";
      key.textContent = name;
      const cell = document.createElement("td");
      cell.textContent = value;
      row.append(key, cell);
      table.append(row);
    }
    box.append(head, table);
    return box;
  });
  $("variables-frames").replaceChildren(...boxes);
}

/** Ask for the state at ``step`` of ``run`` and show it (unless another step is wanted by then). */
async function showState(run, step) {
  if (step < 1 || step > run.tokens.length) {
    showFrames([], step < 1 ? "Step 0: your code has not written to the board yet." : "");
    body.dataset.stateStep = String(step);
    return;
  }
  $("variables-note").textContent = `Running your code again to write ${step.toLocaleString("en")}...`;
  let state;
  try {
    state = await inTurn(() => python.state(run.code, run.grid, step, run.tokens[step - 1]));
  } catch (error) {
    if (opened === run && error.message !== "stopped") {
      showFrames([], `Your variables could not be shown: ${error.message}`);
    }
    return;
  }
  if (opened !== run || wanted !== step) {
    return;
  }
  const note = state.message || `Right after write ${step.toLocaleString("en")}: your calls, the innermost first.`;
  showFrames(state.frames, note);
  body.dataset.stateStep = String(step);
}

/** When the player stops on a step (not while it plays), show that step's state. */
function followPlayer() {
  const player = $("player");
  new MutationObserver(() => {
    if (player.dataset.state === "playing" || opened === null) {
      wanted = -1;
      return;
    }
    const step = Number(player.dataset.steps || 0);
    if (step !== wanted) {
      wanted = step;
      clearTimeout(stateTimer);
      const run = opened;
      stateTimer = setTimeout(() => showState(run, step), 150);
    }
  }).observe(player, { attributes: true, attributeFilter: ["data-steps", "data-state"] });
}

/** A figure cell's text, in the same units in every column: ``3.1 ms, 61 writes``, or for
 * a built-in search the judge cut off, ``stopped after 812.3 ms, 61,523 writes``. */
function figuresText(figures) {
  if (!figures) {
    return "";
  }
  const said = `${figures.ms.toFixed(1)} ms, ${figures.writes.toLocaleString("en")} writes`;
  return figures.done ? said : `stopped after ${said}`; // the judge's cap, not a failure
}

async function judge(page) {
  const level = $("judge-set").value;
  const grids = [puzzle(), ...page.sets[level]];
  linkShown = false;
  $("lab-error").textContent = "";
  busy(true);
  say(`Judging your code on ${grids.length} puzzles...`);
  let answer;
  closeRun();
  if (!(await inTurnForRun())) {
    return;
  }
  const overdue = setTimeout(() => stop(page, OVERDUE_SAID), OVERDUE_MS + grids.length * 10000);
  try {
    answer = await python.judge(code(), grids);
  } catch (error) {
    if (error.message !== "stopped") {
      failed("be judged", error);
    }
    return;
  } finally {
    clearTimeout(overdue);
  }
  busy(false);
  const rows = $("judge-rows");
  rows.replaceChildren();
  answer.results.forEach((result, i) => {
    const row = document.createElement("tr");
    row.dataset.passed = String(result.passed);
    const label = i === 0 ? "this puzzle" : `${level} ${i}`;
    const cells = [label, result.verdict, figuresText(result.passed ? result.figures : null)];
    for (const name of ["naive", "mrv", "propagate"]) {
      cells.push(figuresText(result.builtins[name]));
    }
    for (const value of cells) {
      const cell = document.createElement("td");
      cell.textContent = value;
      row.append(cell);
    }
    rows.append(row);
  });
  $("judge-box").hidden = false;
  const passed = answer.results.filter((r) => r.passed).length;
  say(`Judged: ${passed} of ${answer.results.length} passed.`);
  body.dataset.judged = String(Number(body.dataset.judged || 0) + 1);
}

const OVERDUE_MS = 18000;
/** How long a run may go on before the page ends it: the tracer's time limit (10 s) and
 * room to record its writes. */
const OVERDUE_SAID =
  "stopped: took more than 10 s: LeetCode would time out. The page ended your code: a loop " +
  "that calls nothing and writes nothing could not be stopped from inside.";

let stops = 0;
/** Stops pressed so far: a Run or Judge waiting for a heat map or a state to end is
 * stopped too (``inTurnForRun``). */

/** Wait for a heat map or a state under way to end (``inspecting``); false if Stop was
 * pressed meanwhile: the run or judge waiting is then stopped before it starts. */
async function inTurnForRun() {
  const before = stops;
  await inspecting;
  if (before === stops) {
    return true;
  }
  if (body.dataset.python === "running") {
    busy(false);
    say("Stopped before your code started.");
  }
  return false;
}

function stop(page, why = "Stopped.") {
  stops += 1;
  stoppedWhy = why;
  stoppedAt = performance.now();
  if (!python.stop()) {
    return;
  }
  page.reset(puzzle());
  busy(false);
  $("run").disabled = $("judge").disabled = true;
  body.dataset.python = "loading";
  say(`${why === "Stopped." ? "Stopped: your code was ended." : why} A fresh Python is starting...`);
}

async function share() {
  const link = new URL(location.href);
  link.hash = (await fragmentOf(code())).slice(1);
  $("share-link").value = link.href;
  $("share-box").hidden = false;
  $("share-link").select();
}

/** Load the code a link (``location.hash``) carries, unless this tab loaded that link
 * already (a reload: the editor holds the reader's edits of it). */
async function loadLink(page) {
  let fromLink;
  try {
    fromLink = await codeOf(location.hash);
  } catch (error) {
    say(`The link's code could not be read: ${error.message}`);
    return;
  }
  if (fromLink === null || sessionStorage.getItem(LINKED) === location.hash) {
    return;
  }
  sessionStorage.setItem(LINKED, location.hash);
  const old = code();
  const own =
    old.trim() !== "" && old !== fromLink && !Object.values(page.starting).includes(old) &&
    !history.versions().some((version) => version.code === old && version.source !== "typed");
  replaceCode(fromLink, page.starting, "link", "", old);
  const previous = own ? ' Your code before it is kept: "Your previous code" in Start from.' : "";
  say(`${FROM_LINK}${previous}`);
  linkShown = true;
  body.dataset.fromLink = "true";
}

/** Use the puzzle the reader pasted: added to the Puzzle list and chosen, or why not. */
function usePuzzle(data) {
  const [grid, why] = JSON.parse(data.ownPuzzle($("own-puzzle").value));
  const note = $("own-puzzle-note");
  if (!grid) {
    note.textContent = `Not a puzzle Run can use: ${why}.`;
    note.dataset.state = "error";
    $("own-puzzle").setAttribute("aria-invalid", "true");
    return;
  }
  $("own-puzzle").removeAttribute("aria-invalid");
  let option = $("puzzle").querySelector(`option[value="${grid}"]`);
  if (!option) {
    option = document.createElement("option");
    option.value = grid;
    option.textContent = `Your puzzle ${$("puzzle").querySelectorAll("option[data-own]").length + 1}`;
    option.dataset.own = "true";
    $("puzzle").append(option);
  }
  $("puzzle").value = grid;
  data.preview(grid);
  note.textContent = `${option.textContent} is chosen: Run and Judge use it.`;
  note.dataset.state = "ok";
}

// -- start ---------------------------------------------------------------------------

async function start() {
  const data = await pageData();
  const page = {
    starting: Object.fromEntries(data.starting),
    sets: Object.fromEntries(data.sets),
    play: data.play,
    reset: data.reset,
  };
  $("puzzle").addEventListener("change", () => data.preview(puzzle()));
  fill($("start-from"), data.starting.map(([name]) => [name, name]));
  fill($("puzzle"), data.puzzles);
  fill($("judge-set"), data.sets.map(([level, grids]) => [level, `${level} (${grids.length} puzzles)`]));
  data.onLine = markRunning;
  const kept = localStorage.getItem(STORE);
  if (kept === null) {
    replaceCode(data.starting[0][1], page.starting, "start", data.starting[0][0]);
  } else {
    editor.dispatch({ changes: { from: 0, to: 0, insert: kept } });
  }
  showHistory();
  await loadLink(page);
  window.addEventListener("hashchange", () => loadLink(page));
  $("start-from").addEventListener("change", (event) => {
    const choice = event.target.value;
    const versions = history.versions();
    if (choice === "previous") {
      const version = history.previous(code());
      version && replaceCode(version.code, page.starting, "typed");
    } else if (choice.startsWith("version:")) {
      const version = versions[Number(choice.slice(8))];
      version && replaceCode(version.code, page.starting, "typed");
    } else if (typeof page.starting[choice] === "string") {
      replaceCode(page.starting[choice], page.starting, "start", choice);
    }
    event.target.value = "";
  });
  $("run").addEventListener("click", () => run(page));
  $("judge").addEventListener("click", () => judge(page));
  $("stop").addEventListener("click", () => stop(page));
  $("share").addEventListener("click", share);
  $("embed").addEventListener("click", () => openEmbed(page.lastRun, data.embed));
  $("own-puzzle-use").addEventListener("click", () => usePuzzle(data));
  data.preview(puzzle());
  followPlayer();
  body.dataset.editor = "ready";
}

window.addEventListener("pagehide", save);
document.addEventListener("visibilitychange", () => document.visibilityState === "hidden" && save());
start();
