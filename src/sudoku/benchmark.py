"""Timing helpers shared by ``bench/solver.py`` and the CLI's ``bench`` command.

Tiny on purpose: run a solver over puzzles one at a time with ``perf_counter``, check
what it returned, and reduce the times to a few numbers that read the same everywhere.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Iterable, Sequence
from time import perf_counter
from typing import TypedDict, TypeVar

from sudoku.grid import BLANK, Grid
from sudoku.validate import conflicts

R = TypeVar("R")


class Stats(TypedDict):
    """One solver's timings over a set of puzzles (times in milliseconds)."""

    count: int
    puzzles_per_s: float
    mean_ms: float
    median_ms: float
    p99_ms: float
    """Nearest rank: the smallest time that at least 99% of the puzzles took no longer than."""
    max_ms: float
    mean_nodes: float | None
    """Mean guesses per puzzle when node counts were given, else None."""


def run_each(puzzles: Iterable[Grid], fn: Callable[[Grid], R]) -> tuple[list[float], list[R]]:
    """Call ``fn`` on each puzzle in turn: the seconds each call took, and what it returned."""
    times: list[float] = []
    results: list[R] = []
    for puzzle in puzzles:
        start = perf_counter()
        result = fn(puzzle)
        times.append(perf_counter() - start)
        results.append(result)
    return times, results


def time_each(puzzles: Iterable[Grid], fn: Callable[[Grid], object]) -> list[float]:
    """The seconds ``fn`` took on each puzzle, one call at a time (``perf_counter``)."""
    return run_each(puzzles, fn)[0]


def solves(puzzle: Grid, solution: Grid | None) -> bool:
    """Whether ``solution`` is a full grid that keeps every given of ``puzzle`` and breaks
    no rule: the cheap check that keeps a benchmark from timing wrong answers."""
    return (
        solution is not None
        and len(solution) == 81
        and BLANK not in solution
        and all(given in (BLANK, digit) for given, digit in zip(puzzle, solution, strict=True))
        and not conflicts(solution)
    )


def summarize(times: Sequence[float], nodes: Sequence[int] | None = None) -> Stats:
    """Count, throughput, mean, median, p99 and max of ``times`` (seconds; at least one),
    and the mean of ``nodes`` when given. Zero total time gives infinite throughput."""
    if not times:
        raise ValueError("no times to summarize")
    ordered = sorted(times)
    total = math.fsum(ordered)
    p99 = ordered[math.ceil(0.99 * len(ordered)) - 1]
    return Stats(
        count=len(ordered),
        puzzles_per_s=len(ordered) / total if total else math.inf,
        mean_ms=1000 * total / len(ordered),
        median_ms=1000 * statistics.median(ordered),
        p99_ms=1000 * p99,
        max_ms=1000 * ordered[-1],
        mean_nodes=statistics.fmean(nodes) if nodes else None,
    )


def format_stats(name: str, stats: Stats) -> str:
    """One aligned line of ``stats`` under ``name``, for terminals and logs."""
    nodes = stats["mean_nodes"]
    return (
        f"{name:<12} {stats['count']:>6} puzzles {stats['puzzles_per_s']:>10,.1f}/s"
        f"  mean {stats['mean_ms']:>9.3f} ms  median {stats['median_ms']:>9.3f}"
        f"  p99 {stats['p99_ms']:>9.3f}  max {stats['max_ms']:>9.3f}"
        + (f"  nodes {nodes:>10,.1f}" if nodes is not None else "")
    )
