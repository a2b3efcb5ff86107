"""sudoku count: solutions up to a limit."""

from __future__ import annotations

import pytest
from support import LEETCODE

from cli.kit import (
    CLASH,
    DEAD_END,
    LEETCODE_GRID,
    TWO_SOLUTIONS,
    feed,
    run,
)


@pytest.mark.parametrize(
    ("puzzle", "limit", "line"),
    [
        (LEETCODE, "2", "1 (unique)"),
        (DEAD_END, "2", "0 (no solution)"),
        (CLASH, "2", "0 (no solution)"),
        (TWO_SOLUTIONS, "2", "2 (stopped at the limit of 2: there may be more)"),
        (TWO_SOLUTIONS, "5", "2 (all of them)"),
        (TWO_SOLUTIONS, "1", "1 (stopped at the limit of 1: there may be more)"),
        ("." * 81, "3", "3 (stopped at the limit of 3: there may be more)"),
    ],
)
def test_count(capsys: pytest.CaptureFixture[str], puzzle: str, limit: str, line: str) -> None:
    """count prints the number found first, and what it means given the limit."""
    assert run(capsys, "count", puzzle, "--limit", limit) == (0, line + "\n", "")


def test_count_default_limit_is_two(capsys: pytest.CaptureFixture[str]) -> None:
    """Without --limit, count stops at 2."""
    assert run(capsys, "count", "." * 81)[1] == "2 (stopped at the limit of 2: there may be more)\n"


def test_count_reads_stdin(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without PUZZLE, count reads one puzzle (here a 9-line grid) from stdin."""
    feed(monkeypatch, LEETCODE_GRID)
    assert run(capsys, "count") == (0, "1 (unique)\n", "")
