"""The candidates overlay in the widget and the app: each blank's pencil marks are the
core's candidates at the step shown, mrv's next cell shows its count, and the toggle
works by button, key and URL (``candidates=on``), carried by the share links."""

from __future__ import annotations

from itertools import islice
from pathlib import Path

import pytest
from helpers import load
from playwright.sync_api import BrowserContext, Page
from support import LEETCODE
from test_embed import PLAYER, open_widget

from sudoku import words
from sudoku.grid import cell_name
from sudoku.tracing import apply, candidates, most_constrained, trace, unit_masks

MARKS = """[...document.querySelectorAll('#player .pcell')].map(c =>
    c.hasAttribute('data-marks') ? c.getAttribute('data-marks') : null)"""
PICK = """[...document.querySelectorAll('#player .pcell')].flatMap((c, i) =>
    c.hasAttribute('data-pick') ? [[i, c.getAttribute('data-pick')]] : [])"""


def core_cells(grid: str, strategy: str, step: int) -> list[str]:
    """The core's cells after ``step`` events."""
    cells = list(grid)
    for event in islice(trace(grid, strategy), step):
        apply(cells, event)
    return cells


def as_marks(digits: str) -> str:
    """Candidates as the overlay's three lines of three."""
    chars = "".join(str(d) if str(d) in digits else " " for d in range(1, 10))
    return "\n".join(chars[row : row + 3] for row in (0, 3, 6))


def expected_marks(page: Page, cells: list[str]) -> list[str | None]:
    """Each cell's marks as the core's candidates: blanks only, and not a blank that shows
    the digit being tried."""
    texts = page.evaluate(
        "[...document.querySelectorAll('#player .pcell')].map(c => c.textContent)"
    )
    held = unit_masks(cells)
    return [
        as_marks(candidates(held, i)) if value == "." and not texts[i] else None
        for i, value in enumerate(cells)
    ]


@pytest.mark.parametrize(("strategy", "step"), [("mrv", 57), ("naive", 120), ("propagate", 30)])
def test_marks_are_the_cores_candidates_at_a_step_link(
    context: BrowserContext, base_url: str, strategy: str, step: int
) -> None:
    """candidates=on with step=N: every blank's marks are the core's candidates after N
    steps; under mrv its next cell carries its count and the caption names it."""
    page = open_widget(
        context, base_url, f"?puzzle={LEETCODE}&strategy={strategy}&step={step}&candidates=on"
    )
    cells = core_cells(LEETCODE, strategy, step)
    assert page.evaluate(MARKS) == expected_marks(page, cells)
    toggle = page.locator("#player [data-role='marks']")
    assert toggle.get_attribute("aria-pressed") == "true"
    pick = page.evaluate(PICK)
    if strategy == "mrv":
        cell, options = most_constrained(cells)
        assert pick == [[cell, str(len(options))]]
        caption = page.locator("#player [data-role='caption']").text_content() or ""
        assert f"mrv's next cell: {cell_name(cell)}, {len(options)} candidate" in caption
    else:
        assert pick == []
    page.close()


def test_the_button_and_the_key_toggle_marks_as_the_player_steps(
    context: BrowserContext, base_url: str
) -> None:
    """Candidates off by default; the button shows them, each step repaints them, C hides."""
    page = open_widget(context, base_url, f"?puzzle={LEETCODE}&strategy=mrv")
    assert page.evaluate(MARKS) == [None] * 81
    page.locator("#player [data-role='marks']").click()
    assert page.evaluate(MARKS) == expected_marks(page, list(LEETCODE))
    for _ in range(9):
        page.locator("#player [data-role='forward']").click()
    page.wait_for_function(f"{PLAYER}.dataset.steps === '9'")
    assert page.evaluate(MARKS) == expected_marks(page, core_cells(LEETCODE, "mrv", 9))
    page.locator("#player [data-role='board']").focus()
    page.keyboard.press("c")
    assert page.evaluate(MARKS) == [None] * 81
    assert page.evaluate(PICK) == []
    assert page.locator("#player [data-role='marks']").get_attribute("aria-pressed") == "false"
    page.close()


def test_the_apps_share_links_carry_the_overlay(app: Page, base_url: str) -> None:
    """In the app, the overlay works on the player's trace, and the share links keep it."""
    load(app, "leetcode")
    app.locator("#p-strategy").select_option("mrv")
    app.locator("#watch").click()
    app.wait_for_function(f"{PLAYER}.dataset.state === 'ready'", timeout=60_000)
    app.locator("#player [data-role='marks']").click()
    assert app.evaluate(MARKS) == expected_marks(app, core_cells(app_grid(app), "mrv", 0))
    app.locator("#share summary").click()  # the panel refreshes as it opens
    app.wait_for_function("document.querySelector('#share-step').value.includes('&candidates=on')")
    link = app.locator("#share-step").input_value()
    assert link.startswith(base_url + f"embed.html?puzzle={LEETCODE}&strategy=mrv")
    assert 'candidates="on"' in app.locator("#share-tag").input_value()


def app_grid(page: Page) -> str:
    """The puzzle the app's player traces (its board's givens)."""
    grid: str = page.evaluate(
        """[...document.querySelectorAll('#player .pcell')].map(c =>
             c.classList.contains('given') ? c.textContent : '.').join('')"""
    )
    return grid


@pytest.mark.parametrize(("width", "theme"), [(1000, "light"), (360, "dark")])
def test_candidates_screenshots(
    context: BrowserContext, base_url: str, shots: Path, width: int, theme: str
) -> None:
    """The overlay at desktop width and on a phone (for the docs): marks readable, the
    pick's count in its corner."""
    page = open_widget(
        context, base_url, f"?puzzle={LEETCODE}&strategy=mrv&step=14&candidates=on&theme={theme}"
    )
    page.set_viewport_size({"width": width, "height": 1100})
    page.wait_for_function(f"{PLAYER}.dataset.steps === '14'")
    page.screenshot(path=shots / f"candidates-{width}.png", full_page=True)
    box = page.locator("#player .pcell[data-pick]").bounding_box()
    assert box
    assert box["width"] >= 30
    page.close()


def test_an_ended_search_names_no_next_cell(context: BrowserContext, base_url: str) -> None:
    """Issue 21 item 16: once mrv's search is exhausted, the caption says so and names no
    next cell (it said "Exhausted: ... no solution. mrv's next cell: r3c5, 1 candidate")."""
    grid = "55" + "." * 79
    events = list(trace(grid, "mrv"))
    page = open_widget(context, base_url, f"?puzzle={grid}&strategy=mrv&candidates=on")
    page.locator("#player [data-role='end']").click()
    page.wait_for_function(f"{PLAYER}.dataset.steps === '{len(events)}'")
    shown = page.locator("#player [data-role='caption']").text_content()
    assert shown == words.caption(events[-1])
    assert page.evaluate(PICK) == []
    page.locator("#player [data-role='back']").click()  # (before the end, it names one)
    page.wait_for_function(f"{PLAYER}.dataset.steps === '{len(events) - 1}'")
    assert page.evaluate(PICK) != []
    page.close()
