"""Tracer benchmark: what watching a reader's code costs, in CPython.

``python bench/tracer.py [--puzzles N]``

Runs each of the code lab's starting points and each built-in strategy's plain code on
the first N puzzles of ``unbiased_1000`` (default 5), three ways: bare (plain lists, no
trace function), under ``sudoku.watching.watch`` with no listener, and under ``watch``
with every event kept (what ``sudoku watch`` and the lab do). Prints a markdown table:
writes (events) and lines of the reader's code run, the bare time, the watched times
(without and with the events kept), how many times slower watching with the events kept
is, and events and lines per second watched so. Every run
must end with the solution: a wrong one stops the benchmark. Times are wall clock, best
of 3, the garbage collector off: run it on an idle machine. Pyodide runs pure Python
about 2-2.7 times slower than CPython 3.11 (docs: ARCHITECTURE.md).

Measured 2026-11-25 on the project's 2-core machine while it was shared with heavy other
work (load average 12; runs minutes apart differed up to 2x), ``--puzzles 3``:

| code | events | lines | bare ms | watched ms | kept ms | slower | events/s | lines/s |
|---|---:|---:|---:|---:|---:|---:|---:|---:|
| the editorial | 23,067 | 2,615,812 | 150.7 | 1353.6 | 982.9 | 6.5x | 23,468 | 2,661,252 |
| sets per unit | 23,067 | 463,201 | 12.0 | 206.1 | 371.7 | 30.9x | 62,054 | 1,246,095 |
| bitmasks | 23,067 | 578,458 | 18.0 | 296.7 | 323.0 | 17.9x | 71,409 | 1,790,752 |
| most constrained first | 4,211 | 2,549,612 | 378.4 | 2143.6 | 2150.4 | 5.7x | 1,958 | 1,185,638 |
| propagate (plain) | 223 | 606,401 | 64.0 | 305.4 | 328.4 | 5.1x | 679 | 1,846,483 |

A line of the reader's code costs one call of the trace function (~0.4 us); a write to
the board two more Python calls and an event (~10 us): code that writes often (sets,
bitmasks: a write per 20 lines) slows the most. The vendored Pyodide (3.14, in Node, the
same load) watched the editorial at 0.93 M lines/s against CPython's 1.41 M in the same
minutes (1.5x), sets per unit at 21,355 events/s against 36,497.
"""

from __future__ import annotations

import argparse
import gc
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from time import perf_counter

sys.path[:0] = [str(Path(__file__).resolve().parents[1] / "tests")]

from support import load_puzzles  # noqa: E402 (tests/ put on the path just above)

from sudoku.grid import Grid  # noqa: E402
from sudoku.plain import PLAIN, STARTING_POINTS, unmarked  # noqa: E402
from sudoku.solver import solve  # noqa: E402
from sudoku.watching import FILENAME, Event, Limits, watch  # noqa: E402

CODES = {
    **{name: unmarked(text)[0] for name, text in STARTING_POINTS.items()},
    "propagate (plain)": unmarked(PLAIN["propagate"])[0],
}
"""The code measured: the four starting points (the editorial is naive's plain code, the
most constrained cell first is mrv's) and propagate's plain code."""


RUNAWAY = {
    "in a function": "def solve(board):\n    while True:\n        pass\n",
    "on one line": "def solve(board):\n    while True: pass\n",
    "behind except": (
        "def solve(board):\n    while True:\n        try:\n            pass\n"
        "        except Exception:\n            pass\n"
    ),
}
"""Code that never ends: the seconds' cap must stop each (the one-line loop makes no line
event: an alarm stops it)."""


def runaway(name: str, code: str, grid: Grid) -> str:
    """A table row: ``code`` watched with a 2-second cap, its outcome and its time."""
    started = perf_counter()
    run = watch(code, grid, Limits(events=10**9, lines=10**12, seconds=2.0))
    return f"| {name} | {run['message']} | {perf_counter() - started:.2f} |"


def best_of(runs: int, work: Callable[[], object]) -> float:
    """The fastest of ``runs`` calls of ``work``, in seconds, the garbage collector off."""
    times = []
    gc.disable()
    try:
        for _ in range(runs):
            start = perf_counter()
            work()
            times.append(perf_counter() - start)
    finally:
        gc.enable()
    return min(times)


def bare(code: str, grid: Grid) -> Grid:
    """``code``'s answer on ``grid``, run on plain lists with no trace function."""
    namespace: dict[str, object] = {}
    exec(compile(code, FILENAME, "exec"), namespace)  # noqa: S102 (our own starting points)
    board = [list(grid[start : start + 9]) for start in range(0, 81, 9)]
    namespace["Solution"]().solveSudoku(board)  # type: ignore[operator]
    return "".join("".join(row) for row in board)


def watched(code: str, grid: Grid, keep: bool) -> tuple[Grid, int, int]:
    """``code``'s answer on ``grid`` under the tracer, its events and lines run."""
    kept: list[Event] = []
    run = watch(code, grid, on_event=kept.append if keep else None)
    assert run["outcome"] == "returned", run["message"]
    answer = "".join("".join(row) for row in run["board"])  # type: ignore[arg-type]
    return answer, run["steps"], run["lines"]


def row(name: str, code: str, puzzles: list[Grid]) -> str:
    """One code's line of the table, summed over ``puzzles``; every answer checked."""
    events = lines = 0
    plain = quiet = kept = 0.0
    for grid in puzzles:
        right = solve(grid)
        answer, steps, run_lines = watched(code, grid, keep=True)
        assert answer == right == bare(code, grid), f"{name}: wrong answer on {grid}"
        events, lines = events + steps, lines + run_lines
        plain += best_of(3, lambda grid=grid: bare(code, grid))
        quiet += best_of(3, lambda grid=grid: watched(code, grid, keep=False))
        kept += best_of(3, lambda grid=grid: watched(code, grid, keep=True))
    return (
        f"| {name} | {events:,} | {lines:,} | {plain * 1000:.1f} | {quiet * 1000:.1f} | "
        f"{kept * 1000:.1f} | {kept / plain:.1f}x | {events / kept:,.0f} | {lines / kept:,.0f} |"
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Measure each code on the puzzles and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", type=int, default=5, help="first N of unbiased_1000")
    args = parser.parse_args(argv)
    puzzles = load_puzzles("unbiased_1000", limit=args.puzzles)
    print(f"CPython {sys.version.split()[0]}, first {len(puzzles)} puzzles of unbiased_1000\n")
    print(
        "| code | events | lines | bare ms | watched ms | kept ms | slower | events/s | lines/s |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name, code in CODES.items():
        print(row(name, code, puzzles), flush=True)
    print("\nAn endless loop, stopped by a 2-second cap: how long the stop took.\n")
    print("| loop | outcome | seconds |")
    print("|---|---|---:|")
    for name, code in RUNAWAY.items():
        print(runaway(name, code, puzzles[0]), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
