"""The reader's state at a step: their frames and locals shown compactly, their own
structures (``self.rows``) that give a forgotten undo away, a re-run checked against the
run's write, and the hint when code gives up on a blank that still has room."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support import FORGOT

from sudoku.__main__ import main
from sudoku.inspecting import shown_value, state_at
from sudoku.judging import judge

LEETCODE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def test_the_forgotten_undo_shows_in_the_sets() -> None:
    """After the first undo (step 7: the 8 taken out of r1c7), row 1's set still holds
    the 8: the frames are the open calls, outermost first, with their lines and locals."""
    state = state_at(FORGOT, LEETCODE, 7)
    assert state["message"] == ""
    assert state["write"] == "u178:31:8"
    frames = state["frames"]
    assert [f["function"] for f in frames] == ["solveSudoku"] + ["fill"] * 7
    assert [f["line"] for f in frames] == [10, 22, 22, 29, 29, 22, 29, 31]
    inner = frames[-1]["locals"]
    assert (inner["i"], inner["r"], inner["c"], inner["digit"]) == ("6", "0", "6", "'8'")
    assert inner["board"] == "the board"
    assert inner["self.rows[0]"] == "{'1', '2', '3', '4', '5', '7', '8', '9'}"  # the 8 kept
    assert inner["self.boxes[6]"] == "{'6'}"
    assert all("self.rows[0]" not in f["locals"] for f in frames[:-1])


def test_values_are_shown_short_and_sorted() -> None:
    """Sets and dicts sorted, long lists cut, nesting cut, strings quoted."""
    assert shown_value({"9", "1", "5"}) == "{'1', '5', '9'}"
    assert shown_value({(1, 2): {"3"}, (0, 1): set()}) == "{(0, 1): set(), (1, 2): {'3'}}"
    assert shown_value(list(range(100))).endswith(", 11, ... 100 items]")
    assert shown_value([[[[1]]]]) == "[[[list of 1]]]"
    assert shown_value((3,)) == "(3,)"
    assert len(shown_value("x" * 1000)) == 200


def test_a_step_past_the_runs_end_and_a_run_that_writes_otherwise() -> None:
    """No such step: said; a re-run that writes otherwise than the run: said."""
    assert state_at(FORGOT, LEETCODE, 13)["message"] == "this run makes 12 writes: no step 13"
    again = state_at(FORGOT, LEETCODE, 7, "u178:31:7")
    assert again["matches"] is False
    assert "another write at step 7 (u178:31:8, not u178:31:7)" in again["message"]
    assert state_at(FORGOT, LEETCODE, 7, "u178:31:8")["matches"] is True


def test_module_data_comes_first() -> None:
    """The module's own data (not its functions) is a first frame, ``<module>``."""
    code = "SEEN = {'b', 'a'}\n\ndef solve(board):\n    SEEN.add('c')\n    board[0][2] = '1'\n"
    frames = state_at(code, LEETCODE, 1)["frames"]
    assert frames[0] == {"function": "<module>", "line": 0, "locals": {"SEEN": "{'a', 'b', 'c'}"}}
    assert frames[1]["function"] == "solve"


def test_giving_up_early_is_said_from_the_board() -> None:
    """A run back with blanks while the first blank still has digits that fit: named."""
    said = judge(FORGOT, LEETCODE, compare_steps=0)["verdict"]
    assert said == (
        "wrong answer: returned with 51 cells still blank: r1c3 still allows 1, 2 and 4, "
        "but your code went back from it: look at what you take back when you undo"
    )


def test_the_cli_prints_the_frames(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """``sudoku watch FILE PUZZLE --at N``: the frames as JSON, outermost first."""
    path = tmp_path / "forgot.py"
    path.write_text(FORGOT)
    assert main(["watch", str(path), LEETCODE, "--at", "7"]) == 0
    frames = json.loads(capsys.readouterr().out)
    assert frames[-1]["function"] == "fill"
    assert frames[-1]["line"] == 31
    assert main(["watch", str(path), LEETCODE, "--at", "99"]) == 1
    assert "no step 99" in capsys.readouterr().err
