"""Generator benchmark: how long each level takes to make, in CPython.

``python bench/generate.py [--seeds N] [--levels LEVEL ...]``

For each level it makes one puzzle for each of the seeds 0 to N - 1 (default 10), one
run each, timed with ``perf_counter`` and the garbage collector off (as ``timeit``
does), and prints a markdown table: median and max ms, the mean givens, and the mean
full grids tried per puzzle (``sudoku.generator`` drops a candidate of another level
and starts again; easy never does). Every puzzle is checked (one solution, rated at
the level asked): a wrong one stops the run.

Measured on the project's 2-core machine, shared with other work (CPython 3.11, seeds 0-4):

| level | median ms | max ms | givens (mean) | full grids tried (mean) |
|---|---:|---:|---:|---:|
| easy | 19 | 21 | 24.4 | 1.0 |
| medium | 111 | 469 | 25.4 | 5.0 |
| hard | 67 | 79 | 27.6 | 4.2 |
| expert | 166 | 250 | 25.2 | 5.4 |
| extreme | 108 | 178 | 24.4 | 4.8 |

Pyodide runs the same code 3-4 times slower. Times are wall clock: run it on an idle
machine. Not in ``make bench``: hard puzzles take up to seconds each.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
from collections.abc import Sequence
from time import perf_counter

from sudoku.generator import candidate, checked_level, level_of, stream_for
from sudoku.grid import Grid
from sudoku.logic import rate
from sudoku.solver import count_solutions
from sudoku.words import LEVELS


def made(level: str, seed: int) -> tuple[Grid, int]:
    """``generate(level, seed)``, done as the generator does it: the puzzle, and how many
    full grids it tried."""
    wanted = checked_level(level)
    stream = stream_for(wanted, seed)
    tries = 0
    while True:
        tries += 1
        puzzle = candidate(stream, wanted)
        if level_of(puzzle) == wanted:
            return puzzle, tries


def timed(level: str, seed: int) -> tuple[float, Grid, int]:
    """Milliseconds to make one puzzle, the garbage collector off; the puzzle; its tries."""
    gc.disable()
    try:
        start = perf_counter()
        puzzle, tries = made(level, seed)
        return (perf_counter() - start) * 1000, puzzle, tries
    finally:
        gc.enable()


def bench_level(level: str, seeds: int) -> dict[str, float]:
    """Make a puzzle per seed; check each; the level's numbers."""
    times, givens, tries = [], [], []
    for seed in range(seeds):
        ms, puzzle, tried = timed(level, seed)
        if count_solutions(puzzle, 2) != 1 or rate(puzzle).level != level:
            raise SystemExit(f"{level} seed {seed}: {puzzle} is not a proper {level} puzzle")
        times.append(ms)
        givens.append(81 - puzzle.count("."))
        tries.append(tried)
        print(f"{level} seed {seed}: {ms:8.1f} ms, {tried} grids, {givens[-1]} givens", flush=True)
    return {
        "median_ms": statistics.median(times),
        "max_ms": max(times),
        "givens": statistics.mean(givens),
        "tries": statistics.mean(tries),
    }


def markdown(results: dict[str, dict[str, float]], seeds: int) -> str:
    """The table for the README."""
    lines = [
        f"| level ({seeds} seeds) | median ms | max ms | givens (mean) | full grids tried (mean) |",
        "|---|---:|---:|---:|---:|",
    ]
    for level, r in results.items():
        numbers = f"{r['median_ms']:.0f} | {r['max_ms']:.0f} | {r['givens']:.1f} | {r['tries']:.1f}"
        lines.append(f"| {level} | {numbers} |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Time each level over the seeds and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=10, metavar="N", help="seeds 0..N-1")
    parser.add_argument("--levels", nargs="+", choices=LEVELS, default=list(LEVELS))
    args = parser.parse_args(argv)
    if args.seeds < 1:
        parser.error("--seeds must be at least 1")
    print(f"Python {sys.version.split()[0]}")
    results = {level: bench_level(level, args.seeds) for level in args.levels}
    print("\n" + markdown(results, args.seeds))
    return 0


if __name__ == "__main__":
    sys.exit(main())
