"""Hint benchmark: how long the next hint takes, in CPython and under MicroPython.

``python bench/hints.py [--forum N] [--sets NAME ...] [--micropython]``

For each set (default: hardest, top95, and every 97th of the first N * 97 puzzles of
forum_hardest_1905_11plus, N = 20) it walks every puzzle's logical path one hint at a
time, as the app's Hint button does (``next_step`` from the grid and the marks so far:
the solution and the techniques), each hint timed in CPU time (``process_time``: the
machine is shared), and prints a markdown table: hints, the median, 90th percentile and
max ms per hint, the count, median and max for the contradiction chains alone, and the
median and max seconds per whole path. Every path must end solved (else the run stops).

``--micropython`` adds a row per set for the app's worker: the same hints (every state of
those paths, grid and marks) asked of the vendored MicroPython in Node, one call each, in
one interpreter (as the worker keeps one), CPU time (``bench/micropython.py``'s runner).
Not in ``make bench``: minutes (``--forum 5`` for a quick look).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Sequence
from pathlib import Path
from time import process_time

from sudoku.logic import apply_step, marks_of, next_step
from sudoku.solver import solve

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from micropython import run_micropython  # bench/micropython.py
from support import load_puzzles

CHAIN = "contradiction chain"
FORUM = "forum_hardest_1905_11plus"


Hint = tuple[str, list[str], str, float]
"""A hint on a path: the grid and marks it is asked from, its technique, CPython's ms."""


def walk(puzzle: str) -> list[Hint]:
    """Every hint of the path, timed (ms)."""
    grid, marks = puzzle, marks_of(puzzle)
    hints = []
    while "." in grid:
        start = process_time()
        step = next_step(grid, marks)
        spent = (process_time() - start) * 1000
        if step is None:
            raise SystemExit(f"stuck: {puzzle}")
        hints.append((grid, marks, step.technique, spent))
        grid, marks = apply_step(grid, marks, step)
    if grid != solve(puzzle):
        raise SystemExit(f"wrong: {puzzle}")
    return hints


def row(name: str, where: str, paths: Sequence[Sequence[float]], techniques: list[str]) -> str:
    """One line of the table: a set's hint times (``paths``: ms per hint, path by path;
    ``techniques``: each hint's, in the same order) in one interpreter."""
    steps = sorted(ms for path in paths for ms in path)
    flat = [ms for path in paths for ms in path]
    chains = [ms for ms, name in zip(flat, techniques, strict=True) if name == CHAIN]
    totals = [sum(path) / 1000 for path in paths]
    chain_part = (
        f"{len(chains):,} | {statistics.median(chains):.3g} | {max(chains):,.0f}"
        if chains
        else "0 | - | -"
    )
    return (
        f"| {name} | {where} | {len(paths)} | {len(steps):,} | {statistics.median(steps):.2g}"
        f" | {steps[int(len(steps) * 0.9)]:.2g} | {max(steps):,.0f} | {chain_part}"
        f" | {statistics.median(totals):.2f} | {max(totals):.2f} |"
    )


def micropython_ms(name: str, hints: list[list[Hint]]) -> list[list[float]]:
    """The same hints' times under MicroPython (ms, path by path)."""
    states = [(grid, marks) for path in hints for grid, marks, _, _ in path]
    data = {"sets": {}, "hint_sets": {}, "path_sets": {name: states}}
    results = iter(run_micropython({**data, "bank_seeds": 0, "generate_seeds": {}}))
    return [[next(results)["ms"] for _ in path] for path in hints]


def sets(names: Sequence[str], forum: int) -> list[tuple[str, list[str]]]:
    """The puzzle sets asked for, by name (``forum``: every 97th of forum_hardest)."""
    return [
        ("forum_hardest (every 97th)", load_puzzles(FORUM, forum, every=97))
        if name == "forum"
        else (name, load_puzzles(name))
        for name in names
    ]


def main(argv: Sequence[str] | None = None) -> int:
    """Print the table for the sets asked."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--forum", type=int, default=20, help="forum puzzles (every 97th)")
    parser.add_argument("--sets", nargs="+", default=["hardest", "top95", "forum"])
    parser.add_argument("--micropython", action="store_true", help="also under MicroPython")
    args = parser.parse_args(argv)
    print(
        "| set | interpreter | puzzles | hints | median ms | p90 | max | chains | chain median"
        " | chain max | path s median | max |"
    )
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name, puzzles in sets(args.sets, args.forum):
        hints = [walk(puzzle) for puzzle in puzzles]
        techniques = [technique for path in hints for _, _, technique, _ in path]
        cpython = [[ms for _, _, _, ms in path] for path in hints]
        print(row(name, "CPython", cpython, techniques), flush=True)
        if args.micropython:
            print(row(name, "MicroPython", micropython_ms(name, hints), techniques), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
