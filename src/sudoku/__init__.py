"""Sudoku Lab's core: read, check, solve and trace Sudoku puzzles in pure Python.

Glossary (Norvig's words, used everywhere, UI messages included):

- **cell**: one of the 81 squares, named ``r{row}c{col}`` from ``r1c1`` to ``r9c9``;
  in code an index 0..80 in row-major order.
- **unit**: a row, a column or a 3x3 box: nine cells that must hold 1-9 once each.
- **peer**: a cell that shares a unit with another; every cell has 20 peers.
- **given**: a digit fixed by the puzzle; the other cells are blanks.
- **candidate**: a digit a blank may still take, because no peer holds it.
- **grid**: the one board value, an 81-character string of ``1``-``9`` and ``.``.
- **board**: the LeetCode 37 shape of a grid, 9 lists of 9 one-character strings.
- **node**: one guess placed by a search; **backtrack**: one guess taken back.

The package has no third-party or browser import: it runs unchanged in CPython
3.11+, in Pyodide (the app's solver worker) and in MicroPython (the page and the
widget). What differs between them is handled in one place, ``sudoku.compat``,
imported first: it also lets MicroPython read ``from __future__ import annotations``.
"""

from sudoku import compat  # noqa: F401  (first: the other modules rely on it)
from sudoku.formats import PuzzleError, parse, to_json, to_leetcode, to_line, to_pretty
from sudoku.grid import Board, Grid, cell_name, unit_name
from sudoku.leetcode import Solution
from sudoku.solver import Analysis, analyze, count_solutions, solve
from sudoku.trace import STRATEGIES, Event, replay, trace
from sudoku.validate import Conflict, conflicts, describe

__all__ = [
    "STRATEGIES",
    "Analysis",
    "Board",
    "Conflict",
    "Event",
    "Grid",
    "PuzzleError",
    "Solution",
    "analyze",
    "cell_name",
    "conflicts",
    "count_solutions",
    "describe",
    "parse",
    "replay",
    "solve",
    "to_json",
    "to_leetcode",
    "to_line",
    "to_pretty",
    "trace",
    "unit_name",
]
