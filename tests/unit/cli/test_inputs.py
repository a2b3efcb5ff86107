"""Reading puzzles: bounded reads from stdin and pipes, one-line errors for bad puzzles."""

from __future__ import annotations

import pytest
from support import LEETCODE

from cli.kit import (
    TOO_LONG,
    TYPO,
    feed,
    run,
    sudoku_on_pipes,
)
from sudoku.formats import MAX_TEXT


@pytest.mark.parametrize("command", ["count", "check", "trace", "hint"])
@pytest.mark.parametrize(
    ("puzzle", "message"),
    [
        (TYPO, "r3c5: 'x' is not a digit"),
        (LEETCODE[:80], "expected 81 cells, found 80"),
        ("[[1, 2]]", "expected 9 rows, found 1"),
        ("", "the puzzle is empty"),
    ],
)
def test_bad_puzzle_is_one_line_on_stderr(
    capsys: pytest.CaptureFixture[str], command: str, puzzle: str, message: str
) -> None:
    """An unreadable puzzle: exactly one line, 'sudoku: <message>', on stderr; exit 2."""
    assert run(capsys, command, puzzle) == (2, "", f"sudoku: {message}\n")


@pytest.mark.parametrize("command", ["count", "check", "trace", "hint"])
def test_one_puzzle_from_stdin_reads_no_more_than_the_cap(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    """A million characters on stdin: 10,001 are read, then refused in one line, exit 2."""
    stdin = feed(monkeypatch, "." * 1_000_000)
    assert run(capsys, command) == (2, "", f"sudoku: {TOO_LONG}\n")
    assert stdin.tell() == MAX_TEXT + 1


@pytest.mark.parametrize("command", ["count", "check", "trace", "hint"])
def test_one_puzzle_at_the_cap_is_read(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    """Exactly 10,000 characters (a puzzle and padding) is not too long."""
    feed(monkeypatch, LEETCODE.ljust(MAX_TEXT))
    code, out, _ = run(capsys, command, *(["--max-events", "1"] if command == "trace" else []))
    assert code == 0
    assert out


@pytest.mark.parametrize("command", ["count", "check", "trace"])
def test_one_puzzle_from_an_open_pipe_stops_at_the_cap(command: str) -> None:
    """Past the cap on a pipe that stays open, the command refuses at once: it never
    waits for the end of stdin (which, piped from ``yes``, never comes)."""
    with sudoku_on_pipes(command) as process:
        assert process.stdin is not None
        assert process.stderr is not None
        process.stdin.write("." * (MAX_TEXT + 5000))
        process.stdin.flush()
        assert process.wait(timeout=60) == 2
        assert process.stderr.read() == f"sudoku: {TOO_LONG}\n"


# -- render ---------------------------------------------------------------------------------
