"""The benchmark helpers: statistics computed right on known inputs, answers checked."""

from __future__ import annotations

import math

import pytest
from support import load_puzzles

from sudoku.benchmark import format_stats, run_each, solves, summarize, time_each
from sudoku.solver import solve

PUZZLE = load_puzzles("top95", 1)[0]


def test_summarize_known_times() -> None:
    """Four times of 1-4 ms: mean and median 2.5 ms, p99 and max 4 ms, 400 per second."""
    stats = summarize([0.004, 0.001, 0.003, 0.002], nodes=[1, 2, 3, 10])
    assert stats["count"] == 4
    assert stats["mean_ms"] == pytest.approx(2.5)
    assert stats["median_ms"] == pytest.approx(2.5)
    assert stats["p99_ms"] == pytest.approx(4.0)
    assert stats["max_ms"] == pytest.approx(4.0)
    assert stats["puzzles_per_s"] == pytest.approx(400.0)
    assert stats["mean_nodes"] == pytest.approx(4.0)


def test_p99_is_the_nearest_rank() -> None:
    """Of 1..200 ms the p99 is the 198th (99% of 200), and of 1..10 ms the largest."""
    assert summarize([ms / 1000 for ms in range(200, 0, -1)])["p99_ms"] == pytest.approx(198.0)
    assert summarize([ms / 1000 for ms in range(1, 11)])["p99_ms"] == pytest.approx(10.0)


def test_summarize_edge_cases() -> None:
    """One time is its own mean, median, p99 and max; no nodes means no mean nodes;
    zero time is infinite throughput; no times at all is refused."""
    one = summarize([0.5])
    assert (one["mean_ms"], one["median_ms"], one["p99_ms"], one["max_ms"]) == (500, 500, 500, 500)
    assert one["mean_nodes"] is None
    assert summarize([0.0, 0.0])["puzzles_per_s"] == math.inf
    with pytest.raises(ValueError, match="no times"):
        summarize([])


def test_format_stats_is_one_aligned_line() -> None:
    """The line names the solver and shows each figure; nodes only when counted."""
    stats = summarize([0.004, 0.001, 0.003, 0.002], nodes=[1, 2, 3, 10])
    line = format_stats("fast", stats)
    assert "\n" not in line
    assert line.startswith("fast ")
    for text in ("4 puzzles", "400.0/s", "mean     2.500 ms", "p99     4.000", "nodes        4.0"):
        assert text in line
    without = format_stats("norvig", summarize([0.004]))
    assert "nodes" not in without
    assert len(format_stats("a", stats).split("puzzles")[0]) == len(line.split("puzzles")[0])


def test_run_each_keeps_order_and_times_every_call() -> None:
    """run_each returns one time and one result per puzzle, in order; time_each the times."""
    puzzles = load_puzzles("top95", 3)
    times, results = run_each(puzzles, solve)
    assert len(times) == 3
    assert all(t > 0 for t in times)
    assert results == [solve(p) for p in puzzles]
    assert len(time_each(puzzles, len)) == 3


def test_solves_accepts_only_valid_completions() -> None:
    """A real solution passes; None, a blank, a changed given or a broken rule fail."""
    solution = solve(PUZZLE)
    assert solution is not None
    assert solves(PUZZLE, solution)
    assert not solves(PUZZLE, None)
    assert not solves(PUZZLE, solution[:80] + ".")
    given = next(i for i, char in enumerate(PUZZLE) if char != ".")
    other = "1" if solution[given] != "1" else "2"
    assert not solves(PUZZLE, solution[:given] + other + solution[given + 1 :])
    swapped = solution[1] + solution[0] + solution[2:]  # same digits, now clashing in columns
    assert not solves("." * 81, swapped)
