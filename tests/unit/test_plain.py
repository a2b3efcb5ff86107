"""The plain code the player shows is honest: run under the tracer, it writes what the
events the player plays write, from the lines the player marks; the starting points solve."""

from __future__ import annotations

import sys
from types import FrameType

import pytest
from support import load_puzzles

from sudoku.plain import PLAIN, STARTING_POINTS, unmarked
from sudoku.solver import solve
from sudoku.tracing import source, trace
from sudoku.watching import FILENAME, Event, Limits, watch
from sudoku.words import STRATEGIES

PUZZLES = {
    "naive": [*load_puzzles("unbiased_1000", limit=4), load_puzzles("top95")[18]],
    "mrv": load_puzzles("unbiased_1000", limit=4) + load_puzzles("hardest", limit=2),
    "propagate": load_puzzles("unbiased_1000", limit=3) + load_puzzles("hardest", limit=3),
}
"""Per strategy, puzzles whose search takes its plain code under a second or two traced."""

UNSOLVABLE = "..3.7.948.8...9.3......3.25.1.5.......23...7.8.4.2....2.5.6.38167..........8....."
"""A puzzle with no solution and no clash among its givens (test_tracing's): every search
ends by taking back all it wrote."""

PATIENT = Limits(events=10**7, lines=10**9, seconds=300.0)
"""Caps no honest run here reaches, however busy the machine."""

WRITES = {"place": "place", "force": "place", "undo": "undo"}
"""The trace's kinds that write into a cell, and what the tracer calls that write."""


def writes_seen(code: str, grid: str) -> list[tuple[str, str, str, int]]:
    """Each write ``code`` makes on ``grid``, as the tracer records it: kind, cell, digit, line."""
    seen: list[Event] = []
    run = watch(code, grid, PATIENT, seen.append)
    assert run["outcome"] == "returned", run["message"]
    return [(e["kind"], e["cell"], e["digit"], e["line"]) for e in seen]


@pytest.mark.parametrize(
    ("strategy", "grid"),
    [(s, g) for s in STRATEGIES for g in [*PUZZLES[s], UNSOLVABLE]],
)
def test_plain_code_writes_what_the_trace_plays(strategy: str, grid: str) -> None:
    """The shown code, run under the tracer, makes the trace's writes (place, force,
    undo: cell, digit) in its order, each from the line source() names for its kind."""
    text, lines = source(strategy)
    expected = [
        (WRITES[e["kind"]], e["cell"], e["digit"], lines[e["kind"]])
        for e in trace(grid, strategy)
        if e["kind"] in WRITES
    ]
    assert expected
    assert writes_seen(text, grid) == expected


def lines_run(code: str, grid: str) -> set[int]:
    """The lines of ``code`` run while it solves ``grid`` (with a trace of our own)."""
    run: set[int] = set()

    def local(frame: FrameType, event: str, _arg: object) -> object:
        if event == "line":
            run.add(frame.f_lineno)
        return local

    def called(frame: FrameType, _event: str, _arg: object) -> object:
        return local if frame.f_code.co_filename == FILENAME else None

    namespace: dict[str, object] = {}
    exec(compile(code, FILENAME, "exec"), namespace)  # noqa: S102 (our own plain code)
    board = [list(grid[start : start + 9]) for start in range(0, 81, 9)]
    sys.settrace(called)
    try:
        namespace["Solution"]().solveSudoku(board)  # type: ignore[operator]
    finally:
        sys.settrace(None)
    return run


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_every_marked_line_runs(strategy: str) -> None:
    """Each line source() names (try, reject, stuck, solved, exhausted too) is one the
    plain code runs, on a solvable puzzle or on one with no solution."""
    text, lines = source(strategy)
    run = lines_run(text, PUZZLES[strategy][-1]) | lines_run(text, UNSOLVABLE)
    assert set(lines.values()) <= run


@pytest.mark.parametrize("name", sorted(STARTING_POINTS))
def test_each_starting_point_solves_in_place(name: str) -> None:
    """Each of the code lab's starting points fills the board with the solution."""
    text, _ = unmarked(STARTING_POINTS[name])
    for grid in [*load_puzzles("unbiased_1000", limit=3), UNSOLVABLE]:
        run = watch(text, grid, PATIENT)
        assert run["outcome"] == "returned", run["message"]
        filled = "".join("".join(row) for row in run["board"])  # type: ignore[arg-type]
        assert filled == (solve(grid) or grid)


@pytest.mark.parametrize("name", ["sets per unit", "bitmasks"])
def test_sets_and_bitmasks_write_as_the_editorial_does(name: str) -> None:
    """Sets per unit and bitmasks search in the editorial's order: the same writes."""
    editorial, _ = unmarked(STARTING_POINTS["the editorial"])
    text, _ = unmarked(STARTING_POINTS[name])
    for grid in load_puzzles("unbiased_1000", limit=2):
        ours = [write[:3] for write in writes_seen(text, grid)]
        assert ours == [write[:3] for write in writes_seen(editorial, grid)]


def test_unmarked_takes_the_marks_off_and_numbers_them() -> None:
    """A mark is taken off its line and names that line; other lines stay as they are."""
    assert unmarked("a = 1\nb = 2  #: place\n\nc = 3  #: undo\n") == (
        "a = 1\nb = 2\n\nc = 3\n",
        {"place": 2, "undo": 4},
    )
    assert set(PLAIN) == set(STRATEGIES)
