// The code lab's Pyodide memory snapshot: Python started, the lab's modules imported
// (static/js/lab-runner.js restores it instead of starting Python in each fresh worker).
//
//   node scripts/lab_snapshot.mjs VENDOR_PYODIDE_DIR LAB_JSON OUT_DIR
//
// Writes OUT_DIR/lab-snapshot.bin.gz (gzipped: GitHub Pages serves it as it is) and
// OUT_DIR/lab-snapshot.json: the SHA-256 of that file
// and the SHA-256 of what it was made from (pyodide.asm.wasm, and the lab's modules as
// pyscript-lab-runner.json lists them), as the page checks them (static/js/lab-python.js, ``labHash``):
// a snapshot loads only into the exact build that made it, and holds our modules as they
// were. scripts/vendor.py runs this; the two files are git-ignored.
import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

const [pyodideDir, labJson, outDir] = process.argv.slice(2);
const { loadPyodide } = await import(join(pyodideDir, "pyodide.mjs"));
const sha = (bytes) => `sha256-${createHash("sha256").update(bytes).digest("base64")}`;

// The lab's modules in pyscript-lab-runner.json's order: path, then bytes (lab-python.js hashes the same).
const listed = JSON.parse(readFileSync(labJson, "utf8")).files;
const parts = [];
const modules = {};
for (const [source, target] of Object.entries(listed)) {
  const bytes = readFileSync(join(dirname(labJson), source));
  const path = target.replace(/^\.\//, "");
  modules[path] = bytes;
  parts.push(Buffer.from(`${path}\n${bytes.length}\n`), bytes);
}

const py = await loadPyodide({
  indexURL: `${pyodideDir}/`,
  _makeSnapshot: true,
  env: { HOME: "/home/pyodide" },
  stdout: () => {},
  stderr: () => {},
});
for (const [path, bytes] of Object.entries(modules)) {
  py.FS.mkdirTree(`/lib/${path.split("/").slice(0, -1).join("/")}`);
  py.FS.writeFile(`/lib/${path}`, bytes);
}
py.runPython("import sys; sys.path.insert(0, '/lib'); import runner");
const snapshot = gzipSync(py.makeMemorySnapshot(), { level: 9 });
writeFileSync(join(outDir, "lab-snapshot.bin.gz"), snapshot);
const made = {
  snapshot: sha(snapshot),
  wasm: sha(readFileSync(join(pyodideDir, "pyodide.asm.wasm"))),
  modules: sha(Buffer.concat(parts)),
};
writeFileSync(join(outDir, "lab-snapshot.json"), `${JSON.stringify(made, null, 2)}\n`);
console.log(`lab-snapshot.bin.gz: ${snapshot.length} bytes`);
