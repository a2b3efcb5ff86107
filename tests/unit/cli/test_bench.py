"""sudoku bench: one line of stats, and a wrong answer exits 1."""

from __future__ import annotations

from pathlib import Path

import pytest
from support import LEETCODE, load_puzzles

from cli.kit import (
    DEAD_END,
    HARD_FOR_NAIVE,
    TYPO,
    run,
)
from sudoku.solver import analyze
from sudoku.tracing import trace


def mean_nodes(line: str) -> float:
    """The mean guesses a bench line reports."""
    return float(line.split("nodes")[1].replace(",", ""))


def bench_file(tmp_path: Path, *puzzles: str) -> str:
    """A puzzle file for bench, one puzzle a line; its path as an argument."""
    path = tmp_path / "bench.txt"
    path.write_text("\n".join(puzzles) + "\n")
    return str(path)


def test_bench_fast_reports_one_stats_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """bench prints one line: strategy, count, puzzles/s, mean/median/p99/max ms, nodes."""
    puzzle = load_puzzles("top95", limit=1)[0]
    code, out, err = run(capsys, "bench", "--file", bench_file(tmp_path, puzzle))
    assert (code, err) == (0, "")
    (line,) = out.splitlines()
    assert line.split()[:3] == ["fast", "1", "puzzles"]
    assert all(word in line for word in ("/s", "mean", "median", "p99", "max", "ms"))
    assert mean_nodes(line) == analyze(puzzle, limit=1)["nodes"]


@pytest.mark.parametrize("strategy", ["naive", "mrv", "propagate"])
def test_bench_teaching_strategies_with_limit(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, strategy: str
) -> None:
    """--strategy times a teaching search; --limit keeps the first N puzzles; nodes are its own."""
    path = bench_file(tmp_path, LEETCODE, HARD_FOR_NAIVE)
    code, out, _ = run(capsys, "bench", "--file", path, "--strategy", strategy, "--limit", "1")
    assert code == 0
    (line,) = out.splitlines()
    assert line.split()[:3] == [strategy, "1", "puzzles"]
    *_, last = trace(LEETCODE, strategy)
    assert mean_nodes(line) == last["nodes"]


def test_bench_unsolved_puzzle_exits_1(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A puzzle the solver cannot solve is counted and makes the exit code 1."""
    code, out, _ = run(capsys, "bench", "--file", bench_file(tmp_path, LEETCODE, DEAD_END))
    assert code == 1
    assert out.splitlines()[-1] == "not solved: 1 of 2 puzzles"


def test_bench_bad_puzzle_names_its_number(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """An unreadable puzzle in the file: one stderr line naming it, exit 2, no stats."""
    path = bench_file(tmp_path, LEETCODE, TYPO)
    assert run(capsys, "bench", "--file", path) == (
        2,
        "",
        "sudoku: puzzle 2: r3c5: 'x' is not a digit\n",
    )


def test_bench_needs_a_file(capsys: pytest.CaptureFixture[str]) -> None:
    """bench without --file is a usage error."""
    code, out, err = run(capsys, "bench")
    assert (code, out) == (2, "")
    assert "--file" in err


def test_bench_limit_reads_only_what_it_times(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """bench --limit 1 stops reading after the first puzzle: a bad byte later is never read."""
    path = tmp_path / "bench.txt"
    path.write_bytes(f"{LEETCODE}\n".encode() * 2000 + b"\xff\n")
    code, out, err = run(capsys, "bench", "--file", str(path), "--limit", "1")
    assert (code, err) == (0, "")
    assert out.split()[:2] == ["fast", "1"]
