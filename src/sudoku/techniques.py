"""The techniques a person could use, easiest first, and the state they work on.

A person solving on paper keeps **candidates** (pencil marks) in each blank and takes
steps, each either a **placement** (a digit written into a cell) or **eliminations**
(candidates crossed out). This module finds such steps, one technique at a time, in the
order of ``words.TECHNIQUES``: by their rating on Sudoku Explainer's scale (SE, the
enthusiasts' standard), easiest first. The basic techniques are here; fish, wings, the
single-digit patterns, colouring and uniqueness are in ``sudoku.patterns``, chains in
``sudoku.chains``:

==================  ========  ===========================================================
technique           SE        the step
==================  ========  ===========================================================
hidden single       1.2, 1.5  a digit with one place left in a box (row, column) goes there
naked single        2.3       a blank with one candidate left holds it
pointing            2.6       a box's places for a digit all in one line: not elsewhere in it
claiming            2.8       a line's places for a digit all in one box: not elsewhere in it
naked pair          3.0       two cells of a unit holding only the same two digits: those
                              digits leave the rest of the unit (triple 3.6, quad 5.0)
x-wing              3.2       two lines hold a digit only in the same two crossing lines
                              (swordfish 3.8: three; jellyfish 5.2: four)
hidden pair         3.4       two digits with the same two places in a unit: other digits
                              leave those cells (triple 4.0, quad 5.4)
skyscraper ...      4.0-4.5   two-string kite, xy-wing, empty rectangle, xyz-wing,
                              unique rectangle (``sudoku.patterns``)
bug+1               5.6       every blank but one has two candidates (``sudoku.patterns``)
simple colouring    6.6       a digit's conjugate pairs in two colours (``sudoku.patterns``)
x-chain             6.6+      one digit's chain of strong and weak links (``sudoku.chains``)
xy-chain, w-wing    7.0+      chains through two-candidate cells (``sudoku.chains``,
                              ``sudoku.patterns``)
contradiction       8.5+      the last resort: a candidate whose singles break a rule,
chain                         splitting where they stall (9.5+ with one level of splits)
==================  ========  ===========================================================

Units are scanned as people look at a grid: boxes first, then rows, then columns
(``LOOK``); digits ascending; cells in reading order. Each technique's finder returns
the first step that changes something, so every step makes progress.

**State.** A ``Grid`` says which digits are placed; ``marks`` are 81 strings, each
cell's candidates ascending (``""`` for a filled cell). ``marks_of(grid)`` gives the
candidates that the placed digits alone leave; steps then cross out more. A step is
data (``Step``); ``sudoku.saying.say`` puts it in words.

"""

from __future__ import annotations

from sudoku.chains import RATINGS as CHAIN_RATINGS
from sudoku.chains import contradiction_chain, x_chain, xy_chain
from sudoku.grid import BLANK, BOX, COL, DIGITS, PEERS, ROW, UNITS, Grid, checked_grid
from sudoku.patterns import RATINGS as PATTERN_RATINGS
from sudoku.patterns import (
    bug_plus_one,
    empty_rectangle,
    fish,
    simple_colouring,
    skyscraper,
    two_string_kite,
    unique_rectangle,
    w_wing,
    xy_wing,
    xyz_wing,
)
from sudoku.steps import (
    SIZE,
    TEXT,
    Step,
    masks_of,
    new_step,
    places,
    places_mask,
    removals,
    subsets,
)
from sudoku.words import CLAIMING, HIDDEN_SINGLE, NAKED_SINGLE, POINTING, SUBSETS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    Finder = Callable[[Sequence[str]], "Step | None"]
    """A technique: marks to its first step that changes something, or None (a filled
    cell's marks are empty, so the marks alone are the whole state)."""

BOXES = tuple(range(18, 27))
LINES = tuple(range(18))
"""Rows 0-8, then columns 9-17."""
LOOK = BOXES + LINES
"""The units in the order people scan a grid for a step: boxes, then rows, then columns."""

RATINGS = {
    "naked single": 23,
    "pointing": 26,
    "claiming": 28,
    "naked pair": 30,
    "hidden pair": 34,
    "naked triple": 36,
    "hidden triple": 40,
    "naked quad": 50,
    "hidden quad": 54,
}
"""The basic techniques' ratings in tenths of Sudoku Explainer's scale (a hidden single:
12 in a box, 15 in a row or column; the others: ``sudoku.patterns``, ``sudoku.chains``)."""


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


# --- the basic techniques -------------------------------------------------------------------


def naked_single(marks: Sequence[str]) -> Step | None:
    """The first blank with one candidate left: it holds that digit."""
    for cell in range(81):
        if len(marks[cell]) == 1:
            digit = marks[cell]
            return new_step(NAKED_SINGLE, ((cell, digit),), (), (cell,), (), (digit,), 23)
    return None


def hidden_single(marks: Sequence[str]) -> Step | None:
    """The first digit with one place left in a unit (boxes, rows, columns): it goes there.
    Rated 1.2 in a box, 1.5 in a row or column."""
    for unit in LOOK:
        spots = "".join([marks[cell] for cell in UNITS[unit]])
        for digit in DIGITS:
            if spots.count(digit) == 1:
                (cell,) = places(marks, unit, digit)
                tenths = 12 if unit >= 18 else 15
                return new_step(
                    HIDDEN_SINGLE, ((cell, digit),), (), (cell,), (unit,), (digit,), tenths
                )
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
                    return new_step(POINTING, (), gone, where, (box, line), (digit,), 26)
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
                    return new_step(CLAIMING, (), gone, where, (line, box), (digit,), 28)
    return None


def naked_subset(size: int) -> Finder:
    """The finder of naked pairs (2), triples (3) or quads (4): ``size`` cells of a unit
    whose candidates together are ``size`` digits; those digits leave the unit's other cells."""
    name = SUBSETS[size, True]

    def find(marks: Sequence[str]) -> Step | None:
        masks = masks_of(marks)
        for unit in LOOK:
            open_cells = [cell for cell in UNITS[unit] if 2 <= SIZE[masks[cell]] <= size]
            for picks in subsets([masks[cell] for cell in open_cells], size):
                group = tuple([open_cells[i] for i in picks])
                union = 0
                for cell in group:
                    union |= masks[cell]
                digits = TEXT[union]
                others = [cell for cell in UNITS[unit] if cell not in group]
                gone = removals(marks, others, digits)
                if gone:
                    return new_step(name, (), gone, group, (unit,), tuple(digits), RATINGS[name])
        return None

    return find


def hidden_subset(size: int) -> Finder:
    """The finder of hidden pairs (2), triples (3) or quads (4): ``size`` digits whose
    places in a unit are ``size`` cells together; every other digit leaves those cells."""
    name = SUBSETS[size, False]

    def find(marks: Sequence[str]) -> Step | None:
        for unit in LOOK:
            cells = UNITS[unit]
            where = [places_mask(marks, cells, digit) for digit in DIGITS]
            open_digits = [d for d in DIGITS if 2 <= SIZE[where[int(d) - 1]] <= size]
            for picks in subsets([where[int(d) - 1] for d in open_digits], size):
                group = tuple([open_digits[i] for i in picks])
                union = 0
                for d in group:
                    union |= where[int(d) - 1]
                spots = tuple([cells[k] for k in range(9) if union >> k & 1])
                others = "".join([d for d in DIGITS if d not in group])
                gone = removals(marks, spots, others)
                if gone:
                    return new_step(name, (), gone, spots, (unit,), group, RATINGS[name])
        return None

    return find


FINDERS: tuple[Finder, ...] = (
    hidden_single,
    naked_single,
    pointing,
    claiming,
    naked_subset(2),
    fish(2),
    hidden_subset(2),
    naked_subset(3),
    fish(3),
    hidden_subset(3),
    skyscraper,
    two_string_kite,
    xy_wing,
    empty_rectangle,
    xyz_wing,
    unique_rectangle,
    naked_subset(4),
    fish(4),
    hidden_subset(4),
    bug_plus_one,
    simple_colouring,
    x_chain,
    xy_chain,
    w_wing,
)
"""One finder per technique of ``words.TECHNIQUES`` but the last resort (the contradiction
chain, which needs the solution: ``first_step``), in that order: by rating."""


def first_step(
    marks: Sequence[str],
    finders: Sequence[Finder] = FINDERS,
    solution: Grid | None = None,
    last_resort: bool = True,
) -> Step | None:
    """The step of the first technique (in ``finders``' order) that has one, else None.

    ``solution``: the puzzle's one solution, if it has exactly one: then the uniqueness
    techniques are used, and (with ``last_resort``) a contradiction chain, which always
    finds a step while a wrong candidate is left. None (several solutions, or not
    known): neither.
    """
    for find in finders:
        if solution is None and find in UNIQUE_FINDERS:
            continue
        found = find(marks)
        if found is not None:
            return found
    if solution is None or not last_resort:
        return None
    return contradiction_chain(marks, solution)


UNIQUE_FINDERS = (unique_rectangle, bug_plus_one)
"""The finders of the techniques that hold only for a puzzle with one solution."""

TENTHS = {"hidden single": 12}
"""Each technique's rating in tenths (the lowest: a hidden single in a box, a chain of
four links or fewer)."""
for _table in (RATINGS, PATTERN_RATINGS, CHAIN_RATINGS):  # no ** in displays: MicroPython
    TENTHS.update(_table)


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
