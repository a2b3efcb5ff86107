"""LeetCode 37 "Sudoku Solver": ``Solution().solveSudoku(board)``, filled in place.

The signature is LeetCode's, letter for letter, so the class can be pasted into
the judge's editor: hence ``typing.List`` (what the judge shows) and the
camelCase method name, both against this project's style rules.
"""

from __future__ import annotations

from typing import List  # noqa: UP035 - LeetCode's signature spells it this way

from sudoku.formats import parse, to_leetcode
from sudoku.solver import solve


class Solution:
    """LeetCode's entry point; the work is done by ``sudoku.solver.solve``."""

    def solveSudoku(self, board: List[List[str]]) -> None:  # noqa: N802, UP006
        """Fill ``board`` in place with its solution; leave it unchanged if it has none.

        The outer list and each row list keep their identity: only cells change.
        A board that is not 9 rows of 9 digits or ``"."`` raises ``PuzzleError``.
        """
        solution = solve(parse(board))
        if solution is not None:
            for row, solved in zip(board, to_leetcode(solution), strict=True):
                row[:] = solved
