"""Tracer benchmark: what watching a reader's code costs, in CPython.

``python bench/tracer.py [--puzzles N]`` (under CPython 3.12+ for ``sys.monitoring``;
3.11 falls back to ``sys.settrace``)

Runs each of the code lab's starting points (the sets per unit one is a set-based DFS)
and propagate's plain code on the first N puzzles of ``unbiased_1000`` (default 5),
three ways: untraced on rows that record each write and its line (``Recorded``: what
watching must cost no more than twice), under ``sudoku.watching.watch`` with every event
kept (what ``sudoku watch`` and the lab do), and the same with each line's run count
kept (``heat=True``, the lab's heat map, asked after a run). Prints a markdown table:
writes and lines run, the three times, and the two ratios. Every run must end with the
solution: a wrong one stops the benchmark. Times are wall clock, best of 3, the garbage
collector off. Then an endless loop or two, stopped by a 2-second limit: how long the
stop took. Figures: docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import gc
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from time import perf_counter
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests")]

from support import load_puzzles  # noqa: E402 (tests/ put on the path just above)

from sudoku.grid import Grid  # noqa: E402
from sudoku.plain import PLAIN, STARTING_POINTS, unmarked  # noqa: E402
from sudoku.solver import solve  # noqa: E402
from sudoku.watching import FILENAME, MONITORING, Event, Limits, watch  # noqa: E402

CODES = {
    **{name: unmarked(text)[0] for name, text in STARTING_POINTS.items()},
    "propagate (plain)": unmarked(PLAIN["propagate"])[0],
}
"""The code measured: the four starting points (the editorial is naive's plain code, the
most constrained cell first is mrv's) and propagate's plain code."""


RUNAWAY = {
    "in a function": "def solve(board):\n    while True:\n        pass\n",
    "on one line": "def solve(board):\n    while True: pass\n",
    "a for loop": "def solve(board):\n    for i in range(10**12):\n        i += 1\n",
    "behind except": (
        "def solve(board):\n    while True:\n        try:\n            pass\n"
        "        except Exception:\n            pass\n"
    ),
}
"""Code that never ends: the time limit must stop each (the one-line loop makes no line
event)."""


def runaway(name: str, code: str, grid: Grid) -> str:
    """A table row: ``code`` watched with a 2-second cap, its outcome and its time."""
    started = perf_counter()
    run = watch(code, grid, Limits(events=0, lines=0, seconds=2.0))
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


class Recorded(list):  # type: ignore[type-arg]
    """A board row that records each write, its cell and the writing line: the least a
    tracer of writes must do."""

    __slots__ = ("log", "number")

    def __setitem__(self, index: Any, value: Any) -> None:
        list.__setitem__(self, index, value)
        self.log.append((self.number * 9 + index, value, sys._getframe(1).f_lineno))


def bare(code: str, grid: Grid) -> Grid:
    """``code``'s answer on ``grid``, run untraced on rows that record each write."""
    namespace: dict[str, object] = {}
    exec(compile(code, FILENAME, "exec"), namespace)  # noqa: S102 (our own starting points)
    log: list[tuple[int, str, int]] = []
    board = []
    for number in range(9):
        row = Recorded(grid[number * 9 : number * 9 + 9])
        row.log, row.number = log, number
        board.append(row)
    namespace["Solution"]().solveSudoku(board)  # type: ignore[operator]
    return "".join("".join(row) for row in board)


def watched(code: str, grid: Grid, heat: bool) -> tuple[Grid, int, int]:
    """``code``'s answer on ``grid`` under the tracer (events kept), its writes and lines."""
    kept: list[Event] = []
    run = watch(code, grid, on_event=kept.append, heat=heat)
    assert run["outcome"] == "returned", run["message"]
    answer = "".join("".join(row) for row in run["board"])  # type: ignore[arg-type]
    return answer, run["steps"], run["lines"]


def row(name: str, code: str, puzzles: list[Grid]) -> str:
    """One code's line of the table, summed over ``puzzles``; every answer checked."""
    events = lines = 0
    plain = kept = heated = 0.0
    for grid in puzzles:
        right = solve(grid)
        answer, steps, run_lines = watched(code, grid, heat=True)
        assert answer == right == bare(code, grid), f"{name}: wrong answer on {grid}"
        events, lines = events + steps, lines + run_lines
        plain += best_of(3, lambda grid=grid: bare(code, grid))
        kept += best_of(3, lambda grid=grid: watched(code, grid, heat=False))
        heated += best_of(3, lambda grid=grid: watched(code, grid, heat=True))
    return (
        f"| {name} | {events:,} | {lines:,} | {plain * 1000:.1f} | {kept * 1000:.1f} | "
        f"{kept / plain:.2f}x | {heated * 1000:.1f} | {heated / plain:.2f}x |"
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Measure each code on the puzzles and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", type=int, default=5, help="first N of unbiased_1000")
    parser.add_argument(
        "--pyodide", action="store_true", help="in the vendored Pyodide, through Node"
    )
    args = parser.parse_args(argv)
    puzzles = load_puzzles("unbiased_1000", limit=args.puzzles)
    if args.pyodide:
        return in_pyodide(puzzles)
    where = "Pyodide" if sys.platform == "emscripten" else "CPython"
    print(f"{where} {sys.version.split()[0]}, first {len(puzzles)} puzzles of unbiased_1000\n")
    engine = "sys.monitoring" if MONITORING is not None else "sys.settrace"
    print(f"Watched with {engine}.\n")
    print("| code | writes | lines | rows ms | watched ms | ratio | heat ms | heat ratio |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for name, code in CODES.items():
        print(row(name, code, puzzles), flush=True)
    print("\nAn endless loop, stopped by a 2-second cap: how long the stop took.\n")
    print("| loop | outcome | seconds |")
    print("|---|---|---:|")
    for name, code in RUNAWAY.items():
        if sys.platform == "emscripten" and name == "a for loop":
            print(f"| {name} | not tried: in Pyodide only the page's Stop ends it | |")
            continue
        print(runaway(name, code, puzzles[0]), flush=True)
    return 0


def in_pyodide(puzzles: list[Grid]) -> int:
    """Run this benchmark in the vendored Pyodide through Node (tests/unit/
    pyodide_probe.mjs), on ``puzzles`` handed in as they are (its file system has no
    puzzle files)."""
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "bench" / "tracer.py"
        script.parent.mkdir()
        script.write_text(
            "import sys, types\n"
            "support = types.ModuleType('support')\n"
            f"support.load_puzzles = lambda name, limit: {puzzles!r}[:limit]\n"
            "sys.modules['support'] = support\n"
            f"sys.argv = ['tracer.py', '--puzzles', '{len(puzzles)}']\n"
            f"__file__ = {str(script)!r}\n"
            + Path(__file__)
            .read_text()
            .replace("from __future__ import annotations", "")  # 3.14: annotations are lazy
            .replace('if __name__ == "__main__":', "if True:")
        )
        pyodide = ROOT / "static" / "vendor" / "pyodide"
        probe = ROOT / "tests" / "unit" / "pyodide_probe.mjs"
        command = ["node", str(probe), str(pyodide), str(ROOT / "src" / "sudoku"), str(script)]
        return subprocess.run(command, check=False).returncode


if __name__ == "__main__":
    sys.exit(main())
