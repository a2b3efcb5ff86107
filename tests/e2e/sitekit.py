"""The built site for the e2e tests: build it, serve it as a GitHub project page, cut it off.

Tests of the built site build their own copy in a temporary folder with
scripts/build_site.py (the same code as ``make site``) and serve it under PREFIX, a
sub-path as https://user.github.io/some-repo/ would be. Each test gets its own server
(conftest.Host) on a free port, so each starts with an origin no service worker has seen.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from pathlib import Path
from typing import Any

from conftest import BOOT_MS, ROOT, load_script
from playwright.sync_api import Frame, Page

build_site = load_script("build_site")
pyconfig = load_script("pyconfig")
vendor = load_script("vendor")
SOURCE = ROOT
"""The tree the site is built from."""
PREFIX = "/some-repo/"
BUILD = re.compile(r"^const BUILD = (\{.*?\n\});$", re.MULTILINE | re.DOTALL)
SW_ACTIVE = """ms => Promise.race([
    (async () => {
        const registration = await navigator.serviceWorker.ready;
        const worker = registration.active;
        if (worker.state !== 'activated') {
            await new Promise(done => worker.addEventListener('statechange',
                () => worker.state === 'activated' && done()));
        }
        return worker.state;
    })(),
    new Promise((_, late) => setTimeout(
        () => late(new Error(`no service worker activated within ${ms} ms`)), ms)),
])"""
"""The active service worker's state once it is 'activated', or an error at the deadline."""


def build(out: Path) -> str:
    """Build the site from SOURCE into ``out``; return its release."""
    return build_site.build(SOURCE, out)


def precache(site: Path) -> dict[str, Any]:
    """The BUILD object sealed into ``site``'s sw.js: release and {path: integrity}."""
    match = BUILD.search((site / "sw.js").read_text(encoding="utf-8"))
    assert match, "sw.js has no sealed BUILD object"
    return json.loads(match[1])


def integrity_of(data: bytes) -> str:
    """SRI sha256 of ``data``, computed here independently of the build script."""
    return "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode("ascii")


def files_in(site: Path) -> set[str]:
    """Every file path in ``site``, relative to it."""
    return {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}


def not_loaded_by_pages(site: Path) -> set[str]:
    """Shipped files the site's own pages never load, each for a reason.

    The manifest and the icons it names (plus the apple-touch-icon the page links) are
    fetched only by an install; static/js/embed.js is loaded by blogs, next to the widget;
    the GIF encoder only when the Share panel makes a GIF; static/js/recording.js and the
    pack of its worker's modules that play it only by a widget that plays a recording (the
    post's own code); static/js/deep.js, its sources' pack and the unpacker's source (the
    MicroPython pages and workers load it compiled) only by the app on a puzzle that needs
    nested chains (src/web/page/app/deep.py).
    """
    manifest = json.loads((site / "manifest.webmanifest").read_text(encoding="utf-8"))
    icons = {icon["src"] for icon in manifest["icons"]}
    return {
        "manifest.webmanifest",
        "static/icons/apple-touch-icon.png",
        "static/js/embed.js",
        "static/js/recording.js",
        pyconfig.pack_path("pyscript-widget-worker.json", "recorded_files").as_posix(),
        "static/vendor/gifenc/gifenc.esm.js",
        "static/js/deep.js",
        (pyconfig.COMPILED / next(iter(pyconfig.SOURCE_PACKS))).as_posix(),
        pyconfig.UNPACKER.relative_to(pyconfig.ROOT).as_posix(),
    } | icons


def wait_booted(page: Page | Frame) -> None:
    """Wait for the solver to be ready and the page to have registered its worker."""
    page.wait_for_function(
        "['true', 'failed'].includes(document.body?.dataset.ready)", timeout=BOOT_MS
    )
    assert page.evaluate("document.body.dataset.ready") == "true"
    page.wait_for_function("document.body.dataset.release", timeout=BOOT_MS)


CACHED = """async ([path, ms]) => {
    const deadline = performance.now() + ms;
    while (performance.now() < deadline) {
        for (const key of await caches.keys()) {
            const cache = await caches.open(key);
            if ((await cache.keys()).some(r => new URL(r.url).pathname.endsWith(path))) {
                return true;
            }
        }
        await new Promise(tick => setTimeout(tick, 50));
    }
    return false;
}"""


def wait_cached(page: Page, path: str) -> None:
    """Wait until the service worker has stored the site's file ``path`` (a lazy one,
    stored when a page asks: the lab's "keep-lazy", a fetch through it)."""
    assert page.evaluate(CACHED, [f"/{path}", BOOT_MS]), f"{path} never stored"


def wait_installed(page: Page) -> None:
    """Wait until the site's service worker is active (the release is precached)."""
    assert page.evaluate(SW_ACTIVE, BOOT_MS) == "activated"


def step_player(page: Page | Frame, steps: int) -> None:
    """Step the widget's player forward ``steps`` times; it must show each step."""
    for _ in range(steps):
        page.locator("[data-role=forward]").click()
    page.wait_for_function(
        "n => document.querySelector('.player').dataset.steps === String(n)", arg=steps
    )


def our_caches(page: Page) -> list[str]:
    """The Cache Storage names of this page's scope."""
    return page.evaluate(
        "async scope => (await caches.keys()).filter(n => n.startsWith('sudoku-lab ' + scope))",
        page.evaluate("new URL('./', location.href).href"),
    )


def pyscript_bundle(dist: Path) -> bytes:
    """The PyScript scripts that vendoring copies from ``dist`` (npm's or the served), joined."""
    return b"\n".join((dist / name).read_bytes() for name in vendor.pyscript_files(dist))
