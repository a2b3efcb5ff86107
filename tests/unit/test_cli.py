"""The command line: each subcommand, each output format, exit codes, one-line errors."""

from __future__ import annotations

import io
import json
import queue
import signal
import subprocess
import sys
import threading
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from support import EASY, LEETCODE, load_puzzles, solution_problems

from sudoku import render
from sudoku.cli import main
from sudoku.formats import MAX_TEXT, parse
from sudoku.logic import rate
from sudoku.solver import analyze, count_solutions
from sudoku.tracing import trace

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


def test_solve_argument_prints_the_solution_line(capsys: pytest.CaptureFixture[str]) -> None:
    """solve PUZZLE prints the 81-digit solution and exits 0."""
    assert run(capsys, "solve", LEETCODE) == (0, SOLVED + "\n", "")


def test_solve_accepts_leetcode_json(capsys: pytest.CaptureFixture[str]) -> None:
    """A PUZZLE argument may be LeetCode JSON text."""
    board = json.dumps([list(LEETCODE[i : i + 9]) for i in range(0, 81, 9)])
    assert run(capsys, "solve", board) == (0, SOLVED + "\n", "")


def test_solve_grid_format(capsys: pytest.CaptureFixture[str]) -> None:
    """--format grid prints 11 lines of art that read back as the solution."""
    code, out, _ = run(capsys, "solve", LEETCODE, "--format", "grid")
    assert code == 0
    assert len(out.splitlines()) == 11
    assert parse(out) == SOLVED


def test_solve_json_format(capsys: pytest.CaptureFixture[str]) -> None:
    """--format json prints one line of LeetCode JSON holding the solution."""
    code, out, _ = run(capsys, "solve", LEETCODE, "--format", "json")
    assert code == 0
    assert len(out.splitlines()) == 1
    assert "".join("".join(row) for row in json.loads(out)) == SOLVED


@pytest.mark.parametrize(
    ("puzzle", "answer"),
    [
        (DEAD_END, "no solution"),
        (CLASH, "invalid: r1c1 and r1c2 both hold 5 in row 1"),
        (TYPO, "invalid: r3c5: 'x' is not a digit"),
    ],
)
def test_solve_unsolved_exits_1(
    capsys: pytest.CaptureFixture[str], puzzle: str, answer: str
) -> None:
    """A puzzle without solution, with clashing givens or unreadable says why, exit 1."""
    assert run(capsys, "solve", puzzle) == (1, answer + "\n", "")


def test_solve_file_one_answer_a_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """--file: blank lines skipped, one answer line per puzzle, in order; exit 1 if any fails."""
    path = tmp_path / "puzzles.txt"
    path.write_text(f"{LEETCODE}\n\n{TYPO}\n   \n{DEAD_END}\n{LEETCODE.replace('.', '0')}\n")
    code, out, err = run(capsys, "solve", "--file", str(path))
    assert (code, err) == (1, "")
    assert out.splitlines() == [
        SOLVED,
        "invalid: r3c5: 'x' is not a digit",
        "no solution",
        SOLVED,
    ]


def test_solve_file_of_hard_puzzles(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Every puzzle of a real set is solved (checked independently) and the exit is 0."""
    puzzles = load_puzzles("top95", limit=10)
    path = tmp_path / "top.txt"
    path.write_text("\n".join(puzzles) + "\n")
    code, out, _ = run(capsys, "solve", "--file", str(path))
    assert code == 0
    solutions = out.splitlines()
    assert len(solutions) == len(puzzles)
    for puzzle, solution in zip(puzzles, solutions, strict=True):
        assert solution_problems(puzzle, solution) == []


def test_solve_grid_format_separates_puzzles(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """In grid format several answers are separated by one blank line."""
    path = tmp_path / "two.txt"
    path.write_text(f"{LEETCODE}\n{DEAD_END}\n")
    code, out, _ = run(capsys, "solve", "--file", str(path), "--format", "grid")
    assert code == 1
    first, second = out.split("\n\n")
    assert parse(first) == SOLVED
    assert second == "no solution\n"


def test_solve_stdin_grid_is_one_puzzle(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A 9-line grid on stdin is one puzzle."""
    feed(monkeypatch, LEETCODE_GRID)
    assert run(capsys, "solve") == (0, SOLVED + "\n", "")


def test_solve_stdin_grid_with_a_typo_is_one_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bad 9-line grid on stdin gets one message naming the cell, not one per line."""
    grid = LEETCODE_GRID.replace("7", "x", 1)
    feed(monkeypatch, grid)
    assert run(capsys, "solve") == (1, "invalid: r1c5: 'x' is not a digit\n", "")


def test_solve_stdin_lines_are_a_batch(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Several puzzle lines on stdin are solved one by one."""
    feed(monkeypatch, f"{LEETCODE}\n{CLASH}\n")
    code, out, _ = run(capsys, "solve")
    assert code == 1
    assert out.splitlines() == [SOLVED, "invalid: r1c1 and r1c2 both hold 5 in row 1"]


def test_solve_empty_stdin(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nothing on stdin is an empty puzzle."""
    feed(monkeypatch, "")
    assert run(capsys, "solve") == (1, "invalid: the puzzle is empty\n", "")


def test_solve_missing_file_is_one_line_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A file that is not there: one line on stderr, exit 2, nothing on stdout."""
    missing = tmp_path / "nope.txt"
    assert run(capsys, "solve", "--file", str(missing)) == (
        2,
        "",
        f"sudoku: cannot read {missing}: No such file or directory\n",
    )


def test_solve_binary_file_is_one_line_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A file that is not UTF-8 text: one line on stderr, exit 2."""
    path = tmp_path / "puzzle.bin"
    path.write_bytes(b"\xff\xfe" + LEETCODE.encode())
    assert run(capsys, "solve", "--file", str(path)) == (
        2,
        "",
        f"sudoku: cannot read {path}: not UTF-8 text\n",
    )


def test_solve_puzzle_and_file_together_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """PUZZLE and --file exclude each other: argparse says so, exit 2."""
    code, out, err = run(capsys, "solve", LEETCODE, "--file", str(tmp_path / "x"))
    assert (code, out) == (2, "")
    assert "not allowed with argument" in err


@pytest.mark.parametrize(
    ("puzzle", "limit", "line"),
    [
        (LEETCODE, "2", "1 (unique)"),
        (DEAD_END, "2", "0 (no solution)"),
        (CLASH, "2", "0 (no solution)"),
        (TWO_SOLUTIONS, "2", "2 (stopped at the limit of 2: there may be more)"),
        (TWO_SOLUTIONS, "5", "2 (all of them)"),
        (TWO_SOLUTIONS, "1", "1 (stopped at the limit of 1: there may be more)"),
        ("." * 81, "3", "3 (stopped at the limit of 3: there may be more)"),
    ],
)
def test_count(capsys: pytest.CaptureFixture[str], puzzle: str, limit: str, line: str) -> None:
    """count prints the number found first, and what it means given the limit."""
    assert run(capsys, "count", puzzle, "--limit", limit) == (0, line + "\n", "")


def test_count_default_limit_is_two(capsys: pytest.CaptureFixture[str]) -> None:
    """Without --limit, count stops at 2."""
    assert run(capsys, "count", "." * 81)[1] == "2 (stopped at the limit of 2: there may be more)\n"


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


def test_count_reads_stdin(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without PUZZLE, count reads one puzzle (here a 9-line grid) from stdin."""
    feed(monkeypatch, LEETCODE_GRID)
    assert run(capsys, "count") == (0, "1 (unique)\n", "")


def test_check_valid_unique(capsys: pytest.CaptureFixture[str]) -> None:
    """A proper puzzle: its clue count, no conflicts, a unique solution, exit 0."""
    assert run(capsys, "check", LEETCODE) == (
        0,
        "givens: 30\nconflicts: none\nverdict: unique solution\n",
        "",
    )


def test_check_conflicts(capsys: pytest.CaptureFixture[str]) -> None:
    """Clashing givens are each described; the verdict is no solution; exit 1."""
    puzzle = "5...5...5" + LEETCODE[9:]  # r2c6 and r8c9 hold 5 too
    code, out, err = run(capsys, "check", puzzle)
    assert (code, err) == (1, "")
    assert out.splitlines() == [
        "givens: 30",
        "conflicts: 5",
        "  r1c1 and r1c5 both hold 5 in row 1",
        "  r1c1 and r1c9 both hold 5 in row 1",
        "  r1c5 and r1c9 both hold 5 in row 1",
        "  r1c5 and r2c6 both hold 5 in box 2",
        "  r1c9 and r8c9 both hold 5 in column 9",
        "verdict: no solution",
    ]


@pytest.mark.parametrize(
    ("puzzle", "verdict"),
    [(TWO_SOLUTIONS, "more than one solution"), (DEAD_END, "no solution")],
)
def test_check_not_unique_exits_1(
    capsys: pytest.CaptureFixture[str], puzzle: str, verdict: str
) -> None:
    """A puzzle without exactly one solution is a 'no' answer: exit 1."""
    code, out, _ = run(capsys, "check", puzzle)
    assert code == 1
    assert out.splitlines()[-1] == f"verdict: {verdict}"


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


X_WING = "98..62753.65..3...327.5...679..3.5...5...9...832.45..9673591428249.87..5518.2...7"
"""HoDoKu's X-Wing example (its "bf202" state, filled cells only): the next step is the
X-Wing on 1 in columns 1 and 5."""

NORVIG_HARDEST_1 = load_puzzles("hardest", 2)[1]
"""A puzzle the basic techniques cannot finish."""


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


def bench_file(tmp_path: Path, *puzzles: str) -> str:
    """A puzzle file for bench, one puzzle a line; its path as an argument."""
    path = tmp_path / "bench.txt"
    path.write_text("\n".join(puzzles) + "\n")
    return str(path)


def mean_nodes(line: str) -> float:
    """The mean guesses a bench line reports."""
    return float(line.split("nodes")[1].replace(",", ""))


def test_bench_fast_reports_one_stats_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """bench prints one line: strategy, count, puzzles/s, mean/median/p99/max ms, nodes."""
    puzzle = load_puzzles("top95", limit=1)[0]
    code, out, err = run(capsys, "bench", "--file", bench_file(tmp_path, puzzle))
    assert (code, err) == (0, "")
    (line,) = out.splitlines()
    assert line.split()[:3] == ["fast", "1", "puzzles"]
    assert all(word in line for word in ("/s", "mean", "median", "p99", "max", "ms"))
    assert mean_nodes(line) == analyze(puzzle, limit=1)["nodes"]


@pytest.mark.parametrize("strategy", ["naive", "mrv", "propagate"])
def test_bench_teaching_strategies_with_limit(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, strategy: str
) -> None:
    """--strategy times a teaching search; --limit keeps the first N puzzles; nodes are its own."""
    path = bench_file(tmp_path, LEETCODE, HARD_FOR_NAIVE)
    code, out, _ = run(capsys, "bench", "--file", path, "--strategy", strategy, "--limit", "1")
    assert code == 0
    (line,) = out.splitlines()
    assert line.split()[:3] == [strategy, "1", "puzzles"]
    *_, last = trace(LEETCODE, strategy)
    assert mean_nodes(line) == last["nodes"]


def test_bench_unsolved_puzzle_exits_1(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A puzzle the solver cannot solve is counted and makes the exit code 1."""
    code, out, _ = run(capsys, "bench", "--file", bench_file(tmp_path, LEETCODE, DEAD_END))
    assert code == 1
    assert out.splitlines()[-1] == "not solved: 1 of 2 puzzles"


def test_bench_bad_puzzle_names_its_number(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """An unreadable puzzle in the file: one stderr line naming it, exit 2, no stats."""
    path = bench_file(tmp_path, LEETCODE, TYPO)
    assert run(capsys, "bench", "--file", path) == (
        2,
        "",
        "sudoku: puzzle 2: r3c5: 'x' is not a digit\n",
    )


def test_bench_needs_a_file(capsys: pytest.CaptureFixture[str]) -> None:
    """bench without --file is a usage error."""
    code, out, err = run(capsys, "bench")
    assert (code, out) == (2, "")
    assert "--file" in err


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
    commands = ("solve", "count", "check", "trace", "render", "bench", "hint", "generate")
    assert all(name in out for name in commands)


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
    """Ctrl-C during a long trace ends it with exit 130 and no traceback."""
    with subprocess.Popen(
        [sys.executable, "-m", "sudoku", "trace", HARD_FOR_NAIVE],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as process:
        assert process.stdout is not None
        assert process.stdout.readline()  # it is running main() now
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=120)
        assert (process.returncode, err) == (130, "")


TOO_LONG = "input too long: more than 10000 characters"


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


def test_solve_skips_an_endless_line_in_bounded_reads(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A line too long is answered as such, skipped in bounded pieces; the next is solved."""
    feed(monkeypatch, f"{LEETCODE}\n{'1' * 100_000}\n{LEETCODE}\n")
    assert run(capsys, "solve") == (1, f"{SOLVED}\ninvalid: {TOO_LONG}\n{SOLVED}\n", "")


def test_solve_one_endless_line_is_too_long(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A single line past the cap, no line end: one answer, the input is too long."""
    feed(monkeypatch, "." * 100_000)
    assert run(capsys, "solve") == (1, f"invalid: {TOO_LONG}\n", "")


def test_solve_held_lines_are_answered_once_a_batch_shows(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Lines that are no puzzle alone wait; a whole puzzle after them makes each its own."""
    feed(monkeypatch, f"{TYPO}\n{LEETCODE[:80]}\n\n{LEETCODE}\n")
    code, out, _ = run(capsys, "solve")
    assert code == 1
    assert out.splitlines() == [
        "invalid: r3c5: 'x' is not a digit",
        "invalid: expected 81 cells, found 80",
        SOLVED,
    ]


def test_solve_holds_no_more_than_a_puzzle_may_have(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past 10,000 characters of held lines the input is a batch: each line is answered."""
    lines = [LEETCODE[:80]] * 200  # 81 characters a line with its end: 16,200 in all
    feed(monkeypatch, "\n".join(lines) + "\n")
    code, out, _ = run(capsys, "solve")
    assert code == 1
    assert out.splitlines() == ["invalid: expected 81 cells, found 80"] * 200


def test_solve_stdin_indented_json_is_one_puzzle(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """LeetCode JSON printed with indent spans many lines: still one puzzle."""
    feed(monkeypatch, json.dumps([list(LEETCODE[i : i + 9]) for i in range(0, 81, 9)], indent=2))
    assert run(capsys, "solve") == (0, SOLVED + "\n", "")


def test_bench_limit_reads_only_what_it_times(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """bench --limit 1 stops reading after the first puzzle: a bad byte later is never read."""
    path = tmp_path / "bench.txt"
    path.write_bytes(f"{LEETCODE}\n".encode() * 2000 + b"\xff\n")
    code, out, err = run(capsys, "bench", "--file", str(path), "--limit", "1")
    assert (code, err) == (0, "")
    assert out.split()[:2] == ["fast", "1"]


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


def test_solve_answers_each_line_as_it_is_read() -> None:
    """``yes PUZZLE | sudoku solve | head -3``: an answer per line while stdin stays open,
    then, the reader gone, the next answer ends the process quietly."""
    with sudoku_on_pipes("solve") as process:
        assert process.stdin is not None
        assert process.stderr is not None
        answers = head(process, 3)
        for _ in range(3):
            process.stdin.write(LEETCODE + "\n")
            process.stdin.flush()
            assert answers.get(timeout=60) == SOLVED + "\n"
        process.stdin.write(LEETCODE + "\n")  # answered into a closed pipe
        process.stdin.flush()
        assert process.wait(timeout=60) == 1
        assert process.stderr.read() == ""


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


def svg_root(text: str) -> ET.Element:
    """An SVG document's root element."""
    root = ET.fromstring(text)  # noqa: S314 (our own output)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    return root


def test_render_writes_a_step_as_svg(capsys: pytest.CaptureFixture[str]) -> None:
    """render --step N prints the core's SVG of step N; mrv's search as asked."""
    code, out, err = run(capsys, "render", LEETCODE, "--strategy", "mrv", "--step", "9")
    assert (code, err) == (0, "")
    assert out == render.svg(render.scene(LEETCODE, "mrv", 9))
    assert svg_root(out).findtext("{http://www.w3.org/2000/svg}title") == (
        "Sudoku Lab: mrv search, step 9"
    )


def test_render_reads_stdin_and_clamps_a_step_past_the_end(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without PUZZLE, render reads stdin; a step past the end shows the last step."""
    monkeypatch.setattr("sys.stdin", io.StringIO(LEETCODE_GRID))
    code, out, err = run(capsys, "render", "--strategy", "propagate", "--step", "1" + "0" * 18)
    assert (code, err) == (0, "")
    end = len(list(trace(LEETCODE, "propagate")))
    assert f'data-step="{end}" data-kind="solved"' in out


def test_render_steps_as_svg_is_a_storyboard(capsys: pytest.CaptureFixture[str]) -> None:
    """--steps A-B --every K with SVG: one storyboard of steps A, A+K, ... up to B."""
    code, out, err = run(capsys, "render", LEETCODE, "--steps", "3-70", "--every", "20")
    assert (code, err) == (0, "")
    assert out == render.storyboard(render.scenes(LEETCODE, "naive", 3, 70, 20))
    assert out.count('class="scene"') == 4


def test_render_gif_to_a_pipe_and_to_a_file(
    capsysbinary: pytest.CaptureFixture[bytes], tmp_path: Path
) -> None:
    """--format gif writes GIF bytes to stdout (not a terminal) or to --output, with
    --delay ms a frame; --output leaves stdout empty."""
    from PIL import Image

    code = main(["render", LEETCODE, "--steps", "0-9", "--format", "gif"])
    out, err = capsysbinary.readouterr()
    assert (code, err) == (0, b"")
    image = Image.open(io.BytesIO(out))
    assert (image.format, image.n_frames, image.info["duration"]) == ("GIF", 10, 400)
    path = tmp_path / "steps.gif"
    argv = ["render", LEETCODE, "--steps", "0-9", "--every", "3", "--format", "gif"]
    code = main([*argv, "--delay", "120", "--output", str(path)])
    assert (code, capsysbinary.readouterr()) == (0, (b"", b""))
    with Image.open(path) as image:
        assert (image.n_frames, image.info["duration"]) == (4, 120)


def test_render_svg_to_a_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """--output FILE gets the SVG, stdout nothing."""
    path = tmp_path / "step.svg"
    assert run(capsys, "render", LEETCODE, "--step", "4", "--output", str(path)) == (0, "", "")
    assert path.read_text(encoding="utf-8") == render.svg(render.scene(LEETCODE, "naive", 4))


def test_render_gif_is_not_written_to_a_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """GIF bytes on a terminal would garble it: one line saying what to do, exit 2."""
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    code, out, err = run(capsys, "render", LEETCODE, "--step", "1", "--format", "gif")
    assert (code, out) == (2, "")
    assert err == "sudoku: a GIF is not written to a terminal: use --output FILE, or a pipe\n"


def test_render_gif_without_pillow_says_how_to_get_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without Pillow: ``sudoku: GIF needs Pillow: pip install 'sudoku-lab[render]'``, exit 2."""
    for name in [name for name in sys.modules if name.split(".")[0] == "PIL"]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "PIL", None)
    code, out, err = run(capsys, "render", LEETCODE, "--steps", "0-3", "--format", "gif")
    assert (code, out) == (2, "")
    assert err == "sudoku: GIF needs Pillow: pip install 'sudoku-lab[render]'\n"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--steps", "5-2"], "argument --steps: expected steps from low to high, found '5-2'"),
        (["--steps", "7"], "argument --steps: expected steps A-B, whole numbers from 0"),
        (["--steps", "1-x"], "argument --steps: expected steps A-B"),
        (["--steps=-1-3"], "argument --steps: expected steps A-B"),
        (["--step", "-1"], "argument --step: expected a whole number from 0 to"),
        (["--steps", "0-9", "--every", "0"], "argument --every: expected a whole number"),
        (["--step", "3", "--steps", "0-9"], "argument --steps: not allowed with argument --step"),
        ([], "one of the arguments --step --steps is required"),
        (["--step", "3", "--every", "2"], "--every needs --steps A-B"),
        (["--step", "3", "--delay", "100"], "--delay is for --format gif"),
        (
            ["--step", "3", "--format", "gif", "--delay", "5"],
            "argument --delay: expected milliseconds from 20",
        ),
        (["--step", "3", "--format", "png"], "argument --format: invalid choice: 'png'"),
        (
            ["--steps", "0-60"],
            (
                "steps 0-60 make 61 boards, more than the 60 a storyboard shows: "
                "use --every 2 or more, or fewer steps"
            ),
        ),
        (
            ["--steps", "100-1000", "--every", "3"],
            (
                "steps 100-1000 make 301 boards, more than the 60 a storyboard shows: "
                "use --every 16 or more, or fewer steps"
            ),
        ),
        (
            ["--steps", "10-5009", "--every", "2", "--format", "gif"],
            (
                "steps 10-5009 make 2,500 frames, more than the 500 a GIF holds: "
                "use --every 10 or more, or fewer steps"
            ),
        ),
    ],
)
def test_render_bad_options_are_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    """Each bad range, number or mix of options: one line naming it on stderr, exit 2."""
    code, out, err = run(capsys, "render", LEETCODE, *argv)
    assert (code, out) == (2, "")
    assert err.startswith(f"sudoku: {message}")
    assert err.count("\n") == 1


def test_render_unwritable_output_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A file that cannot be written: one line naming it and why, exit 2."""
    path = tmp_path / "missing" / "step.svg"
    code, out, err = run(capsys, "render", LEETCODE, "--step", "1", "--output", str(path))
    assert (code, out) == (2, "")
    assert err == f"sudoku: cannot write {path}: No such file or directory\n"


def test_render_bad_puzzle_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    """An unreadable puzzle is the same one line as for the other commands."""
    assert run(capsys, "render", TYPO, "--step", "1") == (
        2,
        "",
        "sudoku: r3c5: 'x' is not a digit\n",
    )
