"""Conflicting givens are marked as you type, with a message naming cells, digit and unit."""

from __future__ import annotations

from helpers import cell_classes, solve, verdict
from playwright.sync_api import Page


def type_digit(page: Page, cell: str, digit: str) -> None:
    """Click a cell and type one key."""
    page.locator(f"#{cell}").click()
    page.keyboard.press(digit)


def status(page: Page) -> str:
    """The status line's words."""
    return page.locator("#status").text_content() or ""


def messages(page: Page) -> list[str]:
    """The texts in the message list."""
    return page.locator("#messages li").all_text_contents()


def test_row_conflict_marked_and_named(board: Page) -> None:
    """Two 5s in row 1 mark both cells and say so; clearing one removes the mark."""
    type_digit(board, "r1c1", "5")
    type_digit(board, "r1c5", "5")
    assert cell_classes(board, "conflict") == ["r1c1", "r1c5"]
    assert messages(board) == ["Conflict: r1c1 and r1c5 both hold 5 in row 1."]
    assert board.locator("#r1c5").get_attribute("aria-invalid") == "true"
    type_digit(board, "r1c5", "Backspace")
    assert cell_classes(board, "conflict") == []
    assert messages(board) == []


def test_column_and_box_conflicts(board: Page) -> None:
    """A clash in a column and one in a box are both named by their unit."""
    type_digit(board, "r2c3", "7")
    type_digit(board, "r8c3", "7")
    type_digit(board, "r4c4", "2")
    type_digit(board, "r6c6", "2")
    assert sorted(cell_classes(board, "conflict")) == ["r2c3", "r4c4", "r6c6", "r8c3"]
    assert sorted(messages(board)) == [
        "Conflict: r2c3 and r8c3 both hold 7 in column 3.",
        "Conflict: r4c4 and r6c6 both hold 2 in box 5.",
    ]


def test_solve_refuses_conflicting_givens(board: Page) -> None:
    """Solve with clashing givens gives the conflict verdict and fills nothing."""
    type_digit(board, "r9c1", "4")
    type_digit(board, "r9c9", "4")
    assert solve(board) == "conflict"
    assert cell_classes(board, "solved") == []


def test_watch_and_play_refuse_conflicting_digits_as_solve_does(board: Page) -> None:
    """Issue 21 item 16: Watch (and Play before any trace) on clashing digits opens no
    trace; the status says what Solve says, with the same verdict, and so does the
    player's caption."""
    type_digit(board, "r9c1", "4")
    type_digit(board, "r9c9", "4")
    player = board.locator("#player")
    said = []
    for control in ("#watch", "#player [data-role='play']"):
        board.evaluate("document.querySelector('#status').dataset.verdict = ''")
        board.locator(control).click()
        board.wait_for_function("document.querySelector('#status').dataset.verdict !== ''")
        said.append((verdict(board), status(board)))
        assert player.locator("[data-role='caption']").text_content() == status(board)
        assert player.get_attribute("data-trace") is None
        assert player.get_attribute("data-state") == "idle"
    assert solve(board) == "conflict"
    assert said == [("conflict", status(board))] * 2
    assert cell_classes(board, "conflict") == ["r9c1", "r9c9"]
