"""The search tree panel, in the widget and the app: the tree of the core's own trace
(guesses, dead ends, the solution's path), the open guesses at the step shown, a click
on a guess jumps the player there, zoom, keys, and how it looks at desktop and phone
width."""

from __future__ import annotations

from itertools import islice
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page
from support import LEETCODE
from test_embed import PLAYER, core_state, open_widget, shown_state
from test_player import watch
from worker import TRACE_PAGE

from sudoku.tracing import trace

PANEL = "document.querySelector('#player [data-role=tree-panel]')"
READY_MS = 60_000


def core_tree(
    grid: str, strategy: str, limit: int | None = None
) -> tuple[int, int, list[list[int]]]:
    """The core's guesses, dead ends, and for each step the place steps of the open
    guesses, in its first ``limit`` events (None: all)."""
    guesses = dead = backtracks = 0
    below: list[bool] = []
    opened: list[int] = []
    paths: list[list[int]] = [[]]
    for step, event in enumerate(islice(trace(grid, strategy), limit), 1):
        if event["kind"] == "place":
            guesses += 1
            if below:
                below[-1] = True
            below.append(False)
            opened.append(step)
        elif event["kind"] == "undo" and event["backtracks"] > backtracks:
            dead += not below.pop()
            opened.pop()
        backtracks = event["backtracks"]
        paths.append(list(opened))
    return guesses, dead, paths


def summary(page: Page) -> str:
    """The panel's words."""
    return page.locator("#player [data-role=tree-summary]").text_content() or ""


def click_at(page: Page, step: float, depth: int) -> None:
    """Click the tree where step ``step`` of row ``depth`` is drawn (the whole view)."""
    lo, hi = (int(v) for v in page.evaluate(f"{PANEL}.dataset.window").split("-"))
    rows = int(page.evaluate(f"{PANEL}.dataset.rows"))
    overlay = page.locator("#player [data-role=tree-overlay]")
    overlay.scroll_into_view_if_needed()
    box = overlay.bounding_box()
    assert box
    x = box["x"] + (step - lo) / (hi - lo) * box["width"]
    y = box["y"] + (depth - 0.5) / rows * box["height"]
    page.mouse.click(x, y)


def test_the_tree_is_the_cores_and_a_click_jumps_to_a_guess(
    context: BrowserContext, base_url: str
) -> None:
    """tree=on, then End: as many guesses and dead ends as the core's trace, the solution's
    path; a click on an open guess's row at a step shows the step that placed it (and
    the tree up to that step)."""
    page = open_widget(context, base_url, f"?puzzle={LEETCODE}&strategy=mrv&tree=on")
    guesses, dead, paths = core_tree(LEETCODE, "mrv")
    page.locator("#player [data-role='end']").click()
    page.wait_for_function(
        f"{PANEL}.dataset.steps === '{len(paths) - 1}'", timeout=READY_MS, polling=100
    )
    words = summary(page)
    assert words.startswith(f"Up to step {len(paths) - 1}: {guesses} guesses, {dead} dead ends")
    assert "Green: the solution's path." in words
    step = 60
    deepest = paths[step][-1]
    click_at(page, step + 0.5, len(paths[step]))
    page.wait_for_function(f"{PLAYER}.dataset.steps === '{deepest}'")
    assert shown_state(page) == core_state(LEETCODE, "mrv", deepest)
    page.wait_for_function(f"{PANEL}.dataset.window === '0-{deepest}'")  # (the tree up to it)
    assert paths[step][0] < deepest
    click_at(page, deepest - 0.5, 1)
    page.wait_for_function(f"{PLAYER}.dataset.steps === '{paths[step][0]}'")
    page.close()


def test_toggle_zoom_and_keys(context: BrowserContext, base_url: str) -> None:
    """Hidden by default; the button and T show and hide it; zoom narrows the window to
    the last steps up to the step shown and widens it back to all of them."""
    page = open_widget(context, base_url, f"?puzzle={LEETCODE}&strategy=naive")
    panel = page.locator("#player [data-role=tree-panel]")
    toggle = page.locator("#player [data-role=tree-toggle]")
    assert not panel.is_visible()
    toggle.click()
    assert panel.is_visible()
    assert toggle.get_attribute("aria-pressed") == "true"
    page.locator("#player [data-role='board']").focus()
    for _ in range(2):
        page.keyboard.press("Shift+ArrowRight")
    page.wait_for_function(f"{PANEL}.dataset.steps === '200'", timeout=READY_MS)
    page.locator("#player [data-role=tree-in]").click()
    lo, hi = (int(v) for v in page.evaluate(f"{PANEL}.dataset.window").split("-"))
    assert 0 < lo < hi == 200
    assert f"Showing steps {lo} to 200." in summary(page)
    for _ in range(6):
        page.locator("#player [data-role=tree-out]").click()
    assert page.evaluate(f"{PANEL}.dataset.window") == "0-200"
    page.locator("#player [data-role='board']").focus()
    page.keyboard.press("t")
    assert not panel.is_visible()
    assert toggle.get_attribute("aria-pressed") == "false"
    page.close()


@pytest.mark.parametrize(("width", "theme"), [(1000, "light"), (360, "dark")])
def test_tree_screenshots(
    context: BrowserContext, base_url: str, shots: Path, width: int, theme: str
) -> None:
    """The panel at desktop width and on a phone, mid-search (for the docs)."""
    page = open_widget(
        context, base_url, f"?puzzle={LEETCODE}&strategy=naive&tree=on&step=2500&theme={theme}"
    )
    page.set_viewport_size({"width": width, "height": 1400})
    page.wait_for_function(f"+{PANEL}.dataset.steps >= 2500", timeout=READY_MS)
    page.locator("#player [data-role=tree-panel]").scroll_into_view_if_needed()
    page.screenshot(path=shots / f"tree-{width}.png", full_page=True)
    box = page.locator("#player [data-role=tree]").bounding_box()
    assert box
    assert box["width"] <= width
    page.close()


def test_the_app_has_the_tree_too(app: Page) -> None:
    """In the app: T shows the tree of the trace being watched, its summary the core's
    count of guesses at its end (mrv on LeetCode's example: 103 steps)."""
    guesses, dead, paths = core_tree(LEETCODE, "mrv")
    watch(app, "leetcode", "mrv")
    app.locator("#player [data-role='board']").focus()
    app.keyboard.press("t")
    app.keyboard.press("End")
    app.wait_for_function(f"{PANEL}.dataset.steps === '{len(paths) - 1}'", timeout=READY_MS)
    assert summary(app).startswith(f"Up to step {len(paths) - 1}: {guesses} guesses, {dead} ")
    assert app.locator("#player [data-role=tree-toggle]").get_attribute("aria-pressed") == "true"


def test_the_tree_shows_the_search_up_to_the_step_shown(
    context: BrowserContext, base_url: str
) -> None:
    """Issue 21 item 13: at step 41 (with a page of steps fetched) the tree draws and
    counts the steps up to 41 only, as the core's first 41 events have them; stepping on
    grows it, stepping back takes it back."""
    page = open_widget(context, base_url, f"?puzzle={LEETCODE}&strategy=naive&tree=on&step=41")
    assert int(page.evaluate(f"{PLAYER}.dataset.received")) >= TRACE_PAGE > 42
    for step in (41, 42, 41):
        if step != int(page.evaluate(f"{PLAYER}.dataset.steps")):
            role = "forward" if step == 42 else "back"
            page.locator(f"#player [data-role='{role}']").click()
        page.wait_for_function(f"{PANEL}.dataset.steps === '{step}'", timeout=READY_MS)
        guesses, dead, paths = core_tree(LEETCODE, "naive", step)
        deepest = max(len(path) for path in paths)
        assert summary(page) == (
            f"Up to step {step}: {guesses} guesses, {dead} dead ends, deepest {deepest}."
        )
        assert page.evaluate(f"{PANEL}.dataset.window") == f"0-{step}"
    page.close()
