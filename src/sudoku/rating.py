"""A puzzle's rating and level on Sudoku Explainer's scale, and the walk that finds them.

**Ratings and levels** (``rate``): the path takes the easiest step each time; a puzzle's
rating is its hardest step's, and its level the range of ``LEVEL_TOPS`` that holds it:

=========  ==========  ==============================================================
level      rating      what it takes
=========  ==========  ==============================================================
easy       up to 2.3   singles
medium     2.4 - 3.4   locked candidates, naked and hidden pairs, x-wings
hard       3.5 - 4.6   triples, swordfish, skyscrapers, kites, xy- and xyz-wings, empty
                       rectangles, unique rectangles
expert     4.7 - 7.4   quads, jellyfish, bug+1, simple colouring, x-chains, xy-chains,
                       w-wings
extreme    7.5 and up  contradiction chains
=========  ==========  ==============================================================
"""

from __future__ import annotations

from collections import namedtuple

from sudoku import proper
from sudoku.chains import refutations
from sudoku.formats import PuzzleError
from sudoku.grid import BLANK, DIGITS, UNITS, Grid, checked_grid
from sudoku.steps import Step, places
from sudoku.techniques import BOXES, FINDERS, LINES, TENTHS, first_step, marks_of, place, play
from sudoku.validate import conflicts, describe
from sudoku.words import LEVELS, TECHNIQUES, VERDICT_WORDS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence


Rating = namedtuple("Rating", ["rating", "level"])
"""A puzzle's rating (its hardest step's, in tenths) and its level (one of ``LEVELS``)."""

LEVEL_TOPS = (23, 34, 46, 74, 1000)
"""The highest rating of each level of ``LEVELS``, in tenths: easy up to 2.3 (singles),
medium up to 3.4 (locked candidates, pairs, x-wing), hard up to 4.6 (triples, swordfish,
xy- and xyz-wings, the single-digit patterns, unique rectangles), expert up to 7.4 (quads,
jellyfish, bug+1, colouring, x- and xy-chains, w-wings), extreme past it (a contradiction
chain)."""


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
    search = proper.search_of(grid)  # a hint asked meanwhile runs it on (``verdict``)
    while not search.run(SEARCH_CHUNK):
        yield 0
    found = search.result()
    if not found["solutions"]:
        raise PuzzleError(VERDICT_WORDS["none"])
    if found["solutions"] > 1:
        raise PuzzleError(VERDICT_WORDS["multiple"] + ": only a proper puzzle has a level")
    solution = found["solution"]
    assert solution is not None  # one solution found
    proper.LAST_SOLVED[:] = [grid, solution]  # the puzzle's hints search no more
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
