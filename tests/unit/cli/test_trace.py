"""sudoku trace: the search's events as JSON lines."""

from __future__ import annotations

import json

import pytest
from support import LEETCODE

from cli.kit import (
    SOLVED,
    run,
)


def test_trace_prints_json_lines_until_solved(capsys: pytest.CaptureFixture[str]) -> None:
    """trace prints one JSON event a line, steps counting from 0, ending in a valid solve."""
    code, out, err = run(capsys, "trace", LEETCODE, "--strategy", "propagate")
    events = [json.loads(line) for line in out.splitlines()]
    assert (code, err) == (0, "")
    assert [event["step"] for event in events] == list(range(len(events)))
    assert events[-1]["kind"] == "solved"
    assert events[-1]["grid"] == SOLVED


@pytest.mark.parametrize("strategy", ["naive", "mrv", "propagate"])
def test_trace_max_events(capsys: pytest.CaptureFixture[str], strategy: str) -> None:
    """--max-events N prints the first N events and says on stderr that it stopped."""
    code, out, err = run(capsys, "trace", LEETCODE, "--strategy", strategy, "--max-events", "3")
    assert code == 0
    assert [json.loads(line)["step"] for line in out.splitlines()] == [0, 1, 2]
    assert err == "sudoku: stopped after 3 events\n"


def test_trace_default_strategy_is_naive(capsys: pytest.CaptureFixture[str]) -> None:
    """Without --strategy, trace follows the naive search: it tries r1c3 first, digit 1."""
    _, out, _ = run(capsys, "trace", LEETCODE, "--max-events", "1")
    first = json.loads(out)
    assert (first["kind"], first["cell"], first["digit"]) == ("try", "r1c3", "1")


def test_trace_bad_strategy_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    """An unknown strategy is refused by argparse with exit 2."""
    code, out, err = run(capsys, "trace", LEETCODE, "--strategy", "fast")
    assert (code, out) == (2, "")
    assert "invalid choice" in err
