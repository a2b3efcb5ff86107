"""The site's plumbing: the server's content types, the vendored runtime, the [files] map."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
import urllib.request
from pathlib import Path
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
        ("pyscript.toml", "application/toml; charset=utf-8"),
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


@pytest.mark.parametrize("name", ["pyscript.toml", "mpy-worker.toml", "mpy-app.toml"])
def test_files_map_holds_what_import_sudoku_loads(name: str) -> None:
    """Each config that loads the core maps exactly the modules `import sudoku` loads, to
    sudoku/; the app page's also maps the widget page's glue (mpy.toml), and only that."""
    config = tomllib.loads((ROOT / name).read_text(encoding="utf-8"))
    loaded = subprocess.run(
        [
            sys.executable,
            "-c",
            (
                "import json, sys, sudoku; "
                "print(json.dumps(sorted(m.__file__ for n, m in sys.modules.items() "
                "if n == 'sudoku' or n.startswith('sudoku.'))))"
            ),
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    files = [Path(f).resolve().relative_to(ROOT).as_posix() for f in json.loads(loaded.stdout)]
    expected = {f"./{f}": "./" + f.removeprefix("src/") for f in files}
    core = {key: value for key, value in config["files"].items() if key.startswith("./src/sudoku/")}
    assert core == expected
    glue = {key: value for key, value in config["files"].items() if key not in core}
    widget_page = tomllib.loads((ROOT / "mpy.toml").read_text(encoding="utf-8"))
    assert glue == (widget_page["files"] if name == "mpy-app.toml" else {})


def test_the_widget_page_loads_no_core() -> None:
    """The widget's page runs no search (its worker does): a reader downloads the core once."""
    config = tomllib.loads((ROOT / "mpy.toml").read_text(encoding="utf-8"))
    assert config["files"]
    assert all(key.startswith("./src/web/") for key in config["files"])
