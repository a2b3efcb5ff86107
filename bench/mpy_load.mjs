// The vendored MicroPython in Node with the sudoku package in its file system, as the
// app's worker has it (PyScript's [files] put the package at ./sudoku/): what
// bench/mpy_bench.mjs and bench/mpy_rating.mjs run their Python in. Python's output goes
// to ours.
//
//   import { loadSudoku } from "./mpy_load.mjs";
//   const mp = await loadSudoku(MICROPYTHON_MJS, PACKAGE_DIR);

import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

export async function loadSudoku(micropython, packageDir) {
  const { loadMicroPython } = await import(pathToFileURL(path.resolve(micropython)).href);
  const mp = await loadMicroPython({
    stdout: (line) => process.stdout.write(line + "\n"),
    stderr: (line) => process.stderr.write(line + "\n"),
  });
  mp.FS.mkdirTree("sudoku");
  for (const name of fs.readdirSync(packageDir)) {
    if (name.endsWith(".py")) {
      mp.FS.writeFile(`sudoku/${name}`, fs.readFileSync(path.join(packageDir, name)));
    }
  }
  return mp;
}
