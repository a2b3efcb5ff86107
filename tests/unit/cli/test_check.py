"""sudoku check: givens, conflicts and the verdict."""

from __future__ import annotations

import pytest
from support import LEETCODE

from cli.kit import (
    DEAD_END,
    TWO_SOLUTIONS,
    run,
)


def test_check_valid_unique(capsys: pytest.CaptureFixture[str]) -> None:
    """A proper puzzle: its clue count, no conflicts, a unique solution, exit 0."""
    assert run(capsys, "check", LEETCODE) == (
        0,
        "givens: 30\nconflicts: none\nverdict: unique solution\n",
        "",
    )


def test_check_conflicts(capsys: pytest.CaptureFixture[str]) -> None:
    """Clashing givens are each described; the verdict is no solution; exit 1."""
    puzzle = "5...5...5" + LEETCODE[9:]  # r2c6 and r8c9 hold 5 too
    code, out, err = run(capsys, "check", puzzle)
    assert (code, err) == (1, "")
    assert out.splitlines() == [
        "givens: 30",
        "conflicts: 5",
        "  r1c1 and r1c5 both hold 5 in row 1",
        "  r1c1 and r1c9 both hold 5 in row 1",
        "  r1c5 and r1c9 both hold 5 in row 1",
        "  r1c5 and r2c6 both hold 5 in box 2",
        "  r1c9 and r8c9 both hold 5 in column 9",
        "verdict: no solution",
    ]


@pytest.mark.parametrize(
    ("puzzle", "verdict"),
    [(TWO_SOLUTIONS, "more than one solution"), (DEAD_END, "no solution")],
)
def test_check_not_unique_exits_1(
    capsys: pytest.CaptureFixture[str], puzzle: str, verdict: str
) -> None:
    """A puzzle without exactly one solution is a 'no' answer: exit 1."""
    code, out, _ = run(capsys, "check", puzzle)
    assert code == 1
    assert out.splitlines()[-1] == f"verdict: {verdict}"
