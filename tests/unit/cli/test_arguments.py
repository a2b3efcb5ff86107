"""The numbers options accept, and the one-line error for any other."""

from __future__ import annotations

import json

import pytest
from support import LEETCODE

from cli.kit import (
    python_m_sudoku,
    run,
)


@pytest.mark.parametrize(
    "argv",
    [
        ("count", LEETCODE, "--limit"),
        ("trace", LEETCODE, "--max-events"),
        ("bench", "--file", "unread.txt", "--limit"),
        ("generate", "--count"),
    ],
    ids=["count", "trace", "bench", "generate"],
)
@pytest.mark.parametrize(
    "number",
    [
        "0",
        "-1",
        "x",
        "1.5",
        "",
        pytest.param("9223372036854775808", id="2**63"),  # past what islice takes
        pytest.param("1000000000000000001", id="10**18+1"),
        pytest.param("9" * 5000, id="5000-digits"),  # past int()'s 4,300 digits
    ],
)
def test_bad_number_is_a_one_line_usage_error(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], number: str
) -> None:
    """Every numeric option takes 1 to 10**18: anything else is one stderr line, exit 2."""
    code, out, err = run(capsys, *argv, number)
    assert (code, out) == (2, "")
    assert err.count("\n") == 1, err
    shown = repr(number if len(number) <= 30 else number[:30] + "...")
    assert err == (
        f"sudoku: argument {argv[-1]}: expected a whole number from 1 to "
        f"1,000,000,000,000,000,000, found {shown} (see 'sudoku {argv[0]} --help')\n"
    )


def test_largest_number_is_accepted(capsys: pytest.CaptureFixture[str]) -> None:
    """10**18 itself is a valid --max-events (the trace runs to its end)."""
    code, out, err = run(capsys, "trace", LEETCODE, "--max-events", "1" + "0" * 18)
    assert (code, err) == (0, "")
    assert json.loads(out.splitlines()[-1])["kind"] == "solved"


def test_huge_max_events_through_the_entry_point_has_no_traceback() -> None:
    """The attack as reported: 2**63 events, run for real, is one line and exit 2."""
    done = python_m_sudoku("trace", LEETCODE, "--max-events", "9223372036854775808")
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith("sudoku: argument --max-events: expected a whole number")
    assert done.stderr.count("\n") == 1
