"""The widget and the app inside another site's iframe, where the browser refuses storage.

A blog is another site: its page is served on ``localhost``, the app on 127.0.0.1 (another
port of 127.0.0.1 would be the same site, which is what test_embed.py's host page is).
Chromium denies such a frame every storage API (service worker, Cache Storage,
localStorage, IndexedDB), and PyScript's Pyodide loader opens an IndexedDB store on every
boot: scripts/vendor.py patches the vendored PyScript so that refusal cannot stop the boot
(STORAGE_FIXES), and these tests hold it to that, in the browser and in the files.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from itertools import islice
from pathlib import Path
from typing import NamedTuple

import pytest
import sitekit
from conftest import BOOT_MS, ROOT, SITE, Host, load_script, off_origin, origin_of
from helpers import cell_values, load, preloaded, solve, wait_until
from playwright.sync_api import Browser, Frame, Page
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from support import EASY, LEETCODE, debian_chromium

from sudoku import STRATEGIES
from sudoku.tracing import apply, trace

vendor = load_script("vendor")
PLAYER = "document.querySelector('#player')"
STORAGE = """async () => {
    const outcome = async use => { try { await use(); return 'allowed'; }
                                   catch (error) { return error.name; } };
    return {
        localStorage: await outcome(() => localStorage.length),
        caches: await outcome(() => caches.keys()),
        serviceWorker: await outcome(() => navigator.serviceWorker.register('./sw.js')),
        indexedDB: await new Promise(done => {
            const request = indexedDB.open('sudoku-lab-probe');
            request.onsuccess = () => done('allowed');
            request.onerror = event => { event.preventDefault(); done(request.error.name); };
        }),
    };
}"""
REFUSED = {
    "localStorage": "SecurityError",
    "caches": "SecurityError",
    "serviceWorker": "NotSupportedError",
    "indexedDB": "UnknownError",
}
"""What Chromium 156 (default settings) answers a cross-site frame (docs/offline.md)."""
DEBIAN_CHROMIUM = debian_chromium()
"""Debian's Chromium, what make test and CI use here, refuses a cross-site frame all storage.
Other builds (Playwright's own, on a fork's GitHub runner) may partition it instead: there
the tests still run the widget and the app across sites, without the refusal to prove."""

WIDGET_POST = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A post on another site</title></head>
<body><h1>How backtracking works</h1>
<script src="{app}static/js/embed.js"></script>
<sudoku-lab puzzle="{puzzle}" strategy="mrv"><pre>a plain-text board</pre></sudoku-lab>
</body></html>
"""
FRAME_POST = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sudoku Lab on another site</title></head>
<body><iframe name="lab" src="{src}" width="1200" height="1000"></iframe></body></html>
"""
Visit = tuple[Page, list[str], list[str]]
"""A page in a fresh context, the errors its frames reported and every URL it requested."""


def on_localhost(host: Host, page: str) -> str:
    """The URL of ``page`` on a local server, named localhost: a site apart from 127.0.0.1."""
    return f"http://localhost:{host.port}/{page}"


def strays(urls: list[str], *sites: str) -> list[str]:
    """The requests that went to none of the origins of ``sites`` (URLs)."""
    for site in sites:
        urls = off_origin(urls, origin_of(site))
    return urls


@pytest.fixture(scope="module")
def blog(base_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Host]:
    """The blog on its own port: widget.html (the tag) and app.html (an iframe)."""
    folder: Path = tmp_path_factory.mktemp("blog")
    (folder / "widget.html").write_text(WIDGET_POST.format(app=base_url, puzzle=EASY), "utf-8")
    (folder / "app.html").write_text(FRAME_POST.format(src=base_url), "utf-8")
    served = Host(folder, "/")
    yield served
    served.stop()


@pytest.fixture
def visit(two_sites: Browser) -> Iterator[Visit]:
    """A page in a fresh context of the two-site Chromium, its errors and its requests."""
    context = two_sites.new_context(viewport={"width": 1280, "height": 1100})
    urls: list[str] = []
    errors: list[str] = []
    context.on("request", lambda request: urls.append(request.url))
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page, errors, urls
    context.close()


def storage_refused(frame: Frame) -> bool:
    """Whether ``frame`` is refused every storage API; it must be in Debian's Chromium."""
    refused = frame.evaluate(STORAGE) == REFUSED
    assert refused or not DEBIAN_CHROMIUM, frame.evaluate(STORAGE)
    return refused


def wait_ready(frame: Frame) -> None:
    """Wait for the frame's ready flag; it must say the solver started. A frame never
    ready fails with what it shows: its address, its flags and its words."""
    try:
        frame.wait_for_function(
            "['true', 'failed'].includes(document.body?.dataset.ready)",
            timeout=BOOT_MS,
            polling=100,
        )
    except PlaywrightTimeoutError:
        flags = frame.evaluate("JSON.stringify(document.body?.dataset ?? null)")
        words = frame.evaluate("document.body?.innerText.slice(0, 300) ?? ''")
        pytest.fail(f"{frame.url} never ready: {flags}: {words!r}")
    said = frame.locator("#status, #player [data-role='caption']").all_text_contents()
    assert frame.evaluate("document.body.dataset.ready") == "true", said


def test_the_widget_tag_on_another_site_boots_plays_and_sizes(
    visit: Visit, blog: Host, base_url: str
) -> None:
    """No storage in the frame, yet the widget gets ready, plays and sizes its iframe."""
    page, errors, urls = visit
    page.goto(blog_url := on_localhost(blog, "widget.html"))
    handle = page.wait_for_selector("sudoku-lab iframe")
    frame = handle.content_frame() if handle else None
    assert frame
    frame.wait_for_load_state()
    refused = storage_refused(frame)
    wait_ready(frame)
    frame.locator("#player [data-role='play']").click()
    frame.wait_for_function(f"+{PLAYER}.dataset.steps > 3")
    frame.locator("#player [data-role='play']").click()
    height = frame.evaluate("document.body.dataset.height")
    page.wait_for_function(
        "h => document.querySelector('sudoku-lab').dataset.height === h", arg=height
    )
    assert int(height) > 300
    assert page.locator("sudoku-lab iframe").evaluate("f => f.style.height") == f"{height}px"
    if refused:
        assert frame.evaluate("document.body.dataset.release") is None, "no offline copy here"
    assert errors == []  # nothing, the refused stores' openings included
    assert strays(urls, base_url, blog_url) == []


def test_the_app_framed_by_another_site_solves(visit: Visit, blog: Host, base_url: str) -> None:
    """No storage in the frame, yet the app boots and solves LeetCode's example."""
    page, errors, urls = visit
    page.goto(blog_url := on_localhost(blog, "app.html"))
    frame = page.frame(name="lab")
    assert frame
    frame.wait_for_load_state()
    storage_refused(frame)
    wait_ready(frame)
    puzzle = load(frame, "leetcode")
    assert solve(frame) == "unique"
    solved = cell_values(frame)
    assert "." not in solved
    assert all(a in {".", b} for a, b in zip(puzzle, solved, strict=True))
    assert errors == []  # nothing, the refused stores' openings included
    assert strays(urls, base_url, blog_url) == []


def test_the_built_widget_framed_by_another_site_plays_online_only(
    visit: Visit, tmp_path: Path
) -> None:
    """The deployed site (it has a release to keep offline) in such a frame: no service
    worker, no release remembered, no error from trying; the player steps all the same."""
    page, errors, urls = visit
    sitekit.build(tmp_path / "_site")
    site = Host(tmp_path / "_site", sitekit.PREFIX)
    widget = f"{site.url}embed.html?puzzle={LEETCODE}&strategy=naive"
    (tmp_path / "post.html").write_text(FRAME_POST.format(src=widget), "utf-8")
    post = Host(tmp_path, "/")
    page.goto(post_url := on_localhost(post, "post.html"))
    frame = page.frame(name="lab")
    assert frame
    frame.wait_for_load_state()
    refused = storage_refused(frame)
    wait_ready(frame)
    sitekit.step_player(frame, 3)
    if refused:
        assert frame.evaluate("document.body.dataset.release") is None
        assert frame.evaluate("navigator.serviceWorker.controller") is None
    assert errors == []  # nothing, the refused stores' openings included
    assert strays(urls, site.url, post_url) == []
    post.stop()
    site.stop()


MANY_POST = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Backtracking, {count} ways</title></head>
<body><h1>Backtracking, {count} ways</h1>
<script src="{app}static/js/embed.js"></script>
{tags}
</body></html>
"""
MANY_TAG = (
    '<p>Paragraph {n}.</p><sudoku-lab id="w{n}" puzzle="{puzzle}" strategy="{strategy}">'
    "<pre>a plain-text board</pre></sudoku-lab>"
)
PYODIDE_OR_OFFLINE = ("pyodide", "/sw.js", "/version.json", "pyscript-app-worker.toml")
"""What a blog reader of the widget never downloads: Pyodide, the app's worker's config,
the service worker and the release it would precache."""


def many_widgets(folder: Path, app: str, count: int) -> Path:
    """A post with ``count`` widget tags (strategies in turn), written into ``folder``."""
    tags = "\n".join(
        MANY_TAG.format(n=n, puzzle=EASY, strategy=STRATEGIES[n % 3]) for n in range(count)
    )
    folder.mkdir(exist_ok=True)
    (folder / f"post{count}.html").write_text(
        MANY_POST.format(count=count, app=app, tags=tags), "utf-8"
    )
    return folder


def tag_frame(page: Page, n: int) -> Frame:
    """The frame of the ``n``-th tag (it may not have loaded yet)."""
    handle = page.wait_for_selector(f"#w{n} iframe", state="attached")
    frame = handle.content_frame() if handle else None
    assert frame
    return frame


def test_five_widgets_in_view_all_play_on_micropython_alone(
    two_sites: Browser, base_url: str, tmp_path: Path
) -> None:
    """Five tags in view on another site: each boots, plays, sizes; no Pyodide, no precache."""
    post = Host(many_widgets(tmp_path, base_url, 5), "/")
    context = two_sites.new_context(viewport={"width": 900, "height": 5000})
    urls: list[str] = []
    errors: list[str] = []
    context.on("request", lambda request: urls.append(request.url))
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(post_url := on_localhost(post, "post5.html"))
    frames = [tag_frame(page, n) for n in range(5)]
    for n, frame in enumerate(frames):
        wait_ready(frame)
        assert frame.evaluate("document.querySelector('#p-strategy').value") == STRATEGIES[n % 3]
        sitekit.step_player(frame, 2)
    for n in range(5):
        page.wait_for_function(f"document.querySelector('#w{n}').dataset.height")
    assert [u for u in urls if any(bad in u for bad in PYODIDE_OR_OFFLINE)] == []
    assert any(u.endswith("micropython.wasm") for u in urls)
    assert errors == []  # nothing, the refused stores' openings included
    assert strays(urls, base_url, post_url) == []
    context.close()
    post.stop()


def core_board(grid: str, strategy: str, steps: int) -> str:
    """The core's board after ``steps`` events of its trace (guesses and forced digits)."""
    cells = list(grid)
    for event in islice(trace(grid, strategy), steps):
        apply(cells, event)
    return "".join(cells)


def shown_board(frame: Frame) -> str:
    """The digits the widget's board holds (a tried digit on a blank excluded)."""
    return frame.evaluate(
        """[...document.querySelectorAll('#player .pcell')].map(c =>
             ['given', 'guess', 'forced'].some(k => c.classList.contains(k))
             ? c.textContent : '.').join('')"""
    )


def python_fetched(frame: Frame) -> list[str]:
    """The files of PyScript and MicroPython that ``frame``'s own page asked for."""
    return frame.evaluate(
        """performance.getEntriesByType('resource').map(e => e.name)
             .filter(u => /core\\.js|micropython\\.(mjs|wasm)/.test(u))"""
    )


class Post(NamedTuple):
    """A post of three widgets, all ready: its page, their frames, the lender's number
    (the widget that made the post's Python and worker) and the page's errors so far."""

    page: Page
    frames: list[Frame]
    lender: int
    errors: list[str]


@pytest.fixture
def post_of_three(two_sites: Browser, base_url: str, tmp_path: Path) -> Iterator[Post]:
    """Three tags in view on another site, every widget ready: one lends, two borrow."""
    post = Host(many_widgets(tmp_path, base_url, 3), "/")
    context = two_sites.new_context(viewport={"width": 900, "height": 3200})
    errors: list[str] = []
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(on_localhost(post, "post3.html"))
    frames = [tag_frame(page, n) for n in range(3)]
    for frame in frames:
        wait_ready(frame)
    workers = [frame.evaluate("document.body.dataset.worker") for frame in frames]
    assert sorted(workers) == ["borrowed", "borrowed", "own"]
    yield Post(page, frames, workers.index("own"), errors)
    context.close()
    post.stop()


def test_a_posts_widgets_share_one_python_and_outlive_the_frame_that_made_it(
    post_of_three: Post,
) -> None:
    """Three tags in view: one Python and one worker for the post (one widget made them,
    two borrow them and load neither PyScript nor MicroPython), each widget steps through
    its own search as the core does; the host page removes the lending widget, and the two
    others reload at the step they showed and go on."""
    page, frames, lender, errors = post_of_three
    fetched = [python_fetched(frame) for frame in frames]
    assert [bool(urls) for urls in fetched] == [n == lender for n in range(3)], fetched
    for n, frame in enumerate(frames):
        sitekit.step_player(frame, 3)
        assert shown_board(frame) == core_board(EASY, STRATEGIES[n % 3], 3)
        frame.wait_for_function("document.body.dataset.step === '3'")
    page.evaluate(f"document.querySelector('#w{lender}').remove()")
    for n, frame in enumerate(frames):
        if n == lender:
            continue
        frame.wait_for_function(
            "new URLSearchParams(location.search).get('step') === '3'"
            " && document.body?.dataset.ready === 'true'",
            timeout=BOOT_MS,
            polling=100,
        )
        assert frame.evaluate(f"+{PLAYER}.dataset.steps") == 3
        assert frame.evaluate("document.body.dataset.worker") in {"own", "borrowed"}
        frame.locator("[data-role=forward]").click()
        frame.wait_for_function(f"{PLAYER}.dataset.steps === '4'")
        assert shown_board(frame) == core_board(EASY, STRATEGIES[n % 3], 4)
    assert errors == []  # nothing, the refused stores' openings included


def test_a_borrowing_widget_plays_while_its_lender_is_out_of_view(post_of_three: Post) -> None:
    """The browser pauses the animation frames of a frame out of view: a widget whose
    Python is its lender's still plays in its own frames when the reader has scrolled the
    lender away, and tells its host page where it is. The host page then removes the other
    borrower: the lender's Python lets its widget go, and plays on the one left."""
    page, frames, lender, errors = post_of_three
    adopted = "n => document.body.dataset.adopted === String(n)"
    frames[lender].wait_for_function(adopted, arg=2)
    borrower = max(range(3), key=lambda n: abs(n - lender))
    page.set_viewport_size({"width": 900, "height": 600})
    page.locator(f"#w{borrower}").scroll_into_view_if_needed()
    in_view = """n => { const box = document.querySelector('#w' + n).getBoundingClientRect();
                        return box.bottom > 0 && box.top < innerHeight; }"""
    assert page.evaluate(in_view, lender) is False
    frame = frames[borrower]
    frame.locator("[data-role=play]").click()
    frame.wait_for_function(f"+{PLAYER}.dataset.steps >= 20", timeout=BOOT_MS)
    frame.wait_for_function("+document.body.dataset.step >= 10", timeout=BOOT_MS)
    frame.locator("[data-role=play]").click()
    frame.wait_for_function(f"{PLAYER}.dataset.state === 'paused'")
    steps = frame.evaluate(f"+{PLAYER}.dataset.steps")
    assert shown_board(frame) == core_board(EASY, STRATEGIES[borrower % 3], steps)
    other = 3 - lender - borrower
    page.evaluate(f"document.querySelector('#w{other}').remove()")
    frames[lender].wait_for_function(adopted, arg=1)
    frame.locator("[data-role=forward]").click()
    frame.wait_for_function(f"+{PLAYER}.dataset.steps === {steps + 1}")
    assert errors == []  # nothing, the refused stores' openings included


def test_a_widget_starts_python_only_once_in_view(
    two_sites: Browser, base_url: str, tmp_path: Path
) -> None:
    """Ten tags, a phone-sized viewport: the far ones do not run Python until scrolled to.

    Each tag's iframe starts at a placeholder height, so the browser's lazy loading holds
    back the far frames; a frame that does load starts Python only once it is in view.
    """
    post = Host(many_widgets(tmp_path, base_url, 10), "/")
    context = two_sites.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    page.goto(on_localhost(post, "post10.html"))
    wait_ready(tag_frame(page, 0))
    heights = page.evaluate(
        "[...document.querySelectorAll('sudoku-lab iframe')].map(f => f.offsetHeight)"
    )
    assert min(heights) > 300, heights
    last = tag_frame(page, 9)
    started = "document.body?.dataset.python ?? 'not loaded'"
    assert last.evaluate(started) != "started"
    assert preloaded(last) == {}  # nor asked for the runtime
    assert page.evaluate("document.querySelectorAll('sudoku-lab iframe').length") == 10

    def scrolled_to() -> bool:
        """Whether the last widget started, scrolled into view again first: the frames
        above it may still grow to their widgets' heights and push it back out of view.
        Not yet while the frame, lazily loaded, navigates to its widget (an evaluation
        under way then has its document go)."""
        page.locator("#w9").scroll_into_view_if_needed()
        try:
            return bool(last.evaluate(started) == "started")
        except PlaywrightError as error:
            if "context was destroyed" not in error.message:
                raise
            return False

    wait_until(page, scrolled_to, "the last widget starting once scrolled to", BOOT_MS)
    wait_ready(last)
    assert last.evaluate(started) == "started"
    context.close()
    post.stop()


def test_a_tags_changed_attribute_reloads_its_widget(visit: Visit, blog: Host) -> None:
    """Setting an attribute after the tag was made reloads the widget with it."""
    page, errors, _ = visit
    page.goto(on_localhost(blog, "widget.html"))
    wait_ready(tag_frame_of(page))
    page.evaluate("document.querySelector('sudoku-lab').setAttribute('strategy', 'propagate')")
    page.wait_for_function(
        "document.querySelector('sudoku-lab iframe').src.includes('strategy=propagate')"
    )
    frame = tag_frame_of(page)
    frame.wait_for_function(
        "document.querySelector('#p-strategy')?.value === 'propagate'", timeout=BOOT_MS
    )
    assert errors == []  # nothing, the refused stores' openings included


def tag_frame_of(page: Page) -> Frame:
    """The frame of the post's one tag, as it is now."""
    handle = page.wait_for_selector("sudoku-lab iframe")
    frame = handle.content_frame() if handle else None
    assert frame
    return frame


@pytest.mark.parametrize("how", ["module", "site-attribute"])
def test_the_tag_finds_its_site_without_current_script(
    visit: Visit, base_url: str, tmp_path: Path, how: str
) -> None:
    """Loaded as a module (no document.currentScript) or bundled with a site attribute, the
    iframe still points at the widget's site, never at the host's own embed.html."""
    page, _, _ = visit
    if how == "module":
        head = f'<script type="module" src="{base_url}static/js/embed.js"></script>'
        tag = f'<sudoku-lab puzzle="{EASY}"></sudoku-lab>'
    else:  # a bundle: the script's text inlined into the host's own file
        (tmp_path / "bundle.js").write_bytes((ROOT / "static" / "js" / "embed.js").read_bytes())
        head = '<script src="bundle.js"></script>'
        tag = f'<sudoku-lab site="{base_url}" puzzle="{EASY}"></sudoku-lab>'
    (tmp_path / "post.html").write_text(f"<!doctype html><title>p</title>{head}{tag}", "utf-8")
    post = Host(tmp_path, "/")
    page.goto(on_localhost(post, "post.html"))
    page.wait_for_selector("sudoku-lab iframe", state="attached")
    assert page.evaluate("document.querySelector('sudoku-lab iframe').src").startswith(
        base_url + "embed.html?"
    )
    wait_ready(tag_frame_of(page))
    post.stop()


# -- the patch itself --------------------------------------------------------------------


def test_the_served_pyscript_carries_every_storage_fix() -> None:
    """The vendored PyScript the tests serve is already fixed: patching again changes nothing."""
    served = sitekit.pyscript_bundle(SITE / "static" / "vendor" / "pyscript")
    fixed, counts = vendor.tolerate_missing_storage(served)
    assert fixed == served
    assert counts == dict.fromkeys(vendor.STORAGE_FIXES, vendor.LOADER_COPIES)


def test_the_fix_changes_pyscript_once_and_only_where_meant() -> None:
    """From npm's PyScript: each fix is found twice, applied once, and is idempotent."""
    original = sitekit.pyscript_bundle(vendor.NODE_MODULES / "@pyscript" / "core" / "dist")
    fixed, counts = vendor.tolerate_missing_storage(original)
    assert counts == dict.fromkeys(vendor.STORAGE_FIXES, vendor.LOADER_COPIES)
    assert fixed.count(b".sync()" + vendor.CATCH) == vendor.LOADER_COPIES
    assert fixed.count(b".close()" + vendor.CATCH) == vendor.LOADER_COPIES
    assert b"this.dispatchEvent(e)}})})" in original
    assert b"this.dispatchEvent(e)}})})" not in fixed
    noted = b"this.#e" + vendor.CATCH + b"}dispatchEvent("  # pyscript.fs's store
    assert noted not in original
    assert fixed.count(noted) == vendor.LOADER_COPIES
    assert vendor.tolerate_missing_storage(fixed) == (fixed, counts)


def test_vendoring_fails_loudly_when_pyscript_changes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A PyScript whose loader no longer matches stops `make vendor` with a clear message."""
    real = vendor.NODE_MODULES
    fake = tmp_path / "node_modules"
    dist = fake / "@pyscript" / "core" / "dist"
    shutil.copytree(real / "@pyscript" / "core" / "dist", dist)
    for package in real.iterdir():  # every other package as it is (the editor's build too)
        if package.name not in {"@pyscript", ".bin"}:
            (fake / package.name).symlink_to(package)
    (fake / ".bin").symlink_to(real / ".bin")
    for core in dist.glob("core-*.js"):
        core.write_bytes(core.read_bytes().replace(b"Loaded Storage", b"Storage ready"))
    argv = ["--node-modules", str(fake), "--out", str(tmp_path / "out")]
    assert vendor.main([*argv, "--tests-out", str(tmp_path / "tools")]) == 1
    assert "'await <store>.sync()', found 0" in capsys.readouterr().err
