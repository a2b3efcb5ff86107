"""Solver benchmark: the fast solver against two baselines and the teaching strategies.

``python bench/solver.py [--sample N] [--files NAME ...]``

For each puzzle set in the shared puzzle folder (``SUDOKU_PUZZLES``, by default
``<repo>/../shared/puzzles``) it times, one puzzle at a time with ``perf_counter``:

- ``fast``: ``sudoku.analyze(grid, limit=1)``, the package's solver (first solution);
- ``norvig``: Norvig's solver from "Solving Every Sudoku Puzzle" (``bench/baselines.py``);
- ``editorial``: the LeetCode 37 editorial's plain backtracking (``bench/baselines.py``);
- ``naive``, ``mrv``, ``propagate``: ``sudoku.trace`` run to its last event, the
  teaching searches the web page plays back.

It prints puzzles/s, mean, median, p99 and max ms and mean nodes (guesses placed) per
solver, on the first N puzzles of the file, N per solver below (``--sample`` caps them
all), and how many times faster ``fast`` is than each of the others on the same puzzles:
``fast`` is timed again right after the other solver on each puzzle, so that both see
the same machine load.
Every answer is checked (full grid, givens kept, no rule broken); a wrong or missing
answer stops the run, so no speed is ever reported for a wrong result. The garbage
collector is off while a solver runs, as ``timeit`` does. It ends with a markdown table
for the README.

Samples: the naive row-major searches need millions of placements on some puzzles
(the first of ``top95`` takes the editorial 9.7 million; 17-clue puzzles often need tens
of millions, a trace of them hours), so they run a few puzzles, and skip the sets whose
first puzzles are of that kind. The whole run takes about three minutes on a 2-core
machine. Times are wall clock: run it on an idle machine, since any other busy process
shows up as noise in every column.
"""

from __future__ import annotations

import argparse
import gc
import math
import os
import sys
from collections import deque
from collections.abc import Callable, Sequence
from itertools import islice
from pathlib import Path

from baselines import editorial_solve, norvig_solve

from sudoku.benchmark import Stats, format_stats, run_each, solves, summarize, time_each
from sudoku.grid import Grid
from sudoku.solver import analyze
from sudoku.trace import trace

ROOT = Path(__file__).resolve().parents[1]
PUZZLES = Path(os.environ.get("SUDOKU_PUZZLES", ROOT.parent / "shared" / "puzzles"))

Outcome = tuple[Grid | None, int | None]
"""A solver's answer and the nodes (guesses placed) it took, None when it does not count."""


def fast(grid: Grid) -> Outcome:
    """The package's solver: first solution and its guesses."""
    result = analyze(grid, limit=1)
    return result["solution"], result["nodes"]


def norvig(grid: Grid) -> Outcome:
    """Norvig's solver, which counts nothing."""
    return norvig_solve(grid), None


def traced(strategy: str) -> Callable[[Grid], Outcome]:
    """A teaching strategy consumed to its last event: the solved grid and its nodes."""

    def run(grid: Grid) -> Outcome:
        (last,) = deque(trace(grid, strategy), maxlen=1)
        return last.get("grid"), last.get("nodes")

    return run


SOLVERS: dict[str, Callable[[Grid], Outcome]] = {
    "fast": fast,
    "norvig": norvig,
    "editorial": editorial_solve,
    "naive": traced("naive"),
    "mrv": traced("mrv"),
    "propagate": traced("propagate"),
}

SAMPLES = {"fast": 2000, "norvig": 200, "editorial": 10, "naive": 3, "mrv": 10, "propagate": 50}
"""How many puzzles (the first of each file) each solver runs."""

MILLIONS_OF_NODES = frozenset({"top95", "magictour_top1465", "17_clue"})
SKIPPED = {"editorial": MILLIONS_OF_NODES, "naive": MILLIONS_OF_NODES}
"""Sets a solver skips: their first puzzles need millions of naive placements."""


def load(path: Path, limit: int) -> list[Grid]:
    """The first ``limit`` puzzles of a puzzle file (one 81-character line each)."""
    with path.open(encoding="ascii") as lines:
        return list(islice((line.strip() for line in lines if line.strip()), limit))


def checked(name: str, puzzles: Sequence[Grid], outcomes: Sequence[Outcome]) -> list[int]:
    """The nodes a solver counted (none for Norvig's); SystemExit on any wrong answer."""
    for puzzle, (solution, _) in zip(puzzles, outcomes, strict=True):
        if not solves(puzzle, solution):
            sys.exit(f"{name} gave a wrong answer for {puzzle}: {solution}")
    return [nodes for _, nodes in outcomes if nodes is not None]


def measure(name: str, puzzles: Sequence[Grid]) -> tuple[list[float], list[int]]:
    """Seconds per puzzle for one solver, and its nodes."""
    gc.disable()
    try:
        times, outcomes = run_each(puzzles, SOLVERS[name])
    finally:
        gc.enable()
    return times, checked(name, puzzles, outcomes)


def measure_paired(name: str, puzzles: Sequence[Grid]) -> tuple[list[float], list[int], float]:
    """Like ``measure``, timing ``fast`` right after the solver on each puzzle: the speedup
    (total solver time over total fast time) then compares runs under the same load."""
    times: list[float] = []
    fast_times: list[float] = []
    outcomes: list[Outcome] = []
    gc.disable()
    try:
        for puzzle in puzzles:
            (seconds,), (outcome,) = run_each([puzzle], SOLVERS[name])
            times.append(seconds)
            outcomes.append(outcome)
            fast_times += time_each([puzzle], fast)
    finally:
        gc.enable()
    return times, checked(name, puzzles, outcomes), math.fsum(times) / math.fsum(fast_times)


def bench_file(path: Path, cap: int | None) -> list[tuple[str, Stats, float | None]]:
    """Each solver's stats on one set, with how many times faster ``fast`` was than it."""
    rows: list[tuple[str, Stats, float | None]] = []
    for name in SOLVERS:
        if path.stem in SKIPPED.get(name, ()):
            continue
        puzzles = load(path, min(SAMPLES[name], cap) if cap else SAMPLES[name])
        if name == "fast":
            times, nodes = measure(name, puzzles)
            speedup = None
        else:
            times, nodes, speedup = measure_paired(name, puzzles)
        stats = summarize(times, nodes or None)
        rows.append((name, stats, speedup))
        print(format_stats(name, stats) + (f"  fast is {speedup:,.1f}x" if speedup else ""))
    return rows


def markdown(results: dict[str, list[tuple[str, Stats, float | None]]]) -> str:
    """The README table: one row per set and solver."""
    lines = [
        "| set | solver | puzzles | mean ms | median ms | p99 ms | max ms | mean nodes | fast is |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for set_name, rows in results.items():
        for name, stats, speedup in rows:
            nodes = stats["mean_nodes"]
            lines.append(
                f"| {set_name} | {name} | {stats['count']:,} | {stats['mean_ms']:,.3f}"
                f" | {stats['median_ms']:,.3f} | {stats['p99_ms']:,.3f} | {stats['max_ms']:,.3f}"
                f" | {'' if nodes is None else f'{nodes:,.1f}'}"
                f" | {'' if speedup is None else f'{speedup:,.1f}x faster'} |"
            )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark over the chosen sets and print the stats and the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--sample", type=int, metavar="N", help="at most N puzzles per set for every solver"
    )
    parser.add_argument("--files", nargs="+", metavar="NAME", help="puzzle sets (file stems)")
    args = parser.parse_args(argv)
    if args.sample is not None and args.sample < 1:
        parser.error("--sample must be at least 1")
    names = args.files or sorted(path.stem for path in PUZZLES.glob("*.txt"))
    missing = [name for name in names if not (PUZZLES / f"{name}.txt").is_file()]
    if missing:
        parser.error(f"no puzzle set {', '.join(missing)} in {PUZZLES}")
    print(f"Python {sys.version.split()[0]}, puzzles from {PUZZLES}")
    results = {}
    for name in names:
        print(f"\n## {name}")
        results[name] = bench_file(PUZZLES / f"{name}.txt", args.sample)
    print("\n" + markdown(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
