"""What the command-line tests share: puzzles with known answers, running main, bounded stdin."""

from __future__ import annotations

import io
import queue
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from support import LEETCODE, load_puzzles

from sudoku.cli import main
from sudoku.formats import MAX_TEXT

SOLVED = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
"""LeetCode 37's example 1 and its solution (the problem statement's expected output)."""

TWO_SOLUTIONS = "".join("." if i in {3, 4, 30, 31} else c for i, c in enumerate(SOLVED))
"""SOLVED without r1c4, r1c5, r4c4, r4c5: a 6/7 rectangle over two boxes, so exactly two
ways to fill it."""

DEAD_END = "12345678." + "........9" + "." * 63
"""No clash among the givens, but r1c9 has no digit left: no solution."""

CLASH = "55" + LEETCODE[2:]
"""Two 5s in row 1 (r1c1 and r1c2)."""

TYPO = LEETCODE[:22] + "x" + LEETCODE[23:]
"""A letter at r3c5."""

LEETCODE_GRID = "\n".join(
    " ".join(LEETCODE[start : start + 9]) for start in range(0, 81, 9)
)  # a 9-line grid, one row a line


HARD_FOR_NAIVE = load_puzzles("17_clue", limit=1)[0]
"""A 17-clue puzzle: the naive search runs for a long time on it, printing as it goes."""


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Call ``main(argv)``; its exit code, stdout and stderr."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


class BoundedReads(io.StringIO):
    """A stdin that fails the test on any read not bounded by the 10,000-character cap.

    The CLI must never read "all of stdin" (``read()``, ``readline()``, ``readlines()``,
    iteration): piped a gigabyte, its memory would grow by as much."""

    def read(self, size: int | None = -1) -> str:
        """At most ``size`` characters; an unbounded read fails."""
        assert bounded(size), f"read({size})"
        return super().read(size)

    def readline(self, size: int | None = -1) -> str:
        """One line, at most ``size`` characters; an unbounded read fails."""
        assert bounded(size), f"readline({size})"
        return super().readline(size)

    def readlines(self, hint: int | None = -1) -> list[str]:
        """Never used: it reads every line."""
        raise AssertionError(f"readlines({hint})")

    def __next__(self) -> str:
        """Never used: a line may be of any length."""
        raise AssertionError("iteration")


def bounded(size: int | None) -> bool:
    """Whether a read of ``size`` characters stays within the cap (and one more)."""
    return size is not None and 0 <= size <= MAX_TEXT + 1


def feed(monkeypatch: pytest.MonkeyPatch, text: str) -> BoundedReads:
    """Make ``text`` the standard input for this test; every read must be bounded."""
    stdin = BoundedReads(text)
    monkeypatch.setattr("sys.stdin", stdin)
    return stdin


def python_m_sudoku(*argv: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """Run ``python -m sudoku`` for real, as a user would."""
    return subprocess.run(
        [sys.executable, "-m", "sudoku", *argv],
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )


TOO_LONG = "input too long: more than 10000 characters"


@contextmanager
def sudoku_on_pipes(*argv: str) -> Iterator[subprocess.Popen[str]]:
    """``python -m sudoku ARGV`` with real pipes on stdin, stdout and stderr; killed after."""
    process = subprocess.Popen(
        [sys.executable, "-m", "sudoku", *argv],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        yield process
    finally:
        process.kill()
        process.communicate()


def head(process: subprocess.Popen[str], count: int) -> queue.Queue[str]:
    """Read ``count`` lines of the process's stdout as they come, then close it (``head -N``)."""
    lines: queue.Queue[str] = queue.Queue()

    def pump() -> None:
        assert process.stdout is not None
        for n in range(1, count + 1):
            line = process.stdout.readline()
            if n == count or not line:
                process.stdout.close()  # before the last line is handed over: the
                # reader is gone by the time the test writes the next puzzle
            if not line:
                break
            lines.put(line)

    threading.Thread(target=pump, daemon=True).start()
    return lines
