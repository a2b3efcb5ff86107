"""Typing on the board: one digit per cell, clear keys, arrow keys, a single tab stop,
and what is typed before Python is ready."""

from __future__ import annotations

import pytest
from conftest import wait_ready
from helpers import cell_values
from playwright.sync_api import Browser, Page, Route

MAIN = "/src/web/page/app/main_script.py"
"""The board's Python (src/web/page/app/main_script.py, which runs main.py), as the page asks
for it."""


def active_id(page: Page) -> str:
    """The id of the focused element."""
    return page.evaluate("document.activeElement.id")


def test_digits_type_and_replace(board: Page) -> None:
    """A digit fills the cell; a second digit replaces it (one digit per cell)."""
    cell = board.locator("#r1c1")
    cell.click()
    cell.press("5")
    assert cell.input_value() == "5"
    cell.press("7")
    assert cell.input_value() == "7"


def test_other_keys_are_ignored(board: Page) -> None:
    """Letters, punctuation and typed text leave the cell as it was."""
    cell = board.locator("#r2c2")
    cell.click()
    cell.press("4")
    for key in ("a", "Z", "-", ".", "+"):
        cell.press(key)
    cell.press_sequentially("x!")
    assert cell.input_value() == "4"


@pytest.mark.parametrize("key", ["Backspace", "Delete", "0", " "])
def test_clear_keys_empty_the_cell(board: Page, key: str) -> None:
    """Backspace, Delete, 0 and space clear the cell."""
    cell = board.locator("#r5c5")
    cell.click()
    cell.press("9")
    cell.press(key)
    assert cell.input_value() == ""


def test_arrow_keys_move_and_stop_at_edges(board: Page) -> None:
    """Arrows move the focus one cell and stop at the board's edges."""
    board.locator("#r1c1").click()
    board.keyboard.press("ArrowLeft")
    board.keyboard.press("ArrowUp")
    assert active_id(board) == "r1c1"
    board.keyboard.press("ArrowRight")
    board.keyboard.press("ArrowDown")
    board.keyboard.press("ArrowDown")
    assert active_id(board) == "r3c2"
    board.keyboard.press("8")
    assert board.locator("#r3c2").input_value() == "8"
    for _ in range(10):
        board.keyboard.press("ArrowDown")
        board.keyboard.press("ArrowRight")
    assert active_id(board) == "r9c9"


def test_board_is_one_tab_stop(board: Page) -> None:
    """Tab leaves the board from its active cell; Shift+Tab comes back to that cell."""
    board.locator("#r4c6").click()
    board.keyboard.press("Tab")
    assert not active_id(board).startswith("r")
    board.keyboard.press("Shift+Tab")
    assert active_id(board) == "r4c6"


def test_digit_pad_types_into_the_active_cell(board: Page) -> None:
    """The on-screen pad fills and erases the last focused cell."""
    board.locator("#r7c3").click()
    board.locator(".pad-key[data-digit='6']").click()
    assert board.locator("#r7c3").input_value() == "6"
    board.locator(".pad-erase").click()
    assert cell_values(board) == "." * 81


def test_text_from_other_input_keeps_one_digit(board: Page) -> None:
    """Text inserted without key events (phone keyboards, autofill) keeps its last digit."""
    cell = board.locator("#r6c1")
    cell.fill("x3y")
    assert cell.input_value() == "3"
    cell.fill("no digits")
    assert cell.input_value() == ""


def test_typing_before_python_is_kept(browser: Browser, base_url: str) -> None:
    """Digits typed while Python loads are kept (issue 11, item 12: they were lost or
    merged): until the board's handlers attach each cell is a plain input and a tab stop,
    then the board reads what each holds (its last digit) and becomes one tab stop."""
    context = browser.new_context()
    held: list[Route] = []

    def hold(route: Route) -> None:
        """Keep the board's Python waiting until the typing is done."""
        held.append(route)

    context.route("**" + MAIN, hold)
    page = context.new_page()
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    try:
        page.goto(base_url, wait_until="domcontentloaded")
        page.locator("#r1c1").click()
        page.keyboard.type("5")
        page.keyboard.press("Tab")
        page.keyboard.type("3")
        page.keyboard.press("Tab")
        page.keyboard.type("7")
        page.locator("#r2c2").click()
        page.keyboard.type("48")  # two digits in one cell: the last one stays
        assert page.evaluate("document.body.dataset.board") is None  # no Python yet
        if not any(url.endswith(MAIN) for url in asked):  # asked once MicroPython is in
            page.wait_for_event("request", lambda r: r.url.endswith(MAIN), timeout=30_000)
        page.evaluate("1")  # lets the route's handler run
        assert held, "main_script.py was never requested"
        for route in held:
            route.continue_()
        wait_ready(page)
        assert cell_values(page)[:9] == "537......"
        assert cell_values(page)[10] == "8"
        stops = page.evaluate(
            "[...document.querySelectorAll('#board .cell')].filter(c => c.tabIndex === 0)"
            ".map(c => c.id)"
        )
        assert stops == ["r2c2"]  # the cell typed in last keeps the focus and the tab stop
        page.keyboard.press("ArrowRight")
        assert active_id(page) == "r2c3"
    finally:
        context.close()
