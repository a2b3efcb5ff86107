"""Conflicting givens as data and in words: which two cells, which digit, which unit."""

from __future__ import annotations

import re

import pytest
from support import LEETCODE

from sudoku.grid import EMPTY_GRID
from sudoku.validate import Conflict, conflicts, describe, givens

SOLVED = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
"""LeetCode 37's expected output for example 1: a valid full grid."""


def grid_with(**cells: str) -> str:
    """An empty grid holding the given digits, by cell name: ``grid_with(r1c1="5")``."""
    grid = list(EMPTY_GRID)
    for name, digit in cells.items():
        row, col = int(name[1]), int(name[3])
        grid[(row - 1) * 9 + col - 1] = digit
    return "".join(grid)


@pytest.mark.parametrize(
    ("grid", "expected", "words"),
    [
        pytest.param(
            grid_with(r1c1="5", r1c5="5"),
            Conflict(0, 4, "5", 0),
            "r1c1 and r1c5 both hold 5 in row 1",
            id="row",
        ),
        pytest.param(
            grid_with(r2c3="7", r9c3="7"),
            Conflict(11, 74, "7", 11),
            "r2c3 and r9c3 both hold 7 in column 3",
            id="column",
        ),
        pytest.param(
            grid_with(r7c7="9", r9c9="9"),
            Conflict(60, 80, "9", 26),
            "r7c7 and r9c9 both hold 9 in box 9",
            id="box",
        ),
        pytest.param(
            grid_with(r4c4="1", r4c6="1"),
            Conflict(30, 32, "1", 3),
            "r4c4 and r4c6 both hold 1 in row 4",
            id="row-and-box-names-the-row",
        ),
        pytest.param(
            grid_with(r5c8="2", r6c8="2"),
            Conflict(43, 52, "2", 16),
            "r5c8 and r6c8 both hold 2 in column 8",
            id="column-and-box-names-the-column",
        ),
    ],
)
def test_one_conflict_per_unit_kind(grid: str, expected: Conflict, words: str) -> None:
    """A clashing pair is reported once, in the first unit they share, and described."""
    assert conflicts(grid) == [expected]
    assert describe(expected) == words


def test_multiple_conflicts_are_sorted_by_cells() -> None:
    """Every clashing pair is listed, ordered by first then second cell."""
    grid = grid_with(r9c1="3", r9c9="3", r1c1="8", r1c2="8", r5c5="4", r5c1="4")
    assert conflicts(grid) == [
        Conflict(0, 1, "8", 0),
        Conflict(36, 40, "4", 4),
        Conflict(72, 80, "3", 8),
    ]


def test_three_equal_digits_in_a_unit_make_three_pairs() -> None:
    """Three 6s in a row are three clashing pairs, each pair once."""
    grid = grid_with(r3c1="6", r3c5="6", r3c9="6")
    assert [(c.first, c.second) for c in conflicts(grid)] == [(18, 22), (18, 26), (22, 26)]
    assert {c.unit for c in conflicts(grid)} == {2}


def test_equal_digits_that_are_not_peers_do_not_conflict() -> None:
    """The same digit in different rows, columns and boxes is fine."""
    assert conflicts(grid_with(r1c1="5", r2c4="5", r3c7="5")) == []


@pytest.mark.parametrize("grid", [EMPTY_GRID, LEETCODE, SOLVED], ids=["empty", "puzzle", "solved"])
def test_valid_grids_have_no_conflicts(grid: str) -> None:
    """No conflicts in an empty grid, a proper puzzle or a solved grid."""
    assert conflicts(grid) == []


def test_every_pair_in_a_grid_of_one_digit() -> None:
    """A grid of 81 ones clashes on every pair of peers: 81 * 20 / 2 pairs."""
    found = conflicts("1" * 81)
    assert len(found) == 810
    assert all(c.first < c.second and c.digit == "1" for c in found)
    assert found == sorted(found)


@pytest.mark.parametrize(
    ("grid", "message"),
    [
        (None, "expected a grid string of 81 characters, got NoneType"),
        (["5"] * 81, "expected a grid string of 81 characters, got list"),
        ("55", "expected 81 cells, got 2"),
        ("x" * 81, "r1c1: 'x' is not a digit 1-9 or '.'"),
        ("5" + "0" * 80, "r1c2: '0' is not a digit 1-9 or '.'"),
    ],
)
def test_a_malformed_grid_is_refused_naming_the_problem(grid: object, message: str) -> None:
    """conflicts and givens take a Grid: anything else is a ValueError that says why
    (not a TypeError, and not a list of "conflicts" between letters) (issue 11)."""
    for function in (conflicts, givens):
        with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
            function(grid)  # type: ignore[arg-type]


def test_conflict_fields_by_name() -> None:
    """A Conflict is a named tuple: first, second, digit, unit."""
    conflict = Conflict(first=0, second=4, digit="5", unit=0)
    assert (conflict.first, conflict.second, conflict.digit, conflict.unit) == (0, 4, "5", 0)


@pytest.mark.parametrize(
    ("grid", "count"), [(EMPTY_GRID, 0), (LEETCODE, 30), (SOLVED, 81), (grid_with(r1c1="1"), 1)]
)
def test_givens_counts_the_clues(grid: str, count: int) -> None:
    """givens() counts the cells that are not blank."""
    assert givens(grid) == count
