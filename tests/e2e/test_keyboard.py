"""Typing on the board: one digit per cell, clear keys, arrow keys, a single tab stop."""

from __future__ import annotations

import pytest
from helpers import cell_values
from playwright.sync_api import Page


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
