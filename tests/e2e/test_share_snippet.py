"""The Share panel's iframe snippet shows the whole widget (issue 11, item 4).

The snippet was 560 px high where the widget needs about 830 (in a 40rem frame) and
1,500 (on a phone): Play was cut in half. Then it summed each part's height, which
another font or a loaded machine made a few px short, and which left out the search
tree (1,640 px asked, 1,966 needed on a phone). Now the panel measures the widget itself
(section.py, ``size_snippet``) with the parts chosen, in a hidden frame 40rem wide and in
a phone's. Here the real widget, ready and its tree drawn, is measured against the
snippet, and the snippet itself is put in a host page at desktop and phone widths: Play,
and the whole widget, must be inside the frame.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import BOOT_MS
from helpers import load
from playwright.sync_api import BrowserContext, Page
from support import WEB, load_file
from test_player import watch

options = load_file(WEB / "page" / "common" / "options.py")
snippets = load_file(WEB / "page" / "app" / "snippets.py")
PLAYER = "document.querySelector('#player')"
TRACE_MS = 60_000
HEIGHTS = re.compile(r"height:clamp\((\d+)px, \(700px - 100vw\) \* 100, (\d+)px\)")
"""The snippet's two heights: in a 40rem frame, and on a narrow page."""
VIEWS = {"plain": (), "candidates and tree": ("marks", "tree-toggle")}
"""The player's views turned on before Share: none, or the candidates and the tree."""
PART_SETS = [
    options.CONTROLS,
    (),
    ("play", "step"),
    ("play", "counters", "code"),
    ("strategy", "counters", "depth", "code", "compare"),
]
SPARE_PX = 120
"""How much taller than the widget the snippet may be (px): a little room, not a blank."""


def traced(app: Page, views: tuple[str, ...] = ()) -> None:
    """LeetCode's example traced in the app's player, with ``views`` (data-roles of its
    toggles) turned on."""
    before = int(app.evaluate(f"{PLAYER}.dataset.trace || 0"))
    load(app, "leetcode")
    app.locator("#watch").click()
    app.wait_for_function(
        f"n => +{PLAYER}.dataset.trace > n && {PLAYER}.dataset.state === 'ready'",
        arg=before,
        timeout=TRACE_MS,
    )
    for role in views:
        app.locator(f"#player [data-role='{role}']").click()


def shared(app: Page, parts: tuple[str, ...] | None = None) -> str:
    """The iframe snippet of the Share panel, once sized, with only ``parts`` checked."""
    if not app.evaluate("document.querySelector('#share').open"):
        app.locator("#share summary").click()
    if parts is not None:
        for name in options.CONTROLS:
            box = app.locator(f"#share-parts input[value='{name}']")
            box.set_checked(name in parts)
            box.dispatch_event("change")
    sized = app.wait_for_function(
        """() => { const field = document.querySelector('#share-iframe');
                   return field.dataset.sized && field.value.includes(field.dataset.sized)
                       && field.value.startsWith('<iframe') && field.value; }""",
        timeout=TRACE_MS,
    )
    return str(sized.json_value())


@pytest.fixture(params=VIEWS.values(), ids=VIEWS.keys())
def snippet(app: Page, request: pytest.FixtureRequest) -> str:
    """The Share panel's iframe snippet for LeetCode's example, with the views asked."""
    traced(app, request.param)
    return shared(app)


def measured(context: BrowserContext, url: str, width: int) -> int:
    """The height of the widget at ``url`` in a tab ``width`` px wide, its player ready
    and its tree (if shown) drawn."""
    page = context.new_page()
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(url)
    page.wait_for_function("document.body.dataset.ready === 'true'", timeout=BOOT_MS)
    if "tree=on" in url:
        page.wait_for_function("document.querySelector('#p-tree').dataset.steps !== undefined")
    height = int(page.evaluate("Math.ceil(document.querySelector('.widget').offsetHeight)"))
    page.close()
    return height


@pytest.mark.parametrize("views", VIEWS.values(), ids=VIEWS.keys())
def test_the_snippet_is_as_tall_as_the_widget_measured(
    app: Page, context: BrowserContext, views: tuple[str, ...]
) -> None:
    """For each set of parts, with and without the candidates and the tree, the snippet's
    height holds the real widget, ready, with little to spare, in a frame 40rem wide and
    in a phone's."""
    traced(app, views)
    for parts in PART_SETS:
        snippet = shared(app, parts)
        found = HEIGHTS.search(snippet)
        assert found, snippet
        url = snippet.split('src="')[1].split('"')[0]
        for width, height in zip(snippets.FRAME_WIDTHS, found.groups(), strict=True):
            widget = measured(context, url, width)
            assert widget <= int(height) <= widget + SPARE_PX, (parts, width, widget, height)


@pytest.fixture
def post(context: BrowserContext, base_url: str, snippet: str) -> Iterator[Page]:
    """A host page (same origin, a tab of its own) whose post holds the snippet."""
    page = context.new_page()
    page.goto(base_url + "no-such-post.html")
    page.set_content(
        "<!doctype html><html lang='en'><head><meta name='viewport' "
        "content='width=device-width, initial-scale=1'><title>A post</title></head>"
        f"<body><h1>Backtracking</h1>{snippet}<p>The end of the post.</p></body></html>"
    )
    yield page
    page.close()


@pytest.mark.parametrize(("width", "name"), [(1280, "desktop"), (360, "phone")])
def test_the_snippet_in_a_host_page_shows_play_and_the_whole_widget(
    post: Page, snippet: str, width: int, name: str, shots: Path
) -> None:
    """A blog post made of the snippet: the frame shows Play whole, and all the widget."""
    assert "height:560px" not in snippet
    page = post
    page.set_viewport_size({"width": width, "height": 900})
    try:
        handle = page.wait_for_selector("iframe")
        frame = handle.content_frame() if handle else None
        assert frame
        frame.wait_for_function("document.body?.dataset.ready === 'true'", timeout=BOOT_MS)
        box = handle.bounding_box() if handle else None
        play = frame.locator("[data-role='play']").bounding_box()
        assert box
        assert play
        assert box["x"] <= play["x"]
        assert play["x"] + play["width"] <= box["x"] + box["width"]
        assert box["y"] <= play["y"]
        assert play["y"] + play["height"] <= box["y"] + box["height"]
        whole = frame.evaluate("document.querySelector('.widget').getBoundingClientRect().height")
        assert whole <= box["height"]
        assert frame.evaluate("document.documentElement.scrollHeight") <= box["height"]
        page.screenshot(path=shots / f"snippet-{name}.png", full_page=True)
    finally:
        page.set_viewport_size({"width": 1280, "height": 900})


def board_shown(page: Page) -> list[list[str]]:
    """The player's cells as shown: text and classes (the current cell's marks included)."""
    return page.evaluate(
        "[...document.querySelectorAll('#player .pcell')].map(c => [c.textContent, c.className])"
    )


def test_the_step_link_and_the_snippets_carry_the_step_and_the_speed(
    app: Page, context: BrowserContext
) -> None:
    """Share offers a link to the step shown; the link, the step link and both snippets
    carry the player's speed; the step link opens the widget paused on the same board."""
    before = int(app.evaluate(f"{PLAYER}.dataset.trace || 0"))
    load(app, "leetcode")
    app.locator("#p-strategy").select_option("mrv")
    app.locator("#watch").click()
    app.wait_for_function(
        f"n => +{PLAYER}.dataset.trace > n && {PLAYER}.dataset.state === 'ready'",
        arg=before,
        timeout=TRACE_MS,
    )
    for _ in range(7):
        app.locator("#player [data-role='forward']").click()
    app.evaluate(
        """notch => { const slider = document.querySelector('#p-speed');
                      slider.value = notch;
                      slider.dispatchEvent(new Event('input', {bubbles: true})); }""",
        str(options.SPEEDS.index(50)),
    )
    app.locator("#share summary").click()  # the panel refreshes as it opens (its toggle event)
    app.wait_for_function(
        "document.querySelector('#share-step').value.endsWith('&step=7')", timeout=TRACE_MS
    )
    step_link = app.locator("#share-step").input_value()
    assert "&strategy=mrv&speed=50&step=7" in step_link
    assert "Link to step 7" in (app.locator("#share-step-label").text_content() or "")
    assert app.locator("#share-link").input_value().endswith("&strategy=mrv&speed=50")
    assert "&speed=50" in shared(app)
    assert 'strategy="mrv" speed="50">' in app.locator("#share-tag").input_value()
    shown = board_shown(app)
    widget = context.new_page()
    widget.goto(step_link)
    widget.wait_for_function("document.body.dataset.ready === 'true'", timeout=BOOT_MS)
    assert widget.evaluate(f"+{PLAYER}.dataset.steps") == 7
    assert widget.evaluate(f"{PLAYER}.dataset.state") == "ready"
    assert board_shown(widget) == shown
    assert widget.locator("#p-speed").input_value() == str(options.SPEEDS.index(50))
    widget.close()


def test_the_widget_options_go_into_the_step_link_and_the_snippets(
    app: Page, context: BrowserContext
) -> None:
    """The panel's parts and loop go into the step link and both snippets (the iframe
    sized for those parts); the app's own link keeps none; the step link opens a widget
    with only those parts, looping; a loop that does not read is said and left out."""
    watch(app, "leetcode", "naive")
    app.locator("#share summary").click()
    kept = ("play", "step", "counters")
    for name in options.CONTROLS:
        if name not in kept:
            app.locator(f"#share-parts input[value='{name}']").uncheck()
    app.locator("#share-loop").fill("5-60")
    app.locator("#share-loop").dispatch_event("change")
    app.wait_for_function(
        "document.querySelector('#share-step').value.includes('&loop=5-60')", timeout=TRACE_MS
    )
    step_link = app.locator("#share-step").input_value()
    assert "&controls=play,step,counters&loop=5-60&step=0" in step_link
    assert "controls=" not in app.locator("#share-link").input_value()
    iframe = shared(app)
    assert '&controls=play,step,counters&loop=5-60"' in iframe
    assert HEIGHTS.search(iframe)
    assert 'controls="play,step,counters" loop="5-60">' in app.locator("#share-tag").input_value()
    widget = context.new_page()
    widget.goto(step_link)
    widget.wait_for_function("document.body.dataset.ready === 'true'", timeout=BOOT_MS)
    shown = widget.evaluate(
        "[...document.querySelectorAll('#player [data-part]')].filter(p => !p.hidden)"
        ".map(p => p.dataset.part)"
    )
    assert set(shown) == set(kept)
    widget.locator("#player [data-role='play']").click()
    widget.wait_for_function(f"+{PLAYER}.dataset.steps >= 59", timeout=TRACE_MS)
    widget.wait_for_function(f"+{PLAYER}.dataset.steps < 59", timeout=TRACE_MS)
    widget.close()
    app.locator("#share-loop").fill("60-5")
    app.locator("#share-loop").dispatch_event("change")
    app.wait_for_function("!document.querySelector('#share-step').value.includes('loop=')")
    note = app.locator("#share-options-note").text_content() or ""
    assert note.startswith("Loop: write FROM-TO")
