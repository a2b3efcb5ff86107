"""sudoku hint: the next logical step, the whole path, and where it stops."""

from __future__ import annotations

import pytest
from support import EASY, load_puzzles

from cli.kit import (
    CLASH,
    DEAD_END,
    LEETCODE_GRID,
    SOLVED,
    TWO_SOLUTIONS,
    feed,
    run,
)

NORVIG_HARDEST_1 = load_puzzles("hardest", 2)[1]
"""A puzzle the basic techniques cannot finish."""


X_WING = "98..62753.65..3...327.5...679..3.5...5...9...832.45..9673591428249.87..5518.2...7"
"""HoDoKu's X-Wing example (its "bf202" state, filled cells only): the next step is the
X-Wing on 1 in columns 1 and 5."""


def test_hint_prints_one_step(capsys: pytest.CaptureFixture[str]) -> None:
    """hint PUZZLE: one line, the technique, the action and why; exit 0."""
    assert run(capsys, "hint", EASY) == (
        0,
        "hidden single: r2c2 = 6 (the only place for 6 in box 1)\n",
        "",
    )


def test_hint_names_an_x_wing(capsys: pytest.CaptureFixture[str]) -> None:
    """The textbook X-Wing is said as the issue asks: eliminations, then the reason."""
    line = (
        "x-wing: remove 1 from r2c4, r2c7, r2c8, r2c9, r5c3, r5c4, r5c7, r5c8, r5c9 "
        "(columns 1 and 5 hold 1 only in rows 2 and 5)"
    )
    assert run(capsys, "hint", X_WING) == (0, line + "\n", "")


def test_hint_all_walks_to_the_solution(capsys: pytest.CaptureFixture[str]) -> None:
    """--all: one step a line, as many placements as blanks, then 'solved'; exit 0."""
    code, out, err = run(capsys, "hint", "--all", EASY)
    assert (code, err) == (0, "")
    *steps, last = out.splitlines()
    assert last == "solved"
    assert sum(" = " in line for line in steps) == EASY.count(".")
    assert all(line.split(": ")[0] in {"naked single", "hidden single"} for line in steps)


def test_hint_all_never_gets_stuck(capsys: pytest.CaptureFixture[str]) -> None:
    """A puzzle the basic techniques cannot finish (Norvig's hardest #1): contradiction
    chains take it to the end; exit 0."""
    code, out, _ = run(capsys, "hint", "--all", NORVIG_HARDEST_1)
    assert code == 0
    lines = out.splitlines()
    assert lines[-1] == "solved"
    assert any(line.startswith("contradiction chain: ") for line in lines)


def test_hint_with_no_step_says_stuck(capsys: pytest.CaptureFixture[str]) -> None:
    """Two solutions and nothing logic can do: the stuck line names why; exit 1."""
    line = (
        "stuck: no technique above applies; 4 cells left "
        "(the puzzle has more than one solution: no logic can finish it)"
    )
    assert run(capsys, "hint", TWO_SOLUTIONS) == (1, line + "\n", "")


@pytest.mark.parametrize("flags", [(), ("--all",)])
def test_hint_on_a_full_grid_says_it_is_solved(
    capsys: pytest.CaptureFixture[str], flags: tuple[str, ...]
) -> None:
    """A grid with no blank: said plainly, exit 0."""
    assert run(capsys, "hint", *flags, SOLVED) == (0, "solved already: no blank cell left\n", "")


@pytest.mark.parametrize(
    ("puzzle", "answer"),
    [(DEAD_END, "no solution"), (CLASH, "invalid: r1c1 and r1c2 both hold 5 in row 1")],
)
def test_hint_refuses_a_puzzle_without_solution(
    capsys: pytest.CaptureFixture[str], puzzle: str, answer: str
) -> None:
    """No logic on a puzzle with no solution: said as solve says it, exit 1."""
    assert run(capsys, "hint", puzzle) == (1, answer + "\n", "")
    assert run(capsys, "hint", "--all", puzzle) == (1, answer + "\n", "")


def test_hint_reads_stdin(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without PUZZLE, hint reads one puzzle (a 9-line grid) from stdin."""
    feed(monkeypatch, LEETCODE_GRID)
    code, out, _ = run(capsys, "hint")
    assert code == 0
    assert len(out.splitlines()) == 1
    assert out.startswith(("naked single: ", "hidden single: "))
