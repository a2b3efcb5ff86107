"""What another page of the same origin can do to the built site, and what it cannot.

On GitHub Pages every project page of one account shares the origin ``user.github.io``:
its scripts can open the app's release cache and put other bytes under any URL, with the
original's exact status and headers, message the app's service worker as often as they
like, register their own service worker for the app's path from the account's root, and
post on the widgets' BroadcastChannel. docs/security.md says what each can achieve. Here
the origin serves the built site under /some-repo/ (``sitekit.PREFIX``), another project
under /other-repo/ and a script at its root; the hostile code is in this file.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import sitekit
from conftest import Host
from helpers import BARRIER
from playwright.sync_api import Browser, BrowserContext, Page, Worker
from support import LEETCODE
from test_embed import PLAYER, READY_MS, SIBLINGS, open_widget
from test_offline import NARROW, shoot

OTHER = "/other-repo/"
"""Another project page of the same account: same origin, outside the app's scope."""
ROOT_WORKER = "evil-sw.js"
"""A service worker at the origin's root (the account's user site): it may claim any path."""
PASS_THROUGH = """self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));
self.addEventListener("fetch", (event) => event.respondWith(fetch(event.request)));
"""
"""The root's worker: it only passes requests on, so the app still runs under it."""


@dataclass
class Origin:
    """One origin: the app at ``app`` (built in ``site``), another project's page at
    ``other``."""

    app: str
    other: str
    site: Path


@pytest.fixture
def origin(tmp_path: Path) -> Iterator[Origin]:
    """A fresh build of the site at /some-repo/, another project at /other-repo/ and a
    service worker script at the root, all on one port (one origin)."""
    root = tmp_path / "origin"
    root.mkdir()
    site = root / sitekit.PREFIX.strip("/")
    sitekit.build(site)
    other = root / OTHER.strip("/")
    other.mkdir()
    (other / "index.html").write_text(
        "<!doctype html><title>Another project</title><h1>Another project</h1>", encoding="utf-8"
    )
    (root / ROOT_WORKER).write_text(PASS_THROUGH, encoding="utf-8")
    served = Host(root, "/")
    yield Origin(served.url + sitekit.PREFIX.lstrip("/"), served.url + OTHER.lstrip("/"), site)
    served.stop()


def installed(context: BrowserContext, origin: Origin) -> Page:
    """A first visit to the app, its release precached; then a reload, which the
    service worker controls (it now serves every file of the app from its cache)."""
    page = context.new_page()
    page.goto(origin.app)
    sitekit.wait_booted(page)
    sitekit.wait_installed(page)
    page.reload()
    sitekit.wait_booted(page)
    assert page.evaluate("navigator.serviceWorker.controller.scriptURL") == origin.app + "sw.js"
    return page


KEEP_ALIVE = """async scope => {
    const registration = await navigator.serviceWorker.getRegistration(scope);
    let n = 0;
    window.__pings = setInterval(() => registration.active.postMessage({ ping: n++ }), 100);
    return !!registration.active;
}"""
"""The other project keeps the app's worker running: a message every tenth of a second."""
TAMPER = """async ([url, evil]) => {
    const name = (await caches.keys()).find(n => n.startsWith("sudoku-lab "));
    const cache = await caches.open(name);
    const original = await cache.match(url);
    const size = (await original.clone().arrayBuffer()).byteLength;
    const forged = new Uint8Array(size).fill(32);
    forged.set(new TextEncoder().encode(evil).subarray(0, size));
    const { status, statusText, headers } = original;
    await cache.put(url, new Response(forged, { status, statusText, headers }));
    const stored = await cache.match(url);
    const same = [...stored.headers].join("\\n") === [...original.headers].join("\\n");
    return same && stored.status === original.status && forged.length === size;
}"""
"""The other project's swap: other bytes (``evil``, padded with spaces to the original's
length) under the entry's URL, with its status and headers exactly."""
DIGEST = """async url => {
    const response = await fetch(url);
    const digest = await crypto.subtle.digest("SHA-256", await response.arrayBuffer());
    return [response.status, "sha256-" + btoa(String.fromCharCode(...new Uint8Array(digest)))];
}"""
"""What a page of the app gets for ``url`` (through the service worker), and its hash."""


def hostile_page(context: BrowserContext, origin: Origin) -> Page:
    """The other project's page, already keeping the app's worker alive."""
    page = context.new_page()
    page.goto(origin.other)
    assert page.evaluate(KEEP_ALIVE, sitekit.PREFIX)
    return page


SWAPS = {
    "script": ("static/js/boot.js", "window.__pwned = 'boot.js';"),
    "lab script": ("static/js/lab.js", "window.__pwned = 'lab.js';"),
    "module": ("src/web/worker/app_script.py", "import js\njs.__pwned = 'app_script.py'\n"),
    "page": ("index.html", '<!doctype html><title>pwned</title><p id="pwned">pwned</p>'),
}


@pytest.mark.parametrize("kind", list(SWAPS))
def test_a_swapped_cache_entry_is_never_served(browser: Browser, origin: Origin, kind: str) -> None:
    """A file the running worker already served and checked is swapped in the cache by
    another project's page, with the original's exact headers, while that page keeps the
    worker alive with messages: a fresh tab still gets the release's bytes (the worker
    hashes what it serves, each time, and fetches the file again), and runs the app.

    Before, the worker trusted an entry it had checked by its status and headers until it
    stopped, and served the swapped file."""
    path, evil = SWAPS[kind]
    files = sitekit.precache(origin.site)["files"]
    context = browser.new_context()
    app = installed(context, origin)
    url = origin.app + path
    assert app.evaluate(DIGEST, url) == [200, files[path]]  # served, so checked, once
    other = hostile_page(context, origin)
    assert other.evaluate(TAMPER, [url, evil])

    fresh = context.new_page()
    fresh.goto(origin.app)
    assert fresh.locator("#pwned").count() == 0
    assert fresh.evaluate("window.__pwned") is None
    assert fresh.evaluate(DIGEST, url) == [200, files[path]]
    sitekit.wait_booted(fresh)
    assert fresh.evaluate("document.body.dataset.controller") == "ours"
    assert fresh.locator("#worker-note").text_content() == ""
    context.close()


def app_worker(context: BrowserContext, origin: Origin) -> Worker:
    """The app's running service worker, as the test drives it."""
    (worker,) = [w for w in context.service_workers if w.url == origin.app + "sw.js"]
    return worker


SPY_EXTENDED = """barrier => {
    self.__extended = 0;
    const extend = ExtendableEvent.prototype.waitUntil;
    ExtendableEvent.prototype.waitUntil = function (promise) {
        self.__extended += 1;
        return extend.call(this, promise);
    };
    self.__barrier = () => new Promise(done => self.addEventListener("message",
        event => event.data === barrier && done()));
}"""
"""In the app's worker: count the events that ask it to stay up for work (``waitUntil``);
``__barrier()``, the promise of the test's barrier message (messages are handled in
order: when it comes, those before it were)."""
HOSTILE_MESSAGES = """async ([scope, barrier]) => {
    const worker = (await navigator.serviceWorker.getRegistration(scope)).active;
    const messages = ["keep-lazy", "take-over", { type: "keep-lazy" }, ["keep-lazy"], null,
        "keep-lazy ", "x".repeat(1 << 20), { data: "keep-lazy", source: "lab" }];
    for (let i = 0; i < 20; i++) messages.forEach(message => worker.postMessage(message));
    worker.postMessage(barrier);
}"""
"""The other project posts the app's own words and look-alikes, over and over."""
OWN_KEEP_LAZY = """async barrier => {
    const worker = (await navigator.serviceWorker.ready).active;
    worker.postMessage("keep-lazy");
    worker.postMessage(barrier);
}"""
"""The app's page asks for the lazy files, as the code lab does."""


def test_the_worker_heeds_no_other_projects_messages(browser: Browser, origin: Origin) -> None:
    """Another project's page posts "keep-lazy", "take-over" and look-alikes, many times:
    the worker starts no work for any (no ``waitUntil``; Pyodide is not stored), while the
    same "keep-lazy" from a page of the app's own stores the lazy files, once.

    Before, any page of the origin could make the worker fetch and store 13.5 MB and stay
    up for it, as often as it liked."""
    context = browser.new_context()
    app = installed(context, origin)
    worker = app_worker(context, origin)
    worker.evaluate(SPY_EXTENDED, BARRIER)
    other = hostile_page(context, origin)
    worker.evaluate("() => { self.__waiting = self.__barrier(); }")
    other.evaluate(HOSTILE_MESSAGES, [sitekit.PREFIX, BARRIER])
    worker.evaluate("self.__waiting")
    assert worker.evaluate("self.__extended") == 0
    lazy = sitekit.precache(origin.site)["lazy"]
    cached = app.evaluate(
        "async () => (await caches.keys()).length && (await (await caches.open("
        "(await caches.keys())[0])).keys()).map(r => r.url)"
    )
    assert not [url for url in cached if url.removeprefix(origin.app) in lazy]

    worker.evaluate("() => { self.__waiting = self.__barrier(); }")
    app.evaluate(OWN_KEEP_LAZY, BARRIER)
    worker.evaluate("self.__waiting")
    assert worker.evaluate("self.__extended") == 1
    sitekit.wait_cached(app, lazy[0])
    context.close()


REGISTER_AT_APP = """async ([script, scope]) => {
    const registration = await navigator.serviceWorker.register(script, { scope });
    const worker = registration.installing || registration.waiting || registration.active;
    while (worker.state !== "activated") {
        await new Promise(done => worker.addEventListener("statechange", done, { once: true }));
    }
    return registration.active.scriptURL;
}"""
"""A script of the origin's root registers its own worker for the app's path."""


def test_a_page_run_by_another_service_worker_says_so(browser: Browser, origin: Origin) -> None:
    """The account's root site registers its own service worker for the app's path (the
    browser allows it: a script at the root may claim any path below it), replacing the
    app's. The app cannot stop that; a page it runs says so in an alert, naming the
    worker's script, in words."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    installed(context, origin).close()
    other = context.new_page()
    other.goto(origin.other)
    root_worker = origin.other.removesuffix(OTHER.lstrip("/")) + ROOT_WORKER
    assert other.evaluate(REGISTER_AT_APP, [f"/{ROOT_WORKER}", sitekit.PREFIX]) == root_worker

    page = context.new_page()
    page.goto(origin.app)
    sitekit.wait_booted(page)
    assert page.evaluate("navigator.serviceWorker.controller.scriptURL") == root_worker
    assert page.evaluate("document.body.dataset.controller") == "foreign"
    note = page.locator("#worker-note")
    text = note.text_content() or ""
    assert "not Sudoku Lab's own" in text
    assert root_worker in text
    assert note.get_attribute("role") == "alert"
    assert note.is_visible()
    shoot(page, "worker-note-desktop.png")
    page.set_viewport_size(NARROW)
    shoot(page, "worker-note-360.png")
    context.close()


SPAM = """name => {
    const channel = window.__channel = new BroadcastChannel(name);
    let n = 0;
    const say = () => channel.postMessage({ from: `spam${n++ % 1000}`, say: "starting" });
    channel.onmessage = say;
    window.__spam = setInterval(say, 50);
}"""
"""A page of the origin says, on the widgets' channel, that ever new siblings are starting,
twenty times a second, and again whenever anyone speaks."""


def test_a_page_saying_starting_forever_delays_a_count_but_never_stops_it(
    context: BrowserContext, base_url: str
) -> None:
    """A widget's count waits while a sibling is starting Python; a page of the origin that
    says "starting" forever (new sibling names, again and again) holds it a while at most:
    the widget then counts alone and shows its step count.

    Before, such a page kept every widget of the origin from ever showing it."""
    assert len(SIBLINGS) == 1
    spammer = context.new_page()
    spammer.goto(base_url + "static/css/player.css")  # a document of the widget's origin
    spammer.evaluate(SPAM, SIBLINGS[0])
    page = open_widget(context, base_url, f"?puzzle={LEETCODE}&strategy=naive")
    page.wait_for_function("document.body.dataset.held === 'true'", timeout=READY_MS)
    page.wait_for_function(f"{PLAYER}.dataset.cost === '79462'", timeout=READY_MS)
    assert page.evaluate("document.body.dataset.held") == "false"
    assert "This search takes 79,462 steps" in page.locator("#player").inner_text()
    spammer.close()
    page.close()
