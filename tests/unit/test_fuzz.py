"""Hostile and pathological input for the core: the readers and the CLI never break.

Every input to ``parse`` is read correctly or refused with a ``PuzzleError`` whose one-line
message says what is wrong (never another exception, never a hang: text over the size cap
is refused before any work). The CLI gives the right verdict on the worst-case puzzles:
the empty grid, 16 givens, Norvig's hard1, a puzzle with no solution whose givens do not
clash (proved by search, and by an independent brute force here), a grid full of clashes.
"""

from __future__ import annotations

import sys
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import LEETCODE, solution_problems

from sudoku.cli import main
from sudoku.compat import DIGIT_ZEROS
from sudoku.formats import MAX_TEXT, PuzzleError, parse, to_json, to_line, to_pretty
from sudoku.grid import BLANK, DIGITS, EMPTY_GRID, PEERS, cell_name
from sudoku.solver import analyze, count_solutions, solve
from sudoku.validate import conflicts

HARD1 = ".....6....59.....82....8....45........3........6..3.54...325..6.................."
"""Norvig's hard1: few givens and more than one solution."""

SEVENTEEN = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."
"""The first puzzle of shared/puzzles/17_clue.txt: 17 givens, one solution."""

SIXTEEN = SEVENTEEN[:-4] + BLANK + SEVENTEEN[-3:]
"""SEVENTEEN without its last given (r9c6): 16 givens, which never fix one solution."""

HARDEST_LINE = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."
"""A puzzle of shared/puzzles/hardest.txt (one solution; its r8c6 is not 3)."""

NO_SOLUTION = HARDEST_LINE[:68] + "3" + HARDEST_LINE[69:]
"""HARDEST_LINE with a wrong 3 at r8c6 that clashes with no given: no solution, and the
fast solver needs guesses (search, not a glance) to prove it."""

ALL_ONES = "1" * 81
"""A grid full of clashes: every pair of peers holds the same digit."""

ZERO_FOR = {str(value): value for value in range(10)}
NUMERALS = [
    chr(code)
    for code in range(sys.maxunicode + 1)
    if unicodedata.category(chr(code)) == "Nd"
    and chr(code).isdecimal()
    and code - unicodedata.decimal(chr(code)) in DIGIT_ZEROS
]
"""Every decimal digit character Python knows (full-width, Arabic-Indic, Devanagari, ...),
up to the Unicode version of the core's table (``sudoku.compat``: CPython 3.11's)."""


def outcome(puzzle: object) -> tuple[str, str]:
    """``parse``'s answer: (grid, "") or ("", the PuzzleError's message); nothing else escapes."""
    try:
        return parse(puzzle), ""  # type: ignore[arg-type]
    except PuzzleError as error:
        return "", str(error)


def assert_read_or_refused(puzzle: object) -> tuple[str, str]:
    """``parse`` gives an 81-char Grid, or a non-empty one-line PuzzleError message."""
    grid, message = outcome(puzzle)
    if message:
        assert "\n" not in message
    else:
        assert len(grid) == 81
        assert set(grid) <= set(DIGITS + BLANK)
    return grid, message


# -- near-valid grids: a valid puzzle with one mutation ---------------------------------

grids = st.sampled_from([LEETCODE, HARD1, SEVENTEEN, NO_SOLUTION, EMPTY_GRID])
writers = st.sampled_from([to_line, to_pretty, to_json])


@given(grids, st.integers(0, 80), st.integers(0, 80))
def test_two_swapped_cells_read_as_swapped(grid: str, a: int, b: int) -> None:
    """A line with two cells swapped reads as exactly that swap."""
    cells = list(grid)
    cells[a], cells[b] = cells[b], cells[a]
    assert parse("".join(cells)) == "".join(cells)


@given(grids, st.integers(0, 80))
def test_a_dropped_or_doubled_cell_is_counted(grid: str, at: int) -> None:
    """One cell too few or too many in a line: the message gives the count found."""
    assert outcome(grid[:at] + grid[at + 1 :])[1] == "expected 81 cells, found 80"
    assert outcome(grid[:at] + grid[at] + grid[at:])[1] == "expected 81 cells, found 82"


@given(grids, st.integers(0, 8))
def test_a_dropped_or_added_row_is_named(grid: str, row: int) -> None:
    """A nine-line grid with a row missing or doubled says how many rows it has."""
    rows = [" ".join(grid[r * 9 : r * 9 + 9]) for r in range(9)]
    assert outcome("\n".join(rows[:row] + rows[row + 1 :]))[1] == "expected 9 rows, found 8"
    assert outcome("\n".join([*rows[:row], rows[row], *rows[row:]]))[1] == (
        "expected 9 rows, found 10"
    )


@given(grids, st.integers(0, 80), st.characters(exclude_categories=["Nd"]))
def test_a_foreign_character_in_a_cell_is_named_by_cell(grid: str, at: int, char: str) -> None:
    """A cell replaced by a character that is neither digit, blank, space nor art names it."""
    if char in ".-_*|+" or char.isspace() or "\u2500" <= char <= "\u257f":
        return  # blanks, grid art and whitespace are read by rule, tested elsewhere
    _, message = outcome(grid[:at] + char + grid[at + 1 :])
    assert message.startswith(f"{cell_name(at)}: ")
    assert message.endswith(" is not a digit")


@given(grids, writers, st.data())
def test_any_one_mutation_of_any_format_is_read_or_refused(
    grid: str, write: object, data: st.DataObject
) -> None:
    """Swap, drop, duplicate or insert one character, or move a line break: no other error."""
    text = write(grid)  # type: ignore[operator]
    at = data.draw(st.integers(0, len(text) - 1))
    other = data.draw(st.integers(0, len(text) - 1))
    char = data.draw(st.sampled_from([*"|+-\n ,[]\"'0.5\x00", "\uff15", "\u0663", "x"]))
    mutated = data.draw(
        st.sampled_from(
            [
                text[:at] + text[other] + text[at + 1 :],
                text[:at] + text[at + 1 :],
                text[:at] + text[at] + text[at:],
                text[:at] + char + text[at:],
                text.replace("\n", " ", 1)[:at] + "\n" + text[at:],
            ]
        )
    )
    assert_read_or_refused(mutated)


# -- huge, deep and hostile text ------------------------------------------------------


@settings(max_examples=25)
@given(st.text(min_size=1, max_size=30), st.integers(MAX_TEXT + 1, 20 * MAX_TEXT))
def test_text_over_the_cap_is_refused_with_the_documented_message(unit: str, size: int) -> None:
    """Anything longer than MAX_TEXT characters, even a valid puzzle padded, is refused."""
    text = (LEETCODE + unit * size)[:size]
    assert outcome(text)[1] == f"input too long: {size} characters (at most {MAX_TEXT})"


@pytest.mark.parametrize("size", [MAX_TEXT + 1, 10**6, 10**7])
def test_huge_input_is_refused_before_any_work(size: int) -> None:
    """Megabytes of brackets (deep nesting if read) are refused by length, not by reading."""
    _, message = outcome("[" * size)
    assert message == f"input too long: {size} characters (at most {MAX_TEXT})"


@given(st.integers(1, MAX_TEXT // 2), st.sampled_from(["[]", "{}", "()"]))
def test_deep_nesting_under_the_cap_is_refused(depth: int, pair: str) -> None:
    """Nesting up to the cap (JSON, dict or tuple literals) never overflows the stack."""
    _, message = outcome("[" + pair[0] * depth + pair[1] * depth + "]")
    assert message


def test_a_deeply_nested_list_passed_directly_is_refused() -> None:
    """A list nested 100,000 deep, handed to parse as an object, gets a PuzzleError."""
    board: list[object] = []
    for _ in range(100_000):
        board = [board]
    assert outcome(board)[1] == "expected 9 rows, found 1"


@pytest.mark.parametrize(
    "text",
    [
        "[open('{marker}', 'w')]",
        "[__import__('pathlib').Path('{marker}').touch()]",
        "[(lambda: open('{marker}', 'w'))()]",
        "[[x for x in [open('{marker}', 'w')]]]",
    ],
)
def test_code_in_a_list_literal_never_runs(text: str, tmp_path: Path) -> None:
    """Python code in list text is refused as a literal; its side effect never happens."""
    marker = tmp_path / "pwned"
    _, message = outcome(text.format(marker=marker.as_posix()))
    assert message.startswith("not a valid JSON or Python list")
    assert not marker.exists()


@pytest.mark.parametrize("digits", [5000, MAX_TEXT - 10])
def test_a_huge_number_in_a_list_is_refused(digits: int) -> None:
    """An integer of thousands of digits in a list is refused, not converted or printed."""
    assert assert_read_or_refused("[[" + "9" * digits + "]]")[1]


# -- unicode digits and NUL bytes -----------------------------------------------------


@given(grids, st.data())
def test_digits_of_any_script_read_as_their_value(grid: str, data: st.DataObject) -> None:
    """Each cell written in a random script's digits (zero as blank) reads as the grid."""
    by_value = {v: [c for c in NUMERALS if unicodedata.decimal(c) == v] for v in range(10)}
    cells = [data.draw(st.sampled_from(by_value[ZERO_FOR.get(c, 0)])) for c in grid]
    assert parse("".join(cells)) == grid


@pytest.mark.parametrize(
    ("zero", "name"),
    [("\uff10", "full-width"), ("\u0660", "Arabic-Indic"), ("\u0966", "Devanagari")],
)
def test_named_scripts_read_whole_puzzles(zero: str, name: str) -> None:
    """LeetCode's example in full-width, Arabic-Indic (like ٣) and Devanagari digits."""
    text = "".join(chr(ord(zero) + int(c)) if c in DIGITS else "." for c in LEETCODE)
    assert parse(text) == LEETCODE, name


@pytest.mark.parametrize("char", ["\u00b2", "\u00bd", "\u2167", "\u2460", "\U0001d7d9"])
def test_numeric_characters_that_are_not_decimal_digits_are_refused(char: str) -> None:
    """Superscript 2, one half, Roman eight, circled one: digit-like, not decimal: refused.

    (U+1D7D9, mathematical double-struck one, is a decimal digit and reads as 1.)"""
    grid, message = outcome(char + LEETCODE[1:])
    if char.isdecimal():
        assert grid == "1" + LEETCODE[1:]
    else:
        assert message == f"r1c1: {char!r} is not a digit"


@given(grids, st.integers(0, 80))
def test_a_nul_byte_in_a_cell_is_named(grid: str, at: int) -> None:
    """A NUL byte in place of a cell is refused at that cell, shown escaped."""
    assert outcome(grid[:at] + "\x00" + grid[at + 1 :])[1] == (
        f"{cell_name(at)}: '\\x00' is not a digit"
    )


@given(st.text(alphabet=st.characters(codec=None, categories=["Cc", "Cs", "Co", "Cn", "Zs"])))
def test_control_surrogate_and_unassigned_characters_are_read_or_refused(text: str) -> None:
    """NULs, lone surrogates, private-use and unassigned code points: read or refused."""
    assert_read_or_refused(text)


LITERAL_PIECES = [*"[]{}(),:'\"0123456789.-eE\\ux \n", "None", "True", "1e999", "0x1F"]


@given(st.lists(st.sampled_from(LITERAL_PIECES), max_size=60).map("".join))
def test_literal_like_text_is_read_or_refused(text: str) -> None:
    """Text made of JSON and Python literal pieces, after a '[', is read or refused."""
    assert_read_or_refused("[" + text)


# -- the worst-case puzzles, through the core and the CLI ------------------------------


def brute_force_count(grid: str, limit: int = 2) -> int:
    """Solutions of ``grid`` (up to ``limit``) by plain backtracking on the fewest candidates.

    Independent of sudoku.solver: only the peers table and the rule that peers differ."""
    cells = list(grid)

    def candidates(i: int) -> set[str]:
        return set(DIGITS) - {cells[p] for p in PEERS[i]}

    def count(wanted: int) -> int:
        open_cells = [i for i, c in enumerate(cells) if c == BLANK]
        if not open_cells:
            return 1
        cell = min(open_cells, key=lambda i: len(candidates(i)))
        found = 0
        for digit in sorted(candidates(cell)):
            cells[cell] = digit
            found += count(wanted - found)
            cells[cell] = BLANK
            if found >= wanted:
                break
        return found

    return count(limit)


def test_the_no_solution_puzzle_is_honest() -> None:
    """Its givens clash nowhere, every blank has a candidate, yet search finds no solution."""
    assert solve(HARDEST_LINE) is not None
    assert solve(HARDEST_LINE)[68] != "3"  # type: ignore[index]
    assert conflicts(NO_SOLUTION) == []
    assert all(
        set(DIGITS) - {NO_SOLUTION[p] for p in PEERS[i]}
        for i, c in enumerate(NO_SOLUTION)
        if c == BLANK
    )
    analysis = analyze(NO_SOLUTION)
    assert analysis["solutions"] == 0
    assert analysis["nodes"] > 0  # a glance (propagation alone) does not settle it
    assert brute_force_count(NO_SOLUTION) == 0


def two_checked_solutions(grid: str) -> tuple[str, str]:
    """Two different solutions of ``grid``, each confirmed by the independent checker.

    The second comes from fixing the first blank to another candidate digit and solving."""
    first = solve(grid) or ""
    cell = grid.index(BLANK)
    for digit in sorted(set(DIGITS) - {first[cell], *(grid[p] for p in PEERS[cell])}):
        second = solve(grid[:cell] + digit + grid[cell + 1 :])
        if second:
            assert solution_problems(grid, first) == solution_problems(grid, second) == []
            return first, second
    raise AssertionError(f"no second solution through {cell_name(cell)}")


def test_sixteen_givens_and_hard1_have_two_independently_checked_solutions() -> None:
    """16 givens and hard1: the solver counts 2, and two distinct solutions check out."""
    assert EMPTY_GRID.count(BLANK) - SIXTEEN.count(BLANK) == 16
    for grid in (SIXTEEN, HARD1):
        assert count_solutions(grid) == 2
        first, second = two_checked_solutions(grid)
        assert first != second


@pytest.mark.parametrize(
    ("puzzle", "verdict", "code"),
    [
        (EMPTY_GRID, "more than one solution", 1),
        (SIXTEEN, "more than one solution", 1),
        (HARD1, "more than one solution", 1),
        (NO_SOLUTION, "no solution", 1),
        (ALL_ONES, "no solution", 1),
        (SEVENTEEN, "unique solution", 0),
    ],
)
def test_cli_check_gives_each_worst_case_its_verdict(
    puzzle: str, verdict: str, code: int, capsys: pytest.CaptureFixture[str]
) -> None:
    """``sudoku check`` names the verdict of each worst case and exits 0 only for unique."""
    assert main(["check", puzzle]) == code
    assert capsys.readouterr().out.splitlines()[-1] == f"verdict: {verdict}"


@pytest.mark.parametrize(
    ("puzzle", "printed"),
    [
        (EMPTY_GRID, "2 (stopped at the limit of 2: there may be more)"),
        (SIXTEEN, "2 (stopped at the limit of 2: there may be more)"),
        (HARD1, "2 (stopped at the limit of 2: there may be more)"),
        (NO_SOLUTION, "0 (no solution)"),
        (ALL_ONES, "0 (no solution)"),
    ],
)
def test_cli_count_on_each_worst_case(
    puzzle: str, printed: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``sudoku count`` stops at the limit for many solutions and proves none for the rest."""
    assert main(["count", puzzle]) == 0
    assert capsys.readouterr().out.strip() == printed


def test_cli_check_lists_every_clash_of_a_grid_full_of_them(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """All ones: one line per clashing pair of peers (81 cells x 20 peers / 2), by cell."""
    assert main(["check", ALL_ONES]) == 1
    out = capsys.readouterr().out
    assert "conflicts: 810" in out
    assert "  r1c1 and r1c2 both hold 1 in row 1" in out


def test_cli_solve_refuses_clashes_and_says_no_solution(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``sudoku solve`` names the first clash of a clashing grid, and 'no solution' else."""
    assert main(["solve", ALL_ONES]) == 1
    assert capsys.readouterr().out.strip() == "invalid: r1c1 and r1c2 both hold 1 in row 1"
    assert main(["solve", NO_SOLUTION]) == 1
    assert capsys.readouterr().out.strip() == "no solution"


@pytest.mark.parametrize("text", ["<img src=x onerror=alert(1)>", "\x00" * 81, "[" * 20_000])
def test_cli_refuses_hostile_text_in_one_line(
    text: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Markup, NULs and huge brackets: exit 2 with one ``sudoku:`` line, no traceback."""
    assert main(["check", text]) == 2
    err = capsys.readouterr().err
    assert err.startswith("sudoku: ")
    assert err.count("\n") == 1
