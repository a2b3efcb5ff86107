"""The player where room is short (issue 21, items 14, 15 and 18): the open guesses cut
by the strip's height say how many more there are; the strategy's code reads without
sideways scrolling from 320 px up and in a blog's 640 px column; on a touch screen the
keyboard's help is gone and the captions say "tap"; the strategy menu shows its whole
text on a phone."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice
from pathlib import Path

import pytest
from conftest import wait_ready
from helpers import frames_pass, load, wait_until
from playwright.sync_api import Browser, BrowserContext, Frame, Page, Route
from support import HARD, LEETCODE
from test_embed import PLAYER, READY_MS, open_widget

from sudoku.tracing import source, trace

DEEP = 17312
"""A step of the naive search of HARD at depth 20 (its first)."""

CHIPS = """() => {
    const box = document.querySelector('#player [data-role=stack]').getBoundingClientRect();
    return [...document.querySelectorAll('#player [data-role=stack] li')]
        .filter(li => !li.hidden)
        .map(li => { const r = li.getBoundingClientRect();
                     return [li.textContent, r.right <= box.right + 0.5 && r.left >= box.left - 0.5
                             && r.bottom <= box.bottom + 0.5 && r.top >= box.top - 0.5]; });
}"""
"""The depth strip's chips shown: their words, and whether each lies wholly in the strip."""


def open_guesses(grid: str, strategy: str, step: int) -> list[str]:
    """The core's open guesses after ``step`` events, newest first, as the chips word them."""
    stack: list[str] = []
    backtracks = 0
    for event in islice(trace(grid, strategy), step):
        if event["kind"] == "place":
            stack.append(f"{event['cell']}={event['digit']}")
        elif event["kind"] == "undo" and event["backtracks"] > backtracks:
            stack.pop()
        backtracks = event["backtracks"]
    return [f"{depth}: {place}" for depth, place in reversed(list(enumerate(stack, 1)))]


@pytest.mark.parametrize("width", [320, 360, 640, 1000])
def test_the_open_guesses_cut_say_how_many_more(
    context: BrowserContext, base_url: str, width: int
) -> None:
    """Item 15: at depth 20 the strip shows the newest guesses that fit whole, then "+N
    more" with N the guesses left out (it showed 4 chips at depth 20 and said nothing)."""
    page = open_widget(context, base_url, f"?puzzle={HARD}&strategy=naive&step={DEEP}")
    page.set_viewport_size({"width": width, "height": 900})
    frames_pass(page, 3)
    expected = open_guesses(HARD, "naive", DEEP)
    assert len(expected) == 20
    chips = page.evaluate(CHIPS)
    words = [text for text, _ in chips]
    assert all(inside for _, inside in chips), chips
    assert 2 <= len(words) < len(expected)
    assert words[:-1] == expected[: len(words) - 1]
    assert words[-1] == f"+{len(expected) - len(words) + 1} more"
    page.locator("#player [data-role='start']").click()
    page.wait_for_function(f"{PLAYER}.dataset.steps === '0'")
    assert page.evaluate(CHIPS) == []
    page.close()


@pytest.fixture
def phone(browser: Browser) -> Iterator[BrowserContext]:
    """A 360 px touch screen (a phone): no hover, a coarse pointer."""
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True
    )
    yield context
    context.close()


def menu_widths(page: Page) -> tuple[float, float]:
    """The strategy menu's width as shown, and the width its longest option needs (the
    menu alone, unbounded: a closed menu sizes itself to its longest option)."""
    shown, needs = page.evaluate(
        """() => { const s = document.querySelector('#p-strategy');
            const shown = s.getBoundingClientRect().width;
            s.style.cssText = 'max-width: none; width: max-content; flex: none';
            const needs = s.getBoundingClientRect().width;
            s.style.cssText = '';
            return [shown, needs]; }"""
    )
    return shown, needs


@pytest.mark.parametrize("where", ["app", "widget"])
def test_a_phone_shows_no_keys_says_tap_and_the_whole_strategy(
    phone: BrowserContext, base_url: str, shots: Path, where: str
) -> None:
    """Item 18, on a 360 px touch screen: the keys' help is hidden (the colours stay),
    the ready caption names no key and no click, and every strategy's text fits in the
    closed menu (it was cut at "(L")."""
    if where == "app":
        page = phone.new_page()
        page.goto(base_url)
        wait_ready(page)
        load(page, "leetcode")
        page.locator("#watch").click()
        page.wait_for_function(f"{PLAYER}.dataset.state === 'ready'", timeout=READY_MS)
    else:
        page = open_widget(phone, base_url, "?controls=none")
    assert page.evaluate("matchMedia('(hover: none) and (pointer: coarse)').matches")
    assert not page.locator("#player .legend .keys").is_visible()
    assert page.locator("#player .legend .swatches").is_visible() == (where == "app")
    words = page.locator("#player [data-role='caption']").text_content() or ""
    assert words.startswith("Ready: press Play" if where == "app" else "Ready: tap the board")
    for word in ("click", "Space", "arrow", "key"):
        assert word not in words
    shown, needs = menu_widths(page)
    assert needs <= shown + 0.5
    page.screenshot(path=shots / f"phone-{where}.png", full_page=True)
    page.set_viewport_size({"width": 320, "height": 740})  # (the narrowest phones too)
    shown, needs = menu_widths(page)
    assert needs <= shown + 0.5
    page.close()


def test_a_desktop_keeps_the_keys_and_their_words(context: BrowserContext, base_url: str) -> None:
    """Item 18's other side: with a mouse, the keys' help shows and the caption names
    the click and the keys, as before."""
    page = open_widget(context, base_url, "?controls=legend")
    assert page.locator("#player .legend .keys").is_visible()
    words = page.locator("#player [data-role='caption']").text_content() or ""
    assert words.startswith("Ready: click the board (or press Space)")
    page.close()


CODE = """() => { const pre = document.querySelector('#player .code pre');
    return [pre.scrollWidth, pre.clientWidth, parseFloat(getComputedStyle(pre).fontSize),
            document.querySelector('#player [data-role=code]').textContent]; }"""
"""The code panel's scrolled and shown widths, its font size (px) and its text."""
POST = """<!doctype html><html lang='en'><head><meta name='viewport'
    content='width=device-width, initial-scale=1'><title>A post</title></head>
    <body><main style='width: 640px; margin: 0 auto'><h1>Backtracking</h1>
    <iframe src='{src}' title='The widget' style='width: 100%; height: 1400px; border: 0'>
    </iframe><p>The end of the post.</p></main></body></html>"""
"""A blog post whose column is 640 px wide, the widget in it."""


def assert_code_reads(where: Page | Frame, strategy: str) -> None:
    """The strategy's whole source shows without sideways scrolling, in a font of 11 px
    or more."""
    scrolled, shown, font, text = where.evaluate(CODE)
    assert scrolled <= shown, (strategy, scrolled, shown)
    assert font >= 11
    assert text.rstrip("\n") == source(strategy)[0].rstrip("\n")


@pytest.mark.parametrize("width", [320, 360])
def test_the_code_reads_without_scrolling_sideways_on_a_phone(
    phone: BrowserContext, base_url: str, width: int
) -> None:
    """Item 14: at 320 and 360 px, the widget's and the app's code panels wrap long lines
    (they scrolled: ~45 characters a line showed on a phone), for every strategy."""
    widget = open_widget(phone, base_url, "?strategy=propagate")
    app = phone.new_page()
    app.goto(base_url)
    wait_ready(app)
    for page in (widget, app):
        page.set_viewport_size({"width": width, "height": 740})
    for strategy in ("propagate", "naive", "mrv"):
        if strategy != "propagate":
            widget.locator("#p-strategy").select_option(strategy)
            widget.wait_for_function(
                f"code => {PLAYER}.dataset.state === 'ready' && document.querySelector"
                "('#player [data-role=code]').textContent.trimEnd() === code",
                arg=source(strategy)[0].rstrip(),
                timeout=READY_MS,
            )
        assert_code_reads(widget, strategy)
    app.locator("#watch").click()
    app.wait_for_function(f"{PLAYER}.dataset.state === 'ready'", timeout=READY_MS)
    assert_code_reads(app, "naive")


def test_the_code_reads_in_a_blogs_640_px_column(
    context: BrowserContext, base_url: str, shots: Path
) -> None:
    """Item 14: in a post's 640 px column the code panel beside the board wraps its long
    lines (it showed ~28 characters a line and scrolled), propagate's longest included."""
    page = context.new_page()
    page.goto(base_url + "no-such-post.html")
    page.set_content(POST.format(src=base_url + "embed.html?strategy=propagate&step=40"))
    handle = page.wait_for_selector("iframe")
    frame = handle.content_frame() if handle else None
    assert frame
    frame.wait_for_function("document.body?.dataset.ready === 'true'", timeout=READY_MS)
    assert frame.evaluate("innerWidth") == 640
    assert_code_reads(frame, "propagate")
    page.screenshot(path=shots / "post-640.png", full_page=True)
    page.close()


@pytest.mark.parametrize("width", [360, 1000])
def test_the_widget_is_as_tall_before_python_as_after(
    browser: Browser, base_url: str, width: int
) -> None:
    """The widget keeps its height when its Python is ready (the code panel is as tall
    empty as full), so a post does not jump under a reader's eyes: stacked on a phone it
    grew by 322 px."""
    phone = width < 640
    context = browser.new_context(
        viewport={"width": width, "height": 740}, has_touch=phone, is_mobile=phone
    )
    page = context.new_page()
    held: list[Route] = []
    released = False

    def hold(route: Route) -> None:
        """PyScript's entry waits until the widget's height before Python is read."""
        if released:
            route.continue_()
        else:
            held.append(route)

    page.route("**/static/vendor/pyscript/core.js", hold)
    page.goto(f"{base_url}embed.html?puzzle={LEETCODE}&strategy=mrv")
    wait_until(page, lambda: bool(held), "PyScript asked for", READY_MS)
    before = page.evaluate("document.body.dataset.height")
    assert page.evaluate("document.body.dataset.ready") == "false"
    released = True
    for route in held:
        route.continue_()
    page.wait_for_function("document.body.dataset.ready === 'true'", timeout=READY_MS)
    page.wait_for_function(f"{PLAYER}.dataset.cost !== ''", timeout=READY_MS)
    assert page.evaluate("document.body.dataset.height") == before
    context.close()
