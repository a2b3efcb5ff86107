"""Whether a puzzle is proper (one solution), and its solution: searched once per grid
and shared by the hints and the rating, which both need it (the uniqueness techniques and
the last resort use the solution; a puzzle with none, or conflicting givens, is refused:
no logical step can be trusted there).
"""

from __future__ import annotations

from sudoku.formats import PuzzleError
from sudoku.grid import BLANK, Grid, checked_grid
from sudoku.solver import Search
from sudoku.validate import conflicts, describe
from sudoku.words import VERDICT_WORDS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from sudoku.solver import Analysis


def solutions(grid: Grid) -> int:
    """How many solutions ``grid`` has, 1 or 2 (meaning "more than one").

    PuzzleError for conflicting givens (``r1c1 and r1c2 both hold 5 in row 1``) or no
    solution (``no solution``): no logical step can be trusted there. ValueError for a
    malformed grid (``checked_grid``'s words).
    """
    checked_grid(grid)
    clashes = conflicts(grid)
    if clashes:
        raise PuzzleError(describe(clashes[0]))
    found = verdict(grid)["solutions"]
    if not found:
        raise PuzzleError(VERDICT_WORDS["none"])
    return found


def only_solution(grid: Grid) -> Grid | None:
    """The one solution of ``grid``, or None when it has several (PuzzleError when it has
    none or conflicting givens: ``solutions``).

    The last grid found with one solution is remembered (``LAST_SOLVED``): a grid holding
    its digits and more, all agreeing with its solution, has that one solution too (each
    of its solutions solves the smaller grid), so the hints along a path search once."""
    known = solved_before(grid)
    if known is not None:
        return known
    if solutions(grid) > 1:
        return None
    solution = verdict(grid)["solution"]
    assert solution is not None  # solutions found one
    LAST_SOLVED[:] = [grid, solution]
    return solution


LAST_SOLVED: list[Grid] = []
"""The last grid found to have one solution (by ``only_solution`` or ``rating_walk``),
and that solution (or nothing)."""


def verdict(grid: Grid) -> Analysis:
    """``solver.analyze(grid, 2)``: no, one or several solutions (0, 1, 2) and the first
    found, from the search of ``grid``'s solutions (``search_of``), run to its end.

    One search serves every question about one grid: a hint asked the instant a puzzle
    loads, while the puzzle's rating is searching its solutions in slices, waits for the
    rest of that search, instead of for three of its own (one for a solution, two for
    ``only_solution``: 30-60 ms more on forum puzzles in the browser)."""
    search = search_of(grid)
    search.run()
    return search.result()


def search_of(grid: Grid) -> Search:
    """The search of ``grid``'s solutions (``limit`` 2): the last one made (``SOLVING``),
    finished or under way, if it was for ``grid``; else a new one, kept instead."""
    if not SOLVING or SOLVING[0] != grid:
        SOLVING[:] = [grid, Search(grid, 2)]
    search: Search = SOLVING[1]
    return search


SOLVING: list[Any] = []
"""The grid whose solutions were searched last, and its ``Search`` (``search_of``)."""


def solved_before(grid: Grid) -> Grid | None:
    """The one solution of ``grid`` when it extends the grid last found to have one
    (``LAST_SOLVED``: see ``only_solution``), else None (not known)."""
    if LAST_SOLVED and extends(grid, LAST_SOLVED[0], LAST_SOLVED[1]):
        return LAST_SOLVED[1]
    return None


def extends(grid: Grid, smaller: Grid, solution: Grid) -> bool:
    """Whether ``grid`` (any value) holds every digit of ``smaller`` and only digits of
    ``solution``: 81 characters, each ``.`` where ``smaller`` has a blank, or the
    solution's digit."""
    if not isinstance(grid, str) or len(grid) != 81:
        return False
    for cell in range(81):
        char = grid[cell]
        if char != solution[cell] and (char != BLANK or smaller[cell] != BLANK):
            return False
    return True
