"""The app's print stylesheet: the puzzle and, once solved, its solution; no controls."""

from __future__ import annotations

from pathlib import Path

from helpers import cell_values, load, solve
from playwright.sync_api import Page

from sudoku.solver import solve as core_solve

HIDDEN = ["#solve", "#player", ".pad", ".foot", "#status"]


def shown(page: Page, selector: str) -> bool:
    """Whether ``selector``'s first element takes room on the page (printed, here)."""
    return bool(page.evaluate(f"!!document.querySelector('{selector}')?.getClientRects().length"))


def test_printing_shows_the_puzzle_then_its_solution(board: Page, shots: Path) -> None:
    """Printed: no controls; the board with its givens only; the solution once solved."""
    puzzle = load(board, "leetcode")
    board.emulate_media(media="print")
    assert [selector for selector in HIDDEN if shown(board, selector)] == []
    assert shown(board, "#board")
    assert not shown(board, "#print-solution")
    board.emulate_media(media="screen")
    assert solve(board) == "unique"
    solved = cell_values(board)
    board.emulate_media(media="print")
    assert shown(board, "#print-solution")
    printed = board.evaluate(
        "[...document.querySelectorAll('#print-solution .cell')].map(c => c.textContent).join('')"
    )
    assert printed == core_solve(puzzle) == solved
    givens = board.evaluate(
        "[...document.querySelectorAll('#print-solution .cell')].map(c =>"
        " c.classList.contains('given') ? c.textContent : '.').join('')"
    )
    assert givens == puzzle
    hidden = board.evaluate(
        "[...document.querySelectorAll('#board .cell.solved')].every(c =>"
        " getComputedStyle(c).color === 'rgba(0, 0, 0, 0)')"
    )
    assert hidden
    board.screenshot(path=shots / "print.png", full_page=True)
