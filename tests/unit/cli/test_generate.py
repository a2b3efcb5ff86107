"""sudoku generate: puzzles of a level, seeds."""

from __future__ import annotations

import pytest

from cli.kit import (
    run,
)
from sudoku.formats import parse
from sudoku.logic import rate
from sudoku.solver import count_solutions


@pytest.mark.parametrize("level", ["easy", "medium", "expert"])
def test_generate_prints_proper_puzzles_of_the_level(
    capsys: pytest.CaptureFixture[str], level: str
) -> None:
    """--count N: N lines of 81 characters, each a puzzle with one solution at that level."""
    code, out, err = run(capsys, "generate", "--difficulty", level, "--count", "2", "--seed", "4")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert len(lines) == 2
    for line in lines:
        assert len(line) == 81
        assert count_solutions(parse(line), 2) == 1
        assert rate(parse(line)).level == level


def test_generate_same_seed_same_output(capsys: pytest.CaptureFixture[str]) -> None:
    """The same seed twice prints the same puzzles; the default level is easy, count 1."""
    first = run(capsys, "generate", "--seed", "12")
    assert first == run(capsys, "generate", "--seed", "12")
    assert first == run(capsys, "generate", "--seed", "12", "--difficulty", "easy")
    assert len(first[1].splitlines()) == 1
    assert run(capsys, "generate", "--seed", "13") != first


def test_generate_without_seed(capsys: pytest.CaptureFixture[str]) -> None:
    """No seed: a random one, still a proper easy puzzle."""
    code, out, _ = run(capsys, "generate")
    assert code == 0
    assert count_solutions(parse(out), 2) == 1


@pytest.mark.parametrize("value", ["-1", "x", "18446744073709551616", "1.5", ""])
def test_generate_bad_seed_is_a_usage_error(capsys: pytest.CaptureFixture[str], value: str) -> None:
    """A seed is a whole number from 0 to 2**64 - 1: else one stderr line, exit 2."""
    code, out, err = run(capsys, "generate", "--seed", value)
    assert (code, out) == (2, "")
    assert err == (
        "sudoku: argument --seed: expected a whole number from 0 to "
        f"18,446,744,073,709,551,615, found {value!r} (see 'sudoku generate --help')\n"
    )


def test_generate_seed_zero_and_the_largest_are_seeds(capsys: pytest.CaptureFixture[str]) -> None:
    """0 and 2**64 - 1 are accepted."""
    assert run(capsys, "generate", "--seed", "0")[0] == 0
    assert run(capsys, "generate", "--seed", "18446744073709551615")[0] == 0


def test_generate_bad_difficulty_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    """Only the four levels: argparse refuses others, exit 2."""
    code, out, err = run(capsys, "generate", "--difficulty", "insane")
    assert (code, out) == (2, "")
    assert "invalid choice" in err
    assert err.count("\n") == 1
