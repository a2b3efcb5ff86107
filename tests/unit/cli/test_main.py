"""The entry point: usage errors, help, python -m sudoku, pipes and Ctrl-C."""

from __future__ import annotations

import json
import signal
import subprocess
import sys

import pytest

from cli.kit import (
    HARD_FOR_NAIVE,
    LEETCODE_GRID,
    SOLVED,
    TYPO,
    python_m_sudoku,
    run,
)


def test_no_command_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    """Without a subcommand: one line saying what is missing and where help is, exit 2."""
    assert run(capsys) == (
        2,
        "",
        "sudoku: the following arguments are required: COMMAND (see 'sudoku --help')\n",
    )


def test_help_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    """--help exits 0 and names every subcommand."""
    code, out, _ = run(capsys, "--help")
    assert code == 0
    commands = [
        "solve",
        "count",
        "check",
        "trace",
        "render",
        "bench",
        "hint",
        "generate",
        "watch",
        "judge",
    ]
    assert all(name in out for name in commands)


def test_python_m_sudoku_solves_stdin() -> None:
    """The module entry point reads stdin, prints the solution and exits 0."""
    done = python_m_sudoku("solve", stdin=LEETCODE_GRID)
    assert (done.returncode, done.stdout, done.stderr) == (0, SOLVED + "\n", "")


def test_python_m_sudoku_bad_input_has_no_traceback() -> None:
    """Bad input through the real entry point: one stderr line, exit 2, no traceback."""
    done = python_m_sudoku("check", TYPO)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == "sudoku: r3c5: 'x' is not a digit\n"


def test_closed_pipe_stops_quietly() -> None:
    """A reader that leaves early (like ``| head -1``) ends the trace without a traceback."""
    with subprocess.Popen(
        [sys.executable, "-m", "sudoku", "trace", HARD_FOR_NAIVE],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as process:
        assert process.stdout is not None
        assert process.stderr is not None
        assert json.loads(process.stdout.readline())["step"] == 0
        process.stdout.close()
        assert process.wait(timeout=120) == 1
        assert process.stderr.read() == ""


def test_interrupt_stops_quietly() -> None:
    """Ctrl-C during a long trace ends it with exit 130 and no traceback. (The child
    takes Ctrl-C as a terminal gives it: a runner started in the background of a
    non-interactive shell ignores SIGINT, and its children would inherit that.)"""
    with subprocess.Popen(
        [sys.executable, "-m", "sudoku", "trace", HARD_FOR_NAIVE],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # noqa: PLW1509
    ) as process:
        assert process.stdout is not None
        assert process.stdout.readline()  # it is running main() now
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=120)
        assert (process.returncode, err) == (130, "")
