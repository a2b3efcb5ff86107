"""The logical steps (src/sudoku/logic.py): each technique on a textbook state, the exact
step and sentence; every step of every path on real puzzles agrees with the solution and
is justified by its own rule, restated here; levels; refusals.

The rules are restated in this file (units, candidates, what each technique may remove)
instead of asked of the package, so that a wrong finder cannot pass by agreeing with itself.
"""

from __future__ import annotations

import functools
import os
from typing import Any

import pytest
from support import EASY, LEETCODE, load_puzzles

from sudoku import logic, proper, solver
from sudoku.chains import x_chain, xy_chain
from sudoku.formats import PuzzleError
from sudoku.logic import (
    FINDERS,
    LEVEL_TOPS,
    TENTHS,
    Step,
    apply_step,
    ending,
    first_step,
    hidden_subset,
    marks_of,
    naked_subset,
    next_step,
    only_solution,
    rate,
    rating_walk,
    say,
    solve_path,
    wrong_entry,
)
from sudoku.patterns import (
    bug_plus_one,
    empty_rectangle,
    fish,
    simple_colouring,
    skyscraper,
    two_string_kite,
    unique_rectangle,
    w_wing,
    xy_wing,
    xyz_wing,
)
from sudoku.solver import analyze, solve
from sudoku.words import LEVELS, TECHNIQUES

ROWS = [[9 * r + c for c in range(9)] for r in range(9)]
COLS = [[9 * r + c for r in range(9)] for c in range(9)]
BOXES = [
    [9 * r + c for r in range(br, br + 3) for c in range(bc, bc + 3)]
    for br in (0, 3, 6)
    for bc in (0, 3, 6)
]
UNITS = ROWS + COLS + BOXES
"""Units numbered as the package numbers them: rows 0-8, columns 9-17, boxes 18-26."""

ALL = "123456789"


def cell(name: str) -> int:
    """The index of ``r{row}c{col}``."""
    return 9 * (int(name[1]) - 1) + int(name[3]) - 1


def cells(*names: str) -> tuple[int, ...]:
    """The indices of these cell names."""
    return tuple(cell(name) for name in names)


def open_marks() -> list[str]:
    """An empty grid's marks with every candidate: nothing to find until a test removes some."""
    return [ALL] * 81


def drop(marks: list[str], digit: str, where: list[int] | tuple[int, ...]) -> None:
    """Take ``digit`` out of the marks of ``where``."""
    for index in where:
        marks[index] = marks[index].replace(digit, "")


def only(marks: list[str], digit: str, unit: list[int], keep: tuple[int, ...]) -> None:
    """Leave ``digit`` in ``unit`` only at ``keep``."""
    drop(marks, digit, [index for index in unit if index not in keep])


def pairs(digit: str, *names: str) -> tuple[tuple[int, str], ...]:
    """Eliminations of one digit from these cells, in the package's order."""
    return tuple((index, digit) for index in sorted(cells(*names)))


# --- each technique on a textbook state ----------------------------------------------------


def test_naked_single() -> None:
    """A blank with one candidate left: placed, in the sentence the issue asks for."""
    marks = open_marks()
    marks[cell("r5c5")] = "4"
    step = first_step(marks)
    assert step == Step("naked single", ((40, "4"),), (), (40,), (), ("4",), 23, ())
    assert say(step) == "naked single: r5c5 = 4 (the only candidate left for r5c5)"


def test_hidden_single_looks_in_boxes_first() -> None:
    """7 has one place in box 2 (and in row 3): the box is named, as people look there first."""
    marks = open_marks()
    only(marks, "7", BOXES[1], cells("r3c5"))
    only(marks, "7", ROWS[2], cells("r3c5"))
    step = first_step(marks)
    assert step == Step("hidden single", ((22, "7"),), (), (22,), (19,), ("7",), 12, ())
    assert say(step) == "hidden single: r3c5 = 7 (the only place for 7 in box 2)"


def test_hidden_single_in_a_row() -> None:
    """With no box single, a row's single is found and the row named."""
    marks = open_marks()
    only(marks, "7", ROWS[2], cells("r3c5"))
    assert say(first_step(marks)) == "hidden single: r3c5 = 7 (the only place for 7 in row 3)"


def test_pointing() -> None:
    """Box 1 holds 5 only in row 2: 5 leaves the rest of row 2."""
    marks = open_marks()
    only(marks, "5", BOXES[0], cells("r2c2", "r2c3"))
    drop(marks, "5", cells("r2c4", "r2c5", "r2c6", "r2c9"))
    step = first_step(marks)
    gone = pairs("5", "r2c7", "r2c8")
    assert step == Step("pointing", (), gone, cells("r2c2", "r2c3"), (18, 1), ("5",), 26, ())
    assert say(step) == "pointing: remove 5 from r2c7, r2c8 (box 1 holds 5 only in row 2)"


def test_claiming() -> None:
    """Row 2 holds 5 only in box 1: 5 leaves the rest of box 1."""
    marks = open_marks()
    only(marks, "5", ROWS[1], cells("r2c2", "r2c3"))
    step = first_step(marks)
    gone = pairs("5", "r1c1", "r1c2", "r1c3", "r3c1", "r3c2", "r3c3")
    assert step == Step("claiming", (), gone, cells("r2c2", "r2c3"), (1, 18), ("5",), 28, ())
    assert say(step) == (
        "claiming: remove 5 from r1c1, r1c2, r1c3, r3c1, r3c2, r3c3 (row 2 holds 5 only in box 1)"
    )


def test_naked_pair() -> None:
    """r1c1 and r1c4 hold only 1 and 8: both digits leave the rest of row 1."""
    marks = open_marks()
    marks[cell("r1c1")] = marks[cell("r1c4")] = "18"
    step = first_step(marks)
    rest = ("r1c2", "r1c3", "r1c5", "r1c6", "r1c7", "r1c8", "r1c9")
    assert step == Step(
        "naked pair",
        (),
        pairs("1", *rest) + pairs("8", *rest),
        cells("r1c1", "r1c4"),
        (0,),
        ("1", "8"),
        30,
        (),
    )
    assert say(step) == (
        "naked pair: remove 1 from r1c2, r1c3, r1c5, r1c6, r1c7, r1c8, r1c9; "
        "remove 8 from r1c2, r1c3, r1c5, r1c6, r1c7, r1c8, r1c9 "
        "(r1c1 and r1c4 hold only 1 and 8 in row 1)"
    )


def test_hidden_pair() -> None:
    """Row 1 holds 1 and 8 only in r1c1 and r1c5: every other digit leaves those two."""
    marks = open_marks()
    for digit in "18":
        only(marks, digit, ROWS[0], cells("r1c1", "r1c5"))
    marks[cell("r1c5")] = "1489"
    step = first_step(marks)
    gone = tuple(
        (index, d) for d in "2345679" for index in cells("r1c1", "r1c5") if d in marks[index]
    )
    assert step == Step("hidden pair", (), gone, cells("r1c1", "r1c5"), (0,), ("1", "8"), 34, ())
    assert say(step) == (
        "hidden pair: remove 2 from r1c1; remove 3 from r1c1; remove 4 from r1c1, r1c5; "
        "remove 5 from r1c1; remove 6 from r1c1; remove 7 from r1c1; remove 9 from r1c1, r1c5 "
        "(row 1 holds 1 and 8 only in r1c1 and r1c5)"
    )


def test_naked_triple() -> None:
    """Three cells of row 5 hold only 1, 2 and 3 between them (no two a pair)."""
    marks = open_marks()
    marks[cell("r5c1")], marks[cell("r5c5")], marks[cell("r5c9")] = "12", "23", "13"
    step = first_step(marks)
    rest = ("r5c2", "r5c3", "r5c4", "r5c6", "r5c7", "r5c8")
    assert step is not None
    assert step.technique == "naked triple"
    assert step.eliminations == pairs("1", *rest) + pairs("2", *rest) + pairs("3", *rest)
    assert (step.cells, step.units, step.digits) == (
        cells("r5c1", "r5c5", "r5c9"),
        (4,),
        ("1", "2", "3"),
    )
    assert say(step).endswith("(r5c1, r5c5 and r5c9 hold only 1, 2 and 3 in row 5)")


def test_hidden_triple() -> None:
    """Row 9 holds 1, 2 and 3 only in r9c2, r9c5 and r9c8: other digits leave those cells."""
    marks = open_marks()
    for digit in "123":
        only(marks, digit, ROWS[8], cells("r9c2", "r9c5", "r9c8"))
    step = first_step(marks)
    where = cells("r9c2", "r9c5", "r9c8")
    assert step == Step(
        "hidden triple",
        (),
        tuple((index, d) for d in "456789" for index in where),
        where,
        (8,),
        ("1", "2", "3"),
        40,
        (),
    )
    assert say(step).endswith("(row 9 holds 1, 2 and 3 only in r9c2, r9c5 and r9c8)")


def test_x_wing_in_rows() -> None:
    """Rows 3 and 8 hold 5 only in columns 2 and 7: 5 leaves the rest of both columns."""
    marks = open_marks()
    only(marks, "5", ROWS[2], cells("r3c2", "r3c7"))
    only(marks, "5", ROWS[7], cells("r8c2", "r8c7"))
    step = first_step(marks)
    corners = cells("r3c2", "r3c7", "r8c2", "r8c7")
    gone = tuple((index, "5") for index in sorted(COLS[1] + COLS[6]) if index not in corners)
    assert step == Step("x-wing", (), gone, corners, (2, 7, 10, 15), ("5",), 32, ())
    assert say(step).endswith("(rows 3 and 8 hold 5 only in columns 2 and 7)")
    assert say(step).startswith("x-wing: remove 5 from r1c2, r1c7, r2c2, r2c7, r4c2, ")


def test_swordfish() -> None:
    """Rows 1, 5 and 9 hold 5 only in columns 1, 5 and 9 (two places each, no x-wing):
    5 leaves the rest of those columns."""
    marks = open_marks()
    only(marks, "5", ROWS[0], cells("r1c1", "r1c5"))
    only(marks, "5", ROWS[4], cells("r5c5", "r5c9"))
    only(marks, "5", ROWS[8], cells("r9c1", "r9c9"))
    step = fish(3)(marks)
    corners = cells("r1c1", "r1c5", "r5c5", "r5c9", "r9c1", "r9c9")
    gone = tuple((i, "5") for i in sorted(COLS[0] + COLS[4] + COLS[8]) if i not in corners)
    gone = tuple(p for p in gone if "5" in marks[p[0]])
    assert step == Step("swordfish", (), gone, corners, (0, 4, 8, 9, 13, 17), ("5",), 38, ())
    assert say(step).endswith("(rows 1, 5 and 9 hold 5 only in columns 1, 5 and 9)")


def test_jellyfish() -> None:
    """Rows 1, 3, 5 and 7 hold 5 only in columns 2, 4, 6 and 8, in a ring (no smaller
    fish): 5 leaves the rest of those four columns."""
    marks = open_marks()
    for row, places in ((0, "r1c2 r1c4"), (2, "r3c4 r3c6"), (4, "r5c6 r5c8"), (6, "r7c2 r7c8")):
        only(marks, "5", ROWS[row], cells(*places.split()))
    assert fish(2)(marks) is None
    assert fish(3)(marks) is None
    step = fish(4)(marks)
    assert step is not None
    assert step.units == (0, 2, 4, 6, 10, 12, 14, 16)
    assert step.rating == 52
    assert {i for i, _ in step.eliminations} == {
        i for c in (1, 3, 5, 7) for i in COLS[c] if i // 9 in {1, 3, 5, 7, 8}
    }
    assert say(step).endswith("(rows 1, 3, 5 and 7 hold 5 only in columns 2, 4, 6 and 8)")


def test_naked_and_hidden_quads() -> None:
    """Four cells of row 5 holding only 1-4 between them (no pair or triple): 1-4 leave
    the rest of the row; row 1 holding 1-4 only in four cells: other digits leave those."""
    marks = open_marks()
    for name, digits in (("r5c1", "12"), ("r5c2", "23"), ("r5c3", "34"), ("r5c4", "14")):
        marks[cell(name)] = digits
    step = naked_subset(4)(marks)
    assert step is not None
    assert (step.technique, step.cells, step.digits, step.rating) == (
        "naked quad",
        cells("r5c1", "r5c2", "r5c3", "r5c4"),
        ("1", "2", "3", "4"),
        50,
    )
    assert say(step).endswith("(r5c1, r5c2, r5c3 and r5c4 hold only 1, 2, 3 and 4 in row 5)")
    marks = open_marks()
    for digit, places in (
        ("1", "r1c1 r1c3"),
        ("2", "r1c3 r1c5"),
        ("3", "r1c5 r1c7"),
        ("4", "r1c7 r1c1"),
    ):
        only(marks, digit, ROWS[0], cells(*places.split()))
    step = hidden_subset(4)(marks)
    quad = cells("r1c1", "r1c3", "r1c5", "r1c7")
    assert step == Step(
        "hidden quad", (), tuple((i, d) for d in "56789" for i in quad), quad, (0,),
        ("1", "2", "3", "4"), 54, (),
    )  # fmt: skip


def test_xy_wing() -> None:
    """Pivot r5c5 (1 or 2), pincers r2c5 (2 or 3) and r5c1 (1 or 3): one pincer is 3, so
    3 leaves r2c1, which sees both."""
    marks = open_marks()
    marks[cell("r5c5")], marks[cell("r2c5")], marks[cell("r5c1")] = "12", "23", "13"
    step = xy_wing(marks)
    assert step == Step(
        "xy-wing", (), ((cell("r2c1"), "3"),), cells("r5c5", "r2c5", "r5c1"), (), ("3",), 42,
        ((40, "12"), (13, "23"), (36, "13")),
    )  # fmt: skip
    assert say(step) == (
        "xy-wing: remove 3 from r2c1 (r5c5 is 2 or 1: if 2, r2c5 is 3; if 1, r5c1 is 3)"
    )


def test_xyz_wing() -> None:
    """Pivot r5c5 (1, 2 or 3), pincers r5c1 (1 or 3) and r4c5 (2 or 3): one of the three is
    3, so 3 leaves r5c4 and r5c6, which see all three."""
    marks = open_marks()
    marks[cell("r5c5")], marks[cell("r5c1")], marks[cell("r4c5")] = "123", "13", "23"
    step = xyz_wing(marks)
    assert step is not None
    assert step.eliminations == pairs("3", "r5c4", "r5c6")
    assert step.cells == cells("r5c5", "r4c5", "r5c1")
    assert say(step).endswith(
        "(r5c5 holds only 1, 2 and 3, r4c5 and r5c1 each 3 and one of them: one of the three is 3)"
    )


def test_w_wing() -> None:
    """r1c1 and r5c9 hold only 1 and 2; row 9 holds 1 only in r9c1 and r9c9, one below
    each: they are not both 1, so one is 2, and 2 leaves r1c9 and r5c1."""
    marks = open_marks()
    marks[cell("r1c1")] = marks[cell("r5c9")] = "12"
    only(marks, "1", ROWS[8], cells("r9c1", "r9c9"))
    step = w_wing(marks)
    assert step == Step(
        "w-wing", (), pairs("2", "r1c9", "r5c1"), cells("r1c1", "r5c9", "r9c1", "r9c9"), (8,),
        ("2", "1"), 71, (),
    )  # fmt: skip
    assert say(step).endswith(
        "(r1c1 and r5c9 hold only 1 and 2; 1's places in row 9, r9c1 and r9c9, see one each:"
        " they are not both 1, so one is 2)"
    )


def test_skyscraper() -> None:
    """Columns 1 and 3 hold 6 in two places each, both ends in row 7: r1c1 or r2c3 is 6,
    so 6 leaves the cells of box 1 seeing both."""
    marks = open_marks()
    only(marks, "6", COLS[0], cells("r1c1", "r7c1"))
    only(marks, "6", COLS[2], cells("r2c3", "r7c3"))
    step = skyscraper(marks)
    assert step == Step(
        "skyscraper", (), pairs("6", "r1c2", "r2c2", "r3c2"),
        cells("r7c1", "r1c1", "r7c3", "r2c3"), (9, 11), ("6",), 40, (),
    )  # fmt: skip
    assert say(step).endswith(
        "(6's only places in column 1 are r7c1 and r1c1, in column 3 r7c3 and r2c3;"
        " r7c1 and r7c3 are not both 6, so r1c1 or r2c3 is)"
    )


def test_two_string_kite() -> None:
    """Row 1 holds 7 only in r1c2 and r1c8, column 1 only in r3c1 and r8c1; r1c2 and r3c1
    share box 1: r1c8 or r8c1 is 7, so 7 leaves r8c8."""
    marks = open_marks()
    only(marks, "7", ROWS[0], cells("r1c2", "r1c8"))
    only(marks, "7", COLS[0], cells("r3c1", "r8c1"))
    step = two_string_kite(marks)
    assert step == Step(
        "two-string kite", (), pairs("7", "r8c8"), cells("r1c2", "r1c8", "r3c1", "r8c1"),
        (0, 9), ("7",), 41, (),
    )  # fmt: skip


def test_empty_rectangle() -> None:
    """Box 5 holds 8 only in row 5 and column 5; column 8 holds 8 only in r5c8 and r1c8:
    if r1c5 held 8, r5c8 would, and box 5 would have no place for 8."""
    marks = open_marks()
    drop(marks, "8", cells("r4c4", "r4c6", "r6c4", "r6c6"))
    only(marks, "8", COLS[7], cells("r1c8", "r5c8"))
    step = empty_rectangle(marks)
    box = cells("r4c5", "r5c4", "r5c5", "r5c6", "r6c5")
    assert step == Step(
        "empty rectangle", (), pairs("8", "r1c5"), box + cells("r5c8", "r1c8"), (22, 4, 13, 16),
        ("8",), 43, (),
    )  # fmt: skip
    assert say(step).endswith(
        "(box 5 holds 8 only in row 5 and column 5; column 8 holds 8 only in r5c8 and r1c8:"
        " else r5c8 would be 8 and box 5 would have no place for it)"
    )


def test_unique_rectangle() -> None:
    """r1c1, r1c4 and r3c1 hold only 1 and 2 (rows 1 and 3, columns 1 and 4, two boxes):
    r3c4 holding either would let the four swap them, so it holds neither."""
    marks = open_marks()
    for name in ("r1c1", "r1c4", "r3c1"):
        marks[cell(name)] = "12"
    marks[cell("r3c4")] = "1249"
    step = unique_rectangle(marks)
    assert step == Step(
        "unique rectangle", (), ((cell("r3c4"), "1"), (cell("r3c4"), "2")),
        cells("r1c1", "r1c4", "r3c1", "r3c4"), (), ("1", "2"), 45, (),
    )  # fmt: skip
    assert say(step) == (
        "unique rectangle: remove 1 from r3c4; remove 2 from r3c4 (r1c1, r1c4 and r3c1 hold"
        " only 1 and 2: if r3c4 held either, the four corners could swap 1 and 2 and the"
        " puzzle would have two solutions)"
    )


def test_simple_colouring_trap() -> None:
    """9's conjugate pairs in row 2, column 1 and column 9 colour r2c1 and r8c9 against
    r2c9 and r7c1: one side is 9, so cells seeing both sides lose it."""
    marks = open_marks()
    only(marks, "9", ROWS[1], cells("r2c1", "r2c9"))
    only(marks, "9", COLS[0], cells("r2c1", "r7c1"))
    only(marks, "9", COLS[8], cells("r2c9", "r8c9"))
    step = simple_colouring(marks)
    assert step is not None
    assert step.eliminations == pairs("9", "r7c7", "r7c8", "r8c2", "r8c3")
    assert step.links == tuple(
        zip(cells("r2c1", "r8c9", "r2c9", "r7c1"), (0, 0, 1, 1), strict=True)
    )
    assert say(step).endswith(
        "(9's conjugate pairs link r2c1 and r8c9 against r2c9 and r7c1: one side holds 9)"
    )


def test_simple_colouring_wrap() -> None:
    """A colour twice in one unit is the false one: 4 leaves every cell of it."""
    marks = open_marks()
    only(marks, "4", ROWS[0], cells("r1c1", "r1c9"))
    only(marks, "4", COLS[0], cells("r1c1", "r5c1"))
    only(marks, "4", COLS[8], cells("r1c9", "r4c9"))
    only(marks, "4", ROWS[3], cells("r4c9", "r4c2"))
    step = simple_colouring(marks)
    assert step is not None  # r5c1 and r4c2 share box 4 and both follow from r1c1 not 4
    assert step.eliminations == pairs("4", "r4c2", "r5c1", "r1c9")


def test_x_chain() -> None:
    """3 in r1c1 or r1c4 (row 1), r2c5 or r8c5 (column 5), r8c8 or r5c8 (column 8), each
    pair's second end a peer of the next pair's first: r1c1 or r5c8 is 3."""
    marks = open_marks()
    only(marks, "3", ROWS[0], cells("r1c1", "r1c4"))
    only(marks, "3", COLS[4], cells("r2c5", "r8c5"))
    only(marks, "3", COLS[7], cells("r8c8", "r5c8"))
    only(marks, "3", ROWS[7], cells("r8c5", "r8c8"))
    step = x_chain(marks)
    assert step is not None
    assert step.cells == cells("r1c1", "r1c4", "r2c5", "r8c5", "r8c8", "r5c8")
    assert step.eliminations == pairs("3", "r5c1")
    assert step.rating == 67
    assert say(step) == (
        "x-chain: remove 3 from r5c1 (if r1c1 is not 3, r1c4 is, so r2c5 is not, r8c5 is,"
        " so r8c8 is not, r5c8 is)"
    )


def test_xy_chain() -> None:
    """r1c1 (1 or 2), r1c5 (2 or 3), r5c5 (3 or 4), r5c9 (4 or 1): if r1c1 is not 1, r5c9
    is, so 1 leaves r1c9 and r5c1."""
    marks = open_marks()
    for name, digits in (("r1c1", "12"), ("r1c5", "23"), ("r5c5", "34"), ("r5c9", "14")):
        marks[cell(name)] = digits
    step = xy_chain(marks)
    assert step is not None
    assert step.eliminations == pairs("1", "r1c9", "r5c1")
    assert say(step).endswith("(if r1c1 is not 1 it is 2, r1c5 is 3, r5c5 is 4, r5c9 is 1)")


BUG_STATE = (
    "1...78..3.6.3.17...73..5..12157..89...758213..38.1.5273218.647...91273687864...1.",
    (
        "- 59 24 26 - - 69 45 - 58 - 24 - 49 - - 58 29 89 - - 29 46 - 26 48 - - - - - 36 34 - - 46"
        " 469 49 - - - - - - 46 46 - - 69 - 49 - - - - - - - 59 - - - 59 45 45 - - - - - - - - - -"
        " - 35 39 29 - 25"
    ),
)
"""A state on top95's path (puzzle 77) where every blank holds two candidates but r5c1:
the grid, then each cell's marks (``-`` for a filled cell)."""


def state(grid_and_marks: tuple[str, str]) -> tuple[str, list[str]]:
    """A grid and its marks from the text above."""
    grid, marks = grid_and_marks
    return grid, [m.replace("-", "") for m in marks.split()]


def test_bug_plus_one() -> None:
    """r5c1 holds 4, 6 and 9; its row, column and box hold 4 three times: without 4 there
    the grid would be a deadly pattern, so r5c1 is 4."""
    grid, marks = state(BUG_STATE)
    step = bug_plus_one(marks)
    assert step == Step("bug+1", ((36, "4"),), (), (36,), (4, 9, 21), ("4",), 56, ())
    assert say(step) == (
        "bug+1: r5c1 = 4 (every other blank holds two candidates, and without 4 r5c1 would"
        " too: a deadly pattern with two solutions)"
    )
    assert solve(grid)[36] == "4"  # type: ignore[index]


CHAIN_STATE = (
    "12..4...9..5.69.1...9...5..9.2....757...52.9.53..9...2.9.6.4.5.4..9..8.1..3...9.4",
    (
        "- - 678 3578 - 3578 367 38 - 38 478 - 2378 - - 24 - 378 368 4678 - 12378 12378 1378 - 24"
        " 678 - 168 - 1348 138 1368 1346 - - - 168 148 1348 - - 1346 - 368 - - 1468 1478 - 1678"
        " 146 48 - 28 - 18 - 1238 - 237 - 37 - 567 67 - 237 357 - 236 - 268 15678 - 12578"
        " 1278 1578 - 26 -"
    ),
)
"""A state on the path of Norvig's hardest #3 where no technique but a chain applies."""


def test_contradiction_chain() -> None:
    """The shortest chain: if r1c7 were 3, column 7's only place for 7 and column 8's for
    3 would leave r7c9 no candidate. Every other technique has nothing here."""
    grid, marks = state(CHAIN_STATE)
    solution = solve(grid)
    assert solution is not None
    assert first_step(marks, FINDERS, solution, last_resort=False) is None
    step = first_step(marks, solution=solution)
    assert step is not None
    assert step.links == (
        ("assume", 6, "3", -1, ()),
        ("hidden single", 60, "7", 15, ()),
        ("hidden single", 70, "3", 16, ()),
        ("no candidate", 62, "", -1, ()),
    )
    assert (step.eliminations, step.rating) == (((6, "3"),), 86)
    assert say(step) == (
        "contradiction chain: remove 3 from r1c7 (if r1c7 were 3: r7c7 = 7 (only place in"
        " column 7), r8c8 = 3 (only place in column 8), then r7c9 has no candidate left;"
        " so r1c7 is not 3)"
    )
    assert rule_eliminations(step, marks) == {(6, "3")}


SPLIT_STATE = (
    "..53.....8...5..2..7..1.5..4....53...1..73..6..32...8..6.5....9..4....3......97..",
    (
        "1269 249 - - 24689 24678 14689 1679 1478 - 349 169 4679 - 467 1469 - 1347 2369 - 269 4689"
        " - 2468 - 469 348 - 289 67 1689 689 - - 179 127 259 - 289 489 - - 249 459 - 67 59 - - 469"
        " 146 149 - 1457 1237 - 1278 - 2348 12478 1248 14 - 12579 2589 - 1678 268 12678 1268 - 1258"
        " 1235 238 128 1468 23468 - - 1456 12458"
    ),
)
"""A state on the path of Norvig's hardest #2 where singles alone refute nothing."""


def test_a_chain_splits_when_singles_stall() -> None:
    """No candidate's singles break a rule here: the chain splits (r1c1 is 1 or 6), each
    branch breaking one; rated a level higher; the replay here checks every link."""
    grid, marks = state(SPLIT_STATE)
    solution = solve(grid)
    assert solution is not None
    step = first_step(marks, solution=solution)
    assert step is not None
    assert step.technique == "contradiction chain"
    assert [link[0] for link in step.links].count("split") == 1
    assert 95 <= step.rating < 105
    assert rule_eliminations(step, marks) == set(step.eliminations)
    assert ", then r1c1 is 1 or 6: [if 1: " in say(step)
    assert say(step).endswith("], none holds; so r1c2 is not 9)")


def test_a_wrong_entry_is_named_first() -> None:
    """An entry the solution does not hold is named (the first in reading order), as a
    step of its own; right entries, or none, give None; a changed given is refused."""
    solution = solve(EASY)
    assert solution is not None
    blanks = [i for i in range(81) if EASY[i] == "."]
    right = "".join(solution[i] if i in blanks[:10] else EASY[i] for i in range(81))
    assert wrong_entry(EASY, right) is None
    assert wrong_entry(EASY, EASY) is None
    bad_cell = blanks[3]
    bad = str(int(solution[bad_cell]) % 9 + 1)
    board = right[:bad_cell] + bad + right[bad_cell + 1 :]
    step = wrong_entry(EASY, board)
    assert step == Step("wrong entry", (), (), (bad_cell,), (), (bad,), 00, ())
    name = f"r{bad_cell // 9 + 1}c{bad_cell % 9 + 1}"
    assert say(step) == (
        f"wrong entry: erase {name} ({name} holds {bad}, but the puzzle's solution has"
        " another digit there)"
    )
    given = next(i for i in range(81) if EASY[i] != ".")
    changed = EASY[:given] + "." + EASY[given + 1 :]
    with pytest.raises(ValueError, match="changes the given"):
        wrong_entry(EASY, changed)


HODOKU_X_WING = """
9 8 14 | 14    6  2 | 7     5      3
14 6 5 | 14789 17 3 | 1289  1489   124
3 2 7  | 1489  5 48 | 189   1489   6
7 9 146 | 1268 3 68 | 5     1468   124
14 5 146 | 12678 17 9 | 12368 134678 124
8 3 2  | 167   4  5 | 16    167    9
6 7 3  | 5     9  1 | 4     2      8
2 4 9  | 36    8  7 | 136   136    5
5 1 8  | 346   2 46 | 369   369    7
"""
"""HoDoKu's X-Wing example (hodoku.sourceforge.net, "bf202"): the candidates shown there,
a single digit being a filled cell."""


def test_x_wing_of_a_known_puzzle() -> None:
    """HoDoKu's textbook X-Wing (1 in columns 1 and 5, rows 2 and 5) is the next step, with
    the very eliminations HoDoKu shows; the grid alone (no marks) gives the same step."""
    found = [c for c in HODOKU_X_WING.split() if c != "|"]
    grid = "".join(c if len(c) == 1 else "." for c in found)
    marks = ["" if len(c) == 1 else c for c in found]
    expected = (
        "x-wing: remove 1 from r2c4, r2c7, r2c8, r2c9, r5c3, r5c4, r5c7, r5c8, r5c9 "
        "(columns 1 and 5 hold 1 only in rows 2 and 5)"
    )
    step = next_step(grid, marks)
    assert step is not None
    assert step.units == (9, 13, 1, 4)
    assert say(step) == expected
    assert say(next_step(grid)) == expected


def test_the_finders_follow_the_techniques_order() -> None:
    """One finder per technique but the last resort, in the order of their ratings."""
    assert len(FINDERS) == len(TECHNIQUES) - 1
    ratings = [TENTHS[t] for t in TECHNIQUES]
    assert ratings == sorted(ratings)
    assert set(TENTHS) == set(TECHNIQUES)


def test_easier_techniques_come_first() -> None:
    """A state with both a naked pair and a naked single gives the single."""
    marks = open_marks()
    marks[cell("r1c1")] = marks[cell("r1c4")] = "18"
    marks[cell("r9c9")] = "6"
    assert first_step(marks).technique == "naked single"  # type: ignore[union-attr]


def test_no_step_on_a_state_with_nothing_to_find() -> None:
    """Every candidate everywhere: no technique has anything to say."""
    assert first_step(open_marks()) is None


# --- on real puzzles ------------------------------------------------------------------------


PATH_PUZZLES = (
    load_puzzles("unbiased_1000", 40)
    + load_puzzles("top95", every=10)
    + load_puzzles("magictour_top1465", 40, every=30)
    + load_puzzles("hardest", every=2)
    + load_puzzles("forum_hardest_1905_11plus", 1, every=500)
    + [LEETCODE, EASY]
)
"""About 100 puzzles: mostly easy ones, hard ones, and some of the hardest known (only
contradiction chains, often split, get those further). The whole sets: ``FULL_SETS``."""

FULL_SETS = (
    load_puzzles("hardest")
    + load_puzzles("top95")
    + load_puzzles("forum_hardest_1905_11plus", 40, every=47)
    + load_puzzles("unbiased_1000")
    if os.environ.get("SUDOKU_FULL_SETS")
    else [pytest.param("", marks=pytest.mark.skip(reason="minutes: SUDOKU_FULL_SETS=1"))]
)
"""``test_the_whole_sets_are_solved_soundly``'s puzzles when ``SUDOKU_FULL_SETS=1`` asks
for them (minutes); else one case, skipped, that says so."""


def peers(index: int) -> set[int]:
    """The cells sharing a unit with ``index``, restated."""
    return {i for unit in UNITS if index in unit for i in unit} - {index}


def where(marks: list[str], unit: int, digit: str) -> set[int]:
    """The places of ``digit`` in ``unit``."""
    return {i for i in UNITS[unit] if digit in marks[i]}


def seen_by_all(
    marks: list[str], ends: list[int], digit: str, skip: set[int]
) -> set[tuple[int, str]]:
    """The candidates ``digit`` of the cells seeing every one of ``ends`` (but ``skip``)."""
    common = set.intersection(*[peers(e) for e in ends]) - skip - set(ends)
    return {(i, digit) for i in common if digit in marks[i]}


def rule_eliminations(step: Step, marks: list[str]) -> set[tuple[int, str]]:
    """What the step's own rule removes, given its cells, units, digits and links,
    restated here (each assert: the rule's premise holds in these marks)."""
    name, digits, group = step.technique, set(step.digits), set(step.cells)
    if name in {"pointing", "claiming"}:
        (digit,) = digits
        assert where(marks, step.units[0], digit) == group, "the places are the step's cells"
        assert group <= set(UNITS[step.units[1]])
        return {(i, digit) for i in UNITS[step.units[1]] if i not in group and digit in marks[i]}
    if name in {"naked pair", "naked triple", "naked quad"}:
        assert set("".join(marks[i] for i in group)) == digits
        assert len(group) == len(digits)
        unit = UNITS[step.units[0]]
        return {(i, d) for i in unit if i not in group for d in marks[i] if d in digits}
    if name in {"hidden pair", "hidden triple", "hidden quad"}:
        unit = UNITS[step.units[0]]
        assert {i for i in unit for d in digits if d in marks[i]} == group
        assert len(group) == len(digits)
        return {(i, d) for i in group for d in marks[i] if d not in digits}
    return PATTERN_RULES[name](step, marks)


def fish_rule(step: Step, marks: list[str]) -> set[tuple[int, str]]:
    """n lines hold the digit only within n crossing lines: it leaves the rest of those."""
    (digit,) = step.digits
    size = len(step.units) // 2
    bases, covers = step.units[:size], step.units[size:]
    cover_cells = {i for cover in covers for i in UNITS[cover]}
    corners = {i for base in bases for i in where(marks, base, digit)}
    assert corners <= cover_cells
    assert corners == set(step.cells)
    return {(i, digit) for i in cover_cells - corners if digit in marks[i]}


def xy_wing_rule(step: Step, marks: list[str]) -> set[tuple[int, str]]:
    """Pivot xy, pincers xz and yz, both peers of the pivot: z leaves their common peers."""
    pivot, a, b = step.cells
    (z,) = step.digits
    assert len(marks[pivot]) == len(marks[a]) == len(marks[b]) == 2
    assert {a, b} <= peers(pivot)
    assert set(marks[a]) & set(marks[b]) == {z}
    assert set(marks[a]) ^ set(marks[b]) == set(marks[pivot])
    return seen_by_all(marks, [a, b], z, {pivot})


def xyz_wing_rule(step: Step, marks: list[str]) -> set[tuple[int, str]]:
    """Pivot xyz, pincers xz and yz: z leaves the cells seeing all three."""
    pivot, a, b = step.cells
    (z,) = step.digits
    assert len(marks[pivot]) == 3
    assert len(marks[a]) == len(marks[b]) == 2
    assert {a, b} <= peers(pivot)
    assert set(marks[a]) | set(marks[b]) == set(marks[pivot])
    assert set(marks[a]) & set(marks[b]) == {z}
    return seen_by_all(marks, [pivot, a, b], z, set())


def w_wing_rule(step: Step, marks: list[str]) -> set[tuple[int, str]]:
    """Two xy cells, a conjugate pair of x with an end seeing each: y leaves their peers."""
    a, b, p, q = step.cells
    y, x = step.digits
    assert marks[a] == marks[b]
    assert set(marks[a]) == {x, y}
    assert where(marks, step.units[0], x) == {p, q}
    assert (p in peers(a) and q in peers(b)) or (p in peers(b) and q in peers(a))
    return seen_by_all(marks, [a, b], y, set())


def two_links_rule(step: Step, marks: list[str]) -> set[tuple[int, str]]:
    """Two conjugate pairs, a near end each, the near ends peers: one far end holds it."""
    near_a, far_a, near_b, far_b = step.cells
    (digit,) = step.digits
    assert where(marks, step.units[0], digit) == {near_a, far_a}
    assert where(marks, step.units[1], digit) == {near_b, far_b}
    assert near_b in peers(near_a)
    return seen_by_all(marks, [far_a, far_b], digit, set(step.cells))


def empty_rectangle_rule(step: Step, marks: list[str]) -> set[tuple[int, str]]:
    """If the target held the digit, the pair's far end would not, its near end would, and
    the box would have no place left: every place of the box sees the near end or the target."""
    (digit,) = step.digits
    ((target, gone),) = step.eliminations
    near, far = step.cells[-2:]
    box = step.units[0]
    assert where(marks, step.units[3], digit) == {near, far}
    assert target in peers(far)
    spots = where(marks, box, digit)
    assert spots
    assert all(i in peers(near) or i in peers(target) for i in spots)
    assert not {near, target} & spots
    return {(target, gone)} if digit in marks[target] else set()


def unique_rectangle_rule(step: Step, marks: list[str]) -> set[tuple[int, str]]:
    """Three corners of a rectangle (2 rows, 2 columns, 2 boxes) hold only x and y."""
    corners = step.cells
    rows = {i // 9 for i in corners}
    cols = {i % 9 for i in corners}
    boxes = {(i // 27, i % 9 // 3) for i in corners}
    assert (len(rows), len(cols), len(boxes), len(set(corners))) == (2, 2, 2, 4)
    assert all(set(marks[i]) == set(step.digits) for i in corners[:3])
    return {(corners[3], d) for d in step.digits if d in marks[corners[3]]}


def colouring_rule(step: Step, marks: list[str]) -> set[tuple[int, str]]:
    """The cluster is connected by conjugate pairs, whose two ends differ in colour; a
    colour twice in a unit is out, else the cells seeing both colours lose the digit."""
    (digit,) = step.digits
    colour = dict(step.links)
    links = [where(marks, u, digit) for u in range(27)]
    pairs_here = [tuple(w) for w in links if len(w) == 2 and w <= set(colour)]
    assert all(colour[a] != colour[b] for a, b in pairs_here)
    reached, todo = {step.cells[0]}, [step.cells[0]]
    while todo:
        here = todo.pop()
        for a, b in pairs_here:
            for this, other in ((a, b), (b, a)):
                if this == here and other not in reached:
                    reached.add(other)
                    todo.append(other)
    assert reached == set(colour)
    for shade in (0, 1):
        mine = [i for i in colour if colour[i] == shade]
        if any(b in peers(a) for a in mine for b in mine):
            return {(i, digit) for i in mine}
    return {
        (i, digit)
        for i in range(81)
        if i not in colour
        and digit in marks[i]
        and {colour[p] for p in peers(i) if p in colour} == {0, 1}
    }


def x_chain_rule(step: Step, marks: list[str]) -> set[tuple[int, str]]:
    """Strong (a unit's only two places) and weak (peers) links in turn, strong at both ends."""
    (digit,) = step.digits
    path = list(step.cells)
    assert len(path) % 2 == 0
    for i in range(len(path) - 1):
        a, b = path[i], path[i + 1]
        if i % 2 == 0:
            assert any(where(marks, u, digit) == {a, b} for u in range(27)), "a strong link"
        else:
            assert b in peers(a), "a weak link"
            assert digit in marks[b], "a weak link"
    return seen_by_all(marks, [path[0], path[-1]], digit, set(path))


def xy_chain_rule(step: Step, marks: list[str]) -> set[tuple[int, str]]:
    """Bivalue cells, each a peer of the one before and holding the digit it rules out."""
    (x,) = step.digits
    cells_, digits = [c for c, _ in step.links], [d for _, d in step.links]
    assert set(marks[cells_[0]]) == {x, digits[0]}
    for i in range(1, len(cells_)):
        assert cells_[i] in peers(cells_[i - 1])
        assert set(marks[cells_[i]]) == {digits[i - 1], digits[i]}
    assert digits[-1] == x
    return seen_by_all(marks, [cells_[0], cells_[-1]], x, set(cells_))


def contradiction_rule(step: Step, marks: list[str]) -> set[tuple[int, str]]:
    """Replaying the chain from these marks breaks a rule in every branch."""
    kind, cell_, digit, _, _ = step.links[0]
    assert kind == "assume"
    assert step.eliminations == ((cell_, digit),)
    replay(list(marks), [""] * 81, step.links)
    return {(cell_, digit)}


def replay(marks: list[str], placed: list[str], links: tuple[tuple[object, ...], ...]) -> None:
    """Play a contradiction chain's links on copies: each single must be one, the last
    link a broken rule (or a split whose every branch ends in one)."""
    for kind, index, digit, unit, branches in links:
        if kind in {"assume", "naked single", "hidden single"}:
            assert isinstance(index, int)
            assert isinstance(digit, str)
            assert digit in marks[index], (kind, index, digit)
            if kind == "naked single":
                assert marks[index] == digit
            if kind == "hidden single":
                assert isinstance(unit, int)
                assert where(marks, unit, digit) == {index}
            placed[index] = digit
            marks[index] = ""
            for p in peers(index):
                marks[p] = marks[p].replace(digit, "")
        elif kind == "no candidate":
            assert isinstance(index, int)
            assert marks[index] == ""
            assert placed[index] == ""
            return
        elif kind == "no place":
            assert isinstance(unit, int)
            assert isinstance(digit, str)
            assert not where(marks, unit, digit)
            assert digit not in {placed[i] for i in UNITS[unit]}
            return
        else:
            assert kind == "split"
            assert isinstance(branches, tuple)
            assert isinstance(unit, int)
            heads = [branch[0] for branch in branches]
            if unit < 0:
                assert "".join(sorted(h[2] for h in heads)) == marks[index]  # type: ignore[index]
            else:
                assert {h[1] for h in heads} == where(marks, unit, str(digit))  # type: ignore[index]
            for branch in branches:
                replay(list(marks), list(placed), branch)
            return
    raise AssertionError("a chain ends in a broken rule")


PATTERN_RULES = {
    "x-wing": fish_rule,
    "swordfish": fish_rule,
    "jellyfish": fish_rule,
    "xy-wing": xy_wing_rule,
    "xyz-wing": xyz_wing_rule,
    "w-wing": w_wing_rule,
    "skyscraper": two_links_rule,
    "two-string kite": two_links_rule,
    "empty rectangle": empty_rectangle_rule,
    "unique rectangle": unique_rectangle_rule,
    "simple colouring": colouring_rule,
    "x-chain": x_chain_rule,
    "xy-chain": xy_chain_rule,
    "contradiction chain": contradiction_rule,
}
"""Each elimination technique past subsets: its rule, restated."""


def candidates(grid: str, index: int) -> str:
    """The digits no peer of ``index`` holds, restated."""
    peers = {i for unit in UNITS if index in unit for i in unit} - {index}
    return "".join(d for d in ALL if d not in {grid[i] for i in peers})


rated = functools.cache(rate)
"""``rate``, each puzzle's answer kept for the next test that asks."""


@functools.cache
def check_path(puzzle: str) -> tuple[list[Step], str]:
    """Walk the puzzle's logical path with marks kept here; every step must agree with the
    solution and follow from its rule. Returns the path."""
    solution = solve(puzzle)
    assert solution is not None
    steps, reached = solve_path(puzzle)
    grid = list(puzzle)
    marks = [candidates(puzzle, i) if puzzle[i] == "." else "" for i in range(81)]
    for step in steps:
        if step.placements:
            ((index, digit),) = step.placements
            assert solution[index] == digit, say(step)
            assert digit in marks[index]
            if step.technique == "naked single":
                assert marks[index] == digit
            elif step.technique == "bug+1":
                odd = [i for i in range(81) if marks[i] and len(marks[i]) != 2]
                assert odd == [index]
                assert len(marks[index]) == 3
                for unit in step.units:
                    assert index in UNITS[unit]
                    assert len(where(marks, unit, digit)) == 3
            else:
                unit = UNITS[step.units[0]]
                assert [i for i in unit if digit in marks[i]] == [index]
            grid[index] = digit
            marks[index] = ""
            for unit in UNITS:
                if index in unit:
                    for i in unit:
                        marks[i] = marks[i].replace(digit, "")
        else:
            assert step.eliminations, "a step always changes something"
            assert set(step.eliminations) == rule_eliminations(step, marks), say(step)
            assert list(step.eliminations) == sorted(step.eliminations, key=lambda p: (p[1], p[0]))
            for index, digit in step.eliminations:
                assert solution[index] != digit, say(step)
                marks[index] = marks[index].replace(digit, "")
    assert "".join(grid) == reached
    assert all(r in (".", s) for r, s in zip(reached, solution, strict=True))
    return steps, reached


PATHS = pytest.mark.xdist_group("paths")
"""The tests that walk PATH_PUZZLES' paths run on one process (``make unit``'s
``--dist loadgroup``), so ``check_path`` and ``rated`` work each puzzle out once."""


@PATHS
@pytest.mark.parametrize("puzzle", PATH_PUZZLES)
def test_every_step_is_sound_and_justified(puzzle: str) -> None:
    """The path solves the puzzle; placements agree with the solution, eliminations never
    take a solution's digit, and each step is exactly what its rule gives; the rating is
    the path's hardest step's, the level the range holding it."""
    steps, reached = check_path(puzzle)
    assert "." not in reached
    hardest = max((s.rating for s in steps), default=0)
    rating, level = rated(puzzle)
    assert rating == hardest
    assert level == LEVELS[min(i for i, top in enumerate(LEVEL_TOPS) if hardest <= top)]
    grid, marks = puzzle, marks_of(puzzle)
    for step in steps:
        base = TENTHS[step.technique]
        assert step.rating == base + extra_tenths(step, marks), say(step)
        grid, marks = apply_step(grid, marks, step)


def extra_tenths(step: Step, marks: list[str]) -> int:
    """What a step's rating adds to its technique's, restated: a hidden single in a row or
    column 0.3 (1.5, not 1.2); a chain 0.1 past each of Sudoku Explainer's lengths 4, 6,
    8, 12, 16, 24, ... counted in nodes, candidates turned on or off (x-chains one per
    cell, xy-chains two, contradiction chains each candidate placed or struck, branches
    included, less two), and a contradiction chain 1.0 per level of splits. ``marks``: the
    candidates the step was found in."""
    if step.technique == "hidden single":
        return 3 if step.units[0] < 18 else 0
    if step.technique == "x-chain":
        return length_bonus(len(step.cells))
    if step.technique == "xy-chain":
        return length_bonus(2 * len(step.cells))
    if step.technique == "contradiction chain":
        nodes = nodes_in(step.links, marks)
        return 10 * split_depth(step.links) + length_bonus(len(nodes) - 2)
    return 0


def length_bonus(length: int) -> int:
    """Sudoku Explainer's length steps, restated."""
    return sum(1 for top in (4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256) if length > top)


def nodes_in(links: tuple[tuple[Any, ...], ...], marks: list[str]) -> set[tuple[int, str, bool]]:
    """A contradiction chain's nodes, restated: each candidate it places (on) and each it
    needs gone (off: a naked single's cell's others, a hidden single's unit's other places,
    a cell's or unit's all when a rule breaks), its branches' included."""
    found: set[tuple[int, str, bool]] = set()
    for kind, where, digit, unit, branches in links:
        if kind in {"assume", "naked single", "hidden single"}:
            found.add((where, digit, True))
        if kind in {"naked single", "no candidate"}:
            found |= {(where, d, False) for d in marks[where] if d != digit}
        if kind in {"hidden single", "no place"}:
            found |= {(c, digit, False) for c in UNITS[unit] if c != where and digit in marks[c]}
        for branch in branches:
            found |= nodes_in(branch, marks)
    return found


def split_depth(links: tuple[tuple[object, ...], ...]) -> int:
    """How deep a contradiction chain's splits nest."""
    return max(
        [1 + max(split_depth(b) for b in link[4]) for link in links if link[0] == "split"],  # type: ignore[attr-defined]
        default=0,
    )


@pytest.mark.parametrize("puzzle", FULL_SETS)
def test_the_whole_sets_are_solved_soundly(puzzle: str) -> None:
    """The same checks on every puzzle of hardest, top95 and unbiased_1000, and a slice of
    the forum's hardest."""
    test_every_step_is_sound_and_justified(puzzle)


@PATHS
def test_the_sets_cover_every_technique_and_level() -> None:
    """The puzzles above use every technique, and have every level: no empty agreement."""
    used = {step.technique for puzzle in PATH_PUZZLES for step in check_path(puzzle)[0]}
    assert set(TECHNIQUES) - used == {"jellyfish", "hidden quad"}  # rare: tested above
    assert {rated(puzzle).level for puzzle in PATH_PUZZLES} == set(LEVELS)


def test_a_step_is_one_line_in_the_issue_format() -> None:
    """Every sentence: technique in lower case, a colon, the action, the reason in brackets."""
    for puzzle in PATH_PUZZLES[:20]:
        for step in solve_path(puzzle)[0]:
            line = say(step)
            name, rest = line.split(": ", 1)
            assert name == step.technique == name.lower()
            assert rest.endswith(")")
            assert "\n" not in line
            action = rest.split(" (", 1)[0]
            assert action.startswith("remove ") or action[:1] == "r"
            assert isinstance(step.rating, int)


def test_apply_step_leaves_its_arguments_alone() -> None:
    """apply_step makes new values; the grid and marks given stay as they were."""
    marks = marks_of(EASY)
    before = list(marks)
    step = next_step(EASY, marks)
    assert step is not None
    grid, after = apply_step(EASY, marks, step)
    assert marks == before
    ((index, digit),) = step.placements
    assert grid[index] == digit
    assert after[index] == ""
    assert EASY[index] == "."


def test_marks_cannot_bring_back_a_digit_a_peer_holds() -> None:
    """Marks passed in are kept only where the placed digits allow: all nine everywhere is
    the same as no marks at all."""
    assert next_step(EASY, ["123456789"] * 81) == next_step(EASY)


def test_marks_given_are_used() -> None:
    """A caller's eliminations count: on an empty grid, marks leaving r5c5 one digit make
    that the next step (with no marks there is none)."""
    marks = ["123456789"] * 81
    marks[cell("r5c5")] = "4"
    assert next_step("." * 81) is None
    assert say(next_step("." * 81, marks)) == (
        "naked single: r5c5 = 4 (the only candidate left for r5c5)"
    )


@pytest.mark.parametrize("marks", [["1"] * 80, "1" * 81, [1] * 81])
def test_bad_marks_are_refused(marks: object) -> None:
    """Marks must be 81 strings: anything else is a ValueError."""
    with pytest.raises(ValueError, match="81 strings"):
        next_step(EASY, marks)  # type: ignore[arg-type]


CLASH = "55" + LEETCODE[2:]
DEAD_END = "12345678." + "........9" + "." * 63
TWO_SOLUTIONS = "".join(
    "." if i in {3, 4, 30, 31} else c for i, c in enumerate(solve(LEETCODE) or "")
)


@pytest.mark.parametrize("function", [next_step, solve_path, rate])
@pytest.mark.parametrize(
    ("puzzle", "message"),
    [(CLASH, "r1c1 and r1c2 both hold 5 in row 1"), (DEAD_END, "no solution")],
)
def test_no_logic_on_a_puzzle_without_solution(function: object, puzzle: str, message: str) -> None:
    """Conflicting givens or no solution: a PuzzleError in the words solve and check use."""
    with pytest.raises(PuzzleError, match=f"^{message}$"):
        function(puzzle)  # type: ignore[operator]


def test_a_malformed_grid_is_a_value_error() -> None:
    """Not 81 characters of digits and dots: ValueError naming why, as everywhere."""
    with pytest.raises(ValueError, match="expected 81 cells, got 80"):
        next_step(LEETCODE[:80])


def test_several_solutions_have_a_path_but_no_level() -> None:
    """Steps stay sound with two solutions, but the path ends stuck and rate refuses."""
    steps, reached = solve_path(TWO_SOLUTIONS)
    assert steps == []
    assert reached == TWO_SOLUTIONS
    assert ending(reached) == (
        "stuck: no technique above applies; 4 cells left "
        "(the puzzle has more than one solution: no logic can finish it)"
    )
    with pytest.raises(PuzzleError, match="more than one solution"):
        rate(TWO_SOLUTIONS)


def test_a_hint_asked_while_the_rating_searches_goes_on_with_its_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``only_solution`` asked while ``rating_walk`` is searching the same puzzle's
    solutions (a hint the instant the puzzle loads) runs that search on, starting none:
    the guesses of one ``analyze``; the walk then rates the puzzle as ever."""
    puzzle = load_puzzles("forum_hardest_1905_11plus", 2, every=97)[1]
    expected, solution, guesses = rate(puzzle).rating, solve(puzzle), analyze(puzzle)["nodes"]
    monkeypatch.setattr(proper, "SOLVING", [])  # nothing searched or solved before
    monkeypatch.setattr(proper, "LAST_SOLVED", [])
    walk = rating_walk(puzzle)
    assert next(walk) == 0  # a slice of the search: more guesses than one slice makes
    search = logic.search_of(puzzle)
    assert not search.finished
    for module in (proper, solver):  # no search but the rating's
        monkeypatch.setattr(module, "Search", lambda *_: pytest.fail("searched again"))
    assert only_solution(puzzle) == solution
    assert search.finished
    assert search.nodes == guesses
    assert list(walk)[-1] == expected


def test_a_full_grid_has_no_step_and_is_easy() -> None:
    """Nothing left to do: no step, an empty path, level easy, and the path says solved."""
    solution = solve(LEETCODE)
    assert solution is not None
    assert next_step(solution) is None
    assert solve_path(solution) == ([], solution)
    assert rate(solution) == (0, "easy")
    assert ending(solution) == "solved"


def test_the_stuck_line_counts_the_blanks_left() -> None:
    """Where a path would stop on a puzzle with one solution (now none does), the last
    line counts the blanks and says a harder technique is needed."""
    puzzle = load_puzzles("hardest", 2)[1]
    assert ending(puzzle) == (
        f"stuck: no technique above applies; {puzzle.count('.')} cells left "
        "(a harder technique or a guess is needed)"
    )


def place_apart(grid: list[str], marks: list[set[str]], index: int, digit: str) -> None:
    """Write ``digit`` at ``index`` and take it from its units' marks (``singles_and_locked``)."""
    grid[index], marks[index] = digit, set()
    for unit in UNITS:
        if index in unit:
            for i in unit:
                marks[i].discard(digit)


def singles_apart(grid: list[str], marks: list[set[str]]) -> None:
    """Place every naked single, then every hidden single (``singles_and_locked``)."""
    for index in range(81):
        if len(marks[index]) == 1:
            place_apart(grid, marks, index, next(iter(marks[index])))
    for unit in UNITS:
        for digit in ALL:
            spots = [i for i in unit if digit in marks[i]]
            if len(spots) == 1:
                place_apart(grid, marks, spots[0], digit)


def locked_apart(marks: list[set[str]]) -> None:
    """Pointing and claiming: a digit whose places in a box (a line) all lie in one line
    (box) leaves the rest of that line (box) (``singles_and_locked``)."""
    for box in BOXES:
        for line in ROWS + COLS:
            shared = set(box) & set(line)
            for digit in ALL:
                for inside, outside in ((box, line), (line, box)):
                    spots = {i for i in inside if digit in marks[i]}
                    if spots and spots <= shared:
                        for i in set(outside) - shared:
                            marks[i].discard(digit)


def singles_and_locked(puzzle: str) -> str:
    """The grid a solver written here (none of the core's code) reaches with hidden and
    naked singles, pointing and claiming alone: each of them only removes candidates, so
    any order ends at the same place."""
    grid = list(puzzle)
    marks = [set(ALL) if ch == "." else set() for ch in puzzle]
    for index, ch in enumerate(puzzle):
        if ch != ".":
            place_apart(grid, marks, index, ch)
    before = -1
    while sum(len(m) for m in marks) != before:
        before = sum(len(m) for m in marks)
        singles_apart(grid, marks)
        locked_apart(marks)
    return "".join(grid)


@PATHS
def test_the_levels_agree_with_a_solver_written_apart() -> None:
    """A puzzle is rated 2.8 or less (singles, pointing, claiming) exactly when a solver
    written here with those rules alone fills it: top95's "medium" ones included."""
    for puzzle in PATH_PUZZLES + load_puzzles("top95", 40):
        easy = "." not in singles_and_locked(puzzle)
        assert (rated(puzzle).rating <= 28) == easy, puzzle
