"""The tracer of a reader's own code: every write to the board as an event with its line
and depth, true counters, a board that is a list in every way, runaway code stopped with
a clear message, and the reader's exceptions told with their own lines only."""

from __future__ import annotations

import json
import signal
import sys

import pytest
from support import load_puzzles

from sudoku.plain import STARTING_POINTS, unmarked
from sudoku.solver import solve
from sudoku.tracing import trace
from sudoku.watching import MAX_PRINTED, Event, Limits, watch

LEETCODE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
"""LeetCode 37's example: 51 blanks."""

EDITORIAL = unmarked(STARTING_POINTS["the editorial"])[0]

QUICK = Limits(events=100_000, lines=0, seconds=60.0)
"""Caps for code that must be stopped by events: small, so a test ends in a few seconds
(the seconds' cap far off: a loaded machine must not reach it first)."""


def events(code: str, grid: str = LEETCODE) -> list[Event]:
    """The events of ``code`` run on ``grid``."""
    seen: list[Event] = []
    watch(code, grid, on_event=seen.append)
    return seen


def filled(board: list[object]) -> str:
    """A board of rows of strings as a grid."""
    return "".join("".join(row) for row in board)  # type: ignore[arg-type]


def test_the_editorial_is_watched_write_by_write() -> None:
    """The editorial's writes are the naive trace's, its counters add up, and each event
    names the line that wrote and how many of the reader's calls were open."""
    seen: list[Event] = []
    run = watch(EDITORIAL, LEETCODE, on_event=seen.append)
    last = list(trace(LEETCODE, "naive"))[-1]
    assert (run["outcome"], run["message"]) == ("returned", "")
    assert filled(run["board"]) == solve(LEETCODE)
    assert (run["writes"], run["undos"]) == (last["nodes"], last["backtracks"])
    assert run["steps"] == len(seen) == run["writes"] + run["undos"]
    deepest = max(event["depth"] for event in seen)
    assert deepest == last["max_depth"] + 1  # solveSudoku, then solve per open guess
    assert run["max_depth"] == deepest + 1  # the solve that finds no blank left
    assert not run["at_end"]
    rows = EDITORIAL.splitlines()
    for event in seen:
        assert rows[event["line"] - 1].strip() in {"board[r][c] = digit", 'board[r][c] = "."'}
    first = seen[0]
    assert (first["kind"], first["cell"], first["digit"], first["depth"]) == (
        "place",
        "r1c3",
        "1",
        2,
    )
    undo = next(event for event in seen if event["kind"] == "undo")
    assert undo["digit"] != "."  # the digit taken out
    assert [e["step"] for e in seen] == list(range(len(seen)))
    assert sum(e["kind"] == "undo" for e in seen) == run["undos"]
    assert all(json.loads(json.dumps(event)) == event for event in seen[:50])


def test_a_solve_function_and_leetcodes_template_run_too() -> None:
    """``def solve(board)`` is an entry point too; LeetCode's ``List`` needs no import."""
    code = "def solve(board: List[List[str]]) -> None:\n    board[0][2] = '4'\n"
    seen = events(code)
    assert [(e["kind"], e["cell"], e["digit"], e["line"], e["depth"]) for e in seen] == [
        ("place", "r1c3", "4", 2, 1)
    ]


LIST_LIKE = """
import copy, json
def solve(board):
    assert len(board) == 9 and all(len(row) == 9 for row in board)
    assert board == json.loads(json.dumps(board)) and board[0][:2] == ["5", "3"]
    copied = [row[:] for row in board]
    deep = copy.deepcopy(board)
    copied[0][2] = "9"
    deep[0][3] = "9"
    assert board[0][2] == "." and board[0] != copied[0] and type(board[0][:]) is list
    board[0][-1] = "1"
    board[1][0:2] = ["6", "2"]
    row = board[2]
    row[0] = "1"
    board[3] = list("8.5.6...3")
    board[3][1] = "7"
    board[4][5] = "."
"""


def test_the_board_is_a_list_and_every_way_of_writing_is_seen() -> None:
    """Reads, len, equality, JSON, slices and copies work as on lists, and writes to a copy
    are not the board's; a negative index, a slice, a row kept in a name, a row replaced
    and then written: each changed cell is one event."""
    run = watch(LIST_LIKE, LEETCODE, on_event=(seen := []).append)
    assert run["outcome"] == "returned", run["message"]
    assert [(e["kind"], e["cell"], e["digit"]) for e in seen] == [
        ("place", "r1c9", "1"),
        ("place", "r2c2", "2"),
        ("place", "r3c1", "1"),
        ("place", "r4c3", "5"),
        ("place", "r4c2", "7"),
        ("undo", "r5c6", "3"),
    ]
    assert [e["line"] for e in seen] == [11, 12, 14, 15, 16, 17]


def test_a_row_off_the_board_is_not_the_board() -> None:
    """A row taken off the board is a list of the reader's own: writes to it are not the
    board's, until it is put back."""
    code = (
        "def solve(board):\n    last = board.pop()\n    last[0] = '1'\n"
        "    board.append(last)\n    last[1] = '2'\n"
    )
    run = watch(code, LEETCODE, on_event=(seen := []).append)
    assert [(e["kind"], e["cell"], e["digit"]) for e in seen] == [("place", "r9c2", "2")]
    assert run["board"][8][:2] == ["1", "2"]


OWN_STRUCTURE = """
class Solution:
    def solveSudoku(self, board):
        grid = [row[:] for row in board]
        self.search(grid)
        for r in range(9):
            for c in range(9):
                board[r][c] = grid[r][c]

    def search(self, grid):
        for r in range(9):
            for c in range(9):
                if grid[r][c] == ".":
                    for digit in "123456789":
                        if self.fits(grid, r, c, digit):
                            grid[r][c] = digit
                            if self.search(grid):
                                return True
                            grid[r][c] = "."
                    return False
        return True

    def fits(self, grid, r, c, digit):
        box = [grid[r // 3 * 3 + i // 3][c // 3 * 3 + i % 3] for i in range(9)]
        return digit not in grid[r] and digit not in [row[c] for row in grid] + box
"""


def test_a_search_on_its_own_structure_is_seen_as_writes_at_the_end() -> None:
    """Code that solves a copy and writes the board once at the end shows as that: one
    write per cell at the end, no undo, and ``at_end`` says so."""
    seen: list[Event] = []
    run = watch(OWN_STRUCTURE, LEETCODE, on_event=seen.append)
    assert filled(run["board"]) == solve(LEETCODE)
    assert run["at_end"]
    assert run["undos"] == 0
    assert run["writes"] == 81  # the givens written over with themselves too
    assert {event["line"] for event in seen} == {8}


LATE = "stopped: took more than 2 s: LeetCode would time out (line "


@pytest.mark.parametrize(
    ("code", "line", "rate"),
    [
        ("def solve(board):\n    while True:\n        pass\n", (2, 3), True),
        (
            (
                "def solve(board):\n    while True:\n        try:\n            x = 1\n"
                "        except Exception:\n            pass\n"
            ),
            (2, 3, 4),
            True,
        ),
        ("while True:\n    pass\n", (1, 2), True),
        ("def solve(board):\n    while True: pass\n", (2,), False),
        ("def solve(board):\n    for i in range(10**12):\n        x = i\n", (2, 3), True),
        ("def solve(board):\n    n = 0\n    while n >= 0:\n        n = len([n])\n", (3, 4), True),
    ],
)
def test_an_infinite_loop_stops_within_seconds(
    code: str, line: tuple[int, ...], rate: bool
) -> None:
    """A loop that never ends (in a function, at the top of the file, behind an ``except
    Exception``, on one line: one jump to itself, no line event, a ``for`` loop that calls
    nothing, a loop of calls) is stopped at the time limit, and names the line running
    and how often it ran, where line events tell (how soon: bench/tracer.py)."""
    run = watch(code, LEETCODE, Limits(events=0, lines=0, seconds=2.0))
    assert run["outcome"] == "stopped"
    assert run["message"].startswith(LATE), run["message"]
    named = int(run["message"][len(LATE) :].split(" ")[0].rstrip(",)"))
    assert named in line, run["message"]
    if rate:
        assert run["message"].endswith(" times a second)"), run["message"]


def test_lines_and_steps_have_caps_too() -> None:
    """Past the caps on lines run or on steps (writes), the run stops and says which."""
    run = watch(EDITORIAL, LEETCODE, Limits(events=0, lines=10_000, seconds=60), heat=True)
    assert run["message"] == "stopped: more than 10,000 lines run"
    assert 10_000 < run["lines"] <= 10_000 + 4096
    run = watch(EDITORIAL, LEETCODE, Limits(events=100, lines=0, seconds=60))
    assert run["message"] == "stopped: more than 100 steps"
    assert run["steps"] == 100


def test_deep_recursion_and_huge_allocations_are_stopped() -> None:
    """Recursion past the interpreter's limit, and memory that cannot be had, stop the run
    with the line where it happened."""
    run = watch("def solve(board):\n    solve(board)\n", LEETCODE, QUICK)
    assert run["outcome"] == "stopped"
    assert run["message"].startswith("stopped: recursion deeper than ")
    assert run["message"].endswith(" calls at line 2")
    run = watch("def solve(board):\n    cells = [0] * 10**15\n", LEETCODE, QUICK)
    assert run["message"] == "stopped: out of memory at line 2"


HELPER_FAILS = """class Solution:
    def solveSudoku(self, board):
        self.fill(board, 0)

    def fill(self, board, r):
        board[r][0] = board[r][0]
        return self.fill(board, r + 1)
"""


def test_an_exception_is_told_with_the_readers_lines_only() -> None:
    """The reader's exception: the line, the exception and message, and a traceback of
    their own file's lines (their text), nothing of the lab's."""
    run = watch(HELPER_FAILS, LEETCODE)
    assert run["outcome"] == "error"
    assert run["message"] == "error on line 6: IndexError: list index out of range"
    told = run["traceback"]
    assert told[0] == "Traceback (your code only):"
    assert told[1:3] == ["  line 3, in solveSudoku", "    self.fill(board, 0)"]
    assert told[-3:] == [
        "  line 6, in fill",
        "    board[r][0] = board[r][0]",
        "IndexError: list index out of range",
    ]
    # solveSudoku, fill for rows 0 and 1, seven more folded, and row 9's fill that fails
    assert told[3:9] == [
        "  line 7, in fill",
        "    return self.fill(board, r + 1)",
        "  line 7, in fill",
        "    return self.fill(board, r + 1)",
        "  ... 7 more calls of fill",
        "  line 6, in fill",
    ]
    assert len(told) == 1 + 2 + 2 * 2 + 1 + 2 + 1
    assert not any("sudoku" in line or "File" in line for line in told)


def test_a_repeat_of_three_is_shown_whole() -> None:
    """Three identical frames stay three (folding one frame saves nothing); four fold."""
    for rows, shown in ((3, 3), (4, 2)):
        code = HELPER_FAILS.replace("= board[r][0]", f"= board[r][0] if r < {rows} else [][0]")
        told = watch(code, LEETCODE)["traceback"]
        assert told.count("  line 7, in fill") == shown, told
        assert any("more calls of fill" in line for line in told) == (shown < rows)


def test_an_exception_raised_by_the_board_is_a_lists() -> None:
    """A write past a row's end fails as it does on a list."""
    run = watch("def solve(board):\n    board[0][9] = '1'\n", LEETCODE)
    assert run["message"] == "error on line 2: IndexError: list assignment index out of range"


@pytest.mark.parametrize(
    ("code", "message"),
    [
        ("def solve(board)\n    pass\n", "error on line 1: SyntaxError: expected ':'"),
        ("x = 1\n", "error: no solver found: write class Solution with def solveSudoku"),
        ("def solve():\n    pass\n", "error on line 1: the solver must be def solve(board)"),
        (
            "class Solution:\n    def solveSudoku(self, board, extra):\n        pass\n",
            "error on line 2: the solver must be def solveSudoku(self, board)",
        ),
        ("import nowhere_to_be_found\n", "error on line 1: ModuleNotFoundError: No module"),
        ("def solve(board):\n    exit(3)\n", "error on line 2: SystemExit: 3"),
    ],
)
def test_code_that_cannot_run_says_why(code: str, message: str) -> None:
    """A syntax error, no entry point, a wrong signature, an import that fails, an exit:
    a message that starts with the line, and no events (and the tests go on running)."""
    seen: list[Event] = []
    run = watch(code, LEETCODE, on_event=seen.append)
    assert run["outcome"] == "error"
    assert run["message"].startswith(message)
    assert not seen


def test_a_syntax_error_points_at_its_spot() -> None:
    """A syntax error's traceback is the line, a caret under the spot, and the error."""
    run = watch("def solve(board):\n    x = (1 +\n", LEETCODE)
    assert run["message"].startswith("error on line 2: SyntaxError: ")
    assert run["traceback"][:3] == ["  line 2", "    x = (1 +", "        ^"]


def test_a_bad_grid_is_refused_at_once() -> None:
    """The puzzle is checked before any code runs: a ValueError naming the cell."""
    with pytest.raises(ValueError, match="r1c1: 'x' is not a digit"):
        watch(EDITORIAL, "x" + "." * 80)


def test_the_tracer_leaves_no_trace_behind() -> None:
    """After a run (even a stopped one) the trace function is what it was, and so is an
    alarm set before (a test runner's timeout): its handler, and its time left."""

    def ours(_signal: int, _frame: object) -> None:
        raise AssertionError("the alarm set before the run rang")

    before = sys.gettrace()
    handler = signal.signal(signal.SIGALRM, ours)
    timer = signal.setitimer(signal.ITIMER_REAL, 100.0)
    try:
        watch("def solve(board):\n    while True:\n        pass\n", LEETCODE, Limits(9, 999, 5))
        assert sys.gettrace() is before
        assert signal.getsignal(signal.SIGALRM) is ours
        assert 90 < signal.getitimer(signal.ITIMER_REAL)[0] <= 100
    finally:
        signal.signal(signal.SIGALRM, handler)
        signal.setitimer(signal.ITIMER_REAL, *timer)


@pytest.mark.parametrize("grid", load_puzzles("unbiased_1000", limit=3))
def test_each_starting_point_ends_solved(grid: str) -> None:
    """The code lab's starting points run to the solution under the tracer."""
    for text in STARTING_POINTS.values():
        run = watch(unmarked(text)[0], grid)
        assert filled(run["board"]) == solve(grid)


def test_what_the_code_prints_is_kept_apart(capsys: pytest.CaptureFixture[str]) -> None:
    """The reader's ``print`` goes to the run's ``printed``, not to our stdout, and only
    its first ``MAX_PRINTED`` characters are kept."""
    code = "def solve(board):\n    print('hi')\n    for i in range(20_000):\n        print(i)\n"
    run = watch(code, LEETCODE)
    assert run["printed"].startswith("hi\n0\n1\n2\n")
    assert len(run["printed"]) == MAX_PRINTED
    assert capsys.readouterr() == ("", "")
