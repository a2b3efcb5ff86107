"""Logical steps a person could take, easiest first: hints, paths, ratings and levels.

The package's questions about logical steps, answered here from four modules, each with
one job: ``sudoku.techniques`` (the state, the techniques and their order),
``sudoku.proper`` (the puzzle's one solution, searched once), ``sudoku.rating`` (the
rating walk, levels) and ``sudoku.saying`` (a step in words). The techniques beyond the
basic ones are in ``sudoku.patterns`` and ``sudoku.chains``.

**Never stuck.** On a puzzle with one solution the last resort always finds a step while
a blank is left (``sudoku.chains`` says why), so ``solve_path`` always ends solved.

**Soundness.** Every technique here only concludes what holds in every solution (the
uniqueness ones, in the one solution of a proper puzzle: they are used only there), so
on a puzzle with a solution no step removes a solution's digit or places a wrong one
(the unit tests check this on the shared puzzle sets against the solver, and restate
each rule). That is why the public functions first refuse a puzzle with conflicting
givens or no solution (``PuzzleError``, in the words of ``validate.describe`` and
``solve``). Marks passed in by a caller are trusted to keep the solution's digits (those
made by ``apply_step`` from ``marks_of`` always do). A reader's wrong entry leaves no
solution: ``wrong_entry`` names it first.
"""

from __future__ import annotations

from sudoku.chains import refutations
from sudoku.grid import BLANK, Grid, cell_name, checked_grid
from sudoku.proper import (
    LAST_SOLVED,
    extends,
    only_solution,
    search_of,
    solutions,
    solved_before,
    verdict,
)
from sudoku.rating import (
    LEVEL_TOPS,
    Rating,
    level_of_rating,
    path_rating,
    path_walk,
    rate,
    rating_walk,
    state_key,
)
from sudoku.saying import chain_steps, ending, say
from sudoku.steps import Step, new_step
from sudoku.techniques import (
    FINDERS,
    TENTHS,
    apply_step,
    checked_marks,
    first_step,
    hidden_subset,
    marks_of,
    naked_subset,
    play,
)
from sudoku.words import WRONG_ENTRY

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence

__all__ = [
    "FINDERS",
    "LAST_SOLVED",
    "LEVEL_TOPS",
    "TENTHS",
    "Rating",
    "Step",
    "apply_step",
    "chain_steps",
    "ending",
    "extends",
    "first_step",
    "hidden_subset",
    "level_of_rating",
    "marks_of",
    "naked_subset",
    "next_step",
    "only_solution",
    "path_rating",
    "path_walk",
    "rate",
    "rating_walk",
    "say",
    "search_of",
    "solutions",
    "solve_path",
    "solved_before",
    "state_key",
    "step_search",
    "verdict",
    "wrong_entry",
]


# --- the public questions ----------------------------------------------------------------


def next_step(grid: Grid, marks: Sequence[str] | None = None) -> Step | None:
    """The easiest step from ``grid`` (with ``marks``, else its own candidates), or None
    when the grid is full or no technique applies (only possible with several solutions,
    or marks that lost a solution's digit).

    PuzzleError for conflicting givens or no solution (see ``solutions``).
    """
    found = None
    for piece in step_search(grid, marks):
        found = piece
    return found


def step_search(grid: Grid, marks: Sequence[str] | None = None) -> Iterator[Step | None]:
    """``next_step`` in pieces, for a caller that must stay responsive (the app's worker,
    asking ahead of the reader): None at each pause of a contradiction chain's search
    (``chains.refutations``), then the step if there is one; the last value, either
    way, is ``next_step``'s."""
    solution = only_solution(grid)
    checked = checked_marks(grid, marks)
    found = first_step(checked, solution=solution, last_resort=False)
    if found is not None or solution is None:
        yield found
        return
    yield from refutations(checked, solution)


def wrong_entry(givens: Grid, grid: Grid) -> Step | None:
    """The first entry of ``grid`` (a digit where ``givens`` has a blank), in reading order,
    that the puzzle's solution does not hold, as a step to show before any hint (technique
    ``words.WRONG_ENTRY``, its cell and digit, nothing placed or removed); None when every
    entry agrees with the solution, or when the givens have several (a hint then reasons
    from the entries, as from givens).

    PuzzleError for conflicting givens or none (``solutions``); ValueError for a malformed
    grid, or a ``grid`` that changes a given.
    """
    checked_grid(grid)
    for cell in range(81):
        if givens[cell] != BLANK and grid[cell] != givens[cell]:
            raise ValueError(f"{cell_name(cell)}: the board changes the given {givens[cell]}")
    solution = only_solution(givens)
    if solution is None:
        return None
    for cell in range(81):
        if grid[cell] != BLANK and grid[cell] != solution[cell]:
            return new_step(WRONG_ENTRY, (), (), (cell,), (), (grid[cell],), 0)
    return None


def solve_path(grid: Grid) -> tuple[list[Step], Grid]:
    """The logical path from ``grid``: the easiest step each time, until the grid is full
    (always, for a puzzle with one solution) or no technique applies. Returns the steps
    and the grid reached (with blanks if stuck).

    PuzzleError for conflicting givens or no solution (see ``solutions``).
    """
    solution = only_solution(grid)
    cells, marks = list(grid), marks_of(grid)
    steps: list[Step] = []
    while BLANK in cells:
        found = first_step(marks, solution=solution)
        if found is None:
            break
        play(cells, marks, found)
        steps.append(found)
    return steps, "".join(cells)
