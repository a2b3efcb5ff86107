"""The judge: the starting points pass; buggy code (no undo, a wrong box index, no column
check, a changed given, an early return, an exception, a runaway) gets the verdict that says what is
wrong in the glossary's words; a set is told puzzle by puzzle beside the built-ins."""

from __future__ import annotations

import re

import pytest
from support import load_puzzles

from sudoku.judging import (
    COMPARE_STEPS,
    answer_problem,
    board_problem,
    builtin_figures,
    expected,
    judge,
    result_line,
    totals_line,
)
from sudoku.plain import STARTING_POINTS, unmarked
from sudoku.solver import solve
from sudoku.tracing import trace
from sudoku.watching import Limits
from sudoku.words import STRATEGIES

LEETCODE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SOLVED = solve(LEETCODE) or ""
EDITORIAL = unmarked(STARTING_POINTS["the editorial"])[0]
QUICK = Limits(events=100_000, lines=3_000_000, seconds=120.0)
"""Caps that stop runaway code by its lines (the same on every machine), not its time."""


def bugged(old: str, new: str) -> str:
    """The editorial with one line's text changed (it must be there)."""
    assert old in EDITORIAL
    return EDITORIAL.replace(old, new)


@pytest.mark.parametrize("name", sorted(STARTING_POINTS))
def test_the_starting_points_pass(name: str) -> None:
    """Each starting point passes LeetCode's example and a few more: ``ok:`` with its time
    and writes, and the built-ins' figures beside it."""
    code = unmarked(STARTING_POINTS[name])[0]
    for grid in [LEETCODE, *load_puzzles("unbiased_1000", limit=2)]:
        result = judge(code, grid, QUICK, compare_steps=0)
        assert result["passed"], result["verdict"]
        assert re.fullmatch(r"ok: [\d.]+ ms, [\d,]+ writes, [\d,]+ undos", result["verdict"])


@pytest.mark.parametrize(
    ("code", "verdict"),
    [
        (
            bugged('board[r][c] = "."', "pass"),
            (
                r"wrong answer: returned with 41 cells still blank \(no cell was ever set back "
                r"to '\.': did each dead end undo its writes\?\)"
            ),
        ),
        (
            bugged("[c // 3 * 3 + i % 3]", "[c // 3 + i % 3]"),
            (
                r"wrong answer: returned with 51 cells still blank: r1c3 still allows 1, 2 and "
                r"4, but your code went back from it: look at what you take back when you undo"
            ),
        ),
        (
            bugged("if board[r][i] == digit or board[i][c] == digit:", "if board[r][i] == digit:"),
            r"wrong answer: r1c3 holds 1, the solution has 4",
        ),
        (
            bugged(
                "        self.solve(board)\n",
                "        self.solve(board)\n        board[0][0] = '9'\n",
            ),
            r"wrong answer: changed a given at r1c1: it was 5, now 9",
        ),
        (
            bugged("        self.solve(board)\n", "        board = [r[:] for r in board]\n"),
            (
                r"wrong answer: returned with 51 cells still blank \(your code never wrote to "
                r"the board: the answer is the board it was given\)"
            ),
        ),
        (
            bugged("for r in range(9):", "for r in range(1):"),
            r"wrong answer: returned with 45 cells still blank: r2c2 still allows 2, 4 and 7, .*",
        ),
        (
            bugged("for i in range(9):", "for i in range(10):"),
            r"error on line 21: IndexError: list index out of range",
        ),
        (
            bugged(
                "                    return False\n",
                "                    while True:\n                        pass\n",
            ),
            r"stopped: more than 3,000,000 lines run",
        ),
    ],
    ids=[
        "no undo",
        "wrong box",
        "no box",
        "changed given",
        "rebound board",
        "one row only",
        "index",
        "loop",
    ],
)
def test_buggy_code_gets_a_verdict_in_words(code: str, verdict: str) -> None:
    """Each classic bug gets its verdict: a wrong digit against the solution, a changed
    given, blanks left, the reader's exception, the cap that stopped it."""
    result = judge(code, LEETCODE, QUICK, compare_steps=0)
    assert not result["passed"]
    assert re.fullmatch(verdict, result["verdict"]), result["verdict"]


def test_a_search_on_its_own_copy_passes_and_is_said_so() -> None:
    """Code that solves a copy and puts it on the board at the end passes, and its ``ok``
    says the writes all came at the end."""
    code = EDITORIAL.replace("class Solution:", "class Editorial:") + (
        "\n\ndef solve(board):\n    copy = [row[:] for row in board]\n"
        "    Editorial().solve(copy)\n    board[:] = copy\n"
    )
    result = judge(code, LEETCODE, QUICK, compare_steps=0)
    assert re.fullmatch(
        r"ok: [\d.]+ ms, 51 writes, 0 undos, all at the end \(the search ran on your own data\)",
        result["verdict"],
    ), result["verdict"]


def test_a_wrong_digit_is_named_against_the_solution() -> None:
    """The first cell (reading order) that differs from the only solution is named."""
    wrong = SOLVED[:40] + ("1" if SOLVED[40] != "1" else "2") + SOLVED[41:]
    assert answer_problem(LEETCODE, wrong, SOLVED) == f"r5c5 holds {wrong[40]}, the solution has 5"
    assert answer_problem(LEETCODE, SOLVED, SOLVED) == ""


def test_with_several_solutions_any_valid_completion_passes() -> None:
    """An empty grid has many solutions: the editorial's is right though it is not the
    solver's; a completion that breaks a rule is named by its clash."""
    assert expected("." * 81) == ("", None)
    result = judge(EDITORIAL, "." * 81, QUICK, compare_steps=0)
    assert result["passed"], result["verdict"]
    clash = "11" + SOLVED[2:]
    assert answer_problem("." * 81, clash, None) == "r1c1 and r1c2 both hold 1 in row 1"


def test_a_board_of_the_wrong_shape_or_values_is_named() -> None:
    """Rows missing, a row too long or not a list, a cell that is not a one-character
    digit string: each named."""
    rows: list[object] = [list(SOLVED[i : i + 9]) for i in range(0, 81, 9)]
    assert board_problem(rows) == ""
    assert board_problem(rows[:8]) == "the board has 8 rows, not 9"
    assert board_problem([*rows[:2], "534678912", *rows[3:]]) == "row 3 is '534678912', not a list"
    assert board_problem([*rows[:8], [*SOLVED[72:], "1"]]) == "row 9 has 10 cells, not 9"
    assert (
        board_problem([[5, *rows[0][1:]], *rows[1:]]) == "r1c1 holds 5, not a digit '1'-'9' or '.'"
    )  # type: ignore[index]
    code = "def solve(board):\n    board[0][2] = 4\n"
    result = judge(code, LEETCODE, QUICK, compare_steps=0)
    assert result["verdict"] == "wrong answer: r1c3 holds 4, not a digit '1'-'9' or '.'"


@pytest.mark.parametrize(
    ("grid", "said"),
    [
        ("44" + LEETCODE[2:], "invalid: r1c1 and r1c2 both hold 4 in row 1"),
        (
            "..3.7.948.8...9.3......3.25.1.5.......23...7.8.4.2....2.5.6.38167..........8.....",
            "invalid: the puzzle has no solution",
        ),
    ],
)
def test_a_puzzle_without_a_solution_is_not_judged(grid: str, said: str) -> None:
    """Clashing givens or no solution: the puzzle is refused, the code not run."""
    result = judge("while True:\n    pass\n", grid)
    assert (result["verdict"], result["passed"], result["builtins"]) == (said, False, {})


def test_the_builtins_figures_are_their_traces() -> None:
    """Beside the reader's: each built-in's writes (placed and forced digits) and undos,
    from its trace; cut off past its steps' cap, and said so."""
    result = judge(EDITORIAL, LEETCODE, QUICK)
    assert set(result["builtins"]) == set(STRATEGIES)
    for strategy, figures in result["builtins"].items():
        kinds = [event["kind"] for event in trace(LEETCODE, strategy)]
        writes = kinds.count("place") + kinds.count("force")
        assert (figures["writes"], figures["undos"]) == (writes, kinds.count("undo"))
        assert (figures["steps"], figures["done"]) == (len(kinds), True)
    assert result["builtins"]["naive"]["writes"] == result["figures"]["writes"]
    cut = builtin_figures(LEETCODE, "naive", 1000)
    assert (cut["steps"], cut["done"]) == (1000, False)
    assert COMPARE_STEPS >= 100_000


def test_lines_and_totals_put_the_figures_side_by_side() -> None:
    """A puzzle's line is its number, verdict and the built-ins' figures; the totals count
    the passes and add up the figures of the puzzles that passed."""
    passed = judge(EDITORIAL, LEETCODE, QUICK, compare_steps=1000)
    failed = judge(bugged('board[r][c] = "."', "pass"), LEETCODE, QUICK, compare_steps=0)
    line = result_line(1, passed)
    assert re.fullmatch(
        r"1: ok: [\d.]+ ms, 4,208 writes, 4,157 undos \| naive stopped after [\d.]+ ms, "
        r"\d+ writes; "
        r"mrv [\d.]+ ms, 51 writes; propagate [\d.]+ ms, 51 writes",
        line,
    ), line
    assert result_line(2, failed).startswith("2: wrong answer: ")
    totals = totals_line([passed, failed])
    assert re.fullmatch(
        r"1 of 2 passed; yours [\d.]+ ms, 4,208 writes; naive [\d.]+ ms, 0 writes \(1 cut off\); "
        r"mrv [\d.]+ ms, 51 writes; propagate [\d.]+ ms, 51 writes",
        totals,
    ), totals
