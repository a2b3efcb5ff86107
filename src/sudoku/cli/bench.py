"""``sudoku bench``: time a solver over a file of puzzles, one line of stats."""

from __future__ import annotations

import argparse
from collections import deque
from collections.abc import Callable
from itertools import islice
from pathlib import Path

from sudoku.benchmark import format_stats, run_each, solves, summarize
from sudoku.cli.arguments import Commands, positive
from sudoku.cli.inputs import numbered_parse, opened, puzzle_texts
from sudoku.grid import Grid
from sudoku.solver import analyze
from sudoku.tracing import trace
from sudoku.words import STRATEGIES

BENCH_STRATEGIES = ("fast", *STRATEGIES)


def add(commands: Commands) -> None:
    """Add ``bench`` to the commands."""
    command = commands.add_parser("bench", help="time a solver over a file of puzzles")
    command.add_argument("--file", type=Path, required=True, help="puzzles, one a line")
    command.add_argument(
        "--strategy", choices=BENCH_STRATEGIES, default="fast", help="default fast"
    )
    command.add_argument(
        "--limit", type=positive, metavar="N", help="time only the first N puzzles"
    )
    command.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Time the strategy on each puzzle and print one line of stats; exit 1 on a wrong answer.

    ``fast`` is ``sudoku.solver``; the others are the teaching searches, timed as traced
    (making their event records is part of what they cost)."""
    with opened(args.file) as (stream, name):
        texts = list(islice(puzzle_texts(stream, name), args.limit))
    puzzles = [numbered_parse(number, text) for number, text in enumerate(texts, 1)]
    times, outcomes = run_each(puzzles, bench_runner(args.strategy))
    print(format_stats(args.strategy, summarize(times, [nodes for _, nodes in outcomes])))
    failed = sum(
        not solves(p, solution) for p, (solution, _) in zip(puzzles, outcomes, strict=True)
    )
    if failed:
        print(f"not solved: {failed} of {len(puzzles)} puzzles")
    return 1 if failed else 0


def bench_runner(strategy: str) -> Callable[[Grid], tuple[Grid | None, int]]:
    """A function from a puzzle to (its solution or None, the guesses it took)."""
    if strategy == "fast":
        return fast_outcome
    return lambda grid: traced_outcome(grid, strategy)


def fast_outcome(grid: Grid) -> tuple[Grid | None, int]:
    """The fast solver's first solution and its guesses."""
    analysis = analyze(grid, limit=1)
    return analysis["solution"], analysis["nodes"]


def traced_outcome(grid: Grid, strategy: str) -> tuple[Grid | None, int]:
    """A teaching search run to its end: the solved grid, if any, and its guesses."""
    (last,) = deque(trace(grid, strategy), maxlen=1)
    return last.get("grid"), last.get("nodes", 0)
