// Run a Python file under the vendored Pyodide in Node, with the core package in its file
// system: what tests/unit/test_pyodide.py compares against CPython.
//
//   node tests/unit/pyodide_probe.mjs PYODIDE_DIR PACKAGE_DIR SCRIPT
//
// PYODIDE_DIR holds pyodide.mjs (node_modules/pyodide after `npm ci`, or
// static/vendor/pyodide); every .py file of PACKAGE_DIR is written to /lib/sudoku/ in the
// interpreter's file system, as PyScript's [files] do in the browser's worker; SCRIPT runs
// as __main__. Python's stdout and stderr go to ours; an uncaught Python error exits 1.

import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, packageDir, script] = process.argv.slice(2);
if (!script) {
  console.error("usage: node pyodide_probe.mjs PYODIDE_DIR PACKAGE_DIR SCRIPT");
  process.exit(2);
}

const where = path.resolve(pyodideDir);
const { loadPyodide } = await import(pathToFileURL(path.join(where, "pyodide.mjs")).href);
const py = await loadPyodide({
  indexURL: where + path.sep,
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});
py.FS.mkdirTree("/lib/sudoku");
for (const name of fs.readdirSync(packageDir)) {
  if (name.endsWith(".py")) py.FS.writeFile(`/lib/sudoku/${name}`, fs.readFileSync(path.join(packageDir, name)));
}
const code = `
import sys
sys.path.insert(0, "/lib")
exec(compile(${JSON.stringify(fs.readFileSync(script, "utf8"))}, "probe.py", "exec"), {"__name__": "__main__"})
`;
try {
  py.runPython(code);
} catch (error) {
  process.stderr.write(String(error.message ?? error) + "\n");
  process.exit(1);
}
