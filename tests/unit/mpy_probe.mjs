// Run a Python file under PyScript's MicroPython in Node, with the core package in its
// file system: what tests/unit/test_micropython.py compares against CPython.
//
//   node tests/unit/mpy_probe.mjs MICROPYTHON_MJS PACKAGE_DIR SCRIPT [ARG ...]
//
// MICROPYTHON_MJS is the vendored micropython.mjs; every .py file of PACKAGE_DIR is
// written to ./sudoku/ in the interpreter's file system, as PyScript's [files] do in the
// browser; SCRIPT runs as __main__ with sys.argv = [SCRIPT, ARG ...], and each ARG that
// names a file is copied in too (at the same path). The interpreter gets PyScript's own
// settings (the loader's default heap and Python stack), so what fits here fits there.
// Python's stdout and stderr go to ours; an uncaught Python error exits 1.

import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [micropython, packageDir, script, ...args] = process.argv.slice(2);
if (!script) {
  console.error("usage: node mpy_probe.mjs MICROPYTHON_MJS PACKAGE_DIR SCRIPT [ARG ...]");
  process.exit(2);
}

const { loadMicroPython } = await import(pathToFileURL(path.resolve(micropython)).href);
const mp = await loadMicroPython({
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});

function copyIn(from, to) {
  mp.FS.mkdirTree(path.posix.dirname(to));
  mp.FS.writeFile(to, fs.readFileSync(from));
}

for (const name of fs.readdirSync(packageDir)) {
  if (name.endsWith(".py")) copyIn(path.join(packageDir, name), `sudoku/${name}`);
}
const inside = (file) => "/probe/" + path.basename(file);
copyIn(script, inside(script));
const argv = [inside(script)];
for (const arg of args) {
  if (fs.existsSync(arg) && fs.statSync(arg).isFile()) {
    copyIn(arg, inside(arg));
    argv.push(inside(arg));
  } else {
    argv.push(arg);
  }
}

const code = `
import sys
sys.argv[:] = ${JSON.stringify(argv)}
with open(sys.argv[0]) as file:
    source = file.read()
exec(compile(source, sys.argv[0], "exec"), {"__name__": "__main__", "__file__": sys.argv[0]})
`;
try {
  mp.runPython(code);
} catch (error) {
  // A Python exception: MicroPython has printed nothing yet, the message holds it all.
  process.stderr.write(String(error.message ?? error) + "\n");
  process.exit(1);
}
