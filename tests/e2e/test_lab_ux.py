"""The code lab's rough edges and its Embed dialog, each on a desktop and on a 360 px touch
screen: error marks visible under the page's policy, the page held still while playing
(the editor scrolls, not the page), links (a second one in the same tab, a reload after
edits), the reader's own puzzle, long lines wrapped, a recursion's traceback folded, no
empty tree panel, the judge's figures in one unit, and Embed: the two snippets, their
sizes, Copy, the live preview, and a run put in a post on another origin, played there.

Run alone: ``.venv/bin/pytest -x -q tests/e2e/test_lab_ux.py``.
"""

from __future__ import annotations

import base64
import re
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import BOOT_MS, Host, off_origin, origin_of, record_requests
from playwright.sync_api import Browser, BrowserContext, Page, expect
from test_a11y import axe_violations
from test_lab import LEETCODE, RUN_MS, editor_text, run, set_code, trace_id, wait_python, wait_trace

from sudoku.plain import STARTING_POINTS, unmarked

EDITORIAL = unmarked(STARTING_POINTS["the editorial"])[0]
SCREENS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 360, "height": 740}}
VIOLATIONS = """window.__violations = [];
document.addEventListener('securitypolicyviolation',
    e => window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));"""
"""Collects the page's Content-Security-Policy violations (from its first script on)."""
DEEP = """def solve(board):
    go(board, 0)


def go(board, depth):
    if depth == 51:
        return board[99]
    go(board, depth + 1)
"""
"""Fails 52 calls of ``go`` deep: 51 of them from line 8, the last at line 7."""


def fragment(code: str) -> str:
    """The lab's ``#code=`` for ``code`` (deflate-raw, base64url: static/js/lab-share.js)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(code.encode()) + packer.flush()
    return "#code=" + base64.urlsafe_b64encode(packed).decode().rstrip("=")


@pytest.fixture(scope="module", params=list(SCREENS))
def screen(request: pytest.FixtureRequest, browser: Browser) -> Iterator[BrowserContext]:
    """A context for the module's lab pages on one screen (a phone's is touch), allowed
    the clipboard; its requests must stay on the site's origin."""
    phone = request.param == "phone"
    context = browser.new_context(viewport=SCREENS[request.param], has_touch=phone, is_mobile=phone)
    context.add_init_script(VIOLATIONS)
    urls = record_requests(context)
    yield context
    context.close()
    assert off_origin(urls, origin_of(request.getfixturevalue("base_url"))) == []


@pytest.fixture(scope="module")
def lab(screen: BrowserContext, base_url: str) -> Page:
    """The lab on that screen, Python ready."""
    screen.grant_permissions(["clipboard-read", "clipboard-write"], origin=origin_of(base_url))
    page = screen.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{base_url}lab.html?puzzle={LEETCODE}&strategy=naive")
    wait_python(page)
    assert errors == []
    return page


def is_phone(page: Page) -> bool:
    """Whether ``page`` is the phone's (360 px)."""
    return page.viewport_size is not None and page.viewport_size["width"] < 500


def press(page: Page, selector: str) -> None:
    """Tap on the phone, click on the desktop."""
    if is_phone(page):
        page.locator(selector).tap()
    else:
        page.locator(selector).click()


def test_error_marks_show_under_the_pages_policy(lab: Page) -> None:
    """An error's line is underlined in the editor and marked in the gutter, drawn by the
    page's own styles: CodeMirror's data: SVG images, which the policy refuses, are never
    asked for (no violation)."""
    set_code(lab, "def solve(board):\n    row = board[0]\n    return row[12]\n")
    assert run(lab).startswith("error on line 3")
    mark = lab.evaluate(
        """() => {
        const range = getComputedStyle(document.querySelector('#code .cm-lintRange-error'));
        const dot = document.querySelector('#code .cm-lint-marker-error');
        const box = dot.getBoundingClientRect();
        return {line: range.textDecorationLine, style: range.textDecorationStyle,
                image: range.backgroundImage, width: box.width, height: box.height,
                colour: getComputedStyle(dot).backgroundColor};
    }"""
    )
    assert mark["line"] == "underline", mark
    assert mark["style"] == "wavy", mark
    assert mark["image"] == "none", mark
    assert mark["width"] > 5, mark
    assert mark["height"] > 5, mark
    assert mark["colour"] not in ("rgba(0, 0, 0, 0)", "transparent"), mark
    assert lab.evaluate("window.__violations") == []


def test_playing_scrolls_the_editor_not_the_page(lab: Page) -> None:
    """Code longer than the editor, played step by step and with Play: the editor scrolls
    to the line that wrote, inside its own box; the page stays where the reader put it
    (on a phone: the board and the player's buttons)."""
    padding = "".join(f"# note {n}\n" for n in range(60))
    set_code(lab, padding + EDITORIAL)
    before = trace_id(lab)
    assert run(lab).startswith("ok: ")
    wait_trace(lab, before)
    lab.locator("#player [data-role=forward]").scroll_into_view_if_needed()
    lab.evaluate("window.scrollBy(0, 40)")
    where = lab.evaluate("window.scrollY")
    for _ in range(3):
        press(lab, "#player [data-role=forward]")
    lab.wait_for_function("document.querySelector('.player').dataset.steps === '3'")
    press(lab, "#player [data-role=play]")
    lab.wait_for_function("Number(document.querySelector('.player').dataset.steps) >= 8")
    press(lab, "#player [data-role=play]")
    lab.wait_for_function("document.querySelector('#code .cm-running-line')")
    assert lab.evaluate("window.scrollY") == where
    seen = lab.evaluate(
        """() => {
        const box = document.querySelector('#code .cm-scroller').getBoundingClientRect();
        const line = document.querySelector('#code .cm-running-line').getBoundingClientRect();
        return {scrolled: document.querySelector('#code .cm-scroller').scrollTop,
                inside: line.top >= box.top && line.bottom <= box.bottom};
    }"""
    )
    assert seen["scrolled"] > 0, seen
    assert seen["inside"], seen


def test_a_second_link_loads_and_a_reload_keeps_the_readers_edits(
    screen: BrowserContext, base_url: str
) -> None:
    """A link opens its code; the reader edits it and reloads: the edits stay (the link is
    not loaded again). A second link opened in the same tab loads, and the reader's code
    is kept as "Your previous code", said once."""
    first, second = "def solve(board):\n    pass  # first\n", "def solve(board):\n    pass  # two\n"
    page = screen.new_page()
    page.goto(f"{base_url}lab.html{fragment(first)}")
    page.wait_for_function("document.body.dataset.editor === 'ready'", timeout=BOOT_MS)
    assert editor_text(page) == first
    page.locator("#code .cm-content").click()
    page.keyboard.press("Control+End")
    page.keyboard.type("# my fix")
    page.wait_for_function(
        "t => localStorage.getItem('sudoku-lab lab code') === t", arg=first + "# my fix"
    )
    page.reload()
    page.wait_for_function("document.body.dataset.editor === 'ready'", timeout=BOOT_MS)
    assert editor_text(page) == first + "# my fix"
    assert "came from a link" not in (page.text_content("#lab-status") or "")
    page.evaluate("h => { location.hash = h; }", fragment(second))
    page.wait_for_function(
        "t => document.querySelector('#code .cm-content').innerText.includes(t)", arg="# two"
    )
    assert editor_text(page) == second
    status = page.text_content("#lab-status") or ""
    assert status.count('"Your previous code"') == 1, status
    page.locator("#start-from").select_option("previous")
    assert editor_text(page) == first + "# my fix"
    page.close()


def test_a_pasted_puzzle_is_used_or_refused_naming_cell_and_rule(lab: Page) -> None:
    """The reader's own puzzle: 80 characters and a digit twice in a row are refused in
    words; a grid (text art) joins the Puzzle list, chosen, and shows on the board."""
    if not lab.locator("#own-puzzle").is_visible():
        press(lab, ".own-puzzle summary")
    note = lab.locator("#own-puzzle-note")
    lab.locator("#own-puzzle").fill(LEETCODE[:80])
    press(lab, "#own-puzzle-use")
    expect(note).to_have_text("Not a puzzle Run can use: expected 81 cells, found 80.")
    lab.locator("#own-puzzle").fill("55" + LEETCODE[2:])
    press(lab, "#own-puzzle-use")
    expect(note).to_have_text("Not a puzzle Run can use: r1c1 and r1c2 both hold 5 in row 1.")
    mine = LEETCODE[:2] + "4" + LEETCODE[3:]
    art = "\n".join(" ".join(mine[r * 9 : r * 9 + 9]) for r in range(9))
    lab.locator("#own-puzzle").fill(art)
    press(lab, "#own-puzzle-use")
    expect(note).to_have_text("Your puzzle 1 is chosen: Run and Judge use it.")
    assert lab.locator("#puzzle").input_value() == mine
    lab.locator("#puzzle").select_option(LEETCODE)


def test_long_lines_wrap_in_the_editor(lab: Page) -> None:
    """A line longer than the editor is wide wraps: nothing is cut, no sideways scroll,
    and its rest goes on under its own indent."""
    long = "# " + "a long comment " * 20
    set_code(lab, f"def solve(board):\n    {long}\n    pass\n")
    sizes = lab.evaluate(
        """() => {
        const scroller = document.querySelector('#code .cm-scroller');
        const line = document.querySelectorAll('#code .cm-line')[1].getBoundingClientRect();
        const first = document.querySelectorAll('#code .cm-line')[0].getBoundingClientRect();
        const text = document.createRange();
        text.selectNodeContents(document.querySelectorAll('#code .cm-line')[1]);
        const rows = [...text.getClientRects()].filter(r => r.width > 0);
        return {wide: scroller.scrollWidth, box: scroller.clientWidth,
                tall: line.height, one: first.height,
                hang: rows[rows.length - 1].left - line.left};
    }"""
    )
    assert sizes["wide"] <= sizes["box"], sizes
    assert sizes["tall"] >= 2 * sizes["one"], sizes
    assert sizes["hang"] > 25, sizes  # four characters in, not at the left edge (6 px)


def test_a_recursions_traceback_is_folded(lab: Page) -> None:
    """52 calls of ``go`` deep: two of the 51 identical frames shown, then one line."""
    set_code(lab, DEEP)
    assert run(lab).startswith("error on line 7: IndexError")
    told = lab.text_content("#lab-error") or ""
    assert "  ... 49 more calls of go\n" in told, told
    assert told.count("in go") == 3, told


def test_the_tree_key_opens_no_empty_panel(lab: Page) -> None:
    """The lab's player shows no search tree (a recording has no guesses): T opens
    nothing, and the keys' legend does not offer it."""
    lab.locator("#player [data-role=caption]").click()
    lab.keyboard.press("t")
    lab.keyboard.press("T")
    assert lab.locator("#player [data-role=tree-panel]").is_hidden()
    assert lab.locator("#player [data-role=tree-key]").is_hidden()


def test_the_judges_figures_are_in_one_unit(lab: Page) -> None:
    """Every figure is time in ms and writes; a search the judge cut off says where it
    stopped in the same units ("stopped after 180.2 ms, 10,540 writes")."""
    set_code(lab, unmarked(STARTING_POINTS["most constrained cell first"])[0])
    lab.locator("#judge-set").select_option("easy")
    before = lab.evaluate("document.body.dataset.judged || '0'")
    press(lab, "#judge")
    lab.wait_for_function(
        "n => (document.body.dataset.judged || '0') !== n", arg=before, timeout=3 * RUN_MS
    )
    figures = [
        cell
        for row in lab.locator("#judge-rows tr").all()
        for cell in row.locator("td").all_text_contents()[2:]
    ]
    shape = re.compile(r"^(stopped after )?\d[\d,]*\.\d ms, \d[\d,]* writes$")
    assert all(shape.match(cell) for cell in figures), figures
    assert any(cell.startswith("stopped after") for cell in figures), figures
    assert not any("steps" in cell for cell in figures), figures


MARKUP = "# </script><img src=x onerror=window.__owned=1> stays text\n"
"""A comment that would end a snippet's <script> element early, were it not escaped."""


def open_embed(page: Page) -> None:
    """Run the editorial (with ``MARKUP`` at its end), then open Embed on its run."""
    set_code(page, EDITORIAL + MARKUP)
    before = trace_id(page)
    assert run(page).startswith("ok: ")
    wait_trace(page, before)
    press(page, "#embed")
    page.wait_for_function("document.getElementById('embed-box').open")


def test_embed_gives_both_snippets_their_sizes_copy_and_a_live_preview(
    lab: Page, base_url: str
) -> None:
    """Embed, after a run: the tag (the recording inline, every < escaped) and the iframe
    (#trace=), each with its size in kB; Copy puts the snippet on the clipboard; the
    preview is the widget playing the run, the reader's code shown as text."""
    open_embed(lab)
    tag = lab.locator("#embed-tag").input_value()
    frame = lab.locator("#embed-iframe").input_value()
    assert tag.startswith(f'<script src="{base_url}static/js/embed.js" defer></script>\n')
    assert '<sudoku-lab recording controls="play,step,scrub,speed,counters,depth,code"' in tag
    inline = tag.split('<script type="application/json">', 1)[1].split("</script>", 1)[0]
    assert "<" not in inline
    assert '"code":' in inline
    assert frame.startswith(f'<iframe src="{base_url}embed.html?controls=')
    assert "#trace=" in frame
    for name, text in (("tag", tag), ("iframe", frame)):
        size = lab.locator(f"#embed-{name}-size").text_content() or ""
        assert re.fullmatch(r"\d+(\.\d)? kB", size), size
        assert abs(float(size.split()[0]) - len(text.encode()) / 1000) < 1
    press(lab, "[data-copies=embed-iframe]")
    lab.wait_for_function(
        "document.querySelector('[data-copies=embed-iframe]').textContent === 'Copied'"
    )
    assert lab.evaluate("navigator.clipboard.readText()") == frame
    preview = lab.frame_locator("#embed-preview")
    preview.locator("body[data-ready=true]").wait_for(timeout=BOOT_MS)
    code = preview.locator("#player [data-role=code]").text_content() or ""
    assert "def solveSudoku" in code
    assert MARKUP.strip() in code  # text, never markup
    preview.locator("#player [data-role=forward]").click()
    preview.locator("#player[data-steps='1']").wait_for()
    height = lab.evaluate("document.getElementById('embed-preview').getBoundingClientRect().height")
    assert height > 400
    assert axe_violations(lab) == []
    press(lab, "#embed-close")
    lab.wait_for_function("!document.getElementById('embed-box').open")
    assert lab.evaluate("window.__violations") == []


def test_a_runs_tag_plays_in_a_post_on_another_origin(
    lab: Page, browser: Browser, tmp_path: Path
) -> None:
    """The tag from Embed, pasted into a post served from another origin: the widget
    there plays the lab's run, the reader's code in its code panel."""
    open_embed(lab)
    tag = lab.locator("#embed-tag").input_value()
    press(lab, "#embed-close")
    (tmp_path / "post.html").write_text(
        f"<!doctype html><title>My post</title><h1>My solveSudoku</h1>\n{tag}\n", "utf-8"
    )
    host = Host(tmp_path, "/")
    context = browser.new_context(viewport=lab.viewport_size)
    try:
        page = context.new_page()
        page.goto(f"{host.url}post.html")
        handle = page.locator("sudoku-lab iframe")
        handle.scroll_into_view_if_needed()
        widget = handle.element_handle().content_frame()
        assert widget is not None
        assert origin_of(widget.url) != origin_of(page.url)
        widget.wait_for_function("document.body.dataset.ready === 'true'", timeout=BOOT_MS)
        shown = widget.locator("#player [data-role=code]").text_content() or ""
        assert "def solveSudoku" in shown
        assert MARKUP.strip() in shown  # the markup as text
        widget.locator("#player [data-role=play]").click()
        widget.wait_for_function("Number(document.querySelector('#player').dataset.steps) >= 5")
        assert page.evaluate("window.__owned") is None
        assert widget.evaluate("window.__owned") is None
    finally:
        context.close()
        host.stop()


def test_the_embedding_guide_is_a_page_of_the_site(screen: BrowserContext, base_url: str) -> None:
    """embedding.html: the guide's text, its pictures shown as they come into view, no
    request the policy refuses, nothing wider than the screen (a wide table scrolls in
    its own box)."""
    page = screen.new_page()
    page.goto(f"{base_url}embedding.html")
    assert page.locator("h1").text_content() == "Put the backtracking player in a blog post"
    assert page.locator("#your-own-code-in-the-widget").is_visible()
    for picture in page.locator("img").all():
        picture.scroll_into_view_if_needed()
        picture.evaluate("i => i.decode()")
        assert picture.evaluate("i => i.naturalWidth") > 0
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= (page.viewport_size or {"width": 0})["width"]
    assert page.evaluate("window.__violations") == []
    page.close()
