"""The site's plumbing: the server's content types, the vendored runtime, the [files] map."""

from __future__ import annotations

import ast
import json
import tomllib
import urllib.request
from pathlib import Path
from typing import Any
from urllib.error import HTTPError

import pytest
from conftest import ROOT, load_script


def content_type(url: str) -> str:
    """The Content-Type the server sends for ``url``."""
    with urllib.request.urlopen(url) as response:  # noqa: S310 (our own local server)
        return response.headers["Content-Type"]


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("", "text/html; charset=utf-8"),
        ("static/vendor/pyscript/core.js", "text/javascript; charset=utf-8"),
        ("static/vendor/pyodide/pyodide.mjs", "text/javascript; charset=utf-8"),
        ("static/vendor/pyodide/pyodide.asm.wasm", "application/wasm"),
        ("static/vendor/pyodide/pyodide-lock.json", "application/json"),
        ("static/vendor/micropython/micropython.wasm", "application/wasm"),
        ("mpy-app-worker.toml", "application/toml; charset=utf-8"),
        ("static/css/app.css", "text/css; charset=utf-8"),
    ],
)
def test_content_types(base_url: str, path: str, expected: str) -> None:
    """Modules, wasm, JSON and TOML go out with the types browsers insist on."""
    assert content_type(base_url + path) == expected


def test_outside_the_prefix_is_not_found(base_url: str) -> None:
    """Only the sub-path serves files, as on a GitHub project page."""
    origin = base_url.removesuffix("sudoku-lab/")
    with pytest.raises(HTTPError) as error:
        urllib.request.urlopen(origin + "index.html")  # noqa: S310 (our own local server)
    error.value.close()
    assert error.value.code == 404


def test_vendor_plan_has_no_maps_and_all_sources_exist() -> None:
    """The vendoring script copies existing files and no source maps."""
    vendor = load_script("vendor")
    plan = vendor.plan(vendor.NODE_MODULES)
    assert plan
    assert all(src.is_file() for src, _ in plan)
    assert not [rel for _, rel in plan if rel.endswith(".map")]


WEB = ROOT / "src" / "web"
SCRIPTS = {
    "mpy-app-worker.toml": WEB / "worker" / "app.py",
    "mpy-worker.json": WEB / "worker" / "worker.py",
    "mpy-app.toml": WEB / "page" / "main.py",
    "mpy.toml": WEB / "page" / "embed.py",
    "mpy-lab.toml": WEB / "page" / "lab.py",
}
"""Each PyScript config and the script that runs with it."""


def config_of(name: str) -> dict[str, Any]:
    """A PyScript config of the tree: TOML, or JSON (the widget's worker, made by
    static/js/widget.js with its config as an object)."""
    text = (ROOT / name).read_text(encoding="utf-8")
    config: dict[str, Any] = json.loads(text) if name.endswith(".json") else tomllib.loads(text)
    return config


def imported(path: Path) -> set[str]:
    """The modules ``path`` imports, wherever in it (type-only imports aside)."""
    found: set[str] = set()
    todo: list[ast.AST] = [ast.parse(path.read_text(encoding="utf-8"))]
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
    return found


def source_of(module: str, script: Path) -> Path | None:
    """Where ``module`` comes from for ``script``: its own folder, src/web (the wire) or
    the core package; None for the standard library and PyScript."""
    parts = module.split(".")
    if parts[0] == "sudoku":
        path = ROOT / "src" / Path(*parts)
        return path.with_suffix(".py") if path.with_suffix(".py").is_file() else None
    for folder in (script.parent, WEB):
        if len(parts) == 1 and (folder / f"{module}.py").is_file():
            return folder / f"{module}.py"
    return None


def needed_files(script: Path) -> dict[str, str]:
    """The [files] map a script needs: every module it imports, and theirs, in turn;
    a core module brings its package's ``__init__.py``, which imports ``compat``."""
    todo, seen = [script], {script}
    while todo:
        for module in imported(todo.pop()):
            path = source_of(module, script)
            extra = [ROOT / "src" / "sudoku" / "__init__.py"] if module.startswith("sudoku") else []
            for found in ([path] if path else []) + extra:
                if found not in seen:
                    seen.add(found)
                    todo.append(found)
    seen.discard(script)
    files = {}
    for path in seen:
        rel = path.relative_to(ROOT).as_posix()
        inside = rel.removeprefix("src/") if rel.startswith("src/sudoku/") else path.name
        files[f"./{rel}"] = f"./{inside}"
    return files


@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_files_map_holds_what_its_script_imports(name: str) -> None:
    """Each config's [files] maps exactly the modules its script imports, and theirs:
    nothing missing (an ImportError in the browser), nothing more (a wasted download).
    The widget's worker loads the modules that play a recording only for a widget that
    plays one (its ``recorded_files``, added by static/js/widget.js)."""
    config = config_of(name)
    assert {**config["files"], **config.get("recorded_files", {})} == needed_files(SCRIPTS[name])


def test_a_widget_without_a_recording_loads_nothing_more() -> None:
    """The widget's worker maps the recording's modules apart: exactly those a recording
    needs beyond the rest (src/web/recorded.py, and what it imports that is not there)."""
    config = config_of("mpy-worker.json")
    extra = {**needed_files(WEB / "recorded.py"), "./src/web/recorded.py": "./recorded.py"}
    for path in config["files"]:
        extra.pop(path, None)
    assert config["recorded_files"] == extra
    assert set(extra) == {"./src/web/recorded.py", "./src/sudoku/recording.py"}


def test_the_labs_python_gets_what_its_runner_imports() -> None:
    """lab.json (what the code lab hands its sandboxed Pyodide) maps the runner and exactly
    the modules it imports, and theirs."""
    runner = WEB / "lab" / "runner.py"
    wanted = needed_files(runner) | {"./src/web/lab/runner.py": "./runner.py"}
    assert config_of("lab.json")["files"] == wanted


def test_the_widgets_worker_loads_no_companion() -> None:
    """The widget's worker has no hints, new puzzles or pictures: a blog's reader does not
    download the modules the app's worker adds for them (app.py)."""
    extra = {f"./src/sudoku/{name}.py" for name in ("logic", "generator", "render")}
    assert not extra & set(config_of("mpy-worker.json")["files"])
    assert extra <= set(config_of("mpy-app-worker.toml")["files"])


def test_the_widget_page_loads_no_search() -> None:
    """The widget's page runs no search (its worker does): a reader downloads the solver
    and the teaching strategies once, for the worker, and the page compiles neither."""
    config = tomllib.loads((ROOT / "mpy.toml").read_text(encoding="utf-8"))
    assert config["files"]
    assert not {"./src/sudoku/solver.py", "./src/sudoku/tracing.py"} & set(config["files"])


@pytest.mark.parametrize("page", ["index.html", "embed.html"])
def test_the_player_markup_is_written_once(base_url: str, page: str) -> None:
    """Both pages include the one player fragment; served, it is in place: 81 cells, no
    include line left, nothing else changed around it."""
    source = (ROOT / page).read_text(encoding="utf-8")
    fragment = (ROOT / "src" / "web" / "page" / "player.html").read_text(encoding="utf-8")
    assert "pcell" not in source
    assert source.count('<!--#include file="src/web/page/player.html" -->') == 1
    assert fragment.count('<div class="pcell"></div>') == 81
    with urllib.request.urlopen(base_url + page) as response:  # noqa: S310 (our own server)
        served = response.read().decode("utf-8")
    assert served.count('<div class="pcell"></div>') == 81
    assert "#include" not in served
    first = source.partition("<!--#include")[0]
    last = source.rpartition('<!--#include file="src/web/page/player.html" -->')[2]
    assert served.startswith(first)
    assert served.endswith(last)


def test_an_include_cannot_leave_the_site(tmp_path: Path) -> None:
    """A page that includes a file outside the served folder (or a missing one) fails
    loudly instead of serving a hole."""
    render = load_script("serve").render
    (tmp_path / "a.html").write_text('<p>\n<!--#include file="../secret.txt" -->\n</p>\n')
    (tmp_path.parent / "secret.txt").write_text("no")
    with pytest.raises(FileNotFoundError, match="secret"):
        render(tmp_path, "a.html")
    (tmp_path / "b.html").write_text('  <!--#include file="part.html" -->\n')
    (tmp_path / "part.html").write_text("<i>1</i>\n<i>2</i>\n")
    assert render(tmp_path, "b.html") == "  <i>1</i>\n  <i>2</i>\n"
