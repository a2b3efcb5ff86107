"""Solver benchmark: the fast solver against two baselines and the teaching strategies.

``python bench/solver.py [--sample N] [--files NAME ...]``

For each puzzle set in the shared puzzle folder (``SUDOKU_PUZZLES``, by default
``<repo>/../shared/puzzles``) it times, one puzzle at a time with ``perf_counter``:

- ``fast``: ``sudoku.analyze(grid, limit=1)``, the package's solver (first solution);
- ``previous``: the same before its search learned to branch on a digit's places in a
  unit (``previous_analyze`` in ``bench/baselines.py``): the fast solver may not lose to it;
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

Then the worst cases (issue 11), set ``no_solution``: ``tests/data/puzzles/no_solution.txt``
(``scripts/no_solution_puzzles.py``), puzzles with no solution whose givens agree, the kind
a typo makes, where a search must try everything to answer. ``fast`` and ``previous``
each prove every one has none (``analyze(grid)``, the verdict the page asks for; any
solution found stops the run); the target is no puzzle over 50 ms. Run it alone with
``--files no_solution``.

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

from baselines import editorial_solve, norvig_solve, previous_analyze

from sudoku.benchmark import Stats, format_stats, run_each, solves, summarize, time_each
from sudoku.grid import Grid
from sudoku.solver import analyze
from sudoku.tracing import trace

ROOT = Path(__file__).resolve().parents[1]
PUZZLES = Path(os.environ.get("SUDOKU_PUZZLES", ROOT.parent / "shared" / "puzzles"))
NO_SOLUTION = ROOT / "tests" / "data" / "puzzles" / "no_solution.txt"
"""The worst cases: puzzles with no solution whose givens agree (committed, not shared)."""

Outcome = tuple[Grid | None, int | None]
"""A solver's answer and the nodes (guesses placed) it took, None when it does not count."""


def fast(grid: Grid) -> Outcome:
    """The package's solver: first solution and its guesses."""
    result = analyze(grid, limit=1)
    return result["solution"], result["nodes"]


def previous(grid: Grid) -> Outcome:
    """The fast solver as it was before unit branching: first solution and its guesses."""
    result = previous_analyze(grid, limit=1)
    return result["solution"], result["nodes"]  # type: ignore[return-value]


def verdict(solve: Callable[[Grid, int], dict[str, object]]) -> Callable[[Grid], Outcome]:
    """The page's question, none/unique/multiple (limit 2), asked of an ``analyze``."""

    def run(grid: Grid) -> Outcome:
        result = solve(grid, 2)
        return result["solution"], result["nodes"]  # type: ignore[return-value]

    return run


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
    "previous": previous,
    "norvig": norvig,
    "editorial": editorial_solve,
    "naive": traced("naive"),
    "mrv": traced("mrv"),
    "propagate": traced("propagate"),
}

SAMPLES = {
    "fast": 2000,
    "previous": 2000,
    "norvig": 200,
    "editorial": 10,
    "naive": 3,
    "mrv": 10,
    "propagate": 50,
}
"""How many puzzles (the first of each file) each solver runs."""

MILLIONS_OF_NODES = frozenset({"top95", "magictour_top1465", "17_clue"})
SKIPPED = {"editorial": MILLIONS_OF_NODES, "naive": MILLIONS_OF_NODES}
"""Sets a solver skips: their first puzzles need millions of naive placements."""

PREVIOUS_CAP = 100_000
"""Guesses after which the previous solver gives up on a worst case (about a second; some
take it minutes): its time there is a lower bound, and the run says how many stopped."""

stopped: set[Grid] = set()
"""The worst cases the previous solver gave up on."""


def previous_verdict(grid: Grid) -> Outcome:
    """The previous solver's verdict (limit 2), giving up at ``PREVIOUS_CAP`` guesses."""
    result = previous_analyze(grid, 2, PREVIOUS_CAP)
    if result["stopped"]:
        stopped.add(grid)
    return result["solution"], result["nodes"]  # type: ignore[return-value]


NO_SOLUTION_SOLVERS: dict[str, Callable[[Grid], Outcome]] = {
    "fast": verdict(analyze),
    "previous": previous_verdict,
}
"""The worst-case set's solvers: the verdict, as the page asks it (first solution, and
whether there is a second: here, proving there is none)."""


def load(path: Path, limit: int | None) -> list[Grid]:
    """The first ``limit`` puzzles of a puzzle file (one 81-character line each; all
    when None)."""
    with path.open(encoding="ascii") as lines:
        return list(islice((line.strip() for line in lines if line.strip()), limit))


def checked(
    name: str, puzzles: Sequence[Grid], outcomes: Sequence[Outcome], *, none: bool = False
) -> list[int]:
    """The nodes a solver counted (none for Norvig's); SystemExit on any wrong answer (a
    solution that is not one, or any solution at all when ``none`` are expected)."""
    for puzzle, (solution, _) in zip(puzzles, outcomes, strict=True):
        if (solution is not None) if none else not solves(puzzle, solution):
            sys.exit(f"{name} gave a wrong answer for {puzzle}: {solution}")
    return [nodes for _, nodes in outcomes if nodes is not None]


def measure(
    name: str, puzzles: Sequence[Grid], solvers: dict[str, Callable[[Grid], Outcome]], none: bool
) -> tuple[list[float], list[int]]:
    """Seconds per puzzle for one solver, and its nodes."""
    gc.disable()
    try:
        times, outcomes = run_each(puzzles, solvers[name])
    finally:
        gc.enable()
    return times, checked(name, puzzles, outcomes, none=none)


def measure_paired(
    name: str, puzzles: Sequence[Grid], solvers: dict[str, Callable[[Grid], Outcome]], none: bool
) -> tuple[list[float], list[int], float]:
    """Like ``measure``, timing ``fast`` right after the solver on each puzzle: the speedup
    (total solver time over total fast time) then compares runs under the same load."""
    times: list[float] = []
    fast_times: list[float] = []
    outcomes: list[Outcome] = []
    gc.disable()
    try:
        for puzzle in puzzles:
            (seconds,), (outcome,) = run_each([puzzle], solvers[name])
            times.append(seconds)
            outcomes.append(outcome)
            fast_times += time_each([puzzle], solvers["fast"])
    finally:
        gc.enable()
    nodes = checked(name, puzzles, outcomes, none=none)
    return times, nodes, math.fsum(times) / math.fsum(fast_times)


def bench_file(path: Path, cap: int | None) -> list[tuple[str, Stats, float | None]]:
    """Each solver's stats on one set, with how many times faster ``fast`` was than it."""
    none = path == NO_SOLUTION
    solvers = NO_SOLUTION_SOLVERS if none else SOLVERS
    rows: list[tuple[str, Stats, float | None]] = []
    for name in solvers:
        if path.stem in SKIPPED.get(name, ()):
            continue
        limit = None if none else SAMPLES[name]  # the worst cases: all of them
        if cap:
            limit = cap if limit is None else min(limit, cap)
        puzzles = load(path, limit)
        if name == "fast":
            times, nodes = measure(name, puzzles, solvers, none)
            speedup = None
        else:
            times, nodes, speedup = measure_paired(name, puzzles, solvers, none)
        stats = summarize(times, nodes or None)
        rows.append((name, stats, speedup))
        print(format_stats(name, stats) + (f"  fast is {speedup:,.2f}x" if speedup else ""))
        if none:
            print(f"{'':12} {sum(t > 0.05 for t in times)} over 50 ms", end="")
            gave_up = len(stopped.intersection(puzzles)) if name == "previous" else 0
            print(f", {gave_up} stopped at {PREVIOUS_CAP:,} guesses" if gave_up else "")
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
    names = args.files or [*sorted(path.stem for path in PUZZLES.glob("*.txt")), NO_SOLUTION.stem]
    paths = {
        name: NO_SOLUTION if name == NO_SOLUTION.stem else PUZZLES / f"{name}.txt" for name in names
    }
    missing = [name for name, path in paths.items() if not path.is_file()]
    if missing:
        parser.error(f"no puzzle set {', '.join(missing)} in {PUZZLES}")
    print(f"Python {sys.version.split()[0]}, puzzles from {PUZZLES}")
    results = {}
    for name in names:
        print(f"\n## {name}")
        results[name] = bench_file(paths[name], args.sample)
    print("\n" + markdown(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
