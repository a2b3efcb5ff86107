"""The host-page API (docs/embedding.md, "Drive the widget from your prose"): the docs'
own example, served as a post on another site, drives the widget; the widget's state is
checked against the core's replay of the trace; only the exact shapes from the parent
are obeyed; the step reports are throttled and end on the last step."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from conftest import ROOT, Host
from playwright.sync_api import Browser, Frame, Page
from support import LEETCODE
from test_embed import core_state, shown_state

from sudoku.tracing import trace

READY_MS = 120_000
PLAYER = "document.querySelector('#player')"
DOCS = ROOT / "docs" / "embedding.md"
SITE_IN_DOCS = "https://YOUR-SITE/sudoku-lab/"
FIRST_BACKTRACK = next(
    number for number, event in enumerate(trace(LEETCODE, "naive"), 1) if event["kind"] == "undo"
)
"""The step of the naive search's first backtrack on LeetCode's example (the docs' link)."""
REPORTS = """() => {
    window.__reports = [];
    document.querySelector('sudoku-lab').addEventListener('step', event =>
        window.__reports.push({...event.detail, at: performance.now()}));
}"""
FULL_SPEED = """() => {
    const slider = document.querySelector('#p-speed');
    slider.value = slider.max;
    slider.dispatchEvent(new Event('input'));
}"""
"""The widget's speed slider to its last notch: as fast as possible (a frame a paint)."""
SIBLING = """() => {
    const other = document.createElement('iframe');
    other.srcdoc = `<script>
        parent.document.querySelector('sudoku-lab iframe').contentWindow
            .postMessage({type: 'sudoku-lab:goto', step: 30}, '*');
        parent.__sibling = true;
    <\\/script>`;
    document.body.append(other);
}"""
"""Another frame of the post posts a good command to the widget: not its parent, ignored."""


def docs_example() -> str:
    """The html block the docs mark as the host-page example."""
    text = DOCS.read_text(encoding="utf-8")
    block = text.split("<!-- host-api-example", 1)[1]
    found = re.search(r"```html\n(.*?)```", block, re.DOTALL)
    assert found, "docs/embedding.md lost its host-api example"
    return found.group(1)


@contextmanager
def served_post(
    browser: Browser, base_url: str, folder: Path, more: str = "", said: list[str] | None = None
) -> Iterator[Page]:
    """The docs' example (and ``more`` HTML after it) as a post on localhost, another site
    than the widget's (with an icon: no 404 of its own), open in a page of its own context;
    no error but the storage one. ``said`` gets every console message of the page, its
    frames and workers, from the start ("type: text (url)")."""
    html = docs_example().replace(SITE_IN_DOCS, base_url) + more
    (folder / "post.html").write_text(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Post</title>'
        f'<link rel="icon" href="data:,"></head><body>{html}</body></html>',
        encoding="utf-8",
    )
    server = Host(folder, "/")
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    if said is not None:
        page.on("console", lambda m: said.append(f"{m.type}: {m.text} ({m.location['url']})"))
    page.goto(f"http://localhost:{server.port}/post.html")
    yield page
    context.close()
    server.stop()
    assert errors == []


@pytest.fixture
def post(two_sites: Browser, base_url: str, tmp_path: Path) -> Iterator[Page]:
    """The docs' example as a post, listening to the widget's step reports."""
    with served_post(two_sites, base_url, tmp_path) as page:
        page.evaluate(REPORTS)
        yield page


def frame_of(page: Page) -> Frame:
    """The widget's frame, ready."""
    handle = page.wait_for_selector("sudoku-lab iframe")
    frame = handle.content_frame() if handle else None
    assert frame
    frame.wait_for_function("document.body.dataset.ready === 'true'", timeout=READY_MS)
    return frame


def last_report(page: Page) -> dict[str, int | str]:
    """The newest ``step`` event's detail the post heard."""
    report: dict[str, int | str] = page.evaluate("window.__reports.at(-1)")
    return report


def test_the_docs_link_shows_the_first_backtrack(post: Page, shots: Path) -> None:
    """The docs' link goes to the step it names, which is the first backtrack, paused, with
    the board and counters of the core's trace; the post hears where the widget is."""
    assert f'data-goto="{FIRST_BACKTRACK}"' in docs_example()
    frame = frame_of(post)
    post.get_by_role("link", name="its first backtrack").click()
    frame.wait_for_function(f"{PLAYER}.dataset.steps === '{FIRST_BACKTRACK}'", timeout=READY_MS)
    assert frame.evaluate(f"{PLAYER}.dataset.state") == "ready"
    assert shown_state(frame) == core_state(LEETCODE, "naive", FIRST_BACKTRACK)
    post.wait_for_function(f"window.__reports.at(-1)?.step === {FIRST_BACKTRACK}", timeout=READY_MS)
    nodes = int(frame.locator("#player [data-role='nodes']").text_content() or "")
    assert last_report(post) | {"at": 0} == {
        "step": FIRST_BACKTRACK,
        "kind": "undo",
        "nodes": nodes,
        "at": 0,
    }
    where = post.locator("#where").text_content()
    assert where == f"Step {FIRST_BACKTRACK}: undo, {nodes} guesses so far."
    post.screenshot(path=shots / "host-api.png", full_page=True)


def test_play_pause_and_strategy_from_the_post(post: Page) -> None:
    """play() plays, pause() stops; reports come at most ten a second and end on the step
    shown; setStrategy() traces the same puzzle by another strategy."""
    frame = frame_of(post)
    frame.evaluate(FULL_SPEED)
    lab = "document.querySelector('sudoku-lab')"
    post.evaluate(f"{lab}.play()")
    frame.wait_for_function(f"{PLAYER}.dataset.state === 'playing'")
    post.wait_for_function("window.__reports.filter(r => r.step > 0).length >= 4", timeout=30_000)
    post.evaluate(f"{lab}.pause()")
    frame.wait_for_function(f"{PLAYER}.dataset.state === 'paused'")
    shown = int(frame.evaluate(f"{PLAYER}.dataset.steps"))
    post.wait_for_function(f"window.__reports.at(-1).step === {shown}")
    reports = post.evaluate("window.__reports.filter(r => r.step > 0)")
    span = reports[-1]["at"] - reports[0]["at"]
    assert span / (len(reports) - 1) >= 90  # (the widget's 100 ms, on the post's clock)
    assert reports[-1]["step"] - reports[0]["step"] > 20 * (len(reports) - 1)
    post.evaluate(f"{lab}.setStrategy('mrv')")
    frame.wait_for_function("document.querySelector('#p-strategy').value === 'mrv'")
    frame.wait_for_function(f"{PLAYER}.dataset.state === 'ready'")
    post.evaluate(f"{lab}.goto(5)")
    frame.wait_for_function(f"{PLAYER}.dataset.steps === '5'")
    assert shown_state(frame) == core_state(LEETCODE, "mrv", 5)


def test_only_exact_commands_from_the_parent_count(post: Page) -> None:
    """Bad shapes from the parent, and good ones from elsewhere, change nothing; then a
    good one from the parent works (so the widget was listening all along)."""
    frame = frame_of(post)
    target = "document.querySelector('sudoku-lab iframe').contentWindow"
    for message in (
        "{type: 'sudoku-lab:goto', step: 30, extra: 1}",
        "{type: 'sudoku-lab:goto', step: '30'}",
        "{type: 'sudoku-lab:goto', step: 30.5}",
        "{type: 'sudoku-lab:goto', step: -30}",
        "{type: 'sudoku-lab:strategy', strategy: 'bogo'}",
        "{type: 'sudoku-lab:play', now: true}",
        "['sudoku-lab:play']",
        "'sudoku-lab:play'",
    ):
        post.evaluate(f"{target}.postMessage({message}, '*')")
    frame.evaluate("window.postMessage({type: 'sudoku-lab:goto', step: 30}, '*')")
    post.evaluate(SIBLING)
    post.wait_for_function("window.__sibling === true")
    post.evaluate(f"{target}.postMessage({{type: 'sudoku-lab:goto', step: 12}}, '*')")
    frame.wait_for_function(f"{PLAYER}.dataset.steps === '12'")
    assert frame.evaluate(f"{PLAYER}.dataset.state") == "ready"
    assert frame.evaluate("document.querySelector('#p-strategy').value") == "naive"
    assert shown_state(frame) == core_state(LEETCODE, "naive", 12)


def test_commands_given_while_loading_wait_for_the_widget(
    two_sites: Browser, base_url: str, tmp_path: Path
) -> None:
    """goto() called at once, before the widget has loaded, is done once it is ready."""
    early = "<script>document.getElementById('lab').goto(40);</script>"
    with served_post(two_sites, base_url, tmp_path, early) as page:
        frame = frame_of(page)
        frame.wait_for_function(f"{PLAYER}.dataset.steps === '40'", timeout=READY_MS)
        assert shown_state(frame) == core_state(LEETCODE, "naive", 40)


def test_commands_right_after_a_strategy_switch_wait_for_its_trace(post: Page) -> None:
    """Commands are done in order, each to its end: a goto right after setStrategy shows
    that step of the new trace (it was lost: step 0, and ``trace_pull`` failed in the
    console), and the last command wins."""
    errors: list[str] = []
    post.on("console", lambda message: message.type == "error" and errors.append(message.text))
    frame = frame_of(post)
    post.evaluate(
        """() => { const lab = document.querySelector('sudoku-lab');
                   lab.setStrategy('mrv'); lab.goto(80);
                   lab.setStrategy('propagate'); lab.goto(30); }"""
    )
    frame.wait_for_function(
        f"{PLAYER}.dataset.steps === '30' && {PLAYER}.dataset.state === 'ready'"
        " && document.querySelector('#p-strategy').value === 'propagate'",
        timeout=READY_MS,
    )
    assert shown_state(frame) == core_state(LEETCODE, "propagate", 30)
    post.wait_for_function("window.__reports.at(-1)?.step === 30")
    assert errors == []


SAB_WARNING = "SharedArrayBuffer"
"""What PyScript's worker logs when it cannot reach ``window`` without it (the FAQ link)."""


def test_a_widget_leaves_the_posts_console_clean(
    two_sites: Browser, base_url: str, tmp_path: Path
) -> None:
    """A post with a widget, played: no frame and no worker of it logs PyScript's
    SharedArrayBuffer warning, or any error, in the blogger's console."""
    said: list[str] = []
    with served_post(two_sites, base_url, tmp_path, said=said) as page:
        frame = frame_of(page)
        page.evaluate("document.querySelector('sudoku-lab').goto(12)")
        frame.wait_for_function(f"{PLAYER}.dataset.steps === '12'")
    assert [text for text in said if SAB_WARNING in text] == []
    assert [text for text in said if text.startswith("error")] == []
