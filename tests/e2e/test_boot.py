"""A fresh visit: the board works before Python, then the solver, all from one origin."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
import sitekit
from conftest import (
    BOOT_MS,
    SITE,
    load_script,
    off_origin,
    origin_of,
    record_requests,
    wait_ready,
)
from helpers import cell_values, load, preloaded, wait_until, wait_verdict
from playwright.sync_api import Browser, BrowserContext, Route

VENDOR = load_script("vendor")
PYCONFIG = load_script("pyconfig")
ON_DEMAND = (
    {f"static/vendor/gifenc/{name}" for name in VENDOR.GIFENC_FILES}
    | {f"static/vendor/pyodide/{name}" for name in VENDOR.PYODIDE_FILES}
    | {f"static/vendor/pyodide/{name}" for name in VENDOR.LAB_SNAPSHOT_FILES}
    | {f"static/vendor/{VENDOR.EDITOR_BUNDLE}"}
)
"""Vendored files a page loads only when asked: the Share panel's GIF encoder
(tests/e2e/test_exports.py makes a GIF with it), and the code lab's Pyodide (its snapshot too)
and editor, which are for the reader's own code: the app's start loads neither (issue 23,
issue 24)."""


def vendored(site: Path) -> set[str]:
    """Paths (relative to the site) of every file under static/vendor/ a page loads as it
    boots: all but ``ON_DEMAND``."""
    vendor = site / "static" / "vendor"
    every = {p.relative_to(site).as_posix() for p in vendor.rglob("*") if p.is_file()}
    assert every >= ON_DEMAND
    return every - ON_DEMAND - {f"static/vendor/{VENDOR.PRELOAD}"}  # lines the pages include


def test_fresh_visit(browser: Browser, base_url: str) -> None:
    """Board typeable while Python loads; then ready; nothing fetched off the origin.

    The worker's script is held back until the loading state has been checked, so the
    check does not depend on how fast this machine boots Python.
    """
    context = browser.new_context()
    urls = record_requests(context)
    held: list[Route] = []
    context.route("**/src/web/worker/app_script.py", lambda route: held.append(route))  # noqa: PLW0108 (Playwright cannot wrap a builtin method)
    page = context.new_page()
    page.goto(base_url, wait_until="domcontentloaded")

    assert page.locator("#board .cell").count() == 81
    assert page.locator("#r9c9").is_visible()
    solve = page.locator("#solve")
    assert solve.is_disabled()
    assert solve.text_content() == "Loading Python…"
    page.locator("#r1c1").click()
    page.keyboard.type("4")
    page.wait_for_function("document.body.dataset.board === 'ready'")
    page.locator("#r2c2").click()
    page.keyboard.press("7")
    assert cell_values(page)[:11] == "4.........7"
    assert page.evaluate("document.body.dataset.ready") == "false"

    # the worker asks for its script a moment after boot starts
    wait_until(page, lambda: held, "request for the worker's script", BOOT_MS)
    for route in held:
        route.continue_()
    wait_ready(page)
    assert solve.is_enabled()
    assert solve.text_content() == "Solve"
    assert cell_values(page)[:11] == "4.........7"

    origin = origin_of(base_url)
    assert off_origin(urls, origin) == []
    worker = "/src/web/worker/app_script.py"
    assert any(u.endswith(worker) for u in urls)  # the worker's fetches count
    assert not [u for u in urls if "/pyodide/" in u]  # the app's own Python is MicroPython
    fetched = {u.removeprefix(base_url).split("?")[0] for u in urls if u.startswith(base_url)}
    assert vendored(SITE) <= fetched, "vendored files the page never loads"
    context.close()


FLAGS = """(() => {
    window.__flags = [];
    new MutationObserver((changes) => {
        for (const change of changes) {
            const value = change.target.getAttribute(change.attributeName);
            window.__flags.push(change.attributeName + "=" + value);
        }
    }).observe(document, {
        attributes: true, subtree: true, attributeFilter: ["data-ready", "data-prepared"]});
})()"""
"""JS (before the page's own): the body's readiness flags, in the order they were set."""


def test_the_worker_loads_the_companions_modules_once_it_is_ready(
    context: BrowserContext, base_url: str
) -> None:
    """The companion's modules (``sudoku.logic``) are not part of the worker's boot: the
    page asks for them once the worker has answered (``app.prepare``), so neither the
    boot nor the first hint waits for them; the hint then works."""
    page = context.new_page()
    page.add_init_script(FLAGS)
    page.goto(base_url)
    page.wait_for_function("document.body.dataset.prepared === 'true'", timeout=BOOT_MS)
    flags = page.evaluate("window.__flags")
    assert flags.index("data-ready=true") < flags.index("data-prepared=true")
    assert "data-ready=failed" not in flags
    load(page, "leetcode")
    page.locator("#hint").click()
    assert wait_verdict(page, "hint", "error") == "hint"


@pytest.mark.parametrize(
    ("path", "config"),
    [("", "pyscript.toml"), ("lab.html", "pyscript-lab.toml")],
    ids=["app", "lab"],
)
def test_the_runtime_is_asked_for_at_once_and_once(
    browser: Browser, base_url: str, path: str, config: str
) -> None:
    """A MicroPython page (the app, the code lab) preloads the runtime, its config, its
    script and the files its config lists (the pack of its modules, the unpacker), and
    each preload is its file's request (``preloaded``): what PyScript and MicroPython
    then load is its answer."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(base_url + path)
    page.wait_for_function("document.body.dataset.ready === 'true'", timeout=BOOT_MS)
    found = preloaded(page, config=base_url + config)
    script = page.locator("script[type=mpy]:not([worker])")
    wanted = [script.get_attribute("src"), script.get_attribute("config")]
    wanted += ["./static/vendor/micropython/micropython.mjs"]
    wanted += ["./static/vendor/micropython/micropython.wasm"]
    wanted += tomllib.loads((SITE / config).read_text(encoding="utf-8"))["files"]
    assert {base_url + str(path).removeprefix("./") for path in wanted} <= found.keys()
    assert any("/static/vendor/pyscript/core-" in url for url in found)
    context.close()


def test_the_request_log_sees_pages_and_workers(browser: Browser, base_url: str) -> None:
    """The log the no-off-origin checks rely on catches a page's and a worker's fetches."""
    context = browser.new_context()
    urls = record_requests(context)
    page = context.new_page()
    page.goto(base_url + "static/icons/icon.svg")
    page.evaluate(
        """async () => {
            await fetch('http://page.example.invalid/x').catch(() => null);
            const code = "fetch('http://worker.example.invalid/y').catch(() => null)"
                + ".then(() => postMessage('done'))";
            const worker = new Worker(URL.createObjectURL(new Blob([code])));
            await new Promise(resolve => { worker.onmessage = resolve; });
        }"""
    )
    assert off_origin(urls, origin_of(base_url)) == [
        "http://page.example.invalid/x",
        "http://worker.example.invalid/y",
    ]
    context.close()


def test_launch_blocks_other_hosts(browser: Browser) -> None:
    """Chromium is launched so that no host but 127.0.0.1 resolves."""
    context = browser.new_context()
    page = context.new_page()
    reached = page.evaluate(
        "fetch('http://example.com/', {mode: 'no-cors'}).then(() => true, () => false)"
    )
    assert reached is False
    context.close()


PROBE_PAGE = """<!doctype html>
<meta charset="utf-8">
<script type="module" src="./static/vendor/pyscript/core.js"></script>
<script type="mpy" worker name="probe" config='CONFIG'>
import os
import sys

def probe():
    return repr(["pyscript" in sys.modules, "pyscript" in os.listdir()])

__export__ = ["probe"]
</script>
<script type="mpy" config='CONFIG'>
import os
import sys

import js
from polyscript import workers

async def main():
    page = repr(["pyscript" in sys.modules, "pyscript" in os.listdir()])
    worker = await (await js.Reflect.get(workers, "probe")).probe()
    js.document.body.dataset.probe = repr([str(worker), page])

await main()
</script>
"""
"""A page of the site with a MicroPython worker and a MicroPython script of its own,
with no files: each says whether PyScript's Python package is imported and in its file
system (the page asks the worker through ``polyscript``, as ``pyscript.workers`` does)."""


def test_micropython_runs_no_bootstrap_of_pyscripts(context: BrowserContext, base_url: str) -> None:
    """The vendored PyScript has MicroPython, on a page or in a worker, run none of its own
    Python before a script (vendor.py's BOOTSTRAP_FIXES): no package written, none
    imported. Our workers never import ``pyscript``; our pages bring it compiled in their
    packs (scripts/pyconfig.py), which every test of a page relies on."""
    config = json.dumps({"interpreter": PYCONFIG.INTERPRETER, "plugins": PYCONFIG.PLUGINS})
    html = PROBE_PAGE.replace("CONFIG", config)
    page = context.new_page()
    page.route(
        base_url + "probe.html", lambda route: route.fulfill(body=html, content_type="text/html")
    )
    page.goto(base_url + "probe.html")
    page.wait_for_function("document.body && document.body.dataset.probe", timeout=BOOT_MS)
    assert page.evaluate("document.body.dataset.probe") == "['[False, False]', '[False, False]']"


def test_every_page_packs_the_pyscript_modules_it_imports() -> None:
    """Each page's pack holds PyScript's package as the page imports it (its
    ``__init__``, ``web`` and what they import), compiled; no worker's holds any of it."""
    for name in PYCONFIG.CONFIGS:
        packed = set(PYCONFIG.packed_files(name).values())
        pyscript = {dest for dest in packed if dest.startswith("./pyscript/")}
        if "worker" in name:
            assert not pyscript, name
        else:
            assert {"./pyscript/__init__.mpy", "./pyscript/web.mpy"} <= pyscript, name
            assert "./pyscript/fs.mpy" not in pyscript, name  # imported by none of ours


def test_the_served_pyscript_carries_the_bootstrap_fix() -> None:
    """The vendored PyScript the tests serve has BOOTSTRAP_FIXES: patching again changes
    nothing."""
    served = sitekit.pyscript_bundle(SITE / "static" / "vendor" / "pyscript")
    fixes = dict.fromkeys(VENDOR.BOOTSTRAP_FIXES, 1)
    assert VENDOR.skip_mpy_bootstrap(served) == (served, fixes)


def test_the_bootstrap_fix_changes_pyscript_once(tmp_path: Path) -> None:
    """From npm's PyScript each of BOOTSTRAP_FIXES is found once and applied once; a
    PyScript that no longer has the code stops vendoring with a message naming the fix."""
    dist = VENDOR.NODE_MODULES / "@pyscript" / "core" / "dist"
    original = sitekit.pyscript_bundle(dist)
    fixed, counts = VENDOR.skip_mpy_bootstrap(original)
    assert counts == dict.fromkeys(VENDOR.BOOTSTRAP_FIXES, 1)
    assert b'="mpy"===t?"":' not in original
    assert fixed.count(b'="mpy"===t?"":') == 1
    assert VENDOR.skip_mpy_bootstrap(fixed) == (fixed, counts)
    moved = tmp_path / "pyscript"
    moved.mkdir()
    for name in VENDOR.pyscript_files(dist):
        (moved / name).write_bytes((dist / name).read_bytes().replace(b'"mpy"===t?', b'"py"!==t?'))
    problems = VENDOR.patch_pyscript(moved)
    assert len(problems) == 1
    assert "MicroPython bootstrap fix" in problems[0]
