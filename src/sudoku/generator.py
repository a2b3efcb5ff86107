"""New puzzles of a chosen level, the same ones for the same seed in every interpreter.

``generate(level, seed)`` makes one puzzle, ``puzzles(level, seed)`` an endless stream
of them (the first is ``generate``'s), each with exactly one solution and rated
``level`` by ``sudoku.logic.rate`` (a range of Sudoku Explainer ratings: easy up to 2.3,
medium 3.4, hard 4.6, expert 7.4, extreme past it; ``sudoku.logic`` says which
techniques each takes), so the hints solve each one to the end:

1. **A full grid**: the three boxes of the diagonal filled with shuffled digits (they
   share no unit, so any filling is legal), completed by the solver, then its rows and
   columns shuffled within their bands and stacks, the bands and stacks shuffled, and
   the grid transposed on a coin toss: each of those keeps a grid valid.
2. **Givens taken out** one at a time, in a random order, each kept out only while the
   puzzle stays within reach of the level: solvable by singles alone for *easy*, by the
   techniques rated up to 3.4 for *medium* (a puzzle that logic solves has exactly one
   solution, so uniqueness comes free), and for *hard*, *expert* and *extreme* while it
   keeps exactly one solution (``count_solutions(grid, 2) == 1``). A given whose cell
   would be a naked single at once is taken out without asking: the puzzle it leaves is
   one step from the one before.
3. **The pick**: the sparsest puzzle of that path, except for *hard* and *expert*: the
   last puzzle of the path that the techniques up to the level's top rating still solve
   (a bisection: puzzles only get harder as givens go, as a rule), since most sparsest
   puzzles are easier or harder than those two ranges.
4. **The rating is checked** (``sudoku.logic.rate``); a puzzle of another level is
   dropped and the next full grid tried. Easy never is (a puzzle that singles solve is
   easy by definition). How long each level takes: ``bench/generate.py``.

**Randomness** comes from ``numbers(seed)``, SplitMix64 written out here, not from
``random``: MicroPython's ``random`` has no ``Random`` class and CPython's may change its
algorithms between versions, while this gives the same puzzles for the same seed in
CPython, Pyodide and MicroPython alike. A seed is a whole number from 0 to 2**64 - 1;
each level draws from its own stream (the seed's first number, with the level mixed
in), so one seed gives unrelated puzzles at two levels.
"""

from __future__ import annotations

from sudoku.formats import shown
from sudoku.grid import BLANK, DIGITS, PEERS, UNITS, Grid
from sudoku.logic import LEVEL_TOPS, marks_of, path_rating, rate
from sudoku.solver import count_solutions, solve
from sudoku.words import LEVELS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Sequence
    from typing import TypeVar

    T = TypeVar("T")

MASK = (1 << 64) - 1
"""SplitMix64 works on 64-bit words."""


def numbers(seed: int) -> Iterator[int]:
    """An endless stream of 64-bit numbers from ``seed``: SplitMix64 (Steele, Lea and
    Flood, 2014), small, fast and well mixed, the same in every interpreter."""
    state = seed
    while True:
        state = (state + 0x9E3779B97F4A7C15) & MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        yield z ^ (z >> 31)


def below(stream: Iterator[int], n: int) -> int:
    """A number from 0 to ``n - 1``, each as likely (numbers past the last whole multiple
    of ``n`` are drawn again)."""
    limit = (MASK + 1) - (MASK + 1) % n
    while True:
        number = next(stream)
        if number < limit:
            return number % n


def shuffled(stream: Iterator[int], items: Sequence[T]) -> list[T]:
    """``items`` in a random order (Fisher-Yates)."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = below(stream, i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def full_grid(stream: Iterator[int]) -> Grid:
    """A random solved grid (step 1 of the module docstring)."""
    cells = [BLANK] * 81
    for box in (18, 22, 26):  # boxes 1, 5 and 9: no two share a row or a column
        digits = shuffled(stream, DIGITS)
        for place, cell in enumerate(UNITS[box]):
            cells[cell] = digits[place]
    solution = solve("".join(cells))
    assert solution is not None  # any filling of the diagonal boxes completes
    return rearranged(solution, rearrangement(stream))


def rearrangement(stream: Iterator[int]) -> tuple[int, ...]:
    """A random rearrangement of the cells that keeps every grid valid and every
    technique's step a step (rows and columns map to rows and columns, boxes to boxes):
    the rows shuffled within their bands and the bands shuffled, the same for columns
    and stacks, then the grid transposed on a coin toss. As the source cell of each
    cell: ``rearranged`` applies it."""
    rows = lines_order(stream)
    cols = lines_order(stream)
    if below(stream, 2):  # transposed: cell (i, j) comes from (rows[j], cols[i])
        return tuple([9 * rows[j] + cols[i] for i in range(9) for j in range(9)])
    return tuple([9 * rows[i] + cols[j] for i in range(9) for j in range(9)])


def rearranged(grid: Grid, sources: Sequence[int], digits: str = DIGITS) -> Grid:
    """``grid`` with each cell taken from its source cell (``rearrangement``), and each
    digit ``d`` written as ``digits[d - 1]`` (a relabelling; blanks stay blank)."""
    names = digits + BLANK  # DIGITS.find is -1 for a blank: the last name
    return "".join([names[DIGITS.find(grid[source])] for source in sources])


def lines_order(stream: Iterator[int]) -> list[int]:
    """Nine lines (rows or columns) reordered without breaking a grid: the three bands
    shuffled, and the three lines inside each band."""
    return [
        3 * band + line
        for band in shuffled(stream, range(3))
        for line in shuffled(stream, range(3))
    ]


def within(level: int) -> Callable[[Grid], bool]:
    """Whether a puzzle (a subset of a solved grid's givens) stays within reach of the
    level (an index of ``LEVELS``): logic up to that level's top rating solves it, or for
    *hard* and past it, it keeps exactly one solution (step 2 of the module docstring)."""
    if level >= 2:
        return lambda grid: count_solutions(grid, 2) == 1
    return lambda grid: solved_within(grid, level)


def solved_within(grid: Grid, level: int) -> bool:
    """Whether the techniques rated up to ``level``'s top (an index of ``LEVELS``) solve
    ``grid`` (with no uniqueness technique: the grid may have several solutions)."""
    solution = solve(grid) if level >= 2 else None  # one solution past medium: the uniqueness
    return path_rating(list(grid), marks_of(grid), solution, LEVEL_TOPS[level]) is not None


def level_of(grid: Grid) -> int:
    """The level (an index of ``LEVELS``) of a puzzle known to have one solution."""
    return LEVELS.index(rate(grid).level)


def seen_eight(cells: list[str], cell: int) -> bool:
    """Whether the peers of ``cell`` hold eight different digits: a naked single."""
    return len({cells[peer] for peer in PEERS[cell]} - {BLANK}) == 8


def thinned(stream: Iterator[int], solution: Grid, keeps: Callable[[Grid], bool]) -> list[Grid]:
    """The puzzles met taking givens out of ``solution`` in a random order, each taken
    out only if the puzzle left ``keeps`` holding: the solution first, the sparsest last."""
    cells = list(solution)
    path = [solution]
    for cell in shuffled(stream, range(81)):
        digit, cells[cell] = cells[cell], BLANK
        puzzle = "".join(cells)
        if seen_eight(cells, cell) or keeps(puzzle):
            path.append(puzzle)
        else:
            cells[cell] = digit
    return path


def last_solved(path: list[Grid], level: int) -> Grid:
    """The last puzzle of ``path`` (each one given fewer than the one before, the first
    solved) that the techniques up to ``level`` solve, found by bisection: a puzzle only
    gets harder as givens go, as a rule (where it does not, this finds a puzzle where
    the techniques stop solving, as good for the generator)."""
    low, high = 0, len(path)  # path[low] is solved; path[high:] are not (or past the end)
    while high - low > 1:
        middle = (low + high) // 2
        if solved_within(path[middle], level):
            low = middle
        else:
            high = middle
    return path[low]


def candidate(stream: Iterator[int], wanted: int) -> Grid:
    """One puzzle made for the level (steps 1 to 3 of the module docstring), not yet rated."""
    solution = full_grid(stream)
    path = thinned(stream, solution, within(wanted))
    if wanted in (2, 3):
        return last_solved(path, wanted)
    return path[-1]


def checked_level(level: str) -> int:
    """The index of ``level`` in ``LEVELS``; ValueError naming the levels otherwise."""
    if not isinstance(level, str) or level not in LEVELS:
        raise ValueError(f"unknown level {shown(level)}: expected one of {', '.join(LEVELS)}")
    return LEVELS.index(level)


def checked_seed(seed: int | None) -> int:
    """``seed`` if it is a whole number from 0 to 2**64 - 1, a random one for None;
    TypeError or ValueError otherwise."""
    if seed is None:
        import random  # noqa: PLC0415 (only here: a seeded stream needs no module)

        return random.getrandbits(32)  # MicroPython's takes at most 32 bits
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TypeError(f"seed must be a whole number (an int), got {shown(seed)}")
    if not 0 <= seed <= MASK:
        raise ValueError(f"seed must be from 0 to 2**64 - 1, got {shown(seed)}")
    return seed


def puzzles(level: str, seed: int | None = None) -> Iterator[Grid]:
    """Puzzles rated ``level``, one after another from ``seed``, without end.

    Each has exactly one solution. The same level and seed give the same puzzles, in
    every interpreter; no seed (None) draws a random one. ValueError (or TypeError) for
    an unknown level or a bad seed, at once (before the first puzzle is asked for).
    """
    wanted = checked_level(level)
    return made(wanted, stream_for(wanted, checked_seed(seed)))


def stream_for(wanted: int, seed: int) -> Iterator[int]:
    """The random numbers a level (an index of ``LEVELS``) draws from for ``seed``: the
    seed's first number with the level mixed in starts it, so levels do not share puzzles."""
    return numbers(next(numbers(seed)) ^ wanted)


def made(wanted: int, stream: Iterator[int]) -> Iterator[Grid]:
    """The endless loop behind ``puzzles``: make, rate, keep those of the level."""
    while True:
        puzzle = candidate(stream, wanted)
        if level_of(puzzle) == wanted:
            yield puzzle


def generate(level: str, seed: int | None = None) -> Grid:
    """One puzzle rated ``level`` (easy, medium, hard or expert) from ``seed`` (None: a
    random one): the first of ``puzzles(level, seed)``."""
    return next(puzzles(level, seed))


def from_bank(level: str, seed: int | None = None) -> Grid:
    """A puzzle rated ``level`` at once: one of the bank's (``sudoku.bank``, made offline
    by ``scripts/make_bank.py`` with ``puzzles``), rearranged and relabelled at random.

    The bank's puzzle is picked, then its cells rearranged (``rearrangement``) and its
    digits relabelled, all from ``seed``'s stream for the level (SplitMix64, as
    ``puzzles``): the same level and seed give the same puzzle in every interpreter.
    These changes map units to units, so a puzzle's solutions, candidates and every
    step a technique can take map to the new puzzle's: its level is kept (``rate``
    agrees on every bank puzzle; ``tests/unit/test_bank.py``). Its hint path may differ
    by a step or two (in 1 puzzle in 8, measured on the bank): the hints scan boxes,
    rows, columns and digits in a fixed order, which the changes do not keep, so where
    two steps are open the first found can differ. 2 x 6**8 x 9! (1.2 trillion)
    versions of each bank puzzle.
    ValueError (or TypeError) for an unknown level or a bad seed, as ``puzzles``.
    """
    from sudoku.bank import BANK  # noqa: PLC0415 (the data loads only when asked for)

    wanted = checked_level(level)
    stream = stream_for(wanted, checked_seed(seed))
    choices = BANK[level]
    puzzle = choices[below(stream, len(choices))]
    return rearranged(puzzle, rearrangement(stream), "".join(shuffled(stream, DIGITS)))
