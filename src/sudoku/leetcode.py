"""LeetCode 37 "Sudoku Solver": ``Solution().solveSudoku(board)``, filled in place.

The signature is LeetCode's, letter for letter, so code written for the judge's
template calls this class unchanged: hence ``typing.List`` (what the judge shows) and
the camelCase method name, both against this project's style rules. The class itself
is not a paste-in answer: it parses and solves with this package (``sudoku.formats``,
``sudoku.solver``), which the judge does not have.
"""

from __future__ import annotations

from sudoku.formats import PuzzleError, parse, shown, to_leetcode
from sudoku.solver import solve

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import List  # noqa: UP035 - LeetCode's signature spells it this way


class Solution:
    """LeetCode's entry point; the work is done by ``sudoku.solver.solve``."""

    def solveSudoku(self, board: List[List[str]]) -> None:  # noqa: N802, UP006
        """Fill ``board`` in place with its solution; leave it unchanged if it has none.

        The outer list and each row list keep their identity: only cells change.
        A board that is not 9 rows of 9 digits or ``"."`` raises ``PuzzleError``, and so
        does a row that is not a list (a string or a tuple cannot be filled in place).
        """
        grid = parse(board)
        for number, row in enumerate(board, 1):
            if not isinstance(row, list):
                raise PuzzleError(
                    f"row {number} is {shown(row)}, not a list: solveSudoku fills the board "
                    "in place, so each row must be a list of 9 one-character strings"
                )
        solution = solve(grid)
        if solution is not None:
            for number, solved in enumerate(to_leetcode(solution)):
                board[number][:] = solved
