"""sudoku rate: each puzzle's rating and level, one line a puzzle; no rating without
exactly one solution."""

from __future__ import annotations

from pathlib import Path

import pytest
from support import EASY, load_puzzles

from cli.kit import CLASH, DEAD_END, TWO_SOLUTIONS, run
from sudoku.logic import rate, solve_path

NORVIG_HARDEST_1 = load_puzzles("hardest", 2)[1]


@pytest.mark.parametrize("puzzle", [EASY, NORVIG_HARDEST_1])
def test_rate_prints_the_rating_and_level(capsys: pytest.CaptureFixture[str], puzzle: str) -> None:
    """One line: the hardest step's rating, one decimal, and the level; exit 0."""
    tenths = max(step.rating for step in solve_path(puzzle)[0])
    expected = f"{tenths // 10}.{tenths % 10} {rate(puzzle).level}\n"
    assert run(capsys, "rate", puzzle) == (0, expected, "")


def test_rate_names_the_levels_of_known_puzzles(capsys: pytest.CaptureFixture[str]) -> None:
    """The easy sample takes singles only; Norvig's hardest #1 a contradiction chain."""
    assert run(capsys, "rate", EASY)[1].endswith(" easy\n")
    assert run(capsys, "rate", NORVIG_HARDEST_1)[1].endswith(" extreme\n")


def test_rate_reads_a_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """--file: a line per puzzle, in order; a puzzle without one solution says why and
    makes the exit code 1."""
    path = tmp_path / "puzzles.txt"
    path.write_text("\n".join([EASY, TWO_SOLUTIONS, DEAD_END, CLASH, EASY]) + "\n")
    code, out, err = run(capsys, "rate", "--file", str(path))
    assert (code, err) == (1, "")
    easy = out.splitlines()[0]
    assert out.splitlines() == [
        easy,
        "more than one solution",
        "no solution",
        "invalid: r1c1 and r1c2 both hold 5 in row 1",
        easy,
    ]


def test_rate_refuses_bad_usage(capsys: pytest.CaptureFixture[str]) -> None:
    """A puzzle and --file at once: a usage error, exit 2."""
    code, out, _ = run(capsys, "rate", EASY, "--file", "x.txt")
    assert (code, out) == (2, "")
