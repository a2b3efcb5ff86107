"""The fast solver: right answers on every benchmark set, exact verdicts, honest limits.

Solutions are checked by ``support.solution_problems``, which restates the rules without
the package; unsolvable puzzles are confirmed by the plain editorial backtracking.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support import load_puzzles, solution_problems

from bench.baselines import editorial_solve
from sudoku import solver
from sudoku.grid import DIGITS, EMPTY_GRID, PEERS, UNITS
from sudoku.solver import analyze, count_solutions, solve
from sudoku.validate import conflicts

HARD1 = ".....6....59.....82....8....45........3........6..3.54...325..6.................."
"""Norvig's "hard1": few givens and more than one solution."""

CLASH = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..75"
"""LeetCode's example with r9c9 set to 5: r8c9 already holds 5 (column 9, box 9)."""

NO_NINE = "12345678." + "........9" + "." * 63
"""No givens clash, but r1c9 needs the 9 that column 9 already holds."""

NO_SOLUTION = "...3..........42711...97....6..4...29.4.6.8.....73.54...14.69.......8.5..42.5...."
"""No givens clash and no cell is empty at first sight, yet no solution exists: made by
masking a solved grid and changing one given; the solver needs guesses to refute it."""


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


@pytest.mark.parametrize("limit", [1, 2, 5])
def test_counting_stops_at_the_limit(limit: int) -> None:
    """The empty grid (billions of solutions) counts exactly ``limit``."""
    assert count_solutions(EMPTY_GRID, limit=limit) == limit
    assert analyze(EMPTY_GRID, limit=limit)["solutions"] == limit


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
        assert result["nodes"] >= 0
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


def propagated(puzzle: str) -> Candidates:
    """The candidates once propagation is stuck on ``puzzle`` (which must not fail)."""
    board = solver._propagate(*solver._start(puzzle))[0]
    assert board, puzzle
    return candidates_of(board)


def test_every_candidate_has_its_own_bit_clear_of_the_guards() -> None:
    """The 729 (cell, digit) bits are distinct, make up the full board, and miss the
    81 field guards that the hidden-single carry trick relies on."""
    bits = [bit for cell in range(81) for bit in solver.BIT[cell]]
    assert len(set(bits)) == 729
    assert sum(bits) == solver.FULL
    assert solver.GUARDS.bit_count() == 81
    assert solver.FULL & solver.GUARDS == 0
    assert solver.FULL.bit_length() <= 810


def test_placing_a_digit_clears_it_from_the_peers_and_the_other_digits_from_the_cell() -> None:
    """A bit's ``KEEP`` mask keeps everything but the digit in the 20 peers and the 8
    other digits of the cell."""
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
