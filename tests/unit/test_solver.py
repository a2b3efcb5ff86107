"""The fast solver: right answers on every benchmark set, exact verdicts, honest limits.

Solutions are checked by ``support.solution_problems``, which restates the rules without
the package; unsolvable puzzles are confirmed by the plain editorial backtracking.
"""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support import COMMITTED_PUZZLES, LEETCODE, ROOT, load_puzzles, solution_problems

from bench.baselines import editorial_solve, previous_analyze
from sudoku import solver
from sudoku.grid import DIGITS, EMPTY_GRID, PEERS, UNITS
from sudoku.solver import Search, analyze, count_solutions, solve
from sudoku.validate import conflicts

HARD1 = ".....6....59.....82....8....45........3........6..3.54...325..6.................."
"""Norvig's "hard1": few givens and more than one solution."""

CLASH = LEETCODE[:-1] + "5"
"""LeetCode's example with r9c9 set to 5: r8c9 already holds 5 (column 9, box 9)."""

NO_NINE = "12345678." + "........9" + "." * 63
"""No givens clash, but r1c9 needs the 9 that column 9 already holds."""

NO_SOLUTION = "...3..........42711...97....6..4...29.4.6.8.....73.54...14.69.......8.5..42.5...."
"""No givens clash and no cell is empty at first sight, yet no solution exists: made by
masking a solved grid and changing one given; the solver needs guesses to refute it."""


NO_SOLUTION_SET = COMMITTED_PUZZLES / "no_solution.txt"
"""Worst cases (scripts/no_solution_puzzles.py): no solution, no clash, search needed."""


def no_solution_set() -> list[str]:
    """The committed worst cases, one puzzle a line."""
    return NO_SOLUTION_SET.read_text(encoding="ascii").split()


def sixteen_givens() -> str:
    """The first known 17-clue puzzle without its first given: no 16-clue puzzle has a
    unique solution (McGuire et al., 2012), so this one has several."""
    puzzle = load_puzzles("17_clue", 1)[0]
    first = next(i for i, char in enumerate(puzzle) if char != ".")
    return puzzle[:first] + "." + puzzle[first + 1 :]


def assert_solves(puzzle: str) -> None:
    """solve() returns a valid completion of ``puzzle``."""
    solution = solve(puzzle)
    assert solution is not None, puzzle
    assert solution_problems(puzzle, solution) == [], puzzle


@pytest.mark.parametrize("name", ["top95", "hardest"])
def test_every_puzzle_of_the_hard_sets_is_solved(name: str) -> None:
    """Every puzzle of top95 and hardest gets a valid solution."""
    for puzzle in load_puzzles(name):
        assert_solves(puzzle)


@pytest.mark.parametrize(
    ("name", "limit", "every"),
    [
        ("forum_hardest_1905_11plus", 1000, 1),
        ("17_clue", 1000, 2),
        ("magictour_top1465", None, 2),
        ("unbiased_1000", None, 1),
    ],
)
def test_a_spread_of_the_large_sets_is_solved(name: str, limit: int | None, every: int) -> None:
    """Every puzzle of a spread over the large sets (about 3,700 in all) is solved."""
    puzzles = load_puzzles(name, limit, every=every)
    assert len(puzzles) > 700
    for puzzle in puzzles:
        assert_solves(puzzle)


def test_unique_puzzles_count_one_solution() -> None:
    """Published puzzles, all unique, count exactly 1 even when allowed to look for more."""
    for puzzle in load_puzzles("top95", every=10) + load_puzzles("17_clue", 20, every=97):
        assert count_solutions(puzzle, limit=3) == 1


@pytest.mark.parametrize("puzzle", [CLASH, NO_NINE, NO_SOLUTION])
def test_unsolvable_puzzles_have_no_solution(puzzle: str) -> None:
    """Clashing givens, an empty cell and a deeper contradiction all give 0 and None."""
    assert solve(puzzle) is None
    assert count_solutions(puzzle) == 0
    result = analyze(puzzle)
    assert result["solutions"] == 0
    assert result["solution"] is None


def test_the_worst_cases_have_no_solution() -> None:
    """Every puzzle of the worst-case set (issue 11) is found to have none, quickly: the
    set exists for speed (bench/solver.py), this checks the answers."""
    puzzles = no_solution_set()
    assert len(puzzles) > 300
    for puzzle in puzzles:
        assert count_solutions(puzzle) == 0, puzzle


def test_the_worst_cases_are_what_they_claim() -> None:
    """No given clashes, and a sample refuted by the previous solver (bench/baselines.py),
    which branches on cells only: another search order reaches the same verdict. (The
    editorial's plain backtracking would take hours on some.)"""
    puzzles = no_solution_set()
    assert len(set(puzzles)) == len(puzzles)
    assert all(len(puzzle) == 81 and not conflicts(puzzle) for puzzle in puzzles)
    for puzzle in puzzles[::40]:
        assert previous_analyze(puzzle)["solutions"] == 0, puzzle


def test_the_unsolvable_examples_are_what_they_claim() -> None:
    """The examples are honest: only CLASH has clashing givens, and the editorial's
    exhaustive search finds no solution for the other two."""
    assert conflicts(CLASH)
    assert not conflicts(NO_NINE)
    assert not conflicts(NO_SOLUTION)
    assert editorial_solve(NO_NINE)[0] is None
    assert editorial_solve(NO_SOLUTION)[0] is None
    assert analyze(NO_SOLUTION)["nodes"] > 0


@pytest.mark.parametrize("puzzle", [EMPTY_GRID, HARD1, sixteen_givens()])
def test_puzzles_with_several_solutions_count_two(puzzle: str) -> None:
    """The empty grid, Norvig's hard1 and a 16-given puzzle count 2 at the default limit,
    and analyze's first solution is a valid completion."""
    assert count_solutions(puzzle) == 2
    result = analyze(puzzle)
    assert result["solutions"] == 2
    assert result["solution"] is not None
    assert solution_problems(puzzle, result["solution"]) == []


def test_counting_keeps_no_solution_but_the_first(monkeypatch: pytest.MonkeyPatch) -> None:
    """Counting 2,000 solutions builds a grid for the first only, in each of the two
    searches (issue 11: ``count`` kept every solution in memory)."""
    built: list[str] = []

    def grid_of(done: int) -> str:
        built.append(real(done))
        return built[-1]

    real = solver._grid_of
    monkeypatch.setattr(solver, "_grid_of", grid_of)
    result = analyze(EMPTY_GRID, limit=2_000)
    assert result["solutions"] == 2_000
    assert len(built) <= 2
    assert result["solution"] in built


@pytest.mark.parametrize("limit", [1, 2, 5])
def test_counting_stops_at_the_limit(limit: int) -> None:
    """The empty grid (billions of solutions) counts exactly ``limit``."""
    assert count_solutions(EMPTY_GRID, limit=limit) == limit
    assert analyze(EMPTY_GRID, limit=limit)["solutions"] == limit


def sliced(puzzle: str, limit: int, budgets: list[int]) -> tuple[dict[str, object], int]:
    """``puzzle`` searched in slices of ``budgets`` nodes (in turn, again and again): the
    result, and the slices it took. Each slice places exactly its budget until the last."""
    search = Search(puzzle, limit)
    slices = 0
    while True:
        budget = budgets[slices % len(budgets)]
        before = search.nodes
        finished = search.run(budget)
        slices += 1
        assert search.nodes - before <= budget
        if finished:
            return dict(search.result()), slices
        assert search.nodes - before == budget
        assert not search.finished


def sliced_cases() -> list[str]:
    """Puzzles of every kind: unique hard ones, none, several, the empty grid."""
    return [
        *load_puzzles("top95", every=5),
        *load_puzzles("forum_hardest_1905_11plus", 30),
        *load_puzzles("17_clue", 10),
        *no_solution_set()[::25],
        CLASH,
        NO_NINE,
        NO_SOLUTION,
        HARD1,
        EMPTY_GRID,
        sixteen_givens(),
    ]


@pytest.mark.parametrize("budgets", [[1], [0, 3], [7, 1, 50], [1000]])
def test_a_search_in_slices_answers_as_one_run(budgets: list[int]) -> None:
    """Run in slices of any budget (0 included), a search ends with what one ``analyze``
    says: the same count, first solution and node count."""
    for puzzle in sliced_cases():
        for limit in (1, 2, 3):
            result, slices = sliced(puzzle, limit, budgets)
            assert result == analyze(puzzle, limit), (puzzle, limit)
            if result["nodes"] > sum(budgets):
                assert slices > 1


def test_a_slice_places_at_most_its_budget() -> None:
    """A long search (the empty grid counted to 10,000 solutions) runs exactly the nodes it
    is given, shows what it found so far, and a finished search stays finished."""
    search = Search(EMPTY_GRID, 10_000)
    assert not search.run(0)
    assert search.nodes == 0
    assert search.result() == {"solutions": 0, "solution": None, "nodes": 0}
    assert not search.run(100)
    assert search.nodes == 100
    assert search.result()["solutions"] > 0
    assert not search.run(250)
    assert search.nodes == 350
    short = Search(HARD1, 1)
    assert short.run()
    assert short.run(5)
    assert short.result() == analyze(HARD1, 1)


@pytest.mark.parametrize("budget", [-1, 2.5, True, "3"])
def test_a_budget_must_be_a_whole_number(budget: object) -> None:
    """A slice's budget is None or an int >= 0; anything else is refused, naming it."""
    with pytest.raises(ValueError, match="budget must be None or a whole number >= 0, got"):
        Search(EMPTY_GRID).run(budget)  # type: ignore[arg-type]


def test_a_search_refuses_what_analyze_refuses() -> None:
    """A bad limit or grid is refused when the search is made, in analyze's words."""
    with pytest.raises(TypeError, match="limit must be a whole number"):
        Search(EMPTY_GRID, 2.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="expected 81 cells, got 80"):
        Search("." * 80)


def test_limit_must_be_positive() -> None:
    """A limit below 1 is refused, naming the value."""
    with pytest.raises(ValueError, match="limit must be at least 1, got 0"):
        count_solutions(EMPTY_GRID, limit=0)
    with pytest.raises(ValueError, match="got -1"):
        analyze(EMPTY_GRID, limit=-1)


@pytest.mark.parametrize(
    ("limit", "message"),
    [
        (2.5, "got 2.5"),
        (float("inf"), "got inf"),
        (float("nan"), "got nan"),
        (True, "got True"),
        ("2", "got '2'"),
        (None, "got None"),
        ([2], "got a list"),
    ],
)
def test_limit_must_be_a_whole_number(limit: object, message: str) -> None:
    """A limit that is not an int is refused at once (2.5 or inf could never be reached,
    and the count would never stop), naming what was given (issue 11)."""
    for count in (count_solutions, analyze):
        with pytest.raises(TypeError) as caught:
            count(EMPTY_GRID, limit=limit)  # type: ignore[arg-type]
        assert str(caught.value) == f"limit must be a whole number (an int), {message}"


@pytest.mark.parametrize(
    ("grid", "message"),
    [
        (None, "expected a grid string of 81 characters, got NoneType"),
        (list("." * 81), "expected a grid string of 81 characters, got list"),
        ("." * 82, "expected 81 cells, got 82"),
        ("." * 80 + "\u0665", "r9c9: '\u0665' is not a digit 1-9 or '.'"),
    ],
)
def test_every_entry_point_refuses_a_malformed_grid_alike(grid: object, message: str) -> None:
    """solve, count_solutions and analyze name the problem in the same words."""
    for function in (solve, count_solutions, analyze):
        with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
            function(grid)  # type: ignore[arg-type]


def test_analyze_agrees_with_solve_and_counts_guesses() -> None:
    """analyze's first solution is solve's; a puzzle settled by propagation takes 0 guesses
    and a full grid is its own solution."""
    for puzzle in load_puzzles("top95", 10):
        result = analyze(puzzle, limit=1)
        assert result["solution"] == solve(puzzle)
        assert result["solutions"] == 1
        assert result["nodes"] <= analyze(puzzle)["nodes"]  # finding it; proving it unique
    easy = load_puzzles("unbiased_1000", 1)[0]
    assert analyze(easy)["nodes"] == 0
    solved = solve(easy)
    assert solved is not None
    assert analyze(solved) == {"solutions": 1, "solution": solved, "nodes": 0}


def test_hard_puzzles_need_guesses() -> None:
    """On the hardest set the search really guesses (propagation alone cannot finish)."""
    assert sum(analyze(puzzle, limit=1)["nodes"] for puzzle in load_puzzles("hardest")) > 0


def test_the_input_is_left_unchanged_and_calls_are_independent() -> None:
    """The caller's grid is untouched, and repeated calls answer the same (no shared state)."""
    puzzle = load_puzzles("top95", 1)[0]
    copy = "".join(puzzle)
    first = analyze(puzzle)
    assert puzzle == copy
    assert analyze(puzzle) == first
    assert solve(puzzle) == first["solution"]


@pytest.mark.parametrize(
    ("grid", "message"),
    [
        ("1" * 80, "expected 81 cells, got 80"),
        ("..0" + "." * 78, r"r1c3: '0' is not a digit 1-9 or '\.'"),
        ("." * 80 + "x", "r9c9: 'x' is not a digit"),
    ],
)
def test_malformed_grids_are_refused_naming_the_cell(grid: str, message: str) -> None:
    """A grid that is not 81 digits and dots is refused with where and why."""
    with pytest.raises(ValueError, match=message):
        solve(grid)


SEED = "".join(str((r * 3 + r // 3 + c) % 9 + 1) for r in range(9) for c in range(9))
"""A valid solved grid (the classic shifted-rows pattern)."""

three_perms = st.permutations(range(3))


@st.composite
def solved_grids(draw: st.DrawFn) -> str:
    """A random solved grid: the seed with its digits relabelled, rows shuffled within
    bands, bands shuffled, columns within stacks, stacks shuffled, maybe transposed
    (each keeps every row, column and box a permutation of 1-9)."""
    digits = draw(st.permutations("123456789"))
    bands, stacks = draw(three_perms), draw(three_perms)
    rows = [3 * b + r for b in bands for r in draw(three_perms)]
    cols = [3 * s + c for s in stacks for c in draw(three_perms)]
    grid = [[digits[int(SEED[rows[r] * 9 + cols[c]]) - 1] for c in range(9)] for r in range(9)]
    if draw(st.booleans()):
        grid = [list(column) for column in zip(*grid, strict=True)]
    return "".join("".join(row) for row in grid)


@given(solved_grids(), st.data())
def test_masked_solved_grids_are_solved_keeping_every_given(
    solution: str, data: st.DataObject
) -> None:
    """A random solved grid with a random set of cells blanked is solved to a valid grid
    that keeps every remaining given."""
    assert solution_problems(solution, solution) == []  # the generator makes solved grids
    keep = data.draw(st.lists(st.booleans(), min_size=81, max_size=81))
    puzzle = "".join(d if k else "." for d, k in zip(solution, keep, strict=True))
    result = solve(puzzle)
    assert result is not None
    assert solution_problems(puzzle, result) == []
    assert count_solutions(puzzle, limit=1) == 1


# The board layout and propagation, checked against the rules restated cell by cell.

Candidates = list[set[str]]


def candidates_of(board: int) -> Candidates:
    """Decode a board int into each cell's candidate digits."""
    return [
        {digit for digit, bit in zip(DIGITS, solver.BIT[cell], strict=True) if board & bit}
        for cell in range(81)
    ]


TABLES = ("BIT", "KEEP", "BELOW", "CELL_OF", "OPEN_PEERS")
"""The tables ``_build_tables`` makes."""


def test_tables_are_built_on_first_use() -> None:
    """The solver's tables wait for the first search (MicroPython's import pays ~100 ms
    for them otherwise); a search builds them, the same as here: checked in a fresh
    interpreter."""
    code = (
        "import hashlib\n"
        "from sudoku import solver\n"
        f"names = {TABLES!r}\n"
        "assert all(getattr(solver, name) == () for name in names)\n"
        f"assert solver.count_solutions({HARD1!r}) == 2\n"
        "tables = [getattr(solver, name) for name in names]\n"
        "print(hashlib.sha256(repr(tables).encode()).hexdigest())\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, check=True, env=env, text=True
    )
    solver._build_tables()
    tables = [getattr(solver, name) for name in TABLES]
    assert [len(table) for table in tables] == [81, *[solver.SIZE] * 4]
    assert done.stdout.strip() == hashlib.sha256(repr(tables).encode()).hexdigest()


def propagated(puzzle: str) -> Candidates:
    """The candidates once propagation is stuck on ``puzzle`` (which must not fail)."""
    board = solver._propagate(*solver._start(puzzle))[0]
    assert board, puzzle
    return candidates_of(board)


def test_every_candidate_has_its_own_bit_clear_of_the_guards() -> None:
    """The 729 (cell, digit) bits are distinct, make up the full board, and miss the
    81 field guards that the hidden-single carry trick relies on."""
    solver._build_tables()
    bits = [bit for cell in range(81) for bit in solver.BIT[cell]]
    assert len(set(bits)) == 729
    assert sum(bits) == solver.FULL
    assert solver.GUARDS.bit_count() == 81
    assert solver.FULL & solver.GUARDS == 0
    assert solver.FULL.bit_length() <= 810


def test_placing_a_digit_clears_it_from_the_peers_and_the_other_digits_from_the_cell() -> None:
    """A bit's ``KEEP`` mask keeps everything but the digit in the 20 peers and the 8
    other digits of the cell."""
    solver._build_tables()
    for cell in range(81):
        for digit in range(9):
            bit = solver.BIT[cell][digit]
            left = candidates_of(solver.FULL & solver.KEEP[bit.bit_length()])
            assert left[cell] == {DIGITS[digit]}
            for other in range(81):
                if other in PEERS[cell]:
                    assert left[other] == set(DIGITS) - {DIGITS[digit]}
                elif other != cell:
                    assert left[other] == set(DIGITS)


def test_propagation_never_removes_a_digit_of_the_solution() -> None:
    """Every rule is sound: on unique puzzles, each cell keeps its solution's digit."""
    for puzzle in load_puzzles("top95") + load_puzzles("forum_hardest_1905_11plus", 50):
        solution = solve(puzzle)
        assert solution is not None
        for cell, left in enumerate(propagated(puzzle)):
            assert solution[cell] in left, (puzzle, cell)


def test_propagation_stops_only_when_no_rule_applies() -> None:
    """Every rule is applied to the end: once stuck, no cell and no unit has a single,
    and no digit of a box is locked in one row or column of it (nor the reverse)."""
    for puzzle in load_puzzles("top95") + load_puzzles("forum_hardest_1905_11plus", 50):
        left = propagated(puzzle)
        assert all(left), puzzle
        for unit in UNITS:
            for digit in DIGITS:
                places = [cell for cell in unit if digit in left[cell]]
                assert len(places) >= 1, (puzzle, unit, digit)
                if len(places) == 1:  # a single place must hold the digit alone
                    assert left[places[0]] == {digit}, (puzzle, unit, digit)
        for box in UNITS[18:]:
            for line in UNITS[:18]:
                meet = set(box) & set(line)
                if not meet:
                    continue
                for digit in DIGITS:
                    in_box = {cell for cell in box if digit in left[cell]}
                    in_line = {cell for cell in line if digit in left[cell]}
                    locked = (in_box <= meet, in_line <= meet)
                    assert locked in {(False, False), (True, True)}, (puzzle, box, line, digit)
