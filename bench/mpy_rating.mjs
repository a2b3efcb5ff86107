// The puzzle's rating as the app's worker works it out, under PyScript's MicroPython in
// Node: slice by slice (src/web/worker/app.py's rate_start / rate_more walk
// sudoku.rating_walk for up to SLICE_MS a call, one call each, as the page asks), one run.
//
//   node bench/mpy_rating.mjs MICROPYTHON_MJS src/sudoku PUZZLES_FILE COUNT [SLICE_MS]
//
// For each of the file's first COUNT puzzles it prints the level and rating, the calls
// made, the longest call (the longest a hint asked meanwhile waits: the slice, or the one
// logical step that outlasts it) and the whole rating's time, in milliseconds of
// MicroPython's own clock (``sudoku.compat.ticks``), then the longest and mean over all.

import fs from "node:fs";
import { loadSudoku } from "./mpy_load.mjs";

const [micropython, packageDir, puzzlesFile, count, slice = "40"] = process.argv.slice(2);
if (!count) {
  console.error("usage: node mpy_rating.mjs MICROPYTHON_MJS PACKAGE_DIR PUZZLES_FILE COUNT [SLICE_MS]");
  process.exit(2);
}
const mp = await loadSudoku(micropython, packageDir);
const puzzles = fs
  .readFileSync(puzzlesFile, "utf-8")
  .split(/\s+/)
  .filter((line) => line.length >= 81)
  .slice(0, Number(count));

mp.runPython(`
from sudoku import logic
from sudoku.compat import ms_since, ticks
from sudoku.words import rating
SLICE_MS = ${Number(slice)}
longest, totals = [], []
`);
for (const puzzle of puzzles) {
  mp.runPython(`walk = logic.rating_walk("${puzzle.slice(0, 81)}")\ncalls = []\nlast = 0`);
  for (let done = false; !done; ) {
    mp.runPython(`
start = ticks()
done = True
for last in walk:
    if ms_since(start) > SLICE_MS:
        done = False
        break
calls.append(ms_since(start))
`);
    done = mp.globals.get("done");
  }
  mp.runPython(`
longest.append(max(calls))
totals.append(sum(calls))
print(logic.level_of_rating(last), rating(last), len(calls), "calls, longest",
      round(max(calls)), "ms, rated in", round(sum(calls)), "ms")
`);
}
mp.runPython(`
print("longest call", round(max(longest)), "ms; rating mean", round(sum(totals) / len(totals)),
      "ms, max", round(max(totals)), "ms")
`);
