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
// posted to its sandbox: one a page).

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
      say(`Stopped. A fresh Python was ready ${(ms / 1000).toFixed(1)} s after Stop: press Run again.`);
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
  let result;
  try {
    result = await python.run(code(), puzzle());
  } catch (error) {
    if (error.message !== "stopped") {
      failed("run", error);
    }
    return;
  }
  busy(false);
  body.dataset.runSteps = String(result.steps ?? 0);
  body.dataset.runSeconds = String(result.seconds ?? 0);
  body.dataset.run = String(Number(body.dataset.run || 0) + 1);
  if (result.outcome === "refused") {
    say(`This puzzle cannot be run: ${result.message}`);
    return;
  }
  const writes = result.steps ? ` Press Play to watch its ${result.steps.toLocaleString("en")} writes.` : "";
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
  }
}

/** A figure cell's text, in the same units in every column (time in ms, writes to the
 * board): ``3.1 ms, 61 writes``, or how far a search cut off got: ``stopped after
 * 812.3 ms, 98,765 writes``. */
function figuresText(figures) {
  if (!figures) {
    return "";
  }
  const said = `${figures.ms.toFixed(1)} ms, ${figures.writes.toLocaleString("en")} writes`;
  return figures.done ? said : `stopped after ${said}`;
}

async function judge(page) {
  const level = $("judge-set").value;
  const grids = [puzzle(), ...page.sets[level]];
  linkShown = false;
  $("lab-error").textContent = "";
  busy(true);
  say(`Judging your code on ${grids.length} puzzles...`);
  let answer;
  try {
    answer = await python.judge(code(), grids);
  } catch (error) {
    if (error.message !== "stopped") {
      failed("be judged", error);
    }
    return;
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

function stop(page) {
  stoppedAt = performance.now();
  if (!python.stop()) {
    return;
  }
  page.reset(puzzle());
  busy(false);
  $("run").disabled = $("judge").disabled = true;
  body.dataset.python = "loading";
  say("Stopped: your code was ended. A fresh Python is starting...");
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
  body.dataset.editor = "ready";
}

window.addEventListener("pagehide", save);
document.addEventListener("visibilitychange", () => document.visibilityState === "hidden" && save());
start();
