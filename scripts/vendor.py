"""Copy the browser runtime the page loads from node_modules/ into static/vendor/.

The page must load nothing off its own origin, so PyScript, Pyodide and MicroPython are
served from static/vendor/ (git-ignored, rebuilt by ``make vendor``). Only files the page
fetches are copied: no source maps, no PyScript plugins the page never uses (editor,
terminal, game), no Pyodide package graph (``packages = [...]`` needs a package index,
which an offline page does not have).

PyScript's chunk names carry a content hash that changes with every release, so the
chunks are found, not listed: the static-import closure of ``core.js``, plus the lazily
imported chunks named in DYNAMIC_CHUNKS.

The code lab's editor, CodeMirror 6, is not copied but bundled: esbuild (a pinned
devDependency) turns ``scripts/codemirror.js`` and the CodeMirror packages it imports
into one minified ES module, static/vendor/codemirror/codemirror.js (``bundle_editor``).

The pages ask for the MicroPython runtime at once, in parallel, instead of one file after
another as each finds the next (core.js imports its core chunk, which reads the config,
imports the TOML parser and the error plugin, then micropython.mjs, which fetches the
wasm): ``preload_links`` writes static/vendor/PRELOAD, the ``<link rel="preload">``
lines the pages include (index.html and lab.html in their head, embed.html in a
template its script adds when the widget starts Python). On the phone profile of
bench/phone.py that brought the app's usable time from 2.95 s to 2.62 s and the widget's
from 2.41 s to 2.06 s (medians of 5 visits, each tree visited in turn). Scripts are
preloaded ``as="script"``, not ``modulepreload``, which would also compile them on the
main thread before the first paint (typeable 0.49 s -> 0.65 s when tried); all at low
priority, so they wait for what the first paint needs (the stylesheets, boot.js).

The code lab starts Python in a fresh worker for each run, from a memory snapshot of
Pyodide with the lab's modules imported (``lab_snapshot``: scripts/lab_snapshot.mjs in
Node, from the copied Pyodide and the modules pyscript-lab-runner.json lists):
static/vendor/pyodide/lab-snapshot.bin.gz and lab-snapshot.json (its SHA-256, and those of
the wasm and the modules it was made from, which the page checks before it uses it:
static/js/lab-python.js). A
snapshot loads only into the build that made it; after an edit of the lab's modules,
``python scripts/vendor.py --lab-snapshot`` makes it again (until then the lab starts the
long way).

Two fixes are applied to the copied PyScript (``patch_pyscript``): its Pyodide loader must
boot where the browser refuses IndexedDB (a cross-site iframe), see STORAGE_FIXES; and
MicroPython is not made to write and compile PyScript's own Python package at each start
(our pages bring it compiled, our workers never import it), see BOOTSTRAP_FIXES. And the
copied MicroPython loses the debugging checks of the build npm ships, on its busiest
paths (``patch_micropython``; what they cost, measured: MICROPYTHON_FIXES).
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"
VENDOR = ROOT / "static" / "vendor"
TEST_VENDOR = ROOT / "tests" / "vendor"

PYSCRIPT_ENTRIES = ("core.js", "core.css")
# Chunks PyScript imports lazily that this page does need: the TOML config parser and
# the error overlay. The other plugins are switched off in the configs (plugins = [...]).
DYNAMIC_CHUNKS = frozenset({"toml", "error"})
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",  # required: Pyodide reads it on boot even with no packages
)
MICROPYTHON_FILES = ("micropython.mjs", "micropython.wasm")
PRELOAD_MATCH = 'crossorigin fetchpriority="low"'
"""What makes a preload the request it stands for (module scripts and ``fetch`` are CORS
requests), and lets it wait for what the page's first paint needs."""
PRELOAD = "preload.html"
"""The preload lines for the MicroPython runtime (``preload_links``), under static/vendor/:
an include for the pages, never fetched itself."""
GIFENC_FILES = ("gifenc.esm.js",)
"""The GIF encoder the app's Share panel uses (static/js/gif.js), loaded only when asked."""
EDITOR_ENTRY = ROOT / "scripts" / "codemirror.js"
EDITOR_BUNDLE = "codemirror/codemirror.js"
"""The code lab's editor: the entry esbuild bundles, and the bundle's path in static/vendor/."""
LAB_SNAPSHOT_FILES = ("lab-snapshot.bin.gz", "lab-snapshot.json")
"""What ``lab_snapshot`` writes beside Pyodide's files (static/vendor/pyodide/)."""
LAB_SNAPSHOT_SCRIPT = ROOT / "scripts" / "lab_snapshot.mjs"
LAB_JSON = ROOT / "pyscript-lab-runner.json"
"""The code lab's snapshot maker and the modules it imports (``lab_snapshot``)."""
TEST_TOOLS = (("axe-core/axe.min.js", "axe.min.js"),)
"""Tools only the e2e tests inject (tests/e2e/test_a11y.py): never shipped in static/."""

STATIC_IMPORT = re.compile(r'(?:\bfrom|\bimport)\s*"\./([^"]+\.js)"')
DYNAMIC_IMPORT = re.compile(r'\bimport\(\s*"\./([^"]+\.js)"\s*\)')
HASHED_NAME = re.compile(r"^(?P<stem>.+)-[\w-]{8}\.js$")
SOURCE_MAP_COMMENT = re.compile(rb"\n?//# sourceMappingURL=\S+\s*$")

CATCH = b".catch(()=>{})"
STORAGE_FIXES = {
    "await <store>.sync()": (
        re.compile(
            rb"await (\w+)\.sync\(\)(?:" + re.escape(CATCH) + rb')?(?=,\w+\(\\?"Loaded Storage)'
        ),
        rb"await \1.sync()" + CATCH,
    ),
    "await <store>.close()": (
        re.compile(
            rb"await (\w+)\.close\(\)(?:" + re.escape(CATCH) + rb")?(?=,\w+\.lockFileURL&&)"
        ),
        rb"await \1.close()" + CATCH,
    ),
    "onerror(e){reject(e),this.dispatchEvent(e)}": (
        re.compile(
            rb"onerror\((\w+)\)\{(\w+)\(\1\)(?:,this\.dispatchEvent\(\1\))?\}(?=\}\)\}\)\.then\()"
        ),
        rb"onerror(\1){\2(\1)}",
    ),
    "this.#<db>=new Promise(...indexedDB.open...),this.#<db>.catch(()=>{})": (
        re.compile(
            rb"(this\.(#\w+)=new Promise\(\(\w+,\w+\)=>\{\w+\(indexedDB\.open\(.{0,400}?"
            rb"return \w+\}\))(?:,this\.#\w+" + re.escape(CATCH) + rb")?(?=\}dispatchEvent\()",
            re.DOTALL,
        ),
        rb"\1,this.\2" + CATCH,
    ),
}
"""PyScript's code that must not fail where IndexedDB is refused: pattern, fixed form.

Each pattern matches the code fixed or not (so patching is idempotent) and is in the
bundle LOADER_COPIES times. PyScript's Pyodide loader (polyscript's ``engine``) opens
an IndexedDB store for its package cache on every boot, packages or not, and awaits
``storage.sync()`` and ``storage.close()``. Where the browser refuses IndexedDB
(Chromium denies a cross-site iframe all storage) both reject with an Event, the
interpreter never starts and the worker dies ("DataCloneError ... Event object could not
be cloned"). The store is only that cache: with no ``packages`` nothing reads or writes
it between the two awaits, so its failure is caught and the cache simply skipped. The
store's open-error handler (@webreflection/idb-map) rejects, then re-dispatches the
event it is handling, which always throws InvalidStateError; in the worker that throw
reaches ``xworker.onerror`` and fails again. Rejecting is its whole job there. And
PyScript's core makes such a store as it loads, for ``pyscript.fs`` (which this site never
uses), and awaits its opening only when a folder is mounted: refused, the opening was an
unhandled rejection in every storage-less frame (an error in the reader's console each
time a widget started in a blog's page). The store now notes the rejection at once; whoever
awaits the store later still gets it.
"""
LOADER_COPIES = 2
"""Copies of that code in PyScript's bundle: the main thread's and the worker's (a string)."""

BOOTSTRAP_FIXES = {
    '<hooks>=(<code>,<type>)=>{const <before>="mpy"===<type>?"":<bootstrap>': (
        re.compile(
            rb'(\w+=\(\w+,(\w+)\)=>\{const \w+="mpy"===\2\?)(?:\w+\.replace\(\w+,""\)|"")(:\w+,)'
        ),
        rb'\1""\3',
    ),
}
"""PyScript's code that gives MicroPython no code of PyScript's to run before a script
(a page's or a worker's): pattern, fixed form (matching the code fixed or not, once in
the bundle).

Before every script PyScript runs a bootstrap of its own in the interpreter: a script of
30 KB of string literals that writes PyScript's Python package (``pyscript/*.py``) into
the file system, then ``import pyscript``, which compiles that whole package from source
(about 35 ms on this machine's desktop, four times that on a phone's CPU). None of our
workers imports ``pyscript`` (src/web/worker: the core, the wire, ``__export__``): in a
MicroPython worker that bootstrap was a quarter of its start (the app's solver worker's
script ended 374 ms after the worker started, 287 ms without it; desktop, median of 6
cold visits). Our pages import it (``when``, ``web``, ``ffi``), compiled: each page's
pack holds the modules of PyScript's package it imports, as ``.mpy``
(scripts/pyconfig.py, from npm's copy of the package's sources, the same release), which
its script writes out before importing anything (src/web/unpack.py). The hooks'
``codeBeforeRun`` (and its async twin) is made by one function for the main thread and
workers; the fix gives MicroPython none. Pyodide (the code lab's worker, the deep worker)
keeps PyScript's bootstrap.
"""


def stem(name: str) -> str:
    """The chunk name without its content hash: 'error-D2315lOB.js' -> 'error'."""
    match = HASHED_NAME.match(name)
    return match["stem"] if match else name.removesuffix(".js")


def pyscript_files(dist: Path) -> list[str]:
    """Names in PyScript's dist/ the page loads: entries, their imports, wanted lazy chunks."""
    wanted, todo = set(PYSCRIPT_ENTRIES), list(PYSCRIPT_ENTRIES)
    while todo:
        name = todo.pop()
        if not name.endswith(".js"):
            continue
        text = (dist / name).read_text(encoding="utf-8")
        found = STATIC_IMPORT.findall(text)
        found += [n for n in DYNAMIC_IMPORT.findall(text) if stem(n) in DYNAMIC_CHUNKS]
        for dep in found:
            if dep not in wanted:
                wanted.add(dep)
                todo.append(dep)
    return sorted(wanted)


def preload_links(files: list[tuple[Path, str]]) -> str:
    """``<link rel="preload">`` lines, from the site's root, for the files of ``files`` (the
    plan) that PyScript and MicroPython load one after another on every page: PyScript's
    chunks but its entries (the pages name those themselves; every chunk is a script, as
    the entries hold its stylesheet), micropython.mjs and its wasm, each with
    PRELOAD_MATCH."""
    lines = []
    for _, rel in files:
        folder, name = rel.split("/", 1)
        href = f"./{VENDOR.relative_to(ROOT).as_posix()}/{rel}"
        if folder == "micropython" or (folder == "pyscript" and name not in PYSCRIPT_ENTRIES):
            kind = "fetch" if name.endswith(".wasm") else "script"
            lines.append(f'<link rel="preload" href="{href}" as="{kind}" {PRELOAD_MATCH}>')
    return "\n".join(lines) + "\n"


def copy(src: Path, dest: Path) -> int:
    """Copy one file, dropping a trailing source-map comment from scripts; return bytes."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    data = src.read_bytes()
    if src.suffix in {".js", ".mjs"}:
        data = SOURCE_MAP_COMMENT.sub(b"\n", data)
    dest.write_bytes(data)
    return len(data)


def plan(node_modules: Path) -> list[tuple[Path, str]]:
    """Every (source file, path under static/vendor/) the page needs."""
    dist = node_modules / "@pyscript" / "core" / "dist"
    pyodide = node_modules / "pyodide"
    micropython = node_modules / "@micropython" / "micropython-webassembly-pyscript"
    gifenc = node_modules / "gifenc" / "dist"
    return (
        [(dist / n, f"pyscript/{n}") for n in pyscript_files(dist)]
        + [(pyodide / n, f"pyodide/{n}") for n in PYODIDE_FILES]
        + [(micropython / n, f"micropython/{n}") for n in MICROPYTHON_FILES]
        + [(gifenc / n, f"gifenc/{n}") for n in GIFENC_FILES]
    )


TEMPLATE = rb"`(?:[^`\\]|\\.)*`"
"""A JavaScript template literal (its escapes included), as a regular expression."""
MICROPYTHON_FIXES = {
    "FS.ErrnoError, a plain class": (
        re.compile(
            rb'ErrnoError:class(?: extends Error)?\{name="ErrnoError";constructor\(errno\)\{'
            rb"(?:for\(var key in super\(.{0,80}?\),this\.errno=errno,ERRNO_CODES\)"
            rb"if\(ERRNO_CODES\[key\]===errno\)\{this\.code=key;break\}|this\.errno=errno)\}\}"
        ),
        rb'ErrnoError:class{name="ErrnoError";constructor(errno){this.errno=errno}}',
    ),
    "getWasmTableEntry, no second look-up": (
        re.compile(
            rb"(getWasmTableEntry=funcPtr=>\{var func=wasmTableMirror\[funcPtr\];return func\|\|"
            rb"\(wasmTableMirror\[funcPtr\]=func=wasmTable\.get\(funcPtr\)\))"
            rb'(?:,assert\(wasmTable\.get\(funcPtr\)==func,"[^"]*"\))?,func\}'
        ),
        rb"\1,func}",
    ),
    "createExportWrapper, a plain call": (
        re.compile(
            rb"function createExportWrapper\(name,nargs\)\{(?:return\(\.\.\.args\)=>\{"
            rb"assert\(runtimeInitialized," + TEMPLATE + rb"\);var f=wasmExports\[name\];"
            rb"return assert\(f,"
            + TEMPLATE
            + rb"\),assert\(args\.length<=nargs,"
            + TEMPLATE
            + rb"\),f\(\.\.\.args\)\}"
            rb"|var f;return\(\.\.\.args\)=>\(f\?\?=wasmExports\[name\]\)\(\.\.\.args\))\}"
        ),
        (
            rb"function createExportWrapper(name,nargs){var f;"
            rb"return(...args)=>(f??=wasmExports[name])(...args)}"
        ),
    ),
    "UTF8ToString, no message made": (
        re.compile(
            rb"UTF8ToString=\(ptr,maxBytesToRead,ignoreNul\)=>\("
            rb'(?:assert\("number"==typeof ptr,' + TEMPLATE + rb"\),)?"
        ),
        rb"UTF8ToString=(ptr,maxBytesToRead,ignoreNul)=>(",
    ),
    "stringToUTF8Array, no message made": (
        re.compile(
            rb"stringToUTF8Array=\(str,heap,outIdx,maxBytesToWrite\)=>\{if\("
            rb'(?:assert\("string"==typeof str,' + TEMPLATE + rb"\),)?"
        ),
        rb"stringToUTF8Array=(str,heap,outIdx,maxBytesToWrite)=>{if(",
    ),
}
"""MicroPython's loader (micropython.mjs) as Emscripten writes it without ASSERTIONS, on
the paths our Python takes all the time: pattern, fixed form (each matching the code fixed
or not, once in the file).

npm's MicroPython (the build PyScript uses) is linked with Emscripten's ASSERTIONS, its
checks for debugging a port. Most cost nothing; these cost the most:

- every failed look-up in the file system (each ``import`` tries a package folder and a
  ``.py`` before our ``.mpy``) made an ``Error``, with its stack trace, its message from
  the C library's ``strerror`` and a search of the error codes for its name: a tenth of
  the app page's start (profiled on the phone profile of bench/phone.py). Without
  ASSERTIONS ``FS.ErrnoError`` is a plain class with the ``errno``, all the callers read;
- ``getWasmTableEntry``, on every call MicroPython guards for an exception (its
  ``nlr_push``: ``invoke_*``), looked each function up twice to check its own cache;
- ``createExportWrapper``, on every call into the interpreter's exports (the FFI, and
  ``setThrew`` on each exception), made three messages to check the call, as do
  ``UTF8ToString`` and ``stringToUTF8Array`` (each name the FFI passes) for one each.

Measured with bench/phone.py --before (the same code without these, each visit in turn,
median of 5): the app usable on the phone 2.82 -> 2.46 s, on the desktop 1.08 -> 1.01 s,
the widget playable on the phone 2.16 -> 2.00 s; and in Node (bench/mpy_rating.mjs, the
forum's hardest) a puzzle's rating 11-12 s -> 6-8 s.
"""


def tolerate_missing_storage(script: bytes) -> tuple[bytes, dict[str, int]]:
    """``script`` with every STORAGE_FIXES applied, and how often each was found.

    Idempotent: code already in its fixed form is counted and left as it is.
    """
    return apply_fixes(STORAGE_FIXES, script)


def skip_mpy_bootstrap(script: bytes) -> tuple[bytes, dict[str, int]]:
    """``script`` with every BOOTSTRAP_FIXES applied, and how often each was found
    (idempotent, as ``tolerate_missing_storage``)."""
    return apply_fixes(BOOTSTRAP_FIXES, script)


def release_micropython(script: bytes) -> tuple[bytes, dict[str, int]]:
    """``script`` with every MICROPYTHON_FIXES applied, and how often each was found
    (idempotent, as ``tolerate_missing_storage``)."""
    return apply_fixes(MICROPYTHON_FIXES, script)


def patch_micropython(loader: Path) -> list[str]:
    """Apply ``release_micropython`` to the vendored MicroPython ``loader``; what did not
    fit ([] when the fixes are in): each must be found once, so a MicroPython release that
    changes the code fails the build instead of silently shipping a slower runtime."""
    script, counts = release_micropython(loader.read_bytes())
    loader.write_bytes(script)
    return [
        f"expected 1 copy of MicroPython's '{name}', found {count}: MicroPython changed, "
        "redo its fix (MICROPYTHON_FIXES in scripts/vendor.py)"
        for name, count in counts.items()
        if count != 1
    ]


def apply_fixes(
    fixes: dict[str, tuple[re.Pattern[bytes], bytes]], script: bytes
) -> tuple[bytes, dict[str, int]]:
    """``script`` with each of ``fixes`` (name: pattern, fixed form) applied, and how
    often each was found."""
    counts: dict[str, int] = {}
    for name, (pattern, fixed) in fixes.items():
        script, counts[name] = pattern.subn(fixed, script)
    return script, counts


def patch_pyscript(folder: Path) -> list[str]:
    """Apply ``tolerate_missing_storage`` and ``skip_mpy_bootstrap`` to the vendored
    PyScript scripts in ``folder``.

    Returns what did not fit ([] when the fixes are in): each STORAGE_FIXES must be found
    exactly LOADER_COPIES times and each BOOTSTRAP_FIXES once, so a PyScript release that
    renames or moves the code fails the build instead of silently shipping a widget that
    dies in cross-site iframes, or pages whose ``import pyscript`` fails.
    """
    plans = (
        (tolerate_missing_storage, STORAGE_FIXES, LOADER_COPIES, "cross-site storage fix"),
        (skip_mpy_bootstrap, BOOTSTRAP_FIXES, 1, "MicroPython bootstrap fix"),
    )
    problems = []
    for fix, fixes, copies, what in plans:
        found = dict.fromkeys(fixes, 0)
        for path in sorted(folder.glob("*.js")):
            script, counts = fix(path.read_bytes())
            if any(counts.values()):
                path.write_bytes(script)
            found = {name: found[name] + counts[name] for name in found}
        problems += [
            f"expected {copies} copies of PyScript's '{name}', found {count}: PyScript "
            f"changed, redo the {what} (in scripts/vendor.py)"
            for name, count in found.items()
            if count != copies
        ]
    return problems


def bundle_editor(node_modules: Path, out: Path) -> int:
    """Bundle CodeMirror (EDITOR_ENTRY and the packages it imports) into ``out`` /
    EDITOR_BUNDLE with the pinned esbuild; return its bytes. FileNotFoundError if esbuild
    is not installed, CalledProcessError (esbuild's message on stderr) if it fails."""
    esbuild = node_modules / ".bin" / "esbuild"
    if not esbuild.is_file():
        raise FileNotFoundError(2, "esbuild is not installed", str(esbuild))
    bundle = out / EDITOR_BUNDLE
    command = [str(esbuild), str(EDITOR_ENTRY), "--bundle", "--format=esm", "--minify"]
    command += ["--legal-comments=none", "--log-level=warning", f"--outfile={bundle}"]
    subprocess.run(command, check=True, cwd=ROOT)
    return bundle.stat().st_size


def vendor_test_tools(node_modules: Path, out: Path) -> int:
    """Copy the test-only tools (npm devDependencies) into ``out``; return how many."""
    out.mkdir(parents=True, exist_ok=True)
    for src, name in TEST_TOOLS:
        shutil.copyfile(node_modules / src, out / name)
    return len(TEST_TOOLS)


def lab_snapshot(out: Path) -> int:
    """Make the code lab's Pyodide snapshot in ``out``/pyodide (Node); its size in bytes."""
    folder = out / "pyodide"
    subprocess.run(
        ["node", str(LAB_SNAPSHOT_SCRIPT), str(folder.resolve()), str(LAB_JSON), str(folder)],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return (folder / LAB_SNAPSHOT_FILES[0]).stat().st_size


def main(argv: list[str] | None = None) -> int:
    """Rebuild static/vendor/ from node_modules/ (run ``npm ci`` first)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--node-modules", type=Path, default=NODE_MODULES)
    parser.add_argument("--out", type=Path, default=VENDOR)
    parser.add_argument("--tests-out", type=Path, default=TEST_VENDOR)
    parser.add_argument(
        "--lab-snapshot", action="store_true", help="only make the code lab's snapshot again"
    )
    args = parser.parse_args(argv)
    return snapshot_step(args.out) if args.lab_snapshot else vendor_all(args)


def vendor_all(args: argparse.Namespace) -> int:
    """Every step of ``main``: 0, or 1 once one failed (said on stderr)."""
    try:
        files = plan(args.node_modules)
    except FileNotFoundError as error:
        print(f"vendor: {error.filename} is missing: run 'npm ci' first", file=sys.stderr)
        return 1
    if args.out.exists():
        shutil.rmtree(args.out)
    total = sum(copy(src, args.out / rel) for src, rel in files)
    print(f"vendor: {len(files)} files, {total / 1e6:.1f} MB -> {args.out}")
    (args.out / PRELOAD).write_text(preload_links(files), encoding="utf-8")
    try:
        editor = bundle_editor(args.node_modules, args.out)
    except FileNotFoundError as error:
        print(f"vendor: {error.filename} is missing: run 'npm ci' first", file=sys.stderr)
        return 1
    except subprocess.CalledProcessError:
        print("vendor: esbuild could not bundle the code lab's editor (see above)", file=sys.stderr)
        return 1
    print(f"vendor: the code lab's editor, {editor / 1e3:.0f} KB -> {args.out / EDITOR_BUNDLE}")
    problems = patch_pyscript(args.out / "pyscript")
    problems += patch_micropython(args.out / "micropython" / MICROPYTHON_FILES[0])
    for problem in problems:
        print(f"vendor: {problem}", file=sys.stderr)
    if problems:
        return 1
    try:
        tools = vendor_test_tools(args.node_modules, args.tests_out)
    except FileNotFoundError as error:
        print(f"vendor: {error.filename} is missing: run 'npm ci'", file=sys.stderr)
        return 1
    print(f"vendor: {tools} test-only file(s) -> {args.tests_out}")
    return snapshot_step(args.out)


def snapshot_step(out: Path) -> int:
    """``lab_snapshot``, said; 1 if Node could not make it."""
    try:
        size = lab_snapshot(out)
    except (OSError, subprocess.CalledProcessError) as error:
        print(f"vendor: the code lab's snapshot could not be made: {error}", file=sys.stderr)
        return 1
    print(f"vendor: the code lab's Pyodide snapshot, {size / 1e6:.1f} MB gzipped -> {out}/pyodide")
    return 0


if __name__ == "__main__":
    sys.exit(main())
