// The hardest hints' search in each of the app's two interpreters, in Node: what
// bench/deep.py reads.
//
//   node bench/deep.mjs micropython|pyodide RUNTIME_MJS PACKAGE_DIR PUZZLES_TXT
//
// Loads the runtime (the vendored micropython.mjs or pyodide.mjs) with the sudoku package,
// then for each puzzle (one a line) times, as one call each, the first step's
// contradiction-chain search from the givens (``chains.refutations`` to its end, the
// solution known beforehand, as the app's rating has it): the search the app's deep
// worker is for. Prints one JSON line: {boot_ms, ms: [...], steps: [...]}, wall clock
// (one thread: nothing else runs in the process).

import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [kind, runtime, packageDir, puzzles] = process.argv.slice(2);
if (!puzzles) {
  console.error("usage: node deep.mjs micropython|pyodide RUNTIME_MJS PACKAGE_DIR PUZZLES_TXT");
  process.exit(2);
}

const started = performance.now();
const module = await import(pathToFileURL(path.resolve(runtime)).href);
const quiet = { stdout: () => {}, stderr: (line) => process.stderr.write(line + "\n") };
const python =
  kind === "pyodide" ? await module.loadPyodide(quiet) : await module.loadMicroPython(quiet);
const home = kind === "pyodide" ? "/home/pyodide" : ".";
python.FS.mkdirTree(`${home}/sudoku`);
for (const name of fs.readdirSync(packageDir)) {
  if (name.endsWith(".py")) {
    python.FS.writeFile(`${home}/sudoku/${name}`, fs.readFileSync(path.join(packageDir, name)));
  }
}
python.runPython(
  `import sys\nsys.path.insert(0, "${home}")\n` +
    "from sudoku import chains\nfrom sudoku.logic import checked_marks, only_solution",
);
const boot = performance.now() - started;
const ms = [];
const steps = [];
for (const line of fs.readFileSync(puzzles, "utf-8").split("\n")) {
  const puzzle = line.trim();
  if (!puzzle) continue;
  python.runPython(`marks = checked_marks("${puzzle}", None)\nsolution = only_solution("${puzzle}")`);
  const start = performance.now();
  python.runPython(
    "found = None\nfor piece in chains.refutations(marks, solution):\n    found = piece or found",
  );
  ms.push(performance.now() - start);
  python.runPython("described = f'{found.technique} {found.rating}'");
  steps.push(String(python.globals.get("described")));
}
console.log(JSON.stringify({ boot_ms: boot, ms, steps }));
