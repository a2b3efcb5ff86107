"""sudoku solve: answers a line, formats, files and stdin, streaming."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support import LEETCODE, load_puzzles, solution_problems

from cli.kit import (
    CLASH,
    DEAD_END,
    LEETCODE_GRID,
    SOLVED,
    TOO_LONG,
    TYPO,
    feed,
    head,
    run,
    sudoku_on_pipes,
)
from sudoku.formats import parse


def test_solve_argument_prints_the_solution_line(capsys: pytest.CaptureFixture[str]) -> None:
    """solve PUZZLE prints the 81-digit solution and exits 0."""
    assert run(capsys, "solve", LEETCODE) == (0, SOLVED + "\n", "")


def test_solve_accepts_leetcode_json(capsys: pytest.CaptureFixture[str]) -> None:
    """A PUZZLE argument may be LeetCode JSON text."""
    board = json.dumps([list(LEETCODE[i : i + 9]) for i in range(0, 81, 9)])
    assert run(capsys, "solve", board) == (0, SOLVED + "\n", "")


def test_solve_grid_format(capsys: pytest.CaptureFixture[str]) -> None:
    """--format grid prints 11 lines of art that read back as the solution."""
    code, out, _ = run(capsys, "solve", LEETCODE, "--format", "grid")
    assert code == 0
    assert len(out.splitlines()) == 11
    assert parse(out) == SOLVED


def test_solve_json_format(capsys: pytest.CaptureFixture[str]) -> None:
    """--format json prints one line of LeetCode JSON holding the solution."""
    code, out, _ = run(capsys, "solve", LEETCODE, "--format", "json")
    assert code == 0
    assert len(out.splitlines()) == 1
    assert "".join("".join(row) for row in json.loads(out)) == SOLVED


@pytest.mark.parametrize(
    ("puzzle", "answer"),
    [
        (DEAD_END, "no solution"),
        (CLASH, "invalid: r1c1 and r1c2 both hold 5 in row 1"),
        (TYPO, "invalid: r3c5: 'x' is not a digit"),
    ],
)
def test_solve_unsolved_exits_1(
    capsys: pytest.CaptureFixture[str], puzzle: str, answer: str
) -> None:
    """A puzzle without solution, with clashing givens or unreadable says why, exit 1."""
    assert run(capsys, "solve", puzzle) == (1, answer + "\n", "")


def test_solve_file_one_answer_a_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """--file: blank lines skipped, one answer line per puzzle, in order; exit 1 if any fails."""
    path = tmp_path / "puzzles.txt"
    path.write_text(f"{LEETCODE}\n\n{TYPO}\n   \n{DEAD_END}\n{LEETCODE.replace('.', '0')}\n")
    code, out, err = run(capsys, "solve", "--file", str(path))
    assert (code, err) == (1, "")
    assert out.splitlines() == [
        SOLVED,
        "invalid: r3c5: 'x' is not a digit",
        "no solution",
        SOLVED,
    ]


def test_solve_file_of_hard_puzzles(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Every puzzle of a real set is solved (checked independently) and the exit is 0."""
    puzzles = load_puzzles("top95", limit=10)
    path = tmp_path / "top.txt"
    path.write_text("\n".join(puzzles) + "\n")
    code, out, _ = run(capsys, "solve", "--file", str(path))
    assert code == 0
    solutions = out.splitlines()
    assert len(solutions) == len(puzzles)
    for puzzle, solution in zip(puzzles, solutions, strict=True):
        assert solution_problems(puzzle, solution) == []


def test_solve_grid_format_separates_puzzles(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """In grid format several answers are separated by one blank line."""
    path = tmp_path / "two.txt"
    path.write_text(f"{LEETCODE}\n{DEAD_END}\n")
    code, out, _ = run(capsys, "solve", "--file", str(path), "--format", "grid")
    assert code == 1
    first, second = out.split("\n\n")
    assert parse(first) == SOLVED
    assert second == "no solution\n"


def test_solve_stdin_grid_is_one_puzzle(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A 9-line grid on stdin is one puzzle."""
    feed(monkeypatch, LEETCODE_GRID)
    assert run(capsys, "solve") == (0, SOLVED + "\n", "")


def test_solve_stdin_grid_with_a_typo_is_one_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bad 9-line grid on stdin gets one message naming the cell, not one per line."""
    grid = LEETCODE_GRID.replace("7", "x", 1)
    feed(monkeypatch, grid)
    assert run(capsys, "solve") == (1, "invalid: r1c5: 'x' is not a digit\n", "")


def test_solve_stdin_lines_are_a_batch(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Several puzzle lines on stdin are solved one by one."""
    feed(monkeypatch, f"{LEETCODE}\n{CLASH}\n")
    code, out, _ = run(capsys, "solve")
    assert code == 1
    assert out.splitlines() == [SOLVED, "invalid: r1c1 and r1c2 both hold 5 in row 1"]


def test_solve_empty_stdin(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nothing on stdin is an empty puzzle."""
    feed(monkeypatch, "")
    assert run(capsys, "solve") == (1, "invalid: the puzzle is empty\n", "")


def test_solve_missing_file_is_one_line_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A file that is not there: one line on stderr, exit 2, nothing on stdout."""
    missing = tmp_path / "nope.txt"
    assert run(capsys, "solve", "--file", str(missing)) == (
        2,
        "",
        f"sudoku: cannot read {missing}: No such file or directory\n",
    )


def test_solve_binary_file_is_one_line_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A file that is not UTF-8 text: one line on stderr, exit 2."""
    path = tmp_path / "puzzle.bin"
    path.write_bytes(b"\xff\xfe" + LEETCODE.encode())
    assert run(capsys, "solve", "--file", str(path)) == (
        2,
        "",
        f"sudoku: cannot read {path}: not UTF-8 text\n",
    )


def test_solve_puzzle_and_file_together_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """PUZZLE and --file exclude each other: argparse says so, exit 2."""
    code, out, err = run(capsys, "solve", LEETCODE, "--file", str(tmp_path / "x"))
    assert (code, out) == (2, "")
    assert "not allowed with argument" in err


def test_solve_skips_an_endless_line_in_bounded_reads(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A line too long is answered as such, skipped in bounded pieces; the next is solved."""
    feed(monkeypatch, f"{LEETCODE}\n{'1' * 100_000}\n{LEETCODE}\n")
    assert run(capsys, "solve") == (1, f"{SOLVED}\ninvalid: {TOO_LONG}\n{SOLVED}\n", "")


def test_solve_one_endless_line_is_too_long(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A single line past the cap, no line end: one answer, the input is too long."""
    feed(monkeypatch, "." * 100_000)
    assert run(capsys, "solve") == (1, f"invalid: {TOO_LONG}\n", "")


def test_solve_held_lines_are_answered_once_a_batch_shows(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Lines that are no puzzle alone wait; a whole puzzle after them makes each its own."""
    feed(monkeypatch, f"{TYPO}\n{LEETCODE[:80]}\n\n{LEETCODE}\n")
    code, out, _ = run(capsys, "solve")
    assert code == 1
    assert out.splitlines() == [
        "invalid: r3c5: 'x' is not a digit",
        "invalid: expected 81 cells, found 80",
        SOLVED,
    ]


def test_solve_holds_no_more_than_a_puzzle_may_have(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past 10,000 characters of held lines the input is a batch: each line is answered."""
    lines = [LEETCODE[:80]] * 200  # 81 characters a line with its end: 16,200 in all
    feed(monkeypatch, "\n".join(lines) + "\n")
    code, out, _ = run(capsys, "solve")
    assert code == 1
    assert out.splitlines() == ["invalid: expected 81 cells, found 80"] * 200


def test_solve_stdin_indented_json_is_one_puzzle(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """LeetCode JSON printed with indent spans many lines: still one puzzle."""
    feed(monkeypatch, json.dumps([list(LEETCODE[i : i + 9]) for i in range(0, 81, 9)], indent=2))
    assert run(capsys, "solve") == (0, SOLVED + "\n", "")


def test_solve_answers_each_line_as_it_is_read() -> None:
    """``yes PUZZLE | sudoku solve | head -3``: an answer per line while stdin stays open,
    then, the reader gone, the next answer ends the process quietly."""
    with sudoku_on_pipes("solve") as process:
        assert process.stdin is not None
        assert process.stderr is not None
        answers = head(process, 3)
        for _ in range(3):
            process.stdin.write(LEETCODE + "\n")
            process.stdin.flush()
            assert answers.get(timeout=60) == SOLVED + "\n"
        process.stdin.write(LEETCODE + "\n")  # answered into a closed pipe
        process.stdin.flush()
        assert process.wait(timeout=60) == 1
        assert process.stderr.read() == ""
