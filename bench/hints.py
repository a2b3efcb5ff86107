"""Hint benchmark: how long the next hint takes, and a whole logical path, in CPython.

``python bench/hints.py [--forum N] [--sets NAME ...]``

For each set (default: hardest, top95, and every 97th of the first N * 97 puzzles of
forum_hardest_1905_11plus, N = 20) it walks every puzzle's logical path one hint at a
time, as the app's Hint button does (``next_step`` from the grid and the marks so far:
the solution count and the techniques, each step timed with ``perf_counter``), and
prints a markdown table: steps, the median, 90th percentile and max ms per step, the
count, median and max for the contradiction chains alone, and the median and max
seconds per whole path.
Every path must end solved (the run stops otherwise).

Measured on the project's 2-core machine, shared with other work (CPython 3.11):

| set | puzzles | steps | step ms | p90 | max | chains | chain ms | max | path s | max |
|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|
| hardest | 11 | 888 | 0.25 | 15 | 61 | 135 | 18 | 61 | 0.05 | 0.92 |
| top95 | 95 | 7,692 | 0.24 | 2.9 | 33 | 635 | 19 | 33 | 0.04 | 1.30 |
| forum_hardest (every 97th) | 20 | 2,183 | 0.74 | 24 | 249 | 749 | 17 | 249 | 1.23 | 2.58 |

Under MicroPython (the app's worker), measured with the vendored MicroPython in Node
(``tests/unit/mpy_probe.mjs``): chains on Norvig's hardest #2 60 to 620 ms each; the
first (split) chain of a forum puzzle 1.4 to 6.2 s. Not in ``make bench``: minutes.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Sequence
from pathlib import Path
from time import perf_counter

from sudoku.logic import apply_step, marks_of, next_step
from sudoku.solver import solve

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from support import load_puzzles


def walk(puzzle: str) -> tuple[list[float], list[float]]:
    """Every hint of the path, timed (ms); the contradiction chains' times apart."""
    grid, marks = puzzle, marks_of(puzzle)
    times, chains = [], []
    while "." in grid:
        start = perf_counter()
        step = next_step(grid, marks)
        spent = (perf_counter() - start) * 1000
        if step is None:
            raise SystemExit(f"stuck: {puzzle}")
        times.append(spent)
        if step.technique == "contradiction chain":
            chains.append(spent)
        grid, marks = apply_step(grid, marks, step)
    if grid != solve(puzzle):
        raise SystemExit(f"wrong: {puzzle}")
    return times, chains


def row(name: str, puzzles: Sequence[str]) -> str:
    """One line of the table for a set."""
    steps: list[float] = []
    chains: list[float] = []
    paths: list[float] = []
    for puzzle in puzzles:
        times, chain_times = walk(puzzle)
        steps += times
        chains += chain_times
        paths.append(sum(times) / 1000)
    steps.sort()
    p90 = steps[int(len(steps) * 0.9)]
    chain_part = (
        f"{len(chains):,} | {statistics.median(chains):.2g} | {max(chains):,.0f}"
        if chains
        else "0 | - | -"
    )
    return (
        f"| {name} | {len(puzzles)} | {len(steps):,} | {statistics.median(steps):.2g} | "
        f"{p90:.2g} | {max(steps):,.0f} | {chain_part} | {statistics.median(paths):.2f} | "
        f"{max(paths):.2f} |"
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Print the table for the sets asked."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--forum", type=int, default=20, help="forum puzzles (every 97th)")
    parser.add_argument("--sets", nargs="+", default=["hardest", "top95", "forum"])
    args = parser.parse_args(argv)
    print(
        "| set | puzzles | steps | step ms | p90 | max | chains | chain ms | max | path s | max |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name in args.sets:
        if name == "forum":
            puzzles = load_puzzles("forum_hardest_1905_11plus", args.forum, every=97)
            print(row("forum_hardest (every 97th)", puzzles), flush=True)
        else:
            print(row(name, load_puzzles(name)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
