"""Logical steps a person could take, easiest first: hints, paths, ratings and levels.

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
skyscraper ...      4.0-4.5   two-string kite, xy-wing, empty rectangle, xyz-wing, w-wing,
                              unique rectangle, simple colouring (``sudoku.patterns``)
bug+1               5.6       every blank but one has two candidates (``sudoku.patterns``)
x-chain, xy-chain   6.6+      chains of strong and weak links (``sudoku.chains``)
contradiction       7.5+      the last resort: a candidate whose singles break a rule,
chain                         splitting where they stall (8.5+ with one level of splits)
==================  ========  ===========================================================

Units are scanned as people look at a grid: boxes first, then rows, then columns
(``LOOK``); digits ascending; cells in reading order. Each technique's finder returns
the first step that changes something, so every step makes progress.

**Never stuck.** On a puzzle with one solution the last resort always finds a step while
a blank is left (``sudoku.chains`` says why), so ``solve_path`` always ends solved.

**Ratings and levels** (``rate``): the path takes the easiest step each time; a puzzle's
rating is its hardest step's, and its level the range of ``LEVEL_TOPS`` that holds it:

=========  ==========  ==============================================================
level      rating      what it takes
=========  ==========  ==============================================================
easy       up to 2.3   singles
medium     2.4 - 3.4   locked candidates, naked and hidden pairs, x-wings
hard       3.5 - 4.6   triples, swordfish, skyscrapers, kites, wings, empty rectangles,
                       unique rectangles, simple colouring
expert     4.7 - 7.4   quads, jellyfish, bug+1, x-chains, xy-chains
extreme    7.5 and up  contradiction chains
=========  ==========  ==============================================================

**State.** A ``Grid`` says which digits are placed; ``marks`` are 81 strings, each
cell's candidates ascending (``""`` for a filled cell). ``marks_of(grid)`` gives the
candidates that the placed digits alone leave; steps then cross out more. A step is
data (``Step``); ``say(step)`` puts it in words, as the CLI's ``hint`` prints it.

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

from collections import namedtuple

from sudoku import words
from sudoku.chains import RATINGS as CHAIN_RATINGS
from sudoku.chains import contradiction_chain, refutations, x_chain, xy_chain
from sudoku.formats import PuzzleError
from sudoku.grid import BLANK, BOX, COL, DIGITS, PEERS, ROW, UNITS, Grid, cell_name, checked_grid
from sudoku.grid import unit_name as name_of_unit
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
from sudoku.solver import Search
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
    WRONG_ENTRY,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Sequence
    from typing import Any

    from sudoku.chains import Link
    from sudoku.solver import Analysis

    Finder = Callable[[Sequence[str]], "Step | None"]
    """A technique: marks to its first step that changes something, or None (a filled
    cell's marks are empty, so the marks alone are the whole state)."""

__all__ = [
    "Step",
    "apply_step",
    "chain_steps",
    "marks_of",
    "next_step",
    "rate",
    "rating_walk",
    "say",
    "solve_path",
    "wrong_entry",
]

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

Rating = namedtuple("Rating", ["rating", "level"])
"""A puzzle's rating (its hardest step's, in tenths) and its level (one of ``LEVELS``)."""

LEVEL_TOPS = (23, 34, 46, 74, 1000)
"""The highest rating of each level of ``LEVELS``, in tenths: easy up to 2.3 (singles),
medium up to 3.4 (locked candidates, pairs, x-wing), hard up to 4.6 (triples, swordfish,
wings, the single-digit patterns, colouring, unique rectangles), expert up to 7.4 (quads,
jellyfish, bug+1, x- and xy-chains), extreme past it (a contradiction chain)."""


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
    w_wing,
    unique_rectangle,
    simple_colouring,
    naked_subset(4),
    fish(4),
    hidden_subset(4),
    bug_plus_one,
    x_chain,
    xy_chain,
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


def rate(grid: Grid) -> Rating:
    """The puzzle's rating and level: the hardest step of its logical path (on Sudoku
    Explainer's scale), and the level whose range (``LEVEL_TOPS``) holds it.

    A proper puzzle only: PuzzleError for conflicting givens, no solution, or more than
    one (a puzzle with several solutions has no level: no logic can finish it).
    """
    tenths = 0
    for hardest in rating_walk(grid):
        tenths = hardest
    return Rating(tenths, level_of_rating(tenths))


SEARCH_CHUNK = 64
"""Guesses of the uniqueness search between two yields of ``rating_walk`` (about a
millisecond in CPython): the worst puzzles take seconds to prove, in slices."""


def rating_walk(
    grid: Grid,
    known: dict[str, Step] | None = None,
    searching: dict[str, Iterator[Step | None]] | None = None,
) -> Iterator[int]:
    """``rate`` a step at a time, for a caller that must stay responsive (the app's
    worker): yields 0 while the puzzle's one solution is searched (``SEARCH_CHUNK``
    guesses at a time: a worst case takes long), then the hardest rating so far (tenths)
    after each step of the path and at each pause of a contradiction chain's search
    (``path_walk``), the last one the puzzle's rating (``level_of_rating`` gives its level).
    The refusals of ``rate`` (PuzzleError) come as the search ends.

    ``known``: steps already found, by ``state_key``, taken instead of searched again,
    and where the walk puts each step it finds past the singles; ``searching``: where it
    shows its contradiction-chain search under way (see ``path_walk``)."""
    checked_grid(grid)
    clashes = conflicts(grid)
    if clashes:
        raise PuzzleError(describe(clashes[0]))
    search = search_of(grid)  # a hint asked meanwhile runs it on (``verdict``)
    while not search.run(SEARCH_CHUNK):
        yield 0
    found = search.result()
    if not found["solutions"]:
        raise PuzzleError(VERDICT_WORDS["none"])
    if found["solutions"] > 1:
        raise PuzzleError(VERDICT_WORDS["multiple"] + ": only a proper puzzle has a level")
    solution = found["solution"]
    assert solution is not None  # one solution found
    LAST_SOLVED[:] = [grid, solution]  # the puzzle's hints search no more
    cells, marks = list(grid), marks_of(grid)
    for tenths in path_walk(cells, marks, solution, 1000, known=known, searching=searching):
        assert tenths is not None  # no ceiling: the last resort always finishes
        yield tenths


def level_of_rating(tenths: int) -> str:
    """The level (one of ``LEVELS``) of a rating in tenths: the first whose top is as high."""
    return next(LEVELS[i] for i, top in enumerate(LEVEL_TOPS) if tenths <= top)


def path_rating(
    cells: list[str], marks: list[str], solution: Grid | None, ceiling: int
) -> int | None:
    """The highest rating (tenths) of the logical path from this state, using techniques
    rated up to ``ceiling`` only (their ratings before the chain lengths count); None if
    those get stuck. ``solution``: the one solution (None: not known, or several; no
    uniqueness technique then, nor the last resort). Changes ``cells`` and ``marks``.
    """
    hardest: int | None = 0
    for now in path_walk(cells, marks, solution, ceiling):
        hardest = now
    return hardest


def path_walk(  # noqa: PLR0913 (the state, its solution and ceiling, two shared tables)
    cells: list[str],
    marks: list[str],
    solution: Grid | None,
    ceiling: int,
    *,
    known: dict[str, Step] | None = None,
    searching: dict[str, Iterator[Step | None]] | None = None,
) -> Iterator[int | None]:
    """``path_rating`` a step at a time: the hardest rating so far after each step (and
    again at each pause of a contradiction chain's search, ``chains.refutations``: it can
    take long), then None if the techniques allowed get stuck (and no more).

    While only singles are needed, they are placed all at once (the same state in any
    order): their ratings are the path's (1.2 box, 1.5 line, 2.3 naked) for the easiest
    single on hand each time is counted, as the step-by-step path takes it.

    ``known`` (every technique allowed and ``solution`` known only: then a state's step is
    ``first_step``'s, the one a hint gives): steps found before, by ``state_key``, taken
    instead of searched again (one that comes while a contradiction chain is searched for
    its state ends that search at its next pause); each step found past the singles is
    put there. The app's worker shares it between a puzzle's rating and its hints, so a
    chain is searched once. ``searching`` (with ``known``): the searches under way, by
    ``state_key``, each a generator of pieces as ``chains.refutations`` (or
    ``step_search``, a hint's): the walk goes on with one it finds for its state, and
    puts its own there while it searches, so that a hint asked for that very state goes
    on with it instead of starting over (the walk searches in pieces, between the
    worker's other calls: a hint asked meanwhile would throw away what the walk did);
    the walk then takes the step found.
    """
    finders = [FINDERS[i] for i in range(2, len(FINDERS)) if TENTHS[TECHNIQUES[i]] <= ceiling]
    last_resort = TENTHS[TECHNIQUES[-1]] <= ceiling
    hardest = 0
    while BLANK in cells:
        hardest = max(hardest, fill_singles(cells, marks))
        if BLANK not in cells:
            yield hardest
            break
        key = state_key(cells, marks) if known is not None else ""
        found = known.get(key) if known is not None else None
        search = searching.get(key) if searching is not None else None  # a hint's
        if found is None and search is None:
            found = first_step(marks, finders, solution, False)
        if found is None and last_resort and solution is not None:
            search = search or refutations(marks, solution)
            if searching is not None:
                searching[key] = search
            for piece in search:
                # a pause (None) may find the step found meanwhile (a hint, in the worker)
                found = piece if piece is not None or known is None else known.get(key)
                if found is not None:
                    break
                yield hardest  # a pause in the last resort's search: nothing new
            else:  # a hint ran the search on to its step, and kept it
                found = known.get(key) if known is not None else None
            if searching is not None:
                searching.pop(key, None)
        if found is not None and known is not None:
            known[key] = found
        if found is None:
            yield None
            return
        hardest = max(hardest, found.rating)
        play(cells, marks, found)
        yield hardest


def state_key(cells: Sequence[str], marks: Sequence[str]) -> str:
    """A state of a logical path as one text, its grid then its marks: where a step found
    for it is kept (``path_walk``'s ``known``). A state's step depends on its marks and
    the puzzle's solution alone, so within one puzzle the key names the step."""
    return "".join(cells) + "|" + "|".join(marks)


def fill_singles(cells: list[str], marks: list[str]) -> int:
    """Place singles until none is left, the easiest kind on hand each round, all of that
    kind at once; the hardest rating (tenths) used, 0 if none.

    A single found stale (its cell filled, its digit gone: only possible on a puzzle
    without solution) is skipped, so this always ends.
    """
    hardest = 0
    while True:
        found, tenths = hidden_singles(marks, BOXES), 12
        if not found:
            found, tenths = hidden_singles(marks, LINES), 15
        if not found:
            found, tenths = [(cell, marks[cell]) for cell in range(81) if len(marks[cell]) == 1], 23
        if not found:
            return hardest
        hardest = max(hardest, tenths)
        for cell, digit in found:
            if cells[cell] == BLANK and digit in marks[cell]:
                place(cells, marks, cell, digit)


def hidden_singles(marks: Sequence[str], units: Sequence[int]) -> list[tuple[int, str]]:
    """Every (cell, digit) where the digit has one place left in one of ``units``."""
    found = []
    for unit in units:
        spots = "".join([marks[cell] for cell in UNITS[unit]])
        found += [(places(marks, unit, d)[0], d) for d in DIGITS if spots.count(d) == 1]
    return found


# --- in words ----------------------------------------------------------------------------


def names(cells: Sequence[int]) -> list[str]:
    """The cells' names."""
    return [cell_name(cell) for cell in cells]


def units_named(units: Sequence[int]) -> list[str]:
    """The units' names."""
    return [name_of_unit(unit) for unit in units]


def fish_reason(s: Step) -> str:
    """Why a fish: ``rows 3 and 8 hold 5 only in columns 2 and 7``."""
    size = len(s.units) // 2
    return words.wing(
        words.of_a_kind(units_named(s.units[:size])),
        s.digits[0],
        words.of_a_kind(units_named(s.units[size:])),
    )


def two_links_reason(s: Step) -> str:
    """Why a skyscraper or a kite: its two conjugate pairs, near ends first."""
    near_a, far_a, near_b, far_b = names(s.cells)
    return words.two_links(s.digits[0], [near_a, far_a], [near_b, far_b], units_named(s.units))


def rectangle_reason(s: Step) -> str:
    """Why an empty rectangle: the box's two lines, the conjugate pair outside it."""
    box, row, col, unit = units_named(s.units)
    pair = names(s.cells[-2:])
    return words.empty_rectangle(box, s.digits[0], [row, col], pair, unit)


def colouring_reason(s: Step) -> str:
    """Why a simple colouring: its two colours."""
    on = [cell_name(cell) for cell, colour in s.links if colour == 0]
    off = [cell_name(cell) for cell, colour in s.links if colour == 1]
    return words.colouring(s.digits[0], on, off)


def xy_chain_reason(s: Step) -> str:
    """Why an xy-chain: each cell's digit in turn if the first is not x."""
    return words.xy_chain(names(s.cells), [digit for _, digit in s.links], s.digits[0])


def chain_text(links: Sequence[Link]) -> str:
    """A contradiction chain's links after its assumption, in words: the singles it
    writes, then the broken rule, or the split and each branch in brackets."""
    parts = []
    for kind, cell, digit, unit, branches in links:
        if kind == "naked single":
            parts.append(f"{cell_name(cell)} = {digit} (naked single)")
        elif kind == "hidden single":
            parts.append(f"{cell_name(cell)} = {digit} (only place in {name_of_unit(unit)})")
        elif kind == "no candidate":
            parts.append(f"then {cell_name(cell)} has no candidate left")
        elif kind == "no place":
            parts.append(f"then {name_of_unit(unit)} has no place for {digit}")
        elif kind == "split":
            parts.append(split_text(cell, digit, unit, branches))
    return ", ".join(parts)


def split_text(cell: int, digit: str, unit: int, branches: Sequence[Sequence[Link]]) -> str:
    """A split in words: the options of a cell (or a digit's places in a unit), then each
    branch in brackets, each ending in a broken rule."""
    cases = [
        f"[if {cell_name(branch[0][1]) if unit >= 0 else branch[0][2]}: {chain_text(branch[1:])}]"
        for branch in branches
    ]
    return split_options(cell, digit, unit, branches) + ": " + " ".join(cases) + ", none holds"


def split_options(cell: int, digit: str, unit: int, branches: Sequence[Sequence[Link]]) -> str:
    """Where a chain splits: ``then r2c2 is 4 or 8``, ``then 5 goes in r1c1 or r1c4 (row 1)``."""
    heads = [branch[0] for branch in branches]
    if unit < 0:
        return f"then {cell_name(cell)} is {' or '.join([str(h[2]) for h in heads])}"
    where = " or ".join([cell_name(h[1]) for h in heads])
    return f"then {digit} goes in {where} ({name_of_unit(unit)})"


def chain_steps(step: Step, marks: Sequence[str]) -> list[str]:
    """A chain's reasoning as steps a person can follow one at a time, for a numbered
    list (the app's hint): the x-chain's or xy-chain's links in turn, or the contradiction
    chain's assumption, its singles and the broken rule (a split: one step per case);
    the conclusion last. ``marks``: the candidates the step was found in (they name each
    strong link's unit). ``[]`` for a step that is no chain."""
    if step.technique == "x-chain":
        return x_chain_steps(step, marks)
    if step.technique == "xy-chain":
        return xy_chain_steps(step)
    if step.technique == "contradiction chain":
        cell, digit = cell_name(step.cells[0]), step.digits[0]
        lines = refutation_steps(step.links)
        lines.append(f"So {cell} is not {digit}: remove it.")
        return lines
    return []


def strong_unit(marks: Sequence[str], a: int, b: int, digit: str) -> str:
    """The name of a unit where ``a`` and ``b`` are ``digit``'s only two places."""
    for unit in LOOK:
        if places(marks, unit, digit) == (min(a, b), max(a, b)):
            return name_of_unit(unit)
    return "their unit"


def either_end(first: int, last: int, digit: str, step: Step) -> str:
    """A chain's conclusion: one end holds ``digit``, so the cells seeing both lose it."""
    targets = words.listing(names([cell for cell, _ in step.eliminations]))
    see, it = ("sees", "it is") if len(step.eliminations) == 1 else ("see", "they are")
    ends = f"{cell_name(first)} or {cell_name(last)}"
    return f"Either way {ends} is {digit}: {targets} {see} both, so {it} not {digit}."


def x_chain_steps(step: Step, marks: Sequence[str]) -> list[str]:
    """An x-chain's links in turn (see ``chain_steps``)."""
    path, digit = names(step.cells), step.digits[0]
    unit = strong_unit(marks, step.cells[0], step.cells[1], digit)
    first = f"If {path[0]} is not {digit}, {path[1]} is {digit}:"
    lines = [f"{first} they are the only places for {digit} in {unit}."]
    for i in range(2, len(path), 2):
        lines.append(f"Then {path[i]} is not {digit}: it sees {path[i - 1]}.")
        unit = strong_unit(marks, step.cells[i], step.cells[i + 1], digit)
        lines.append(f"So {path[i + 1]} is {digit}: the only other place for {digit} in {unit}.")
    lines.append(either_end(step.cells[0], step.cells[-1], digit, step))
    return lines


def xy_chain_steps(step: Step) -> list[str]:
    """An xy-chain's cells in turn (see ``chain_steps``)."""
    path, x = names(step.cells), step.digits[0]
    held = [digit for _, digit in step.links]
    both = words.listing(sorted([x, held[0]]))
    lines = [f"If {path[0]} is not {x}, it is {held[0]}: its only candidates are {both}."]
    lines += [
        f"Then {path[i]} is not {held[i - 1]} (it sees {path[i - 1]}), so it is {held[i]}."
        for i in range(1, len(path))
    ]
    lines.append(either_end(step.cells[0], step.cells[-1], x, step))
    return lines


def refutation_steps(links: Sequence[Link]) -> list[str]:
    """A contradiction chain's links, one step each; a split's cases one step each
    (their own links in one line, as ``chain_text`` says them)."""
    lines = []
    for kind, cell, digit, unit, branches in links:
        if kind == "assume":
            lines.append(f"Suppose {cell_name(cell)} were {digit}.")
        elif kind == "naked single":
            lines.append(f"Then {cell_name(cell)} = {digit}: its only candidate left.")
        elif kind == "hidden single":
            where = name_of_unit(unit)
            lines.append(
                f"Then {cell_name(cell)} = {digit}: the only place for {digit} in {where}."
            )
        elif kind == "no candidate":
            lines.append(f"Then {cell_name(cell)} has no candidate left: impossible.")
        elif kind == "no place":
            lines.append(f"Then {name_of_unit(unit)} has no place for {digit}: impossible.")
        elif kind == "split":
            options = split_options(cell, digit, unit, branches)
            lines.append(f"{options[:1].upper()}{options[1:]}, and every case breaks a rule:")
            lines += [case_step(cell, unit, branch) for branch in branches]
    return lines


def case_step(cell: int, unit: int, branch: Sequence[Link]) -> str:
    """One case of a split, in one step: its option, then its links."""
    head = branch[0]
    option = f"{cell_name(cell)} = {head[2]}" if unit < 0 else f"{head[2]} in {cell_name(head[1])}"
    return f"If {option}: {chain_text(branch[1:])}."


REASONS: dict[str, Callable[[Step], str]] = {
    "naked single": lambda s: words.only_candidate(cell_name(s.cells[0])),
    "hidden single": lambda s: words.only_place(s.digits[0], name_of_unit(s.units[0])),
    "pointing": lambda s: words.holds_only_in(
        name_of_unit(s.units[0]), list(s.digits), name_of_unit(s.units[1])
    ),
    "claiming": lambda s: words.holds_only_in(
        name_of_unit(s.units[0]), list(s.digits), name_of_unit(s.units[1])
    ),
    "x-wing": fish_reason,
    "swordfish": fish_reason,
    "jellyfish": fish_reason,
    "skyscraper": two_links_reason,
    "two-string kite": two_links_reason,
    "xy-wing": lambda s: words.xy_wing(
        cell_name(s.cells[0]),
        [str(digits).replace(s.digits[0], "") for _, digits in s.links[1:]],
        names(s.cells[1:]),
        s.digits[0],
    ),
    "empty rectangle": rectangle_reason,
    "xyz-wing": lambda s: words.xyz_wing(
        cell_name(s.cells[0]), list(str(s.links[0][1])), names(s.cells[1:]), s.digits[0]
    ),
    "w-wing": lambda s: words.w_wing(
        names(s.cells[:2]), list(s.digits), names(s.cells[2:]), name_of_unit(s.units[0])
    ),
    "unique rectangle": lambda s: words.unique_rectangle(names(s.cells), list(s.digits)),
    "simple colouring": colouring_reason,
    "bug+1": lambda s: words.bug(cell_name(s.cells[0]), s.digits[0]),
    "x-chain": lambda s: words.x_chain(s.digits[0], names(s.cells)),
    "xy-chain": xy_chain_reason,
    "contradiction chain": lambda s: words.refuted(
        cell_name(s.cells[0]), s.digits[0], chain_text(s.links[1:])
    ),
    WRONG_ENTRY: lambda s: words.wrong(cell_name(s.cells[0]), s.digits[0]),
}
"""Why each technique's step holds, in words (``words`` holds the phrases)."""
for _size in (2, 3, 4):
    REASONS[SUBSETS[_size, True]] = lambda s: words.hold_only(
        names(s.cells), list(s.digits), name_of_unit(s.units[0])
    )
    REASONS[SUBSETS[_size, False]] = lambda s: words.holds_only_in(
        name_of_unit(s.units[0]), list(s.digits), words.listing(names(s.cells))
    )


def action(step: Step) -> str:
    """What the step does: ``r3c5 = 7``, or ``remove 3 from r1c1, r1c2; remove 7 from r1c1``
    (a wrong entry: ``erase r4c6``)."""
    if step.technique == WRONG_ENTRY:
        return words.erase(cell_name(step.cells[0]))
    if step.placements:
        return "; ".join([words.placement(cell_name(cell), d) for cell, d in step.placements])
    digits = sorted({d for _, d in step.eliminations})
    return "; ".join(
        [
            words.removal(d, [cell_name(cell) for cell, e in step.eliminations if e == d])
            for d in digits
        ]
    )


def say(step: Step) -> str:
    """The step in one line: its technique, what it does, and why, as ``hint`` prints it:
    ``hidden single: r3c5 = 7 (the only place for 7 in box 2)``."""
    return words.hint(step.technique, action(step), REASONS[step.technique](step))


def ending(grid: Grid) -> str:
    """The last line of a logical path that reached ``grid``: ``solved``, or where it is
    stuck and how many blanks are left (and why, if the puzzle has several solutions)."""
    left = grid.count(BLANK)
    if not left:
        return SOLVED
    return words.stuck(left, unique=verdict(grid)["solutions"] == 1)
