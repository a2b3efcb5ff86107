"""The solver's two engines (``solver.SMALL_INTS``): the 9-bit masks of ``sudoku.masks``
(MicroPython's) answer exactly as the 810-bit int (CPython's and Pyodide's): the same
solutions, counts and nodes, on samples of every shared set, every worst case, puzzles
with many solutions, in slices, and the same refusals.

Both run here in CPython; ``test_micropython.py`` then compares MicroPython (which runs
the masks) with CPython (which runs the big int) on its probe's puzzles.
"""

from __future__ import annotations

import pytest
from support import COMMITTED_PUZZLES, LEETCODE, load_puzzles

from sudoku import masks, solver
from sudoku.compat import MICROPYTHON
from sudoku.solver import Analysis, Search, analyze

SAMPLES = {
    "top95": load_puzzles("top95"),
    "hardest": load_puzzles("hardest"),
    "forum_hardest_1905_11plus": load_puzzles("forum_hardest_1905_11plus", 80, every=25),
    "magictour_top1465": load_puzzles("magictour_top1465", 100, every=14),
    "17_clue": load_puzzles("17_clue", 100, every=20),
    "unbiased_1000": load_puzzles("unbiased_1000", 100, every=10),
    "no_solution": (COMMITTED_PUZZLES / "no_solution.txt").read_text(encoding="ascii").split(),
}
"""Every shared set (a spread of the large ones) and all the worst cases."""

MANY = [
    "." * 81,
    "123456789" + "." * 72,
    ".....6....59.....82....8....45........3........6..3.54...325..6..................",
    LEETCODE[:40] + "." * 41,
]
"""Puzzles with many solutions: which one comes first, and counting to a limit."""


@pytest.fixture
def engine(monkeypatch: pytest.MonkeyPatch) -> None:
    """Lets a test set ``solver.SMALL_INTS``: it is put back after the test."""
    monkeypatch.setattr(solver, "SMALL_INTS", solver.SMALL_INTS)


def both(grid: str, limit: int) -> tuple[Analysis, Analysis]:
    """``analyze`` by the big int, then by the masks."""
    answers = []
    for small in (False, True):
        solver.SMALL_INTS = small
        answers.append(analyze(grid, limit))
    return answers[0], answers[1]


def test_each_interpreter_gets_its_engine() -> None:
    """CPython runs the big int; the masks are MicroPython's (chosen in one place)."""
    assert solver.SMALL_INTS is MICROPYTHON
    assert not MICROPYTHON


@pytest.mark.usefixtures("engine")
def test_the_engine_is_the_one_small_ints_chooses() -> None:
    """solver.engine: the masks' walk and start where ``SMALL_INTS``, else the big int's."""
    solver.SMALL_INTS = True
    assert solver.engine() == (masks.Walk, masks.start)
    solver.SMALL_INTS = False
    walk, start = solver.engine()
    assert walk is not masks.Walk
    assert start is not masks.start


@pytest.mark.usefixtures("engine")
@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_the_same_answers_and_nodes_on_every_set(name: str) -> None:
    """First solution and its nodes (limit 1), the verdict (limit 2) and its nodes."""
    for grid in SAMPLES[name]:
        for limit in (1, 2):
            big, small = both(grid, limit)
            assert small == big, (grid, limit)


def test_the_worst_cases_run_both_searches() -> None:
    """The sample reaches the second search (over ``SECOND_AFTER`` nodes), so its turns
    are compared too."""
    assert max(analyze(grid)["nodes"] for grid in SAMPLES["no_solution"]) > solver.SECOND_AFTER


@pytest.mark.usefixtures("engine")
@pytest.mark.parametrize("grid", MANY)
def test_the_same_first_solution_and_counts_when_there_are_many(grid: str) -> None:
    """Which solution is first, and counts to several limits, node for node."""
    for limit in (1, 2, 3, 50):
        big, small = both(grid, limit)
        assert small == big
        assert small["solutions"] == limit


@pytest.mark.usefixtures("engine")
def test_clashing_givens_and_contradictions_agree() -> None:
    """Two givens that clash, and a puzzle propagation alone refutes: none, 0 nodes."""
    for grid in ("55" + "." * 79, "12345678." + "........9" + "." * 63):
        big, small = both(grid, 2)
        assert small == big == {"solutions": 0, "solution": None, "nodes": 0}


@pytest.mark.usefixtures("engine")
def test_a_search_in_slices_matches_one_run() -> None:
    """The masks resume where they stopped, as the big int does (the worker's slices)."""
    solver.SMALL_INTS = True
    for grid in (*SAMPLES["no_solution"][-20:], *SAMPLES["hardest"], "." * 81):
        search = Search(grid, 2)
        slices = 0
        while not search.run(7):
            slices += 1
        assert search.result() == analyze(grid, 2)
        assert 7 * slices <= search.nodes <= 7 * slices + 7  # every slice but the last: 7


@pytest.mark.usefixtures("engine")
@pytest.mark.parametrize("bad", [None, "55", "x" * 81, "0" * 81, "5" + "x" * 80, "55" + "x" * 79])
def test_the_same_refusals(bad: object) -> None:
    """A malformed grid raises the same error with the same message in both engines."""
    messages = []
    for small in (False, True):
        solver.SMALL_INTS = small
        with pytest.raises(ValueError, match=r"expected|is not a digit") as raised:
            analyze(bad)  # type: ignore[arg-type]  # a bad grid on purpose
        messages.append(str(raised.value))
    assert messages[0] == messages[1]
