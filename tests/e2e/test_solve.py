"""Solving in the browser: verdicts, solved digits marked apart, a live page meanwhile."""

from __future__ import annotations

import re

import pytest
from helpers import cell_classes, cell_values, load, solve, wait_verdict
from playwright.sync_api import Page
from support import HARD, solution_problems

STATUS = re.compile(r"\(([\d.]+) ms in your browser, (\d+) nodes searched\)")


def blanks(puzzle: str) -> list[str]:
    """Names of the puzzle's blank cells, in board order."""
    return [f"r{i // 9 + 1}c{i % 9 + 1}" for i, ch in enumerate(puzzle) if ch == "."]


def test_leetcode_example_every_cell(board: Page) -> None:
    """The LeetCode example solves: every cell valid, givens kept, only blanks marked solved."""
    puzzle = load(board, "leetcode")
    assert solve(board) == "unique"
    solution = cell_values(board)
    assert solution_problems(puzzle, solution) == []
    assert cell_classes(board, "solved") == blanks(puzzle)
    status = board.locator("#status").text_content() or ""
    assert status.startswith("Solved: the solution is unique")
    assert STATUS.search(status)


@pytest.mark.parametrize(
    ("sample", "expected", "opening"),
    [
        ("easy", "unique", "Solved: the solution is unique"),
        ("none", "none", "No solution"),
        ("many", "multiple", "More than one solution: showing one of them"),
    ],
)
def test_verdicts(board: Page, sample: str, expected: str, opening: str) -> None:
    """Each sample gets its verdict, with browser time and nodes searched."""
    puzzle = load(board, sample)
    assert solve(board) == expected
    status = board.locator("#status").text_content() or ""
    assert status.startswith(opening)
    assert STATUS.search(status)
    shown = cell_values(board)
    if expected == "none":
        assert shown == puzzle
        assert cell_classes(board, "solved") == []
    else:
        assert solution_problems(puzzle, shown) == []


def test_hard_puzzle_solves(board: Page) -> None:
    """The hard sample (built against brute force) is solved and checked cell by cell."""
    puzzle = load(board, "slow")
    assert puzzle == HARD
    assert solve(board) == "unique"
    assert solution_problems(HARD, cell_values(board)) == []


def test_page_answers_while_the_solver_works(board: Page) -> None:
    """A click on Stop lands while the search is out: the handler did not wait for it.

    Solve and Stop are clicked in one browser task, so no answer from the worker can come
    in between: were the search on the main thread, Solve would only return once it was
    done and Stop would find nothing to stop.
    """
    load(board, "slow")
    seen = board.evaluate(
        """() => {
            document.querySelector('#solve').click();
            const busy = document.body.dataset.busy;
            document.querySelector('#stop').click();
            return busy;
        }"""
    )
    assert seen == "true"
    assert wait_verdict(board, "stopped") == "stopped"
    board.wait_for_function("document.body.dataset.busy === 'false'")
    assert cell_values(board) == HARD
    # The dropped search's answer never paints; the next solve works as usual.
    assert solve(board) == "unique"
    assert solution_problems(HARD, cell_values(board)) == []


def test_editing_after_solve_drops_the_solution(board: Page) -> None:
    """Typing into a solved board removes the solved digits and keeps the givens."""
    puzzle = load(board, "leetcode")
    solve(board)
    board.locator("#r1c3").click()
    board.keyboard.press("Backspace")
    assert cell_values(board) == puzzle
    assert cell_classes(board, "solved") == []


def test_editing_a_solved_board_replaces_its_verdict(board: Page) -> None:
    """An edit makes the verdict stale (issue 11, item 10: "Solved: the solution is
    unique" stayed): the status says the board changed and asks for a new solve."""
    load(board, "leetcode")
    assert solve(board) == "unique"
    board.locator("#r9c1").click()
    board.keyboard.press("1")
    assert wait_verdict(board, "edited") == "edited"
    status = board.locator("#status").text_content() or ""
    assert not status.startswith("Solved")
    assert "press Solve" in status


def test_an_edit_during_a_solve_drops_it(board: Page) -> None:
    """A solve in flight is about the board as it was: an edit drops it, its answer
    never paints, and the next solve answers for the new board."""
    load(board, "slow")
    board.evaluate(
        """() => {
            document.querySelector('#solve').click();
            const cell = document.querySelector('#r1c1');
            cell.focus();
            cell.dispatchEvent(new KeyboardEvent('keydown', {key: '7', bubbles: true,
                                                             cancelable: true}));
        }"""
    )
    assert wait_verdict(board, "edited") == "edited"
    assert "solve was dropped" in (board.locator("#status").text_content() or "")
    board.wait_for_function("document.body.dataset.busy === 'false'")
    assert cell_values(board) == "7" + HARD[1:]
    assert cell_classes(board, "solved") == []
    assert solve(board) in ("unique", "multiple", "none")
