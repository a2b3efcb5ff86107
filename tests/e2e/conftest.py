"""One server and one Chromium for the whole e2e session; a clean context per test.

Each test that asks for ``context``, ``app``, ``board`` gets a context with nothing of
another test in it (no page, no stored board, no service worker, cache storage or
database) and a freshly booted page: no test sees what another left (a stored board, a
trace, an open panel, a viewport). The context itself is the process's, kept open from
test to test with one idle tab on the app's origin in it, and boots are most of the
suite's work: a new page of the app boots in about 1.2 s of CPU there instead of 1.9 s
in a new context (Chromium reuses the renderer and what it compiled; 8 boots each, on
this 2-core machine), and the app booted in the idle tab itself, which ``app`` does, in
about 1.2 s instead of 1.9 s in a new tab of that context (6 boots each). The tab is
lent only as a reader leaves a tab: back on the origin's blank page, its session storage
and history emptied; a test that changed the tab itself (routes, scripts, listeners,
viewport, another site) gets it closed and the next test a new one (``Warm.TAB_STATE``).
A test that changes the context itself (routes, offline, permissions, another viewport
for every page) makes its own. The site is served under a sub-path, as a GitHub project
page is, so every URL the page uses must be relative.
Chromium resolves no host but 127.0.0.1 and every request is recorded: a request off the
page's origin, from the page or from its workers, fails the test.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    Page,
    Playwright,
    ViewportSize,
    sync_playwright,
)
from support import CHROMIUM_ARGS, launch_options, load_file

ROOT = Path(__file__).resolve().parents[2]
SITE = Path(os.environ.get("SUDOKU_SITE", ROOT))
"""The directory served: the work tree by default, or a built site."""
PREFIX = "/sudoku-lab/"
RESULTS = ROOT / "test-results"
BOOT_MS = 120_000
LAUNCH_ARGS = CHROMIUM_ARGS


def load_script(name: str) -> ModuleType:
    """Import ``scripts/{name}.py``."""
    return load_file(ROOT / "scripts" / f"{name}.py")


load_script("pyconfig").write()  # the compiled modules and packs the configs list (git-ignored)

LONGEST_FIRST = (
    "test_player.py",
    "test_offline.py",
    "test_lab.py",
    "test_a11y.py",
    "test_games.py",
    "test_embed.py",
    "test_companion.py",
)
"""The files that take longest, longest first: pytest-xdist hands whole files to its
processes in collection order (``--dist loadfile``), so a long one left for last would
keep one process busy while the other waits."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run ``LONGEST_FIRST``'s files first, in that order; the rest as collected."""
    rank = {name: i for i, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))


def launch(playwright: Playwright) -> Browser:
    """Headless Chromium (the headless shell where installed: ``launch_options``) that can
    reach 127.0.0.1 and nothing else."""
    return playwright.chromium.launch(**launch_options(), args=LAUNCH_ARGS)


def off_origin(urls: list[str], origin: str) -> list[str]:
    """The URLs that left ``origin`` (blob: and data: URLs stay in the page)."""
    return [u for u in urls if not u.startswith((origin + "/", "blob:", "data:"))]


class Host:
    """A folder served by scripts/serve.py on 127.0.0.1 under ``prefix`` until ``stop()``.

    The one way the tests start a server: the app's (``base_url``), a built site's, a
    blog's. ``port`` 0 takes a free one; ``stop()`` cuts the network (the port refuses).
    """

    def __init__(self, folder: Path, prefix: str, port: int = 0, *, pages: bool = False) -> None:
        """Start serving ``folder`` on ``port`` in a thread (``pages``: as GitHub Pages)."""
        self.server = load_script("serve").make_server(
            folder, port, prefix, quiet=True, pages=pages
        )
        self.port = self.server.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}{prefix}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.running = True

    def stop(self) -> None:
        """Stop answering: the port refuses connections from now on."""
        if self.running:
            self.server.shutdown()
            self.server.server_close()
            self.running = False


@pytest.fixture(scope="session")
def base_url() -> Iterator[str]:
    """The app's URL, the work tree (or SITE) served under a sub-path on a free port, as
    GitHub Pages serves it (gzip, ``max-age=600``): what readers get, and each process's
    warm context then boots a page from its HTTP cache without asking again for each of
    its ~90 files (a tenth less work per boot than ``no-cache``; the suite 7:44 -> 6:52)."""
    if not (SITE / "static" / "vendor" / "pyodide" / "pyodide.mjs").exists():
        pytest.fail(f"{SITE}/static/vendor/ is missing: run 'make vendor' (make e2e does)")
    host = Host(SITE, PREFIX, pages=True)
    yield host.url
    host.stop()


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    """The Playwright driver."""
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    """One Chromium for the session."""
    chromium = launch(playwright)
    yield chromium
    chromium.close()


@pytest.fixture(scope="session")
def two_sites(playwright: Playwright) -> Iterator[Browser]:
    """The whole Chromium, also resolving localhost: a site other than 127.0.0.1, for host
    pages (the headless shell would let their frames use the first site's storage).

    Browsers key storage by site, not origin: another port of 127.0.0.1 is the same site.
    """
    args = [f"{a}, EXCLUDE localhost" if "host-resolver" in a else a for a in LAUNCH_ARGS]
    chromium = playwright.chromium.launch(**launch_options(whole=True), args=args)
    yield chromium
    chromium.close()


def record_requests(context: BrowserContext) -> list[str]:
    """Every URL the context's pages and workers request, as it happens."""
    urls: list[str] = []
    context.on("request", lambda request: urls.append(request.url))
    return urls


def origin_of(url: str) -> str:
    """'http://127.0.0.1:8000/sudoku-lab/' -> 'http://127.0.0.1:8000'."""
    scheme, _, rest = url.partition("://")
    return f"{scheme}://{rest.split('/', 1)[0]}"


def wait_ready(page: Page) -> None:
    """Wait until the solver worker has answered (the flag main.py sets)."""
    page.wait_for_function("document.body.dataset.ready !== 'false'", timeout=BOOT_MS)
    status = page.locator("#status").text_content()
    assert page.evaluate("document.body.dataset.ready") == "true", status


DESKTOP: ViewportSize = {"width": 1280, "height": 900}
CLEARED = "all"
"""What ``Storage.clearDataForOrigin`` empties between tests: every kind of site storage
(local storage, IndexedDB, cache storage, service workers, cookies); the HTTP cache is
not among them. Session storage belongs to a tab: the lent tab's is emptied, other tabs
are closed."""


class Warm:
    """The process's desktop context, its idle tab and every URL it requested."""

    TAB_STATE = (
        "add_init_script",
        "emulate_media",
        "expose_binding",
        "expose_function",
        "on",
        "once",
        "route",
        "route_from_har",
        "route_web_socket",
        "set_default_navigation_timeout",
        "set_default_timeout",
        "set_extra_http_headers",
        "set_viewport_size",
    )
    """The idle tab's methods that leave something of a test in the tab beyond its page:
    a test that calls one gets the tab closed after it, not lent again."""

    def __init__(self, browser: Browser, base_url: str) -> None:
        """Open the context, allowed the clipboard, with its idle tab on the app's origin."""
        self.context = browser.new_context(viewport=DESKTOP)
        self.context.grant_permissions(
            ["clipboard-read", "clipboard-write"], origin=origin_of(base_url)
        )
        self.base_url = base_url
        self.blank = base_url + "manifest.webmanifest"
        self.urls = record_requests(self.context)
        self.errors: list[str] = []
        self.open_idle()

    def open_idle(self) -> None:
        """A new idle tab on the origin's blank page, its page errors noted in ``errors``."""
        self.idle = self.context.new_page()
        self.idle.on("pageerror", lambda error: self.errors.append(str(error)))
        self.idle.goto(self.blank)
        self.cdp = self.context.new_cdp_session(self.idle)
        self.changed = False
        for name in self.TAB_STATE:
            setattr(self.idle, name, self.noting(getattr(self.idle, name)))

    def noting(self, method: Callable[..., object]) -> Callable[..., object]:
        """``method``, noting when called that the tab keeps something of this test."""

        def noted(*args: object, **kwargs: object) -> object:
            self.changed = True
            return method(*args, **kwargs)

        return noted

    def boot(self) -> Page:
        """The app booted in the idle tab: its history only this visit, no page error yet."""
        self.errors.clear()
        self.idle.goto(self.base_url)
        self.cdp.send("Page.resetNavigationHistory")
        return self.idle

    def empty(self, origins: set[str]) -> None:
        """Empty the storage of ``origins``."""
        for origin in sorted(origins):
            self.cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": CLEARED})

    def stayed(self) -> bool:
        """Whether every page the idle tab showed since its history was emptied is of the
        app's origin (so its session storage is the origin's alone)."""
        history = self.cdp.send("Page.getNavigationHistory")["entries"]
        origin = origin_of(self.base_url)
        return all(origin_of(entry["url"]) == origin for entry in history)

    def clean(self, since: int) -> list[str]:
        """Close every page but the idle tab; put the idle tab back on the blank page with
        its session storage and history emptied (or replace it when the test changed it
        or left the origin in it); empty the storage of each origin requested since
        ``since``; return those requests."""
        for page in self.context.pages:
            if page is not self.idle:
                page.close()
        if self.idle.is_closed() or self.changed or not self.stayed():
            if not self.idle.is_closed():
                self.idle.close()
            self.open_idle()
        else:
            if self.idle.url != self.blank:
                self.idle.goto(self.blank)
            self.idle.evaluate("sessionStorage.clear()")
            self.cdp.send("Page.resetNavigationHistory")
        urls = self.urls[since:]
        self.empty({origin_of(u) for u in urls if u.startswith("http")})
        return urls

    def lend(self) -> int:
        """Empty the app's origin again, until its local storage reads empty (a closed
        page's last write can reach the browser after the clean-up), and return where this
        test's requests start."""
        deadline = time.monotonic() + 10
        while True:
            self.empty({origin_of(self.idle.url)})
            if self.idle.evaluate("localStorage.length") == 0:
                return len(self.urls)
            assert time.monotonic() < deadline, "the app's storage would not empty"


@pytest.fixture(scope="session")
def warm(browser: Browser, base_url: str) -> Iterator[Warm]:
    """The desktop context this process lends to one test at a time."""
    kept = Warm(browser, base_url)
    yield kept
    kept.context.close()


@pytest.fixture
def context(warm: Warm, base_url: str) -> Iterator[BrowserContext]:
    """A desktop context with nothing of another test in it, allowed the clipboard; its
    requests are recorded and none may leave the app's origin. Its storage is emptied
    before the test, and its pages closed and its storage emptied again after it."""
    since = warm.lend()
    yield warm.context
    assert off_origin(warm.clean(since), origin_of(base_url)) == []


@pytest.fixture
def app(context: BrowserContext, warm: Warm) -> Page:
    """The app in the idle tab of the test's own context: board typeable, solver ready."""
    page = warm.boot()
    assert page.context == context
    wait_ready(page)
    assert warm.errors == []
    return page


@pytest.fixture
def board(app: Page) -> Page:
    """The test's own app page, its board emptied through the Clear button."""
    app.locator("#clear").click()
    app.wait_for_function("document.querySelector('#status').dataset.verdict === 'cleared'")
    return app


@pytest.fixture
def phone(browser: Browser, base_url: str) -> Iterator[Page]:
    """The app at 360 x 740 on a touch screen, Python ready."""
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    page.goto(base_url)
    wait_ready(page)
    yield page
    context.close()


@pytest.fixture(scope="session")
def shots() -> Path:
    """Where screenshots go (test-results/ is git-ignored)."""
    folder = RESULTS / "screens"
    folder.mkdir(parents=True, exist_ok=True)
    return folder
