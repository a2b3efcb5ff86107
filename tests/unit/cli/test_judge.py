"""sudoku judge: a verdict a puzzle beside the built-ins' figures, the totals, the exit code."""

from __future__ import annotations

import re
import resource
from pathlib import Path

import pytest
from support import LEETCODE, load_puzzles

from cli.kit import CLASH, run
from sudoku.plain import STARTING_POINTS, unmarked

SETS = unmarked(STARTING_POINTS["sets per unit"])[0]


def solution_file(tmp_path: Path, code: str) -> str:
    """``code`` written to a file; its path."""
    path = tmp_path / "solution.py"
    path.write_text(code, encoding="utf-8")
    return str(path)


def test_judge_puzzle(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A right answer: its line (verdict, time, writes, the built-ins beside), the totals,
    exit 0."""
    address_space = resource.getrlimit(resource.RLIMIT_AS)
    code, out, err = run(capsys, "judge", solution_file(tmp_path, SETS), LEETCODE)
    first, totals = out.splitlines()
    assert resource.getrlimit(resource.RLIMIT_AS) == address_space  # the cap is lifted after
    assert (code, err) == (0, "")
    assert re.fullmatch(
        r"1: ok: [\d.]+ ms, 4,208 writes, 4,157 undos \| naive [\d.]+ ms, 4,208 writes; "
        r"mrv [\d.]+ ms, 51 writes; propagate [\d.]+ ms, 51 writes",
        first,
    ), first
    assert totals.startswith("1 of 1 passed; yours ")


def test_judge_a_file_of_puzzles(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """--file: one line a puzzle in order (an unreadable or clashing one is ``invalid``),
    the totals; exit 1 when any puzzle does not pass."""
    puzzles = tmp_path / "puzzles.txt"
    good = load_puzzles("unbiased_1000", limit=2)
    puzzles.write_text("\n".join([good[0], "x" * 81, CLASH, good[1]]) + "\n", encoding="utf-8")
    code, out, _ = run(capsys, "judge", solution_file(tmp_path, SETS), "--file", str(puzzles))
    lines = out.splitlines()
    assert code == 1
    assert [line.split(":")[1] for line in lines[:4]] == [" ok", " invalid", " invalid", " ok"]
    assert lines[2] == "3: invalid: r1c1 and r1c2 both hold 5 in row 1"
    assert lines[4].startswith("2 of 4 passed; ")


def test_judge_wrong_code(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Code that leaves the board as it was: ``wrong answer``, exit 1."""
    path = solution_file(
        tmp_path, "class Solution:\n    def solveSudoku(self, board):\n        pass\n"
    )
    code, out, _ = run(capsys, "judge", path, LEETCODE)
    assert code == 1
    assert out.splitlines()[0].startswith("1: wrong answer: returned with 51 cells still blank (")


def test_judge_usage_errors(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A PUZZLE and --file together, or no solution file: a usage error, exit 2."""
    path = solution_file(tmp_path, SETS)
    code, out, err = run(capsys, "judge", path, LEETCODE, "--file", path)
    assert (code, out) == (2, "")
    assert "not allowed with argument" in err
    code, _, err = run(capsys, "judge")
    assert code == 2
    assert "required: FILE" in err
