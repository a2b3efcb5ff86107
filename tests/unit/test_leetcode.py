"""LeetCode 37's own example, solved in place through LeetCode's exact signature."""

from __future__ import annotations

import inspect

import pytest
from support import LEETCODE, solution_problems

from sudoku.formats import PuzzleError
from sudoku.leetcode import Solution

EXAMPLE = [list(LEETCODE[start : start + 9]) for start in range(0, 81, 9)]
"""Example 1 of problem 37, as the problem statement gives the input."""

EXPECTED = [
    ["5", "3", "4", "6", "7", "8", "9", "1", "2"],
    ["6", "7", "2", "1", "9", "5", "3", "4", "8"],
    ["1", "9", "8", "3", "4", "2", "5", "6", "7"],
    ["8", "5", "9", "7", "6", "1", "4", "2", "3"],
    ["4", "2", "6", "8", "5", "3", "7", "9", "1"],
    ["7", "1", "3", "9", "2", "4", "8", "5", "6"],
    ["9", "6", "1", "5", "3", "7", "2", "8", "4"],
    ["2", "8", "7", "4", "1", "9", "6", "3", "5"],
    ["3", "4", "5", "2", "8", "6", "1", "7", "9"],
]
"""Example 1's output, as the problem statement gives it."""


def flat(board: list[list[str]]) -> str:
    """A board as one 81-character line, for the independent checker."""
    return "".join("".join(row) for row in board)


def fresh_example() -> list[list[str]]:
    """A new copy of the example board, so no test sees another's changes."""
    return [row[:] for row in EXAMPLE]


def test_expected_output_is_a_valid_solution() -> None:
    """The statement's output really solves the input (checked independently)."""
    assert solution_problems(flat(EXAMPLE), flat(EXPECTED)) == []


def test_solve_sudoku_fills_the_example_in_place() -> None:
    """solveSudoku returns None and leaves LeetCode's expected output in the board."""
    board = fresh_example()
    assert Solution().solveSudoku(board) is None
    assert board == EXPECTED
    assert solution_problems(flat(EXAMPLE), flat(board)) == []


def test_solve_sudoku_keeps_the_lists_themselves() -> None:
    """In place: the outer list and every row list are the same objects afterwards."""
    board = fresh_example()
    rows = list(board)
    Solution().solveSudoku(board)
    assert len(board) == 9
    assert all(after is before for after, before in zip(board, rows, strict=True))


def test_a_board_without_solution_is_left_unchanged() -> None:
    """A board with no solution (two 5s in row 1) comes back exactly as it went in."""
    board = fresh_example()
    board[0][2] = "5"
    before = [row[:] for row in board]
    Solution().solveSudoku(board)
    assert board == before


def test_a_dead_end_board_is_left_unchanged() -> None:
    """Givens that do not clash but leave r1c9 no digit: no solution, board unchanged."""
    board = [["."] * 9 for _ in range(9)]
    board[0][:8] = list("12345678")
    board[1][8] = "9"
    before = [row[:] for row in board]
    Solution().solveSudoku(board)
    assert board == before


def test_a_full_board_stays_the_same() -> None:
    """A solved board is its own solution."""
    board = [row[:] for row in EXPECTED]
    Solution().solveSudoku(board)
    assert board == EXPECTED


@pytest.mark.parametrize(
    ("rows", "shown"),
    [
        (["".join(row) for row in EXAMPLE], "'53..7....'"),
        ([tuple(row) for row in EXAMPLE], "a tuple"),
    ],
)
def test_rows_that_cannot_be_filled_in_place_are_refused(rows: list[object], shown: str) -> None:
    """Rows as strings (or tuples) read as a puzzle elsewhere, but solveSudoku fills its
    board in place: a PuzzleError says so instead of a raw TypeError (issue 11)."""
    with pytest.raises(PuzzleError) as caught:
        Solution().solveSudoku(rows)  # type: ignore[arg-type]
    assert str(caught.value) == (
        f"row 1 is {shown}, not a list: solveSudoku fills the board in place, "
        "so each row must be a list of 9 one-character strings"
    )


def test_a_malformed_board_is_refused() -> None:
    """A board that does not read is a PuzzleError naming why."""
    with pytest.raises(PuzzleError, match=r"^row 9 has 8 cells$"):
        Solution().solveSudoku([*fresh_example()[:8], ["."] * 8])


def test_signature_is_leetcodes() -> None:
    """The method is named and annotated exactly as LeetCode shows it."""
    signature = inspect.signature(Solution.solveSudoku)
    assert list(signature.parameters) == ["self", "board"]
    assert signature.parameters["board"].annotation == "List[List[str]]"
    assert signature.return_annotation == "None"
