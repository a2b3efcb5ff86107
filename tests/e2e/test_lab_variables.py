"""The code lab shows what the board alone cannot: a run's variables at the step shown
(the reader's frames and locals, their own sets included) and how often each line ran (a
heat map in the editor's gutter). The forgotten-undo bug, stepped to the write that gives
it away: the digit is out of the board, still in the row's set."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import record_requests
from playwright.sync_api import Browser, Page
from support import FORGOT
from test_a11y import axe_violations
from test_lab import LEETCODE, run, set_code, trace_id, wait_python, wait_trace

from sudoku.watching import watch

FRAMES = """[...document.querySelectorAll('#variables-frames details')].map(d => ({
    head: d.querySelector('summary').textContent, open: d.open,
    rows: Object.fromEntries([...d.querySelectorAll('tr')].map(
        r => [r.querySelector('th').textContent, r.querySelector('td').textContent]))}))"""
"""The Variables panel as data: each frame's heading, whether it is open, its names."""

HEAT = """[...document.querySelectorAll('#code .cm-heat')]
    .filter(m => m.closest('.cm-gutterElement').style.visibility !== 'hidden')
    .map(m => m.title)"""
"""The heat map's marks in the gutter, in line order (not the gutter's hidden spacer)."""


@pytest.fixture(scope="module")
def lab(browser: Browser, base_url: str) -> Iterator[Page]:
    """The lab with Python ready, on a desktop screen."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    record_requests(context)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{base_url}lab.html?puzzle={LEETCODE}")
    wait_python(page)
    yield page
    assert errors == []
    context.close()


def test_the_forgotten_undo_is_seen_in_the_sets_at_its_step(lab: Page) -> None:
    """Run it: the verdict names the blank that still has room; step to write 7 (the 8
    taken out of r1c7): the panel shows the calls, innermost first and open, with the
    line, the locals, and ``self.rows[0]``, row 1's set, which still holds the 8."""
    set_code(lab, FORGOT)
    before = trace_id(lab)
    status = run(lab)
    assert "r1c3 still allows 1, 2 and 4, but your code went back from it" in status, status
    wait_trace(lab, before)
    assert lab.locator("#variables").is_visible()
    for _ in range(7):
        lab.locator("[data-role=forward]").click()
    lab.wait_for_function("document.querySelector('.player').dataset.steps === '7'")
    lab.wait_for_function("document.body.dataset.stateStep === '7'", timeout=60_000)
    assert lab.locator("#player [data-role=caption]").text_content() == (
        "Line 31 sets r1c7 back to blank (it held 8)."
    )
    frames = lab.evaluate(FRAMES)
    assert [frame["head"] for frame in frames] == [
        "fill, line 31",
        "fill, line 29",
        "fill, line 22",
        "fill, line 29",
        "fill, line 29",
        "fill, line 22",
        "fill, line 22",
        "solveSudoku, line 10",
    ]
    assert [frame["open"] for frame in frames] == [True] + [False] * 7
    inner = frames[0]["rows"]
    assert (inner["i"], inner["r"], inner["c"], inner["digit"]) == ("6", "0", "6", "'8'")
    assert inner["board"] == "the board"
    assert inner["self.rows[0]"] == "{'1', '2', '3', '4', '5', '7', '8', '9'}"  # the 8 kept
    note = lab.text_content("#variables-note") or ""
    assert note.startswith("Right after write 7")
    assert axe_violations(lab) == []
    lab.set_viewport_size({"width": 360, "height": 740})  # a phone: the panel fits its width
    try:
        assert lab.evaluate("document.documentElement.scrollWidth") <= 360
        assert lab.locator("#variables").bounding_box()["width"] <= 360  # type: ignore[index]
    finally:
        lab.set_viewport_size({"width": 1280, "height": 900})


def test_each_line_shows_how_often_it_ran(lab: Page) -> None:
    """After the run, the gutter holds each line's run count, as the tracer counts them
    (here in CPython: a comprehension's line differs in Pyodide's 3.14, another line
    does not)."""
    lab.wait_for_function("Number(document.body.dataset.heat || 0) > 0", timeout=60_000)
    counts = watch(FORGOT, LEETCODE, heat=True)["heat"]
    shown = lab.evaluate(HEAT)
    ran = [n for n in counts if n]
    assert len(shown) == len(ran)  # a mark on each line that ran, none elsewhere
    assert shown[0] == f"ran {counts[1]} time{'s' if counts[1] != 1 else ''}"
    assert f"ran {counts[18]} times" in shown  # fill's first line: once a call
