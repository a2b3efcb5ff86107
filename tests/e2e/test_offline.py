"""Offline after one visit, installable, updates whole: the built site under /some-repo/.

"Cutting the network" is real: the test server stops (connections are refused) and the
browser context goes offline. Each test serves its own build on its own port, so each
starts with an origin no service worker has seen.
"""

from __future__ import annotations

import json
import os
import shutil
import struct
from collections.abc import Iterator
from pathlib import Path

import pytest
import sitekit
from conftest import (
    BOOT_MS,
    LAUNCH_ARGS,
    RESULTS,
    Host,
    off_origin,
    origin_of,
    record_requests,
)
from helpers import cell_values, load, solve
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, Response
from support import LEETCODE, launch_options
from test_deep import NESTED, hints_shown, said
from test_deep import STATE as DEEP

UPDATED = "Sudoku Lab was updated to a new version since your last visit."
NARROW = {"width": 360, "height": 740}
WAIT_WAITING = """async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    const settled = () => registration.waiting && registration.waiting.state !== 'installing';
    for (let i = 0; i < 1200 && !settled(); i++) {
        await new Promise(tick => setTimeout(tick, 100));
    }
    return registration.waiting ? registration.waiting.state : null;
}"""
"""The waiting worker's state once it has one that is no longer installing (Chromium may
show the waiting worker a moment before its state reads "installed"), or null."""


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """A fresh build of the site, for this test alone (it may be redeployed)."""
    folder = tmp_path / "_site"
    sitekit.build(folder)
    return folder


@pytest.fixture
def host(site: Path) -> Iterator[Host]:
    """The test's build served under /some-repo/ on its own port."""
    served = Host(site, sitekit.PREFIX)
    yield served
    served.stop()


def cut_network(context: BrowserContext, host: Host) -> None:
    """Stop the server and take the browser offline."""
    host.stop()
    context.set_offline(True)


CHANGED = "static/css/app.css"
"""The file another deploy changes (``deploy_change``): the app's style sheet."""


def dated_later(path: Path) -> None:
    """Date ``path`` two seconds later, as another deploy's file is. The server's
    Last-Modified counts whole seconds: a file changed within the second the site was
    built would answer the browser's revalidation "not modified", and the copy it has
    (the old bytes, the old service worker) would be taken for the new one."""
    dated = path.stat()
    os.utime(path, ns=(dated.st_atime_ns, dated.st_mtime_ns + 2_000_000_000))


def deploy_change(site: Path, line: str, *, seal: bool) -> None:
    """Another deploy of ``site``: ``line`` appended to ``CHANGED``, the site sealed
    again as a new release (``seal``) or not (the same service worker and release),
    every file it changed ``dated_later``."""
    with (site / CHANGED).open("a", encoding="utf-8") as sheet:
        sheet.write(line)
    changed = [site / CHANGED]
    if seal:
        sitekit.build_site.seal(site, (sitekit.SOURCE / "sw.js").read_text(encoding="utf-8"))
        changed += [site / sitekit.build_site.SERVICE_WORKER, site / sitekit.build_site.VERSION]
    for path in changed:
        dated_later(path)


def record_responses(context: BrowserContext) -> list[Response]:
    """Every response the context's pages and workers get, from now on."""
    responses: list[Response] = []
    context.on("response", lambda response: responses.append(response))  # noqa: PLW0108 (Playwright cannot wrap a builtin method)
    return responses


def not_from_worker(responses: list[Response], base: str) -> list[str]:
    """Responses for the site's files that the service worker did not serve."""
    return [r.url for r in responses if r.url.startswith(base) and not r.from_service_worker]


def solve_leetcode(page: Page) -> None:
    """Type a digit, load the LeetCode example and solve it: the app's main flow."""
    page.locator("#r5c5").click()
    page.keyboard.type("5")
    assert cell_values(page)[40] == "5"
    puzzle = load(page, "leetcode")
    assert solve(page) == "unique"
    solved = cell_values(page)
    assert "." not in solved
    assert all(a in {".", b} for a, b in zip(puzzle, solved, strict=True))


def png_size(path: Path) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path.name} is not a PNG"
    return struct.unpack(">II", data[16:24])


def test_the_installed_app_opens_offline(playwright: Playwright, tmp_path: Path) -> None:
    """One visit online; Chrome finds the app installable; offline, start_url boots and solves.
    The whole Chromium: installability is the browser's judgement, not the engine's."""
    site = tmp_path / "_site"
    sitekit.build(site)
    host = Host(site, sitekit.PREFIX)
    context = playwright.chromium.launch_persistent_context(
        tmp_path / "profile", **launch_options(whole=True), args=LAUNCH_ARGS
    )
    urls = record_requests(context)
    page = context.pages[0]
    page.goto(host.url)
    sitekit.wait_booted(page)
    sitekit.wait_installed(page)
    cdp = context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["errors"] == []
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    start_url = page.evaluate(
        "m => new URL(m.start_url, m.url).href",
        {"url": manifest["url"], **json.loads(manifest["data"])},
    )
    assert start_url == host.url

    cut_network(context, host)
    responses = record_responses(context)
    page = context.new_page()
    page.goto(start_url)
    sitekit.wait_booted(page)
    solve_leetcode(page)
    assert not_from_worker(responses, host.url) == []
    context.close()
    assert off_origin(urls, origin_of(host.url)) == []


WASM = "static/vendor/micropython/micropython.wasm"
SOLVER = "static/compiled/mpy-app-worker.pack"
"""The app's worker's modules, the core's solver among them, as the app loads them
(compiled and packed: scripts/pyconfig.py)."""
CACHED_HASH = """async ([name, url]) => {
    const response = await caches.match(url, { cacheName: name });
    if (!response) return null;
    const digest = await crypto.subtle.digest("SHA-256", await response.arrayBuffer());
    return "sha256-" + btoa(String.fromCharCode(...new Uint8Array(digest)));
}"""


def installed(context: BrowserContext, host: Host) -> tuple[Page, str]:
    """A first visit to the app, its release precached; the page and the cache's name."""
    page = context.new_page()
    page.goto(host.url)
    sitekit.wait_booted(page)
    sitekit.wait_installed(page)
    (name,) = sitekit.our_caches(page)
    return page, name


def delete_cached(page: Page, name: str, url: str) -> None:
    """Delete one entry of the release's cache, as any script of the origin may."""
    assert page.evaluate("([n, u]) => caches.open(n).then(c => c.delete(u))", [name, url])


def overwrite_cached(page: Page, name: str, url: str) -> None:
    """Overwrite one entry of the release's cache with other bytes, as any script may."""
    page.evaluate(
        "([n, u]) => caches.open(n).then(c => c.put(u, new Response('evil')))", [name, url]
    )


def go_offline(context: BrowserContext, page: Page, host: Host) -> None:
    """Cut the network and empty the HTTP cache: only the service worker's cache is left."""
    cut_network(context, host)
    context.new_cdp_session(page).send("Network.clearBrowserCache")


def only_release_bytes(responses: list[Response], base: str, files: dict[str, str]) -> None:
    """Every site file the page got is this release's, byte for byte (no error page either)."""
    assert mixed(responses, base, files) == []
    assert [r.url for r in responses if r.url.startswith(base) and not r.ok] == []


def reload_from_release(
    context: BrowserContext, page: Page, host: Host, files: dict[str, str]
) -> list[Response]:
    """Reload the app and solve: every site file it got is this release's. Its responses."""
    responses = record_responses(context)
    page.reload()
    sitekit.wait_booted(page)
    solve_leetcode(page)
    only_release_bytes(responses, host.url, files)
    return responses


def test_missing_file_is_fetched_again_with_its_hash(
    browser: Browser, host: Host, site: Path
) -> None:
    """A file deleted from the cache is fetched again (with its hash) and stored again."""
    files = sitekit.precache(site)["files"]
    context = browser.new_context()
    page, name = installed(context, host)
    delete_cached(page, name, host.url + WASM)

    reload_from_release(context, page, host, files)
    assert page.evaluate(CACHED_HASH, [name, host.url + WASM]) == files[WASM]
    context.close()


def test_missing_file_offline_is_named_on_the_page(browser: Browser, host: Host) -> None:
    """Offline, a page whose release lost a file says which one and what to do, in words.

    Before, the worker asked the network for it, failed, and the page sat on
    "Loading Python..." with a network error on the console."""
    context = browser.new_context()
    page, name = installed(context, host)
    delete_cached(page, name, host.url + WASM)
    go_offline(context, page, host)

    response = page.reload()
    assert response is not None
    assert response.status == 503
    text = page.locator("body").inner_text()
    assert f"{WASM} is missing from the offline cache" in text
    assert "Reload the page when online." in text
    context.close()


def test_missing_file_is_never_taken_from_another_release(
    browser: Browser, host: Host, site: Path
) -> None:
    """A file missing from the cache while the server has another version of it: the
    worker refuses the other bytes (their hash differs) and says so; no page mixes the two."""
    files = sitekit.precache(site)["files"]
    css = CHANGED
    context = browser.new_context()
    page, name = installed(context, host)
    delete_cached(page, name, host.url + css)
    deploy_change(site, ".top h1 { color: red; }\n", seal=False)

    responses = record_responses(context)
    page.reload()
    assert mixed(responses, host.url, files) == []
    text = page.locator("body").inner_text()
    assert f"{css} is missing from the offline cache" in text
    assert "the site was updated since" in text
    context.close()


def test_tampered_file_is_not_served(browser: Browser, host: Host, site: Path) -> None:
    """A cache entry overwritten by a script of the origin fails its hash: it is fetched
    again, stored again, and the page never sees the other bytes."""
    files = sitekit.precache(site)["files"]
    context = browser.new_context()
    page, name = installed(context, host)
    overwrite_cached(page, name, host.url + SOLVER)

    responses = reload_from_release(context, page, host, files)
    assert any(r.url == host.url + SOLVER for r in responses)
    assert page.evaluate(CACHED_HASH, [name, host.url + SOLVER]) == files[SOLVER]
    context.close()


def test_file_replaced_after_its_check_is_checked_again(
    browser: Browser, host: Host, site: Path
) -> None:
    """An entry the running worker already served and checked, replaced after that (the
    same worker still running): the worker hashes what it serves each time, so it refetches
    the file and never serves the other bytes (tests/e2e/test_same_origin.py does it with
    the original's exact headers, from another project's page)."""
    files = sitekit.precache(site)["files"]
    context = browser.new_context()
    page, name = installed(context, host)
    page.reload()  # controlled: the worker checks every file this load asks for
    sitekit.wait_booted(page)
    overwrite_cached(page, name, host.url + SOLVER)

    reload_from_release(context, page, host, files)
    assert page.evaluate(CACHED_HASH, [name, host.url + SOLVER]) == files[SOLVER]
    context.close()


def test_tampered_file_offline_is_refused_in_words(browser: Browser, host: Host) -> None:
    """Offline, an overwritten entry is not served: its answer is a 503 saying what is wrong."""
    context = browser.new_context()
    page, name = installed(context, host)
    overwrite_cached(page, name, host.url + SOLVER)
    go_offline(context, page, host)

    responses = record_responses(context)
    page.reload()
    page.wait_for_function("document.body.dataset.ready === 'failed'", timeout=120_000)
    assert [r.status for r in responses if r.url == host.url + SOLVER] == [503]
    assert "mpy-app-worker.pack" in page.locator("#status").text_content()
    # the worker's answer, asked again from the page (Playwright cannot read the body of a
    # response to PyScript's worker)
    status, text = page.evaluate(
        "url => fetch(url).then(async r => [r.status, await r.text()])", host.url + SOLVER
    )
    assert status == 503
    assert text.startswith(f"Sudoku Lab: {SOLVER} is corrupt in the offline cache")
    assert "Reload the page when online." in text
    context.close()


def test_manifest_icons_fit_install_prompts(site: Path) -> None:
    """The manifest names PNG icons of 192 and 512 px, one maskable, each of its stated size."""
    manifest = json.loads((site / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["start_url"] == manifest["scope"] == "./"
    assert manifest["display"] == "standalone"
    pngs = [icon for icon in manifest["icons"] if icon["type"] == "image/png"]
    for icon in pngs:
        width, height = png_size(site / icon["src"])
        assert icon["sizes"] == f"{width}x{height}"
    assert {icon["sizes"] for icon in pngs} >= {"192x192", "512x512"}
    assert any(icon["purpose"] == "maskable" for icon in pngs)
    assert png_size(site / "static/icons/apple-touch-icon.png") == (180, 180)


def test_app_works_offline_after_one_visit(browser: Browser, host: Host) -> None:
    """Visit once, cut the network, reload: the app boots from the cache and solves."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(host.url)
    sitekit.wait_booted(page)
    sitekit.wait_installed(page)

    cut_network(context, host)
    responses = record_responses(context)
    page.reload()
    sitekit.wait_booted(page)
    assert page.evaluate("navigator.onLine") is False
    solve_leetcode(page)
    assert not_from_worker(responses, host.url) == []
    assert any(r.url.endswith("micropython.wasm") for r in responses)
    context.close()


def test_the_deep_worker_works_offline_once_it_was_used(browser: Browser, host: Host) -> None:
    """The app's deep worker (Pyodide, for the 9.2 puzzle's nested chains; ``deep=1``:
    whatever the connection) is fetched through the service worker on its first use,
    which keeps its files (lazy). Offline, it starts again from the cache and answers
    the hints, as CPython's core words them, the nested chain (the sixth) too."""
    context = browser.new_context()
    urls = record_requests(context)
    page = context.new_page()
    page.goto(host.url)
    sitekit.wait_booted(page)
    sitekit.wait_installed(page)
    page.goto(f"{host.url}?deep=1&puzzle={NESTED}")
    sitekit.wait_booted(page)
    page.wait_for_function(f"{DEEP} === 'ready' || {DEEP} === 'failed'", timeout=BOOT_MS)
    assert page.evaluate(DEEP) == "ready"
    for name in ("py-app-worker.pack", "pyodide.asm.wasm", "python_stdlib.zip"):
        assert [u for u in urls if u.endswith(f"/{name}")], name

    cut_network(context, host)
    responses = record_responses(context)
    page.reload()
    sitekit.wait_booted(page)
    page.wait_for_function(f"{DEEP} === 'ready' || {DEEP} === 'failed'", timeout=BOOT_MS)
    assert page.evaluate(DEEP) == "ready"
    asked = int(page.evaluate("document.body.dataset.deepCalls"))
    assert hints_shown(page, 6) == said(NESTED, 6)
    assert int(page.evaluate("document.body.dataset.deepCalls")) > asked
    assert not_from_worker(responses, host.url) == []
    assert any(r.url.endswith("pyodide.asm.wasm") for r in responses)
    context.close()


def test_widget_works_offline_top_level(browser: Browser, host: Host) -> None:
    """embed.html visited alone installs the site too; offline it boots and its player steps."""
    context = browser.new_context()
    page = context.new_page()
    url = f"{host.url}embed.html?puzzle={LEETCODE}&strategy=naive"
    page.goto(url)
    sitekit.wait_booted(page)
    sitekit.wait_installed(page)

    cut_network(context, host)
    responses = record_responses(context)
    page.reload()
    sitekit.wait_booted(page)
    sitekit.step_player(page, 3)
    assert not_from_worker(responses, host.url) == []
    context.close()


def body_hash(response: Response) -> str:
    """SRI sha256 of a response's body."""
    return sitekit.integrity_of(response.body())


def mixed(responses: list[Response], base: str, files: dict[str, str]) -> list[str]:
    """Site files the page got whose bytes are not those of release ``files``.

    Only what the page and its workers received counts: the service worker's own
    fetches (precaching the next release) are not part of the page load.
    """
    return [
        r.url
        for r in responses
        if r.request.service_worker is None
        and r.url.removeprefix(base) in files
        and body_hash(r) != files[r.url.removeprefix(base)]
    ]


def shoot(page: Page, name: str) -> None:
    """Screenshot the page's top (where the notice is) into test-results/screens/."""
    folder = RESULTS / "screens"
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / name))


def test_new_release_takes_over_whole_with_a_notice(
    browser: Browser, host: Host, site: Path
) -> None:
    """A deploy runs on the visit after it is found, whole, with a polite "updated" notice.

    Release 1 is installed; release 2 is deployed (one changed file, sealed by the build
    script). The next load still runs release 1 entirely while release 2 precaches; the
    one after runs release 2 entirely, says so, and release 1's cache is gone.
    """
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(host.url)
    sitekit.wait_booted(page)
    sitekit.wait_installed(page)
    old = sitekit.precache(site)
    page.reload()  # now controlled by release 1's worker
    sitekit.wait_booted(page)

    deploy_change(site, ".top h1 { letter-spacing: 0.01em; }\n", seal=True)
    new = sitekit.precache(site)
    assert new["release"] != old["release"]

    responses = record_responses(context)
    page.reload()
    sitekit.wait_booted(page)
    assert page.evaluate("document.body.dataset.release") == old["release"]
    assert page.locator("#release-note").text_content() == ""
    assert mixed(responses, host.url, old["files"]) == []
    assert page.evaluate(WAIT_WAITING) == "installed", "no new release waiting after 120 s"

    responses.clear()
    page.reload()
    page.wait_for_selector("#board", timeout=60_000)  # after the hand-over page
    sitekit.wait_booted(page)
    handed = [r for r in responses if "refresh" in r.headers]
    assert len(handed) == 1, "release 1 hands the reload over to release 2 once"
    served = [r for r in responses if r not in handed]
    assert page.evaluate("document.body.dataset.release") == new["release"]
    assert mixed(served, host.url, new["files"]) == []
    assert any(r.url.endswith("static/css/app.css") for r in served)
    note = page.locator("#release-note")
    assert note.text_content() == UPDATED
    assert note.get_attribute("role") == "status"
    assert note.get_attribute("aria-live") == "polite"
    assert sitekit.our_caches(page) == [f"sudoku-lab {host.url} {new['release']}"]
    shoot(page, "release-note-desktop.png")
    page.set_viewport_size(NARROW)
    shoot(page, "release-note-360.png")

    page.reload()
    sitekit.wait_booted(page)
    assert page.locator("#release-note").text_content() == "", "the notice shows once"
    context.close()


def blog_post(folder: Path, widget_url: str) -> Path:
    """A host page with the widget in an iframe, as a blog post would embed it."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "post.html").write_text(
        "<!doctype html><title>A post</title><h1>A post about Sudoku</h1>"
        f'<iframe name="widget" src="{widget_url}" width="640" height="720"></iframe>',
        encoding="utf-8",
    )
    return folder


@pytest.mark.parametrize(
    ("blog_host", "works"),
    [("localhost", False), ("127.0.0.1", True)],
    ids=["cross-site", "same-site"],
)
def test_framed_widget_offline_only_on_the_same_site(
    two_sites: Browser, host: Host, tmp_path: Path, blog_host: str, works: bool
) -> None:
    """After a first-party visit, offline, the widget loads in a same-site frame only.

    Browsers key a frame's storage (service workers and caches included) by the top
    site: a blog on another site gets its own, empty partition, so the cache the visit
    filled cannot serve it. docs/offline.md reports the rest (what such a frame may store).
    """
    widget = f"{host.url}embed.html?puzzle={LEETCODE}&strategy=naive"
    blog = Host(blog_post(tmp_path / "blog", widget), "/")
    context = two_sites.new_context()
    page = context.new_page()
    page.goto(widget)
    sitekit.wait_booted(page)
    sitekit.wait_installed(page)

    host.stop()  # the widget's site is down; the blog is up
    page.goto(f"http://{blog_host}:{blog.port}/post.html")
    assert page.locator("h1").text_content() == "A post about Sudoku"
    frame = page.frame(name="widget")
    assert frame is not None
    if works:  # the first-party visit's worker serves the frame; a frame registers none
        frame.wait_for_function("document.body?.dataset.ready === 'true'", timeout=sitekit.BOOT_MS)
        assert frame.evaluate("!!navigator.serviceWorker.controller")
        sitekit.step_player(frame, 2)
    else:
        frame.wait_for_load_state()
        assert frame.url.startswith("chrome-error://"), "the frame loaded offline"
    context.close()
    blog.stop()


UNREGISTERED = """async () => {
    for (let i = 0; i < 600 && await navigator.serviceWorker.getRegistration(); i++) {
        await new Promise(tick => setTimeout(tick, 100));
    }
    return !(await navigator.serviceWorker.getRegistration());
}"""


def dev_tree(folder: Path) -> Path:
    """The work tree as `make serve` serves it, its sw.js freshly written.

    A copy, not the file itself, and ``dated_later``: the local server revalidates by
    modification time, in whole seconds, and the repo's template is older than the built
    sw.js the browser holds (GitHub Pages revalidates by ETag, which has no such blind
    spot).
    """
    folder.mkdir()
    for entry in sitekit.SOURCE.iterdir():
        if entry.name != "sw.js":
            (folder / entry.name).symlink_to(entry)
    shutil.copyfile(sitekit.SOURCE / "sw.js", folder / "sw.js")
    dated_later(folder / "sw.js")
    return folder


def test_the_dev_tree_worker_removes_a_built_one(
    browser: Browser, site: Path, tmp_path: Path
) -> None:
    """Serving the dev tree where a built site was: its template worker cleans up and leaves.

    `make serve` after `make serve-site` on one port must show the tree, not the cache.
    """
    built = Host(site, sitekit.PREFIX)
    context = browser.new_context()
    page = context.new_page()
    page.goto(built.url)
    sitekit.wait_booted(page)
    sitekit.wait_installed(page)
    assert sitekit.our_caches(page) != []
    built.stop()

    dev = Host(dev_tree(tmp_path / "dev"), sitekit.PREFIX, port=built.port)
    page.reload()  # the navigation checks sw.js: the template installs and takes over
    page.wait_for_selector("#board")
    assert page.evaluate(UNREGISTERED), "the service worker still registered after 60 s"
    assert sitekit.our_caches(page) == []
    page.reload()
    page.wait_for_function("document.body.dataset.ready === 'true'", timeout=120_000)
    assert page.evaluate("navigator.serviceWorker.controller") is None
    assert page.evaluate("document.body.dataset.release") is None
    context.close()
    dev.stop()


SPY_SKIP_WAITING = """() => {
    self.__skips = 0;
    const skip = self.skipWaiting.bind(self);
    self.skipWaiting = () => { self.__skips += 1; return skip(); };
    self.__barrier = new Promise(done => self.addEventListener('message',
        event => event.data === 'sudoku-lab-test:barrier' && done()));
}"""
"""In the waiting worker: count its skipWaiting calls; a promise of the test's barrier
message (messages to a worker are handled in order: when it comes, those before it were)."""
HOSTILE_TAKE_OVER = """async () => {
    const waiting = (await navigator.serviceWorker.getRegistration()).waiting;
    waiting.postMessage('take-over');
    waiting.postMessage('sudoku-lab-test:barrier');
}"""


def test_a_page_cannot_make_the_waiting_release_take_over(
    browser: Browser, host: Host, site: Path
) -> None:
    """Any page of the origin can post "take-over" to a waiting worker: it is ignored (an
    open window of the old release would get the new one's files); the old release's own
    hand-over, at the only window's reload, still works."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(host.url)
    sitekit.wait_booted(page)
    sitekit.wait_installed(page)
    page.reload()  # now controlled by release 1's worker
    sitekit.wait_booted(page)
    old = sitekit.precache(site)
    deploy_change(site, ".top h1 { letter-spacing: 0.01em; }\n", seal=True)
    new = sitekit.precache(site)
    page.evaluate("async () => (await navigator.serviceWorker.getRegistration()).update()")
    assert page.evaluate(WAIT_WAITING) == "installed"
    waiting = [
        w for w in context.service_workers if w.evaluate("self.serviceWorker.state") == "installed"
    ]
    assert len(waiting) == 1
    waiting[0].evaluate(SPY_SKIP_WAITING)
    page.evaluate(HOSTILE_TAKE_OVER)
    waiting[0].evaluate("self.__barrier")
    assert waiting[0].evaluate("self.__skips") == 0
    assert page.evaluate("document.body.dataset.release") == old["release"]

    page.reload()
    page.wait_for_selector("#board", timeout=60_000)  # after the hand-over page
    sitekit.wait_booted(page)
    assert page.evaluate("document.body.dataset.release") == new["release"]
    context.close()
