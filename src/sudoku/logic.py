"""Logical steps a person could take, easiest technique first: hints, paths and levels.

A person solving on paper keeps **candidates** (pencil marks) in each blank and takes
steps, each either a **placement** (a digit written into a cell) or **eliminations**
(candidates crossed out). This module finds such steps, one technique at a time, in
the order of ``words.TECHNIQUES``, easiest first:

==============  ======  =================================================================
technique       level   the step
==============  ======  =================================================================
naked single    easy    a blank with one candidate left holds it
hidden single   easy    a digit with one place left in a unit goes there
pointing        medium  a box's places for a digit all in one line: not elsewhere in it
claiming        medium  a line's places for a digit all in one box: not elsewhere in it
naked pair      medium  two cells of a unit with the same two candidates: those digits
                        leave the rest of the unit
hidden pair     medium  two digits with the same two places in a unit: other digits
                        leave those cells
naked triple    hard    three cells of a unit holding only three digits between them
hidden triple   hard    three digits with only three places between them in a unit
x-wing          hard    two lines holding a digit only in the same two crossing lines:
                        the digit leaves the rest of those crossing lines
==============  ======  =================================================================

Units are scanned as people look at a grid: boxes first, then rows, then columns
(``LOOK``); digits ascending; cells in reading order. Each technique's finder returns
the first step that changes something, so every step makes progress.

**Levels** (``rate``): the path takes the easiest step available each time; a puzzle's
level is the hardest technique its path needs, from the table above: *easy* when
singles alone solve it, *medium* when it also needs locked candidates (pointing,
claiming) or pairs, *hard* when it needs a triple or an x-wing, and *expert* when
these techniques get stuck before the end (it needs a harder technique, or guessing).

**State.** A ``Grid`` says which digits are placed; ``marks`` are 81 strings, each
cell's candidates ascending (``""`` for a filled cell). ``marks_of(grid)`` gives the
candidates that the placed digits alone leave; steps then cross out more. A step is
data (``Step``); ``say(step)`` puts it in words, as the CLI's ``hint`` prints it.

**Soundness.** Every technique here only concludes what holds in every solution, so on
a puzzle with a solution no step removes a solution's digit or places a wrong one (the
unit tests check this on the shared puzzle sets against the solver). That is why the
public functions first refuse a puzzle with conflicting givens or no solution
(``PuzzleError``, in the words of ``validate.describe`` and ``solve``). Marks passed in
by a caller are trusted to keep the solution's digits (those made by ``apply_step``
from ``marks_of`` always do).
"""

from __future__ import annotations

from collections import namedtuple

from sudoku.formats import PuzzleError
from sudoku.grid import BLANK, BOX, COL, DIGITS, PEERS, ROW, UNITS, Grid, cell_name, checked_grid
from sudoku.grid import unit_name as name_of_unit
from sudoku.solver import count_solutions
from sudoku.validate import conflicts, describe
from sudoku.words import (
    CLAIMING,
    HIDDEN_SINGLE,
    LEVELS,
    NAKED_SINGLE,
    POINTING,
    SOLVED,
    SUBSETS,
    TECHNIQUES,
    VERDICT_WORDS,
    X_WING,
    both_units,
    hint,
    hold_only,
    holds_only_in,
    listing,
    only_candidate,
    only_place,
    placement,
    removal,
    stuck,
    wing,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import TypeVar

    T = TypeVar("T")

    Finder = Callable[[Sequence[str]], "Step | None"]
    """A technique: marks to its first step that changes something, or None (a filled
    cell's marks are empty, so the marks alone are the whole state)."""

BOXES = tuple(range(18, 27))
LINES = tuple(range(18))
"""Rows 0-8, then columns 9-17."""
LOOK = BOXES + LINES
"""The units in the order people scan a grid for a step: boxes, then rows, then columns."""


class Step(
    namedtuple("Step", ["technique", "placements", "eliminations", "cells", "units", "digits"])
):
    """One logical step, as data.

    - ``technique``: its name, one of ``words.TECHNIQUES``;
    - ``placements``: ((cell, digit), ...) written by the step (a single: one);
    - ``eliminations``: ((cell, digit), ...) crossed out, sorted by digit then cell;
    - ``cells``: the cells that justify it (the single's cell, a box's places for the
      pointed digit, a subset's cells, an x-wing's four corners), ascending;
    - ``units``: the units (0-26) it reasons about: a hidden single's or subset's unit;
      pointing (box, line); claiming (line, box); x-wing (line, line, crossing,
      crossing); none for a naked single;
    - ``digits``: the digits it is about, ascending.

    Cells are ints 0-80 and digits one-character strings, as everywhere in the core.
    A ``collections.namedtuple``: ``typing.NamedTuple`` does not exist in MicroPython.
    """

    __slots__ = ()


# The level of each technique: the mapping the module docstring states (rate uses it).
LEVEL_OF = {
    "naked single": "easy",
    "hidden single": "easy",
    "pointing": "medium",
    "claiming": "medium",
    "naked pair": "medium",
    "hidden pair": "medium",
    "naked triple": "hard",
    "hidden triple": "hard",
    "x-wing": "hard",
}
"""Each technique's level: singles easy; locked candidates and pairs medium; triples and
x-wings hard. A puzzle these cannot finish is expert."""


# --- the state: cells and their candidates ---------------------------------------------


def marks_of(grid: Grid) -> list[str]:
    """Each cell's candidates as the placed digits leave them: the digits no peer holds,
    ascending, for a blank; ``""`` for a filled cell. ValueError for a malformed grid."""
    checked_grid(grid)
    return [candidates(grid, cell) if value == BLANK else "" for cell, value in enumerate(grid)]


def candidates(grid: Grid, cell: int) -> str:
    """The digits no peer of ``cell`` holds, ascending."""
    held = {grid[peer] for peer in PEERS[cell]}
    return "".join([d for d in DIGITS if d not in held])


def place(cells: list[str], marks: list[str], cell: int, digit: str) -> None:
    """Write ``digit`` into ``cell``: it leaves the candidates of the cell's 20 peers."""
    cells[cell] = digit
    marks[cell] = ""
    for peer in PEERS[cell]:
        if digit in marks[peer]:
            marks[peer] = marks[peer].replace(digit, "")


def play(cells: list[str], marks: list[str], step: Step) -> None:
    """Apply ``step`` to ``cells`` and ``marks`` in place: its placements, its eliminations."""
    for cell, digit in step.placements:
        place(cells, marks, cell, digit)
    for cell, digit in step.eliminations:
        marks[cell] = marks[cell].replace(digit, "")


def apply_step(grid: Grid, marks: Sequence[str], step: Step) -> tuple[Grid, list[str]]:
    """The grid and marks after ``step`` (new values: the arguments are not changed)."""
    cells, after = list(grid), list(marks)
    play(cells, after, step)
    return "".join(cells), after


def places(marks: Sequence[str], unit: int, digit: str) -> tuple[int, ...]:
    """The cells of ``unit`` where ``digit`` is still a candidate, ascending."""
    return tuple([cell for cell in UNITS[unit] if digit in marks[cell]])


def removals(
    marks: Sequence[str], cells: Sequence[int], digits: str
) -> tuple[tuple[int, str], ...]:
    """The (cell, digit) pairs of ``digits`` still marked in ``cells``: by digit, then cell."""
    return tuple([(cell, d) for d in digits for cell in sorted(cells) if d in marks[cell]])


def combinations(items: Sequence[T], size: int) -> list[tuple[T, ...]]:
    """Every choice of ``size`` items, in order (``itertools`` has none in MicroPython)."""
    if size == 0:
        return [()]
    return [
        (items[i],) + rest  # noqa: RUF005 (no star-unpacking in displays: MicroPython)
        for i in range(len(items) - size + 1)
        for rest in combinations(items[i + 1 :], size - 1)
    ]


# --- the techniques, easiest first -------------------------------------------------------


def naked_single(marks: Sequence[str]) -> Step | None:
    """The first blank with one candidate left: it holds that digit."""
    for cell in range(81):
        if len(marks[cell]) == 1:
            digit = marks[cell]
            return Step(NAKED_SINGLE, ((cell, digit),), (), (cell,), (), (digit,))
    return None


def hidden_single(marks: Sequence[str]) -> Step | None:
    """The first digit with one place left in a unit (boxes, rows, columns): it goes there."""
    for unit in LOOK:
        spots = "".join([marks[cell] for cell in UNITS[unit]])
        for digit in DIGITS:
            if spots.count(digit) == 1:
                (cell,) = places(marks, unit, digit)
                return Step(HIDDEN_SINGLE, ((cell, digit),), (), (cell,), (unit,), (digit,))
    return None


def line_of(cells: Sequence[int]) -> tuple[int, ...]:
    """The row and the column (units) that hold all of ``cells``, if any."""
    rows = {ROW[cell] for cell in cells}
    cols = {COL[cell] for cell in cells}
    return tuple([ROW[cells[0]]] if len(rows) == 1 else []) + tuple(
        [9 + COL[cells[0]]] if len(cols) == 1 else []
    )


def pointing(marks: Sequence[str]) -> Step | None:
    """A box whose places for a digit lie in one line: the digit leaves the rest of that line."""
    for box in BOXES:
        for digit in DIGITS:
            where = places(marks, box, digit)
            for line in line_of(where) if where else ():
                outside = [cell for cell in UNITS[line] if 18 + BOX[cell] != box]
                gone = removals(marks, outside, digit)
                if gone:
                    return Step(POINTING, (), gone, where, (box, line), (digit,))
    return None


def claiming(marks: Sequence[str]) -> Step | None:
    """A line whose places for a digit lie in one box: the digit leaves the rest of that box."""
    for line in LINES:
        for digit in DIGITS:
            where = places(marks, line, digit)
            if where and len({BOX[cell] for cell in where}) == 1:
                box = 18 + BOX[where[0]]
                outside = [cell for cell in UNITS[box] if cell not in UNITS[line]]
                gone = removals(marks, outside, digit)
                if gone:
                    return Step(CLAIMING, (), gone, where, (line, box), (digit,))
    return None


def naked_subset(size: int) -> Finder:
    """The finder of naked pairs (2) or triples (3): ``size`` cells of a unit whose
    candidates together are ``size`` digits; those digits leave the unit's other cells."""

    def find(marks: Sequence[str]) -> Step | None:
        for unit in LOOK:
            open_cells = [cell for cell in UNITS[unit] if 2 <= len(marks[cell]) <= size]
            for group in combinations(open_cells, size):
                digits = "".join(sorted({d for cell in group for d in marks[cell]}))
                if len(digits) == size:
                    others = [cell for cell in UNITS[unit] if cell not in group]
                    gone = removals(marks, others, digits)
                    if gone:
                        return Step(SUBSETS[size, True], (), gone, group, (unit,), tuple(digits))
        return None

    return find


def hidden_subset(size: int) -> Finder:
    """The finder of hidden pairs (2) or triples (3): ``size`` digits whose places in a
    unit are ``size`` cells together; every other digit leaves those cells."""

    def find(marks: Sequence[str]) -> Step | None:
        for unit in LOOK:
            where = [places(marks, unit, digit) for digit in DIGITS]
            open_digits = [d for d in DIGITS if 2 <= len(where[int(d) - 1]) <= size]
            for group in combinations(open_digits, size):
                spots = tuple(sorted({cell for d in group for cell in where[int(d) - 1]}))
                if len(spots) == size:
                    others = "".join([d for d in DIGITS if d not in group])
                    gone = removals(marks, spots, others)
                    if gone:
                        return Step(SUBSETS[size, False], (), gone, spots, (unit,), group)
        return None

    return find


def x_wing(marks: Sequence[str]) -> Step | None:
    """Two rows holding a digit only in the same two columns (or two columns, in the same
    two rows): whichever way it goes, those columns get it there, so it leaves the rest
    of them."""
    for digit in DIGITS:
        for lines, crossing, offset in ((range(9), COL, 9), (range(9, 18), ROW, 0)):
            pairs = {}
            for line in lines:
                where = places(marks, line, digit)
                if len(where) == 2:
                    pairs[line] = where
            for first, second in combinations(sorted(pairs), 2):
                a, b = pairs[first], pairs[second]
                if [crossing[cell] for cell in a] != [crossing[cell] for cell in b]:
                    continue
                covers = tuple([offset + crossing[cell] for cell in a])
                corners = tuple(sorted(a + b))
                others = [c for cover in covers for c in UNITS[cover] if c not in corners]
                gone = removals(marks, others, digit)
                if gone:
                    units = (first, second) + covers  # noqa: RUF005 (MicroPython)
                    return Step(X_WING, (), gone, corners, units, (digit,))
    return None


FINDERS: tuple[Finder, ...] = (
    naked_single,
    hidden_single,
    pointing,
    claiming,
    naked_subset(2),
    hidden_subset(2),
    naked_subset(3),
    hidden_subset(3),
    x_wing,
)
"""One finder per technique, in the order of ``words.TECHNIQUES``: easiest first."""


def first_step(marks: Sequence[str], finders: Sequence[Finder] = FINDERS) -> Step | None:
    """The step of the first technique (in ``finders``' order) that has one, else None."""
    for find in finders:
        step = find(marks)
        if step is not None:
            return step
    return None


# --- refusing what has no logical path ---------------------------------------------------


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
    found = count_solutions(grid, 2)
    if not found:
        raise PuzzleError(VERDICT_WORDS["none"])
    return found


def checked_marks(grid: Grid, marks: Sequence[str] | None) -> list[str]:
    """``marks`` for ``grid``: the caller's, kept only where the placed digits allow them
    (so no mark can bring back a digit a peer holds), or ``marks_of(grid)`` for None.

    ValueError unless ``marks`` is 81 strings of digits."""
    derived = marks_of(grid)
    if marks is None:
        return derived
    if isinstance(marks, str) or len(marks) != 81 or not all(isinstance(m, str) for m in marks):
        raise ValueError("marks must be 81 strings of candidate digits, one per cell")
    return ["".join([d for d in derived[cell] if d in marks[cell]]) for cell in range(81)]


# --- the public questions ----------------------------------------------------------------


def next_step(grid: Grid, marks: Sequence[str] | None = None) -> Step | None:
    """The easiest step from ``grid`` (with ``marks``, else its own candidates), or None
    when no technique applies (or the grid is full).

    PuzzleError for conflicting givens or no solution (see ``solutions``).
    """
    solutions(grid)
    return first_step(checked_marks(grid, marks))


def solve_path(grid: Grid) -> tuple[list[Step], Grid]:
    """The logical path from ``grid``: the easiest step each time, until the grid is full
    or no technique applies. Returns the steps and the grid reached (with blanks if stuck).

    PuzzleError for conflicting givens or no solution (see ``solutions``).
    """
    solutions(grid)
    cells, marks = list(grid), marks_of(grid)
    steps: list[Step] = []
    while True:
        step = first_step(marks)
        if step is None:
            return steps, "".join(cells)
        play(cells, marks, step)
        steps.append(step)


def rate(grid: Grid) -> str:
    """The puzzle's level, one of ``words.LEVELS``: the hardest technique its logical path
    needs (``LEVEL_OF``), or ``expert`` when the techniques here cannot finish it.

    A proper puzzle only: PuzzleError for conflicting givens, no solution, or more than
    one (a puzzle with several solutions has no level: no logic can finish it).
    """
    if solutions(grid) > 1:
        raise PuzzleError(VERDICT_WORDS["multiple"] + ": only a proper puzzle has a level")
    hardest = hardest_level(list(grid), marks_of(grid), len(LEVELS) - 2)
    return LEVELS[-1] if hardest is None else LEVELS[hardest]


LEVEL_NUMBER = {technique: LEVELS.index(level) for technique, level in LEVEL_OF.items()}
"""Each technique's level as its index in ``words.LEVELS``: 0 easy, 1 medium, 2 hard."""


def hardest_level(cells: list[str], marks: list[str], ceiling: int) -> int | None:
    """The hardest level (an index of ``LEVELS``) that the logical path from this state
    needs, using techniques up to level ``ceiling`` only; None if they get stuck.

    The same answer as ``solve_path``'s steps, faster (the generator asks it for every
    given it tries to remove): all the singles at hand are placed at once, since singles
    never hide one another and so reach the same state in any order; only then is a
    harder technique looked for, as ``solve_path`` does. Changes ``cells`` and ``marks``.
    """
    finders = [FINDERS[i] for i, name in enumerate(TECHNIQUES) if LEVEL_NUMBER[name] <= ceiling]
    hardest = 0
    while True:
        fill_singles(cells, marks)
        if BLANK not in cells:
            return hardest
        step = first_step(marks, finders[2:])
        if step is None:
            return None
        hardest = max(hardest, LEVEL_NUMBER[step.technique])
        play(cells, marks, step)


def fill_singles(cells: list[str], marks: list[str]) -> None:
    """Place naked and hidden singles, as many at a time as are found, until none is left.

    A single found stale (its cell filled, its digit gone: only possible on a puzzle
    without solution) is skipped, so this always ends.
    """
    while True:
        found = [(cell, marks[cell]) for cell in range(81) if len(marks[cell]) == 1]
        if not found:
            found = hidden_singles(marks)
            if not found:
                return
        for cell, digit in found:
            if cells[cell] == BLANK and digit in marks[cell]:
                place(cells, marks, cell, digit)


def hidden_singles(marks: Sequence[str]) -> list[tuple[int, str]]:
    """Every (cell, digit) where the digit has one place left in some unit."""
    found = []
    for unit in LOOK:
        spots = "".join([marks[cell] for cell in UNITS[unit]])
        found += [(places(marks, unit, d)[0], d) for d in DIGITS if spots.count(d) == 1]
    return found


# --- in words ----------------------------------------------------------------------------


def names(cells: Sequence[int]) -> list[str]:
    """The cells' names."""
    return [cell_name(cell) for cell in cells]


REASONS: dict[str, Callable[[Step], str]] = {
    "naked single": lambda s: only_candidate(cell_name(s.cells[0])),
    "hidden single": lambda s: only_place(s.digits[0], name_of_unit(s.units[0])),
    "pointing": lambda s: holds_only_in(
        name_of_unit(s.units[0]), list(s.digits), name_of_unit(s.units[1])
    ),
    "claiming": lambda s: holds_only_in(
        name_of_unit(s.units[0]), list(s.digits), name_of_unit(s.units[1])
    ),
    "naked pair": lambda s: hold_only(names(s.cells), list(s.digits), name_of_unit(s.units[0])),
    "naked triple": lambda s: hold_only(names(s.cells), list(s.digits), name_of_unit(s.units[0])),
    "hidden pair": lambda s: holds_only_in(
        name_of_unit(s.units[0]), list(s.digits), listing(names(s.cells))
    ),
    "hidden triple": lambda s: holds_only_in(
        name_of_unit(s.units[0]), list(s.digits), listing(names(s.cells))
    ),
    "x-wing": lambda s: wing(
        both_units(name_of_unit(s.units[0]), name_of_unit(s.units[1])),
        s.digits[0],
        both_units(name_of_unit(s.units[2]), name_of_unit(s.units[3])),
    ),
}
"""Why each technique's step holds, in words (``words`` holds the phrases)."""


def action(step: Step) -> str:
    """What the step does: ``r3c5 = 7``, or ``remove 3 from r1c1, r1c2; remove 7 from r1c1``."""
    if step.placements:
        return "; ".join([placement(cell_name(cell), d) for cell, d in step.placements])
    digits = sorted({d for _, d in step.eliminations})
    return "; ".join(
        [removal(d, [cell_name(cell) for cell, e in step.eliminations if e == d]) for d in digits]
    )


def say(step: Step) -> str:
    """The step in one line: its technique, what it does, and why, as ``hint`` prints it:
    ``hidden single: r3c5 = 7 (the only place for 7 in box 2)``."""
    return hint(step.technique, action(step), REASONS[step.technique](step))


def ending(grid: Grid) -> str:
    """The last line of a logical path that reached ``grid``: ``solved``, or where it is
    stuck and how many blanks are left (and why, if the puzzle has several solutions)."""
    left = grid.count(BLANK)
    if not left:
        return SOLVED
    return stuck(left, unique=count_solutions(grid, 2) == 1)
