"""The widget's height: the first it reports is its last, for every set of parts and width.

A widget that reported one height before Python and another once its player was ready
(all parts shown, then only those of ``controls=``; the tree's panel opened late, its
canvas and words growing with the search; the caption's longer words; the legend's line
for the candidates) moved the blog post under the reader: 897 then 646 px for a
recorded-code widget on desktop. widget.js now lays out before Python what Python will
show, and the parts whose words or drawing come later keep a fixed room. Each height
the page reports (``body[data-height]``, what static/js/widget.js posts to the host) is
recorded from the first, until the player is ready and the tree drawn.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import BOOT_MS
from helpers import frames_pass
from playwright.sync_api import BrowserContext, Page
from support import LEETCODE
from test_recorded_widget import recorded

from sudoku.cli.watch import fragment
from sudoku.plain import STARTING_POINTS, unmarked

LINE_PX = 24
"""Give or take a line of the widget's text."""
RECORD = """new MutationObserver(() => {
    const height = document.body && document.body.dataset.height;
    const seen = (window.__heights = window.__heights || []);
    if (height && seen[seen.length - 1] !== height) seen.push(height);
}).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-height']});"""
"""Every height the page reports, in order, from the first (``window.__heights``)."""
CONFIGS = {
    "every part": "",
    "candidates and tree": "&candidates=1&tree=1",
    "tree": "&tree=on",
    "code": "&controls=play,step,counters,code",
    "no controls": "&controls=none",
    "recorded code": "&controls=play,step,counters,code#RECORDING",
}
WIDTHS = {"40rem": 640, "phone": 360}


def heights(context: BrowserContext, url: str, width: int) -> tuple[Page, list[int]]:
    """The widget at ``url`` in a tab ``width`` px wide, once ready and its tree drawn (if
    shown) and the player's words settled; the heights it reported."""
    page = context.new_page()
    page.set_viewport_size({"width": width, "height": 900})
    page.add_init_script(RECORD)
    page.goto(url)
    page.wait_for_function("document.body.dataset.ready === 'true'", timeout=BOOT_MS)
    if "tree=" in url:
        page.wait_for_function(
            "document.querySelector('#p-tree').dataset.steps !== undefined", timeout=BOOT_MS
        )
    frames_pass(page, 10)
    return page, [int(h) for h in page.evaluate("window.__heights")]


@pytest.mark.parametrize("width", WIDTHS.values(), ids=WIDTHS.keys())
@pytest.mark.parametrize("config", CONFIGS.values(), ids=CONFIGS.keys())
def test_the_first_height_is_the_last(
    context: BrowserContext, base_url: str, config: str, width: int, shots: Path
) -> None:
    """From the height reported before Python to the one after the player and the tree
    are ready, the widget stays within a line of its first height."""
    if "#RECORDING" in config:
        text, _ = recorded(unmarked(STARTING_POINTS["sets per unit"])[0])
        config = config.replace("#RECORDING", "#" + fragment(text))
    page, seen = heights(context, f"{base_url}embed.html?puzzle={LEETCODE}{config}", width)
    try:
        assert seen, "no height reported"
        assert max(seen) - min(seen) <= LINE_PX, seen
        name = config.split("#")[0].replace("&", "_").replace("=", "-").replace(",", "+")
        page.screenshot(path=shots / f"widget-height{name}-{width}.png", full_page=True)
    finally:
        page.close()


def test_code_breaks_no_name_in_a_40rem_frame(context: BrowserContext, base_url: str) -> None:
    """In a 40rem frame the code panel wraps its lines at spaces, or after a dot, a bracket
    or a comma: each name of a line stays on one row ("self.isVali / d(" no more)."""
    page, _ = heights(context, f"{base_url}embed.html?puzzle={LEETCODE}", 640)
    try:
        cut = page.evaluate(
            """() => {
            const cut = [];
            const texts = [...document.querySelectorAll('#player .code .line')]
                .flatMap((line) => [...line.childNodes])
                .filter((node) => node.nodeType === Node.TEXT_NODE);
            for (const text of texts) {
                const words = text.data.matchAll(/[A-Za-z_][A-Za-z0-9_]*/g);
                for (const word of words) {
                    const range = document.createRange();
                    range.setStart(text, word.index);
                    range.setEnd(text, word.index + word[0].length);
                    if (range.getClientRects().length > 1) cut.push(word[0]);
                }
            }
            return cut;
        }"""
        )
        assert cut == []
    finally:
        page.close()


TAGS = {
    "every part": "",
    "candidates and tree": 'candidates="1" tree="1"',
    "a few parts": 'controls="play,step,counters,code"',
}
POST = """<!doctype html><html lang="en"><head><meta name="viewport"
content="width=device-width, initial-scale=1"><title>A post</title></head>
<body style="max-width: 40rem; margin: 0 auto"><h1>Backtracking</h1>
<script>
window.__heights = [];
new MutationObserver(() => {
    const frame = document.querySelector('sudoku-lab iframe');
    const height = frame && frame.style.height;
    if (height && window.__heights[window.__heights.length - 1] !== height)
        window.__heights.push(height);
}).observe(document.body, {subtree: true, childList: true, attributes: true});
</script>
<sudoku-lab puzzle="PUZZLE" ATTRIBUTES></sudoku-lab><p>The end of the post.</p>
<script src="SCRIPT" defer></script></body></html>"""
"""A post with one tag, noting each height its frame takes, from the first."""


@pytest.mark.parametrize("width", [1280, 360], ids=["desktop", "phone"])
@pytest.mark.parametrize("attributes", TAGS.values(), ids=TAGS.keys())
def test_a_tags_frame_takes_its_height_once(
    context: BrowserContext, base_url: str, attributes: str, width: int
) -> None:
    """A ``<sudoku-lab>`` tag's frame starts at a height within a line of the widget's,
    and the widget's reports keep it there until its player (and tree) are ready."""
    page = context.new_page()
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(base_url + "no-such-post.html")
    post = POST.replace("PUZZLE", LEETCODE).replace("ATTRIBUTES", attributes)
    page.set_content(post.replace("SCRIPT", base_url + "static/js/embed.js"))
    try:
        handle = page.wait_for_selector("sudoku-lab iframe")
        frame = handle.content_frame() if handle else None
        assert frame
        frame.wait_for_function("document.body?.dataset.ready === 'true'", timeout=BOOT_MS)
        if "tree" in attributes:
            frame.wait_for_function("document.querySelector('#p-tree').dataset.steps")
        frames_pass(frame, 10)
        seen = [int(h.removesuffix("px")) for h in page.evaluate("window.__heights")]
        assert seen, "the frame took no height"
        assert max(seen) - min(seen) <= LINE_PX, seen
    finally:
        page.close()
