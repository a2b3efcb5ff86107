// Run bench/mpy_timing.py's jobs under PyScript's MicroPython in Node, one call each:
// what bench/micropython.py reads.
//
//   node bench/mpy_bench.mjs MICROPYTHON_MJS PACKAGE_DIR TIMING_PY CASES_JSON
//
// The package goes to ./sudoku/ in the interpreter's file system (as PyScript's [files]
// do); TIMING_PY is run once to define its jobs from CASES_JSON (``setup``), then each job
// is its own ``runPython`` call, as each call to the app's worker is its own task. That
// matters: this MicroPython frees memory only between calls (its garbage collector runs
// when control is back in JavaScript, not while Python runs), so one call that made
// thousands of solves would measure a heap grown to gigabytes, not the app's calls.
// Python's output goes to ours; an uncaught Python error exits 1.

import fs from "node:fs";
import { loadSudoku } from "./mpy_load.mjs";

const [micropython, packageDir, timing, cases] = process.argv.slice(2);
if (!cases) {
  console.error("usage: node mpy_bench.mjs MICROPYTHON_MJS PACKAGE_DIR TIMING_PY CASES_JSON");
  process.exit(2);
}

const mp = await loadSudoku(micropython, packageDir);
mp.FS.writeFile("/cases.json", fs.readFileSync(cases));

try {
  mp.runPython(fs.readFileSync(timing, "utf-8"));
  mp.runPython('setup("/cases.json")');
  const count = mp.globals.get("COUNT");
  for (let job = 0; job < count; job += 1) {
    mp.runPython(`run(${job})`);
  }
} catch (error) {
  process.stderr.write(String(error.message ?? error) + "\n");
  process.exit(1);
}
