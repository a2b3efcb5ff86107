"""sudoku watch: a reader's solution run on a puzzle, each write a JSON line, then a summary."""

from __future__ import annotations

import base64
import json
import resource
import string
import zlib
from pathlib import Path

import pytest
from support import LEETCODE

from cli.kit import python_m_sudoku, run
from sudoku.plain import STARTING_POINTS, unmarked
from sudoku.recording import read_recording
from sudoku.tracing import trace

EDITORIAL = unmarked(STARTING_POINTS["the editorial"])[0]


def solution_file(tmp_path: Path, code: str) -> str:
    """``code`` written to a file; its path."""
    path = tmp_path / "solution.py"
    path.write_text(code, encoding="utf-8")
    return str(path)


def test_watch_prints_each_write_then_the_summary(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """One JSON object a write (step, kind, cell, digit, line, depth), then the summary:
    outcome, the verdict and the counters; exit 0 for a right answer."""
    address_space = resource.getrlimit(resource.RLIMIT_AS)
    code, out, err = run(capsys, "watch", solution_file(tmp_path, EDITORIAL), LEETCODE)
    *events, last = [json.loads(line) for line in out.splitlines()]
    assert (code, err) == (0, "")
    assert all(
        list(event) == ["step", "kind", "cell", "digit", "line", "depth"] for event in events
    )
    writes = [
        (e["kind"], e["cell"], e["digit"])
        for e in trace(LEETCODE)
        if e["kind"] in {"place", "undo"}
    ]
    assert [(e["kind"], e["cell"], e["digit"]) for e in events] == writes
    assert last["outcome"] == "returned"
    assert last["verdict"].startswith("ok: ")
    assert last["steps"] == len(events) == last["writes"] + last["undos"]
    assert resource.getrlimit(resource.RLIMIT_AS) == address_space  # the cap is lifted after


def test_watch_stops_at_max_events(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """--max-events N: N writes, then the summary says the run was stopped; exit 1."""
    code, out, _ = run(
        capsys, "watch", solution_file(tmp_path, EDITORIAL), LEETCODE, "--max-events", "5"
    )
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 1
    assert [line["step"] for line in lines[:-1]] == [0, 1, 2, 3, 4]
    assert (lines[-1]["outcome"], lines[-1]["verdict"]) == ("stopped", "stopped: more than 5 steps")


def test_watch_shows_the_readers_traceback(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """An exception in the reader's code: the verdict names the line; stderr has what
    their code printed, then their traceback, their lines only; exit 1."""
    solution = "def solve(board):\n    board[0][2] = '4'\n    print('here')\n    return 1 / 0\n"
    code, out, err = run(capsys, "watch", solution_file(tmp_path, solution), LEETCODE)
    *events, last = [json.loads(line) for line in out.splitlines()]
    assert code == 1
    assert last["verdict"] == "error on line 4: ZeroDivisionError: division by zero"
    assert len(events) == 1
    assert err.splitlines() == [
        "here",
        "Traceback (your code only):",
        "  line 4, in solve",
        "    return 1 / 0",
        "ZeroDivisionError: division by zero",
    ]


def test_watch_refuses_a_file_it_cannot_read(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A missing solution file, or a bad puzzle: one line on stderr, exit 2."""
    code, out, err = run(capsys, "watch", str(tmp_path / "nowhere.py"), LEETCODE)
    assert (code, out) == (2, "")
    assert err.startswith("sudoku: cannot read ")
    assert err.endswith("No such file or directory\n")
    code, _, err = run(capsys, "watch", solution_file(tmp_path, EDITORIAL), "x")
    assert code == 2
    assert err.startswith("sudoku: ")


def test_watch_stops_code_that_takes_all_memory(tmp_path: Path) -> None:
    """Through the real entry point, memory is capped: code that hoards it is stopped,
    ``out of memory``, at its line (``bytes(n)`` is calloc'd: its pages are never touched)."""
    hoard = "def solve(board):\n    kept = []\n    while True:\n        kept.append(bytes(10**9))\n"
    done = python_m_sudoku("watch", solution_file(tmp_path, hoard), LEETCODE)
    assert done.returncode == 1
    assert json.loads(done.stdout)["verdict"] == "stopped: out of memory at line 4"


def test_watch_record_prints_one_recording(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """--record: stdout is one line, the recording (the code, the puzzle, each write as
    the JSON lines tell it); the summary goes to stderr; exit 0 for a right answer."""
    path = solution_file(tmp_path, EDITORIAL)
    _, plain, _ = run(capsys, "watch", path, LEETCODE)
    code, out, err = run(capsys, "watch", path, LEETCODE, "--record")
    *events, _ = [json.loads(line) for line in plain.splitlines()]
    found = read_recording(out)
    assert code == 0
    assert out.count("\n") == 1
    assert (found["code"], found["puzzle"], found["outcome"]) == (EDITORIAL, LEETCODE, "returned")
    kinds = {"place": "p", "undo": "u"}
    assert json.loads(out)["events"].split(" ") == [
        f"{kinds[e['kind']]}{e['cell'][1]}{e['cell'][3]}{e['digit']}:{e['line']}:{e['depth']}"
        for e in events
    ]
    assert json.loads(err)["verdict"].startswith("ok: ")


def test_watch_record_refuses_a_write_it_cannot_hold(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A value that is not one digit cannot be recorded: one line on stderr, exit 1."""
    path = solution_file(tmp_path, "def solve(board):\n    board[0][2] = 10\n")
    code, out, err = run(capsys, "watch", path, LEETCODE, "--record")
    assert (code, out) == (1, "")
    assert err.startswith(
        "sudoku: cannot record this run: step 1 writes '10' into r1c3: a recording holds"
    )


def test_watch_record_stops_at_the_recordings_cap(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """--record stops the run at the most writes a recording holds, and the recording
    says it was stopped: the widget shows the message."""
    monkeypatch.setattr("sudoku.cli.watch.MAX_EVENTS", 7)
    code, out, err = run(capsys, "watch", solution_file(tmp_path, EDITORIAL), LEETCODE, "--record")
    found = read_recording(out)
    assert code == 1
    assert len(found["events"]) == 7
    assert (found["outcome"], found["message"]) == ("stopped", "stopped: more than 7 steps")
    assert json.loads(err)["verdict"] == "stopped: more than 7 steps"


def test_watch_record_fragment_is_the_recording_deflated(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """--record=fragment: ``trace=`` and the same recording, zlib-deflated, in base64url
    without padding (static/js/recording.js reads it in the widget)."""
    path = solution_file(tmp_path, EDITORIAL)
    _, text, _ = run(capsys, "watch", path, LEETCODE, "--record")
    _, out, _ = run(capsys, "watch", path, LEETCODE, "--record=fragment")
    value = out.strip().removeprefix("trace=")
    assert out.startswith("trace=")
    assert set(value) <= set(string.ascii_letters + string.digits + "-_")
    packed = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    assert zlib.decompress(packed).decode() == text.strip()
