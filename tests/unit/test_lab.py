"""The code lab's pieces that run without a browser: the runner its sandboxed Pyodide
calls (here in CPython, the same code), the page's policy that admits the sandbox's
script, and the build's lazy files (tests/e2e/test_lab.py drives the lab itself)."""

from __future__ import annotations

import base64
import hashlib
import json
import re
import sys
from pathlib import Path

import pytest

from sudoku.plain import STARTING_ORDER, STARTING_POINTS, unmarked
from sudoku.recording import MAX_EVENTS, read_recording

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "src" / "web" / "lab"))
sys.path.insert(0, str(ROOT / "scripts"))
import build_site  # noqa: E402 (scripts/ is not a package)
import runner  # noqa: E402 (src/web/lab is the sandbox's folder, not a package)

LEETCODE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
EDITORIAL = unmarked(STARTING_POINTS["the editorial"])[0]


def test_the_pages_policy_admits_exactly_the_sandboxs_script() -> None:
    """lab.html's Content-Security-Policy names lab-sandbox.js by its SHA-256: the srcdoc
    frame inherits the policy, so a changed script must come with its new hash."""
    script = (ROOT / "static" / "js" / "lab-sandbox.js").read_bytes()
    digest = base64.b64encode(hashlib.sha256(script).digest()).decode()
    hashes = re.findall(r"'sha256-([A-Za-z0-9+/=]+)'", (ROOT / "lab.html").read_text())
    assert hashes == [digest]


def test_the_starting_points_are_all_in_the_labs_order() -> None:
    """The picker's order names every starting point once."""
    assert sorted(STARTING_ORDER) == sorted(STARTING_POINTS)
    assert STARTING_ORDER[0] == "the editorial"


def test_a_run_is_summed_up_and_recorded() -> None:
    """The editorial on LeetCode's example: ok, and a recording the player's worker reads
    back with every write, in order, each with its line."""
    text, recording = runner.run(EDITORIAL, LEETCODE)
    summary = json.loads(text)
    assert summary["verdict"].startswith("ok: ")
    assert (summary["outcome"], summary["line"], summary["unplayable"]) == ("returned", 0, "")
    played = read_recording(recording)
    assert len(played["events"]) == summary["steps"] == 4208 + 4157
    place = EDITORIAL.splitlines().index("                        board[r][c] = digit") + 1
    assert played["events"][0] == ("p", 2, "1", place)  # 1 into r1c3


def test_an_error_names_its_line_and_keeps_the_writes_before_it() -> None:
    """An exception on line 3: the summary names the line, the traceback shows the
    reader's lines only, and the write before it is still recorded."""
    code = "def solve(board):\n    board[0][2] = '4'\n    return board[10]\n"
    text, recording = runner.run(code, LEETCODE)
    summary = json.loads(text)
    assert summary["line"] == 3
    assert summary["message"] == "error on line 3: IndexError: list index out of range"
    assert summary["traceback"] == [
        "Traceback (your code only):",
        "  line 3, in solve",
        "    return board[10]",
        "IndexError: list index out of range",
    ]
    assert read_recording(recording)["events"] == [("p", 2, "4", 2)]


def test_a_write_the_board_cannot_show_is_said_not_recorded() -> None:
    """A value that is no digit cannot be played: the summary says why."""
    text, recording = runner.run("def solve(board):\n    board[0][2] = 10\n", LEETCODE)
    summary = json.loads(text)
    assert recording == ""
    assert "step 1 writes '10' into r1c3" in summary["unplayable"]


def test_a_run_goes_on_past_what_a_recording_holds() -> None:
    """No count of writes stops a run (only its time): its recording holds the first
    ``MAX_EVENTS`` writes, and the summary says how many it holds."""
    code = (
        "def solve(board):\n    for i in range(150_000):\n        board[0][2] = '4'\n"
        "        board[0][2] = '.'\n"
    )
    text, recording = runner.run(code, LEETCODE)
    summary = json.loads(text)
    assert summary["outcome"] == "returned"
    assert (summary["steps"], summary["recorded"]) == (300_000, MAX_EVENTS)
    assert len(read_recording(recording)["events"]) == MAX_EVENTS


def test_a_bad_puzzle_is_refused_in_words() -> None:
    """A grid that is not one is refused, with the reason, and nothing runs."""
    text, recording = runner.run(EDITORIAL, "5" * 80)
    assert json.loads(text)["outcome"] == "refused"
    assert recording == ""


def test_the_judge_answers_each_puzzle_beside_the_builtins() -> None:
    """A passing and a refused puzzle: verdicts, and the built-ins' figures beside."""
    answer = json.loads(runner.judge(EDITORIAL, [LEETCODE, "55" + "." * 79]))
    good, bad = answer["results"]
    assert good["passed"] is True
    assert good["verdict"].startswith("ok: ")
    assert sorted(good["builtins"]) == ["mrv", "naive", "propagate"]
    assert good["builtins"]["mrv"]["writes"] == 51
    assert bad["passed"] is False
    assert bad["verdict"].startswith("invalid: ")


@pytest.mark.parametrize(
    ("path", "lazy"),
    [
        ("static/vendor/pyodide/pyodide.asm.wasm", True),
        ("static/vendor/pyodide/pyodide-lock.json", True),
        ("static/vendor/micropython/micropython.wasm", False),
        ("static/vendor/codemirror/codemirror.js", False),
        ("lab.html", False),
    ],
)
def test_only_pyodide_is_cached_when_first_used(path: str, lazy: bool) -> None:
    """The build marks Pyodide's files lazy (stored at the lab's first use), no other."""
    assert build_site.lazy_files([path, "index.html"]) == ([path] if lazy else [])


FORGOT = """class Solution:
    def solveSudoku(self, board):
        self.rows = [set() for _ in range(9)]
        for r in range(9):
            for c in range(9):
                if board[r][c] != ".":
                    self.rows[r].add(board[r][c])
        self.fill(board, 0)

    def fill(self, board, i):
        if i == 81:
            return True
        r, c = divmod(i, 9)
        if board[r][c] != ".":
            return self.fill(board, i + 1)
        for digit in "123456789":
            if digit in self.rows[r]:
                continue
            board[r][c] = digit
            self.rows[r].add(digit)
            if self.fill(board, i + 1):
                return True
            board[r][c] = "."
        return False
"""


def test_the_state_at_a_step_and_the_heat_come_as_json_text() -> None:
    """``state``: the frames at a step, checked against the run's write; ``heat``: each
    line's run count, by line number."""
    grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    _, recording = runner.run(FORGOT, grid)
    assert read_recording(recording)["events"][0] == ("p", 2, "1", 19)
    found = json.loads(runner.state(FORGOT, grid, 1, "p131:19:4"))
    assert found["matches"] is True
    functions = [frame["function"] for frame in found["frames"]]
    assert functions == ["solveSudoku", "fill", "fill", "fill"]
    assert found["frames"][-1]["locals"]["self.rows[0]"] == "{'3', '5', '7'}"
    counts = json.loads(runner.heat(FORGOT, grid))
    assert counts["complete"] is True
    assert counts["heat"][11] == 82  # fill's first line: once a call


def test_the_judge_runs_no_more_puzzles_after_one_that_took_too_long(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """As LeetCode's judge: the first puzzle out of time ends the judging (the rest say so)."""
    from functools import partial

    from sudoku.judging import judge
    from sudoku.watching import Limits

    monkeypatch.setattr(runner, "judge_one", partial(judge, limits=Limits(0, 0, 0.5)))
    code = "def solve(board):\n    while True:\n        pass\n"
    answer = json.loads(runner.judge(code, [LEETCODE, LEETCODE, LEETCODE]))
    verdicts = [result["verdict"] for result in answer["results"]]
    assert verdicts[0].startswith("stopped: took more than 0.5 s: LeetCode would time out")
    assert verdicts[1:] == ["not run: puzzle 1 took too long"] * 2
